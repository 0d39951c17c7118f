"""Record realistic `match`/`room` frames for the Claves a Dúo board harness (tests/e2e/harness/claves.html).

The frames come from the real engine (games/claves/engine.py) and the real lists (claves-es-familiar,
claves-es-standard), so the board is tested against what the server really sends. The pair plays as
people would, except that the script knows both maps (it picks the words to touch). Run from the
repository root after an engine or view change, and commit the result:

    PYTHONPATH=. .venv/bin/python tests/e2e/harness/make_claves_frames.py

Writes tests/e2e/harness/claves_frames.json: {"room": room frame (Ana, the host, in seat 0, Bob in seat 1,
the viewer is Ana), "longest": the longest display words of both lists, "frames": {name: match frame}}.
"""

from __future__ import annotations

import copy
import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from games.claves import engine
from games.kit.errors import IllegalMove
from games.kit.words import WordSet
from tests.e2e.harness.turns import turn_token
from wordlists.alphabets import normalise
from wordlists.lexicon import lexicon

OUT = Path(__file__).resolve().parent / "claves_frames.json"
T0 = datetime(2025, 5, 1, 12, 0, 0, tzinfo=UTC)
MATCH_ID = 81
ANA, BOB = 0, 1
# Clue words tried in order; the first the engine accepts on the board is given.
CLUES = (
    "mar",
    "noche",
    "rápido",
    "frío",
    "verde",
    "música",
    "fiesta",
    "viaje",
    "cielo",
    "dulce",
    "ruido",
    "invierno",
    "metal",
    "redondo",
    "suave",
    "alto",
)


def at(offset: float) -> datetime:
    return T0 + timedelta(seconds=offset)


class Recorder:
    """Plays a game through the engine and snapshots views as the consumer would send them."""

    def __init__(self, seed: int, *, level: str = "familiar", turns: int = 9, match_id: int = MATCH_ID, words=lexicon):
        self.match_id = match_id
        self.words = words
        self.state = engine.new_game(
            {"level": level, "turns": turns}, engine.SEATS, random.Random(seed), T0, words=words
        )
        self.version = 1
        self.now = 0.0
        self.clues_used = 0

    def fork(self, match_id: int | None = None) -> Recorder:
        other = copy.copy(self)
        other.state = copy.deepcopy(self.state)
        if match_id is not None:
            other.match_id = match_id
            other.version = 1
        return other

    def act(self, seat: int, action: dict[str, Any]) -> None:
        self.now += 7
        # The curated nouns decide what is a variant of a board word, as the runtime passes them.
        self.state, _events = engine.apply(self.state, seat, action, at(self.now), words=lexicon)
        self.version += 1

    def clue(self, number: int = 2) -> str:
        """The giver gives the next clue word the engine accepts on this board."""
        for word in CLUES[self.clues_used :]:
            self.clues_used += 1
            try:
                self.act(self.state.giver, {"type": "clue", "word": word, "number": number})
            except IllegalMove:
                continue
            return word
        raise AssertionError("no clue word left")

    def cells(self, kind: str, *, of: int) -> list[int]:
        """Cells of `kind` on seat `of`'s map that the guesser may touch now."""
        return [cell for cell, here in enumerate(self.state.maps[of]) if here == kind and self.state.touchable(cell)]

    def touch(self, kind: str, *, unmarked: bool = False) -> int:
        """The guesser touches a word of `kind` on the giver's map (the map that decides); `unmarked`:
        one that carries no mark yet."""
        cells = self.cells(kind, of=self.state.giver)
        if unmarked:
            cells = [cell for cell in cells if not any(cell in marks for marks in self.state.marks)]
        cell = cells[0]
        self.act(self.state.guesser, {"type": "guess", "cell": cell})
        return cell

    def end_turn(self) -> None:
        self.act(self.state.guesser, {"type": "end_turn"})

    def snap(self, viewer: int | None = ANA) -> dict[str, Any]:
        return {
            "type": "match",
            "v": self.version,
            "match_id": self.match_id,
            "view": engine.view(self.state, viewer),
            "server_time": at(self.now + 1).isoformat().replace("+00:00", "Z"),
            "turn": turn_token(self.match_id, self.version, viewer),
        }


def room_frame(you: int | None) -> dict[str, Any]:
    """A `room` frame as docs/protocol.md describes it (with Claves' `people`: a spectator, Carla)."""
    names = ["Ana", "Bob"]
    return {
        "type": "room",
        "v": 4,
        "room": {
            "code": "K7Q2Z",
            "game": "claves",
            "bot_levels": [],
            "invite_url": "http://127.0.0.1:8000/r/K7Q2Z/",
            "status": "playing",
            "settings": {"level": "familiar", "turns": 9, "seats": 2},
            "seats": [
                {
                    "index": i,
                    "kind": "player",
                    "nickname": nick,
                    "tag": f"{1000 + i}",
                    "bot_level": None,
                    "online": True,
                    "is_you": i == you,
                    "is_host": i == 0,
                }
                for i, nick in enumerate(names)
            ],
            "you": {"seat": you, "is_host": you == 0, "spectator": you is None},
            "spectators": 1,
            "people": [
                {"id": 10 + i, "nickname": nick, "tag": f"{1000 + i}", "online": True, "seat": i if i < 2 else None}
                for i, nick in enumerate([*names, "Carla"])
            ],
            "match_id": MATCH_ID,
            "can_start": False,
        },
    }


