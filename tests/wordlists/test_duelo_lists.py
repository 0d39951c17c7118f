"""The committed Duelo lists (no network): shape, content rules, manifest, and deterministic writing."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from wordlists.alphabets import length, normalise
from wordlists.build.model import BuiltList, Source
from wordlists.build.pipeline import write_lists

ROOT = Path(__file__).resolve().parents[2] / "wordlists"
DATA = ROOT / "data"
BLOCK = ROOT / "blocklists"
LANGUAGES = ("tr", "en", "fr", "es", "ru", "ko")


def _entries(path: Path) -> list[tuple[str, str]]:
    out = []
    for line in path.read_text(encoding="utf-8").split("\n")[:-1]:
        norm, _, display = line.partition("\t")
        out.append((norm, display or norm))
    return out


def _words(path: Path) -> set[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return {w.strip() for w in lines if w.strip() and not w.startswith("#")}


@pytest.fixture(scope="module")
def manifest() -> dict:
    return json.loads((DATA / "manifest.json").read_text(encoding="utf-8"))["lists"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_hidden_words_are_valid_and_clean(language: str) -> None:
    hidden = _entries(DATA / f"duelo-{language}-5-hidden.txt")
    valid = dict(_entries(DATA / f"duelo-{language}-5-valid.txt"))
    banned = _words(BLOCK / f"{language}.txt") | _words(BLOCK / f"{language}.stop.txt")
    assert len(hidden) >= 1000
    assert len(valid) >= 5000
    for norm, display in hidden:
        assert norm in valid, norm
        assert valid[norm] == display, norm
        assert norm not in banned, norm
        assert length(language, norm) == 5, norm
        assert normalise(language, display) == norm, display


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", ["hidden", "valid"])
def test_files_sorted_unique_normalised(language: str, kind: str) -> None:
    path = DATA / f"duelo-{language}-5-{kind}.txt"
    raw = path.read_bytes()
    assert raw.endswith(b"\n") and b"\r" not in raw
    entries = _entries(path)
    norms = [n for n, _ in entries]
    assert norms == sorted(set(norms))
    for norm, display in entries:
        assert length(language, norm) == 5, norm
        assert normalise(language, norm) == norm, norm
        assert normalise(language, display) == norm, display


def test_manifest_matches_files(manifest: dict) -> None:
    for language in LANGUAGES:
        for kind in ("hidden", "valid"):
            slug = f"duelo-{language}-5-{kind}"
            entry = manifest[slug]
            data = (DATA / entry["file"]).read_bytes()
            assert entry["sha256"] == hashlib.sha256(data).hexdigest()
            assert entry["count"] == data.count(b"\n")
            assert (entry["game"], entry["language"], entry["length"], entry["kind"]) == ("duelo", language, 5, kind)
            assert entry["sources"]


def test_manifest_is_canonical_json() -> None:
    text = (DATA / "manifest.json").read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def _sample() -> list[BuiltList]:
    src = [Source("test", "CC0")]
    hidden = [("arbol", "árbol"), ("abaco", "ábaco"), ("arbol", "x")]
    valid = [("zorro", "zorro"), ("arbol", "árbol"), ("abaco", "ábaco")]
    return [
        BuiltList("duelo", "es", 5, "hidden", hidden, src),
        BuiltList("duelo", "es", 5, "valid", valid, src),
    ]


def test_write_lists_is_deterministic(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    write_lists(_sample(), first)
    write_lists(list(reversed(_sample())), second)
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in second.iterdir())
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes()
    assert (first / "duelo-es-5-hidden.txt").read_text(encoding="utf-8") == "abaco\tábaco\narbol\tárbol\n"


def test_write_lists_only_merges(tmp_path: Path) -> None:
    write_lists(_sample(), tmp_path)
    other = BuiltList("torneo", "es", 4, "valid", [("casa", "casa")], [Source("t", "CC0")])
    entries = write_lists([other], tmp_path, replace_prefix="torneo")
    assert set(entries) == {"duelo-es-5-hidden", "duelo-es-5-valid", "torneo-es-4-valid"}
    entries = write_lists([other], tmp_path)
    assert set(entries) == {"torneo-es-4-valid"}
    assert not (tmp_path / "duelo-es-5-hidden.txt").exists()
