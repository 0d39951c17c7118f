"""Measure the Letras Cruzadas AI and its move generator on the real list (figures for docs/cruzadas.md, not
a test).

    .venv/bin/python -m games.cruzadas.arena --games 10 --seed 1         # every pairing of levels
    .venv/bin/python -m games.cruzadas.arena --positions 60 --seed 1     # generator speed, 0/1/2 blanks

Games are played through the engine (`apply` validates every bot move); in each pairing the levels take
turns at moving first. Times are CPU time (`time.process_time`: a busy machine inflates it less than the
wall clock) of `bot_action` (generation and choice) or of `movegen.generate`, split by the number of
blanks on the rack. Needs no database.
"""

from __future__ import annotations

import argparse
import itertools
import random
import resource
import statistics
import time
import tracemalloc
from collections import defaultdict
from datetime import UTC, datetime, timedelta

from games.cruzadas import bots, engine, movegen, rules
from wordlists.lexicon import dawg, lexicon

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
SLUG = engine.list_slug("tr")
MEMORY_SAMPLES = 20


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def _summary(values: list[float]) -> str:
    if not values:
        return "no samples"
    spread = f"p50 {_percentile(values, 0.5):7.1f}  p95 {_percentile(values, 0.95):7.1f}  "
    tail = f"p99 {_percentile(values, 0.99):7.1f}  max {max(values):7.1f}  ({len(values)})"
    return f"mean {statistics.mean(values):7.1f}  {spread}{tail}"


def play_game(first: str, second: str, rng: random.Random, timings: dict[tuple[str, int], list[float]]) -> engine.State:
    """One game, `first` in seat 0; every bot action goes through `engine.apply`."""
    levels = (first, second)
    state = engine.new_game({}, 2, rng, T0, words=lexicon, dawg=dawg)
    now = T0
    while state.phase == engine.PLAYING:
        seat = state.turn
        blanks = state.racks[seat].count(rules.BLANK)
        started = time.process_time()
        action = bots.bot_action(state, seat, levels[seat], rng, words=lexicon, dawg=dawg)
        timings[(levels[seat], blanks)].append((time.process_time() - started) * 1000)
        now += timedelta(seconds=bots.think_seconds(levels[seat], rng))
        assert action is not None  # a bot on its turn always has a move (a pass or an exchange at worst)
        state, _events = engine.apply(state, seat, action, now, words=lexicon, dawg=dawg)
    return state


def pairings(games: int, seed: int) -> None:
    rng = random.Random(seed)
    timings: dict[tuple[str, int], list[float]] = defaultdict(list)
    per_level: dict[str, list[int]] = defaultdict(list)
    print(f"{games} games per pairing, seed {seed}, levels alternate moving first (same level: A moved first)")
    print(f"{'pairing':16} {'A wins':>7} {'B wins':>7} {'draws':>6} {'A avg':>6} {'B avg':>6}  reasons")
    for a, b in [*itertools.combinations(bots.LEVELS, 2), *((level, level) for level in bots.LEVELS)]:
        wins = {a: 0, b: 0} if a != b else {a: 0}
        draws = 0
        points: dict[str, list[int]] = {a: [], b: []}
        reasons: dict[str, int] = defaultdict(int)
        for number in range(games):
            order = (a, b) if number % 2 == 0 else (b, a)
            state = play_game(*order, rng, timings)
            outcome = engine.outcome(state)
            assert outcome is not None  # play_game plays to the end
            result = outcome.to_json()  # the game's own facts: winner, reason, scores
            reasons[result["reason"]] += 1
            if result["winner"] is None:
                draws += 1
            elif a == b:  # a level against itself: A is whoever moved first
                wins[a] += result["winner"] == 0
                wins.setdefault("second", 0)
                wins["second"] += result["winner"] == 1
            else:
                wins[order[result["winner"]]] += 1
            for seat, level in enumerate(order):
                points[level].append(result["scores"][seat])
                per_level[level].append(result["scores"][seat])
        b_wins = wins[b] if a != b else wins.get("second", 0)
        print(
            f"{a + ' v ' + b:16} {wins[a]:>7} {b_wins:>7} {draws:>6} {statistics.mean(points[a]):>6.1f} "
            f"{statistics.mean(points[b]):>6.1f}  {dict(reasons)}"
        )
    print("average final score per game, all pairings:")
    for level in bots.LEVELS:
        print(f"  {level:7} {statistics.mean(per_level[level]):6.1f}  ({len(per_level[level])} games)")
    print("CPU ms per bot move (lists loaded before timing), by blanks on the rack:")
    for level in bots.LEVELS:
        for blanks in (0, 1, 2):
            print(f"  {level:7} {blanks} blanks  {_summary(timings[(level, blanks)])}")


