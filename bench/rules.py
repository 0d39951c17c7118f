"""Rules and bots, no database: the pure engines and the AI on the real word lists.

Each function returns figures; the arenas of Wordgrid and Letras Cruzadas and the word-list probe of
wordlists.bench are reused (their own printout is captured by the runner, not repeated here).
Times are wall-clock `perf_counter` unless a method says CPU time. Lists are loaded before timing.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta

from bench.figures import Figure, sampled

AREA = "rules"
T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def _ms_since(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def wordle_feedback(calls: int = 200_000, seed: int = 1) -> list[Figure]:
    from games.kit import wordle
    from wordlists.lexicon import lexicon

    words = lexicon("duelo-es-5-valid").words
    rng = random.Random(seed)
    pairs = [(rng.choice(words), rng.choice(words)) for _ in range(calls)]
    figures = []
    for name, function in (
        ("Wordle feedback (marks)", wordle.feedback),
        ("Wordle pattern (bots' integer)", wordle.pattern),
    ):
        started = time.perf_counter()
        for guess, hidden in pairs:
            function(guess, hidden)
        rate = calls / (time.perf_counter() - started)
        figures.append(
            Figure(AREA, name, rate, "calls/s", f"{calls:,} random pairs of duelo-es-5-valid words, one thread")
        )
    return figures


def duelo_bots(games: int = 10, seed: int = 1) -> list[Figure]:
    """A bot alone at a table solves `games` random hidden words per language and level; every choice
    (`bots.bot_action`) is timed, every guess applied by the engine."""
    from games.duelo import bots, engine
    from wordlists.lexicon import lexicon

    figures = []
    for language in engine.LANGUAGES:
        warm = engine.new_game(
            {"language": language, "rounds": 1, "round_seconds": 120}, 2, random.Random(0), T0, words=lexicon
        )
        warm, _events = engine.advance(warm, T0 + timedelta(seconds=3))
        for level in bots.LEVELS:  # builds each list's word pool once, as a worker does on first use
            bots.bot_action(warm, 0, level, random.Random(0), words=lexicon)
        for level in bots.LEVELS:
            rng = random.Random(seed)
            samples: list[float] = []
            for _game in range(games):
                state = engine.new_game(
                    {"language": language, "rounds": 1, "round_seconds": 120}, 2, rng, T0, words=lexicon
                )
                now = T0 + timedelta(seconds=3)
                state, _events = engine.advance(state, now)  # past the start card
                while state.phase == engine.PLAYING and not state.current.seats[0].done:
                    started = time.perf_counter()
                    action = bots.bot_action(state, 0, level, rng, words=lexicon)
                    samples.append(_ms_since(started))
                    now += timedelta(seconds=1)
                    state, _events = engine.apply(state, 0, action, now, words=lexicon)
            figures.append(
                sampled(
                    AREA,
                    f"Duelo bot choice, {language} {level}",
                    samples,
                    "ms",
                    f"bots.bot_action per guess, {games} solo games of random hidden words "
                    f"(seed {seed}), word pools built beforehand",
                )
            )
    return figures


def wordgrid(positions: int = 200, games: int = 4, seed: int = 1) -> list[Figure]:
    from games.wordgrid import arena, engine
    from wordlists.lexicon import dawg, lexicon

    lexicon(engine.LIST_SLUG), dawg(engine.LIST_SLUG)
    found = arena.positions(positions, seed)
    rng = random.Random(seed)
    timings: dict[str, list[float]] = {"hard": [], "medium": []}
    for number in range(games):  # hard against medium, each moving first in turn
        arena.play_game(*(("hard", "medium") if number % 2 == 0 else ("medium", "hard")), rng, timings)
    return [
        sampled(
            AREA,
            "Wordgrid move generator, per position",
            found["ms"],
            "ms",
            f"moves.legal_moves on {positions} random midgame positions (games.wordgrid.arena, seed {seed}); "
            f"{sum(found['moves']) / len(found['moves']):.0f} legal moves per position on average",
        ),
        sampled(
            AREA,
            "Wordgrid hard bot, per move",
            timings["hard"],
            "ms",
            f"bots.bot_action of the hard level in {games} games against medium (games.wordgrid.arena)",
        ),
    ]


def cruzadas(positions: int = 40, seed: int = 1, memory_samples: int = 4) -> list[Figure]:
    from games.cruzadas import arena
    from wordlists.lexicon import dawg

    dawg(arena.SLUG)
    # Few traced calls: tracemalloc slows a two-blank search several times over.
    found = arena.positions(positions, seed, memory_samples=memory_samples)
    figures = []
    for blanks in (0, 1, 2):
        data = found[blanks]
        plural = "s" if blanks != 1 else ""
        figures.append(
            sampled(
                AREA,
                f"Cruzadas move generator, {blanks} blank{plural}",
                data["ms"],
                "CPU ms",
                f"movegen.generate on {positions} random midgame positions, same letters with {blanks} made blanks "
                f"(games.cruzadas.arena, seed {seed}); {sum(data['moves']) / len(data['moves']):.0f} moves/position, "
                f"peak {max(data['peak_mb']):.1f} MB allocated by one call (first {memory_samples} positions traced)",
                p95=True,
            )
        )
    for blanks in (0, 1, 2):
        figures.append(
            sampled(
                AREA,
                f"Cruzadas best play only, {blanks} blank{'s' if blanks != 1 else ''}",
                found[blanks]["best_ms"],
                "CPU ms",
                f"movegen.best (the analysis' best play; the hard bot's adds its leave value) on the same "
                f"{positions} positions and racks",
                p95=True,
            )
        )
    return figures


def _bot_match(engine, bots, levels: tuple[str, str], rng: random.Random, moves: int | None) -> tuple[dict, list]:
    """A match of two bots on the real lists through the engine, up to `moves` actions (None: to its end):
    the first state's JSON and the inputs, as the match log keeps them (games.kit.rerun)."""
    from games.kit.rerun import ACT, Input
    from wordlists.lexicon import dawg, lexicon

    state = engine.new_game({}, 2, rng, T0, words=lexicon, dawg=dawg)
    initial, inputs, now = engine.to_json(state), [], T0
    while state.phase == engine.PLAYING and (moves is None or len(inputs) < moves):
        seat = state.turn
        action = bots.bot_action(state, seat, levels[seat], rng, words=lexicon, dawg=dawg)
        now += timedelta(seconds=bots.think_seconds(levels[seat], rng))
        state, _events = engine.apply(state, seat, action, now, words=lexicon, dawg=dawg)
        inputs.append(Input(len(inputs) + 2, ACT, now, seat, action))
    return initial, inputs


