"""A wallet refusal that is a bug (a second settlement, stakes never held) is logged at ERROR with the match's
reference as it is raised; a refusal a player causes (too few credits) is not an error of the site (issue 15)."""

import logging

import pytest

from wallet.services import WalletError, escrow_hold, escrow_refund, escrow_settle

pytestmark = pytest.mark.django_db


def errors(caplog) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]


def test_a_second_settlement_is_logged_as_a_bug_with_the_match_reference(make_player, caplog):
    ana, beto = make_player("Ana", 100), make_player("Beto", 100)
    escrow_hold(match_ref="wordgrid:41", players=[ana, beto], stake=50, key="hold:wordgrid:41")
    escrow_settle(match_ref="wordgrid:41", winner=ana, key="settle:wordgrid:41")
    assert errors(caplog) == []
    with caplog.at_level(logging.ERROR, logger="wallet.services"), pytest.raises(WalletError) as refused:
        escrow_refund(match_ref="wordgrid:41", key="refund:wordgrid:41")
    assert refused.value.code == "already_closed" and refused.value.is_bug
    assert errors(caplog) == [
        "escrow_refund of match wordgrid:41 refused (already_closed): a bug, not a player's doing"
    ]


def test_settling_stakes_never_held_is_logged_with_the_match_reference(make_player, caplog):
    ana = make_player("Ana", 100)
    with caplog.at_level(logging.ERROR, logger="wallet.services"), pytest.raises(WalletError):
        escrow_settle(match_ref="wordgrid:42", winner=ana, key="settle:wordgrid:42")
    assert errors(caplog) == ["escrow_settle of match wordgrid:42 refused (not_held): a bug, not a player's doing"]


def test_a_player_who_cannot_pay_the_stake_is_not_an_error(make_player, caplog):
    ana, beto = make_player("Ana", 100), make_player("Beto", 10)
    with caplog.at_level(logging.DEBUG, logger="wallet.services"), pytest.raises(WalletError) as refused:
        escrow_hold(match_ref="wordgrid:43", players=[ana, beto], stake=50, key="hold:wordgrid:43")
    assert refused.value.code == "insufficient_funds" and not refused.value.is_bug
    assert caplog.records == []
