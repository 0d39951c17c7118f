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


# Real names, each in one script (or one writing system: Japanese mixes Han and kana), stay welcome.
REAL_NAMES = [
    "José",
    "Zoë",
    "Łukasz",
    "Ирина",
    "김민수",
    "Çağla",
    "Ñandú",
    "Anne-Marie",
    "Nguyễn Văn An",
    "Σωκράτης",
    "Ярослава",
    "محمد",
    "דוד",
    "अनुष्का",  # Devanagari: a virama and a vowel sign on one consonant
    "山田たろう",  # Han and Hiragana: one writing system
    "Björn_99",
    "Badminton",  # has "admin" inside a word, which is no claim to be one
    "Robot Ana",
    "Alba",  # people's first names, which the bots were called until issue 33
    "Bruno",
    "Cleo",
    "Dani",
    "Enzo",
    "Fina",
    "Gala",
    "Hugo",
    "Astronauta",  # a bot's name is only taken as a whole name
    "Cactus Ruiz",  # a bot's name among other words is a person's name
    "Amos",  # ends in s: not a plural of anything reserved
    "山田管理",  # 管理 alone is a word of many names; 管理者 is the claim
    "Νίκος Παπάς",
]


@pytest.mark.parametrize("name", REAL_NAMES)
def test_it_keeps_real_names_in_any_single_script(name):
    assert clean_nickname(name) == name


# Each way to pass for someone else, and why it is refused (the code the player's message comes with).
IMPERSONATIONS = [
    ("\u0410dmin", "mixed_scripts"),  # Cyrillic А, then Latin: reads "Admin"
    ("Ana\u0441", "mixed_scripts"),  # Latin, then a Cyrillic с
    ("Pay\u03c1al", "mixed_scripts"),  # a Greek rho in a Latin name
    ("\u0412\u041e\u0422", "reserved"),  # all Cyrillic, reads "BOT"
    ("\u0392\u039f\u03a4", "reserved"),  # all Greek, reads "BOT"
    ("\uff41\uff44\uff4d\uff49\uff4e", "reserved"),  # fullwidth ａｄｍｉｎ
    ("\U0001d41a\U0001d41d\U0001d426\U0001d422\U0001d427", "reserved"),  # mathematical bold admin
    ("Adm1n", "reserved"),  # a digit for a letter
    ("Adrnin", "reserved"),  # r and n side by side read as m
    ("M0derator", "reserved"),
    ("Admin_2", "reserved"),  # the word stands alone in the name
    ("Ana Moderadora", "reserved"),
    ("Soporte Oficial", "reserved"),
    ("TheAdmin", "reserved"),  # a case change starts a word
    ("Dream.Games", "reserved"),
    ("DreamGames Oficial", "reserved"),
    ("админ", "reserved"),  # "admin" in Cyrillic
    ("Модератор", "reserved"),
    ("관리자", "reserved"),  # "administrator" in Korean
    ("\u1d00\u1d05\u1d0d\u026a\u0274", "reserved"),  # small capitals: ᴀᴅᴍɪɴ
    ("\u1d0d\u1d0f\u1d05\u1d07\u0280\u1d00\u1d1b\u1d0f\u0280", "reserved"),  # ᴍᴏᴅᴇʀᴀᴛᴏʀ
    ("\u0299\u1d0f\u1d1b", "reserved"),  # ʙᴏᴛ
    ("Admins", "reserved"),  # a plural is the same claim
    ("Modérateurs", "reserved"),
    ("Modérateur", "reserved"),  # French
    ("Yönetici", "reserved"),  # Turkish
    ("管理员", "reserved"),  # Chinese, simplified and traditional
    ("管理員", "reserved"),
    ("管理者です", "reserved"),  # Japanese, inside a name written without spaces
    ("モデレーター", "reserved"),
    ("διαχειριστής", "reserved"),  # Greek
    ("مدير", "reserved"),  # Arabic
    ("מנהל", "reserved"),  # Hebrew
    ("व्यवस्थापक", "reserved"),  # Hindi
    ("ผู้ดูแล", "reserved"),  # Thai
    ("Astro", "bot_name"),  # the bots' own names (games/runtime/views.py)
    ("CACTUS", "bot_name"),
    ("Dominó", "bot_name"),
    ("Faro.", "bot_name"),
    ("\u1d00\ua731\u1d1b\u0280\u1d0f", "bot_name"),  # ᴀꜱᴛʀᴏ in small capitals
    ("Astro2", "bot_name"),  # a bot's name with a number after it
    ("Eco_01", "bot_name"),
    ("Halo", "bot_name"),  # the eighth bot of a Torneo table
    ("\u3164\u3164\u3164", "invisible"),  # Hangul filler, looks like nothing at all
    ("Ana\u3164", "invisible"),
    ("\u115fAna", "invisible"),  # Hangul choseong filler
    ("An\u1160a", "invisible"),  # Hangul jungseong filler
    ("Ana\uffa0", "invisible"),  # halfwidth Hangul filler
    ("\u2800\u2800\u2800", "invisible"),  # braille blank
    ("Ana\u2800Bob", "invisible"),
    ("zero\u200bwidth", "invisible"),  # zero-width space
    ("Ana\u200d", "invisible"),  # zero-width joiner
    ("An\u034fa", "invisible"),  # combining grapheme joiner
    ("Ana\ufeff", "invisible"),  # zero-width no-break space
    ("Z\u0351\u0359\u0330alg\u0334o", "too_many_marks"),  # three marks on one letter
    ("Ana" + "\u0301" * 8, "too_many_marks"),
]


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("", "too_short"),
        ("Al", "too_short"),
        ("   ", "too_short"),
        ("x" * 21, "too_long"),
        ("<script>", "bad_characters"),
        ("ana@mail", "bad_characters"),
        ("zero\u200bwidth", "invisible"),
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


@pytest.mark.parametrize(("raw", "code"), IMPERSONATIONS)
def test_it_refuses_nicknames_that_pass_for_someone_else(raw, code):
    with pytest.raises(NicknameError) as caught:
        clean_nickname(raw)
    assert caught.value.code == code
    assert str(caught.value)  # a message a player can read


def test_the_refusals_are_translated():
    from django.utils import translation

    with translation.override("es"):
        mixed = str(_refusal("\u0410dmin"))
        invisible = str(_refusal("Ana\u3164"))
        marks = str(_refusal("Ana" + "\u0301" * 4))
        bot = str(_refusal("Gizmo"))
    with translation.override("en"):
        assert str(_refusal("\u0410dmin")) != mixed
    assert "alfabeto" in mixed
    assert "invisibles" in invisible
    assert "acentos" in marks
    assert "bots" in bot


def _refusal(raw: str) -> str:
    with pytest.raises(NicknameError) as caught:
        clean_nickname(raw)
    return caught.value.message