def game_analysis(games: int = 6, seed: int = 1) -> list[Figure]:
    """The post-game analysis (issue 19) of whole matches, as the Celery task runs it: the inputs played
    again (`rerun`) and every move analysed, in CPU time of one thread (`time.process_time`). Letras Cruzadas:
    the first 20 moves of hard against medium (the budget: under 30 s a game), and the same positions with
    two blanks on every rack (the generator's slowest case, an upper bound no real game reaches: there are
    two blanks in the bag); Wordgrid: whole games."""
    import dataclasses

    from games.cruzadas import analysis as cruzadas_analysis
    from games.cruzadas import bots as cruzadas_bots
    from games.cruzadas import engine as cruzadas
    from games.kit.rerun import rerun
    from games.wordgrid import analysis as wordgrid_analysis
    from games.wordgrid import bots as wordgrid_bots
    from games.wordgrid import engine as wordgrid
    from wordlists.lexicon import dawg, lexicon

    def two_blanks(steps: list) -> list:
        """Each move's rack with its last two tiles made blanks (what the analysis reads of `before`)."""
        changed = []
        for step in steps:
            before = cruzadas.copy_state(step.before)
            if step.input.seat is not None:
                rack = before.racks[step.input.seat]
                before.racks[step.input.seat] = [*rack[:5], "?", "?"][: max(len(rack), 2)]
            changed.append(dataclasses.replace(step, before=before))
        return changed

    dawg(cruzadas.list_slug("tr")), lexicon(wordgrid.LIST_SLUG), dawg(wordgrid.LIST_SLUG)
    figures = []
    for name, engine, bots, analysis, moves, stress in (
        ("Letras Cruzadas, 20 moves", cruzadas, cruzadas_bots, cruzadas_analysis, 20, False),
        ("Letras Cruzadas, 20 moves, two blanks on every rack", cruzadas, cruzadas_bots, cruzadas_analysis, 20, True),
        ("Wordgrid, whole game", wordgrid, wordgrid_bots, wordgrid_analysis, None, False),
    ):
        rng = random.Random(seed)
        samples, per_move, analysed = [], [], 0
        for number in range(games):
            levels = ("hard", "medium") if number % 2 == 0 else ("medium", "hard")
            initial, inputs = _bot_match(engine, bots, levels, rng, moves)
            started = time.process_time()
            steps = rerun(engine, initial, inputs, words=lexicon, engine_kwargs={"dawg": dawg})
            if stress:
                steps, started = two_blanks(steps), time.process_time()
            result = analysis.analyse(steps, words=lexicon, dawg=dawg)
            seconds = time.process_time() - started
            samples.append(seconds)
            per_move.append(seconds / max(1, len(result["moves"])) * 1000)
            analysed += len(result["moves"])
        method = (
            f"{'analysis.analyse' if stress else 'rerun + analysis.analyse'} of {games} bot matches (hard and "
            f"medium, seed {seed}), {analysed / games:.0f} moves analysed a match; CPU time, one thread; "
            f"{statistics.mean(per_move):.0f} ms a move on average, {max(per_move):.0f} ms in the slowest match"
        )
        figures.append(sampled(AREA, f"Post-game analysis, {name}", samples, "CPU s", method))
    return figures


