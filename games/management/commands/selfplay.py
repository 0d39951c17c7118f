"""Play bot-only matches through the real services, with a virtual clock, and report the bots' strength.

    manage.py selfplay duelo --games 30 --bots easy,medium,hard --lang tr,en,fr,es,ru,ko --seed 1
    manage.py selfplay torneo --games 5 --lang es,en --seed 1
    manage.py selfplay wordgrid --games 20 --bots easy,medium,hard --seed 1
    manage.py selfplay cruzadas --games 10 --ai easy,medium,hard --seed 1

Every move and every tick of the clock goes through games.runtime.matches (lock, engine, save, events,
broadcast), exactly as in a live match; only the waiting is skipped: the command moves a virtual clock
to the next bot move or deadline instead of sleeping, so no Celery task is armed.

What it reports (docs/bots.md, "The bots' strength"):

- Duelo: per language and level, the rounds played, the solve rate and the average guesses of the
  rounds solved. All the levels of --bots sit at the same table (simultaneous rounds, one hidden word).
- Torneo: per language and level, the duels played, the solve rate (duels the level solved), the
  average guesses of those duels (its own rows), its average place and tournaments won. Eight bots;
  the default field is three easy, three medium and two hard, seated in a new order every tournament.
- Wordgrid and Letras Cruzadas (two seats): with more than two levels in --bots, every pairing plays
  --games games (seats alternate, the first player has an edge): the win rate of each level against
  each other, and each level's average points per game.

`--publish` writes the figures into games/data/bot_strength.json, which the games' pages turn into a sentence per
level (games.bot_strength): Duelo's from `--alone` runs, Torneo's, and the pairings of Wordgrid and Cruzadas.

`--seed` makes a run repeatable: it drives the think times, the boards and hidden words, and the bots'
choices (the service's random draws, in this process only). The word lists and the bots' code must be
the same too, so a figure names the date and the command that made it.
"""

from __future__ import annotations

import heapq
import itertools
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from datetime import timedelta
from types import SimpleNamespace
from typing import Any
from unittest import mock

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from accounts.services import player_create_guest
from games import bot_strength
from games.models import Match
from games.runtime import matches, rooms, scheduling
from games.runtime.catalogue import spec_for
from games.runtime.registry import bots_for, engine_for

MAX_STEPS = 2000
GAMES = ("duelo", "torneo", "wordgrid", "cruzadas")
DEFAULT_LEVELS = {
    "duelo": "easy,medium,hard",
    "torneo": "easy,easy,easy,medium,medium,medium,hard,hard",
    "wordgrid": "medium,hard",
    "cruzadas": "medium,hard",
}
TWO_SEATS = ("wordgrid", "cruzadas")


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"


def _mean(values: Sequence[float]) -> str:
    return f"{statistics.mean(values):.2f}" if values else "-"


