"""The soak's outage bookkeeping on the servers' logs: which lines an outage wrote, and when the worker's
own lines say it ran again. Plain files, no Redis."""

from datetime import datetime

from bench.soak import checks, outage


def celery_line(at: datetime, text: str) -> str:
    return f"[{at.strftime('%Y-%m-%d %H:%M:%S')},{at.microsecond // 1000:03d}: INFO/MainProcess] {text}"


def test_the_worker_is_back_when_its_log_lines_say_so_not_when_they_are_read():
    back = datetime(2026, 12, 1, 12, 0, 10)
    lines = [
        celery_line(datetime(2026, 12, 1, 12, 0, 9, 500000), "Task games.bot_move[a1] succeeded in 0.1s: True"),
        "Traceback (most recent call last):",  # no time of its own
        celery_line(datetime(2026, 12, 1, 12, 0, 10, 200000), "Connected to redis://:**@127.0.0.1:5/0"),
        celery_line(datetime(2026, 12, 1, 12, 0, 11, 700000), "Task games.bot_move[b2] succeeded in 0.1s: True"),
        celery_line(datetime(2026, 12, 1, 12, 0, 30), "Task games.bot_move[c3] succeeded in 0.1s: False"),
    ]
    found = {}
    outage.first_after(lines, back.timestamp(), found)
    assert {name: seconds for name, (seconds, _line) in found.items()} == {"reconnected": 0.2}
    assert outage.stamp("Traceback (most recent call last):") is None


def test_new_lines_are_whole_lines_only(tmp_path):
    path = tmp_path / "worker.log"
    path.write_bytes(b"one\ntwo\nthr")
    lines, offset = outage.new_lines(path, 0)
    assert lines == ["one", "two"] and offset == 8
    with path.open("ab") as file:
        file.write(b"ee\n")
    assert outage.new_lines(path, offset) == (["three"], 14)
    assert outage.new_lines(tmp_path / "missing.log", 3) == ([], 3)


def test_tracebacks_written_during_an_outage_are_told_apart_from_the_others(tmp_path):
    before = "Traceback (most recent call last):\n  a crash before\n"
    during = "Exception inside application: Error 111 connecting\nTraceback (most recent call last):\n"
    after = "CRITICAL a crash after\n"
    (tmp_path / "daphne-1.log").write_text(before + during + after)
    (tmp_path / "beat.log").write_text("all quiet\n")
    start = len(before.encode())
    outside, inside = checks.log_alarms(
        tmp_path, [({"daphne-1": start, "beat": 0}, {"daphne-1": start + len(during.encode()), "beat": 10})]
    )
    assert [hit.split(" | ")[0] for hit in outside["daphne-1"]] == [
        "Traceback (most recent call last):",
        "CRITICAL a crash after",
    ]
    assert len(inside["daphne-1"]) == 2 and "beat" not in outside and "beat" not in inside
    assert checks.log_alarms(tmp_path)[1] == {}  # no outage: everything counts
