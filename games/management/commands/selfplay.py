"""Play bot-only matches through the real services, with a virtual clock, and report the bots.

    manage.py selfplay duelo --games 20 --bots easy,medium,hard --lang es

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
from games.runtime.engine import BOTS, ENGINES


class Command(BaseCommand):
    help = "Play N bot-only matches through the real services and report finishes, guesses and time."

    def add_arguments(self, parser):
        parser.add_argument("game", choices=["duelo"])
        parser.add_argument("--games", type=int, default=10)
        parser.add_argument("--bots", default="easy,medium,hard", help="comma-separated levels, one per seat")
        parser.add_argument("--lang", default="es")
        parser.add_argument("--rounds", type=int, default=3)
        parser.add_argument("--seconds", type=int, default=90)
        parser.add_argument("--seed", type=int, default=None)

    def handle(self, *args, game, games, bots, lang, rounds, seconds, seed, **options):
        spec = spec_for(game)
        levels = [level.strip() for level in bots.split(",") if level.strip()]
        unknown = [level for level in levels if level not in spec.bot_levels]
        if not spec.min_seats <= len(levels) <= spec.max_seats or unknown:
            raise CommandError(f"--bots needs {spec.min_seats}-{spec.max_seats} levels of {spec.bot_levels}")
        if games < 1:
            raise CommandError("--games must be at least 1")
        rng = random.Random(seed)
        host = player_create_guest(nickname="Selfplay")
        guesses, failures, durations, finished = defaultdict(list), defaultdict(int), [], 0
        with scheduling.timers_disabled():
            for _number in range(games):
                started = time.perf_counter()
                match = self.play_one(game, host, levels, lang, rounds, seconds, rng)
                durations.append(time.perf_counter() - started)
                finished += match.status == Match.FINISHED
                for seat, level in enumerate(levels):
                    for round_ in match.outcome["seats"][seat]["rounds"]:
                        if round_["solved"]:
                            guesses[level].append(round_["guesses"])
                        else:
                            failures[level] += 1
        self.report(games, finished, levels, lang, guesses, failures, durations)

    def play_one(self, game, host, levels, lang, rounds, seconds, rng) -> Match:
        room = rooms.room_create(game=game, host=host, seats=len(levels), interface_language=lang,
                                 settings={"language": lang, "rounds": rounds, "round_seconds": seconds},
                                 host_seated=False)
        for index, level in enumerate(levels):
            rooms.room_seat_set(room=room, by=host, index=index, bot_level=level)
        now = timezone.now()
        match = matches.match_start(room=room, by=host, now=now)
        engine, bots = ENGINES[game], BOTS[game]
        pending: list[tuple] = []  # (when, seat, turn): each bot's next move on the virtual clock
        planned: set[tuple] = set()
        while match.status == Match.PLAYING:
            state = engine.from_json(match.state)
            for seat, level in enumerate(levels):
                turn = bots.bot_turn(state, seat)
                if turn is not None and (seat, turn) not in planned:
                    planned.add((seat, turn))
                    heapq.heappush(pending, (now + timezone.timedelta(seconds=bots.think_seconds(level, rng)),
                                             seat, turn))
            deadline = match.deadline
            if pending and (deadline is None or pending[0][0] < deadline):
                now, seat, turn = heapq.heappop(pending)
                matches.match_bot_move(match_id=match.pk, seat=seat, turn=turn, now=now)
            else:
                now = deadline
                matches.match_advance(match_id=match.pk, now=now)
            match.refresh_from_db()
        return match

    def report(self, games, finished, levels, lang, guesses, failures, durations):
        self.stdout.write(f"{finished} of {games} matches finished ({lang}, seats: {', '.join(levels)})")
        self.stdout.write(f"{'level':8} {'rounds solved':>14} {'avg guesses':>12} {'not solved':>11}")
        for level in sorted(set(levels), key=levels.index):
            solved = guesses[level]
            average = f"{statistics.mean(solved):.2f}" if solved else "-"
            self.stdout.write(f"{level:8} {len(solved):>14} {average:>12} {failures[level]:>11}")
        self.stdout.write(f"time per match: mean {statistics.mean(durations):.2f} s, "
                          f"max {max(durations):.2f} s (wall clock, virtual game time)")
