from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WalletConfig(AppConfig):
    name = "wallet"
    verbose_name = _("Wallet")

    def ready(self) -> None:
        from wallet import checks, signals  # noqa: F401 - registers the receivers and the settings check