class Command(BaseCommand):
    help = "Play N bot-only matches through the real services and report each level's strength."

    def add_arguments(self, parser):
        parser.add_argument("game", choices=GAMES)
        parser.add_argument("--games", type=int, default=10, help="matches per language, or per pairing")
        parser.add_argument(
            "--bots",
            "--ai",
            dest="bots",
            default=None,
            help="comma-separated levels, one per seat (--ai for Letras Cruzadas); for a two-seat game, "
            "more than two levels play every pairing",
        )
        parser.add_argument("--lang", default=None, help="comma-separated word languages (Duelo, Torneo)")
        parser.add_argument("--rounds", type=int, default=3)
        parser.add_argument("--seconds", type=int, default=90)
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument(
            "--alone",
            action="store_true",
            help="Duelo: each level alone, on --games random hidden words per language (the engine and the bot, "
            "no table, no round clock): how many guesses it needs",
        )
        parser.add_argument(
            "--publish",
            action="store_true",
            help="write the figures into games/data/bot_strength.json for the games' pages (Duelo: with --alone)",
        )

    def handle(self, *args, game, games, bots, lang, rounds, seconds, seed, alone, publish=False, **options):
        spec = spec_for(game)
        levels = [level.strip() for level in (bots or DEFAULT_LEVELS[game]).split(",") if level.strip()]
        unknown = [level for level in levels if level not in spec.bot_levels]
        fewest = 1 if alone else spec.min_seats  # alone: any one level will do
        most = len(levels) if game in TWO_SEATS or alone else spec.max_seats
        if unknown or not fewest <= len(levels) <= most:
            raise CommandError(f"--bots needs {spec.min_seats}-{spec.max_seats} levels of {spec.bot_levels}")
        if games < 1:
            raise CommandError("--games must be at least 1")
        if publish and game == "duelo" and not alone:
            raise CommandError("--publish for Duelo takes the --alone figures (a table measures speed too)")
        self.published: dict = {"languages": {}} if game in ("duelo", "torneo") else {}
        rng = random.Random(seed)
        # The service draws boards, hidden words and the bots' choices from `secrets`: seeded here, in this
        # process only, so the same command line plays the same games.
        seeded = SimpleNamespace(randbits=random.Random(rng.random()).getrandbits)
        if alone:
            if game != "duelo":
                raise CommandError("--alone is for Duelo")
            started = time.perf_counter()
            for language in (lang or "es").split(","):
                self.duelo_alone(language.strip(), list(dict.fromkeys(levels)), games, rng)
            self.stdout.write(f"wall clock: {time.perf_counter() - started:.0f} s")
            self.publish(game, publish)
            return
        self.host = player_create_guest(nickname="Selfplay")
        self.durations: list[float] = []
        started = time.perf_counter()
        with scheduling.timers_disabled(), mock.patch.object(matches, "secrets", seeded):
            if game in TWO_SEATS:
                self.two_seats(game, levels, games, rng)
            else:
                for language in (lang or "es").split(","):
                    settings = {"language": language.strip()}
                    if game == "duelo":
                        settings |= {"rounds": rounds, "round_seconds": seconds}
                    played = []
                    for _number in range(games):
                        seated = list(levels)
                        if game == "torneo":
                            rng.shuffle(seated)  # who meets whom is drawn anyway; seats carry no edge
                        played.append((seated, self.play_one(game, seated, settings, rng)))
                    self.report_wordle(game, language.strip(), levels, played)
        self.stdout.write(f"wall clock: {time.perf_counter() - started:.0f} s (virtual game time)")
        self.publish(game, publish)

    def publish(self, game: str, wanted: bool) -> None:
        if not wanted:
            return
        command = " ".join(["manage.py", *sys.argv[1:]]) if sys.argv[1:2] == ["selfplay"] else "manage.py selfplay"
        bot_strength.record(game, self.published, command=command)
        self.stdout.write(f"published in {bot_strength.PATH.relative_to(bot_strength.PATH.parents[2])}")

    # -- playing -------------------------------------------------------------------------------------

    def play_one(self, game, levels, settings, rng) -> Match:
        started = time.perf_counter()
        match = self._play(game, levels, settings, rng)
        self.durations.append(time.perf_counter() - started)
        return match

    def timing(self, moves: int = 0) -> None:
        """Wall-clock time of the matches just reported (services included), then forget them."""
        if moves:
            self.stdout.write(
                f"time per move: {sum(self.durations) / moves * 1000:.0f} ms (wall clock, {moves} moves, "
                "services included)"
            )
        self.stdout.write(
            f"time per match: mean {statistics.mean(self.durations):.2f} s, max {max(self.durations):.2f} s "
            "(wall clock, virtual game time)"
        )
        self.durations = []

    def _play(self, game, levels, settings, rng) -> Match:
        room = rooms.room_create(
            game=game,
            host=self.host,
            seats=len(levels),
            interface_language="es",
            settings=settings,
            host_seated=False,
        )
        for index, level in enumerate(levels):
            rooms.room_seat_set(room=room, by=self.host, index=index, bot_level=level)
        now = timezone.now()
        # Torneo starts when its seats are filled, never from a host's button.
        match = matches.match_start(room=room, by=self.host if spec_for(game).host_starts else None, now=now)
        engine, bots = engine_for(game), bots_for(game)
        pending: list[tuple] = []  # (when, seat, turn): each bot's next move on the virtual clock
        planned: set[tuple] = set()
        steps = 0
        while match.status == Match.PLAYING:
            steps += 1
            if steps > MAX_STEPS:  # a game the rules cannot end (e.g. endless exchanges): call it
                matches.match_stop(match_id=match.pk, reason="selfplay_limit", now=now)
                match.refresh_from_db()
                break
            state = engine.from_json(match.state)
            for seat, level in enumerate(levels):
                turn = bots.bot_turn(state, seat)
                if turn is not None and (seat, turn) not in planned:
                    planned.add((seat, turn))
                    # Before the round opens a bot thinks from the moment it opens (as scheduling does).
                    opens = engine.opens_at(state)
                    start = max(now, opens) if opens is not None else now
                    heapq.heappush(pending, (start + timedelta(seconds=bots.think_seconds(level, rng)), seat, turn))
            deadline = match.deadline
            if not pending and deadline is None:  # nobody owes a move and no clock runs: stuck
                matches.match_stop(match_id=match.pk, reason="selfplay_stuck", now=now)
                match.refresh_from_db()
                break
            if pending and (deadline is None or pending[0][0] < deadline):
                now, seat, turn = heapq.heappop(pending)
                matches.match_bot_move(match_id=match.pk, seat=seat, turn=turn, now=now)
            else:
                assert deadline is not None  # else nobody owed a move and no clock ran: stopped above
                now = deadline
                matches.match_advance(match_id=match.pk, now=now)
            match.refresh_from_db()
        return match

    def two_seats(self, game, levels, games, rng) -> None:
        """Every pairing of the levels (or the one pair given) plays `games` games, seats alternating."""
        language = {"cruzadas": {"language": "tr"}}.get(game, {})
        pairings = [tuple(levels)] if len(levels) == 2 else list(itertools.combinations(dict.fromkeys(levels), 2))
        rows, points, finished, moves = [], defaultdict(list), 0, 0
        for first, second in pairings:
            wins, draws, stopped = [0, 0], 0, 0
            scores: tuple[list[int], list[int]] = ([], [])
            for number in range(games):
                # Alternate who moves first, since the first player has an edge.
                order = (0, 1) if number % 2 == 0 else (1, 0)
                pair = (first, second)
                seated = [pair[side] for side in order]
                match = self.play_one(game, seated, language, rng)
                finished += match.status == Match.FINISHED
                moves += match.events.filter(kind__in=["word_played", "placed", "passed", "exchanged"]).count()
                if match.status != Match.FINISHED or match.outcome.get("stopped"):
                    stopped += 1
                    continue
                winners = match.outcome["winners"]
                for seat, side in enumerate(order):
                    score = match.outcome["scores"][seat]
                    scores[side].append(score)
                    points[pair[side]].append(score)
                    wins[side] += seat in winners and len(winners) == 1
                draws += len(winners) != 1
            played = games - stopped
            self.published.setdefault("pairings", []).append(
                {"levels": [first, second], "games": played, "wins": list(wins), "draws": draws}
            )
            rows.append(
                f"| {first} v {second} | {played} | {wins[0]} | {wins[1]} | {draws} | {_pct(wins[0], played)} "
                f"| {_mean(scores[0])} | {_mean(scores[1])} |"
            )
            if stopped:
                rows[-1] += f" ({stopped} stopped, not counted)"
        self.stdout.write(
            f"\n{game}: {finished} of {games * len(pairings)} matches finished ({games} per pairing, seats alternating)"
        )
        self.stdout.write(
            "| pairing (A v B) | games | A wins | B wins | draws | A win rate | A avg points | B avg points |"
        )
        self.stdout.write("|---|---|---|---|---|---|---|---|")
        for row in rows:
            self.stdout.write(row)
        self.stdout.write("\n| level | games | avg points per game |")
        self.stdout.write("|---|---|---|")
        for level in dict.fromkeys(levels):
            self.stdout.write(f"| {level} | {len(points[level])} | {_mean(points[level])} |")
            if points[level]:
                self.published.setdefault("levels", {})[level] = {
                    "games": len(points[level]),
                    "points": round(statistics.mean(points[level]), 2),
                }
        self.timing(moves)

    # -- Duelo and Torneo ------------------------------------------------------------------------------

    def report_wordle(self, game, language, levels, played) -> None:
        solved: defaultdict[str, list[int]] = defaultdict(list)
        failed: defaultdict[str, int] = defaultdict(int)
        places: defaultdict[str, list[int]] = defaultdict(list)
        titles: defaultdict[str, int] = defaultdict(int)
        finished = 0
        for seated, match in played:
            if match.status != Match.FINISHED or match.outcome.get("stopped"):
                continue
            finished += 1
            if game == "duelo":
                for seat, level in enumerate(seated):
                    for round_ in match.outcome["seats"][seat]["rounds"]:
                        if round_["solved"]:
                            solved[level].append(round_["guesses"])
                        else:
                            failed[level] += 1
            else:
                self.torneo_duels(match, seated, solved, failed)
                for seat, level in enumerate(seated):
                    places[level].append(match.outcome["places"][seat])
                    titles[level] += seat in match.outcome["winners"]
        unit = "rounds" if game == "duelo" else "duels"
        self.stdout.write(f"\n{game} {language}: {finished} of {len(played)} matches finished")
        head = f"| language | level | {unit} | solved | solve rate | avg guesses (solved) |"
        extra = " avg place | tournaments won (share per bot) |" if game == "torneo" else ""
        self.stdout.write(head + extra)
        self.stdout.write("|---" * (6 + (2 if extra else 0)) + "|")
        for level in dict.fromkeys(levels):
            total = len(solved[level]) + failed[level]
            row = (
                f"| {language} | {level} | {total} | {len(solved[level])} | {_pct(len(solved[level]), total)} "
                f"| {_mean(solved[level])} |"
            )
            if extra:
                share = _pct(titles[level], finished * levels.count(level))
                row += f" {_mean(places[level])} | {titles[level]} ({share}) |"
                if total and solved[level]:
                    self.published["languages"].setdefault(language, {})[level] = {
                        "duels": total,
                        "solved": len(solved[level]),
                        "guesses": round(statistics.mean(solved[level]), 2),
                        "place": round(statistics.mean(places[level]), 2),
                        "titles": titles[level],
                        "tournaments": finished * levels.count(level),
                    }
            self.stdout.write(row)
        self.timing()

    def duelo_alone(self, language, levels, games, rng) -> None:
        """Each level plays `games` hidden words of the language's hidden list on its own, one guess a second
        (nobody else at the table, so no closing countdown; six rows): the guesses it needs."""
        from datetime import timedelta

        from wordlists.lexicon import lexicon

        # The game's modules as the runtime finds them (no import of a game's folder from outside it)
        engine: Any = engine_for("duelo")  # its own names too (PLAYING, the state's rounds): Any
        bots: Any = bots_for("duelo")

        settings = {"language": language, "rounds": 1, "round_seconds": 120}
        self.stdout.write(f"\nduelo {language}, alone: {games} hidden words per level")
        self.stdout.write("| language | level | words | solved | solve rate | avg guesses (solved) |")
        self.stdout.write("|---|---|---|---|---|---|")
        for level in levels:
            solved, failed = [], 0
            for _game in range(games):
                now = timezone.now()
                state = engine.new_game(settings, 2, random.Random(rng.random()), now, words=lexicon)
                now = engine.opens_at(state)
                state, _events = engine.advance(state, now)  # past the start card
                bot_rng = random.Random(rng.random())
                while state.phase == engine.PLAYING and not state.current.seats[0].done:
                    now += timedelta(seconds=1)
                    action = bots.bot_action(state, 0, level, bot_rng, words=lexicon)
                    assert action is not None  # its grid is not done: it guesses
                    state, _events = engine.apply(state, 0, action, now, words=lexicon)
                seat = state.current.seats[0]
                if seat.solved:
                    solved.append(len(seat.rows))
                else:
                    failed += 1
            self.stdout.write(
                f"| {language} | {level} | {games} | {len(solved)} | {_pct(len(solved), games)} | {_mean(solved)} |"
            )
            if solved:
                self.published["languages"].setdefault(language, {})[level] = {
                    "words": games,
                    "solved": len(solved),
                    "guesses": round(statistics.mean(solved), 2),
                }

    @staticmethod
    def torneo_duels(match, seated, solved, failed) -> None:
        """Each seat's duels: solved (it found the word; its own guesses) or not (the rival found it, or
        twelve rows and nobody did). Forfeits and stopped duels are not counted."""
        state = engine_for("torneo").from_json(match.state)
        for round_ in state.rounds:
            for duel in round_.duels:
                if duel.end not in ("solved", "draw"):
                    continue
                for seat in duel.seats:
                    if duel.end == "solved" and duel.winner == seat:
                        solved[seated[seat]].append(sum(1 for row in duel.rows if row.seat == seat))
                    else:
                        failed[seated[seat]] += 1
