"""Measure Wordgrid's bots and move generator on the real list (figures for docs/wordgrid.md, not a test).

    .venv/bin/python -m games.wordgrid.arena --games 40 --seed 1          # every pairing of levels
    .venv/bin/python -m games.wordgrid.arena --positions 200 --seed 1     # move generation speed only

Games are played through the engine (`apply` validates every bot move) on a virtual clock: each move
takes the bot's think time, so nobody runs out of 10 minutes. In each pairing the levels take turns
at moving first. Needs no database.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta

from games.wordgrid import bots, engine, moves
from wordlists.lexicon import dawg, lexicon

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def play_game(first: str, second: str, rng: random.Random, timings: dict[str, list[float]]) -> engine.State:
    """One game, `first` in seat 0; every bot move goes through `engine.apply`."""
    levels = (first, second)
    state = engine.new_game({}, 2, rng, T0, words=lexicon, dawg=dawg)
    now = T0
    while state.phase == engine.PLAYING:
        seat = state.turn
        started = time.perf_counter()
        action = bots.bot_action(state, seat, levels[seat], rng, words=lexicon, dawg=dawg)
        timings[levels[seat]].append((time.perf_counter() - started) * 1000)
        now += timedelta(seconds=bots.think_seconds(levels[seat], rng))
        assert action is not None  # a bot on its turn always has a move (a pass or an exchange at worst)
        state, _events = engine.apply(state, seat, action, now, words=lexicon, dawg=dawg)
    return state


def pairings(games: int, seed: int) -> None:
    rng = random.Random(seed)
    timings: dict[str, list[float]] = defaultdict(list)
    print(f"{games} games per pairing, seed {seed}, levels alternate moving first")
    print(f"{'pairing':16} {'A wins':>7} {'B wins':>7} {'A avg':>6} {'B avg':>6} {'A 1st/2nd wins':>15}  reasons")
    for a, b in itertools.combinations(bots.LEVELS, 2):
        wins = {a: 0, b: 0}
        firsts = {a: [0, 0], b: [0, 0]}
        points: dict[str, list[int]] = {a: [], b: []}
        reasons: dict[str, int] = defaultdict(int)
        for number in range(games):
            order = (a, b) if number % 2 == 0 else (b, a)
            state = play_game(*order, rng, timings)
            outcome = engine.outcome(state)
            assert outcome is not None  # play_game plays to the end
            result = outcome.to_json()  # the game's own facts: winner, reason, scores
            winner = order[result["winner"]]
            wins[winner] += 1
            firsts[winner][result["winner"]] += 1
            reasons[result["reason"]] += 1
            for seat, level in enumerate(order):
                points[level].append(result["scores"][seat])
        print(
            f"{a + ' v ' + b:16} {wins[a]:>7} {wins[b]:>7} {statistics.mean(points[a]):>6.1f} "
            f"{statistics.mean(points[b]):>6.1f} {f'{firsts[a][0]}/{firsts[a][1]}':>15}  {dict(reasons)}"
        )
    print("ms per bot move (lists loaded before timing):")
    for level in bots.LEVELS:
        values = timings[level]
        print(
            f"  {level:7} mean {statistics.mean(values):7.1f}  p99 {_percentile(values, 0.99):7.1f}  "
            f"max {max(values):7.1f}  ({len(values)} moves)"
        )


def positions(count: int, seed: int) -> dict[str, list[float] | list[int]]:
    """Move generation time on random midgame positions (3-16 random legal moves from the start).
    Prints a summary and returns the samples (ms per position, legal moves per position) for bench/."""
    rng = random.Random(seed)
    graph = dawg(engine.LIST_SLUG)
    times, counts = [], []
    for _number in range(count):
        grid, spent = engine.start_grid(), {engine.START_WORD}
        for _move in range(rng.randint(3, 16)):
            found = moves.legal_moves(grid, spent, graph)
            if not found:
                break
            # Half the moves greedy (long words make wordy grids), half random.
            move = max(found, key=lambda m: len(m.word)) if rng.random() < 0.5 else rng.choice(found)
            grid = grid[: move.cell] + move.letter + grid[move.cell + 1 :]
            spent.add(move.word)
        started = time.perf_counter()
        found = moves.legal_moves(grid, spent, graph)
        times.append((time.perf_counter() - started) * 1000)
        counts.append(len(found))
    print(
        f"move generation on {count} random midgame positions (seed {seed}): "
        f"mean {statistics.mean(times):.1f} ms, p50 {_percentile(times, 0.5):.1f}, "
        f"p99 {_percentile(times, 0.99):.1f}, max {max(times):.1f}; "
        f"legal moves per position mean {statistics.mean(counts):.0f}, max {max(counts)}"
    )
    return {"ms": times, "moves": counts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=0, help="games per pairing of levels")
    parser.add_argument("--positions", type=int, default=0, help="random positions to time the generator on")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    lexicon(engine.LIST_SLUG), dawg(engine.LIST_SLUG)  # loaded once, before anything is timed
    if args.positions:
        positions(args.positions, args.seed)
    if args.games:
        pairings(args.games, args.seed)


if __name__ == "__main__":
    main()
