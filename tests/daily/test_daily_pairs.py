"""Claves a Dúo's daily played by pairs (daily/pairs.py) through the site and the real runtime: a room for a friend
and its invite link, the queue for anyone, the day's board in every pair's match, each partner's daily play at the
end (statistics, streaks and the Daily Five count it), one play a day (no second room, no rematch, no seat for who
watched), and nothing of the maps on the daily's page nor in any room frame before the end."""

from __future__ import annotations

import json
import random
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from accounts.models import Player
from daily import pairs
from daily.models import Commitment, PairWaiting, Play, Puzzle
from daily.selectors import five_streak, game_statistics
from games.claves import daily, engine
from games.kit.errors import GameError, IllegalMove
from games.models import Match, Room
from games.runtime import matches, rematch, scheduling
from games.runtime.views import match_snapshot, room_snapshot
from toolkit import days
from wordlists.lexicon import lexicon

CLUES = ("zumbido", "galaxia", "trueno", "volcán", "brújula", "pirata")


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def today():
    return days.utc_day(timezone.now())


def make_puzzle(day=None) -> Puzzle:
    """The day's Claves puzzle as puzzles_make keeps it (made here alone: the other games' makers take time)."""
    data = next(
        made
        for attempt in range(50)
        if (made := daily.make_puzzle(random.Random(f"pairs:{attempt}"), "", words=lexicon)) is not None
    )
    day = day or today()
    Commitment.objects.create(game="claves", day=day, digest="d" * 64, salt="s" * 64)
    return Puzzle.objects.create(game="claves", day=day, variant="", data=data, seed="seed")


def guest(nickname: str) -> tuple[Client, Player]:
    client = Client()
    assert client.post("/guest/", {"nickname": nickname}).status_code == 302
    return client, Player.objects.get(nickname=nickname)


def page(client: Client, day=None) -> str:
    response = client.get(f"/daily/claves/?today={today().isoformat()}" + (f"&day={day.isoformat()}" if day else ""))
    assert response.status_code == 200
    return response.content.decode()


def friend_room(host_client: Client, friend_client: Client) -> Room:
    """The host opens the day's room ("Play with a friend"); the friend takes the second seat by its link."""
    response = host_client.post(f"/daily/claves/{today().isoformat()}/pair/room/?today={today().isoformat()}")
    assert response.status_code == 302 and response["Location"].startswith("/r/")
    code = response["Location"].split("/")[2]
    assert friend_client.post(f"/r/{code}/").status_code == 302
    return Room.objects.get(code=code)


def start(room: Room, client: Client) -> Match:
    client.post(f"/r/{room.code}/start/")
    return room.matches.order_by("-number").first()


def give_clue(match: Match, player: Player, number: int) -> None:
    for word in CLUES:
        try:
            matches.match_act(match_id=match.pk, player=player, action={"type": "clue", "word": word, "number": number})
            return
        except IllegalMove:
            continue
    raise AssertionError("no clue word was taken")


def play_to_the_end(match: Match, by_seat: dict[int, Player], *, lose: bool = False) -> Match:
    """The pair finds every key turn by turn (each giver's keys at once), or touches a trap (`lose`)."""
    while True:
        match.refresh_from_db()
        if match.status == Match.FINISHED:
            return match
        state = engine.from_json(match.state)
        giver, guesser = by_seat[state.giver], by_seat[1 - state.giver]
        keys = [cell for cell in state.keys_of(state.giver) if cell not in state.uncovered]
        give_clue(match, giver, min(len(keys), 9))
        if lose:
            trap = state.maps[state.giver].index(engine.TRAP)
            matches.match_act(match_id=match.pk, player=guesser, action={"type": "guess", "cell": trap})
            continue
        for cell in keys:
            matches.match_act(match_id=match.pk, player=guesser, action={"type": "guess", "cell": cell})
        match.refresh_from_db()
        if match.status != Match.FINISHED:
            matches.match_act(match_id=match.pk, player=guesser, action={"type": "end_turn"})


def seats_of(match: Match) -> dict[int, Player]:
    return {seat: Player.objects.get(pk=sitter["player"]) for seat, sitter in enumerate(match.lineup)}


