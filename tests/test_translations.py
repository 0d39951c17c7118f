"""Spanish is the default interface language: every string is translated and the catalogue is compiled."""

import re
from pathlib import Path

import polib
import pytest

LOCALE = Path(__file__).resolve().parents[1] / "locale"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}")


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_compiled_catalogue_matches_its_source(language):
    source = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))
    compiled = polib.mofile(str(LOCALE / language / "LC_MESSAGES" / "django.mo"))
    # Keyed by context and text: one English word may be two Spanish ones ("Won": a match "Ganada", a count "Ganadas").
    wanted = {(entry.msgctxt, entry.msgid): entry.msgstr for entry in source.translated_entries()}
    have = {(entry.msgctxt, entry.msgid): entry.msgstr for entry in compiled if entry.msgid}
    assert have == wanted, "run `make messages` to recompile the catalogue"


def test_every_string_has_a_spanish_translation_with_the_same_placeholders():
    catalogue = polib.pofile(str(LOCALE / "es" / "LC_MESSAGES" / "django.po"))
    untranslated = [entry.msgid for entry in catalogue.untranslated_entries()]
    fuzzy = [entry.msgid for entry in catalogue.fuzzy_entries()]
    assert untranslated == [] and fuzzy == []
    for entry in catalogue.translated_entries():
        wanted = sorted(PLACEHOLDER.findall(entry.msgid))
        translations = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        for translation in translations:
            assert sorted(PLACEHOLDER.findall(translation)) == wanted, entry.msgid
