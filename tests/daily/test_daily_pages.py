"""The daily puzzles through the site, as a guest plays them: the day's puzzle, guesses, the end panel, the share
text and picture, the archive, the commitments; and that nothing of the word leaves the server before the end."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from daily import commitment, services
from daily.models import Commitment, Play, Puzzle
from games.duelo import engine
from toolkit import days
from wordlists.lexicon import lexicon

pytestmark = pytest.mark.django_db


def guest(nickname: str = "Ana") -> Client:
    client = Client()
    assert client.post("/guest/", {"nickname": nickname}).status_code == 302
    return client


def today() -> str:
    return days.utc_day(timezone.now()).isoformat()


def the_puzzle(day: str | None = None, language: str = "es") -> Puzzle:
    day = day or today()
    client = Client()
    assert client.get(f"/daily/duelo/{day}/{language}/state.json?today={today()}").status_code == 200
    return Puzzle.objects.get(game="duelo", day=day, variant=language)


def wrong_words(puzzle: Puzzle, count: int) -> list[str]:
    valid = lexicon(engine.list_slugs(puzzle.variant)[0])
    return [word for word in valid.words[:400] if word != puzzle.data["word"]][:count]


def act(client: Client, word: str, *, day: str | None = None, language: str = "es", options=None, when=None):
    day = day or today()
    body = {"action": {"type": "guess", "word": word}, "options": options or {}}
    return client.post(
        f"/daily/duelo/{day}/{language}/act.json?today={when or today()}",
        json.dumps(body),
        content_type="application/json",
    )


def test_the_day_s_puzzle_is_the_same_for_everyone_and_its_word_stays_on_the_server():
    puzzle = the_puzzle()
    ana, beto = guest("Ana"), guest("Beto")
    for client in (ana, beto, Client()):
        response = client.get(f"/daily/duelo/{today()}/es/state.json?today={today()}")
        assert response.status_code == 200
        assert puzzle.data["word"] not in response.content.decode()
        assert response.json()["view"]["hidden"] is None
    played = act(ana, wrong_words(puzzle, 1)[0])
    assert played.status_code == 200 and puzzle.data["word"] not in played.content.decode()
    page = ana.get("/daily/duelo/")
    assert page.status_code == 200 and puzzle.data["word"] not in page.content.decode()
    assert Puzzle.objects.filter(game="duelo", day=today()).count() == len(engine.LANGUAGES)


def test_a_guest_solves_it_and_gets_the_result_the_statistics_and_the_share():
    puzzle = the_puzzle()
    ana = guest()
    act(ana, wrong_words(puzzle, 1)[0], options={"hard": True})
    finished = act(ana, puzzle.data["word"]).json()
    assert finished["finished"] and finished["view"]["solved"]
    assert finished["view"]["hidden"]["shown"] == puzzle.data["shown"]
    assert finished["result"] == {"won": True, "score": 5, "best": 6, "steps": 2}
    assert finished["stats"]["played"] == 1 and finished["stats"]["streak"] == 1
    share = finished["share"]
    assert "2/6*" in share["text"] and share["url"] in share["text"]
    assert puzzle.data["word"] not in share["text"].lower()
    picture = ana.get(share["picture"])
    assert picture.status_code == 200 and picture["Content-Type"] == "image/png"
    assert picture.content[:8] == b"\x89PNG\r\n\x1a\n"
    again = act(ana, wrong_words(puzzle, 2)[1])
    assert again.status_code == 400 and again.json()["error"] == "daily_over"


def test_a_refused_guess_says_why_in_the_player_s_language_and_changes_nothing():
    the_puzzle()
    ana = guest()
    ana.cookies["django_language"] = "es"
    refused = act(ana, "qqqqq")
    assert refused.status_code == 400 and refused.json()["error"] == "not_in_list"
    assert refused.json()["message"] == "No está en la lista de palabras."
    assert not Play.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b"[]",
        b'{"action": "guess"}',
        b'{"action": {"type": "guess"}, "options": []}',
        b"{" + b" " * 5000 + b"}",
    ],
)
def test_bad_requests_are_refused_and_change_nothing(body):
    the_puzzle()
    response = guest().post(f"/daily/duelo/{today()}/es/act.json", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"] == "malformed"
    assert not Play.objects.exists()


def test_someone_without_a_nickname_cannot_play_but_is_asked_for_one():
    the_puzzle()
    assert act(Client(), "perro").status_code == 403
    page = Client().get("/daily/duelo/")
    assert b'data-testid="daily-needs-player"' in page.content


def test_tomorrow_s_puzzle_is_not_out_and_a_date_no_one_has_yet_is_not_believed():
    tomorrow = (days.latest_open(timezone.now()) + timedelta(days=1)).isoformat()
    ana = guest()
    assert ana.get(f"/daily/duelo/{tomorrow}/es/state.json?today={tomorrow}").status_code in (404,)
    assert act(ana, "perro", day=tomorrow, when=tomorrow).status_code == 404
    assert not Puzzle.objects.filter(day=tomorrow).exists()


@pytest.mark.parametrize(
    "url",
    [
        "/daily/duelo/2026-13-01/es/state.json",
        "/daily/duelo/today/es/state.json",
        "/daily/duelo/2026-12-07/xx/state.json",
        "/daily/nogame/",
        "/daily/picture/forged.png",
    ],
)
def test_addresses_that_name_nothing_are_not_found(url):
    assert Client().get(url).status_code == 404


def test_a_past_day_plays_from_the_archive_and_leaves_the_streak_alone():
    now = timezone.now()
    past = days.utc_day(now) - timedelta(days=5)
    services.puzzles_make(past)
    puzzle = Puzzle.objects.get(game="duelo", day=past, variant="es")
    ana = guest()
    finished = act(ana, puzzle.data["word"], day=past.isoformat()).json()
    assert finished["archive"] and finished["finished"]
    assert finished["stats"]["played"] == 1 and finished["stats"]["streak"] == 0
    archive = ana.get("/daily/archive/")
    assert f'data-testid="archive-duelo-{past.isoformat()}"'.encode() in archive.content
    assert b"1/6" in archive.content


def test_the_streak_counts_the_next_day_by_the_player_s_own_date():
    now = timezone.now()
    first = days.earliest_open(now)  # both dates are open somewhere now
    second = first + timedelta(days=1)
    ana = guest()
    for day in (first, second):
        puzzle = the_puzzle(day.isoformat())
        done = act(ana, puzzle.data["word"], day=day.isoformat(), when=day.isoformat()).json()
        assert not done["archive"]
    assert done["stats"]["streak"] == 2
    assert done["five_streak"] == 0  # the Daily Five's streak needs every game's daily done
    home = ana.get(f"/daily/today.json?today={second.isoformat()}").json()
    assert home["games"][0]["status"] == "finished" and home["games"][0]["streak"] == 2


def test_puzzles_never_repeat_a_word_of_a_language():
    start = days.utc_day(timezone.now()) - timedelta(days=30)
    for offset in range(20):
        services.puzzles_make(start + timedelta(days=offset))
    words = list(Puzzle.objects.filter(game="duelo", variant="es").values_list("data__word", flat=True))
    assert len(words) == 20 == len(set(words))


def test_a_banned_word_is_never_a_daily_word(monkeypatch):
    from wordlists import selectors

    day = days.utc_day(timezone.now()) - timedelta(days=40)
    services.puzzles_make(day)
    first = Puzzle.objects.get(game="duelo", day=day, variant="es").data["word"]
    Puzzle.objects.filter(day=day).delete()
    Commitment.objects.filter(day=day).delete()
    real = selectors.banned_hidden_words
    monkeypatch.setattr(
        "daily.services.banned_hidden_words",
        lambda slug: real(slug) | ({first} if slug.startswith("duelo-es") else set()),
    )
    services.puzzles_make(day)
    assert Puzzle.objects.get(game="duelo", day=day, variant="es").data["word"] != first


def test_the_commitment_is_shown_before_and_its_document_after_the_day_and_it_verifies():
    now = timezone.now()
    old = days.utc_day(now) - timedelta(days=3)
    services.puzzles_make(old)
    current = the_puzzle()
    record = Commitment.objects.get(game="duelo", day=old)
    page = Client().get("/daily/fair/").content.decode()
    assert record.digest in page
    assert Commitment.objects.get(game="duelo", day=current.day).digest in page
    # The old date is over everywhere: its document is published and hashes to the digest shown.
    text = services.commitment_document("duelo", old)
    assert commitment.verifies(text, record.digest)
    assert json.loads(text)["salt"] in page
    # Today's is not over: neither its salt nor its words are on the page.
    today_record = Commitment.objects.get(game="duelo", day=current.day)
    assert today_record.salt not in page and current.data["word"] not in page
    assert days.is_over(old, datetime.now(UTC))


def test_the_player_page_shows_the_daily_streaks_and_they_stay_when_the_guest_signs_up():
    from django.contrib.auth import get_user_model

    from accounts.models import Player
    from accounts.services import player_upgrade_guest

    puzzle = the_puzzle()
    ana = guest("Ana")
    act(ana, puzzle.data["word"])
    player = Player.objects.get(nickname="Ana")
    user = get_user_model().objects.create_user(username="ana", email="ana@example.com", password="a-long-pass-123")
    player_upgrade_guest(player=player, user=user)
    page = Client().get(player.get_absolute_url())
    assert page.status_code == 200
    section = page.content.decode().split('data-testid="player-daily"')[1].split("</section>")[0]
    assert 'data-game="duelo"' in section and "<td>1</td><td>100%</td><td>1</td><td>1</td>" in section
    assert puzzle.data["word"] not in section


@pytest.mark.parametrize("language", ["es", "en"])
def test_every_game_s_rules_page_says_how_its_daily_works(language):
    from django.urls import reverse

    from daily.registry import all_dailies

    client = Client()
    client.cookies["django_language"] = language
    for slug in all_dailies():
        page = client.get(reverse("game_rules", args=[slug])).content.decode()
        assert 'data-testid="rules-daily"' in page, slug
        assert f'href="/daily/{slug}/"' in page, slug
