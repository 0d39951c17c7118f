"""The JavaScript catalogue's validator (config/urls.py, /jsi18n/): a browser keeps the catalogue and asks again
with If-None-Match, answered 304 until the language or the compiled catalogues change."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from django.conf import settings
from django.utils.translation import get_language


@cache
def _catalogues_stamp() -> str:
    """A digest of the compiled djangojs catalogues (they change only with a deploy, so it is computed once)."""
    digest = hashlib.sha256()
    for folder in settings.LOCALE_PATHS:
        for mo in sorted(Path(folder).glob("*/LC_MESSAGES/djangojs.mo")):
            digest.update(str(mo).encode())
            digest.update(mo.read_bytes())
    return digest.hexdigest()[:16]


def catalogue_etag(request, *args, **kwargs) -> str:
    return f"{get_language()}-{_catalogues_stamp()}"
