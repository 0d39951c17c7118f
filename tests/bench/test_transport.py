"""The transport table's arithmetic and bookkeeping (bench/transport.py, issue 16) on fixed inputs, and each
game's bench move against the real engines and services: nothing timed."""

import json
import random
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.utils import timezone

from bench.stack import stat_cpu_seconds
from bench.transport import Step, cpu_ms_per_move, medians, ratios, relative, side_by_side, summary
from bench.transport_games import BENCHES, GAMES, finished, grid_key, parse_games, rival, wordgrid_line
from bench.transport_tables import Seat, Table, _mover, pick, tables_for, witness

# /proc/<pid>/stat of a daphne process, the command with a space and a parenthesis in it: utime is field 14
# (1,234 ticks) and stime field 15 (566 ticks).
STAT = (
    "4242 (python -m (daphne)) S 1 4242 4242 0 -1 4194560 26000 0 0 0 1234 566 0 0 20 0 3 0 123456 "
    "300000000 40000 18446744073709551615 1 1 0 0 0 0 0 16781312 16386 0 0 0 17 1 0 0 0 0 0"
)


def test_cpu_seconds_from_a_proc_stat_line():
    assert stat_cpu_seconds(STAT, 100) == pytest.approx(18.0)  # (1,234 + 566) / 100 ticks a second
    later = STAT.replace(" 1234 566 ", " 1534 616 ")
    assert stat_cpu_seconds(later, 100) == pytest.approx(21.5)


def test_cpu_per_move_adds_both_processes_between_two_readings():
    before = {"daphne-0": stat_cpu_seconds(STAT, 100), "daphne-1": 2.0}
    after = {"daphne-0": stat_cpu_seconds(STAT.replace(" 1234 566 ", " 1534 616 "), 100), "daphne-1": 3.5}
    # 3.5 s + 1.5 s of CPU over 250 moves delivered: 20 ms a move
    assert cpu_ms_per_move(before, after, 250) == pytest.approx(20.0)
    assert cpu_ms_per_move(before, after, 0) is None


def test_a_steps_summary():
    latencies = [float(ms) for ms in range(1, 201)]  # 1..200 ms, 200 deliveries
    found = summary(latencies, offered=300, accepted=250, delivered=200, seconds=10, cpu_ms=4.0, transactions=1000)
    assert found["offered_per_s"] == 30
    assert found["achieved_per_s"] == 20
    assert found["delivery"] == pytest.approx(0.8)
    assert (found["p50"], found["p95"], found["p99"]) == (100.0, 190.0, 198.0)  # nearest rank
    assert found["transactions_per_move"] == 5
    nothing = summary([], offered=10, accepted=0, delivered=0, seconds=10, cpu_ms=None)
    assert nothing["delivery"] is None and nothing["p99"] is None and nothing["transactions_per_move"] is None


def test_medians_of_repeats_and_ratios_of_real_to_bare():
    repeats = [
        {"p50": 20.0, "p99": 100.0, "cpu_ms_per_move": 16.0, "delivery": None, "refused": {"stale_turn": 1}},
        {"p50": 24.0, "p99": 140.0, "cpu_ms_per_move": 23.0, "delivery": 1.0, "refused": {}},
        {"p50": 22.0, "p99": 131.0, "cpu_ms_per_move": 20.0, "delivery": 0.5, "refused": {}},
    ]
    real = medians(repeats)
    assert (real["p50"], real["p99"], real["cpu_ms_per_move"]) == (22.0, 131.0, 20.0)
    assert real["delivery"] == 0.75  # the two repeats that have it
    assert real["refused"] is None  # not a number
    bare = {"p50": 2.75, "p99": 10.0, "cpu_ms_per_move": 0.0}
    assert ratios(real, bare) == {"p50": 8.0, "p99": 13.1, "cpu_ms_per_move": None}  # no ratio to a zero
    assert relative(26.0, 20.0) == pytest.approx(1.3) and relative(26.0, None) is None and relative(None, 2.0) is None


def test_rooms_for_a_socket_count():
    assert tables_for(100, 2) == 50
    assert tables_for(1000, 8) == 125
    assert tables_for(100, 8) == 12  # 96 sockets: the table says how many were open
    assert tables_for(4, 8) == 1


