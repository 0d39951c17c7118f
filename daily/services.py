"""The one path that writes the daily tables (DESIGN.md): puzzles made ahead with their commitments, and each
player's actions on a puzzle, under a row lock, through the game's own daily module (games/<game>/daily.py)."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import Player
from daily import commitment
from daily.mining import mined_positions, mines_positions
from daily.models import Commitment, Play, Puzzle
from daily.registry import all_dailies, daily_for
from games.kit.contract import gettext_noop as _
from games.kit.daily import DailyRefused
from games.kit.words import WordList, WordSource
from games.runtime.catalogue import spec_for
from toolkit import days
from wordlists.lexicon import lexicon
from wordlists.selectors import banned_hidden_words

# Candidates a maker may reject (its quality check, an answer seen before) before a date's puzzle is given up
# for that date: far more than a maker rejects (their tests on fixed seeds say how often).
ATTEMPTS = 200


def seed_for(game: str, day: date, variant: str, attempt: int) -> str:
    """The seed of one candidate: a keyed hash of the date, so that nobody can make tomorrow's puzzle from the
    code, and the same on every node (and after a restart)."""
    key = hashlib.sha256(f"daily-puzzles:{settings.SECRET_KEY}".encode()).digest()
    return hmac.new(key, f"{game}:{day.isoformat()}:{variant}:{attempt}".encode(), hashlib.sha256).hexdigest()


class _WithoutBanned:
    """A list whose `choose` never gives a word the admins banned as a hidden word (as a match's draw)."""

    def __init__(self, inner: WordList, banned: frozenset[str]):
        self._inner, self._banned = inner, banned

    @property
    def words(self):  # type: ignore[no-untyped-def]
        return self._inner.words

    def __contains__(self, word: object) -> bool:
        return word in self._inner

    def choose(self, rng: random.Random, exclude: frozenset[str] | set[str] = frozenset()) -> str:
        return self._inner.choose(rng, exclude=set(exclude) | self._banned)

    def display(self, word: str) -> str:
        return self._inner.display(word)


def _makers_words(words: WordSource) -> WordSource:
    def source(slug: str) -> WordList:
        banned = banned_hidden_words(slug)
        found = words(slug)
        return _WithoutBanned(found, banned) if banned else found  # type: ignore[return-value]

    return source


def _answer_key(answers: Mapping[str, Any]) -> str:
    return json.dumps(answers, sort_keys=True, ensure_ascii=False)


def puzzles_make(day: date, *, words: WordSource = lexicon) -> list[Puzzle]:
    """Every daily's puzzles of `day` that do not exist yet (a pair's daily too: its board is committed alike),
    each game's with its commitment, in one transaction per game. A game whose date is committed already gets
    nothing new for it (a variant added later would not be covered by the digest shown). Returns the puzzles
    made."""
    made = []
    for slug, module in all_dailies().items():
        try:
            made.extend(_make_game_day(slug, module, day, words))
        except IntegrityError:
            # Another process (a second beat, a page that found the date missing) made this game's date at the
            # same moment: its transaction won, ours is rolled back whole, and the date has its one commitment.
            continue
    return made


@transaction.atomic
def _make_game_day(slug: str, module: Any, day: date, words: WordSource) -> list[Puzzle]:
    """One game's puzzles of `day` and their commitment, or nothing if the date is committed already."""
    if Commitment.objects.filter(game=slug, day=day).exists():
        return []
    source = _makers_words(words)
    tools = spec_for(slug).engine_kwargs()  # what the game's rules need beside the lists (a DAWG)
    if mines_positions(module):  # positions of real games (daily/mining.py)
        tools["positions"] = mined_positions(slug)
    entries = []
    for variant in module.variants():
        seen = {
            _answer_key(module.answers(data))
            for data in Puzzle.objects.filter(game=slug, variant=variant).values_list("data", flat=True)
        }
        for attempt in range(ATTEMPTS):
            seed = seed_for(slug, day, variant, attempt)
            data = module.make_puzzle(random.Random(seed), variant, words=source, **tools)
            if data is not None and _answer_key(module.answers(data)) not in seen:
                break
        else:
            raise RuntimeError(f"no {slug} puzzle for {day} ({variant}) in {ATTEMPTS} candidates")
        entries.append(Puzzle(game=slug, day=day, variant=variant, data=data, seed=seed))
    salt = commitment.new_salt()
    text = commitment.document(
        slug, day, salt, [(entry.variant, entry.seed, module.answers(entry.data)) for entry in entries]
    )
    Puzzle.objects.bulk_create(entries)
    Commitment.objects.create(game=slug, day=day, digest=commitment.digest(text), salt=salt)
    return entries


def commitment_document(game: str, day: date) -> str:
    """The text a game's date committed to (the caller shows it only once the date is over)."""
    record = Commitment.objects.get(game=game, day=day)
    module = daily_for(game)
    puzzles = Puzzle.objects.filter(game=game, day=day)
    return commitment.document(
        game, day, record.salt, [(puzzle.variant, puzzle.seed, module.answers(puzzle.data)) for puzzle in puzzles]
    )


def _state_or_start(puzzle: Puzzle, play: Play | None, options: Mapping[str, Any]) -> dict[str, Any]:
    module = daily_for(puzzle.game)
    return play.state if play is not None else module.start(puzzle.data, options)


def daily_act(
    *,
    player: Player,
    puzzle: Puzzle,
    action: Mapping[str, Any],
    today: date,
    options: Mapping[str, Any] | None = None,
    now: datetime | None = None,
    words: WordSource = lexicon,
) -> Play:
    """One action of `player` on `puzzle`, whose date is `today` for them (daily.days.players_day). The first
    action starts the play with the player's `options` (Duelo's hard mode); a play of a date before `today` is
    from the archive. Raises DailyRefused, changing nothing, for a puzzle of a date after theirs, a finished
    play, or an action the game refuses."""
    now = now or timezone.now()
    if puzzle.day > today or not days.has_begun(puzzle.day, now):
        raise DailyRefused("not_yet", _("This puzzle is not out yet."))
    module = daily_for(puzzle.game)
    for _attempt in range(2):  # a first action racing another of the same player's: the second finds the row
        try:
            with transaction.atomic():
                play = Play.objects.select_for_update().filter(player=player, puzzle=puzzle).first()
                state = _state_or_start(puzzle, play, options or {})
                if module.finished(puzzle.data, state):
                    raise DailyRefused("daily_over", _("You have finished this puzzle."))
                state = module.apply(puzzle.data, state, action, words=words, **spec_for(puzzle.game).engine_kwargs())
                done = module.finished(puzzle.data, state)
                result = module.result(puzzle.data, state) if done else None
                if play is None:
                    play = Play(
                        player=player,
                        puzzle=puzzle,
                        archive=puzzle.day < today,
                        state=state,
                        options=dict(options or {}),
                    )
                else:
                    play.version += 1
                play.actions = [*play.actions, dict(action)]
                play.state, play.result = state, result
                play.finished_at = now if done else None
                play.save()
                return play
        except IntegrityError:
            continue
    raise DailyRefused("busy", _("Try again."))
