"""Nickname rules, as a table, and the properties every accepted nickname keeps."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from accounts.nicknames import MAX_LENGTH, MIN_LENGTH, NicknameError, clean_nickname, nickname_key


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Ana", "Ana"),
        ("  Ana   María  ", "Ana María"),
        ("José_23", "José_23"),
        ("Çağrı", "Çağrı"),
        ("Ирина", "Ирина"),
        ("사람이", "사람이"),
        ("el.gato-7", "el.gato-7"),
        ("Jose\u0301", "José"),  # decomposed accent is stored composed
    ],
)
def test_it_accepts_and_tidies_nicknames(raw, expected):
    assert clean_nickname(raw) == expected


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("", "too_short"),
        ("Al", "too_short"),
        ("   ", "too_short"),
        ("x" * 21, "too_long"),
        ("<script>", "bad_characters"),
        ("ana@mail", "bad_characters"),
        ("zero\u200bwidth", "bad_characters"),
        ("123", "no_letter"),
        ("___", "no_letter"),
        ("Admin", "reserved"),
        ("ADMINISTRADOR", "reserved"),
        ("Dream Games", "reserved"),
        ("dream  games", "reserved"),
        ("BOT", "reserved"),
    ],
)
def test_it_refuses_bad_nicknames_with_a_stable_code(raw, code):
    with pytest.raises(NicknameError) as caught:
        clean_nickname(raw)
    assert caught.value.code == code
    assert str(caught.value)  # a message a player can read


def test_it_refuses_what_is_not_text():
    with pytest.raises(NicknameError):
        clean_nickname(None)


def test_nicknames_that_look_alike_share_a_key():
    assert nickname_key("José") == nickname_key("JOSE") == nickname_key("jose")
    assert nickname_key("Ana") != nickname_key("Ana2")


@given(st.text(max_size=40))
def test_an_accepted_nickname_is_stable_and_within_limits(raw):
    try:
        clean = clean_nickname(raw)
    except NicknameError:
        return
    assert MIN_LENGTH <= len(clean) <= MAX_LENGTH
    assert clean_nickname(clean) == clean
    assert clean == clean.strip() and "  " not in clean