def positions(
    count: int, seed: int, memory_samples: int = MEMORY_SAMPLES
) -> dict[int, dict[str, list[float] | list[int]]]:
    """Generator time on random midgame positions (4-14 moves of the best play from the start), for
    the same letters with 0, 1 and 2 of them turned into blanks: `movegen.generate` (every play, as easy and
    medium need) and `movegen.best` (the best play only, as the analysis asks it; the hard bot's adds a leave
    value). Prints a summary and returns the samples per number of blanks (CPU ms of generate, moves found,
    peak MB of the traced calls, CPU ms of best) for bench/."""
    rng = random.Random(seed)
    graph = dawg(SLUG)
    ruleset = rules.TURKISH
    movegen.prepare(graph)  # the graph's tables, once per process (as loading the list): not timed
    bag = [letter for letter, n in ruleset.bag.items() for _ in range(n) if letter != rules.BLANK]
    times: dict[int, list[float]] = defaultdict(list)
    best_times: dict[int, list[float]] = defaultdict(list)
    counts: dict[int, list[int]] = defaultdict(list)
    peaks: dict[int, list[float]] = defaultdict(list)
    for _number in range(count):
        board = rules.empty_board()
        for _move in range(rng.randint(4, 14)):
            found = movegen.generate(board, rng.sample(bag, 7), graph, ruleset)
            if found:
                board = rules.place(board, max(found, key=lambda p: (p.score, p.placement)).placement)
        letters = rng.sample(bag, 7)
        star = rng.choice([i for i in rules.NORMAL_CELLS if board[i] is None])
        for blanks in (0, 1, 2):
            rack = letters[blanks:] + [rules.BLANK] * blanks
            started = time.process_time()
            found = movegen.generate(board, rack, graph, ruleset, star, False)
            times[blanks].append((time.process_time() - started) * 1000)
            counts[blanks].append(len(found))
            del found
            started = time.process_time()
            movegen.best(board, rack, graph, ruleset, star, False)
            best_times[blanks].append((time.process_time() - started) * 1000)
            if _number < memory_samples:  # traced apart: tracemalloc slows the search down
                tracemalloc.start()
                found = movegen.generate(board, rack, graph, ruleset, star, False)
                peaks[blanks].append(tracemalloc.get_traced_memory()[1] / 2**20)
                tracemalloc.stop()
                del found
    print(f"move generation on {count} random midgame positions (seed {seed}), CPU ms:")
    for blanks in (0, 1, 2):
        print(
            f"  {blanks} blanks  {_summary(times[blanks])}; moves per position mean "
            f"{statistics.mean(counts[blanks]):.0f}, max {max(counts[blanks])}; memory allocated by one call "
            f"(peak, first {len(peaks[blanks])} positions) mean {statistics.mean(peaks[blanks]):.1f} MB, "
            f"max {max(peaks[blanks]):.1f} MB"
        )
    print("the best play only (movegen.best), CPU ms:")
    for blanks in (0, 1, 2):
        print(f"  {blanks} blanks  {_summary(best_times[blanks])}")
    print(f"peak memory (max RSS) of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return {
        blanks: {"ms": times[blanks], "moves": counts[blanks], "peak_mb": peaks[blanks], "best_ms": best_times[blanks]}
        for blanks in (0, 1, 2)
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=0, help="games per pairing of levels")
    parser.add_argument("--positions", type=int, default=0, help="random positions to time the generator on")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    dawg(SLUG)  # loaded once, before anything is timed
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        f"word graph loaded: {len(dawg(SLUG))} words, {dawg(SLUG).node_count} nodes; "
        f"max RSS {before / 1024:.0f} -> {after / 1024:.0f} MB"
    )
    if args.positions:
        positions(args.positions, args.seed)
    if args.games:
        pairings(args.games, args.seed)


if __name__ == "__main__":
    main()
