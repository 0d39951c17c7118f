"""The soak's delivery bookkeeping: a move counts as delivered when another player's view shows it."""

from bench.soak.delivery import Expectation, Ledger, Resync, progress, target


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
    ledger.expect(
        ["ana", "carla"], "wordgrid", Expectation("m1", 3, 1, target("wordgrid", view, 1, {"type": "move"}), 1.0)
    )
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


def test_what_was_on_its_way_when_redis_went_and_what_was_sent_meanwhile_is_owed_across_the_outage():
    ledger = Ledger()
    view = {"played": [{}], "outcome": None}
    move = {"type": "move"}
    ledger.expect(["beto"], "wordgrid", Expectation("m1", 3, 0, target("wordgrid", view, 0, move), 1.0))
    ledger.outage_begins(2.0)  # m1 is still on its way: it may never be announced
    ledger.expect(["beto"], "wordgrid", Expectation("m2", 3, 0, (3, 0), 3.0))  # sent while Redis is away
    ledger.expect(["beto"], "wordgrid", Expectation("m3", 3, 0, (4, 0), 3.5))
    ledger.cancel("m3")  # refused: owed nothing
    ledger.outage_ends(10.0)
    ledger.expect(["beto"], "wordgrid", Expectation("m4", 3, 0, (4, 0), 11.0))  # after it: counted as usual
    outage = ledger.outages[0]
    assert (ledger.expected, outage.expected) == (1, 2)
    ledger.seen("beto", frame(3, {"played": [{}, {}, {}, {}], "outcome": None}), 12.5)  # one snapshot shows all
    assert ledger.delivered == 1 and ledger.latencies_ms == [1500.0]  # m4, from its move
    assert outage.after == 2 and outage.after_ms == [2500.0, 2500.0]  # m1 and m2, from Redis's return
    assert ledger.ratio() == 1.0 and ledger.outstanding() == 0


def test_an_owed_update_shown_by_a_sync_while_redis_is_away_and_one_never_shown():
    ledger = Ledger()
    ledger.outage_begins(1.0)
    ledger.expect(["ana", "beto"], "wordgrid", Expectation("m1", 3, 0, (2, 0), 2.0))
    ledger.seen("ana", frame(3, {"played": [{}, {}], "outcome": None}), 3.0)  # a sync answers from PostgreSQL
    ledger.seen("beto", frame(3, {"played": [{}], "outcome": None}), 3.0)  # an older snapshot
    ledger.outage_ends(6.0)
    ledger.give_up("beto", "not seen before leaving")
    outage = ledger.outages[0]
    assert (outage.expected, outage.during, outage.after) == (2, 1, 0)
    assert dict(outage.dropped) == {"not seen before leaving": 1} and not ledger.dropped


def test_a_frame_without_a_view_shows_no_move():
    ledger = Ledger()
    ledger.expect(["ana"], "wordgrid", Expectation("m1", 3, 0, (1, 0), 1.0))
    ledger.seen("ana", {"type": "match", "match_id": 3, "view": None, "arriving": {"awaiting": [1]}}, 1.5)
    assert ledger.outstanding() == 1


def test_after_the_outage_each_socket_must_reach_the_version_its_match_had_in_the_database():
    resync = Resync(back_at=100.0)
    resync.owe("ana", 7, 5, seen=5)  # up to date: owed nothing
    resync.owe("beto", 7, 5, seen=4, about={"game": "wordgrid"})
    resync.owe("carla", 8, 3, seen=2)
    resync.owe("dani", 9, 4, seen=0, about={"game": "cruzadas"})
    assert (resync.checked, resync.behind) == (4, 3)
    resync.seen("beto", 7, 4, 101.0)  # an older snapshot: still behind
    resync.seen("beto", 7, 6, 102.5)  # at or past the database's version
    resync.seen("carla", 11, 1, 104.0)  # the room's next match: it has moved on past the one owed
    resync.give_up("dani", "left before it came", seen_at_end=0)
    assert resync.caught_up_ms == [2500.0, 4000.0] and not resync.owed
    assert dict(resync.dropped) == {"left before it came": 1}
    assert resync.never == [{"game": "cruzadas", "why": "left before it came", "seen_at_end": 0}]