@pytest.mark.django_db
def test_a_friend_by_the_link_plays_the_day_s_board_and_both_get_the_day_s_play():
    puzzle = make_puzzle()
    ana_client, ana = guest("Ana")
    beto_client, beto = guest("Beto")
    assert 'data-testid="daily-pair-friend"' in page(ana_client)
    room = friend_room(ana_client, beto_client)
    assert room.settings == {**daily.room_settings(puzzle.data), "daily": today().isoformat()}
    assert room.is_private  # not among the lobby's live games: a watcher could no longer play the day's board
    assert 'data-testid="daily-pair-go"' in page(ana_client)  # back to the open room, not a second one
    match = start(room, ana_client)
    state = engine.from_json(match.state)
    assert state.words == puzzle.data["board"] and state.maps == puzzle.data["maps"]
    assert not Play.objects.exists()
    play_to_the_end(match, seats_of(match))
    plays = {play.player_id: play for play in Play.objects.filter(puzzle=puzzle)}
    assert set(plays) == {ana.pk, beto.pk}
    for play in plays.values():
        assert play.state == {"match": match.pk} and not play.archive and play.finished_at is not None
        assert play.result == daily.pair_result(engine.from_json(Match.objects.get(pk=match.pk).state))
        assert play.result["won"] and play.result["steps"] == 2
    assert game_statistics(ana, "claves", today()).as_json()["streak"] == 1
    assert five_streak(ana, today()).current == 0  # the other four dailies are not done
    shown = page(beto_client)
    assert 'data-testid="daily-pair-result"' in shown and "2/9" in shown and "Ana" in shown


@pytest.mark.django_db
def test_a_pair_that_touches_a_trap_has_a_lost_day_and_the_page_says_so():
    make_puzzle()
    ana_client, ana = guest("Ana")
    beto_client, _beto = guest("Beto")
    room = friend_room(ana_client, beto_client)
    play_to_the_end(start(room, ana_client), seats_of(room.matches.get()), lose=True)
    play = Play.objects.get(player=ana)
    assert play.result == {"won": False, "score": 0, "best": 7, "steps": 1}
    shown = page(ana_client)
    assert "X/9" in shown and game_statistics(ana, "claves", today()).won == 0


@pytest.mark.django_db
def test_who_has_played_the_day_s_board_gets_no_second_room_no_rematch_and_no_seat_at_a_start():
    puzzle = make_puzzle()
    ana_client, ana = guest("Ana")
    beto_client, beto = guest("Beto")
    room = friend_room(ana_client, beto_client)
    match = play_to_the_end(start(room, ana_client), seats_of(room.matches.get()))
    # A second room: refused, with the words on the page.
    response = ana_client.post(
        f"/daily/claves/{today().isoformat()}/pair/room/?today={today().isoformat()}", follow=True
    )
    assert "Ya has jugado el tablero del día" in response.content.decode()  # the site's language: Spanish
    with pytest.raises(GameError) as refused:
        pairs.daily_pair_room(player=ana, puzzle=puzzle, today=today(), interface_language="es")
    assert refused.value.code == "daily_played"
    # The rematch: refused, and the room frame says why before anyone asks.
    with pytest.raises(GameError) as refused:
        rematch.rematch_answer(room_id=room.pk, match_id=match.pk, player=ana, answer="ask")
    assert refused.value.code == "rematch_daily"
    room.refresh_from_db()
    frame = room_snapshot(room, ana, invite_url="", online=set())
    assert frame["rematch"]["refused"]["code"] == "rematch_daily"
    assert frame["new_game"] == {"way": "link", "url": f"/daily/claves/?day={today().isoformat()}", "daily": True}
    # The room's Start again: refused, nothing starts.
    with pytest.raises(GameError) as refused:
        matches.match_start(room=room, by=ana)
    assert refused.value.code == "daily_played" and room.matches.count() == 1
    # The queue: refused too.
    response = ana_client.post(f"/daily/claves/{today().isoformat()}/pair/queue.json?today={today().isoformat()}")
    assert response.status_code == 400 and response.json()["error"] == "daily_played"


@pytest.mark.django_db
def test_a_friend_who_has_played_it_cannot_take_the_second_seat_s_start_and_a_watcher_cannot_play_it():
    make_puzzle()
    ana_client, ana = guest("Ana")
    beto_client, beto = guest("Beto")
    carla_client, carla = guest("Carla")
    room = friend_room(ana_client, beto_client)
    carla_client.post(f"/r/{room.code}/")  # the pair is full: Carla watches the day's board played
    play_to_the_end(start(room, ana_client), seats_of(room.matches.get()))
    dora_client, dora = guest("Dora")
    second = friend_room(dora_client, beto_client)  # Beto comes by Dora's link: seated, but the start is refused
    with pytest.raises(GameError) as refused:
        matches.match_start(room=second, by=dora)
    assert refused.value.code == "daily_others_played" and "Beto" in refused.value.text
    assert not second.matches.exists()
    with pytest.raises(GameError) as refused:
        pairs.daily_pair_room(player=carla, puzzle=Puzzle.objects.get(), today=today(), interface_language="es")
    assert refused.value.code == "daily_seen"
    assert "para ti ya no es un reto" in page(carla_client)


