"""Claves a Dúo rooms: a 5-character code, the host picks the pair among those in the room, a partner
who leaves mid-game interrupts it, and the room keeps the pair's wins and losses."""

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import Player
from accounts.services import player_create_guest
from games.claves import engine
from games.models import Match, Room
from games.runtime import matches, rooms, scheduling
from games.runtime.errors import Refusal
from wordlists.lexicon import lexicon

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def guest(nickname: str) -> tuple[Client, Player]:
    client = Client()
    client.post("/guest/", {"nickname": nickname})
    return client, Player.objects.get(nickname=nickname)


def test_the_host_opens_a_room_with_a_five_character_code_and_picks_the_pair():
    host_client, host = guest("Ana")
    host_client.post("/play/claves/", {"level": "familiar", "turns": 9})
    room = Room.objects.get()
    assert len(room.code) == 5
    beto_client, beto = guest("Beto")
    carla_client, carla = guest("Carla")
    beto_client.post(f"/r/{room.code}/")
    carla_client.post(f"/r/{room.code}/")  # the pair is full: Carla watches
    assert list(room.seats.values_list("player__nickname", flat=True)) == ["Ana", "Beto"]
    # The host puts Carla in seat 2 instead of Beto, then steps out for Beto.
    host_client.post(f"/r/{room.code}/sit/1/", {"player": carla.pk})
    host_client.post(f"/r/{room.code}/sit/0/", {"player": beto.pk})
    assert list(room.seats.values_list("player__nickname", flat=True)) == ["Beto", "Carla"]
    refused = beto_client.post(f"/r/{room.code}/sit/0/", {"player": carla.pk}, follow=True)
    assert "Solo el anfitrión" in refused.content.decode()
    stranger_client, stranger = guest("Dora")
    with pytest.raises(Refusal) as caught:
        rooms.room_seat_assign(room=room, by=host, index=0, player_id=stranger.pk)
    assert caught.value.code == "not_in_room"


def start(room, host):
    match = matches.match_start(room=room, by=host, now=timezone.now())
    return match, engine.from_json(match.state)


def test_a_partner_leaving_mid_game_interrupts_it_and_everyone_waits_again():
    host_client, host = guest("Ana")
    host_client.post("/play/claves/", {"level": "familiar", "turns": 9})
    room = Room.objects.get()
    beto_client, beto = guest("Beto")
    beto_client.post(f"/r/{room.code}/")
    match, _state = start(room, host)
    beto_client.post(f"/r/{room.code}/leave/")
    match.refresh_from_db()
    room.refresh_from_db()
    assert match.status == Match.FINISHED and match.outcome["result"] == "stopped"
    assert room.status == Room.WAITING
    assert room.seats.get(index=1).player is None


def test_the_room_keeps_the_pairs_record_and_never_repeats_words():
    host_client, host = guest("Ana")
    host_client.post("/play/claves/", {"level": "standard", "turns": 9})
    room = Room.objects.get()
    beto_client, beto = guest("Beto")
    beto_client.post(f"/r/{room.code}/")
    match, state = start(room, host)
    giver = state.giver
    players = {0: host, 1: beto}
    trap = next(cell for cell, kind in enumerate(state.maps[giver]) if kind == engine.TRAP)
    matches.match_act(match_id=match.pk, player=players[giver], action={"type": "clue", "word": "zumbido", "number": 1})
    matches.match_act(match_id=match.pk, player=players[1 - giver], action={"type": "guess", "cell": trap})
    match.refresh_from_db()
    assert match.outcome["result"] == "lost" and match.outcome["reason"] == "trap"
    second, second_state = start(room, host)
    assert not set(second_state.words) & set(state.words)
    page = host_client.get(f"/r/{room.code}/").content.decode()
    assert "En esta sala: 0 ganadas, 1 perdidas." in page


def pair_room(level: str) -> tuple[Room, Player]:
    host = player_create_guest(nickname="Ana")
    room = rooms.room_create(
        game="claves", host=host, settings={"level": level, "turns": 9}, seats=2, interface_language="es"
    )
    rooms.room_join(room=room, player=player_create_guest(nickname="Beto"))
    return room, host


@pytest.mark.parametrize("level", engine.LEVELS)
def test_sixty_games_in_one_room_use_every_word_of_the_level_before_any_comes_back(level):
    """The rules: "en una misma sala las palabras no se repiten mientras queden suficientes en ese nivel"."""
    room, host = pair_room(level)
    pack = set(lexicon(engine.list_slug(level)).words)
    cycle: set[str] = set()  # the words drawn since the room last had to reuse some
    boards: list[list[str]] = []
    new_cycles = 0
    for _game in range(60):
        match, state = start(room, host)
        board = set(state.words)
        assert len(board) == engine.BOARD_SIZE and board <= pack  # always a full board of the level
        unused = pack - cycle
        if len(unused) >= engine.BOARD_SIZE:
            assert not board & cycle  # no word comes back while enough unused ones remain
            cycle |= board
        else:
            # The level is used up: the words never drawn come first, the rest are the least recently used
            # (none of the last three boards), and a new cycle starts with this board.
            assert unused <= board
            assert not (board - unused) & set().union(*boards[-3:])
            cycle = board
            new_cycles += 1
        boards.append(state.words)
        assert matches.match_stop(match_id=match.pk, reason="test")
        room.refresh_from_db()
        assert room.status == Room.WAITING
    assert new_cycles >= 2  # 60 boards go round the whole level at least twice
    assert len(set().union(*boards)) == len(pack)  # and every word of the level was on a board


def test_a_room_from_before_the_record_avoids_its_last_boards():
    room, host = pair_room("standard")
    first, first_state = start(room, host)
    matches.match_stop(match_id=first.pk, reason="test")
    Room.objects.filter(pk=room.pk).update(used_words={})  # as rooms were before they kept the record
    room.refresh_from_db()
    _second, second_state = start(room, host)
    assert not set(second_state.words) & set(first_state.words)
    room.refresh_from_db()
    assert room.used_words == {"claves-es-standard": first_state.words + second_state.words}
