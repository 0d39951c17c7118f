"""The soak's two profiles. Both play the same three games at the same human pace; the long one has five
times the tables, ten times the duration, and kills the Celery worker now and then. Both stop the soak's
own Redis once (short: 5 s, long: 15 s) and start it again, empty, on the same port."""

from __future__ import annotations

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
    worker_kills_at: tuple[float, ...] = ()  # seconds into play: SIGKILL the Celery worker
    worker_down_seconds: float = 0.0
    # (seconds into play, seconds down): the soak's Redis is killed and started again, empty (as after a
    # crash), on the same port. Not overlapping a worker kill, so that each fault is seen on its own.
    redis_outages: tuple[tuple[float, float], ...] = ()
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
    redis_outages=((25, 5),),
    limit_seconds=420,
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
    worker_kills_at=(90, 210, 330, 450),
    worker_down_seconds=12,
    redis_outages=((270, 15),),
    limit_seconds=1260,
)
PROFILES = {profile.name: profile for profile in (SHORT, LONG)}
