"""Record realistic `match`/`room`/`error` frames for the Letras Cruzadas board harness
(tests/e2e/harness/cruzadas.html).

The frames come from the real engine (games/cruzadas/engine.py) and the real Turkish list (its DAWG), so
the board is tested against what the server really sends. Moves come from the move generator
(games/cruzadas/movegen.py, the AI's), so every one passed the same validator as a person's; refusals are
the engine's own IllegalMove (code and English message) for a placement the test makes. Run from the
repository root after an engine or view change, and commit the result:

    PYTHONPATH=. .venv/bin/python tests/e2e/harness/make_cruzadas_frames.py

Writes tests/e2e/harness/cruzadas_frames.json: {"room": room frame (Ana in seat 0, Bob in seat 1, the viewer
is Ana), "spectator_room", "frames": {name: match frame}, "errors": {name: error frame}, "facts": {...}}.
"""

from __future__ import annotations

import copy
import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from games.cruzadas import engine, movegen, rules
from games.kit.errors import IllegalMove
from tests.e2e.harness.turns import turn_token
from wordlists.lexicon import dawg, lexicon

OUT = Path(__file__).resolve().parent / "cruzadas_frames.json"
T0 = datetime(2025, 6, 1, 12, 0, 0, tzinfo=UTC)
MATCH_ID = 71


def at(offset: float) -> datetime:
    return T0 + timedelta(seconds=offset)


def action_of(play: movegen.Play) -> dict[str, Any]:
    return {
        "type": "place",
        "tiles": [{"cell": i, "letter": letter, "blank": blank} for i, letter, blank in play.placement],
    }


class Recorder:
    """Plays a game through the engine and snapshots views as the consumer would send them."""

    def __init__(self, seed: int, match_id: int = MATCH_ID):
        self.rng = random.Random(seed)
        self.match_id = match_id
        self.state = engine.new_game({"language": "tr"}, engine.SEATS, self.rng, T0, words=lexicon, dawg=dawg)
        self.version = 1
        self.now = 0.0

    def fork(self, match_id: int | None = None) -> Recorder:
        other = copy.copy(self)
        other.state = copy.deepcopy(self.state)
        other.rng = random.Random(self.rng.random())
        if match_id is not None:
            other.match_id = match_id
        return other

    def act(self, seat: int, action: dict[str, Any], offset: float) -> None:
        self.now = offset
        self.state, _events = engine.apply(self.state, seat, action, at(offset), words=lexicon, dawg=dawg)
        self.version += 1

    def plays(self) -> list[movegen.Play]:
        s = self.state
        return movegen.generate(s.board, s.racks[s.turn], dawg(s.list_slug), s.ruleset, s.star_cell, s.star_spent)

    def best_move(self, offset: float, *, prefer=None, avoid_star: bool = True) -> movegen.Play | None:
        """Seat-to-move's best play by score (with `prefer` first when some play fits it); a pass when
        there is none. The ★25 square is kept for the frames unless the game is played out."""
        plays = self.plays()
        if avoid_star:
            plays = [p for p in plays if all(i != self.state.star_cell for i, _l, _b in p.placement)]
        if prefer is not None and any(prefer(p) for p in plays):
            plays = [p for p in plays if prefer(p)]
        seat = self.state.turn
        if not plays:
            self.act(seat, {"type": "pass"}, offset)
            return None
        play = max(plays, key=lambda p: (p.score, p.placement))
        self.act(seat, action_of(play), offset)
        return play

    def snap(self, offset: float, viewer: int | None = 0) -> dict[str, Any]:
        return {
            "type": "match",
            "v": self.version,
            "match_id": self.match_id,
            "view": engine.view(self.state, viewer),
            "server_time": at(offset).isoformat().replace("+00:00", "Z"),
            "turn": turn_token(self.match_id, self.version, viewer),
        }

    def refusal(self, seat: int, tiles: list[dict[str, Any]]) -> dict[str, Any]:
        """The error frame the consumer sends for this placement (English: the harness has no catalogue)."""
        try:
            engine.apply(
                self.state, seat, {"type": "place", "tiles": tiles}, at(self.now + 1), words=lexicon, dawg=dawg
            )
        except IllegalMove as error:
            return {"type": "error", "code": error.code, "message": error.text}
        raise AssertionError(f"{tiles} was accepted")