# A process that has served every game holds all of these (Torneo lists load per language on demand).
ALL_LISTS_PROBE = """
import json, os, time
from wordlists import lexicon

def rss_mib():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

before = rss_mib()
started = time.perf_counter()
for slug in lexicon.manifest():
    (lexicon.dawg if slug in lexicon.DAWG_BACKED else lexicon.lexicon)(slug)
lexicon.dawg("wordgrid-en-valid")
print(json.dumps({"seconds": time.perf_counter() - started, "rss_growth_mib": rss_mib() - before,
                  "rss_mib": rss_mib(), "lists": len(lexicon.manifest())}))
"""

PROBED_LISTS = ("cruzadas-tr-valid", "wordgrid-en-valid", "duelo-es-5-valid", "duelo-ru-5-valid", "torneo-uk-6-valid")


def lexicons() -> list[Figure]:
    """Load time and memory of the lists, each in a fresh interpreter (wordlists.bench.probe)."""
    from wordlists.bench import probe
    from wordlists.lexicon import list_info

    figures = []
    for slug in PROBED_LISTS:
        found = probe(slug)
        kind = "DAWG" if slug == "cruzadas-tr-valid" else "word set"
        method = (
            f"fresh interpreter loads the {kind} of {list_info(slug).count:,} words "
            f"(wordlists.bench.probe); {found['mib']:.1f} MiB allocated by Python"
        )
        figures.append(Figure(AREA, f"Lexicon load, {slug}", found["seconds"] * 1000, "ms", method))
        figures.append(
            Figure(
                AREA,
                f"Lexicon memory, {slug}",
                found["rss_growth_mib"],
                "MiB RSS",
                "growth of the process's resident memory from that load",
            )
        )
    result = subprocess.run([sys.executable, "-c", ALL_LISTS_PROBE], capture_output=True, text=True, check=True)
    every = json.loads(result.stdout)
    figures.append(
        Figure(
            AREA,
            "Lexicon load, every list",
            every["seconds"] * 1000,
            "ms",
            f"fresh interpreter loads all {every['lists']} lists and the two DAWGs "
            f"(what a worker that served every game holds)",
        )
    )
    figures.append(
        Figure(
            AREA,
            "Lexicon memory, every list",
            every["rss_growth_mib"],
            "MiB RSS",
            f"growth of resident memory; the process ends at {every['rss_mib']:.0f} MiB",
        )
    )
    return figures


def torneo_pairing(rounds: int = 3000, seed: int = 1) -> list[Figure]:
    from games.torneo.pairing import pair_round

    figures = []
    for players in (8, 7):
        rng = random.Random(seed)
        last_opponents: dict[int, int | None] = {}
        last_bye = None
        samples = []
        for _round in range(rounds):
            started = time.perf_counter()
            pairing = pair_round(list(range(players)), rng, last_opponents=last_opponents, last_bye=last_bye)
            samples.append(_ms_since(started) * 1000)
            last_opponents = {a: b for a, b in pairing.duels} | {b: a for a, b in pairing.duels}
            last_bye = pairing.bye
        figures.append(
            sampled(
                AREA,
                f"Torneo round pairing, {players} players",
                samples,
                "µs",
                f"pairing.pair_round with last round's duels{' and bye' if players % 2 else ''} "
                f"as history, {rounds:,} rounds",
            )
        )
    return figures


