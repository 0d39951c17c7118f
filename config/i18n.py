"""The JavaScript catalogue (config/urls.py, /jsi18n/): the djangojs domain, and the texts the JavaScript shares
with the server, translated once in django.po (scripts/shared_messages.py, issue 32). Its validator: a browser
keeps the catalogue and asks again with If-None-Match, answered 304 until the language or the compiled catalogues
change."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.translation import get_language, gettext
from django.views.i18n import JavaScriptCatalog

SHARED = Path(settings.BASE_DIR) / "locale" / "djangojs_from_django.json"


@cache
def shared_texts() -> tuple[str, ...]:
    """The texts of the JavaScript that django.po translates (make messages lists them)."""
    return tuple(json.loads(SHARED.read_text(encoding="utf-8"))) if SHARED.exists() else ()


class Catalogue(JavaScriptCatalog):
    """Django's catalogue of the djangojs domain, with the shared texts in the request's language from the
    server's catalogue (the view runs in that language: LocaleMiddleware)."""

    def get_catalog(self) -> dict[str, Any]:
        catalog: dict[str, Any] = super().get_catalog()
        for text in shared_texts():
            translated = gettext(text)
            if translated != text:  # as Django's own catalogue: an untranslated text is left to the fallback
                catalog[text] = translated
        return catalog


@cache
def _catalogues_stamp() -> str:
    """A digest of the compiled catalogues the JavaScript's texts come from (they change only with a deploy, so it
    is computed once)."""
    digest = hashlib.sha256()
    for folder in settings.LOCALE_PATHS:
        for mo in sorted(Path(folder).glob("*/LC_MESSAGES/django*.mo")):
            digest.update(str(mo).encode())
            digest.update(mo.read_bytes())
    return digest.hexdigest()[:16]


def catalogue_etag(request, *args, **kwargs) -> str:
    return f"{get_language()}-{_catalogues_stamp()}"
