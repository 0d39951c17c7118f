"""No valid list accepts a name of a person or a place, and the common words that look like one stay (issue 21).

The rule is the builders' (wordlists/build/names.py, docs/wordlists.md): a headword the dictionary lists only
capitalised is a name; one listed both ways is a name when the lemma data reads it as one. The words below are
what a native reader checks; a list rebuilt with names in it fails here.
"""

from __future__ import annotations

import pytest

from wordlists.lexicon import dawg, lexicon

# slug -> (names that must be refused, common words that must be accepted), in normalised spelling.
CASES: dict[str, tuple[str, str]] = {
    "wordgrid-en-valid": (
        "mary jesus spain london john jesuses",
        "bill rose mark may china alive armour burns genet ag oe",  # two letters: the game's words (Ag: a symbol)
    ),
    "duelo-en-5-valid": ("jesus spain texas james", "china bills roses marks genet"),
    "duelo-es-5-valid": ("pedro diego jorge", "pilar mesas carla"),  # carla: a cloth (DRAE), only lowercase
    "duelo-fr-5-valid": ("henri", "marie paris table"),  # marie: of marier; paris: plural of pari
    "duelo-ru-5-valid": ("мария ольга борис", "книга лампа"),
    "duelo-tr-5-valid": ("ahmet ayşe mehmet", "deniz kemal"),  # deniz: the sea; kemal: perfection
    "duelo-ko-5-valid": ("ㅅㅓㅇㅜㄹ ㅂㅜㅅㅏㄴ ㅊㅓㄹㅅㅜ", "ㅅㅏㄹㅏㅇ ㅎㅏㄱㄱㅛ"),  # 서울 부산 철수; 사랑 학교
    "torneo-en-4-valid": ("mary john", "bill rose mark"),
    "torneo-es-5-valid": ("pedro diego jorge", "pilar"),
    "torneo-es-4-valid": ("juan", "rosa casa"),
    "torneo-it-5-valid": ("paolo italia", "pizza carta"),
    "torneo-nl-5-valid": ("johan", "fiets tafel"),
    "torneo-id-5-valid": ("budi", "rumah"),
    # Not yet: Portuguese (paulo, pedro, lisboa: pt's dictionary lists them lowercase and simplemma reads them as
    # common words), German (every noun is capitalised), and some of Italian and Polish (luigi, marek): see
    # docs/wordlists.md, "Proper nouns".
    "torneo-uk-5-valid": ("тарас", "книга"),
}


@pytest.mark.parametrize("slug", sorted(CASES))
def test_names_are_refused_and_common_words_accepted(slug: str) -> None:
    names, common = CASES[slug]
    words = lexicon(slug)
    assert [name for name in names.split() if name in words] == []
    assert [word for word in common.split() if word not in words] == []


def test_the_crossword_dictionary_refuses_turkish_names() -> None:
    graph = dawg("cruzadas-tr-valid")
    assert [name for name in ("ahmet", "ayşe", "istanbul") if name in graph] == []
    assert [word for word in ("deniz", "kaya", "ev") if word not in graph] == []
