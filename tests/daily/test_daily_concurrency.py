"""Two makers of the same date at once (a second beat, a page that found its date missing) leave one set of
puzzles and one commitment, and neither fails; two first guesses of one player at once leave one play."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from daily import services
from daily.models import Commitment, Play, Puzzle
from daily.registry import all_dailies
from toolkit import days

pytestmark = pytest.mark.django_db(transaction=True)


def together(work, count: int = 2) -> list:
    """`work` in `count` threads released at once; what each returned or raised."""
    gate = threading.Barrier(count)
    out: list = [None] * count

    def run(index: int) -> None:
        try:
            gate.wait()
            out[index] = work()
        except Exception as error:  # noqa: BLE001 - the test reads it
            out[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return out


def test_two_makers_of_one_date_leave_one_commitment_each_and_no_error():
    day = days.utc_day(timezone.now()) + timedelta(days=2)
    results = together(lambda: services.puzzles_make(day))
    assert not [result for result in results if isinstance(result, Exception)], results
    assert Commitment.objects.filter(day=day).count() == len(all_dailies())
    variants = sum(len(module.variants()) for module in all_dailies().values())
    assert Puzzle.objects.filter(day=day).count() == variants


def test_one_player_s_two_first_guesses_at_once_make_one_play_with_both_or_one_refused():
    from accounts.services import player_create_guest
    from games.duelo import engine
    from wordlists.lexicon import lexicon

    day = days.utc_day(timezone.now())
    services.puzzles_make(day)
    puzzle = Puzzle.objects.get(game="duelo", day=day, variant="es")
    player = player_create_guest(nickname="Ana")
    word = next(w for w in lexicon(engine.list_slugs("es")[0]).words if w != puzzle.data["word"])
    action = {"type": "guess", "word": word}
    results = together(lambda: services.daily_act(player=player, puzzle=puzzle, action=action, today=day))
    assert Play.objects.filter(player=player, puzzle=puzzle).count() == 1
    play = Play.objects.get(player=player, puzzle=puzzle)
    assert len(play.state["rows"]) == len(play.actions) == sum(1 for r in results if isinstance(r, Play))
