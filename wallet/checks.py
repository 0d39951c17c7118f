"""A startup check: bad stake levels or grant settings stop the site before a player sees them."""

from django.core import checks
from django.core.exceptions import ImproperlyConfigured

from wallet.conf import (
    pair_games_per_day,
    related_window_days,
    signup_grant,
    signup_grants_per_address,
    signup_grants_per_day,
    stake_levels,
)


@checks.register()
def wallet_settings(app_configs, **kwargs):
    errors = []
    reads = (
        stake_levels,
        signup_grant,
        signup_grants_per_address,
        signup_grants_per_day,
        related_window_days,
        pair_games_per_day,
    )
    for read in reads:
        try:
            read()
        except (ImproperlyConfigured, TypeError, ValueError) as error:
            errors.append(checks.Error(str(error), id="wallet.E001"))
    return errors
