"""Worked examples of every ledger operation, with the credits a player would see."""

import pytest

from accounts.services import player_create_guest
from tests.wallet.helpers import assert_ledger_sound, balances, escrow, house
from wallet.conf import house_cut, payout_for, winner_share
from wallet.models import Leg, Transfer
from wallet.selectors import escrow_state, stakes_open_to, statement_of
from wallet.services import (
    WalletError,
    escrow_cancel,
    escrow_hold,
    escrow_refund,
    escrow_settle,
    wallet_debit,
    wallet_grant,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("pot", "cut"),
    [
        (20, 2),
        (100, 10),
        (200, 20),
        (1000, 100),
        (15, 2),
        (19, 2),
        (11, 2),
        (2, 1),
        (1, 1),
        (9, 1),
        (10, 1),
        (0, 0),
    ],
)
def test_the_house_cut_is_the_pot_minus_ninety_percent_rounded_down(pot, cut):
    assert house_cut(pot) == cut
    assert winner_share(pot) == pot - cut


@pytest.mark.parametrize(("stake", "payout"), [(10, 18), (50, 90), (5, 9), (3, 5), (1, 1), (0, 0)])
def test_the_payout_shown_for_a_stake_is_ninety_percent_of_both_stakes_rounded_down(stake, payout):
    assert payout_for(stake) == payout == winner_share(2 * stake) == (2 * stake * 90) // 100
    assert payout_for(stake, players=3) == winner_share(3 * stake)


def test_a_grant_adds_new_credits_and_the_mint_records_them(make_player):
    ana = make_player("Ana")
    transfer = wallet_grant(player=ana, amount=250, key="grant:1", reason="Prize")
    assert balances(ana) == [250]
    assert sorted(transfer.legs.values_list("amount", flat=True)) == [-250, 250]
    assert transfer.reason == "Prize"
    assert_ledger_sound()


def test_a_debit_takes_credits_back_and_never_below_zero(make_player):
    ana = make_player("Ana", credits=100)
    wallet_debit(player=ana, amount=30, key="debit:1", reason="Correction")
    assert balances(ana) == [70]
    with pytest.raises(WalletError) as refused:
        wallet_debit(player=ana, amount=71, key="debit:2", reason="Too much")
    assert refused.value.code == "insufficient_funds"
    assert "70" in str(refused.value.message)
    assert balances(ana) == [70] and not Transfer.objects.filter(key="debit:2").exists()
    assert_ledger_sound()


def test_holding_stakes_moves_both_into_the_match_escrow(make_player):
    ana, ben = make_player("Ana", credits=100), make_player("Ben", credits=60)
    escrow_hold(match_ref="wordgrid:1", players=[ana, ben], stake=50, key="hold:1")
    assert balances(ana, ben) == [50, 10]
    assert escrow("wordgrid:1") == 100
    assert escrow_state(match_ref="wordgrid:1").status == "held"
    assert_ledger_sound()


def test_a_hold_that_one_player_cannot_pay_moves_nothing_at_all(make_player):
    ana, ben = make_player("Ana", credits=100), make_player("Ben", credits=40)
    with pytest.raises(WalletError) as refused:
        escrow_hold(match_ref="wordgrid:2", players=[ana, ben], stake=50, key="hold:2")
    assert refused.value.code == "insufficient_funds"
    assert "Ben" in str(refused.value.message)
    assert balances(ana, ben) == [100, 40]
    assert escrow("wordgrid:2") == 0 and escrow_state(match_ref="wordgrid:2").status == "none"
    # Once Ben can pay, the same key goes through: a refusal is not remembered as a result.
    wallet_grant(player=ben, amount=10, key="grant:ben")
    escrow_hold(match_ref="wordgrid:2", players=[ana, ben], stake=50, key="hold:2")
    assert balances(ana, ben) == [50, 0]
    assert_ledger_sound()


def test_guests_cannot_stake_or_be_granted_credits(make_player):
    ana, guest = make_player("Ana", credits=100), player_create_guest(nickname="Bob")
    with pytest.raises(WalletError) as refused:
        escrow_hold(match_ref="wordgrid:3", players=[ana, guest], stake=10, key="hold:3")
    assert refused.value.code == "guest_cannot_stake"
    with pytest.raises(WalletError) as refused:
        wallet_grant(player=guest, amount=10, key="grant:guest")
    assert refused.value.code == "guest_has_no_wallet"
    assert balances(ana, guest) == [100, 0]
    assert stakes_open_to(player=guest) == []


def test_only_the_offered_stakes_can_be_played(make_player):
    ana, ben = make_player("Ana", credits=100), make_player("Ben", credits=100)
    with pytest.raises(WalletError) as refused:
        escrow_hold(match_ref="wordgrid:4", players=[ana, ben], stake=7, key="hold:4")
    assert refused.value.code == "stake_not_offered"
    assert stakes_open_to(player=ana) == [10, 50, 100]
    assert balances(ana, ben) == [100, 100]


def test_settling_pays_the_winner_the_pot_minus_the_house_cut(make_player):
    ana, ben = make_player("Ana", credits=100), make_player("Ben", credits=100)
    escrow_hold(match_ref="wordgrid:5", players=[ana, ben], stake=50, key="hold:5")
    escrow_settle(match_ref="wordgrid:5", winner=ben, key="settle:5")
    # Pot 100: Ben gets 90, the house 10, the escrow is empty.
    assert balances(ana, ben) == [50, 140]
    assert house() == 10 and escrow("wordgrid:5") == 0
    assert escrow_state(match_ref="wordgrid:5").status == "settle"
    assert_ledger_sound()