def claves_maps(count: int = 20_000, boards: int = 2_000, seed: int = 1) -> list[Figure]:
    from games.claves import engine
    from wordlists.lexicon import lexicon

    rng = random.Random(seed)
    started = time.perf_counter()
    for _ in range(count):
        engine.draw_maps(rng)
    maps_us = (time.perf_counter() - started) / count * 1e6
    lexicon(engine.list_slug("standard"))
    samples = []
    for _ in range(boards):
        started = time.perf_counter()
        engine.new_game({"level": "standard", "turns": 9}, 2, rng, T0, words=lexicon)
        samples.append(_ms_since(started) * 1000)
    return [
        Figure(AREA, "Claves map generation", maps_us, "µs", f"engine.draw_maps (the two keyed maps), {count:,} draws"),
        sampled(
            AREA,
            "Claves new board (words + maps)",
            samples,
            "µs",
            f"engine.new_game on claves-es-standard: 25 words drawn and both maps, {boards:,} boards",
        ),
    ]


def _played_duelo_round(language: str, seats: int, level: str, rng: random.Random, words, rounds: int = 1):
    """One round (or `rounds`) of Duelo played by bots as the service would (every move recorded), played again:
    its steps."""
    from games.duelo import bots, engine
    from games.kit.rerun import ACT, CLOCK, Input, rerun

    state = engine.new_game({"language": language, "rounds": rounds, "round_seconds": 120}, seats, rng, T0, words=words)
    initial, inputs = engine.to_json(state), []
    now = engine.opens_at(state)
    while state.phase != engine.FINISHED:
        state, _events = engine.advance(state, now)
        for seat in range(seats):
            action = bots.bot_action(state, seat, level, rng, words=words)
            if action is not None:
                state, _events = engine.apply(state, seat, action, now, words=words)
                inputs.append(Input(version=len(inputs) + 2, kind=ACT, at=now, seat=seat, action=action))
        now += timedelta(seconds=1)
        deadline = engine.next_deadline(state)
        if state.phase != engine.PLAYING and deadline is not None:
            now = max(now, deadline)
            inputs.append(Input(version=len(inputs) + 2, kind=CLOCK, at=now))
    return rerun(engine, initial, inputs, words=words, final=engine.to_json(state))


def _played_torneo(language: str, level: str, rng: random.Random, words):
    """A tournament of 8 bots played as the service would, played again: its steps."""
    from games.kit.rerun import ACT, CLOCK, Input, rerun
    from games.torneo import bots, engine

    state = engine.new_game({"language": language}, engine.SEATS, rng, T0, words=words)
    initial, inputs = engine.to_json(state), []
    now = engine.opens_at(state)
    while state.phase != engine.FINISHED:
        state, _events = engine.advance(state, now)
        inputs.append(Input(version=len(inputs) + 2, kind=CLOCK, at=now))
        for seat in range(engine.SEATS):
            if bots.bot_turn(state, seat) is not None:
                action = bots.bot_action(state, seat, level, rng, words=words)
                state, _events = engine.apply(state, seat, action, now, words=words)
                inputs.append(Input(version=len(inputs) + 2, kind=ACT, at=now, seat=seat, action=action))
        now = max(now + timedelta(seconds=1), engine.opens_at(state))
    return rerun(engine, initial, inputs, words=words, final=engine.to_json(state))


