"""The day's board among a player's group, and a friend's ghost: who played today's puzzle and, once the player has
finished it too, how each went, move by move. Before that, nothing of how (a score or a row could help)."""

from __future__ import annotations

import json

import pytest

from accounts.models import Player
from lobby import parties
from tests.daily.test_daily_pages import act, guest, the_puzzle, today, wrong_words

pytestmark = pytest.mark.django_db


def friends(client) -> dict:
    return client.get(f"/daily/duelo/{today()}/es/friends.json?today={today()}").json()


def test_the_group_s_board_shows_who_played_then_how_with_each_one_s_ghost():
    puzzle = the_puzzle()
    word = puzzle.data["word"]
    ana, beto, carla, stranger = guest("Ana"), guest("Beto"), guest("Carla"), guest("Dario")
    group = parties.party_create(player=Player.objects.get(nickname="Ana"), language="es")
    for name in ("Beto", "Carla"):
        parties.party_join(party=group, player=Player.objects.get(nickname=name))
    misses = wrong_words(puzzle, 3)
    act(beto, misses[0])
    act(beto, misses[1])
    act(beto, word)  # Beto: 3/6
    act(stranger, word)  # not in the group: never on its board
    act(carla, misses[2])  # under way

    before = friends(ana)
    assert before["finished"] is False
    assert {row["nickname"]: row["status"] for row in before["board"]} == {
        "Ana": "new",
        "Beto": "finished",
        "Carla": "playing",
    }
    text = json.dumps(before)
    assert word not in text and "score" not in text and "ghost" not in text

    act(ana, word)  # Ana: 1/6, first
    after = friends(ana)
    ranked = [(row["nickname"], row["rank"], row.get("score")) for row in after["board"]]
    assert ranked == [("Ana", 1, "1/6"), ("Beto", 2, "3/6"), ("Carla", None, None)]
    beto_ghost = after["board"][1]["ghost"]
    assert [len(view["rows"]) for view in beto_ghost] == [1, 2, 3]
    assert [row["shown"] for row in beto_ghost[-1]["rows"]][:2] == [row["shown"] for row in beto_ghost[1]["rows"]]
    assert beto_ghost[-1]["solved"] and beto_ghost[0]["hidden"] is None
    assert "ghost" not in after["board"][2]  # Carla has not finished: nothing of her rows


def test_without_a_group_the_board_is_the_player_alone():
    puzzle = the_puzzle()
    ana = guest("Ana")
    act(ana, puzzle.data["word"])
    board = friends(ana)["board"]
    assert [(row["nickname"], row["you"], row["rank"]) for row in board] == [("Ana", True, 1)]
