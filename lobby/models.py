from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import Player
from games.runtime.catalogue import spec_for
from lobby.game_ways import tournament_game
from wallet.conf import payout_for


class StakeOffer(models.Model):
    """A registered player's standing offer to play for credits. Nothing leaves their balance until
    someone accepts and both stakes go into the match's escrow at once."""

    # WITHDRAWN: the site took it down because its poster can no longer cover the stake.
    OPEN, ACCEPTED, CANCELLED, WITHDRAWN = "open", "accepted", "cancelled", "withdrawn"
    STATUSES = [
        (OPEN, _("open")),
        (ACCEPTED, _("accepted")),
        (CANCELLED, _("cancelled")),
        (WITHDRAWN, _("withdrawn: not covered")),
    ]

    game = models.CharField(_("game"), max_length=20)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="offers", verbose_name=_("player"))
    stake = models.PositiveIntegerField(_("stake"))
    # Only players within lobby.matchmaking.WINDOW points of the poster's rating may accept (issue 20).
    near_only = models.BooleanField(_("only players near my rating"), default=False)
    status = models.CharField(_("status"), max_length=10, choices=STATUSES, default=OPEN)
    accepted_by = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="accepted_offers",
        verbose_name=_("accepted by"),
    )
    match = models.ForeignKey("games.Match", null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("match"))
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
        return payout_for(self.stake)

    @property
    def pot(self) -> int:
        """Both stakes, held while the game is played."""
        return self.stake * 2

    @property
    def fee(self) -> int:
        """What the site keeps of the pot when someone wins."""
        return self.pot - self.payout

    @property
    def game_name(self) -> str:
        """The game's own name (its spec's), for the terms a player accepts."""
        return spec_for(self.game).name

    @property
    def word_language(self) -> str | None:
        """The game's one word language (its spec's), said on the offer and in the terms (issue 33)."""
        return spec_for(self.game).word_language


class WaitingPlayer(models.Model):
    """A player in a game's queue for a random opponent. Pairing removes both and starts a match."""

    game = models.CharField(_("game"), max_length=20)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("player"))
    # Rated: waits for someone within the window of `rating` (their rating when they asked); False: "anyone",
    # unrated (lobby.queue).
    rated = models.BooleanField(_("rated"), default=True)
    rating = models.IntegerField(_("rating"), default=1500)
    created_at = models.DateTimeField(_("since"), auto_now_add=True)

    class Meta:
        ordering = ["created_at"]
        verbose_name = _("waiting player")
        verbose_name_plural = _("waiting players")
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="wait_once_per_game")]

    def __str__(self) -> str:
        return f"{self.player} waits for {self.game}"


class Party(models.Model):
    """A group of friends (the rules' "grupo", up to 8) gathered by an invite link, /g/<code>/, to play
    tournaments together (of the game that holds the tournament way: lobby/ways.py). Called Party in code so it
    is never confused with auth groups or channel groups. Written only by lobby.parties."""

    MAX_MEMBERS = 8

    code = models.CharField(_("code"), max_length=12, unique=True)
    # The creator; when the organizer leaves, the member who joined next. Empty when nobody is left.
    organizer = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("organizer")
    )
    language = models.CharField(_("word language"), max_length=5)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("group")
        verbose_name_plural = _("groups")

    def __str__(self) -> str:
        return self.code

    @property
    def game_name(self) -> str:
        """The name of the game the group plays (the tournament's: lobby.game_ways.tournament_game)."""
        return spec_for(tournament_game()).name


class PartyMember(models.Model):
    """A player in a group. A player is in one group at most: opening another group's link moves them."""

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="members", verbose_name=_("group"))
    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="party_membership", verbose_name=_("player")
    )
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "id"]
        verbose_name = _("group member")
        verbose_name_plural = _("group members")

    def __str__(self) -> str:
        return f"{self.player} in {self.party.code}"


class TournamentTicket(models.Model):
    """A place in the rated tournament queue for one word language: one player alone, or a whole group as one
    unit (they enter the same room or none). Written only by lobby.tournament_queue, under the lane lock."""

    language = models.CharField(_("word language"), max_length=5, db_index=True)
    party = models.ForeignKey(
        Party, null=True, blank=True, on_delete=models.CASCADE, related_name="tickets", verbose_name=_("group")
    )
    created_at = models.DateTimeField(_("waiting since"), auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("tournament queue ticket")
        verbose_name_plural = _("tournament queue tickets")

    def __str__(self) -> str:
        return f"{self.language} · {self.party.code if self.party is not None else _('alone')}"


class TicketPlayer(models.Model):
    """A person waiting on a ticket, with the rating they had when they asked. One ticket per person at
    most (the database refuses a second), so nobody can be matched into two rooms from the queue."""

    ticket = models.ForeignKey(
        TournamentTicket, on_delete=models.CASCADE, related_name="players", verbose_name=_("ticket")
    )
    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="tournament_ticket", verbose_name=_("player")
    )
    rating = models.IntegerField(_("rating"))

    class Meta:
        ordering = ["ticket", "id"]
        verbose_name = _("player in the tournament queue")
        verbose_name_plural = _("players in the tournament queue")
        indexes = [models.Index(fields=["rating"])]

    def __str__(self) -> str:
        return f"{self.player} ({self.rating})"
