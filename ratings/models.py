"""Ratings per player per rated game, and their append-only history (one row per change)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import Player

START_RATING = 1000  # Torneo's own formula starts here (its rules)

# Which games are rated, and how, the games tell (ratings/games.py, registered from their specs).


class Rating(models.Model):
    """A player's current rating in one game. Written only by services.rating_apply."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("player"))
    game = models.CharField(_("game"), max_length=20)
    value = models.IntegerField(_("rating"), default=START_RATING)
    games = models.PositiveIntegerField(_("rated games"), default=0)
    # Glicko-2 games only (ratings.games.is_glicko): `value` is `exact` rounded; the deviation as of `rated_at`, the
    # last rated game (it grows with the time since, when read: ratings.selectors).
    exact = models.FloatField(_("exact rating"), null=True, blank=True)
    deviation = models.FloatField(_("rating deviation"), null=True, blank=True)
    volatility = models.FloatField(_("volatility"), null=True, blank=True)
    rated_at = models.DateTimeField(_("last rated game"), null=True, blank=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [models.UniqueConstraint(fields=["player", "game"], name="rating_one_per_player_game")]
        # The leaderboard reads the best ratings of one game.
        indexes = [models.Index(fields=["game", "-value"], name="rating_leaderboard")]

    def __str__(self) -> str:
        return f"{self.player} {self.game}: {self.value}"


class RatingChange(models.Model):
    """Append-only: one rating change of one player, with the match that caused it."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("player")
    )
    game = models.CharField(_("game"), max_length=20)
    # SET_NULL: the history outlives a deleted room; only the link to the match is lost.
    match = models.ForeignKey(
        "games.Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rating_changes",
        verbose_name=_("match"),
    )
    before = models.IntegerField(_("before"))
    after = models.IntegerField(_("after"))
    delta = models.IntegerField(_("change"))
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    # Glicko-2 games: the deviation after the change (the chart's band, "provisional" then).
    deviation = models.FloatField(_("rating deviation"), null=True, blank=True)
    created_at = models.DateTimeField(_("at"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [
            # A match moves each player's rating once, however many times its end is processed.
            models.UniqueConstraint(
                fields=["player", "match"], condition=models.Q(match__isnull=False), name="rating_change_once_per_match"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.game}: {self.before} -> {self.after}"
