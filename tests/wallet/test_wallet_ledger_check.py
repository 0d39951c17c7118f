"""`manage.py ledger_check` finds a corrupted ledger, and PostgreSQL refuses to let one be written."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management.base import CommandError
from django.db import IntegrityError, connection, transaction

from tests.wallet.helpers import assert_ledger_sound
from wallet.models import Account, Leg, Transfer
from wallet.services import escrow_hold, escrow_settle

ROOT = Path(__file__).resolve().parents[2]


def _played_match(make_player) -> tuple:
    ana, ben = make_player("Ana", credits=100), make_player("Ben", credits=100)
    hold = escrow_hold(match_ref="wordgrid:1", players=[ana, ben], stake=50, key="hold:1")
    escrow_settle(match_ref="wordgrid:1", winner=ana, key="settle:1")
    return ana, ben, hold


@pytest.fixture
def corrupt():
    """Corrupt inside a savepoint that is rolled back afterwards: the checks PostgreSQL defers to
    COMMIT (which Django's test teardown also runs) must not see what the test broke on purpose."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def _sql(statement: str, params=()) -> None:
    with connection.cursor() as cursor:
        cursor.execute(statement, params)


def _report() -> str:
    with pytest.raises(CommandError) as failed:
        assert_ledger_sound()
    return str(failed.value)


def _without_triggers() -> None:
    # What a careless restore or a superuser's shell could do: write with the guards asleep.
    _sql("SET LOCAL session_replication_role = replica")


@pytest.mark.django_db
def test_a_sound_ledger_passes(make_player, capsys):
    _played_match(make_player)
    from django.core.management import call_command

    call_command("ledger_check")
    assert "Ledger sound" in capsys.readouterr().out


@pytest.mark.django_db
def test_it_reports_a_transfer_whose_legs_do_not_sum_to_zero(make_player, corrupt):
    _ana, _ben, hold = _played_match(make_player)
    house = Account.objects.get(kind="house")
    # A leg that continues the house's chain (so only the transfer's sum is wrong), not yet committed.
    _sql(
        "INSERT INTO wallet_leg (transfer_id, account_id, amount, balance_after) VALUES (%s, %s, 7, %s)",
        [hold.pk, house.pk, house.balance + 7],
    )
    report = _report()
    assert f"transfer {hold.pk} (hold" in report and "summing to 7" in report
    assert "All balances must sum to zero: legs sum to 7" in report
    assert f"account {house.pk} (Casa): cached 10, legs 17" in report


@pytest.mark.django_db
def test_it_reports_a_cached_balance_that_differs_from_the_legs(make_player, corrupt):
    ana, _ben, _settle = _played_match(make_player)
    _sql("UPDATE wallet_account SET balance = balance + 1000 WHERE player_id = %s", [ana.pk])
    report = _report()
    assert "cached 1140, legs 140" in report and "cached balances to 1000" in report


@pytest.mark.django_db
def test_it_reports_a_settled_escrow_that_still_holds_credits(make_player, corrupt):
    _played_match(make_player)
    escrow, mint = Account.objects.get(match_ref="wordgrid:1"), Account.objects.get(kind="mint")
    # Balanced and chained, so only the escrow rule can see it.
    transfer = Transfer.objects.create(key="sneaky", kind="grant", params={})
    _sql("UPDATE wallet_account SET balance = balance + 3 WHERE id = %s", [escrow.pk])
    _sql("UPDATE wallet_account SET balance = balance - 3 WHERE id = %s", [mint.pk])
    Leg.objects.create(transfer=transfer, account=escrow, amount=3, balance_after=3)
    Leg.objects.create(transfer=transfer, account=mint, amount=-3, balance_after=mint.balance - 3)
    report = _report()
    assert report.count("\n  ") == 1, report
    assert "escrow of wordgrid:1 (settle): holds 3, should hold 0" in report


@pytest.mark.django_db
def test_it_reports_a_negative_balance_and_a_broken_chain_written_past_the_guards(make_player, corrupt):
    ana, ben, _hold = _played_match(make_player)
    account, bens_grant = Account.objects.get(player=ana), Transfer.objects.get(key=f"seed:{ben.pk}")
    _without_triggers()
    _sql(
        "INSERT INTO wallet_leg (transfer_id, account_id, amount, balance_after) VALUES (%s, %s, -500, 0)",
        [bens_grant.pk, account.pk],
    )
    report = _report()
    assert f"account {account.pk} (Jugador Ana #{ana.tag}): -360" in report
    assert "balance_after is not their account's running total" in report and "running total -360" in report


@pytest.mark.ledger_corrupted  # it commits a broken leg for the command to find: not checked after it
@pytest.mark.django_db(transaction=True)
def test_the_command_exits_non_zero_with_the_report_and_zero_when_sound(make_player):
    _ana, _ben, hold = _played_match(make_player)
    settle = Transfer.objects.get(key="settle:1")
    database = connection.settings_dict
    env = {
        **os.environ,
        "DEBUG": "1",
        "DATABASE_URL": f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}",
    }
    command = [sys.executable, "manage.py", "ledger_check"]
    sound = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert sound.returncode == 0 and "Ledger sound" in sound.stdout, sound.stderr
    with transaction.atomic():
        _without_triggers()
        _sql(
            "UPDATE wallet_leg SET amount = amount + 1 WHERE transfer_id = %s AND amount > 0 "
            "AND account_id = (SELECT id FROM wallet_account WHERE kind = 'house')",
            [settle.pk],
        )
    broken = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert broken.returncode == 1
    assert "The ledger is NOT sound" in broken.stderr and f"transfer {settle.pk} (settle" in broken.stderr