def _result(game, path, repeat, p50, p99, cpu, *, sockets=100, opened=100):
    found = summary([p50, p99], offered=300, accepted=300, delivered=300, seconds=10, cpu_ms=cpu)
    found.update(p50=p50, p99=p99, game=game, sockets=sockets, open=opened, rate=30, path=path, repeat=repeat)
    found.update(load=(1.5, 1, 1), refused={"not_sent:ending": 2} if path == "real" else {})
    return found


def test_the_side_by_side_table_pairs_each_game_and_load_and_gives_the_ratios():
    results = [_result("duelo", "bare", 1, 2.0, 6.0, 3.0), _result("duelo", "real", 1, 20.0, 120.0, 18.0)]
    results += [_result("duelo", "bare", 2, 4.0, 10.0, 4.0), _result("duelo", "real", 2, 22.0, 130.0, 20.0)]
    results += [
        _result("torneo", "bare", 1, 3.0, 8.0, 4.0, opened=96),
        _result("torneo", "real", 1, 30.0, 90.0, 24.7, opened=96),
    ]
    text, rows = side_by_side(results, {"duelo": [5, 5], "torneo": [6, 5]})
    assert [(row["game"], row["open"]) for row in rows] == [("duelo", 100), ("torneo", 96)]
    assert rows[0]["ratios"] == {
        "p50": pytest.approx(7.0),
        "p99": pytest.approx(15.625),
        "cpu_ms_per_move": pytest.approx(19 / 3.5),
    }
    assert rows[0]["cpu_vs_duelo"] == pytest.approx(1.0)
    assert rows[1]["cpu_vs_duelo"] == pytest.approx(1.3)  # 24.7 ms against Duelo's median 19 ms
    lines = text.splitlines()
    assert lines[0].startswith("| game | sockets, offered | path |")
    assert any(line.startswith("| duelo | 100, 30/s | real / bare | | | 7.00x") for line in lines)
    assert any(line.startswith("| torneo | 96, 30/s | real / Duelo's real |") and "1.30x" in line for line in lines)
    assert not any(line.startswith("| duelo | 100, 30/s | real / Duelo's real") for line in lines)
    assert "torneo (a guess in one duel): [6, 5]" in text and "not_sent:ending" in text


def test_the_games_option_keeps_the_order_and_refuses_what_is_not_a_game():
    assert parse_games("cruzadas, duelo,cruzadas") == ("cruzadas", "duelo")
    assert parse_games(",".join(GAMES)) == GAMES
    with pytest.raises(ValueError, match="unknown games: chess"):
        parse_games("duelo,chess")
    with pytest.raises(ValueError):
        parse_games(" , ")


# -- who moves, and when the opponent has seen it -------------------------------------------------------


def _frame(match_id, version, view, turn=None):
    return {"type": "match", "match_id": match_id, "v": version, "view": view, "turn": turn}


def _table(game, match_id=7):
    bench = BENCHES[game]
    seats = [Seat(index, SimpleNamespace(), "http://x") for index in range(bench.seats)]
    table = Table(bench, "ABCDEF", 1, 1, match_id, seats)
    for seat in seats:
        seat.table = table
    return table


def _take(seat, frame):
    from bench.transport_tables import took_frame

    took_frame(seat, frame, 100)


def test_a_finished_match_starts_the_next_once_and_the_table_waits_for_its_board():
    table = _table("cruzadas")
    started = []
    table.restart = started.append
    playing = {"phase": "playing", "outcome": None}
    _take(table.seats[0], _frame(7, 5, playing, turn="move:4"))
    _take(table.seats[1], _frame(7, 5, playing))
    assert pick(table) == (table.seats[0], {"type": "pass"})
    over = {"phase": "finished", "outcome": {"winners": [0]}}
    for seat in table.seats:
        _take(seat, _frame(7, 6, over))
    assert started == [table] and not table.open  # both seats saw it finish: one next match
    assert pick(table) == "not_sent:between_matches"
    _take(table.seats[0], {**_frame(8, 1, None), "arriving": {"awaiting": [1]}})  # waiting for the arrivals
    assert pick(table) == "not_sent:between_matches"
    _take(table.seats[1], _frame(8, 3, playing, turn="move:0"))
    assert table.open and table.match_id == 8
    assert pick(table) == (table.seats[1], {"type": "pass"})  # the only seat shown the new match
    _take(table.seats[1], _frame(7, 6, over))  # a frame of the old match, late: taken for nothing
    assert table.seats[1].match_id == 8 and started == [table]
    assert finished({"type": "match", "view": None, "aborted": {"reason": "no_show"}})