@pytest.mark.django_db
def test_a_partner_leaving_stops_the_match_and_the_stopped_day_counts_as_played_not_won():
    make_puzzle()
    ana_client, ana = guest("Ana")
    beto_client, beto = guest("Beto")
    room = friend_room(ana_client, beto_client)
    start(room, ana_client)
    beto_client.post(f"/r/{room.code}/leave/")
    assert {play.player_id: play.result["won"] for play in Play.objects.all()} == {ana.pk: False, beto.pk: False}


@pytest.mark.django_db
def test_two_strangers_from_the_queue_are_seated_together_on_the_day_s_board():
    puzzle = make_puzzle()
    ana_client, ana = guest("Ana")
    beto_client, beto = guest("Beto")
    url = f"/daily/claves/{today().isoformat()}/pair/queue.json?today={today().isoformat()}"
    assert ana_client.post(url).json() == {"waiting": True}
    assert ana_client.post(url).json() == {"waiting": True}  # asked again: one place
    assert PairWaiting.objects.count() == 1
    answer = beto_client.post(url).json()
    room = Room.objects.get()
    assert answer == {"waiting": False, "room": f"/r/{room.code}/"}
    assert ana_client.post(url).json() == answer  # the one who waited is told where on their next ask
    match = room.matches.get()
    assert match.status == Match.PLAYING and set(seats_of(match).values()) == {ana, beto}
    assert engine.from_json(match.state).maps == puzzle.data["maps"]
    play_to_the_end(match, seats_of(match))
    assert Play.objects.filter(puzzle=puzzle, result__won=True).count() == 2


@pytest.mark.django_db
def test_a_place_nobody_asks_for_any_more_is_not_paired_and_stop_waiting_leaves():
    puzzle = make_puzzle()
    _ana_client, ana = guest("Ana")
    _beto_client, beto = guest("Beto")
    _carla_client, carla = guest("Carla")
    long_ago = timezone.now() - pairs.QUEUE_FRESH - timedelta(seconds=1)
    assert (
        pairs.pair_queue_join(player=ana, puzzle=puzzle, today=today(), interface_language="es", now=long_ago) is None
    )
    assert pairs.pair_queue_join(player=beto, puzzle=puzzle, today=today(), interface_language="es") is None
    pairs.pair_queue_leave(player=beto, puzzle=puzzle)
    assert not pairs.is_waiting(beto, puzzle)
    assert pairs.pair_queue_join(player=carla, puzzle=puzzle, today=today(), interface_language="es") is None
    assert not Room.objects.exists()


@pytest.mark.django_db
def test_tomorrow_s_board_is_not_out():
    puzzle = make_puzzle(today() + timedelta(days=1))
    _client, ana = guest("Ana")
    with pytest.raises(GameError) as refused:
        pairs.daily_pair_room(player=ana, puzzle=puzzle, today=today(), interface_language="es")
    assert refused.value.code == "daily_not_yet"


@pytest.mark.django_db
def test_no_map_leaves_the_server_before_the_end_and_the_board_only_in_the_room():
    puzzle = make_puzzle()
    ana_client, ana = guest("Ana")
    beto_client, beto = guest("Beto")
    carla_client, carla = guest("Carla")
    board = engine.new_game(daily.match_settings(puzzle.data), 2, random.Random(0), timezone.now(), words=lexicon).shown

    def nothing_of_the_day(text: str) -> None:
        assert not [word for word in board if f">{word}<" in text or f'"{word}"' in text]
        assert json.dumps(puzzle.data["maps"][0]) not in text and json.dumps(puzzle.data["maps"][1]) not in text

    for client in (ana_client, beto_client, Client()):
        nothing_of_the_day(page(client))
    room = friend_room(ana_client, beto_client)
    carla_client.post(f"/r/{room.code}/")
    nothing_of_the_day(ana_client.get(f"/r/{room.code}/").content.decode())
    match = start(room, ana_client)
    for client in (ana_client, beto_client, carla_client):
        nothing_of_the_day(page(client))
    room.refresh_from_db()
    for viewer in (ana, beto, carla):
        own = match.seat_of(viewer.pk)
        frame = json.dumps(room_snapshot(room, viewer, invite_url="", online=set()))
        assert '"maps"' not in frame and '"board"' not in frame
        shown = json.dumps(match_snapshot(match, viewer), ensure_ascii=False)
        assert all(word in shown for word in board)  # the board is on the table, in the room
        assert [kinds for kinds in puzzle.data["maps"] if json.dumps(kinds) in shown] == (
            [] if own is None else [puzzle.data["maps"][own]]
        )


