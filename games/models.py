"""The shared runtime's tables: rooms and their seats, matches with their versioned engine state,
the append-only event log, and each player's result of a finished match.

Only games.runtime services write these rows (DESIGN.md: one service path writes game state).
"""

from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from games.fields import FastJSONField


class Room(models.Model):
    WAITING, PLAYING, CLOSED = "waiting", "playing", "closed"
    STATUSES = [(WAITING, _("waiting")), (PLAYING, _("playing")), (CLOSED, _("closed"))]

    game = models.CharField(_("game"), max_length=20)
    code = models.CharField(_("code"), max_length=12, unique=True)
    host = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="hosted_rooms", verbose_name=_("host"))
    settings = models.JSONField(_("settings"), default=dict)
    status = models.CharField(_("status"), max_length=10, choices=STATUSES, default=WAITING)
    is_public = models.BooleanField(
        _("quick match"), default=False, help_text=_("Filled by the quick match, not only by invitation.")
    )
    version = models.PositiveIntegerField(default=1)  # bumped on every change, carried by room frames
    # A private room's matches are not listed under "Live now" (lobby); anyone with the link may still watch.
    is_private = models.BooleanField(
        _("private"), default=False, help_text=_("Its games are not listed among the live games in the lobby.")
    )
    # Games whose spec remembers words (Claves a Dúo): per hidden list, the words this room has drawn in its
    # current cycle, oldest first ({"claves-es-standard": ["sol", ...]}); a new board avoids them all while the
    # list has enough others (games.runtime.matches._remember_words).
    used_words = models.JSONField(_("words used"), default=dict, blank=True)
    # A rematch asked after the room's last match (games.runtime.rematch, its only writer): {"match": id of the
    # finished match, "accepted": [its seats that said yes, the asker first], "declined": seat | None}; {} none.
    rematch = models.JSONField(_("rematch"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    launch_at = models.DateTimeField(
        _("starts by itself at"),
        null=True,
        blank=True,
        db_index=True,
        help_text=_("Quick-match rooms fill with bots and start at this time."),
    )

    class Meta:
        verbose_name = _("room")
        verbose_name_plural = _("rooms")
        indexes = [models.Index(fields=["game", "is_public", "status"])]

    def __str__(self) -> str:
        return f"{self.game} {self.code}"


class Seat(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats", verbose_name=_("room"))
    index = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player")
    )
    bot_level = models.CharField(_("bot level"), max_length=10, blank=True)

    class Meta:
        ordering = ["room", "index"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["room", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["room", "player"], name="seat_one_per_player", condition=models.Q(player__isnull=False)
            ),
            models.CheckConstraint(
                name="seat_player_or_bot", condition=models.Q(player__isnull=True) | models.Q(bot_level="")
            ),
        ]

    def __str__(self) -> str:
        return f"{self.room.code}#{self.index}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def is_empty(self) -> bool:
        return self.player_id is None and not self.bot_level


class RoomVisitor(models.Model):
    """Everyone who opened the room: the players, and those who watch (the host can seat them)."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="visitors", verbose_name=_("room"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("player"))
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)

    class Meta:
        verbose_name = _("room visitor")
        verbose_name_plural = _("room visitors")
        constraints = [models.UniqueConstraint(fields=["room", "player"], name="visit_once")]

    def __str__(self) -> str:
        return f"{self.player} in {self.room.code}"


class Match(models.Model):
    # ARRIVING: started for people who are not all at the table yet; no clock runs until they are
    # (games.runtime.arrival). PLAYING: the engine's state and clocks are live. FINISHED: over or aborted.
    ARRIVING, PLAYING, FINISHED = "arriving", "playing", "finished"
    STATUSES = [(ARRIVING, _("waiting for the players")), (PLAYING, _("playing")), (FINISHED, _("finished"))]

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="matches", verbose_name=_("room"))
    game = models.CharField(_("game"), max_length=20)
    number = models.PositiveIntegerField(_("number in room"))
    state = FastJSONField(_("engine state"))
    version = models.PositiveIntegerField(_("version"), default=1)
    # Who sat where when the match began: [{"player": id | null, "bot": level | ""}]. Seats may change
    # in the room afterwards (play again), the match keeps its own.
    lineup = FastJSONField(_("lineup"))
    status = models.CharField(_("status"), max_length=10, choices=STATUSES, default=PLAYING)
    deadline = models.DateTimeField(_("next deadline"), null=True, blank=True, db_index=True)
    # Credits each seat staked (0: a free game). The escrow is the wallet's, under match_ref.
    stake = models.PositiveIntegerField(_("stake"), default=0)
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    # JSON (`Any` for mypy): None until the status says it is there, FINISHED for the outcome, ARRIVING for the
    # arrival, and the services read them only then; the status, not the type, tells (docs/decisions.md #27).
    outcome: Any = FastJSONField(_("outcome"), null=True, blank=True)
    # While ARRIVING: {"awaiting": [seats], "join_by": ISO, "settings": {...}}; afterwards what it was.
    arrival: Any = FastJSONField(_("arrival"), null=True, blank=True)

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [models.UniqueConstraint(fields=["room", "number"], name="match_number_in_room")]

    def __str__(self) -> str:
        return f"{self.game} match {self.pk} ({self.room.code} #{self.number})"

    @property
    def match_ref(self) -> str:
        """The name of this match's escrow in the wallet."""
        return f"match-{self.pk}"

    def seat_of(self, player_id: int) -> int | None:
        for index, sitter in enumerate(self.lineup):
            if sitter.get("player") == player_id:
                return index
        return None


class MatchEvent(models.Model):
    """Append-only: what happened, in order, with the version it produced. Server-side only (it holds
    guessed words and hidden words); clients get engine views."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events", verbose_name=_("match"))
    version = models.PositiveIntegerField(_("version"))
    kind = models.CharField(_("event"), max_length=40)
    data = FastJSONField(_("data"), default=dict)
    at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["match", "id"]
        verbose_name = _("match event")
        verbose_name_plural = _("match events")

    def __str__(self) -> str:
        return f"{self.kind} (v{self.version})"


class MatchResult(models.Model):
    """A person's result of a finished match (bots have none), for their page and statistics."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="results", verbose_name=_("match"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="results", verbose_name=_("player"))
    game = models.CharField(_("game"), max_length=20, db_index=True)
    seat = models.PositiveSmallIntegerField(_("seat"))
    place = models.PositiveSmallIntegerField(_("place"))
    won = models.BooleanField(_("won"))
    points = models.IntegerField(_("points"))
    details = models.JSONField(_("details"), default=dict)
    finished_at = models.DateTimeField(_("finished"))

    class Meta:
        ordering = ["-finished_at"]
        verbose_name = _("result")
        verbose_name_plural = _("results")
        constraints = [models.UniqueConstraint(fields=["match", "player"], name="one_result_per_player")]

    def __str__(self) -> str:
        return f"{self.player} in {self.match}: place {self.place}"


class MatchArchive(models.Model):
    """A finished match kept for its replay and analysis (games.runtime.archive, docs/replay.md): every
    version as a spectator saw it, built once by playing the match's inputs again (games.kit.rerun)."""

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, primary_key=True, related_name="archive", verbose_name=_("match")
    )
    # [{"v", "at", "view", "input": {"kind", "seat"}}]: the spectator's view after each version, the first
    # state's first. Empty when the match cannot be played again (`problem` says why).
    frames = FastJSONField(_("frames"), default=list)
    problem = models.CharField(_("problem"), max_length=200, blank=True)
    # The game's analysis (games/<slug>/analysis.py), None until the worker has made it.
    analysis: Any = FastJSONField(_("analysis"), null=True, blank=True)
    built_at = models.DateTimeField(_("built"), auto_now_add=True)
    analysed_at = models.DateTimeField(_("analysed"), null=True, blank=True)

    class Meta:
        verbose_name = _("match archive")
        verbose_name_plural = _("match archives")

    def __str__(self) -> str:
        return f"archive of match {self.match_id}"
