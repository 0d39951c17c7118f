"""Properties over generated pots and sequences of operations, checked against a plain model of the
rules: the sum of all balances is zero, no balance goes negative, settlement + house cut = pot,
and a refund returns exactly the stakes."""

import pytest
from django.db import transaction
from django.test import override_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.wallet.helpers import assert_ledger_sound, balances, escrow, house
from wallet.conf import house_cut
from wallet.models import Account
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
EXAMPLES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


class Rollback(Exception):
    """Ends an example's savepoint, so examples do not see each other's rows."""


def in_savepoint(check) -> None:
    try:
        with transaction.atomic():
            check()
            raise Rollback
    except Rollback:
        pass


def _all_balances_sum_to_zero_and_none_is_negative() -> None:
    rows = list(Account.objects.values_list("kind", "balance"))
    assert sum(balance for _kind, balance in rows) == 0
    assert all(balance >= 0 for kind, balance in rows if kind != "mint")


@given(stake=st.integers(1, 10**9), seats=st.integers(2, 4), winner=st.integers(0, 3))
@EXAMPLES
def test_settlement_plus_house_cut_is_the_pot(make_player, stake, seats, winner):
    winner %= seats

    def check():
        players = [make_player(f"Player{index}", credits=stake + index) for index in range(seats)]
        with override_settings(WALLET_STAKE_LEVELS=[stake]):
            escrow_hold(match_ref="m", players=players, stake=stake, key="hold")
        pot = stake * seats
        escrow_settle(match_ref="m", winner=players[winner], key="settle")
        won = balances(players[winner])[0] - winner
        assert won + house() == pot
        assert won == pot * 90 // 100 and house() == house_cut(pot) == pot - won
        assert 0 < house() <= pot // 10 + 1 and escrow("m") == 0
        assert balances(*players) == [index + (won if index == winner else 0) for index in range(seats)]
        _all_balances_sum_to_zero_and_none_is_negative()

    in_savepoint(check)


@given(stake=st.integers(1, 10**9), seats=st.integers(2, 4), cancel=st.booleans())
@EXAMPLES
def test_a_refund_returns_exactly_the_stakes(make_player, stake, seats, cancel):
    def check():
        players = [make_player(f"Player{index}", credits=stake + index) for index in range(seats)]
        with override_settings(WALLET_STAKE_LEVELS=[stake]):
            escrow_hold(match_ref="m", players=players, stake=stake, key="hold")
        (escrow_cancel if cancel else escrow_refund)(match_ref="m", key="back")
        assert balances(*players) == [stake + index for index in range(seats)]
        assert house() == 0 and escrow("m") == 0
        _all_balances_sum_to_zero_and_none_is_negative()

    in_savepoint(check)


# --- Sequences of operations against a model ------------------------------------------------------

PLAYERS = 3
MATCHES = ["m0", "m1", "m2"]
STAKES = [10, 50, 100]
operations = st.one_of(
    st.tuples(st.just("grant"), st.integers(0, PLAYERS - 1), st.integers(1, 300)),
    st.tuples(st.just("debit"), st.integers(0, PLAYERS - 1), st.integers(1, 300)),
    st.tuples(
        st.just("hold"),
        st.sampled_from(MATCHES),
        st.permutations(range(PLAYERS)).map(lambda p: p[:2]),
        st.sampled_from(STAKES),
    ),
    st.tuples(st.just("settle"), st.sampled_from(MATCHES), st.integers(0, PLAYERS - 1)),
    st.tuples(st.just("refund"), st.sampled_from(MATCHES)),
    st.tuples(st.just("cancel"), st.sampled_from(MATCHES)),
    st.tuples(st.just("replay"), st.integers(0, 30)),
)


class Model:
    """The rules in a dozen lines of plain Python: what the ledger must agree with."""

    def __init__(self):
        self.balances, self.house, self.minted = [0] * PLAYERS, 0, 0
        self.escrows: dict[str, dict] = {}  # match -> {"stakes": {seat: stake}, "closed": bool}

    def apply(self, operation) -> str | None:
        kind = operation[0]
        if kind == "grant":
            self.balances[operation[1]] += operation[2]
            self.minted += operation[2]
        elif kind == "debit":
            if self.balances[operation[1]] < operation[2]:
                return "insufficient_funds"
            self.balances[operation[1]] -= operation[2]
            self.minted -= operation[2]
        elif kind == "hold":
            _kind, match, seats, stake = operation
            if match in self.escrows:
                return "already_held"
            if any(self.balances[seat] < stake for seat in seats):
                return "insufficient_funds"
            for seat in seats:
                self.balances[seat] -= stake
            self.escrows[match] = {"stakes": {seat: stake for seat in seats}, "closed": False}
        else:
            match = operation[1]
            state = self.escrows.get(match)
            if state is None:
                return "not_held"
            if kind == "settle" and operation[2] not in state["stakes"]:
                return "not_a_staker"
            if state["closed"]:
                return "already_closed"
            state["closed"] = True
            pot = sum(state["stakes"].values())
            if kind == "settle":
                self.balances[operation[2]] += pot - house_cut(pot)
                self.house += house_cut(pot)
            else:
                for seat, stake in state["stakes"].items():
                    self.balances[seat] += stake
        return None

    def held(self, match: str) -> int:
        state = self.escrows.get(match)
        return 0 if state is None or state["closed"] else sum(state["stakes"].values())


def _call(operation, players, key: str) -> None:
    kind = operation[0]
    if kind == "grant":
        wallet_grant(player=players[operation[1]], amount=operation[2], key=key)
    elif kind == "debit":
        wallet_debit(player=players[operation[1]], amount=operation[2], key=key)
    elif kind == "hold":
        escrow_hold(
            match_ref=operation[1],
            players=[players[seat] for seat in operation[2]],
            stake=operation[3],
            key=key,
        )
    elif kind == "settle":
        escrow_settle(match_ref=operation[1], winner=players[operation[2]], key=key)
    else:
        (escrow_refund if kind == "refund" else escrow_cancel)(match_ref=operation[1], key=key)


@given(steps=st.lists(operations, max_size=25))
@EXAMPLES
def test_any_sequence_of_operations_agrees_with_the_model_and_keeps_every_invariant(make_player, steps):
    def check():
        players = [make_player(f"Player{index}") for index in range(PLAYERS)]
        model, done = Model(), []  # done: (operation, key) that moved credits, for replays
        for number, operation in enumerate(steps):
            if operation[0] == "replay":
                if not done:
                    continue
                operation, key = done[operation[1] % len(done)]
                _call(operation, players, key)  # the same key again: nothing may move
            else:
                key = f"op:{number}"
                expected = model.apply(operation)
                try:
                    _call(operation, players, key)
                except WalletError as refusal:
                    assert refusal.code == expected, (operation, refusal.code)
                else:
                    assert expected is None, (operation, "went through but the rules refuse it:", expected)
                    done.append((operation, key))
            assert balances(*players) == model.balances
            assert house() == model.house
            assert [escrow(match) for match in MATCHES] == [model.held(match) for match in MATCHES]
            _all_balances_sum_to_zero_and_none_is_negative()
        assert_ledger_sound()

    in_savepoint(check)
