from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Players and accounts")

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from accounts import signals  # noqa: F401 - registers the sign-up address receiver
        from accounts.site import site_from_settings

        # After django.contrib.sites made its "example.com" (it comes first in INSTALLED_APPS).
        post_migrate.connect(site_from_settings, sender=self, dispatch_uid="accounts_site_from_settings")
