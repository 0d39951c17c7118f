from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    """Who sits at a table: a registered user's profile, or a guest known only by a nickname.

    Games, ratings and the wallet refer to Player, never to User, so a guest who
    later signs up keeps everything they played: the account is attached to the
    same row.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
        verbose_name=_("account"),
    )
    nickname = models.CharField(_("nickname"), max_length=20)
    nickname_key = models.CharField(max_length=40, editable=False, db_index=True)
    tag = models.CharField(_("tag"), max_length=4, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_seen_at = models.DateTimeField(_("last seen"), auto_now=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(fields=["nickname_key", "tag"], name="player_unique_nickname_tag"),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def is_guest(self) -> bool:
        return self.user_id is None

    @property
    def display_name(self) -> str:
        return f"{self.nickname} #{self.tag}"
