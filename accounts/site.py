"""The Sites framework's one row (SITE_ID), named and placed from settings: SITE_NAME and SITE_DOMAIN.

allauth's e-mails name the site by this row (the subject's "[Dream Games]", "Hello from Dream Games!",
the domain under the signature). Django makes it "example.com" at the first migrate; this handler, on
post_migrate (accounts/apps.py), sets it from settings at every migrate, so a deploy (which migrates)
carries a changed SITE_DOMAIN into the e-mails. Settings are the source: an edit in the admin lasts until
the next migrate.
"""

from __future__ import annotations

from django.conf import settings


def site_from_settings(using: str = "default", **kwargs) -> None:
    from django.contrib.sites.models import Site

    Site.objects.using(using).update_or_create(
        pk=settings.SITE_ID, defaults={"name": settings.SITE_NAME, "domain": settings.SITE_DOMAIN}
    )
    Site.objects.clear_cache()
