"""The JavaScript's texts come from one catalogue (the djangojs domain, served at /jsi18n/): every t() and nt()
(static/js/games/kit.js) and gettext()/ngettext() call in static/js names its English text as a literal, and
each has its Spanish, compiled."""

import json
import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "locale"
SCRIPTS = sorted((ROOT / "static" / "js").rglob("*.js"))
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")
# A call of a text function: not a method (`catalogue.gettext(...)`) nor its definition (`function t(`).
CALL = re.compile(r"(?<![\w.$])(?<!function )(t|nt|gettext|ngettext)\s*\(\s*")
PLURAL = {"nt", "ngettext"}


ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)", re.S)


def unescape(raw: str) -> str:
    """A JavaScript string literal's value (its text between the quotes)."""

    def one(match: re.Match) -> str:
        code = match[1]
        if code[0] in "ux" and len(code) > 1:
            return chr(int(code[1:].strip("{}"), 16))
        return ESCAPES.get(code, code)

    return ESCAPE.sub(one, raw)


def tokens(source: str) -> list[tuple[str, str]]:
    """The source as ("code", text) and ("str", value) tokens, comments dropped. A template literal is code
    (its ${...} parts are scanned as code; its text is not a literal anyone can extract)."""
    out: list[tuple[str, str]] = []
    code: list[str] = []
    i, n = 0, len(source)
    depth: list[int] = []  # brace depth inside each open ${...}

    def flush():
        if code:
            out.append(("code", "".join(code)))
            code.clear()

    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            i = source.index("*/", i) + 2
        elif c in "\"'":
            j, value = i + 1, []
            while source[j] != c:
                if source[j] == "\\":
                    value.append(source[j : j + 2])
                    j += 2
                else:
                    value.append(source[j])
                    j += 1
            flush()
            out.append(("str", unescape("".join(value))))
            i = j + 1
        elif c == "`" or (c == "}" and depth and depth[-1] == 0):
            if c == "}":
                depth.pop()
            code.append("`")  # the template's text counts as code that is not a literal
            j = i + 1
            while source[j] != "`" and not source.startswith("${", j):
                j += 2 if source[j] == "\\" else 1
            if source[j] == "`":
                i = j + 1
            else:
                depth.append(0)
                i = j + 2
        else:
            if depth and c == "{":
                depth[-1] += 1
            elif depth and c == "}":
                depth[-1] -= 1
            code.append(c)
            i += 1
    flush()
    return out


def text_calls(source: str) -> tuple[list[tuple[str, ...]], list[str]]:
    """(msgids: (msgid,) or (singular, plural) of every call, refusals: calls whose text is not a literal)."""
    found, refused = [], []
    parts = tokens(source)
    for k, (kind, text) in enumerate(parts):
        if kind != "code":
            continue
        for match in CALL.finditer(text):
            name = match.group(1)
            if match.end() < len(text):  # the argument is code: a name, a template, an expression
                refused.append(f"{name}({text[match.end() : match.end() + 40]}")
                continue
            rest = parts[k + 1 :]
            wanted = ["str", ",", "str"] if name in PLURAL else ["str"]
            shape = ["str" if piece_kind == "str" else piece.strip()[:1] for piece_kind, piece in rest[: len(wanted)]]
            following = rest[len(wanted)] if len(rest) > len(wanted) else ("code", "")
            after = following[1].lstrip()[:1] if following[0] == "code" else ""
            ok = shape == wanted and (after == "," if name in PLURAL else after in (")", ","))
            if ok:
                found.append(tuple(piece for piece_kind, piece in rest[: len(wanted)] if piece_kind == "str"))
            else:
                refused.append(f"{name}({(rest[0][1] if rest else '')[:40]}")
    return found, refused


def spanish() -> polib.POFile:
    return polib.pofile(str(LOCALE / "es" / "LC_MESSAGES" / "djangojs.po"))


def spanish_of_the_server() -> polib.POFile:
    return polib.pofile(str(LOCALE / "es" / "LC_MESSAGES" / "django.po"))


def shared() -> list[str]:
    """The texts of the JavaScript translated once, in django.po (scripts/shared_messages.py, issue 32)."""
    return json.loads((LOCALE / "djangojs_from_django.json").read_text(encoding="utf-8"))