def test_an_odd_pot_rounds_in_the_house_favour_and_loses_nothing(make_player, settings):
    settings.WALLET_STAKE_LEVELS = ["15"]
    ana, ben, clara = (make_player(name, credits=15) for name in ("Ana", "Ben", "Clara"))
    escrow_hold(match_ref="claves:6", players=[ana, ben, clara], stake=15, key="hold:6")
    escrow_settle(match_ref="claves:6", winner=clara, key="settle:6")
    # Pot 45: floor(45 * 0.9) = 40 to Clara, 5 to the house.
    assert balances(ana, ben, clara) == [0, 0, 40] and house() == 5
    assert_ledger_sound()


def test_a_refund_returns_each_stake_to_its_owner(make_player):
    ana, ben = make_player("Ana", credits=100), make_player("Ben", credits=10)
    escrow_hold(match_ref="wordgrid:7", players=[ana, ben], stake=10, key="hold:7")
    escrow_refund(match_ref="wordgrid:7", key="refund:7")
    assert balances(ana, ben) == [100, 10] and house() == 0 and escrow("wordgrid:7") == 0
    assert escrow_state(match_ref="wordgrid:7").status == "refund"
    assert_ledger_sound()


def test_cancelling_before_the_first_move_returns_the_stakes_and_says_why(make_player):
    ana, ben = make_player("Ana", credits=100), make_player("Ben", credits=100)
    escrow_hold(match_ref="wordgrid:8", players=[ana, ben], stake=100, key="hold:8")
    transfer = escrow_cancel(match_ref="wordgrid:8", key="cancel:8")
    assert balances(ana, ben) == [100, 100]
    assert transfer.get_kind_display() == "Partida cancelada, apuestas devueltas"  # Spanish is the default
    assert_ledger_sound()


def test_a_match_is_paid_out_once_whatever_the_keys(make_player):
    ana, ben = make_player("Ana", credits=100), make_player("Ben", credits=100)
    escrow_hold(match_ref="wordgrid:9", players=[ana, ben], stake=10, key="hold:9")
    escrow_settle(match_ref="wordgrid:9", winner=ana, key="settle:9")
    for late in (
        lambda: escrow_settle(match_ref="wordgrid:9", winner=ben, key="settle:9:again"),
        lambda: escrow_refund(match_ref="wordgrid:9", key="refund:9"),
        lambda: escrow_cancel(match_ref="wordgrid:9", key="cancel:9"),
    ):
        with pytest.raises(WalletError) as refused:
            late()
        assert refused.value.code == "already_closed"
    with pytest.raises(WalletError) as refused:
        escrow_hold(match_ref="wordgrid:9", players=[ana, ben], stake=10, key="hold:9:again")
    assert refused.value.code == "already_held"
    assert balances(ana, ben) == [108, 90]
    assert_ledger_sound()


def test_settling_or_refunding_a_match_without_stakes_is_refused(make_player):
    ana, ben, clara = (make_player(name, credits=100) for name in ("Ana", "Ben", "Clara"))
    with pytest.raises(WalletError) as refused:
        escrow_settle(match_ref="wordgrid:10", winner=ana, key="settle:10")
    assert refused.value.code == "not_held"
    escrow_hold(match_ref="wordgrid:10", players=[ana, ben], stake=10, key="hold:10")
    with pytest.raises(WalletError) as refused:
        escrow_settle(match_ref="wordgrid:10", winner=clara, key="settle:10")
    assert refused.value.code == "not_a_staker"
    assert balances(ana, ben, clara) == [90, 90, 100]


def test_a_key_reused_for_something_else_is_an_error_and_moves_nothing(make_player):
    ana = make_player("Ana", credits=100)
    wallet_grant(player=ana, amount=5, key="k")
    for other in (
        lambda: wallet_grant(player=ana, amount=6, key="k"),
        lambda: wallet_debit(player=ana, amount=5, key="k"),
        lambda: wallet_grant(player=ana, amount=5, key="k", reason="another reason"),
    ):
        with pytest.raises(WalletError) as refused:
            other()
        assert refused.value.code == "key_reused"
    assert balances(ana) == [105]


def test_amounts_must_be_positive_whole_credits(make_player):
    ana = make_player("Ana")
    for amount in (0, -5, 2.5, True):
        with pytest.raises(WalletError) as refused:
            wallet_grant(player=ana, amount=amount, key=f"bad:{amount}")
        assert refused.value.code == "bad_amount"
    assert balances(ana) == [0] and not Leg.objects.exists()


def test_the_statement_lists_every_movement_with_its_match_and_running_balance(make_player):
    ana, ben = make_player("Ana", credits=100), make_player("Ben", credits=100)
    escrow_hold(match_ref="wordgrid:11", players=[ana, ben], stake=50, key="hold:11")
    escrow_settle(match_ref="wordgrid:11", winner=ana, key="settle:11")
    lines = [
        (leg.transfer.kind, leg.transfer.match_ref, leg.amount, leg.balance_after) for leg in statement_of(player=ana)
    ]
    assert lines == [
        ("settle", "wordgrid:11", 90, 140),
        ("hold", "wordgrid:11", -50, 50),
        ("grant", None, 100, 100),
    ]
