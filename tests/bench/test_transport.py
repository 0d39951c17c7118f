"""The transport table's arithmetic (bench/transport.py, issue 16) on fixed inputs: nothing timed."""

import pytest

from bench.stack import stat_cpu_seconds
from bench.transport import cpu_ms_per_move, medians, ratios, side_by_side, summary

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


def test_the_side_by_side_table_pairs_each_load_and_gives_the_ratio():
    def step(path, repeat, p50, p99, cpu):
        found = summary([p50, p99], offered=300, accepted=300, delivered=300, seconds=10, cpu_ms=cpu)
        found.update(p50=p50, p99=p99, sockets=100, rate=30, path=path, repeat=repeat, load=(1.5, 1, 1))
        found["refused"] = {}
        return found

    results = [step("bare", 1, 2.0, 6.0, 3.0), step("real", 1, 20.0, 120.0, 18.0)]
    results += [step("bare", 2, 4.0, 10.0, 4.0), step("real", 2, 22.0, 130.0, 20.0)]
    text, rows = side_by_side(results, [8, 8])
    assert len(rows) == 1
    assert rows[0]["ratios"] == {
        "p50": pytest.approx(7.0),
        "p99": pytest.approx(15.625),
        "cpu_ms_per_move": pytest.approx(19 / 3.5),
    }
    lines = text.splitlines()
    assert any(line.startswith("| 100, 30/s | real / bare | | | 7.00x") for line in lines)
    assert "SQL statements per move" in text and "[8, 8]" in text