def test_the_scan_finds_literals_and_refuses_anything_else():
    found, refused = text_calls(
        """
        // t("in a comment") is not a call
        const a = t("Your turn"), b = nt("%(count)s tile", "%(count)s tiles", n, { x });
        el.title = `${shown}: ${t("Seat %(n)s", { n })}`;
        const c = t(code), d = t(`step_${step}`), e = t(isShared ? "a" : "b"), f = nt("one", plural, 2);
        catalogue.gettext(msgid); function t(msgid, params) {}
        const url = "https://example.org/?q=";
        """
    )
    assert found == [("Your turn",), ("%(count)s tile", "%(count)s tiles"), ("Seat %(n)s",)]
    assert [call.split("(")[0] for call in refused] == ["t", "t", "t", "nt"]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_text_of_the_javascript_is_a_literal_with_its_spanish(script):
    catalogue = {entry.msgid: entry for entry in spanish()}
    server = {entry.msgid: entry for entry in spanish_of_the_server() if entry.msgid in set(shared())}
    found, refused = text_calls(script.read_text(encoding="utf-8"))
    assert refused == [], "a text function takes a string literal (make messages cannot extract anything else)"
    for msgids in found:
        entry = catalogue.get(msgids[0]) or server.get(msgids[0])
        assert entry is not None, f"{msgids[0]!r} is not in djangojs.po, nor shared with django.po: run `make messages`"
        assert not entry.obsolete and "fuzzy" not in entry.flags, msgids[0]
        if len(msgids) == 2:
            assert entry.msgid_plural == msgids[1]
            translations = list(entry.msgstr_plural.values())
            assert len(translations) == 2
        else:
            translations = [entry.msgstr]
        for translation in translations:
            assert translation, f"{msgids[0]!r} has no Spanish"
            assert sorted(PLACEHOLDER.findall(translation)) == sorted(PLACEHOLDER.findall(msgids[-1])), msgids[0]


def test_the_javascript_has_texts_to_translate():
    """The scan sees the boards' texts (a scan that found nothing would pass every file)."""
    total = sum(len(text_calls(script.read_text(encoding="utf-8"))[0]) for script in SCRIPTS)
    assert total > 250


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_compiled_javascript_catalogue_matches_its_source(language):
    source = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "djangojs.po"))
    compiled = polib.mofile(str(LOCALE / language / "LC_MESSAGES" / "djangojs.mo"))
    wanted = {entry.msgid: entry.msgstr_plural or entry.msgstr for entry in source.translated_entries()}
    have = {entry.msgid: entry.msgstr_plural or entry.msgstr for entry in compiled if entry.msgid}
    assert {k: str(v) for k, v in have.items()} == {k: str(v) for k, v in wanted.items()}, "run `make messages`"


def test_every_spanish_javascript_text_is_translated():
    catalogue = spanish()
    assert catalogue.untranslated_entries() == [] and catalogue.fuzzy_entries() == []


@pytest.mark.django_db
def test_the_catalogue_url_serves_the_boards_texts_in_the_pages_language(client):
    """/jsi18n/ (loaded by every page before its modules) has a board's text in Spanish, the site's language,
    and answers a browser that already has it with 304 until the language changes."""
    english = "Choose a tile from your rack, then tap a square."
    spanish_text = spanish().find(english).msgstr
    assert spanish_text and spanish_text != english
    response = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    body = response.content.decode()
    assert f'"{english}": "{spanish_text}"' in body
    assert '"%(count)s tile": [' in body  # a plural text, both forms
    again = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="es", HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    english_page = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=response["ETag"])
    assert english_page.status_code == 200 and spanish_text not in english_page.content.decode()


@pytest.mark.django_db
def test_every_page_loads_the_catalogue_before_its_modules(client):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    catalogue = page.index('<script src="/jsi18n/"></script>')
    modules = [m.start() for m in re.finditer(r'<script type="module"', page)]
    assert all(catalogue < start for start in modules)


@pytest.mark.parametrize("language", ["es", "en"])
def test_no_text_is_translated_twice(language):
    """A text the server's catalogue translates is not in the JavaScript's too (issue 32: 63 were in both): one
    translation for the translator to keep, none to drift from the other."""
    server = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))
    javascript = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "djangojs.po"))
    both = {(e.msgctxt, e.msgid) for e in server} & {(e.msgctxt, e.msgid) for e in javascript}
    assert both == set(), f"translated twice (run `make messages`): {sorted(both, key=str)[:5]}"


def test_every_shared_text_is_shown_by_the_javascript_and_translated_by_the_server():
    used = {msgids[0] for script in SCRIPTS for msgids in text_calls(script.read_text(encoding="utf-8"))[0]}
    server = {entry.msgid: entry for entry in spanish_of_the_server()}
    assert len(shared()) > 40
    for text in shared():
        assert text in used, f"{text!r} is listed as shared and no script shows it: run `make messages`"
        assert text in server and server[text].msgstr and "fuzzy" not in server[text].flags, text


@pytest.mark.django_db
def test_the_catalogue_serves_a_text_shared_with_the_server_in_the_pages_language(client):
    """A board's text that the server translates (a rule's refusal the board explains before sending) reaches
    the board from django.po, in Spanish, and stays English for an English page."""
    english = "Write your letter next to a filled cell (not diagonally)."
    assert english in shared() and spanish().find(english) is None
    spanish_text = spanish_of_the_server().find(english).msgstr
    assert spanish_text and spanish_text != english
    body = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert f'"{english}": "{spanish_text}"' in body
    assert spanish_text not in client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
