"""The Korean letters typed in the browser are the engine's (issue 32: rules mirrored in JS are tested against
the Python). static/js/keyboards.js ports wordlists/alphabets.py's split into basic jamo and its composition
back into syllables by hand; here the same table runs through both (node runs the module as the browser does)
and every answer must agree: every word of the Korean Duelo lists, as the list spells it and as the letters a
player types, plus texts of compatibility and conjoining jamo."""

from __future__ import annotations

import json
import random
import subprocess
import unicodedata
from pathlib import Path

from wordlists import alphabets
from wordlists.lexicon import lexicon

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
import { splitKorean, composeKorean } from %s;
const cases = JSON.parse(await new Promise((done) => {
  let text = ""; process.stdin.on("data", (chunk) => { text += chunk; }); process.stdin.on("end", () => done(text));
}));
const split = cases.texts.map((text) => {
  const found = splitKorean(text);
  return found === null ? null : found.join("");
});
const composed = cases.letters.map((letters) => composeKorean(Array.from(letters)));
process.stdout.write(JSON.stringify({ split, composed }));
"""


def _in_js(texts: list[str], letters: list[str]) -> dict[str, list]:
    module = json.dumps((ROOT / "static/js/keyboards.js").as_uri())
    done = subprocess.run(
        ["node", "--input-type=module", "-e", SCRIPT % module],
        input=json.dumps({"texts": texts, "letters": letters}),
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(done.stdout)


def _cases() -> tuple[list[str], list[str]]:
    words = sorted({*lexicon("duelo-ko-5-hidden").words, *lexicon("duelo-ko-5-valid").words})
    shown = [lexicon("duelo-ko-5-valid").display(word) for word in words]
    rng = random.Random(32)
    compatibility = ["ㅐ", "ㅙ", "ㄳ", "ㅀ", "ㄲㅗㅊ", "ㅎㅏㄱㄱㅛ", "ㅇㅏㄲㅏ"]
    conjoining = [unicodedata.normalize("NFD", text) for text in rng.sample(shown, 200)]
    others = ["abc", "학교!", ""]
    return [*shown, *compatibility, *conjoining, *others], words


def test_splitting_and_composing_korean_agree_in_the_browser_and_the_engine():
    texts, letters = _cases()
    assert len(letters) > 1000  # the whole lists, not a handful
    found = _in_js(texts, letters)

    def python_split(text: str) -> str | None:
        return alphabets._split_korean(text) if text else ""

    split_differs = [
        (text, found["split"][i], python_split(text))
        for i, text in enumerate(texts)
        if found["split"][i] != python_split(text)
    ]
    assert split_differs == []
    composed_differs = [
        (word, found["composed"][i], alphabets.compose_korean(word))
        for i, word in enumerate(letters)
        if found["composed"][i] != alphabets.compose_korean(word)
    ]
    assert composed_differs == []