def wordle_analysis(rounds: int = 4, tournaments: int = 1, seed: int = 1) -> list[Figure]:
    """The post-match analysis (games/duelo/analysis.py, games/torneo/analysis.py, issue 19) of bots' games,
    CPU time of one thread. Budget: a Duelo round in under 1 s. Easy bots at six seats: the most guesses."""
    from games.duelo import analysis as duelo_analysis
    from games.duelo import engine as duelo
    from games.torneo import analysis as torneo_analysis
    from wordlists.lexicon import lexicon

    figures = []
    for language in duelo.LANGUAGES:
        rng = random.Random(seed)
        warm = _played_duelo_round(language, 2, "medium", rng, lexicon)
        duelo_analysis.analyse(warm, words=lexicon)  # the lists' word pools, built once per worker
        samples, guesses = [], []
        for _round in range(rounds):
            steps = _played_duelo_round(language, duelo.MAX_SEATS, "easy", rng, lexicon)
            started = time.process_time()
            found = duelo_analysis.analyse(steps, words=lexicon)
            samples.append((time.process_time() - started) * 1000)
            guesses.append(len(found["moves"]))
        figures.append(
            sampled(
                AREA,
                f"Duelo round analysis, {language}",
                samples,
                "CPU ms",
                f"analysis.analyse of one round, 6 easy bots ({sum(guesses) / len(guesses):.0f} guesses a round "
                f"on average; {rounds} rounds, seed {seed}), each guess's counts and the hard bot's word; "
                f"budget 1000 ms",
            )
        )
    rng = random.Random(seed)
    samples, per_duel, counts = [], [], []
    for _tournament in range(tournaments):
        steps = _played_torneo("es", "medium", rng, lexicon)
        torneo_analysis.analyse(steps[:1], words=lexicon)
        started = time.process_time()
        found = torneo_analysis.analyse(steps, words=lexicon)
        spent = (time.process_time() - started) * 1000
        duels = sum(len(r["duels"]) for r in found["rounds"])
        samples.append(spent)
        per_duel.append(spent / duels)
        counts.append((duels, len(found["moves"])))
    method = "; ".join(f"{duels} duels, {moves} guesses" for duels, moves in counts)
    figures.append(
        sampled(
            AREA,
            "Torneo analysis, per tournament",
            samples,
            "CPU ms",
            f"analysis.analyse of a whole tournament of 8 medium bots in es (seed {seed}): {method}",
        )
    )
    figures.append(sampled(AREA, "Torneo analysis, per duel", per_duel, "CPU ms", "the same, per duel"))
    return figures


def round_cards(repeats: int = 3, seed: int = 1) -> list[Figure]:
    """The batch lane's work for the round-end cards of one match (issue 30): at each round's end the task
    analyses the match so far. Before: the whole analysis (every ended round again: the square of the rounds);
    after: `analyse_round`, that round's guesses alone. Side by side in one run, CPU time of one thread, the
    process's memo of the bot's words (games.kit.wordle_analysis._SEEN) emptied before each match's cards, as a
    fresh worker has it."""
    from games.duelo import analysis as duelo_analysis
    from games.kit import wordle_analysis
    from games.torneo import analysis as torneo_analysis
    from wordlists.lexicon import lexicon

    rng = random.Random(seed)
    matches = (
        ("Duelo, 5 rounds, 4 medium bots", duelo_analysis, _played_duelo_round("es", 4, "medium", rng, lexicon, 5)),
        ("Torneo, 8 medium bots", torneo_analysis, _played_torneo("es", "medium", rng, lexicon)),
    )
    figures = []
    for name, module, steps in matches:
        ends = [
            (index, event["round"])
            for index, step in enumerate(steps)
            for event in step.events
            if event.get("type") == "round_ended"
        ]
        module.analyse(steps[:1], words=lexicon)  # the lists' word pools, built once per worker

        def cards(one_round: bool, module=module, steps=steps, ends=ends) -> float:
            wordle_analysis._SEEN.clear()
            started = time.process_time()
            for index, number in ends:
                so_far = steps[: index + 1]
                if one_round:
                    module.analyse_round(so_far, number, words=lexicon)
                else:
                    module.analyse(so_far, words=lexicon)
            return (time.process_time() - started) * 1000

        before, after = [], []
        for _repeat in range(repeats):
            before.append(cards(False))
            after.append(cards(True))
        ratio = statistics.median(b / a for b, a in zip(before, after, strict=True))
        figures.append(
            Figure(
                AREA,
                f"Round-end cards of a match, {name}",
                round(ratio, 2),
                "x less CPU",
                f"{len(ends)} cards; whole analysis at each round's end, median {statistics.median(before):.0f} ms "
                f"(before) vs that round alone {statistics.median(after):.0f} ms (after); {repeats} repeats, "
                f"alternated, CPU time of one thread",
            )
        )
    return figures


ALL = (
    wordle_feedback,
    duelo_bots,
    wordgrid,
    cruzadas,
    lexicons,
    torneo_pairing,
    claves_maps,
    wordle_analysis,
    round_cards,
    game_analysis,
)
