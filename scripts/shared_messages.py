"""One copy of each text (issue 32): a text the JavaScript shows that the server's catalogue (django.po) already
translates is not translated a second time in the JavaScript's (djangojs.po).

Run by `make messages` after makemessages: every entry of a locale's djangojs.po whose text is also in its
django.po is taken out of djangojs.po, and its text is listed in locale/djangojs_from_django.json. The JavaScript
catalogue (/jsi18n/, config/i18n.py) serves those texts from the server's catalogue, in the page's language.

Only singular texts without a context are shared (no such text of the JavaScript has a plural or a context
today); any other stays in djangojs.po.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "locale"
SHARED = LOCALE / "djangojs_from_django.json"


def _shareable(entry: polib.POEntry) -> bool:
    return not entry.obsolete and not entry.msgid_plural and entry.msgctxt is None


def main() -> int:
    shared: set[str] = set()
    for folder in sorted(path for path in LOCALE.iterdir() if (path / "LC_MESSAGES" / "djangojs.po").exists()):
        server = polib.pofile(str(folder / "LC_MESSAGES" / "django.po"))
        server_texts = {entry.msgid for entry in server if _shareable(entry)}
        path = folder / "LC_MESSAGES" / "djangojs.po"
        catalogue = polib.pofile(str(path), wrapwidth=79)
        taken = [entry for entry in catalogue if _shareable(entry) and entry.msgid in server_texts]
        for entry in taken:
            catalogue.remove(entry)
        shared.update(entry.msgid for entry in taken)
        catalogue.save(str(path))
    if not shared and SHARED.exists():
        # Run again without makemessages before it: djangojs.po holds none of them any more; the list stands.
        return 0
    # makemessages extracts every text of the JavaScript anew, so what was taken out now is the whole list.
    SHARED.write_text(json.dumps(sorted(shared), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(shared)} texts of the JavaScript are translated once, in django.po")
    return 0


if __name__ == "__main__":
    sys.exit(main())
