"""Many workers at once on PostgreSQL: thousands of random holds, settlements and refunds, then
the ledger is sound and every escrow is empty or still holds exactly its stakes. And every
operation replayed, one after another and all at once, moves credits once."""

import random
import threading
from collections import Counter

import pytest
from django.db import connections

from accounts.models import Player
from tests.wallet.helpers import assert_ledger_sound, balances, escrow, house
from wallet.models import Account, Transfer
from wallet.selectors import escrow_state
from wallet.services import (
    WalletError,
    escrow_cancel,
    escrow_hold,
    escrow_refund,
    escrow_settle,
    wallet_debit,
    wallet_grant,
)

pytestmark = pytest.mark.django_db(transaction=True)

WORKERS = 4
OPERATIONS_PER_WORKER = 500
MATCHES = 150
STAKES = [10, 50, 100, 500]
# Refusals a random workload runs into by design; anything else (a deadlock, an IntegrityError) fails.
EXPECTED_REFUSALS = {
    "insufficient_funds",
    "already_held",
    "already_closed",
    "not_held",
    "not_a_staker",
    "key_reused",
}


def _in_threads(count: int, work) -> list:
    """Run work(index) in `count` threads started together; return results or exceptions."""
    barrier, results = threading.Barrier(count), [None] * count

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = work(index)
        except Exception as error:  # noqa: BLE001 - handed to the test to judge
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    return results


def _likely_winner(rng: random.Random, match_ref: str, stranger):
    """Mostly one of the match's stakers (read without a lock: it only picks the input), at times not."""
    stakers = Transfer.objects.filter(match_ref=match_ref, kind="hold").values_list("params", flat=True).first()
    if stakers is None or rng.random() < 0.1:
        return stranger
    return Player.objects.get(pk=rng.choice(stakers["players"]))


def test_thousands_of_random_operations_from_parallel_workers_keep_the_ledger_sound(make_player):
    players = [make_player(name, credits=1500) for name in ("Ana", "Ben", "Clara", "Diego")]
    granted = 1500 * len(players)

    def worker(index: int) -> Counter:
        rng, outcomes = random.Random(index), Counter()
        for _ in range(OPERATIONS_PER_WORKER):
            match_ref = f"wordgrid:{rng.randrange(MATCHES)}"
            seats = rng.sample(players, 2)
            # Few distinct keys per match: workers often replay each other's operations.
            tag = rng.randrange(3)
            operation = rng.choice(["hold", "hold", "settle", "refund", "cancel"])
            try:
                if operation == "hold":
                    escrow_hold(
                        match_ref=match_ref,
                        players=seats,
                        stake=rng.choice(STAKES),
                        key=f"hold:{match_ref}:{tag}",
                    )
                elif operation == "settle":
                    escrow_settle(
                        match_ref=match_ref,
                        winner=_likely_winner(rng, match_ref, seats[0]),
                        key=f"settle:{match_ref}:{tag}",
                    )
                elif operation == "refund":
                    escrow_refund(match_ref=match_ref, key=f"refund:{match_ref}:{tag}")
                else:
                    escrow_cancel(match_ref=match_ref, key=f"cancel:{match_ref}:{tag}")
                outcomes[operation] += 1
            except WalletError as refusal:
                assert refusal.code in EXPECTED_REFUSALS, refusal
                outcomes[refusal.code] += 1
        return outcomes

    results = _in_threads(WORKERS, worker)
    errors = [result for result in results if isinstance(result, BaseException)]
    assert not errors, errors
    totals = sum(results, Counter())
    assert sum(totals.values()) == WORKERS * OPERATIONS_PER_WORKER
    assert totals["hold"] > 100 and totals["settle"] > 40 and totals["refund"] + totals["cancel"] > 50, totals

    assert_ledger_sound()
    for account in Account.objects.filter(kind="escrow"):
        state = escrow_state(match_ref=account.match_ref)
        hold = Transfer.objects.filter(match_ref=account.match_ref, kind="hold").first()
        if state.status == "held":
            assert account.balance == 2 * hold.params["stake"]
        else:
            assert account.balance == 0, (account.match_ref, state)
    held = sum(Account.objects.filter(kind="escrow").values_list("balance", flat=True))
    assert sum(balances(*players)) + house() + held == granted


def _replayed(count: int, operation) -> set[int]:
    """The transfer ids `count` simultaneous calls of the same operation returned."""
    results = _in_threads(count, lambda _index: operation())
    errors = [result for result in results if isinstance(result, BaseException)]
    assert not errors, errors
    return {transfer.pk for transfer in results}


@pytest.mark.parametrize("concurrent", [False, True], ids=["in-sequence", "all-at-once"])
def test_every_operation_replayed_moves_credits_once(make_player, concurrent):
    ana, ben = make_player("Ana", credits=100), make_player("Ben", credits=100)

    def replay(operation) -> None:
        ids = _replayed(6, operation) if concurrent else {operation().pk for _ in range(5)}
        assert len(ids) == 1

    replay(lambda: wallet_grant(player=ana, amount=40, key="grant:ana", reason="Prize"))
    replay(lambda: wallet_debit(player=ben, amount=20, key="debit:ben", reason="Correction"))
    assert balances(ana, ben) == [140, 80]

    replay(lambda: escrow_hold(match_ref="wordgrid:1", players=[ana, ben], stake=50, key="hold:1"))
    assert balances(ana, ben) == [90, 30] and escrow("wordgrid:1") == 100
    replay(lambda: escrow_settle(match_ref="wordgrid:1", winner=ben, key="settle:1"))
    assert balances(ana, ben) == [90, 120] and house() == 10 and escrow("wordgrid:1") == 0

    replay(lambda: escrow_hold(match_ref="wordgrid:2", players=[ana, ben], stake=10, key="hold:2"))
    replay(lambda: escrow_refund(match_ref="wordgrid:2", key="refund:2"))
    replay(lambda: escrow_hold(match_ref="wordgrid:3", players=[ana, ben], stake=10, key="hold:3"))
    replay(lambda: escrow_cancel(match_ref="wordgrid:3", key="cancel:3"))
    assert balances(ana, ben) == [90, 120] and house() == 10
    assert Transfer.objects.count() == 2 + 2 + 2 + 4  # seeds, grant+debit, match 1, matches 2 and 3
    assert_ledger_sound()


def test_two_settlements_of_one_match_racing_under_different_keys_pay_once(make_player):
    ana, ben = make_player("Ana", credits=100), make_player("Ben", credits=100)
    escrow_hold(match_ref="wordgrid:1", players=[ana, ben], stake=100, key="hold:1")
    winners = [ana, ben, ana, ben]
    results = _in_threads(
        4,
        lambda index: escrow_settle(match_ref="wordgrid:1", winner=winners[index], key=f"settle:1:worker{index}"),
    )
    paid = [result for result in results if isinstance(result, Transfer)]
    refused = [result for result in results if isinstance(result, WalletError)]
    assert len(paid) == 1 and len(refused) == 3 and {error.code for error in refused} == {"already_closed"}
    assert sorted(balances(ana, ben)) == [0, 180] and house() == 20
    assert_ledger_sound()
