"""Torneo pairing, pure: who duels whom in a round, and who gets the bye.

The rules: the players still in are paired at random into 1v1 duels; pairing avoids last round's
opponent where it can; with an odd number of players one gets a bye (no duel, no life lost), never the
same player two rounds running.

A room has at most 8 players, so every possible pairing (at most 105) is listed, those that repeat the
fewest of last round's duels are kept (none, whenever that is possible: with 3 or more players it always
is), and one is drawn uniformly with the caller's `random.Random`. The no-consecutive-bye rule is hard:
it is applied before anything else.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

MAX_PLAYERS = 10  # 945 pairings; the Torneo seats 8


@dataclass(frozen=True)
class Pairing:
    duels: tuple[tuple[int, int], ...]  # each duel's two players, in the order drawn
    bye: int | None  # the player who sits out, or None with an even number


def _matchings(players: tuple[int, ...]) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every way to split an even number of players into pairs (players in canonical order)."""
    if not players:
        yield ()
        return
    first, rest = players[0], players[1:]
    for i, partner in enumerate(rest):
        for others in _matchings(rest[:i] + rest[i + 1 :]):
            yield ((first, partner), *others)


def repeats(duels: Sequence[tuple[int, int]], last_opponents: Mapping[int, int | None]) -> int:
    """How many of `duels` replay a duel of last round."""
    return sum(1 for a, b in duels if last_opponents.get(a) == b or last_opponents.get(b) == a)


def pair_round(
    players: Sequence[int],
    rng: random.Random,
    *,
    last_opponents: Mapping[int, int | None] | None = None,
    last_bye: int | None = None,
) -> Pairing:
    """Pair the players still in for one round.

    `players`: ids (seats) of the players still in, at least 2. `last_opponents`: each player's opponent
    of last round (absent or None: a bye, or the first round). `last_bye`: who sat out last round.
    The result depends only on the set of players, the history given and the state of `rng`.
    """
    ordered = tuple(sorted(set(players)))
    if len(ordered) != len(players):
        raise ValueError("each player once")
    if len(ordered) < 2:
        raise ValueError("a round needs at least two players")
    if len(ordered) > MAX_PLAYERS:
        raise ValueError(f"at most {MAX_PLAYERS} players")
    history = dict(last_opponents or {})

    if len(ordered) % 2:
        # The bye never goes to last round's bye; with 3 or more players someone else is always there.
        byes: list[int | None] = [p for p in ordered if p != last_bye]
    else:
        byes = [None]

    options: list[tuple[int | None, tuple[tuple[int, int], ...]]] = []
    for bye in byes:
        in_play = tuple(p for p in ordered if p != bye)
        options.extend((bye, duels) for duels in _matchings(in_play))
    fewest = min(repeats(duels, history) for _, duels in options)
    best = [option for option in options if repeats(option[1], history) == fewest]

    bye, duels = best[rng.randrange(len(best))]
    # Shuffle the order of the duels and of each pair too, so nothing in the result favours low seats
    # (the engine draws who starts each duel on its own).
    drawn = [(a, b) if rng.random() < 0.5 else (b, a) for a, b in duels]
    rng.shuffle(drawn)
    return Pairing(duels=tuple(drawn), bye=bye)
