"""Record realistic `match`/`room` frames for the Wordgrid board harness (tests/e2e/harness/wordgrid.html).

The frames come from the real engine (games/wordgrid/engine.py) and the real list, so the board is tested
against what the server really sends. Moves are the bots' (seeded), so every one passed the same
validator as a person's. Run from the repository root after an engine or view change, and commit the
result:

    PYTHONPATH=. .venv/bin/python tests/e2e/harness/make_wordgrid_frames.py

Writes tests/e2e/harness/wordgrid_frames.json: {"room": room frame (Ana in seat 0, Bob in seat 1, the
viewer is Ana), "spectator_room": the same room seen by a spectator, "frames": {name: match frame}}.
"""

from __future__ import annotations

import copy
import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from games.wordgrid import bots, engine
from tests.e2e.harness.turns import turn_token
from wordlists.lexicon import dawg, lexicon

OUT = Path(__file__).resolve().parent / "wordgrid_frames.json"
T0 = datetime(2025, 5, 1, 12, 0, 0, tzinfo=UTC)
MATCH_ID = 61


def at(offset: float) -> datetime:
    return T0 + timedelta(seconds=offset)


class Recorder:
    """Plays a game through the engine and snapshots views as the consumer would send them."""

    def __init__(self, seed: int, match_id: int = MATCH_ID):
        self.rng = random.Random(seed)
        self.match_id = match_id
        self.state = engine.new_game({}, engine.SEATS, self.rng, T0, words=lexicon, dawg=dawg)
        self.version = 1
        self.now = 0.0

    def fork(self) -> Recorder:
        other = copy.copy(self)
        other.state = copy.deepcopy(self.state)
        other.rng = random.Random(self.rng.random())
        return other

    def act(self, seat: int, action: dict[str, Any], offset: float) -> None:
        self.now = offset
        self.state, _events = engine.apply(self.state, seat, action, at(offset), words=lexicon, dawg=dawg)
        self.version += 1

    def bot_move(self, level: str, offset: float) -> None:
        seat = self.state.turn
        self.act(seat, bots.bot_action(self.state, seat, level, self.rng, words=lexicon, dawg=dawg), offset)

    def play_out(self, level: str, step: float) -> None:
        while self.state.phase == engine.PLAYING:
            self.bot_move(level, self.now + step)

    def advance(self, offset: float) -> None:
        self.now = offset
        self.state, _events = engine.advance(self.state, at(offset))
        self.version += 1

    def snap(self, offset: float, viewer: int | None = 0) -> dict[str, Any]:
        return {
            "type": "match",
            "v": self.version,
            "match_id": self.match_id,
            "view": engine.view(self.state, viewer),
            "server_time": at(offset).isoformat().replace("+00:00", "Z"),
            "turn": turn_token(self.match_id, self.version, viewer),
        }


def room_frame(you: int | None) -> dict[str, Any]:
    """A `room` frame as docs/protocol.md describes it."""
    seats = [("player", "Ana"), ("player", "Bob")]
    return {
        "type": "room",
        "v": 3,
        "room": {
            "code": "K7Q2ZD",
            "game": "wordgrid",
            "invite_url": "http://127.0.0.1:8000/r/K7Q2ZD/",
            "status": "playing",
            "settings": {"seats": 2},
            "seats": [
                {
                    "index": i,
                    "kind": kind,
                    "nickname": nick,
                    "tag": f"{1000 + i}",
                    "bot_level": None,
                    "online": True,
                    "is_you": i == you,
                    "is_host": i == 0,
                }
                for i, (kind, nick) in enumerate(seats)
            ],
            "you": {"seat": you, "is_host": you == 0, "spectator": you is None},
            "spectators": 1,
            "match_id": MATCH_ID,
            "can_start": True,
        },
    }


def main() -> None:
    frames: dict[str, dict[str, Any]] = {}

    # A fresh game: SHEEP on the middle row, Ana (seat 0) to move, 10:00 each.
    game = Recorder(seed=3)
    frames["start"] = game.snap(1.0)

    # Four moves (Ana, Bob, Ana, Bob), then Ana thinks for 12.5 s: her clock runs, Bob's stands.
    for offset in (20, 45, 70, 98):
        game.bot_move("medium", offset)
    frames["playing"] = game.snap(110.5)
    frames["playing_spectator"] = game.snap(110.5, viewer=None)
    frames["playing_other"] = game.snap(110.5, viewer=1)  # Bob waits for Ana

    # Bob offers a draw on Ana's turn: Ana may accept or decline; Bob sees his offer pending.
    offer = game.fork()
    offer.act(1, {"type": "offer_draw"}, 115)
    frames["offer_received"] = offer.snap(116)
    frames["offer_sent"] = offer.snap(116, viewer=1)
    offer.act(0, {"type": "accept_draw"}, 130)
    frames["agreed_draw"] = offer.snap(131)

    # Ana lets her clock run out (at 70 + her remaining time): she loses, whatever the score.
    flag = game.fork()
    deadline = engine.next_deadline(flag.state)
    assert deadline is not None
    flag.advance((deadline - T0).total_seconds() + 1)
    frames["timeout"] = flag.snap(flag.now + 1)

    # Bob resigns on Ana's turn.
    resign = game.fork()
    resign.act(1, {"type": "resign"}, 120)
    frames["resign"] = resign.snap(121)

    # Whole games to a full grid, easy bots: seed 0 ends 27-24 for Ana; seed 1 ends 27-27, a tie that
    # goes to the second player (Bob).
    won = Recorder(seed=0, match_id=62)
    won.play_out("easy", 9)
    assert won.state.reason == engine.GRID_FULL and won.state.winner == 0, won.state.scores()
    frames["won"] = won.snap(won.now + 1)
    tie = Recorder(seed=1, match_id=63)
    tie.play_out("easy", 9)
    scores = tie.state.scores()
    assert tie.state.reason == engine.GRID_FULL and scores[0] == scores[1] and tie.state.winner == 1, scores
    frames["tie"] = tie.snap(tie.now + 1)

    data = {"room": room_frame(0), "spectator_room": room_frame(None), "frames": frames}
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
