"""Record realistic `match`/`room` frames for the Duelo board harness (tests/e2e/harness/duelo.html).

The frames come from the real engine and word lists, so the board is tested against what the server
really sends. Run from the repository root after an engine or view change, and commit the result:

    PYTHONPATH=. .venv/bin/python tests/e2e/harness/make_frames.py

Writes tests/e2e/harness/frames.json: {scenario: {"room": room frame, "frames": {name: match frame}}}.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from games.duelo import engine
from tests.e2e.harness.turns import turn_token
from wordlists.lexicon import lexicon

OUT = Path(__file__).resolve().parent / "frames.json"
T0 = datetime(2025, 5, 1, 12, 0, 0, tzinfo=UTC)


def at(offset: float) -> datetime:
    return T0 + timedelta(seconds=offset)


class Recorder:
    """Plays a match through the engine and snapshots one seat's view as the consumer would send it."""

    def __init__(self, settings: dict[str, Any], seats: int, viewer: int | None, match_id: int):
        self.match_id = match_id
        self.state = engine.new_game(settings, seats, random.Random(7), T0, words=lexicon)
        self.viewer = viewer
        self.version = 1
        self.frames: dict[str, dict[str, Any]] = {}

    def guess(self, seat: int, word: str, offset: float) -> None:
        self.state, _events = engine.apply(self.state, seat, {"type": "guess", "word": word}, at(offset), words=lexicon)
        self.version += 1

    def advance(self, offset: float) -> None:
        self.state, _events = engine.advance(self.state, at(offset))
        self.version += 1

    def snap(self, name: str, offset: float, viewer: int | None | str = "default") -> None:
        seat = self.viewer if viewer == "default" else viewer
        self.frames[name] = {
            "type": "match",
            "v": self.version,
            "match_id": self.match_id,
            "view": engine.view(self.state, seat),
            "server_time": at(offset).isoformat().replace("+00:00", "Z"),
            "turn": turn_token(self.match_id, self.version, seat),
        }


def room_frame(
    language: str, seats: list[tuple[str, str, str | None]], you: int | None, match_id: int, status: str = "playing"
) -> dict[str, Any]:
    """A `room` frame as docs/protocol.md describes it. seats: (kind, nickname, bot_level)."""
    return {
        "type": "room",
        "v": 3,
        "room": {
            "code": "K7Q2ZD",
            "game": "duelo",
            "invite_url": "http://127.0.0.1:8000/r/K7Q2ZD/",
            "status": status,
            "settings": {"language": language, "rounds": 3, "round_seconds": 90, "seats": len(seats)},
            "seats": [
                {
                    "index": i,
                    "kind": kind,
                    "nickname": nick,
                    "tag": f"{1000 + i}",
                    "bot_level": level,
                    "online": kind != "empty",
                    "is_you": i == you,
                    "is_host": i == 0,
                }
                for i, (kind, nick, level) in enumerate(seats)
            ],
            "you": {"seat": you, "is_host": you == 0, "spectator": you is None},
            "spectators": 1,
            "match_id": match_id,
            "can_start": True,
        },
    }


def spanish() -> dict[str, Any]:
    """Three seats, three rounds: every phase, a closing countdown, a single winner."""
    rec = Recorder(
        {"language": "es", "rounds": 3, "round_seconds": 90, "hidden_words": ["ábaco", "perro", "cielo"]},
        3,
        viewer=0,
        match_id=42,
    )
    rec.snap("starting", 0.4)
    rec.advance(2.6)
    rec.snap("opened", 2.7)
    rec.guess(0, "bollo", 10)
    rec.guess(1, "cielo", 12)
    rec.guess(2, "playa", 15)
    rec.guess(0, "barco", 20)
    rec.guess(1, "nieve", 25)
    rec.snap("playing", 26)
    rec.snap("spectator", 26, viewer=None)
    rec.guess(1, "ábaco", 30)
    rec.snap("closing", 31)
    rec.guess(0, "abaco", 35)
    rec.guess(2, "árbol", 40)
    rec.advance(50.5)
    rec.snap("ending", 51)
    # Round 2: seat 0 first in two; seat 1 in three; seat 2 runs out of rows.
    rec.advance(57.1)
    rec.advance(59.7)
    rec.guess(0, "barco", 70)
    rec.guess(1, "cielo", 71)
    rec.guess(0, "perro", 80)
    rec.snap("round2", 81)
    rec.guess(1, "berro", 84)
    rec.guess(1, "perro", 90)
    for i, word in enumerate(["playa", "nieve", "arbol", "barco", "cielo", "bollo"]):
        rec.guess(2, word, 91 + i)
    # Round 3 (word CIELO): seat 1 first in two, seat 0 second in three, seat 2 third in six.
    rec.advance(104)  # round 2 ended when everyone was done; its end card runs out
    rec.advance(107)
    rec.guess(1, "nieve", 110)
    rec.guess(0, "barco", 111)
    rec.guess(1, "cielo", 115)
    rec.guess(0, "ciego", 116)
    rec.guess(0, "cielo", 118)
    for i, word in enumerate(["playa", "nieve", "arbol", "barco", "bollo", "cielo"]):
        rec.guess(2, word, 119 + i)
    rec.advance(140)
    rec.snap("finished", 141)
    room = room_frame("es", [("player", "Ana", None), ("player", "Bob", None), ("bot", "Bot", "hard")], 0, 42)
    return {"room": room, "frames": rec.frames}