# --- The database's own guards (PostgreSQL) --------------------------------------------------------


def _refused(statement: str, params=(), immediate: bool = False) -> str:
    with pytest.raises(IntegrityError) as refused, transaction.atomic():
        _sql(statement, params)
        if immediate:
            _sql("SET CONSTRAINTS ALL IMMEDIATE")  # what COMMIT would do to the deferred checks
    return str(refused.value)


@pytest.mark.django_db
def test_the_database_refuses_to_rewrite_history(make_player):
    _ana, _ben, settle = _played_match(make_player)  # the hold: history all the same
    assert "append-only" in _refused("UPDATE wallet_leg SET amount = amount * 2 WHERE transfer_id = %s", [settle.pk])
    assert "append-only" in _refused("DELETE FROM wallet_leg WHERE transfer_id = %s", [settle.pk])
    assert "append-only" in _refused("UPDATE wallet_transfer SET match_ref = 'x' WHERE id = %s", [settle.pk])
    assert "append-only" in _refused("DELETE FROM wallet_transfer WHERE id = %s", [settle.pk])
    assert_ledger_sound()


@pytest.mark.django_db
def test_the_database_refuses_a_negative_player_balance(make_player):
    ana, _ben, _settle = _played_match(make_player)
    message = _refused("UPDATE wallet_account SET balance = -1 WHERE player_id = %s", [ana.pk])
    assert "wallet_account_balance_not_negative" in message


@pytest.mark.django_db
def test_the_database_refuses_an_unbalanced_transfer_at_commit(make_player):
    _ana, _ben, hold = _played_match(make_player)
    house = Account.objects.get(kind="house")
    message = _refused(
        "INSERT INTO wallet_leg (transfer_id, account_id, amount, balance_after) VALUES (%s, %s, 7, %s)",
        [hold.pk, house.pk, house.balance + 7],
        immediate=True,
    )
    assert "summing to 7, not zero" in message
    message = _refused(
        "INSERT INTO wallet_transfer (key, kind, params, reason, created_at) "
        "VALUES ('empty', 'grant', '{}', '', now())",
        immediate=True,
    )
    assert "fewer than two legs" in message


@pytest.mark.django_db
def test_the_database_refuses_a_cached_balance_that_drifts_from_the_legs(make_player):
    ana, ben, _hold = _played_match(make_player)
    bens_grant = Transfer.objects.get(key=f"seed:{ben.pk}")
    message = _refused("UPDATE wallet_account SET balance = balance + 1 WHERE player_id = %s", [ana.pk], immediate=True)
    assert "caches balance 141 but its legs say 140" in message
    account = Account.objects.get(player=ana)
    message = _refused(
        "INSERT INTO wallet_leg (transfer_id, account_id, amount, balance_after) VALUES (%s, %s, 5, 5)",
        [bens_grant.pk, account.pk],
    )
    assert "but the account had 140" in message
