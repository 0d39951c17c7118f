"""No valid list accepts a name of a person or a place, and the common words that look like one stay (issue 21).

The rule is the builders' (wordlists/build/names.py, docs/wordlists.md): a headword the dictionary lists only
capitalised is a name; one listed both ways is a name when the lemma data reads it as one, unless a part-of-speech
source knows it as a common word (English: lemminflect); German names are those Wiktionary lists only as names and
HanTa never reads as a common noun; Portuguese names are pt_PT's nomes próprios it does not accept lowercase. The
words below are what a native reader checks; a list rebuilt with names in it fails here.
"""

from __future__ import annotations

import pytest

from wordlists.lexicon import dawg, lexicon

# slug -> (names that must be refused, common words that must be accepted), in normalised spelling.
CASES: dict[str, tuple[str, str]] = {
    "wordgrid-en-valid": (
        "mary jesus spain london john jesuses",
        # two letters: the game's words (Ag: a symbol); robin ... tom: common words the lemma table reads as names,
        # brought back by lemminflect's parts of speech
        "bill rose mark may china alive armour burns genet ag oe robin robins carol carols patty harry harried august"
        " yule tom",
    ),
    "duelo-en-5-valid": ("jesus spain texas james", "china bills roses marks genet robin carol patty harry"),
    # They are guesses, not answers: the usage data reads them mostly as names.
    "duelo-en-5-hidden": ("robin carol patty harry jesus", ""),
    "torneo-en-5-valid": ("jesus spain", "robin carol patty harry"),
    "torneo-en-6-valid": ("london", "august lilies"),
    "duelo-es-5-valid": ("pedro diego jorge", "pilar mesas carla"),  # carla: a cloth (DRAE), only lowercase
    "duelo-fr-5-valid": ("henri", "marie paris table"),  # marie: of marier; paris: plural of pari
    "duelo-ru-5-valid": ("мария ольга борис", "книга лампа"),
    "duelo-tr-5-valid": ("ahmet ayşe mehmet", "deniz kemal"),  # deniz: the sea; kemal: perfection
    "duelo-ko-5-valid": ("ㅅㅓㅇㅜㄹ ㅂㅜㅅㅏㄴ ㅊㅓㄹㅅㅜ", "ㅅㅏㄹㅏㅇ ㅎㅏㄱㄱㅛ"),  # 서울 부산 철수; 사랑 학교
    "torneo-en-4-valid": ("mary john", "bill rose mark"),
    "torneo-es-5-valid": ("pedro diego jorge", "pilar"),
    "torneo-es-4-valid": ("juan", "rosa casa"),
    # luigi stays: it_IT lists it only lowercase (the coin, luigi d'oro), as es carla; marco: of marcare.
    "torneo-it-5-valid": ("paolo italia", "pizza carta luigi marco"),
    "torneo-nl-5-valid": ("johan", "fiets tafel"),
    "torneo-id-5-valid": ("budi", "rumah"),
    # Portuguese: pt_BR lists these names lowercase; pt_PT's categories (np) find them. rosa, cravo, porto: common.
    "torneo-pt-4-valid": ("joao luis nuno rita", "rosa casa mesa"),
    "torneo-pt-5-valid": ("paulo pedro jorge laura lucas", "cravo rosas porto carta"),
    "torneo-pt-6-valid": ("lisboa manuel miguel isabel", "franca"),  # franca (língua franca), without frança
    # German: Wiktionary lists these only as names and HanTa reads no common noun; Rose, Mark, Hirsch, Henkel are
    # common nouns too (hans stays: Wiktionary also has a common noun Hans, pl. Hänse; anna: the coin).
    "torneo-de-4-valid": ("karl otto köln wien", "mark rose hund"),
    "torneo-de-5-valid": ("peter franz", "ernst tisch bauch"),
    "torneo-de-6-valid": ("berlin london madrid bayern ungarn", "hirsch henkel"),
    # Polish: marek is the genitive plural of marka (a brand), not only the name.
    "torneo-pl-5-valid": ("kasia", "marek marka"),
    "torneo-pl-6-valid": ("piotr tomasz", "polska"),
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
