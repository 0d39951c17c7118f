"""What a player shares from a result card (issue 33): each game's summary (games/<slug>/share.py) and the
shared text the server hands the player who sat at the table (games.runtime.share, /m/<id>/share.json).

The texts hold colours and numbers, never a letter of a word guessed, a hidden word, a board word or a rack;
Duelo's and the Torneo's grids are the seat's rows as Wordle's squares, row by row."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from accounts.selectors import remember_guest
from games.kit.share import SKIPPED, SQUARES
from games.models import Match, MatchEvent
from games.runtime import matches, scheduling
from games.runtime.catalogue import game_module
from games.runtime.registry import engine_for
from tests.games.test_match_archive import play_bots, play_claves
from tests.games.test_move_path_statements import mid_game, next_move

pytestmark = pytest.mark.django_db

EMOJI_ROW = re.compile(f"^[{''.join(SQUARES.values())}{SKIPPED}\u2b1c]+$")


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def play_out(slug: str):
    """A match of `slug` with a person in every seat, played to its end through the services (each person's
    move chosen by the easy bot; the clock moved on when nobody owes one)."""
    match, people, now = mid_game(slug)
    for _step in range(3000):
        match.refresh_from_db()
        if match.status != Match.PLAYING:
            break
        try:
            player, action, turn, now = next_move(match, people, now)
        except AssertionError:
            now = max(now, match.deadline or now)
            matches.match_advance(match_id=match.pk, now=now)
            continue
        try:
            matches.match_act(match_id=match.pk, player=player, action=action, turn=turn, now=now)
        except Exception:  # a bot's word the list refuses now, a turn gone: the clock moves on
            now = max(now, match.deadline or now)
            matches.match_advance(match_id=match.pk, now=now)
    match.refresh_from_db()
    assert match.status == Match.FINISHED
    return match, people


def words_of(match: Match) -> set[str]:
    """Every word of the match a summary must not hold: hidden ones, guessed or played ones, board words."""
    engine = engine_for(match.game)
    state = engine.from_json(match.state)
    words = {word.lower() for word in engine.drawn_words(state) if len(word) >= 3}
    for data in MatchEvent.objects.filter(match=match).values_list("data", flat=True):
        action = data.get("action") or {}
        for key in ("word", "shown"):
            for value in (action.get(key), data.get(key)):
                if isinstance(value, str) and len(value) >= 3:
                    words.add(value.lower())
    if match.game == "claves":
        words |= {word.lower() for word in state.words}
    return words


def text_of(match: Match, seat: int) -> str:
    engine = engine_for(match.game)
    lines = game_module(match.game, "share").summary(engine.from_json(match.state), seat)
    assert lines
    return "\n".join(line.text % dict(line.params) for line in lines)


def assert_nothing_hidden(text: str, match: Match) -> None:
    lowered = text.lower()
    for word in words_of(match):
        assert not re.search(rf"(?<![a-zà-ÿ]){re.escape(word)}(?![a-zà-ÿ])", lowered), (word, text)


def test_duelo_shares_each_rounds_own_grid_as_squares_and_never_a_word():
    match, _seen = play_bots("duelo", ["easy", "hard"], {"language": "es", "rounds": 3, "round_seconds": 60}, seed=5)
    state = engine_for("duelo").from_json(match.state)
    for seat in (0, 1):
        text = text_of(match, seat)
        assert_nothing_hidden(text, match)
        grid = [line for line in text.splitlines() if EMOJI_ROW.match(line)]
        mine = [row.marks for played in state.rounds for row in played.seats[seat].rows]
        assert len(grid) == len(mine)
        for line, marks in zip(grid, mine, strict=True):
            assert line == "".join(SQUARES[mark] for mark in marks)
        for played in state.rounds:
            rows = played.seats[seat].rows
            tries = len(rows) if played.seats[seat].solved else "X"
            assert f"Round {played.number}: {tries}/6" in text
        assert f"{state.totals()[seat]} points" in text


def test_the_torneo_shares_each_duel_of_the_seat_as_squares_and_never_a_word():
    match, _seen = play_bots("torneo", ["hard"] * 8, {"language": "es", "rated": False}, seed=6)
    state = engine_for("torneo").from_json(match.state)
    for seat in (0, 3):
        text = text_of(match, seat)
        assert_nothing_hidden(text, match)
        grid = [line for line in text.splitlines() if EMOJI_ROW.match(line)]
        rows = [row for played in state.rounds for duel in played.duels if seat in duel.seats for row in duel.rows]
        assert grid == [SKIPPED if row.marks is None else "".join(SQUARES[m] for m in row.marks) for row in rows]
        place = state.places[seat]
        assert ("I won" in text) if place == 1 else (f"Place {place} of 8" in text)


@pytest.mark.parametrize("slug", ["wordgrid", "cruzadas"])
def test_the_two_player_games_share_the_result_and_the_score_and_no_word(slug):
    levels = ["easy", "hard"] if slug == "wordgrid" else ["hard", "medium"]
    settings = {} if slug == "wordgrid" else {"language": "tr"}
    match, _seen = play_bots(slug, levels, settings, seed=8)
    engine = engine_for(slug)
    result = engine.outcome(engine.from_json(match.state))
    for seat in (0, 1):
        text = text_of(match, seat)
        assert_nothing_hidden(text, match)
        assert f"Score {result.totals[seat]}–{result.totals[1 - seat]}" in text
        first = text.splitlines()[0]
        if result.stopped:
            assert first == "The match was ended early."
        elif result.draw:
            assert first == "A draw"
        else:
            assert first == ("I won" if seat in result.winners else "I lost")
    if slug == "cruzadas":  # never a tile of a rack
        state = engine.from_json(match.state)
        assert "rack" not in text_of(match, 0).lower() and all(isinstance(rack, list) for rack in state.racks)


def test_claves_shares_the_keys_found_as_squares_and_no_word_of_the_board():
    match, _seen = play_claves()  # lost on a trap
    state = engine_for("claves").from_json(match.state)
    text = text_of(match, 0)
    assert_nothing_hidden(text, match)
    assert text.splitlines()[0] == "Lost: we touched a trap"
    found = len(state.uncovered)
    assert f"{found} of 15 keys found" in text
    assert text.splitlines()[-1] == SQUARES["green"] * found + "\u2b1c" * (15 - found)


def client_of(player) -> Client:
    client = Client()
    session = client.session
    remember_guest(session=session, player=player)
    session.save()
    return client


def test_the_server_hands_the_shared_text_to_the_players_alone_in_their_language():
    match, people = play_out("duelo")
    state = engine_for("duelo").from_json(match.state)
    url = f"/m/{match.pk}/share.json"

    data = client_of(people[0]).get(url).json()
    lines = data["text"].splitlines()
    assert data["title"] == lines[0] == "Duelo de Palabras"
    assert data["url"].endswith(f"/m/{match.pk}/") and lines[-1] == data["url"]
    assert "Ronda 1:" in data["text"] and "puntos" in data["text"]  # Spanish, the site's default
    assert_nothing_hidden(data["text"], match)
    assert not any(word in data["text"].lower() for word in state.hidden_words)

    english_client = client_of(people[1])
    english_client.cookies["django_language"] = "en"
    english = english_client.get(url).json()
    assert "Round 1:" in english["text"] and "points" in english["text"]

    # Someone who was not at the table, and a match still played, have nothing to share.
    assert Client().get(url).status_code == 404
    playing, people_playing, _now = mid_game("wordgrid")
    assert client_of(people_playing[0]).get(f"/m/{playing.pk}/share.json").status_code == 404
