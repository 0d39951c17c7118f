from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class WordList(models.Model):
    """A list as this deployment ships it, mirrored from data/manifest.json for admins and pages.

    The words themselves stay in the committed files (wordlists.lexicon reads them);
    this row exists so that admins see lists and versions, and bans can point at a list.
    """

    slug = models.SlugField(_("list"), max_length=60, unique=True)
    game = models.CharField(_("game"), max_length=20)
    language = models.CharField(_("language"), max_length=8)
    length = models.PositiveSmallIntegerField(_("word length"), null=True, blank=True)
    kind = models.CharField(_("kind"), max_length=20)
    count = models.PositiveIntegerField(_("words"))
    sha256 = models.CharField(_("content hash"), max_length=64)
    sources = models.JSONField(_("sources"), default=list)
    shipped = models.BooleanField(
        _("shipped"), default=True, help_text=_("False when the list is no longer in the data files.")
    )
    synced_at = models.DateTimeField(_("synced"), auto_now=True)

    class Meta:
        ordering = ["game", "language", "length", "kind"]
        verbose_name = _("word list")
        verbose_name_plural = _("word lists")

    def __str__(self) -> str:
        return self.slug

    @property
    def version(self) -> str:
        return self.sha256[:12]

    @property
    def is_hidden(self) -> bool:
        return self.kind == "hidden"


class BannedWord(models.Model):
    """A word taken off hidden-word duty without a rebuild; games never pick it as the answer.

    It stays a valid guess: a player who types it is not punished for the list's mistake.
    """

    word_list = models.ForeignKey(
        WordList,
        on_delete=models.CASCADE,
        related_name="bans",
        verbose_name=_("list"),
        limit_choices_to={"kind": "hidden"},
    )
    word = models.CharField(_("word"), max_length=40, help_text=_("As players type it; it is normalised."))
    reason = models.CharField(_("reason"), max_length=200)
    banned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("banned by")
    )
    created_at = models.DateTimeField(_("banned at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("banned hidden word")
        verbose_name_plural = _("banned hidden words")
        constraints = [models.UniqueConstraint(fields=["word_list", "word"], name="ban_once_per_list")]

    def __str__(self) -> str:
        return f"{self.word} ({self.word_list.slug})"
