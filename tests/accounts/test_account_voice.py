"""The account e-mails and messages sound like the site (issue 33, item 14): Spanish that says "tú", as every page
does, names the player by their nickname (never the local part of their address), and says what to do in plain
words. Found by a new player: "confirme su dirección" (usted), "vete a http://…", "el usuario anabel",
"Ha iniciado sesión exitosamente como anabel".
"""

import re

import pytest
from django.core.cache import cache
from django.test import Client

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

# The formal "usted" forms allauth's own Spanish uses, and its literal phrasings, none of which the site says.
USTED = re.compile(r"\b(confirme|su dirección|su cuenta|su contraseña|haga|usted|ha iniciado|ignore|reciba)\b", re.I)


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    cache.clear()
    yield
    cache.clear()


def sign_up(client, email, nickname, language="es"):
    return client.post(
        "/accounts/signup/",
        {"nickname": nickname, "email": email, "password1": PASSWORD, "password2": PASSWORD},
        HTTP_ACCEPT_LANGUAGE=language,
    )


def shown_messages(response) -> list[str]:
    return [str(message) for message in response.context["messages"]] if response.context else []


def test_the_sign_up_email_says_tu_and_names_the_player_by_nickname(mailoutbox):
    newcomer = Client(HTTP_ACCEPT_LANGUAGE="es")
    sign_up(newcomer, "anabel.lopez@example.com", "Anabel")
    (message,) = mailoutbox
    body = message.body
    assert "Anabel" in body, body
    assert "anabel.lopez" not in body.replace("anabel.lopez@example.com", ""), body
    assert not USTED.search(body + message.subject), body
    assert "vete a" not in body.lower(), body
    assert re.search(r"/accounts/confirm-email/[^/\s]+/", body)
    assert "Confirma" in body or "confirma" in body


def test_signing_in_is_said_with_the_nickname_in_the_sites_voice(mailoutbox):
    newcomer = Client(HTTP_ACCEPT_LANGUAGE="es")
    sign_up(newcomer, "anabel.lopez@example.com", "Anabel")
    link = re.search(r"/accounts/confirm-email/[^/\s]+/", mailoutbox[0].body).group(0)
    confirmed = newcomer.post(link, follow=True, HTTP_ACCEPT_LANGUAGE="es")
    said = " ".join(shown_messages(confirmed))
    assert "Anabel" in said, said
    assert "anabel.lopez" not in said.replace("anabel.lopez@example.com", ""), said  # the address, never as a name
    assert not USTED.search(said), said

    newcomer.post("/accounts/logout/", HTTP_ACCEPT_LANGUAGE="es")
    back = newcomer.post(
        "/accounts/login/",
        {"login": "anabel.lopez@example.com", "password": PASSWORD},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="es",
    )
    said = " ".join(shown_messages(back))
    assert "Anabel" in said and "anabel.lopez" not in said.replace("anabel.lopez@example.com", ""), said
    assert not USTED.search(said), said


def test_the_password_reset_email_says_tu(alice, mailoutbox):
    Client(HTTP_ACCEPT_LANGUAGE="es").post(
        "/accounts/password/reset/", {"email": "alice@example.com"}, HTTP_ACCEPT_LANGUAGE="es"
    )
    (message,) = mailoutbox
    assert not USTED.search(message.body + message.subject), message.body
    assert "/accounts/password/reset/key/" in message.body


def test_the_english_emails_name_the_player_by_nickname_too(mailoutbox):
    sign_up(Client(HTTP_ACCEPT_LANGUAGE="en"), "anabel.lopez@example.com", "Anabel", language="en")
    (message,) = mailoutbox
    assert "Anabel" in message.body
    assert "user anabel.lopez" not in message.body


def visible_text(html: str) -> str:
    """The page's words as read: tags dropped, whitespace as one space."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def said_as(html: str, tag: str, text: str) -> bool:
    """An element `tag` (a heading, a submit button) that says `text`, whatever allauth's whitespace."""
    return re.search(rf"<{tag}\b[^>]*>\s*{re.escape(text)}\s*</{tag}>", html) is not None


# allauth's own English for the account's doors, none of which the site says: its top bar says "Log in", "Log out"
# and "Sign up" (issue 33: the log-in page was headed "Sign In" under a top bar saying "Log in").
ALLAUTH_DOORS = re.compile(r"\b(sign in|sign-in|signed in|sign out|signed out|signup)\b", re.I)


def test_the_english_account_pages_say_log_in_log_out_and_sign_up_as_the_top_bar_does(alice):
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    login = visitor.get("/accounts/login/").content.decode()
    title = re.search(r"<title>(.*?)</title>", login, re.S).group(1)
    assert " ".join(title.split()).startswith("Log in ·"), title
    assert said_as(login, "h1", "Log in"), "the page's heading"
    assert said_as(login, "button", "Log in"), "its button"

    signup = visitor.get("/accounts/signup/").content.decode()
    assert said_as(signup, "h1", "Sign up"), "the page's heading"
    assert said_as(signup, "button", "Sign up"), "its button"
    assert said_as(signup, "a", "log in"), "its way to the log-in page"

    back = visitor.post("/accounts/login/", {"login": "alice@example.com", "password": PASSWORD}, follow=True)
    leaving = visitor.get("/accounts/logout/").content.decode()
    assert said_as(leaving, "h1", "Log out"), "the page's heading"
    assert said_as(leaving, "button", "Log out"), "its button"
    out = visitor.post("/accounts/logout/", follow=True)
    said = [*shown_messages(back), *shown_messages(out)]
    assert "You have logged out." in said, said
    assert any("Alice" in message and "logged in" in message for message in said), said
    for page in (login, signup, leaving):
        main = visible_text(page[page.index("<main") : page.index("</main>")])
        assert not ALLAUTH_DOORS.search(main), main
        assert not re.search(r"\b(Sign In|Sign Up|Sign Out)\b", main), main  # the top bar's capitals


def test_the_spanish_log_out_page_says_salir_as_the_top_bar_does(alice):
    visitor = Client(HTTP_ACCEPT_LANGUAGE="es")
    visitor.post("/accounts/login/", {"login": "alice@example.com", "password": PASSWORD})
    leaving = visitor.get("/accounts/logout/").content.decode()
    assert said_as(leaving, "h1", "Salir"), "the page's heading"
    assert said_as(leaving, "button", "Salir"), "its button"
    assert "Cerrar sesión" not in leaving