def english_shared_victory() -> dict[str, Any]:
    """One round, three seats: seat 1 first in three (55), the bot second in five (30), seat 0 third in
    two (55): a shared victory."""
    rec = Recorder(
        {"language": "en", "rounds": 1, "round_seconds": 60, "hidden_words": ["crane"]}, 3, viewer=0, match_id=43
    )
    rec.advance(2.6)
    rec.guess(1, "slate", 5)
    rec.guess(1, "trace", 8)
    rec.guess(1, "crane", 12)
    for i, word in enumerate(["slate", "brine", "trace", "grace", "crane"]):
        rec.guess(2, word, 13 + i / 2)
    rec.guess(0, "brine", 15)
    rec.guess(0, "crane", 16)
    rec.advance(30)
    rec.snap("finished", 31)
    room = room_frame("en", [("player", "Ana", None), ("player", "Bob", None), ("bot", "Bot", "easy")], 0, 43)
    return {"room": room, "frames": rec.frames}


def english_draw() -> dict[str, Any]:
    """One round that nobody solves: every total is 0, a draw."""
    rec = Recorder(
        {"language": "en", "rounds": 1, "round_seconds": 60, "hidden_words": ["crane"]}, 2, viewer=1, match_id=44
    )
    rec.advance(2.6)
    rec.guess(0, "slate", 5)
    rec.advance(80)
    rec.snap("finished", 81)
    room = room_frame("en", [("player", "Ana", None), ("player", "Bob", None)], 1, 44)
    return {"room": room, "frames": rec.frames}


def korean() -> dict[str, Any]:
    """Two seats in Korean; the player has played 배우 against 사람."""
    rec = Recorder(
        {"language": "ko", "rounds": 1, "round_seconds": 90, "hidden_words": ["사람"]}, 2, viewer=0, match_id=45
    )
    rec.advance(2.6)
    rec.guess(0, "배우", 10)
    rec.guess(1, "학교", 12)
    rec.snap("playing", 13)
    rec.guess(0, "사람", 20)
    rec.advance(41)
    rec.snap("ending", 42)
    room = room_frame("ko", [("player", "지민", None), ("bot", "Bot", "medium")], 0, 45)
    return {"room": room, "frames": rec.frames}


def turkish() -> dict[str, Any]:
    """Turkish: I/ı and İ/i are different keys and different hints."""
    rec = Recorder(
        {"language": "tr", "rounds": 1, "round_seconds": 90, "hidden_words": ["kısal"]}, 2, viewer=0, match_id=46
    )
    rec.advance(2.6)
    rec.guess(0, "iğnem", 10)
    rec.guess(0, "abacı", 20)
    rec.snap("playing", 21)
    room = room_frame("tr", [("player", "Ayşe", None), ("bot", "Bot", "easy")], 0, 46)
    return {"room": room, "frames": rec.frames}


def main() -> None:
    scenarios = {
        "es": spanish(),
        "en_shared": english_shared_victory(),
        "en_draw": english_draw(),
        "ko": korean(),
        "tr": turkish(),
    }
    OUT.write_text(json.dumps(scenarios, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
