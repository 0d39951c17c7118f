"""The soak's delivery bookkeeping: a move counts as delivered when another player's view shows it."""

from bench.soak.delivery import Expectation, Ledger, progress, target


def duelo_view(round_number, guesses):
    return {"round": round_number, "seats": [{"guesses": guesses[0]}, {"guesses": guesses[1]}]}


def frame(match_id, view):
    return {"type": "match", "match_id": match_id, "view": view}


def test_a_guess_is_delivered_by_the_first_frame_that_shows_it_even_a_later_round():
    ledger = Ledger()
    view = duelo_view(1, (2, 0))
    ledger.expect(["beto"], "duelo", Expectation("m1", 7, 0, target("duelo", view, 0, {"type": "guess"}), 10.0))
    ledger.seen("beto", frame(7, duelo_view(1, (2, 1))), 10.1)  # a rival's guess: not Ana's yet
    ledger.seen("beto", frame(8, duelo_view(1, (3, 0))), 10.2)  # another match
    assert ledger.delivered == 0 and ledger.outstanding() == 1
    ledger.seen("beto", frame(7, duelo_view(2, (0, 0))), 10.5)  # folded into the next round's snapshot
    assert ledger.delivered == 1 and ledger.latencies_ms == [500.0] and ledger.ratio() == 1.0


def test_a_refused_move_owes_nothing_and_what_never_came_is_dropped():
    ledger = Ledger()
    view = {"played": [{}, {}], "outcome": None}
    ledger.expect(["ana", "carla"], "wordgrid", Expectation("m1", 3, 1, target("wordgrid", view, 1, {"type": "move"}),
                                                            1.0))
    ledger.expect(["ana"], "wordgrid", Expectation("m2", 3, 1, target("wordgrid", view, 1, {"type": "resign"}), 2.0))
    ledger.cancel("m2")
    assert ledger.expected == 2 and ledger.cancelled == 1
    ledger.seen("ana", frame(3, {"played": [{}, {}, {}], "outcome": None}), 1.2)
    ledger.give_up("carla", "not seen by the end")
    assert ledger.delivered == 1 and dict(ledger.dropped) == {"not seen by the end": 1} and ledger.ratio() == 0.5


def test_a_resignation_is_shown_by_the_end_of_the_game_not_by_a_word():
    view = {"history": [{}, {}], "outcome": None}
    assert progress("cruzadas", view, 0) == (2, 0)
    assert target("cruzadas", view, 0, {"type": "resign"}) == (3, 0)  # Cruzadas logs the resignation as a turn
    wordgrid = {"played": [{}], "outcome": None}
    assert target("wordgrid", wordgrid, 0, {"type": "resign"}) == (1, 1)
    assert progress("wordgrid", {"played": [{}], "outcome": {"winner": 1}}, 0) >= (1, 1)
