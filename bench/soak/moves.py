"""How a soak player picks a move: from the view the server sent it, like a person looking at the board.

Runs in a helper process (`pool()`), so that searching a board never stalls the event loop that times
the sockets. Pure apart from the word lists, which the helper loads once.

- Duelo: a word of the answer list that fits every colour seen so far (a careful person), now and then
  a word that is not in the list (a typo: the server refuses it and nothing is spent).
- Wordgrid: any legal move, half of the time the longest.
- Letras Cruzadas: one of the better-scoring placements of the rack's letters (blanks kept back: the
  search with blanks is many times slower); no placement: exchange, or pass.
"""

from __future__ import annotations

import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

DUELO_LANGUAGE = "es"
TYPO = "qxzqx"  # five letters of the alphabet, in no list: refused with not_in_list
TYPO_SHARE = 0.04


def _letters(word: str) -> tuple[str, ...]:
    from wordlists import alphabets

    return tuple(alphabets.letters(DUELO_LANGUAGE, word))


_cache: dict[str, Any] = {}


def load() -> None:
    """The helper's initializer: every list a choice needs, before the first one is asked for."""
    from games.cruzadas import engine as cruzadas
    from games.wordgrid import engine as wordgrid
    from wordlists.lexicon import dawg, lexicon

    hidden = lexicon(f"duelo-{DUELO_LANGUAGE}-5-hidden").words
    _cache["duelo"] = [(word, _letters(word)) for word in hidden]
    _cache["duelo-valid"] = lexicon(f"duelo-{DUELO_LANGUAGE}-5-valid").words
    _cache["wordgrid"] = dawg(wordgrid.LIST_SLUG)
    _cache["cruzadas"] = dawg(cruzadas.list_slug("tr"))


def duelo(view: dict, rng: random.Random) -> dict:
    from games.kit import wordle

    if rng.random() < TYPO_SHARE:
        return {"type": "guess", "word": TYPO}
    rows = [(tuple(row["letters"]), wordle.pattern_of(row["marks"])) for row in view["grid"]["rows"]]
    played = {"".join(letters) for letters, _marks in rows}
    fitting = [
        word
        for word, letters in _cache["duelo"]
        if word not in played and all(wordle.pattern(guess, letters) == marks for guess, marks in rows)
    ]
    if not fitting:
        fitting = [word for word in _cache["duelo-valid"] if word not in played]
    return {"type": "guess", "word": rng.choice(fitting)}


def wordgrid(view: dict, rng: random.Random) -> dict | None:
    from games.wordgrid import moves

    grid = "".join(letter or moves.EMPTY for row in view["grid"] for letter in row)
    found = moves.legal_moves(grid, set(view["spent"]), _cache["wordgrid"])
    if not found:
        return None
    move = max(found, key=lambda m: len(m.word)) if rng.random() < 0.5 else rng.choice(found)
    return move.action()


def cruzadas(view: dict, rng: random.Random) -> dict:
    from games.cruzadas import bots, movegen, rules

    board = tuple(
        None if cell is None else rules.Tile(cell["letter"], bool(cell["blank"]))
        for row in view["board"]
        for cell in row
    )
    letters = [letter for letter in view["rack"] if letter != rules.BLANK]
    ruleset = rules.RULESETS[view["ruleset"]["key"]]
    plays = movegen.generate(board, letters, _cache["cruzadas"], ruleset, view["star"]["index"], view["star"]["spent"])
    if plays:
        plays.sort(key=lambda play: play.score, reverse=True)
        return bots.place_action(rng.choice(plays[: max(1, len(plays) // 3)]))
    return {"type": "exchange"} if view.get("can_exchange") else {"type": "pass"}


def choose(game: str, view: dict, seed: int) -> dict | None:
    rng = random.Random(seed)
    return {"duelo": duelo, "wordgrid": wordgrid, "cruzadas": cruzadas}[game](view, rng)


def pool() -> ProcessPoolExecutor:
    """One helper process (a fresh interpreter: no fork of a process with threads and sockets)."""
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=load)