def test_the_seat_with_the_turn_moves_else_one_on_its_old_turn_else_none():
    table = _table("cruzadas")
    for seat in table.seats:
        _take(seat, _frame(7, 5, {"phase": "playing", "outcome": None}))
    assert pick(table)[0] is table.seats[0]  # nobody has the turn (a pass on its way): the next seat's old one
    assert pick(table)[0] is table.seats[1]
    duelo = _table("duelo")
    closed = {"phase": "ending", "round": 1, "grid": {"rows": [], "can_guess": False}, "outcome": None}
    for seat in duelo.seats:
        _take(seat, _frame(7, 9, closed, turn="round:1"))
    assert pick(duelo) == "not_sent:ending"  # an end card: the boards take no guess


def test_duelo_seats_take_the_guesses_in_turn_and_a_done_seat_leaves_them_to_the_other():
    table = _table("duelo")

    def view(rows, can_guess):
        return {"phase": "playing", "round": 2, "grid": {"rows": [{}] * rows, "can_guess": can_guess}, "outcome": None}

    _take(table.seats[0], _frame(7, 4, view(1, True), turn="round:2"))
    _take(table.seats[1], _frame(7, 4, view(6, False), turn="round:2"))
    first, second = pick(table), pick(table)
    assert first[0] is table.seats[0] and second[0] is table.seats[0]  # seat 1 has used its six guesses
    assert first[1]["type"] == "guess" and first[1]["word"] != BENCHES["duelo"].act(view(0, True), 0)["word"]


def test_the_opponent_sees_a_move_by_version_or_by_the_movers_guesses():
    cruzadas = _table("cruzadas")
    _take(cruzadas.seats[0], _frame(7, 5, {"phase": "playing"}, turn="move:4"))
    shows = witness(cruzadas, cruzadas.seats[0])
    assert not shows(_frame(7, 5, {})) and shows(_frame(7, 6, {})) and shows(_frame(8, 1, None))
    duelo = _table("duelo")

    def view(round_number, guesses):
        return {"round": round_number, "seats": [{"guesses": guesses[0]}, {"guesses": guesses[1]}]}

    _take(duelo.seats[0], _frame(7, 10, view(1, (2, 3))))
    shows = witness(duelo, duelo.seats[0])
    assert not shows(_frame(7, 11, view(1, (2, 4))))  # the rival's guess made this version
    assert shows(_frame(7, 12, view(1, (3, 4)))) and shows(_frame(7, 13, view(2, (0, 0))))
    torneo = _table("torneo")

    def duels(rows_a, rows_b):
        return {
            "round": 1,
            "duels": [{"seats": [0, 5], "rows": [{}] * rows_a}, {"seats": [2, 3], "rows": [{}] * rows_b}],
        }

    _take(torneo.seats[5], _frame(7, 20, duels(3, 4)))
    assert rival("torneo", torneo.seats[5].view, 5, 8) == 0 and rival("duelo", None, 1, 2) == 0
    shows = witness(torneo, torneo.seats[5])
    assert not shows(_frame(7, 21, duels(3, 5))) and shows(_frame(7, 22, duels(4, 5)))


def test_a_step_counts_what_was_not_sent_and_a_refusal_owes_no_delivery():
    step = Step("real")
    opponent = Seat(1, SimpleNamespace(), "http://x")
    mover = Seat(0, SimpleNamespace(), "http://x")
    one, two = f"{step.tag}1", f"{step.tag}2"
    step.not_sent("not_sent:between_matches")
    step.sent[one] = (opponent, 1.0)
    opponent.waiting.append((one, lambda frame: True, 1.0))
    step.frame(mover, {"type": "error", "code": "stale_turn", "ref": one}, 1.1)
    step.frame(mover, {"type": "error", "code": "stale_turn", "ref": "real0-1"}, 1.1)  # another step's move
    assert step.refused == {"not_sent:between_matches": 1, "stale_turn": 1}
    assert not step.outstanding() and opponent.waiting == []
    step.sent[two] = (opponent, 2.0)
    opponent.waiting.append((two, lambda frame: frame["v"] >= 9, 2.0))
    step.frame(opponent, _frame(7, 8, {}), 2.01)
    step.frame(opponent, _frame(7, 9, {}), 2.02)
    step.frame(mover, {"type": "ok", "ref": two}, 2.03)
    step.frame(mover, {"type": "ok", "ref": "real0-2"}, 2.03)
    assert (
        step.delivered() == 1
        and step.acked == {two}
        and step.latencies_ms == [pytest.approx(20.0)]
        and step.match_frames == 2
    )


