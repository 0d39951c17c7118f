"""Letter normalisation: the tricky cases per language, and properties over arbitrary text."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlists.alphabets import (
    LANGUAGES,
    alphabet,
    compose_korean,
    length,
    letters,
    normalise,
    uz_from_cyrillic,
)

CASES = [
    # Turkish casing: dotless and dotted i, never Python's default lower().
    ("tr", "IŞIK", "ışık", 4),
    ("tr", "İSTANBUL", "istanbul", 8),
    ("tr", "ılık", "ılık", 4),
    ("tr", "kâğıt", "kağıt", 5),
    ("tr", "İÇİN", "için", 4),
    ("tr", "i\u0307stanbul", "istanbul", 8),
    ("tr", "x-ray", None, None),
    ("en", "Café", "cafe", 4),
    ("en", "naïve", "naive", 5),
    ("en", "don't", None, None),
    ("en", "well-being", None, None),
    ("en", "abc1", None, None),
    ("en", "two words", None, None),
    ("fr", "œuvre", "oeuvre", 6),
    ("fr", "Ægypte", "aegypte", 7),
    ("fr", "élève", "eleve", 5),
    ("fr", "garçon", "garcon", 6),
    ("es", "ÁBACO", "abaco", 5),
    ("es", "NIÑO", "niño", 4),
    ("es", "pingüino", "pinguino", 8),
    ("es", "árbol", "arbol", 5),
    ("es", "n\u0303ame", "ñame", 4),  # NFD ñ stays ñ
    ("ru", "ЁЛКА", "елка", 4),
    ("ru", "йод", "йод", 3),
    ("ru", "и\u0306од", "йод", 3),  # NFD й
    ("ru", "за\u0301мок", "замок", 5),  # stress mark dropped
    ("ru", "ёлка", "елка", 4),
    ("ru", "їжак", None, None),
    ("uk", "їжак", "їжак", 4),
    ("uk", "ґанок", "ґанок", 5),
    ("uk", "м'ята", None, None),
    ("uk", "м’ята", None, None),
    ("uk", "ёлка", None, None),
    ("kk", "Қазақ", "қазақ", 5),
    ("kk", "өнер", "өнер", 4),
    ("kk", "ұшқыш", "ұшқыш", 5),
    ("ko", "사람", "ㅅㅏㄹㅏㅁ", 5),
    ("ko", "했다", "ㅎㅏㅣㅅㅅㄷㅏ", 7),
    ("ko", "꼬들", "ㄱㄱㅗㄷㅡㄹ", 6),
    ("ko", "과자", "ㄱㅗㅏㅈㅏ", 5),
    ("ko", "의자", "ㅇㅡㅣㅈㅏ", 5),
    ("ko", "닭", "ㄷㅏㄹㄱ", 4),
    ("ko", "뷁", "ㅂㅜㅓㅣㄹㄱ", 6),
    ("ko", "없다", "ㅇㅓㅂㅅㄷㅏ", 6),
    ("ko", "ㅅㅐ", "ㅅㅏㅣ", 3),  # compatibility jamo typed on a keyboard
    ("ko", unicodedata.normalize("NFD", "사람"), "ㅅㅏㄹㅏㅁ", 5),
    ("ko", "사람1", None, None),
    ("ko", "sa", None, None),
    ("id", "Rumah", "rumah", 5),
    ("it", "perché", "perche", 6),
    ("nl", "ĳs", "ijs", 3),
    ("nl", "Ĳsland", "ijsland", 7),
    ("nl", "café", "cafe", 4),
    ("pt", "ação", "acao", 4),
    ("pt", "Você", "voce", 4),
    ("de", "Straße", "strasse", 7),
    ("de", "Ärger", "ärger", 5),
    ("de", "Café", "cafe", 4),
    ("de", "GRÜẞE", "grüsse", 6),
    ("pl", "Łódź", "łódź", 4),
    ("pl", "żółć", "żółć", 4),
    ("pl", "xyz1", None, None),
    # Uzbek: oʻ gʻ sh ch are one tile; every apostrophe variant is the same letter.
    ("uz", "oʻrdak", "oʻrdak", 5),
    ("uz", "o'rdak", "oʻrdak", 5),
    ("uz", "o‘rdak", "oʻrdak", 5),
    ("uz", "o’rdak", "oʻrdak", 5),
    ("uz", "o`rdak", "oʻrdak", 5),
    ("uz", "Gʻisht", "gʻisht", 4),
    ("uz", "choʻqqi", "choʻqqi", 5),
    ("uz", "shahar", "shahar", 5),
    ("uz", "ta'lim", None, None),  # tutuq belgisi is not a tile
    ("uz", "cola", None, None),  # c exists only inside ch
]


@pytest.mark.parametrize(("language", "word", "expected", "size"), CASES)
def test_normalise_table(language: str, word: str, expected: str | None, size: int | None) -> None:
    assert normalise(language, word) == expected
    if expected is not None:
        assert length(language, expected) == size
        assert all(tile in alphabet(language) for tile in letters(language, expected))


def test_alphabet_sizes() -> None:
    sizes = {lang: len(alphabet(lang)) for lang in LANGUAGES}
    assert sizes == {
        "tr": 29,
        "en": 26,
        "fr": 26,
        "es": 27,
        "ru": 32,
        "ko": 24,
        "id": 26,
        "de": 29,
        "it": 26,
        "nl": 26,
        "uz": 28,
        "pl": 34,
        "pt": 26,
        "kk": 42,
        "uk": 33,
    }
    for lang in LANGUAGES:
        assert len(set(alphabet(lang))) == len(alphabet(lang))


def test_korean_letters() -> None:
    assert alphabet("ko") == list("ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎㅏㅑㅓㅕㅗㅛㅜㅠㅡㅣ")
    assert letters("ko", "ㅎㅏㅣㅅㅅㄷㅏ") == ["ㅎ", "ㅏ", "ㅣ", "ㅅ", "ㅅ", "ㄷ", "ㅏ"]


def test_unknown_language() -> None:
    with pytest.raises(ValueError):
        normalise("xx", "word")


def test_empty_is_none() -> None:
    for lang in LANGUAGES:
        assert normalise(lang, "") is None


# Unambiguous words compose back to themselves; ambiguous ones (아까 / 악가) may not, see below.
ROUND_TRIP = [
    "사람",
    "했다",
    "학교",
    "과자",
    "의자",
    "꼬들",
    "닭집",
    "괜찮",
    "왜냐",
    "뷁뷁",
    "없다",
    "있다",
    "이따",
    "비싸",
    "가짜",
    "압박",
    "시간",
    "시작",
    "사랑",
    "게임",
    "사용",
    "남자",
    "이상",
    "필요",
    "문제",
    "자신",
    "이름",
    "친구",
    "다음",
    "지역",
    "기절",
    "투약",
    "조폭",
    "우편",
    "목재",
    "아역",
    "자존",
    "초석",
    "구식",
    "예상",
    "점퍼",
    "대학",
    "명세",
    "부락",
    "소행",
    "세계",
    "회사",
    "교육",
    "경제",
    "의사",
    "최고",
    "취미",
    "위원",
    "쇄국",
    "꽃잎",
    "짧음",
    "밟다",
    "앉다",
    "많다",
    "읽기",
    "삶은",
    "값진",
    "넓이",
    "핥다",
    "읊다",
    "뚫다",
]


@pytest.mark.parametrize("word", ROUND_TRIP)
def test_compose_korean_round_trip(word: str) -> None:
    split = normalise("ko", word)
    assert split is not None
    assert compose_korean(letters("ko", split)) == word


def test_compose_korean_partial_input() -> None:
    assert compose_korean("ㅅㅏㄹ") == "살"
    assert compose_korean("ㅅ") == "ㅅ"
    assert compose_korean("ㅏㅅㅏ") == "ㅏ사"
    assert compose_korean("") == ""
    assert compose_korean(["ㅎ", "ㅏ", "ㅣ"]) == "해"


def test_compose_korean_ambiguous_keeps_letters() -> None:
    assert compose_korean("ㅇㅏㄱㄱㅏ") in {"아까", "악가"}


korean_text = st.text(
    alphabet=st.sampled_from([chr(c) for c in range(0xAC00, 0xD7A4, 37)] + list("ㄱㄲㅏㅐㅘㅙㄳㅀ") + ["a", " "]),
    max_size=8,
)


@settings(max_examples=300, deadline=None)
@given(korean_text)
def test_compose_korean_keeps_letters(text: str) -> None:
    split = normalise("ko", text)
    if split is None:
        return
    composed = compose_korean(letters("ko", split))
    assert normalise("ko", composed) == split


def _text_for(language: str) -> st.SearchStrategy[str]:
    tiles = alphabet(language)
    extra = ["A", "I", "İ", "É", "é", "ß", "œ", "'", "ʻ", "-", "1", " ", "\u0301", "Ё", "ё", "Ñ"]
    return st.lists(st.sampled_from(tiles + [t.upper() for t in tiles] + extra), max_size=10).map("".join)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_normalise_idempotent_and_letters_join(data: st.DataObject) -> None:
    language = data.draw(st.sampled_from(LANGUAGES))
    word = data.draw(st.one_of(_text_for(language), st.text(max_size=8)))
    norm = normalise(language, word)
    if norm is None:
        return
    assert normalise(language, norm) == norm
    tiles = letters(language, norm)
    assert "".join(tiles) == norm
    assert all(tile in alphabet(language) for tile in tiles)
    assert length(language, norm) == len(tiles)


def test_uz_from_cyrillic() -> None:
    assert uz_from_cyrillic("Ўзбекистон") == "oʻzbekiston"
    assert uz_from_cyrillic("ер") == "yer"
    assert uz_from_cyrillic("қоғоз") == "qogʻoz"
    assert uz_from_cyrillic("шаҳар") == "shahar"
    assert normalise("uz", uz_from_cyrillic("қоғоз")) == "qogʻoz"
    assert length("uz", "qogʻoz") == 5


def test_every_word_language_has_its_own_name_and_every_game_names_its_languages_from_that_table():
    from games.duelo import engine as duelo
    from games.duelo.spec import SPEC as duelo_spec
    from games.torneo import engine as torneo
    from games.torneo.spec import LANGUAGE_NAMES as torneo_names
    from wordlists.alphabets import LANGUAGE_NAMES, LANGUAGES

    duelo_names = duelo_spec.word_languages

    assert set(LANGUAGE_NAMES) == set(LANGUAGES)
    assert LANGUAGE_NAMES["ko"] == "한국어" and LANGUAGE_NAMES["uz"] == "Oʻzbekcha"
    assert list(duelo_names) == list(duelo.LANGUAGES)
    assert list(torneo_names) == list(torneo.LANGUAGES)
    assert all(duelo_names[code] == torneo_names[code] for code in set(duelo_names) & set(torneo_names))
