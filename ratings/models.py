"""Ratings per player per rated game, and their append-only history (one row per change)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import Player

START_RATING = 1000

# The games whose results move a rating, with the name the leaderboard shows. Torneo is rated (issue 9);
# another game becomes rated by adding it here and calling services.rating_apply when its match ends.
RATED_GAMES: dict[str, str] = {"torneo": _("Torneo")}


class Rating(models.Model):
    """A player's current rating in one game. Written only by services.rating_apply."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("player"))
    game = models.CharField(_("game"), max_length=20)
    value = models.IntegerField(_("rating"), default=START_RATING)
    games = models.PositiveIntegerField(_("rated games"), default=0)
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
