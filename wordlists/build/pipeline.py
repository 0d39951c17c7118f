"""Run the list builders and write wordlists/data/: one text file per list plus manifest.json.

Every builder module in BUILDERS exposes `build() -> list[BuiltList]` (optionally
`build(only=PREFIX)` to skip languages that the prefix excludes). The output is deterministic:
files are sorted by normalised form, written as UTF-8 with LF, and the manifest has sorted keys and
no timestamps, so a rebuild from the same package versions gives byte-identical files.

File format: one word per line, `normalised` alone, or `normalised<TAB>display` when the display
spelling differs (`arbol\tárbol`). Manifest: {"format": 1, "lists": {slug: entry}}, where an entry
holds slug, game, language, length, kind, count, file, sha256 and sources.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import importlib.util
import inspect
import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from wordlists.build import common
from wordlists.build.model import COMMON, BuiltList

BUILDERS: tuple[str, ...] = ("duelo", "torneo", "wordgrid", "cruzadas", "claves")
DATA_DIR = Path(__file__).resolve().parent.parent / "data"
MANIFEST = "manifest.json"
MANIFEST_FORMAT = 1


def list_text(built: BuiltList) -> str:
    """The file content of one list: sorted by normalised form (a ranked list keeps its order, commonest
    first), one entry per normalised form."""
    seen: set[str] = set()
    lines: list[str] = []
    # A stable sort keeps the builder's choice of display spelling first when several fold together.
    words = built.words if built.ranked else sorted(built.words, key=lambda pair: pair[0])
    for normalised, display in words:
        if not normalised or normalised in seen:
            continue
        if any(c in normalised for c in "\t\n\r") or any(c in display for c in "\t\n\r"):
            raise ValueError(f"{built.slug}: control character in {normalised!r} / {display!r}")
        seen.add(normalised)
        lines.append(normalised if display in ("", normalised) else f"{normalised}\t{display}")
    return "".join(line + "\n" for line in lines)


def _entry(built: BuiltList, text: str) -> dict:
    data = text.encode("utf-8")
    return {
        "slug": built.slug,
        "game": built.game,
        "language": built.language,
        "length": built.length,
        "kind": built.kind,
        "count": text.count("\n"),
        "file": f"{built.slug}.txt",
        "sha256": hashlib.sha256(data).hexdigest(),
        "sources": [
            {"name": s.name, "licence": s.licence, "url_hint": s.url_hint}
            for s in sorted(set(built.sources), key=lambda s: (s.name, s.licence, s.url_hint))
        ],
    }


def _read_manifest(out_dir: Path) -> dict:
    path = out_dir / MANIFEST
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return dict(data.get("lists", {}))


def _write_manifest(out_dir: Path, entries: dict) -> None:
    payload = {"format": MANIFEST_FORMAT, "lists": entries}
    text = json.dumps(payload, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    (out_dir / MANIFEST).write_text(text, encoding="utf-8", newline="\n")


def write_lists(lists: Iterable[BuiltList], out_dir: Path | str, *, replace_prefix: str | None = None) -> dict:
    """Write the lists and the manifest into `out_dir`; return the manifest's entries.

    With `replace_prefix=None` the manifest is replaced by these lists (files of lists that are no
    longer built are deleted). With a prefix, only entries whose slug starts with it are replaced and
    every other entry of the existing manifest is kept.
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    old = _read_manifest(out)
    if replace_prefix is None:
        kept: dict = {}
    else:
        kept = {slug: e for slug, e in old.items() if not slug.startswith(replace_prefix)}
    new: dict = {}
    for built in lists:
        if built.slug in new:
            raise ValueError(f"two lists share the slug {built.slug}")
        text = list_text(built)
        (out / f"{built.slug}.txt").write_text(text, encoding="utf-8", newline="\n")
        new[built.slug] = _entry(built, text)
    entries = {**kept, **new}
    for slug, entry in old.items():
        if slug not in entries and (out / entry["file"]).exists():
            (out / entry["file"]).unlink()
    _write_manifest(out, dict(sorted(entries.items())))
    return entries


