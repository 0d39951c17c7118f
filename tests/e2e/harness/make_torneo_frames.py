"""Record realistic `match`/`room` frames for the Torneo board harness (tests/e2e/harness/torneo.html).

One 8-seat Spanish tournament is played through the real engine (games/torneo/engine.py) with the real
word lists and fixed duel words, from the first intro to the standings: Ana (seat 0) wins every duel she
plays; among the others the lower seat wins, except that the first other duel of round 1 is a draw and
two players on their last life draw (so they fall together and share a place); Gala (seat 6) leaves in
round 3. Turns run out now and then (skipped rows). Snapshots are taken as given seats (or a spectator)
see them, with `server_time`, and with `ratings` as games.runtime.rated adds them for a rated room
(computed here with games.torneo.rating from made-up ratings at the start). The engine's refusals of bad
guesses are recorded too. Run from the repository root after an engine or view change, and commit:

    PYTHONPATH=. .venv/bin/python tests/e2e/harness/make_torneo_frames.py

Writes tests/e2e/harness/torneo_frames.json:
{"rooms": {name: room frame}, "frames": {name: match frame}, "errors": {code: error frame},
 "seats": {role: seat}, "round1_words": [hidden word of each duel of round 1]}
(roles: Ana's rival in round 1, who is knocked out, who has a bye, who left, who plays the last row of the
first round's draw).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from accounts.nicknames import bot_name
from games.kit.errors import IllegalMove
from games.torneo import engine, rating
from tests.e2e.harness.turns import turn_token
from wordlists.lexicon import lexicon

OUT = Path(__file__).resolve().parent / "torneo_frames.json"
T0 = datetime(2025, 6, 1, 18, 0, 0, tzinfo=UTC)
MATCH_ID = 77
ANA, LEAVER = 0, 6
NAMES = ["Ana", "Bob", "Cleo", "Dani", "Eva", "Fede", "Gala", "Hugo"]
RATINGS_BEFORE = [1012, 1000, 987, 1003, 995, 1020, 990, 1008]
# Round 1's words by hand (Ana's duel gets one of them); the rest are drawn from the hidden lists.
FIRST_ROUND = ["mesa", "perro", "ciudad", "lunes"]


def at(when: datetime) -> str:
    return when.isoformat().replace("+00:00", "Z")


def duel_words() -> list[list[str]]:
    rng = random.Random(2025)
    used = set(FIRST_ROUND)
    blocks = [list(FIRST_ROUND)]
    for _round in range(engine.max_rounds(8) - 1):
        block = []
        for _duel in range(4):
            length = rng.choice(engine.WORD_LENGTHS)
            word = lexicon(engine.list_slugs("es", length)[1]).choose(rng, exclude=used)
            used.add(word)
            block.append(word)
        blocks.append(block)
    return blocks


@dataclass
class Row:
    """One row of a duel's script: a guess after `delay` seconds of the turn, a skipped turn (the clock
    runs out), or `leave` (the seat leaves the tournament `delay` seconds into this turn)."""

    kind: str  # "guess" | "skip" | "leave"
    word: str | None = None
    delay: float = 0.0
    seat: int | None = None  # for "leave"


class Recorder:
    def __init__(self) -> None:
        self.state = engine.new_game(
            {"language": "es", "duel_words": duel_words()}, 8, random.Random(3), T0, words=lexicon
        )
        self.version = 1
        self.frames: dict[str, dict[str, Any]] = {}
        self.errors: dict[str, dict[str, Any]] = {}
        self.seats: dict[str, int] = {}
        self.rng = random.Random(9)

    # -- moving the tournament ---------------------------------------------------------------------------
    def apply(self, seat: int, action: dict[str, Any], when: datetime) -> None:
        self.state, _events = engine.apply(self.state, seat, action, when, words=lexicon)
        self.version += 1

    def advance(self, when: datetime) -> None:
        self.state, events = engine.advance(self.state, when)
        if events:
            self.version += 1

    def refusal(self, seat: int, word: str, when: datetime) -> None:
        try:
            engine.apply(self.state, seat, {"type": "guess", "word": word}, when, words=lexicon)
        except IllegalMove as error:
            self.errors[error.code] = {"type": "error", "code": error.code, "message": error.text, "ref": None}
        else:
            raise AssertionError(f"{word!r} was accepted")

    # -- what a viewer gets ------------------------------------------------------------------------------
    def ratings(self) -> dict[str, dict[str, int]]:
        places = self.state.places
        out = {}
        for seat, place in enumerate(places):
            if place is not None:
                change = rating.change_at_placement(RATINGS_BEFORE, places, seat)
                before = RATINGS_BEFORE[seat]
                out[str(seat)] = {"before": before, "after": before + change, "change": change}
        return out

    def snap(self, name: str, viewer: int | None, when: datetime, *, rated: bool = True) -> None:
        self.frames[name] = {
            "type": "match",
            "v": self.version,
            "match_id": MATCH_ID,
            "view": engine.view(self.state, viewer),
            "server_time": at(when),
            "ratings": self.ratings() if rated else None,
            "turn": turn_token(MATCH_ID, self.version, viewer),
        }

    # -- scripts for duels ------------------------------------------------------------------------------
    def wrong(self, duel: engine.Duel) -> str:
        words = lexicon(engine.list_slugs("es", duel.length)[1]).words
        while (word := words[self.rng.randrange(len(words))]) == duel.hidden:
            pass
        return word

    def delay(self) -> float:
        return float(self.rng.randint(4, 14))

    def script(self, duel: engine.Duel) -> list[Row]:
        state = self.state
        number = state.current.number
        first, second = duel.seats
        others = [d for d in state.current.duels if ANA not in d.seats]
        draw = (number == 1 and others and duel is others[0]) or (
            state.lives[first] == state.lives[second] == 1 and len(state.still_in()) > 2
        )
        if number == 1 and ANA in duel.seats:
            return self.ana_first_duel(duel)
        rows: list[Row] = []
        if draw:
            for index in range(2 * engine.TURNS_EACH):
                rows.append(Row("skip") if index % 5 == 3 else Row("guess", self.wrong(duel), self.delay()))
            return rows
        winner = min(duel.seats)
        solve_on = 2 + (number + winner) % 2  # the winner's 2nd or 3rd turn
        turns = {first: 0, second: 0}
        for index in range(2 * engine.TURNS_EACH):
            seat = duel.seats[index % 2]
            turns[seat] += 1
            if seat == LEAVER and number >= 3 and turns[seat] == 1 and "left" not in self.seats:
                self.seats["left"] = LEAVER
                return [*rows, Row("leave", delay=6, seat=LEAVER)]
            if seat == winner and turns[seat] == solve_on:
                return [*rows, Row("guess", duel.hidden, self.delay())]
            skip = seat != winner and turns[seat] == 2 and number % 2 == 0
            rows.append(Row("skip") if skip else Row("guess", self.wrong(duel), self.delay()))
        return rows

    def ana_first_duel(self, duel: engine.Duel) -> list[Row]:
        """Ana's round-1 duel, by hand: her rival lets the first turn run out, Ana solves on her third."""
        rival = next(seat for seat in duel.seats if seat != ANA)
        self.seats["rival"] = rival
        mine = [Row("guess", "barco", 9), Row("guess", "terco", 12), Row("guess", duel.hidden, 8)]
        theirs = [Row("skip"), Row("guess", "cielo", 7), Row("guess", "piano", 7)]
        order = [mine if seat == ANA else theirs for seat in duel.seats]
        return [order[index % 2][index // 2] for index in range(5)]

    # -- a round ------------------------------------------------------------------------------------------
    def play_round(self) -> None:
        state = self.state
        current = state.current
        number = current.number
        self.intro_snaps(number)
        self.advance(current.opens_at)
        scripts = {tuple(duel.seats): self.script(duel) for duel in self.state.current.duels}
        actions = 0
        while self.state.phase == engine.PLAYING and self.state.current.number == number:
            pending = []
            for duel in self.state.current.duels:
                if duel.over:
                    continue
                row = scripts[tuple(duel.seats)][len(duel.rows)]
                when = duel.turn_ends_at if row.kind == "skip" else duel.turn_started_at + timedelta(seconds=row.delay)
                pending.append((when, tuple(duel.seats), row))
            when, seats, row = min(pending, key=lambda item: (item[0], item[1]))
            duel = next(d for d in self.state.current.duels if tuple(d.seats) == seats)
            self.before(number, duel, row, when)
            if row.kind == "skip":
                self.advance(when)
            elif row.kind == "leave":
                self.apply(row.seat, {"type": "leave"}, when)
            else:
                self.apply(duel.to_play, {"type": "guess", "word": row.word}, when)
            actions += 1
            self.after(number, duel, row, when, actions)

    def intro_snaps(self, number: int) -> None:
        current = self.state.current
        when = current.intro_at + timedelta(seconds=1.5)
        if number == 1:
            self.snap("intro", ANA, when)
            self.snap("intro_spectator", None, when)
        elif number == 2:
            self.snap("intro_next", ANA, when)
        if current.bye is not None and "bye" not in self.seats and current.bye != ANA:
            self.seats["bye"] = current.bye
            self.snap("intro_bye", ANA, when)
            self.snap("intro_bye_seat", current.bye, when)
        out = self.seats.get("out")
        if out is not None and "out_placed" not in self.frames and self.state.places[out] is not None:
            self.snap("out_placed_intro", out, when)

    def before(self, number: int, duel: engine.Duel, row: Row, when: datetime) -> None:
        if number == 1 and ANA in duel.seats and duel.to_play == ANA and row.word == "terco":
            # Ana's second turn, 9 s in: what she, her rival and a spectator see; and her bad guesses.
            moment = duel.turn_started_at + timedelta(seconds=9)
            self.snap("my_turn", ANA, moment)
            self.snap("rival_waits", self.seats["rival"], moment)
            self.snap("spectator", None, moment)
            for word in ("zzzzz", "pe", "per5o"):
                self.refusal(ANA, word, moment)
        others = [d for d in self.state.current.duels if ANA not in d.seats]
        if number == 1 and duel is others[0] and len(duel.rows) == 2 * engine.TURNS_EACH - 1:
            # The draw's last row: the board filled to its twelfth row, as the player to fill it sees it.
            self.seats["last_row"] = duel.to_play
            self.snap("last_row", duel.to_play, duel.turn_started_at + timedelta(seconds=5))

    def after(self, number: int, duel: engine.Duel, row: Row, when: datetime, actions: int) -> None:
        state = self.state
        soon = when + timedelta(seconds=2)
        if number == 1 and ANA in duel.seats:
            if row.word == "terco":
                self.snap("their_turn", ANA, soon)
                self.refusal(ANA, "cielo", soon)  # not her turn
            elif row.word == "cielo":
                self.snap("my_turn_next", ANA, soon)  # her turn again, after her rival's
            elif row.word == duel.hidden:
                self.snap("won", ANA, soon)
                self.snap("won_spectator", None, soon)
        if "out" not in self.seats and state.phase == engine.PLAYING:
            fallen = [
                seat
                for seat in range(8)
                if state.lives[seat] == 0 and state.places[seat] is None and not state.left[seat]
            ]
            if fallen:
                self.seats["out"] = fallen[0]
                self.snap("out_pending", fallen[0], soon)
        out = self.seats.get("out")
        if (
            out is not None
            and "out_placed" not in self.frames
            and state.places[out] is not None
            and state.phase == engine.PLAYING
        ):
            self.snap("out_placed", out, soon)
        if (
            state.current.bye is not None
            and state.current.bye == self.seats.get("bye")
            and "bye" not in self.frames
            and state.phase == engine.PLAYING
            and actions >= 3
        ):
            self.snap("bye", state.current.bye, soon)
        if row.kind == "leave":
            self.snap("someone_left", ANA, soon)

    def play(self) -> None:
        while self.state.phase != engine.FINISHED:
            self.play_round()
        end = self.state.finished_at + timedelta(seconds=3)
        self.snap("finished", ANA, end)
        self.snap("finished_practice", ANA, end, rated=False)
        self.snap("finished_spectator", None, end)
        out = self.seats["out"]
        self.snap("finished_out", out, end)


def room_frame(*, you: int | None, rated: bool, group: str | None = None) -> dict[str, Any]:
    """A `room` frame as games.runtime.views.room_snapshot makes it. Rated: eight people; practice: four
    friends and four bots, from a group."""
    seats = []
    for index in range(8):
        bot = not rated and index >= 4
        seats.append(
            {
                "index": index,
                "kind": "bot" if bot else "player",
                "nickname": bot_name(index) if bot else NAMES[index],  # as the room names them
                "tag": None if bot else f"{1200 + index}",
                "bot_level": "medium" if bot else None,
                "online": index != 7,
                "is_you": index == you,
                "is_host": False,
            }
        )
    settings: dict[str, Any] = {"language": "es", "rated": rated, "seats": 8}
    if group:
        settings["group"] = group
    return {
        "type": "room",
        "v": 5,
        "room": {
            "code": "T8RN4Q",
            "game": "torneo",
            "bot_levels": ["easy", "medium", "hard"],
            "invite_url": "http://127.0.0.1:8000/r/T8RN4Q/",
            "status": "playing",
            "settings": settings,
            "seats": seats,
            "you": {"seat": you, "is_host": False, "spectator": you is None},
            "spectators": 2,
            "people": [],
            "match_id": MATCH_ID,
            "can_start": False,
        },
    }


def main() -> None:
    recorder = Recorder()
    recorder.play()
    data = {
        "rooms": {
            "rated": room_frame(you=ANA, rated=True),
            "practice": room_frame(you=ANA, rated=False, group="AMIGOS7"),
        },
        "frames": recorder.frames,
        "errors": recorder.errors,
        "seats": recorder.seats,
        "round1_words": FIRST_ROUND,  # duel i of round 1 hides word i: a test checks none leaks early
    }
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    outcome = engine.outcome(recorder.state)
    print(
        f"wrote {OUT}: {len(recorder.frames)} frames, {outcome.details['rounds']} rounds, "
        f"places {list(outcome.places)}, "
        f"seats {recorder.seats}, errors {sorted(recorder.errors)}"
    )


if __name__ == "__main__":
    main()
