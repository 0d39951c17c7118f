"""What players and admins see: the balance and statement page, the sign-up grant, the admin."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from accounts.models import Player
from accounts.selectors import GUEST_SESSION_KEY
from accounts.services import player_create_guest, player_rename
from tests.conftest import PASSWORD
from tests.emails import verify_email
from tests.wallet.helpers import assert_ledger_sound, balances
from wallet.models import Account, Transfer
from wallet.services import escrow_hold, escrow_settle

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.wallet.urls")]


def _log_in(client, player: Player) -> None:
    client.force_login(player.user)


def test_a_player_sees_their_balance_and_every_movement_with_its_match(client, make_player):
    ana, ben = make_player("Ana", credits=100), make_player("Ben", credits=100)
    escrow_hold(match_ref="wordgrid:42", players=[ana, ben], stake=50, key="hold:42")
    escrow_settle(match_ref="wordgrid:42", winner=ana, key="settle:42")
    _log_in(client, ana)
    page = client.get("/wallet/", HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert page.status_code == 200
    assert "140 credits" in html
    statement = html[html.index('data-testid="wallet-statement"') :]
    # In words (issue 17), not the ledger's reference: the opponent comes from the match's hold.
    assert statement.count(f"vs {ben.display_name}") == 2 and "wordgrid:42" not in statement
    assert "+90" in statement and "-50" in statement and "+100" in statement
    assert statement.index("won 90") < statement.index("Stake held for") < statement.index("Credits granted")


def test_a_members_credits_are_in_the_top_bar_of_every_page_and_a_guest_has_none(client, make_player):
    ana = make_player("Ana", credits=120)
    _log_in(client, ana)
    for path in ("/", "/lobby/", "/play/duelo/rules/"):
        html = client.get(path, HTTP_ACCEPT_LANGUAGE="es").content.decode()
        bar = html[html.index('class="topbar"') : html.index("</header>")]
        assert 'data-testid="header-balance"' in bar and "120 créditos" in bar, path
        assert 'href="/wallet/"' in bar
    escrow_hold(match_ref="wordgrid:7", players=[ana, make_player("Ben", credits=50)], stake=50, key="hold:7")
    assert "70 créditos" in client.get("/", HTTP_ACCEPT_LANGUAGE="es").content.decode()  # the stake is held
    client.logout()
    guest = player_create_guest(nickname="Bob")
    session = client.session
    session[GUEST_SESSION_KEY] = guest.pk
    session.save()
    assert 'data-testid="header-balance"' not in client.get("/", HTTP_ACCEPT_LANGUAGE="es").content.decode()


def test_a_guest_is_told_credits_need_an_account(client, settings):
    settings.WALLET_SIGNUP_GRANT = 500
    guest = player_create_guest(nickname="Bob")
    session = client.session
    session[GUEST_SESSION_KEY] = guest.pk
    session.save()
    html = client.get("/wallet/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="wallet-guest"' in html and "500 credits" in html
    assert not Account.objects.filter(player=guest).exists()


def test_a_newcomer_is_sent_to_pick_a_nickname_first(client):
    response = client.get("/wallet/")
    assert response.status_code == 302 and response["Location"] == "/guest/?next=%2Fwallet%2F"


# --- The sign-up grant ----------------------------------------------------------------------------


def _sign_up(client, nickname: str, email: str):
    return client.post(
        "/accounts/signup/",
        {"nickname": nickname, "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )


def _confirm_email(client, email: str, capture) -> None:
    """Open the confirmation link of the last mail to `email` and confirm, as the player would."""
    body = next(message for message in reversed(mail.outbox) if email in message.to).body
    link = re.search(r"/accounts/confirm-email/[^/\s]+/", body).group(0)
    with capture(execute=True):
        assert client.post(link).status_code == 302


def test_signing_up_grants_the_welcome_credits_once(client, settings, django_capture_on_commit_callbacks):
    settings.WALLET_SIGNUP_GRANT = 750
    with django_capture_on_commit_callbacks(execute=True):
        response = _sign_up(client, "Carla", "carla@example.com")
    assert response.status_code == 302
    carla = Player.objects.get(user__email="carla@example.com")
    assert balances(carla) == [0]  # issue 17: paid once the e-mail address is verified
    _confirm_email(client, "carla@example.com", django_capture_on_commit_callbacks)
    assert balances(carla) == [750]
    with django_capture_on_commit_callbacks(execute=True):  # later saves of the player grant nothing
        player_rename(player=carla, nickname="Carlota")
        carla.save()
    settings.WALLET_SIGNUP_GRANT = 900  # a new setting is for new players only
    with django_capture_on_commit_callbacks(execute=True):
        carla.save()
    assert balances(carla) == [750] and Transfer.objects.filter(kind="grant").count() == 1
    assert_ledger_sound()


def test_a_guest_who_signs_up_gets_the_welcome_credits(client, settings, django_capture_on_commit_callbacks):
    settings.WALLET_SIGNUP_GRANT = 300
    client.post("/guest/", {"nickname": "Dora"})
    guest = Player.objects.get()
    assert balances(guest) == [0]
    with django_capture_on_commit_callbacks(execute=True):
        _sign_up(client, "Dora", "dora@example.com")
    guest.refresh_from_db()
    assert guest.is_guest and balances(guest) == [0]  # issue 17: the guest until the e-mail is verified
    _confirm_email(client, "dora@example.com", django_capture_on_commit_callbacks)
    guest.refresh_from_db()
    assert not guest.is_guest and balances(guest) == [300]


def test_no_grant_when_the_setting_is_zero(settings, django_capture_on_commit_callbacks):
    settings.WALLET_SIGNUP_GRANT = 0
    with django_capture_on_commit_callbacks(execute=True):
        user = get_user_model().objects.create_user(username="eva", email="eva@example.com")
        verify_email(user)
        from accounts.services import player_create_for_user

        eva = player_create_for_user(user=user, nickname="Eva")
    assert balances(eva) == [0] and not Transfer.objects.exists()


# --- Admin ----------------------------------------------------------------------------------------


@pytest.fixture
def admin_client(client):
    admin = get_user_model().objects.create_superuser(username="root", email="root@example.com", password=PASSWORD)
    client.force_login(admin)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def test_admins_see_accounts_and_transfers_but_cannot_change_or_delete_them(admin_client, make_player):
    ana, ben = make_player("Ana", credits=100), make_player("Ben", credits=100)
    hold = escrow_hold(match_ref="wordgrid:1", players=[ana, ben], stake=10, key="hold:1")
    account = Account.objects.get(player=ana)
    assert admin_client.get("/admin/wallet/account/").status_code == 200
    assert "wordgrid:1" in admin_client.get("/admin/wallet/transfer/").content.decode()
    detail = admin_client.get(f"/admin/wallet/transfer/{hold.pk}/change/").content.decode()
    assert "Ana" in detail and 'name="_save"' not in detail
    assert admin_client.get("/admin/wallet/transfer/add/").status_code == 403
    assert admin_client.post(f"/admin/wallet/transfer/{hold.pk}/delete/", {"post": "yes"}).status_code == 403
    assert admin_client.post(f"/admin/wallet/account/{account.pk}/change/", {"balance": 10**6}).status_code == 403
    assert balances(ana) == [90] and Transfer.objects.filter(pk=hold.pk).exists()


def test_an_admin_grants_and_debits_with_a_reason_and_a_double_submit_moves_once(admin_client, make_player):
    ana = make_player("Ana", credits=100)
    form = admin_client.get(f"/admin/wallet/account/adjust/?player={ana.pk}").content.decode()
    key = form.split('name="key" value="')[1].split('"')[0]
    grant = {"player": ana.pk, "operation": "grant", "amount": 25, "reason": "Tournament prize", "key": key}
    first = admin_client.post("/admin/wallet/account/adjust/", grant)
    second = admin_client.post("/admin/wallet/account/adjust/", grant)
    assert first.status_code == second.status_code == 302
    assert balances(ana) == [125]
    transfer = Transfer.objects.get(key=key)
    assert (transfer.kind, transfer.reason, transfer.created_by.username) == (
        "grant",
        "Tournament prize",
        "root",
    )

    debit = {"player": ana.pk, "operation": "debit", "amount": 500, "reason": "Chargeback", "key": "admin:x"}
    refused = admin_client.post("/admin/wallet/account/adjust/", debit)
    assert refused.status_code == 200 and "not enough for 500" in refused.content.decode()
    admin_client.post("/admin/wallet/account/adjust/", {**debit, "amount": 120})
    assert balances(ana) == [5]
    assert_ledger_sound()


def test_the_adjust_form_needs_a_reason_and_a_registered_player(admin_client, make_player):
    guest = player_create_guest(nickname="Bob")
    response = admin_client.post(
        "/admin/wallet/account/adjust/",
        {"player": guest.pk, "operation": "grant", "amount": 5, "reason": "", "key": "k"},
    )
    assert response.status_code == 200 and not Transfer.objects.exists()
    errors = response.context["form"].errors
    assert set(errors) == {"player", "reason"}


def test_staff_without_the_ledger_permission_cannot_move_credits(client, make_player):
    staff = get_user_model().objects.create_user(username="staff", email="s@example.com", is_staff=True)
    client.force_login(staff)
    assert client.get("/admin/wallet/account/adjust/").status_code == 403