def available_builders() -> list[str]:
    """The builder modules present in this tree (others may not be written yet)."""
    return [name for name in BUILDERS if importlib.util.find_spec(f"wordlists.build.{name}") is not None]


def run_builders(only: str | None = None) -> list[tuple[object, list[BuiltList]]]:
    """Run every builder (or those whose game the prefix names): (module, its lists sorted by slug)."""
    game = only.split("-", 1)[0] if only else None
    results: list[tuple[object, list[BuiltList]]] = []
    if game in (None, "duelo", "torneo", "wordgrid"):
        from wordlists.build import names

        names.check_rule()  # the lists of these builders leave out names by it
    for name in available_builders():
        if game and not name.startswith(game) and not game.startswith(name):
            continue
        module = importlib.import_module(f"wordlists.build.{name}")
        build = module.build
        takes_only = only and "only" in inspect.signature(build).parameters
        lists = build(only=only) if takes_only else build()
        kept = sorted((lst for lst in lists if not only or lst.slug.startswith(only)), key=lambda lst: lst.slug)
        results.append((module, kept))
    return results


def write_extras(modules_and_lists, out_dir: Path | str, entries: dict) -> None:
    """Builders with a `write_extra(out_dir, lists)` hook (the DAWG files of the board games) write
    their extra files; each one's hash goes into its list's manifest entry, so a deployment can
    verify it like the text files."""
    out = Path(out_dir)
    for module, lists in modules_and_lists:
        hook = getattr(module, "write_extra", None)
        if hook is None or not lists:
            continue
        for path in hook(out, lists):
            slug = Path(path).stem
            if slug in entries:
                entries[slug]["dawg"] = {
                    "file": Path(path).name,
                    "sha256": hashlib.sha256(Path(path).read_bytes()).hexdigest(),
                }
    _write_manifest(out, dict(sorted(entries.items())))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m wordlists.build", description=__doc__.split("\n")[0])
    parser.add_argument("--only", metavar="PREFIX", help="build only lists whose slug starts with PREFIX")
    parser.add_argument("--out", metavar="DIR", default=str(DATA_DIR), help="output folder")
    parser.add_argument(
        "--common", action="store_true", help="only derive the common lists again from the committed valid lists"
    )
    args = parser.parse_args(argv)
    if args.common:
        return _derive_common(Path(args.out), args.only)
    built = run_builders(args.only)
    lists = sorted((lst for _, group in built for lst in group), key=lambda lst: lst.slug)
    # Every valid list brings its common words (wordlists.build.common), so the two never drift apart.
    lists = sorted(lists + common.derive_all(lists), key=lambda lst: lst.slug)
    if not lists:
        print(f"no list matches {args.only!r}", file=sys.stderr)
        return 1
    entries = write_lists(lists, args.out, replace_prefix=args.only)
    write_extras(built, args.out, entries)
    for lst in lists:
        entry = entries[lst.slug]
        print(f"{entry['file']:40} {entry['count']:>9,}")
    return 0


def _derive_common(out: Path, only: str | None) -> int:
    """`--common`: the common lists of the committed valid lists (those under `only`), nothing else rebuilt."""
    valid = common.read_committed(out, only)
    if not valid:
        print(f"no valid list matches {only!r}", file=sys.stderr)
        return 1
    derived = common.derive_all(valid)
    old = _read_manifest(out)
    # The common lists under the prefix are replaced by these: one whose valid list has no frequency data goes.
    stale = {slug for slug, entry in old.items() if entry["kind"] == COMMON and slug.startswith(only or "")}
    entries = {slug: entry for slug, entry in old.items() if slug not in stale}
    for slug in stale - {lst.slug for lst in derived}:
        (out / old[slug]["file"]).unlink(missing_ok=True)
    for built in derived:
        text = list_text(built)
        (out / f"{built.slug}.txt").write_text(text, encoding="utf-8", newline="\n")
        entries[built.slug] = _entry(built, text)
        print(f"{built.slug + '.txt':40} {entries[built.slug]['count']:>9,}")
    _write_manifest(out, dict(sorted(entries.items())))
    return 0
