"""Play bot-only matches through the real services, with a virtual clock, and report the bots.

    manage.py selfplay duelo --games 20 --bots easy,medium,hard --lang es
    manage.py selfplay wordgrid --games 20 --bots medium,hard
    manage.py selfplay cruzadas --games 10 --ai easy,hard

Every move and every tick of the clock goes through games.runtime.matches (lock, engine, save, events,
broadcast), exactly as in a live match; only the waiting is skipped: the command moves a virtual clock
to the next bot move or deadline instead of sleeping, so no Celery task is armed.
"""

from __future__ import annotations

import heapq
import random
import statistics
import time
from collections import defaultdict

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from accounts.services import player_create_guest
from games.models import Match
from games.runtime import matches, rooms, scheduling
from games.runtime.catalogue import spec_for
from games.runtime.engine import bots_for, engine_for

MAX_STEPS = 2000


class Command(BaseCommand):
    help = "Play N bot-only matches through the real services and report finishes, guesses and time."

    def add_arguments(self, parser):
        parser.add_argument("game", choices=["duelo", "wordgrid", "cruzadas"])
        parser.add_argument("--games", type=int, default=10)
        parser.add_argument(
            "--bots",
            "--ai",
            dest="bots",
            default=None,
            help="comma-separated levels, one per seat (--ai for Letras Cruzadas)",
        )
        parser.add_argument("--lang", default="es")
        parser.add_argument("--rounds", type=int, default=3)
        parser.add_argument("--seconds", type=int, default=90)
        parser.add_argument("--seed", type=int, default=None)

    def handle(self, *args, game, games, bots, lang, rounds, seconds, seed, **options):
        spec = spec_for(game)
        bots = bots or ("easy,medium,hard" if game == "duelo" else "medium,hard")
        levels = [level.strip() for level in bots.split(",") if level.strip()]
        unknown = [level for level in levels if level not in spec.bot_levels]
        if not spec.min_seats <= len(levels) <= spec.max_seats or unknown:
            raise CommandError(f"--bots needs {spec.min_seats}-{spec.max_seats} levels of {spec.bot_levels}")
        if games < 1:
            raise CommandError("--games must be at least 1")
        rng = random.Random(seed)
        host = player_create_guest(nickname="Selfplay")
        finished_matches, durations = [], []
        settings = (
            {"language": lang, "rounds": rounds, "round_seconds": seconds}
            if game == "duelo"
            else ({"language": "tr"} if game == "cruzadas" else {})
        )
        with scheduling.timers_disabled():
            for number in range(games):
                # Wordgrid: alternate who moves first, since the first player has an edge.
                seated = levels if game == "duelo" or number % 2 == 0 else list(reversed(levels))
                started = time.perf_counter()
                match = self.play_one(game, host, seated, settings, rng)
                durations.append(time.perf_counter() - started)
                finished_matches.append((seated, match))
        finished = sum(1 for _seated, match in finished_matches if match.status == Match.FINISHED)
        where = f"{lang}, " if game == "duelo" else ""
        self.stdout.write(f"{finished} of {games} matches finished ({where}seats: {', '.join(levels)})")
        if game == "duelo":
            self.report_duelo(levels, finished_matches)
        else:
            self.report_turns(levels, finished_matches)
            moves = sum(
                match.events.filter(kind__in=["word_played", "placed", "passed", "exchanged"]).count()
                for _seated, match in finished_matches
            )
            if moves:
                self.stdout.write(
                    f"time per move: {sum(durations) / moves * 1000:.0f} ms (wall clock, "
                    f"{moves} moves, services included)"
                )
        self.stdout.write(
            f"time per match: mean {statistics.mean(durations):.2f} s, "
            f"max {max(durations):.2f} s (wall clock, virtual game time)"
        )

    def play_one(self, game, host, levels, settings, rng) -> Match:
        room = rooms.room_create(
            game=game, host=host, seats=len(levels), interface_language="es", settings=settings, host_seated=False
        )
        for index, level in enumerate(levels):
            rooms.room_seat_set(room=room, by=host, index=index, bot_level=level)
        now = timezone.now()
        match = matches.match_start(room=room, by=host, now=now)
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
                    heapq.heappush(
                        pending, (now + timezone.timedelta(seconds=bots.think_seconds(level, rng)), seat, turn)
                    )
            deadline = match.deadline
            if not pending and deadline is None:  # nobody owes a move and no clock runs: stuck
                matches.match_stop(match_id=match.pk, reason="selfplay_stuck", now=now)
                match.refresh_from_db()
                break
            if pending and (deadline is None or pending[0][0] < deadline):
                now, seat, turn = heapq.heappop(pending)
                matches.match_bot_move(match_id=match.pk, seat=seat, turn=turn, now=now)
            else:
                now = deadline
                matches.match_advance(match_id=match.pk, now=now)
            match.refresh_from_db()
        return match

    def report_duelo(self, levels, finished_matches):
        guesses, failures = defaultdict(list), defaultdict(int)
        for seated, match in finished_matches:
            for seat, level in enumerate(seated):
                for round_ in match.outcome["seats"][seat]["rounds"]:
                    if round_["solved"]:
                        guesses[level].append(round_["guesses"])
                    else:
                        failures[level] += 1
        self.stdout.write(f"{'level':8} {'rounds solved':>14} {'avg guesses':>12} {'not solved':>11}")
        for level in sorted(set(levels), key=levels.index):
            solved = guesses[level]
            average = f"{statistics.mean(solved):.2f}" if solved else "-"
            self.stdout.write(f"{level:8} {len(solved):>14} {average:>12} {failures[level]:>11}")

    def report_turns(self, levels, finished_matches):
        """Two-player turn games (Wordgrid, Letras Cruzadas): wins and average final score per level."""
        wins, scores = defaultdict(int), defaultdict(list)
        for seated, match in finished_matches:
            for seat, level in enumerate(seated):
                scores[level].append(match.outcome["scores"][seat])
                wins[level] += seat in match.outcome["winners"]
        self.stdout.write(f"{'level':8} {'wins':>6} {'avg score':>10}")
        for level in sorted(set(levels), key=levels.index):
            self.stdout.write(f"{level:8} {wins[level]:>6} {statistics.mean(scores[level]):>10.1f}")
