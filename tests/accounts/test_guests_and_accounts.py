"""Guests come with a nickname, can rename, and keep their Player when they sign up."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import Player
from accounts.nicknames import NicknameError
from accounts.selectors import GUEST_SESSION_KEY
from accounts.services import player_create_guest, player_rename, player_upgrade_guest
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_it_makes_a_guest_from_a_nickname_and_remembers_them(client):
    response = client.post("/guest/", {"nickname": "  Lucía  ", "next": "/me/"})
    assert response.status_code == 302 and response["Location"] == "/me/"
    player = Player.objects.get()
    assert player.nickname == "Lucía" and player.is_guest and len(player.tag) == 4
    assert client.session[GUEST_SESSION_KEY] == player.pk
    page = client.get("/")
    assert "Lucía" in page.content.decode() and f"#{player.tag}" in page.content.decode()


def test_a_bad_nickname_gets_a_clear_error_and_makes_nothing(client):
    response = client.post("/guest/", {"nickname": "<b>"})
    assert response.status_code == 200
    assert "letras" in response.content.decode()  # Spanish is the default interface language
    assert not Player.objects.exists()
    assert GUEST_SESSION_KEY not in client.session


def test_the_guest_page_ignores_a_next_url_on_another_site(client):
    response = client.post("/guest/", {"nickname": "Lucía", "next": "https://evil.example/steal"})
    assert response["Location"] == "/"


def test_two_players_with_the_same_nickname_get_different_tags(db):
    tags = {player_create_guest(nickname=name).tag for name in ["Ana", "ana", "ANA", "Aná"]}
    assert len(tags) == 4


def test_renaming_keeps_the_tag_when_it_is_free(db):
    player = player_create_guest(nickname="Marta")
    tag = player.tag
    player_rename(player=player, nickname="Martita")
    player.refresh_from_db()
    assert (player.nickname, player.tag) == ("Martita", tag)


def test_renaming_to_a_taken_nickname_and_tag_picks_a_new_tag(db):
    first = player_create_guest(nickname="Pablo")
    second = player_create_guest(nickname="Pedro")
    Player.objects.filter(pk=second.pk).update(tag=first.tag)
    second.refresh_from_db()
    player_rename(player=second, nickname="Pablo")
    second.refresh_from_db()
    assert second.nickname == "Pablo" and second.tag != first.tag


def test_a_guest_renames_on_their_page(client):
    client.post("/guest/", {"nickname": "Lucía"})
    response = client.post("/me/", {"nickname": "Lucía Gómez"}, follow=True)
    assert Player.objects.get().nickname == "Lucía Gómez"
    assert "Lucía Gómez" in response.content.decode()
    refused = client.post("/me/", {"nickname": "x"})
    assert refused.status_code == 200
    assert Player.objects.get().nickname == "Lucía Gómez"


def test_the_profile_sends_a_newcomer_to_the_guest_page(client):
    response = client.get("/me/?tab=1")
    assert response.status_code == 302 and response["Location"] == "/guest/?next=%2Fme%2F%3Ftab%3D1"
    back = client.post(response["Location"], {"nickname": "Nueva"})
    assert back["Location"] == "/me/?tab=1"


def confirm_by_link(client, mailoutbox, email: str):
    """The browser that signed up opens the link mailed to `email` and confirms the address (a POST, as
    allauth's confirmation page does)."""
    import re

    message = next(m for m in reversed(mailoutbox) if email in m.to)
    link = re.search(r"https?://[^/\s]+(/accounts/confirm-email/[^/\s]+/)", message.body).group(1)
    return client.post(link)


def test_a_guest_who_signs_up_plays_on_as_the_guest_and_keeps_the_same_player(client, mailoutbox):
    client.post("/guest/", {"nickname": "Lucía"})
    guest = Player.objects.get()
    response = client.post(
        "/accounts/signup/",
        {"nickname": "Lucía", "email": "lucia@example.com", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert response["Location"] == "/accounts/confirm-email/"  # "check your e-mail"
    user = get_user_model().objects.get(email="lucia@example.com")
    # Until the address is confirmed she is the guest she was: same Player, same session, not logged in.
    guest.refresh_from_db()
    assert guest.is_guest and client.session[GUEST_SESSION_KEY] == guest.pk
    assert "_auth_user_id" not in client.session and "Lucía" in client.get("/").content.decode()
    assert Player.objects.count() == 1
    # The link takes her in: the account has her Player, with every game she played.
    assert confirm_by_link(client, mailoutbox, "lucia@example.com").status_code == 302
    guest.refresh_from_db()
    assert guest.user == user and not guest.is_guest and guest.nickname == "Lucía"
    assert Player.objects.count() == 1
    assert GUEST_SESSION_KEY not in client.session and client.session["_auth_user_id"] == str(user.pk)


def test_a_guest_who_confirms_in_another_browser_still_gets_their_player(client, mailoutbox):
    from django.test import Client

    client.post("/guest/", {"nickname": "Lucía"})
    guest = Player.objects.get()
    signed = client.post(
        "/accounts/signup/",
        {"nickname": "Lucía G", "email": "lucia.g@example.com", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert signed.status_code == 302, signed.content.decode()[-3000:]
    phone = Client()  # the mail is opened on the phone
    confirm_by_link(phone, mailoutbox, "lucia.g@example.com")
    guest.refresh_from_db()
    assert guest.user.email == "lucia.g@example.com" and guest.nickname == "Lucía G"
    # The guest's old session no longer stands for the player: she logs in as the account.
    assert "Lucía G" not in client.get("/").content.decode()
    phone.post("/accounts/login/", {"login": "lucia.g@example.com", "password": PASSWORD})
    assert "Lucía G" in phone.get("/").content.decode()


def test_an_account_is_logged_in_only_once_its_address_is_confirmed(client, mailoutbox):
    response = client.post(
        "/accounts/signup/",
        {"nickname": "Carlos", "email": "carlos@example.com", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response["Location"] == "/accounts/confirm-email/" and "_auth_user_id" not in client.session
    refused = client.post("/accounts/login/", {"login": "carlos@example.com", "password": PASSWORD})
    assert "_auth_user_id" not in client.session, refused.status_code  # allauth mails the link again
    confirm_by_link(client, mailoutbox, "carlos@example.com")
    assert "Carlos" in client.get("/").content.decode()


def test_a_guest_finds_their_nickname_already_in_the_sign_up_form(client):
    client.post("/guest/", {"nickname": "Lucía"})
    page = client.get("/accounts/signup/").content.decode()
    assert re.search(r'<input[^>]*name="nickname"[^>]*value="Lucía"', page) or re.search(
        r'<input[^>]*value="Lucía"[^>]*name="nickname"', page
    )
    # Someone who is not a guest finds it empty.
    assert 'value="Lucía"' not in Client().get("/accounts/signup/").content.decode()


def test_a_newcomer_signs_up_with_a_nickname(client):
    response = client.post(
        "/accounts/signup/",
        {"nickname": "Carlos", "email": "carlos@example.com", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    player = Player.objects.get()
    assert player.user.email == "carlos@example.com" and player.nickname == "Carlos"


def test_sign_up_with_a_bad_nickname_creates_no_account(client):
    response = client.post(
        "/accounts/signup/",
        {"nickname": "admin", "email": "x@example.com", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert not get_user_model().objects.exists() and not Player.objects.exists()


def test_a_player_cannot_be_upgraded_twice(alice):
    with pytest.raises(NicknameError) as caught:
        player_upgrade_guest(player=alice.player, user=alice)
    assert caught.value.code == "already_registered"


def test_log_in_and_out_by_email(client, alice):
    response = client.post("/accounts/login/", {"login": "alice@example.com", "password": PASSWORD})
    assert response.status_code == 302
    assert "Alice" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert "Alice" not in client.get("/").content.decode()


def test_failed_logins_are_rate_limited(client, alice):
    from django.core.cache import cache

    cache.clear()
    pages = [client.post("/accounts/login/", {"login": "alice@example.com", "password": "wrong"}) for _ in range(6)]
    assert "Demasiados intentos fallidos" not in pages[0].content.decode()
    assert "Demasiados intentos fallidos" in pages[-1].content.decode()
    # Even the right password is refused while the limit holds.
    blocked = client.post("/accounts/login/", {"login": "alice@example.com", "password": PASSWORD})
    assert blocked.status_code == 200 and "_auth_user_id" not in client.session
    cache.clear()


def test_an_account_made_by_an_operator_gets_a_player_on_first_visit(client):
    user = get_user_model().objects.create_superuser("boss", "boss@example.com", PASSWORD)
    client.force_login(user)
    client.get("/")
    assert Player.objects.get(user=user).nickname == "boss"


def test_password_reset_sends_an_email(client, alice, mailoutbox):
    client.post("/accounts/password/reset/", {"email": "alice@example.com"})
    assert len(mailoutbox) == 1 and "alice@example.com" in mailoutbox[0].to


def test_admin_lists_players_and_validates_nicknames(client, alice, bob_guest):
    admin = get_user_model().objects.create_superuser("root", "root@example.com", PASSWORD)
    client.force_login(admin)
    listing = client.get("/admin/accounts/player/")
    assert listing.status_code == 200 and "Bob" in listing.content.decode()
    change = client.post(f"/admin/accounts/player/{bob_guest.pk}/change/", {"nickname": "<x>", "user": ""})
    assert change.status_code == 200
    bob_guest.refresh_from_db()
    assert bob_guest.nickname == "Bob"


@pytest.mark.parametrize(
    "path,says",
    [
        ("/accounts/login/", ["<title>Entrar ·", "¿Has olvidado tu contraseña?", "Si aún no tienes una cuenta"]),
        ("/accounts/signup/", ["¿Ya tienes una cuenta?", "Tu contraseña debe tener al menos 8 caracteres."]),
        ("/accounts/password/reset/", ["Escribe tu dirección de correo", "escríbenos"]),
    ],
)
def test_the_account_pages_speak_as_the_site_does_in_spanish(client, path, says):
    """tú, as every other page, and 'Entrar' as the top bar says it (accounts/voice.py)."""
    html = " ".join(client.get(path, HTTP_ACCEPT_LANGUAGE="es").content.decode().split())  # whitespace as read
    html = html.replace("<title> ", "<title>")
    for text in says:
        assert text in html, text
    for usted in ("Ha olvidado", "ha creado", "inicie sesión", "Su contraseña", "Introduzca", "contáctenos"):
        assert usted not in html, usted
