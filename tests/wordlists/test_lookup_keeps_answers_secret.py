"""The public word look-up must never tell a hidden word (a game's possible answer) from a mere valid guess.

The attacker's steps: look up, on every page that offers the look-up for Duelo and Torneo (the valid list's
and the hidden list's own), one word that can be an answer and one that is only a valid guess, and compare
the two answers. If anything but the word itself differs (status, headers, size, a verdict, a CSS class,
the spelling shown), walking the valid list through the look-up rebuilds the hidden list, and a player
can ask mid-game whether a candidate can be the answer.
"""

import re

import pytest
from django.test import Client

from wordlists import lexicon
from wordlists.models import BannedWord, WordList

pytestmark = pytest.mark.django_db

GROUPS = ["duelo-es-5", "duelo-en-5", "torneo-en-5", "torneo-es-6"]


def _plain(lexicon_, word: str) -> bool:
    """A word shown as typed (no accent added by the list), so the two answers differ only by the word."""
    return lexicon_.display(word) == word and word.isascii()


def answer_and_guess(group: str) -> tuple[str, str]:
    hidden = lexicon.lexicon(f"{group}-hidden")
    valid = lexicon.lexicon(f"{group}-valid")
    answer = next(w for w in hidden.words if _plain(valid, w) and _plain(hidden, w))
    guess = next(w for w in valid.words if w not in hidden and _plain(valid, w))
    return answer, guess


def look_up(slug: str, word: str) -> tuple[int, dict, list[str], str]:
    """What a fresh visitor sees, less what is random on every page (the CSRF token, masked anew each time)."""
    response = Client().get(f"/words/{slug}/", {"q": word})
    headers = {name: value for name, value in response.headers.items() if name.lower() not in {"date", "set-cookie"}}
    page = re.sub(r'name="csrfmiddlewaretoken" value="\w+"', "TOKEN", response.content.decode())
    return response.status_code, headers, sorted(response.cookies), page.replace(word, "WORD")


@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize("kind", ["valid", "hidden"])
def test_an_answer_and_a_mere_guess_get_the_same_look_up_answer(group, kind):
    answer, guess = answer_and_guess(group)
    slug = f"{group}-{kind}"
    status, headers, cookies, page = look_up(slug, answer)
    assert (status, headers, cookies, page) == look_up(slug, guess)
    assert status == 200
    # Both are answered as what they are to a player: valid guesses.
    assert "Válida" in page


def test_a_banned_answer_looks_like_any_other_valid_word():
    """An admin's ban must not be readable either (it would tell which answers are still possible)."""
    answer, guess = answer_and_guess("duelo-en-5")
    hidden = lexicon.lexicon("duelo-en-5-hidden")
    banned = next(
        w for w in reversed(hidden.words) if _plain(hidden, w) and _plain(lexicon.lexicon("duelo-en-5-valid"), w)
    )
    BannedWord.objects.create(word_list=WordList.objects.get(slug="duelo-en-5-hidden"), word=banned, reason="x")
    said = look_up("duelo-en-5-valid", banned)
    assert said == look_up("duelo-en-5-valid", answer) == look_up("duelo-en-5-valid", guess)


def test_the_look_up_page_never_speaks_of_hidden_words(client):
    answer, guess = answer_and_guess("duelo-es-5")
    for word in [answer, guess, "zzzzz"]:
        for slug in ["duelo-es-5-valid", "duelo-es-5-hidden"]:
            page = client.get(f"/words/{slug}/", {"q": word}).content.decode()
            answer_box = page.split('data-testid="lookup-result"')[1].split("</div>")[0]
            assert "Válida" in answer_box or "No válida" in answer_box
            assert "oculta" not in answer_box and "hidden" not in answer_box.lower()