def at_once(*calls):
    """Run the calls in threads released together (each its own connection); each call's result or exception."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            results[index] = call()
        except Exception as error:  # noqa: BLE001 - the test looks at what each call ended with
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index, call)) for index, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


@pytest.mark.django_db(transaction=True)
def test_two_players_asking_at_once_are_seated_together_never_both_left_waiting():
    puzzle = make_puzzle()
    for attempt in range(3):
        first, second = guest(f"Ana{attempt}")[1], guest(f"Beto{attempt}")[1]

        def ask(player):
            return lambda: pairs.pair_queue_join(player=player, puzzle=puzzle, today=today(), interface_language="es")

        results = at_once(ask(first), ask(second))
        assert not [result for result in results if isinstance(result, Exception)]
        assert sum(isinstance(result, Room) for result in results) == 1 and results.count(None) == 1
        room = next(result for result in results if isinstance(result, Room))
        assert set(room.seats.values_list("player_id", flat=True)) == {first.pk, second.pk}
        assert Room.objects.count() == attempt + 1 and room.matches.get().status == Match.PLAYING


@pytest.mark.django_db
def test_the_day_s_five_lists_the_pair_s_daily_new_then_under_way_then_done_with_its_turns():
    make_puzzle()
    ana_client, ana = guest("Ana")
    beto_client, _beto = guest("Beto")
    assert 'data-testid="daily-card-claves"' in ana_client.get("/daily/").content.decode()

    def claves_entry() -> dict:
        entries = ana_client.get(f"/daily/today.json?today={today().isoformat()}").json()["games"]
        return next(entry for entry in entries if entry["game"] == "claves")

    assert claves_entry()["status"] == "new"
    room = friend_room(ana_client, beto_client)
    assert claves_entry()["status"] == "playing"
    play_to_the_end(start(room, ana_client), seats_of(room.matches.get()))
    assert claves_entry() == {"game": "claves", "variant": "", "status": "finished", "score": "2/9", "streak": 1}


@pytest.mark.parametrize(
    ("result", "shown"),
    [
        ({"won": True, "score": 7, "best": 7, "steps": 2}, "2/9"),
        ({"won": True, "score": 0, "best": 7, "steps": 9}, "9/9"),
        ({"won": False, "score": 0, "best": 7, "steps": 4}, "X/9"),
        ({"won": True, "score": 3, "best": 9, "steps": 8}, "8/11"),
        ({"won": False, "score": 0, "best": 9, "steps": 11}, "X/11"),
    ],
)
def test_a_pair_s_score_is_the_turns_used_of_the_day_s_turns_and_x_when_lost(result, shown):
    assert daily.pair_score(result) == shown


@pytest.mark.django_db
def test_a_daily_match_s_replay_opens_to_nobody_before_its_day_is_over_everywhere():
    """A finished daily match's replay holds both maps and the board: the day's answers. Nobody gets it, not even
    its pair, until the date is over on Earth; then anyone with the link does."""
    make_puzzle()
    ana_client, _ana = guest("Ana")
    beto_client, _beto = guest("Beto")
    stranger = Client()
    room = friend_room(ana_client, beto_client)
    match = start(room, ana_client)
    play_to_the_end(match, seats_of(match))
    words = engine.from_json(Match.objects.get(pk=match.pk).state).words
    for client in (ana_client, beto_client, stranger):
        for url in (f"/m/{match.pk}/", f"/m/{match.pk}/replay.json", f"/m/{match.pk}/share.json"):
            response = client.get(url)
            assert response.status_code == 404, url
            assert not any(word in response.content.decode() for word in words)
    Room.objects.filter(pk=room.pk).update(settings={**room.settings, "daily": "2020-01-01"})  # long over
    assert stranger.get(f"/m/{match.pk}/").status_code == 200


@pytest.mark.django_db
def test_a_pair_s_day_is_shared_as_every_daily_s_with_a_picture_and_sits_in_the_archive():
    puzzle = make_puzzle()
    ana_client, _ana = guest("Ana")
    beto_client, _beto = guest("Beto")
    room = friend_room(ana_client, beto_client)
    match = start(room, ana_client)
    play_to_the_end(match, seats_of(match))
    shown = page(ana_client)
    shared = json.loads(shown.split('id="daily-share" type="application/json">')[1].split("</script>")[0])
    lines = shared["text"].splitlines()
    assert lines[0].endswith(": 2/9") and lines[1] == "\U0001f7e6" * 2 + "\u2b1c" * 7
    assert lines[-1].endswith(f"/daily/claves/?day={today().isoformat()}")
    board_words = puzzle.data["board"]
    assert not any(word in shared["text"] for word in board_words)
    picture = ana_client.get(shared["picture"])
    assert picture.status_code == 200 and picture.content[:4] == b"\x89PNG"


def test_a_pair_s_share_rows_say_turns_used_and_a_lost_day_in_squares():
    assert daily.pair_share_rows({"won": True, "steps": 3, "best": 7}) == ["\U0001f7e6" * 3 + "\u2b1c" * 6]
    assert daily.pair_share_rows({"won": False, "steps": 4, "best": 7}) == [
        "\U0001f7e6" * 3 + "\U0001f7e5" + "\u2b1c" * 5
    ]
