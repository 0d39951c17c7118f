from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import Player


class StakeOffer(models.Model):
    """A registered player's standing offer to play for credits. Nothing leaves their balance until
    someone accepts and both stakes go into the match's escrow at once."""

    OPEN, ACCEPTED, CANCELLED = "open", "accepted", "cancelled"
    STATUSES = [(OPEN, _("open")), (ACCEPTED, _("accepted")), (CANCELLED, _("cancelled"))]

    game = models.CharField(_("game"), max_length=20)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="offers", verbose_name=_("player"))
    stake = models.PositiveIntegerField(_("stake"))
    status = models.CharField(_("status"), max_length=10, choices=STATUSES, default=OPEN)
    accepted_by = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="accepted_offers", verbose_name=_("accepted by"))
    match = models.ForeignKey("games.Match", null=True, blank=True, on_delete=models.SET_NULL,
                              verbose_name=_("match"))
    created_at = models.DateTimeField(_("posted"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("stake offer")
        verbose_name_plural = _("stake offers")

    def __str__(self) -> str:
        return f"{self.player} · {self.game} · {self.stake}"

    @property
    def payout(self) -> int:
        """What the winner receives: 90 % of the pot, rounded down (the house keeps the rest)."""
        return (2 * self.stake * 90) // 100


class WaitingPlayer(models.Model):
    """A player in a game's queue for a random opponent. Pairing removes both and starts a match."""

    game = models.CharField(_("game"), max_length=20)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("player"))
    created_at = models.DateTimeField(_("since"), auto_now_add=True)

    class Meta:
        ordering = ["created_at"]
        verbose_name = _("waiting player")
        verbose_name_plural = _("waiting players")
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="wait_once_per_game")]

    def __str__(self) -> str:
        return f"{self.player} waits for {self.game}"
