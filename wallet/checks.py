"""A startup check: bad stake levels or grant settings stop the site before a player sees them."""

from django.core import checks
from django.core.exceptions import ImproperlyConfigured

from wallet.conf import signup_grant, stake_levels


@checks.register()
def wallet_settings(app_configs, **kwargs):
    errors = []
    for read in (stake_levels, signup_grant):
        try:
            read()
        except (ImproperlyConfigured, TypeError, ValueError) as error:
            errors.append(checks.Error(str(error), id="wallet.E001"))
    return errors