# -- each game's move, played by its real engine ----------------------------------------------------------


def _engine_game(game):
    from games.runtime.catalogue import spec_for
    from games.runtime.registry import engine_for
    from wordlists.lexicon import lexicon

    bench, engine, spec = BENCHES[game], engine_for(game), spec_for(game)
    kwargs = {"words": lexicon, **spec.engine_kwargs()}
    now = timezone.now()
    if bench.state_path() is not None:
        state = engine.from_json(json.loads(bench.state_path().read_text()))
    else:
        settings = spec.clean_settings(bench.settings, "es")
        state = engine.new_game(settings, bench.seats, random.Random(5), now, words=lexicon, **spec.engine_kwargs())
    return bench, engine, kwargs, state, now + timedelta(seconds=10)  # past a Duelo card or a Torneo intro


@pytest.mark.parametrize("game", GAMES)
def test_each_games_bench_move_is_a_legal_move_that_the_rival_sees(game):
    bench, engine, kwargs, state, now = _engine_game(game)
    state, _events = engine.advance(state, now)
    last = None
    for _move in range(12):
        if engine.outcome(state) is not None:
            break
        seat, action = _mover(bench, state, engine, last)
        other = rival(game, engine.view(state, seat), seat, bench.seats)
        before = bench.progress(engine.view(state, other), seat) if bench.progress else None
        state, events = engine.apply(state, seat, action, now, **kwargs)  # raises if the bench's move is illegal
        assert events
        if bench.progress:
            assert bench.progress(engine.view(state, other), seat) > before
        last = seat
        now += timedelta(seconds=1)


def test_the_wordgrid_line_fills_the_grid_and_every_table_follows_it():
    bench, engine, kwargs, state, now = _engine_game("wordgrid")
    for _move in range(len(wordgrid_line())):
        assert grid_key(engine.view(state, state.turn)) in wordgrid_line()
        state, _events = engine.apply(state, state.turn, bench.act(engine.view(state, state.turn), 0), now, **kwargs)
    assert engine.outcome(state) is not None and state.reason == "grid_full"
    assert bench.act(engine.view(state, 0), 0) is None  # over: the board has no move


def test_a_claves_clue_is_never_a_board_word():
    bench, engine, _kwargs, state, _now = _engine_game("claves")
    view = engine.view(state, state.giver)
    board = {cell["word"] for cell in view["board"]}
    clue = bench.act({**view, "can_clue": True, "can_guess": False}, state.giver)
    assert clue["type"] == "clue" and clue["word"] not in board and clue["number"] == 1


# -- through the services -----------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_a_table_is_made_measured_stopped_and_started_again_through_the_services(game):
    from accounts.services import player_create_guest
    from bench.transport_tables import _start_next, make_tables, statements_per_move
    from games.models import Match
    from games.runtime.matches import match_stop

    bench = BENCHES[game]
    people = [SimpleNamespace(player_id=player_create_guest(nickname=f"Bench{n}").pk) for n in range(bench.seats)]
    made = make_tables(bench, people, 0, 1)[0]
    match = Match.objects.get(pk=made["match_id"])
    assert match.status == Match.PLAYING and [p.player_id for p in made["people"]] == [
        sitter["player"] for sitter in match.lineup
    ]
    if bench.state_path() is not None:
        assert match.state == json.loads(bench.state_path().read_text())
    counts = statements_per_move(bench, made)
    assert len(counts) == 2 and all(count > 0 for count in counts)
    assert Match.objects.get(pk=match.pk).version == match.version + 2
    match_stop(match_id=match.pk, reason="bench")
    table = Table(bench, made["code"], made["room_id"], made["host_id"], made["match_id"], [])
    assert _start_next(table) == "started"
    assert Match.objects.filter(room_id=made["room_id"]).count() == 2