def first_giver_seed(giver: int, start: int = 0, **options: Any) -> int:
    seed = start
    while Recorder(seed, **options).state.first_giver != giver:
        seed += 1
    return seed


def longest_words() -> list[str]:
    shown: dict[str, str] = {}
    for slug in ("claves-es-familiar", "claves-es-standard"):
        word_list = lexicon(slug)
        shown.update({word: word_list.display(word) for word in word_list.words})
    return sorted(shown.values(), key=lambda word: (-len(word), word))


def main() -> None:
    frames: dict[str, dict[str, Any]] = {}

    # A fresh familiar game, 9 turns; Ana gives the first clue.
    game = Recorder(first_giver_seed(ANA))
    frames["clue_giver"] = game.snap(ANA)
    frames["clue_guesser"] = game.snap(BOB)
    frames["clue_spectator"] = game.snap(None)

    # Turn 1: Ana's clue; Bob about to touch.
    game.clue(2)
    frames["guess_guesser"] = game.snap(BOB)
    frames["guess_giver"] = game.snap(ANA)
    frames["guess_spectator"] = game.snap(None)

    # Bob uncovers one of Ana's keys, then touches a word empty on her map: orange mark, turn over.
    game.touch(engine.KEY)
    game.touch(engine.EMPTY)
    # Turn 2: Bob's clue; Ana uncovers one of his keys, then an empty of his map: a blue mark.
    game.clue(1)
    game.touch(engine.KEY)
    game.touch(engine.EMPTY, unmarked=True)
    # Turn 3: Ana's clue; Bob uncovers another key and thinks: the orange mark cannot be touched now.
    game.clue(3)
    game.touch(engine.KEY)
    assert game.state.phase == engine.GUESS and game.state.giver == ANA
    assert game.state.marks[ANA] and game.state.marks[BOB] and set(game.state.marks[ANA]) != set(game.state.marks[BOB])
    frames["mid_guesser"] = game.snap(BOB)
    frames["mid_giver"] = game.snap(ANA)
    frames["mid_spectator"] = game.snap(None)

    # Bob touches a trap of Ana's map: lost.
    trap = game.fork(match_id=82)
    trap.touch(engine.TRAP)
    assert trap.state.result == engine.LOST and trap.state.reason == engine.TRAP_TOUCHED
    frames["lost_trap"] = trap.snap(ANA)
    frames["lost_trap_spectator"] = trap.snap(None)

    # The pair finds every key: each guesser touches all the giver's keys left, then ends the turn.
    won = game.fork(match_id=83)
    while won.state.phase != engine.FINISHED:
        if won.state.phase == engine.CLUE:
            won.clue(3)
        keys = won.cells(engine.KEY, of=won.state.giver)
        for _cell in keys:
            won.touch(engine.KEY)
            if won.state.phase == engine.FINISHED:
                break
        else:
            won.end_turn()
    assert won.state.result == engine.WON and won.state.turns_left > 0, won.state.turns_left
    frames["won"] = won.snap(ANA)
    frames["won_spectator"] = won.snap(None)

    # Nobody dares touch anything more: the turns run out with keys left.
    out = game.fork(match_id=84)
    out.end_turn()
    while out.state.phase != engine.FINISHED:
        out.clue(1)
        out.end_turn()
    assert out.state.result == engine.LOST and out.state.reason == engine.OUT_OF_TURNS
    frames["lost_turns"] = out.snap(BOB)

    # Someone left mid-game: the game stops and both maps are shown.
    stopped = game.fork(match_id=85)
    stopped.state, _events = engine.stop(stopped.state, at(stopped.now + 5), engine.INTERRUPTED)
    stopped.version += 1
    frames["stopped"] = stopped.snap(ANA)

    # A board of the 25 longest words of both lists (helicóptero, mantequilla, murciélago...), with a mark
    # and an uncovered key on it, as Bob sees it while guessing.
    longest = longest_words()
    chosen = longest[: engine.BOARD_SIZE]
    normalised = {normalise("es", word): word for word in chosen}
    long_list = WordSet(tuple(normalised), normalised)
    long = Recorder(
        first_giver_seed(ANA, level="standard", words=lambda _slug: long_list),
        level="standard",
        match_id=86,
        words=lambda _slug: long_list,
    )
    long.clue(2)
    long.touch(engine.KEY)
    long.touch(engine.EMPTY)
    long.clue(2)
    long.touch(engine.KEY)
    long.touch(engine.EMPTY)
    long.clue(2)
    frames["long_words"] = long.snap(BOB)

    data = {"room": room_frame(ANA), "longest": longest[:6], "frames": frames}
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
