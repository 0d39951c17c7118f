from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def _sync_after_migrate(sender, **kwargs):
    from wordlists.services import word_lists_sync

    word_lists_sync()


class WordlistsConfig(AppConfig):
    name = "wordlists"
    verbose_name = _("Word lists")

    def ready(self):
        # A deployment's lists are the committed files; every migrate mirrors them for admins.
        post_migrate.connect(_sync_after_migrate, sender=self)
