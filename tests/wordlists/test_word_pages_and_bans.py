"""The public look-up pages, downloads, credits, and the admins' bans that games respect."""

import random

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import PASSWORD
from wordlists import lexicon
from wordlists.models import BannedWord, WordList
from wordlists.selectors import banned_hidden_words, is_possible_hidden_word

pytestmark = pytest.mark.django_db


def test_migrate_mirrors_every_shipped_list_for_the_admin():
    assert WordList.objects.filter(shipped=True).count() == len(lexicon.manifest())
    row = WordList.objects.get(slug="wordgrid-en-valid")
    assert row.version == lexicon.list_info("wordgrid-en-valid").version and row.count > 100_000


def test_the_index_lists_every_game_with_versions(client):
    page = client.get("/words/").content.decode()
    for name in ["Duelo de Palabras", "Wordgrid", "Letras Cruzadas"]:
        assert name in page
    assert lexicon.list_info("wordgrid-en-valid").version in page


@pytest.mark.parametrize(
    ("query", "verdicts"),
    [
        ("árbol", ["Válida"]),
        ("ARBOL", ["Válida"]),
        ("zzzzz", ["No válida"]),
    ],
)
def test_the_look_up_page_says_whether_a_word_is_valid_never_whether_it_can_be_hidden(client, query, verdicts):
    # Until issue 17 it also said "Puede ser una palabra oculta" / "Nunca es una palabra oculta": an oracle
    # for the hidden lists (tests/wordlists/test_lookup_keeps_answers_secret.py).
    page = client.get("/words/duelo-es-5-valid/", {"q": query}).content.decode()
    for verdict in verdicts:
        assert verdict in page
    assert "palabra oculta." not in page


def test_the_look_up_page_explains_what_it_cannot_look_up(client):
    assert "5 letras" in client.get("/words/duelo-es-5-valid/", {"q": "sol"}).content.decode()
    assert "alfabeto" in client.get("/words/duelo-es-5-valid/", {"q": "12345"}).content.decode()


def test_the_grid_dictionary_is_published_with_its_version(client):
    info = lexicon.list_info("wordgrid-en-valid")
    response = client.get("/words/wordgrid-en-valid/download/")
    assert response.status_code == 200
    assert response["X-Word-List-Version"] == info.version
    assert info.version in response["Content-Disposition"]
    assert b"\nqi\n" in response.content
    assert "Válida" in client.get("/words/wordgrid-en-valid/", {"q": "qi"}).content.decode()


def test_hidden_word_lists_cannot_be_downloaded(client):
    response = client.get("/words/duelo-es-5-hidden/download/")
    assert response.status_code == 403
    assert "no se pueden descargar" in response.content.decode()
    assert client.get("/words/nothing-here/").status_code == 404


def test_the_credits_page_names_every_source_and_licence(client):
    page = client.get("/words/credits/").content.decode()
    for info in lexicon.manifest().values():
        for source in info.sources:
            assert source["licence"] in page


@pytest.fixture
def staff_client(client):
    admin = get_user_model().objects.create_superuser("ops", "ops@example.com", PASSWORD)
    client.force_login(admin)
    return client


def test_an_admin_bans_a_hidden_word_and_games_never_draw_it(staff_client):
    word_list = WordList.objects.get(slug="duelo-en-5-hidden")
    hidden = lexicon.lexicon(word_list.slug)
    banned, kept = hidden.words[0], hidden.words[1]
    response = staff_client.post(
        "/admin/wordlists/bannedword/add/", {"word_list": word_list.pk, "word": banned.upper(), "reason": "obscure"}
    )
    assert response.status_code == 302
    assert BannedWord.objects.get().word == banned
    exclude = set(hidden.words) - {banned, kept}
    rng = random.Random(1)
    # What the match service hands an engine as `banned` (games.runtime.matches._banned_words).
    assert banned_hidden_words(word_list.slug) == {banned}
    assert {hidden.choose(rng, exclude=exclude | banned_hidden_words(word_list.slug)) for _ in range(40)} == {kept}
    assert not is_possible_hidden_word(game="duelo", language="en", length=5, word=banned)
    assert is_possible_hidden_word(game="duelo", language="en", length=5, word=kept)


@pytest.mark.parametrize(
    ("word", "reason", "message"),
    [
        ("qwxyz", "typo", "no está en esta lista"),
        ("12", "typo", "alfabeto"),
        ("", "typo", "obligatorio"),
    ],
)
def test_a_bad_ban_gets_a_clear_error_and_bans_nothing(staff_client, word, reason, message):
    word_list = WordList.objects.get(slug="duelo-en-5-hidden")
    response = staff_client.post(
        "/admin/wordlists/bannedword/add/", {"word_list": word_list.pk, "word": word, "reason": reason}
    )
    assert response.status_code == 200 and message in response.content.decode()
    assert not BannedWord.objects.exists()


def test_valid_word_lists_take_no_bans(staff_client):
    word_list = WordList.objects.get(slug="duelo-en-5-valid")
    response = staff_client.post(
        "/admin/wordlists/bannedword/add/", {"word_list": word_list.pk, "word": "about", "reason": "x"}
    )
    assert response.status_code == 200 and not BannedWord.objects.exists()


def test_the_lists_are_read_only_in_the_admin(staff_client):
    row = WordList.objects.get(slug="wordgrid-en-valid")
    assert staff_client.get("/admin/wordlists/wordlist/").status_code == 200
    staff_client.post(f"/admin/wordlists/wordlist/{row.pk}/change/", {"count": 1})
    row.refresh_from_db()
    assert row.count > 1