def room_frame(you: int | None) -> dict[str, Any]:
    """A `room` frame as docs/protocol.md describes it."""
    seats = [("player", "Ana"), ("player", "Bob")]
    return {
        "type": "room",
        "v": 3,
        "room": {
            "code": "C7Z4QA",
            "game": "cruzadas",
            "invite_url": "http://127.0.0.1:8000/r/C7Z4QA/",
            "status": "playing",
            "settings": {"seats": 2, "language": "tr", "ruleset": "tr-2"},
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


def first_seed() -> int:
    """The first seed whose opening rack (Ana's) holds a blank, an i and an ı: the harness places all three."""
    for seed in range(1000):
        rack = Recorder(seed).state.racks[0]
        if rules.BLANK in rack and "i" in rack and "ı" in rack and rack.count(rules.BLANK) == 1:
            return seed
    raise AssertionError("no seed gives the opening rack the harness needs")


def main() -> None:
    frames: dict[str, dict[str, Any]] = {}
    errors: dict[str, dict[str, Any]] = {}
    facts: dict[str, Any] = {}

    seed = first_seed()
    game = Recorder(seed)
    facts["seed"] = seed
    frames["start"] = game.snap(1.0)
    frames["start_other"] = game.snap(1.0, viewer=1)
    # The refusals the harness provokes on the empty board.
    rack = game.state.racks[0]
    off_centre = [
        {"cell": 0, "letter": rack[0] if rack[0] != rules.BLANK else rack[1], "blank": False},
        {"cell": 1, "letter": rack[2] if rack[2] != rules.BLANK else rack[3], "blank": False},
    ]
    errors["first_not_on_centre"] = game.refusal(0, off_centre)
    # A two-letter "word" across the centre that is not in the list: the server names it.
    letters = [t for t in rack if t != rules.BLANK]
    for a in letters:
        for b in letters:
            if (a != b or letters.count(a) > 1) and (a + b) not in dawg(game.state.list_slug):
                bad = [{"cell": 112, "letter": a, "blank": False}, {"cell": 113, "letter": b, "blank": False}]
                errors["not_a_word"] = game.refusal(0, bad)
                facts["not_a_word"] = {"tiles": bad, "word": a + b}
                break
        if "not_a_word" in facts:
            break

    # Ana opens with her blank (the best play that uses it), Bob answers, and so on: 4 moves, then it is
    # Ana's turn again. Bob's last move is the best one that forms two words or more.
    game.best_move(20, prefer=lambda p: any(b for _i, _l, b in p.placement))
    game.best_move(45)
    game.best_move(70)
    frames["before_turn"] = game.snap(71)  # Ana has played; Bob to move
    game.best_move(98, prefer=lambda p: len(rules.words_formed(game.state.board, p.placement)) >= 2)
    frames["playing"] = game.snap(110.5)
    frames["playing_spectator"] = game.snap(110.5, viewer=None)
    frames["playing_other"] = game.snap(110.5, viewer=1)
    facts["playing_last_words"] = frames["playing"]["view"]["last_move"]["words"]

    # Bob resigns on Ana's turn.
    resign = game.fork(match_id=72)
    resign.act(1, {"type": "resign"}, 120)
    frames["resign"] = resign.snap(121)

    # Ana passes; then (another branch) Ana exchanges her whole rack.
    passed = game.fork()
    passed.act(0, {"type": "pass"}, 120)
    frames["after_pass"] = passed.snap(121, viewer=1)
    exchanged = game.fork()
    exchanged.act(0, {"type": "exchange"}, 120)
    frames["after_exchange"] = exchanged.snap(121, viewer=1)

    # The whole game, best moves both sides (the ★25 square too), to its end.
    out = game.fork(match_id=73)
    late_saved = False
    while out.state.phase == engine.PLAYING:
        if not late_saved and len(out.state.bag) < 7 and out.state.turn == 0:
            frames["late"] = out.snap(out.now + 1)  # fewer tiles in the bag than Ana holds: no exchange
            late_saved = True
            # From here, four passes in a row end the game with no rack adjustment.
            stuck = out.fork(match_id=74)
            for n in range(4):
                stuck.act(stuck.state.turn, {"type": "pass"}, stuck.now + 5)
                if n == 2:
                    frames["three_passes"] = stuck.snap(stuck.now + 1)
            assert stuck.state.reason == engine.PASSES, stuck.state.reason
            frames["passes_end"] = stuck.snap(stuck.now + 1)
        out.best_move(out.now + 20, avoid_star=False)
        last = out.state.history[-1]
        if "star_move" not in frames and any(line["kind"] == "star" for line in last.breakdown):
            frames["star_move"] = out.snap(out.now + 1, viewer=1 - last.seat)  # the ★25 just spent
    assert "star_move" in frames, "nobody covered the ★25 square"
    assert late_saved and out.state.reason == engine.OUT, out.state.reason
    frames["out_end"] = out.snap(out.now + 1)

    data = {
        "room": room_frame(0),
        "spectator_room": room_frame(None),
        "frames": frames,
        "errors": errors,
        "facts": facts,
    }
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
