"""The daily puzzles' tables: each date's puzzle of each game (made ahead), the commitment to a date's answers,
and each player's play of a puzzle. Only daily.services writes them (DESIGN.md: one service path)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import Player


class Puzzle(models.Model):
    """One game's puzzle of one date (and variant: Duelo's word language), the same for everyone that date."""

    game = models.CharField(_("game"), max_length=20)
    day = models.DateField(_("day"))
    variant = models.CharField(_("variant"), max_length=8, blank=True, default="")
    # The puzzle as the game's daily module made it, its answer included: never sent to a page as it is (the
    # game's `view` of a player's state is what a page gets).
    data = models.JSONField(_("puzzle"))
    seed = models.CharField(_("seed"), max_length=64)
    made_at = models.DateTimeField(_("made"), auto_now_add=True)

    class Meta:
        verbose_name = _("daily puzzle")
        verbose_name_plural = _("daily puzzles")
        constraints = [models.UniqueConstraint(fields=["game", "day", "variant"], name="one_puzzle_a_day")]

    def __str__(self) -> str:
        return f"{self.game} {self.day} {self.variant}".strip()


class Commitment(models.Model):
    """A date's puzzles of one game committed before the date: the SHA-256 of their answers and seeds with a salt
    (daily/commitment.py). The digest is shown before the date; the salt, and so the document, once it is over
    everywhere on Earth."""

    game = models.CharField(_("game"), max_length=20)
    day = models.DateField(_("day"))
    digest = models.CharField(_("SHA-256"), max_length=64)
    salt = models.CharField(_("salt"), max_length=64)  # secret until the date is over
    made_at = models.DateTimeField(_("made"), auto_now_add=True)

    class Meta:
        verbose_name = _("commitment")
        verbose_name_plural = _("commitments")
        constraints = [models.UniqueConstraint(fields=["game", "day"], name="one_commitment_a_day")]

    def __str__(self) -> str:
        return f"{self.game} {self.day} {self.digest[:12]}"


class Play(models.Model):
    """A player's play of a puzzle: the game's daily state, its result once finished."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="daily_plays", verbose_name=_("player"))
    puzzle = models.ForeignKey(Puzzle, on_delete=models.PROTECT, related_name="plays", verbose_name=_("puzzle"))
    # Played after its date (the archive): it counts for the statistics, never for a streak.
    archive = models.BooleanField(_("from the archive"), default=False)
    state = models.JSONField(_("state"))
    # The player's choices before the first action and every action taken, in order: a friend's "ghost" replays
    # them through the game's daily module (daily.selectors.ghost), move by move.
    options = models.JSONField(_("options"), default=dict, blank=True)
    actions = models.JSONField(_("actions"), default=list, blank=True)
    result = models.JSONField(_("result"), null=True, blank=True)
    version = models.PositiveIntegerField(default=1)
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("daily play")
        verbose_name_plural = _("daily plays")
        constraints = [models.UniqueConstraint(fields=["player", "puzzle"], name="one_play_a_puzzle")]
        indexes = [models.Index(fields=["player", "finished_at"])]

    def __str__(self) -> str:
        return f"{self.player_id} {self.puzzle_id}"


class PairWaiting(models.Model):
    """A player who asked to play a pair's daily (Claves a Dúo's) with anyone: waiting for a partner while `room` is
    empty, then the room where the two were seated together (daily.pairs, the only writer). `seen_at` is the
    waiting page's last call: a page gone quiet is nobody to pair with."""

    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="waiting", verbose_name=_("puzzle"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="daily_waits", verbose_name=_("player"))
    room = models.ForeignKey(
        "games.Room", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("room")
    )
    created_at = models.DateTimeField(_("since"), auto_now_add=True)
    seen_at = models.DateTimeField(_("last seen"))

    class Meta:
        verbose_name = _("player waiting for a partner")
        verbose_name_plural = _("players waiting for a partner")
        constraints = [models.UniqueConstraint(fields=["puzzle", "player"], name="one_wait_a_puzzle")]

    def __str__(self) -> str:
        return f"{self.player_id} {self.puzzle_id}"
