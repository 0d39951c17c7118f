"""The soak's profiles. All play the same three games at the same human pace. The long one has five times the
short one's tables and ten times its duration, and kills the site's work processes now and then (the live
worker, the clock, the batch worker: each a lane of its own, config/lanes.py); the peak one has twice the long
one's tables. Each stops the soak's own Redis once and its own PostgreSQL once (short: 5 s each, long and
peak: 15 s each) and starts them again on the same port (Redis empty, PostgreSQL with what was committed)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass


@dataclass(frozen=True)
class Profile:
    name: str
    play_seconds: float  # moves are played this long after the ramp
    ramp_seconds: float  # tables open and connect spread over this
    duelo: int  # Duelo rooms of two people; every other one has a medium bot as a third seat
    duelo_rounds: int
    wordgrid: int  # free Wordgrid rooms: a guest and a friend by link
    wordgrid_staked: int  # Wordgrid for credits: two registered players, an offer and its acceptance
    cruzadas: int  # Letras Cruzadas rooms: a guest and a friend by link
    resign_share: float  # share of Wordgrid and Cruzadas matches in which one player resigns early
    daphnes: int = 2  # daphne processes; each table's two people use different ones (cross-process groups)
    # (seconds into play, process): SIGKILL one of the site's work processes (config/launch.py's names), and
    # start a new one kill_down_seconds later.
    kills: tuple[tuple[float, str], ...] = ()
    kill_down_seconds: float = 0.0
    # (seconds into play, seconds down): the soak's Redis is killed and started again, empty (as after a
    # crash), on the same port. Not overlapping another fault, so that each is seen on its own.
    redis_outages: tuple[tuple[float, float], ...] = ()
    # (seconds into play, seconds down): the soak's PostgreSQL stopped at once (every connection cut) and
    # started again with what was committed.
    postgres_outages: tuple[tuple[float, float], ...] = ()
    # Whole run, setup and checks included: past it the soak stops where it is and cleans up.
    limit_seconds: float = 600

    @property
    def tables(self) -> int:
        return self.duelo + self.wordgrid + self.wordgrid_staked + self.cruzadas

    @property
    def sockets(self) -> int:
        return 2 * self.tables


# Human pace, seconds of thought before a move (uniform): a Duelo guess (a five-letter word to type), a
# Wordgrid turn (a path to find on 25 cells), a Letras Cruzadas turn (a rack to place on a 15x15 board).
# A little slower than the bots' think times (games/*/bots.py), which are tuned to feel brisk.
THINK_SECONDS = {"duelo": (8.0, 16.0), "wordgrid": (6.0, 18.0), "cruzadas": (15.0, 40.0)}
# A host starts the next match this long after the last one ended.
RESTART_SECONDS = (3.0, 8.0)

SHORT = Profile(
    name="short",
    play_seconds=60,
    ramp_seconds=10,
    duelo=50,
    duelo_rounds=1,
    wordgrid=20,
    wordgrid_staked=10,
    cruzadas=20,
    resign_share=0.4,
    redis_outages=((20, 5),),
    postgres_outages=((40, 5),),
    limit_seconds=480,
)
LONG = Profile(
    name="long",
    play_seconds=600,
    ramp_seconds=40,
    duelo=250,
    duelo_rounds=3,
    wordgrid=110,
    wordgrid_staked=40,
    cruzadas=100,
    resign_share=0.2,
    kills=((90, "worker-live"), (210, "clock"), (330, "worker-batch"), (450, "worker-live")),
    kill_down_seconds=12,
    redis_outages=((270, 15),),
    postgres_outages=((390, 15),),
    limit_seconds=1320,
)
# Twice the long profile's tables (2,000 sockets), the same faults: the machine's capacity (docs/performance.md).
PEAK = dataclasses.replace(
    LONG,
    name="peak",
    ramp_seconds=80,
    duelo=500,
    wordgrid=220,
    wordgrid_staked=80,
    cruzadas=200,
    limit_seconds=1500,
)
PROFILES = {profile.name: profile for profile in (SHORT, LONG, PEAK)}
