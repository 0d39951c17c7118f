"""A settlement interrupted by an exception or a killed process happens entirely or not at all,
and a retry under the same key completes it exactly once."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from tests.wallet.helpers import assert_ledger_sound, balances, escrow, house
from wallet import services
from wallet.models import Transfer
from wallet.selectors import escrow_state
from wallet.services import escrow_hold, escrow_settle

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


class PowerCut(Exception):
    pass


@pytest.fixture
def held_match(make_player):
    ana, ben = make_player("Ana", credits=100), make_player("Ben", credits=100)
    escrow_hold(match_ref="wordgrid:1", players=[ana, ben], stake=50, key="hold:1")
    return ana, ben


def _assert_untouched(ana, ben) -> None:
    assert balances(ana, ben) == [50, 50] and escrow("wordgrid:1") == 100 and house() == 0
    assert escrow_state(match_ref="wordgrid:1").status == "held"
    assert not Transfer.objects.filter(key="settle:1").exists()
    assert_ledger_sound()


def _assert_settled_once(ana, ben) -> None:
    assert balances(ana, ben) == [140, 50] and escrow("wordgrid:1") == 0 and house() == 10
    assert Transfer.objects.filter(kind="settle").count() == 1
    assert_ledger_sound()


def test_an_exception_between_two_legs_leaves_no_trace_and_a_retry_settles_once(held_match, monkeypatch):
    ana, ben = held_match
    real_write_leg = services._write_leg
    written = []

    def write_then_fail(**kwargs):
        leg = real_write_leg(**kwargs)
        written.append(leg)
        if len(written) == 2:
            raise PowerCut
        return leg

    monkeypatch.setattr(services, "_write_leg", write_then_fail)
    with pytest.raises(PowerCut):
        escrow_settle(match_ref="wordgrid:1", winner=ana, key="settle:1")
    assert len(written) == 2  # the fault really struck in the middle of the settlement
    _assert_untouched(ana, ben)

    monkeypatch.setattr(services, "_write_leg", real_write_leg)
    first = escrow_settle(match_ref="wordgrid:1", winner=ana, key="settle:1")
    again = escrow_settle(match_ref="wordgrid:1", winner=ana, key="settle:1")
    assert first.pk == again.pk
    _assert_settled_once(ana, ben)


def test_a_process_killed_inside_the_settlement_leaves_no_trace_and_a_retry_settles_once(held_match):
    ana, ben = held_match
    database = connection.settings_dict
    env = {
        **os.environ,
        "DEBUG": "1",
        "DATABASE_URL": f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}",
    }
    victim = subprocess.run(
        [sys.executable, "tests/wallet/settle_and_die.py", "wordgrid:1", str(ana.pk), "settle:1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert victim.returncode == -9 and "dying" in victim.stdout, victim.stderr
    _assert_untouched(ana, ben)

    # PostgreSQL rolled the dead transaction back and released its locks: the retry goes straight through.
    escrow_settle(match_ref="wordgrid:1", winner=ana, key="settle:1")
    escrow_settle(match_ref="wordgrid:1", winner=ana, key="settle:1")
    _assert_settled_once(ana, ben)
