"""The five games of the transport bench (bench/transport.py): how each one's tables are made and what
move a person at a seat makes on the view the server last sent it.

Each game's move is the cheapest ordinary move a person makes in it:

- **duelo** (Duelo de Palabras, two seats, no bots; 5 rounds of 120 s, Spanish): a guess of a valid
  word that is not the hidden one (the seat's n-th guess of a round is the n-th of six fixed words of the
  valid list); guesses are simultaneous: the seats take the moves in turn, and a seat whose board says it
  cannot guess (six guesses used, solved, a start or end card) leaves the move to the other.
- **torneo** (Torneo, 8 seats, unrated, Spanish): a guess in one 1v1 duel of the bracket, by the seat
  whose turn it is in that duel (the duels of a tournament take the moves in turn); the n-th guess of a
  seat in a duel is the n-th of six fixed valid words of the duel's length.
- **wordgrid** (Wordgrid): a letter placement and its word (`{"type": "move", "cell", "letter", "path"}`),
  from one line of play computed once from the start grid (every game starts from SHEEP, so every table
  plays the same line: the shortest legal word each time, ties by cell and letter).
- **cruzadas** (Letras Cruzadas): a pass, on the stored mid-game state (40 tiles in the bag: passing
  never ends the game).
- **claves** (Claves a Duo): the giver's clue (the first of a few fixed words that the board allows,
  number 1), or the guesser's touch of the first touchable word; from the stored mid-game state.

`act(view, seat)` is that move on `view` (a seat's latest frame's view), or None when the board says the
seat has nothing to do (the game is not open to it). `progress(view, seat)` grows with each move of
`seat`: the opponent has seen the move when a frame's progress passes the one the mover saw (for Duelo
and Torneo, where other moves also make new versions, the seat's guesses; elsewhere the version).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STATES = ROOT / "tests" / "games" / "fixtures" / "states"
GAMES = ("duelo", "torneo", "wordgrid", "cruzadas", "claves")
LANGUAGE = "es"  # Duelo's and Torneo's word language
WORDS_PER_SEAT = 6  # a Duelo round and a Torneo duel take at most six guesses of a seat
CLUES = ("mar", "cielo", "fuego", "tiempo", "camino", "viento", "noche", "piedra")


@dataclass(frozen=True)
class GameBench:
    slug: str
    seats: int
    move: str  # what the table's docstring calls the move
    settings: dict[str, Any] = field(default_factory=dict)
    stored_state: str | None = None  # a mid-game fixture set at the start (games without a clock only)
    host_starts: bool = True  # else the site starts the match (by=None), as the lobby does a Torneo
    act: Callable[[dict[str, Any], int], dict[str, Any] | None] = lambda view, seat: None
    progress: Callable[[dict[str, Any], int], Any] | None = None  # None: the frame's version

    def state_path(self) -> Path | None:
        return None if self.stored_state is None else STATES / self.stored_state


# -- word lists (loaded once, in the load generator) -------------------------------------------------


@cache
def duelo_words() -> tuple[str, ...]:
    from games.duelo.engine import list_slugs
    from wordlists.lexicon import lexicon

    return _spread(lexicon(list_slugs(LANGUAGE)[0]).words)


@cache
def torneo_words(length: int) -> tuple[str, ...]:
    from games.torneo.engine import list_slugs
    from wordlists.lexicon import lexicon

    return _spread(lexicon(list_slugs(LANGUAGE, length)[0]).words)


def _spread(words: tuple[str, ...]) -> tuple[str, ...]:
    """Six distinct words spread over a sorted list (fixed: every run plays the same)."""
    step = max(1, len(words) // WORDS_PER_SEAT)
    return tuple(words[index * step] for index in range(WORDS_PER_SEAT))


@cache
def wordgrid_line() -> dict[str, dict[str, Any]]:
    """Grid (25 letters, "." empty) -> the move of the one line of play every table follows."""
    from games.wordgrid import engine, moves
    from wordlists.lexicon import dawg

    graph = dawg(engine.LIST_SLUG)
    grid, spent, line = engine.start_grid(), {engine.START_WORD}, {}
    while moves.EMPTY in grid:
        found = moves.legal_moves(grid, spent, graph)
        if not found:
            break
        move = min(found, key=lambda m: (len(m.word), m.cell, m.letter, m.path))
        line[grid] = move.action()
        grid = grid[: move.cell] + move.letter + grid[move.cell + 1 :]
        spent.add(move.word)
    return line


def grid_key(view: dict[str, Any]) -> str:
    return "".join(letter or "." for row in view["grid"] for letter in row)


# -- the moves ---------------------------------------------------------------------------------------


def duelo_act(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    grid = view.get("grid")
    if view.get("phase") != "playing" or not grid or not grid.get("can_guess"):
        return None
    return {"type": "guess", "word": duelo_words()[len(grid["rows"]) % WORDS_PER_SEAT]}


def duelo_progress(view: dict[str, Any], seat: int) -> tuple[int, int]:
    return view["round"], view["seats"][seat]["guesses"]


def _duel_of(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    return next((duel for duel in view.get("duels", []) if seat in duel["seats"]), None)


def torneo_act(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    duel = _duel_of(view, seat)
    if view.get("phase") != "playing" or duel is None or duel["over"]:
        return None
    mine = sum(1 for row in duel["rows"] if row["seat"] == seat)
    return {"type": "guess", "word": torneo_words(duel["length"])[mine % WORDS_PER_SEAT]}


def torneo_progress(view: dict[str, Any], seat: int) -> tuple[int, int]:
    duel = _duel_of(view, seat)
    return view["round"], 0 if duel is None else len(duel["rows"])


def torneo_rival(view: dict[str, Any], seat: int) -> int | None:
    duel = _duel_of(view, seat)
    return None if duel is None else next(other for other in duel["seats"] if other != seat)


def wordgrid_act(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    if view.get("phase") != "playing":
        return None
    return wordgrid_line().get(grid_key(view))


def cruzadas_act(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    return {"type": "pass"} if view.get("phase") == "playing" else None


def claves_clue(view: dict[str, Any]) -> str:
    """The first fixed clue word this board allows (none on the board, nor too close to one)."""
    from games.claves.clues import check_clue
    from games.kit.errors import IllegalMove
    from wordlists.alphabets import normalise

    shown = [cell["word"] for cell in view["board"]]
    board = [normalise(LANGUAGE, word) or word for word in shown]
    for word in CLUES:
        try:
            check_clue(word, 1, board, shown)
        except IllegalMove:
            continue
        return word
    return CLUES[0]  # refused (board_word): counted as a refused move


def claves_act(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    if view.get("can_clue"):
        return {"type": "clue", "word": claves_clue(view), "number": 1}
    if view.get("can_guess"):
        cell = next((cell["cell"] for cell in view["board"] if cell["touchable"]), None)
        return None if cell is None else {"type": "guess", "cell": cell}
    return None


BENCHES = {
    bench.slug: bench
    for bench in (
        GameBench(
            "duelo",
            2,
            "a guess (not the hidden word)",
            settings={"language": LANGUAGE, "rounds": 5, "round_seconds": 120},
            act=duelo_act,
            progress=duelo_progress,
        ),
        GameBench(
            "torneo",
            8,
            "a guess in one duel",
            settings={"language": LANGUAGE, "rated": False},
            host_starts=False,
            act=torneo_act,
            progress=torneo_progress,
        ),
        GameBench("wordgrid", 2, "a letter and its word", act=wordgrid_act),
        GameBench(
            "cruzadas",
            2,
            "a pass",
            settings={"language": "tr"},
            stored_state="cruzadas-mid-median.json",
            act=cruzadas_act,
        ),
        GameBench("claves", 2, "a clue or a touch", stored_state="claves-mid-median.json", act=claves_act),
    )
}


def rival(game: str, view: dict[str, Any] | None, seat: int, seats: int) -> int | None:
    """The seat that must see `seat`'s move: the other seat, or in a Torneo the duel's rival."""
    if game == "torneo":
        return None if view is None else torneo_rival(view, seat)
    return (seat + 1) % seats


def finished(frame: dict[str, Any]) -> bool:
    """A match frame of a match that is over: decided, stopped, or aborted before it began."""
    view = frame.get("view")
    if view is None:
        return bool(frame.get("aborted"))
    return view.get("outcome") is not None or view.get("phase") == "finished"


def parse_games(raw: str) -> tuple[str, ...]:
    """`--transport-games`: comma-separated slugs, in the order given; every one must be a game here."""
    chosen = tuple(dict.fromkeys(slug.strip() for slug in raw.split(",") if slug.strip()))
    unknown = [slug for slug in chosen if slug not in BENCHES]
    if unknown or not chosen:
        raise ValueError(f"unknown games: {', '.join(unknown) or '(none)'}; choose from {', '.join(GAMES)}")
    return chosen
