"""Every finished match is kept for its replay (issue 19): its log holds each version's input and the first
state, the archive plays them again through the engine, and each archived frame is exactly the spectator's
view of that version, as it was sent live. Nothing a spectator could not see at the end is in a replay."""

from __future__ import annotations

import heapq
import json
import random

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import Player
from accounts.services import player_create_guest
from games import replay_views
from games.claves import engine as claves
from games.kit.rerun import RerunMismatch
from games.models import Match, MatchArchive, MatchEvent, Room
from games.runtime import archive, matches, rooms, scheduling
from games.runtime.registry import bots_for, engine_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


def spectator_view(match: Match) -> dict:
    engine = engine_for(match.game)
    return engine.view(engine.from_json(match.state), None)


def play_bots(
    game: str, levels: list[str], settings: dict, seed: int = 3, until=lambda match: match.status != Match.PLAYING
) -> tuple[Match, dict[int, dict]]:
    """A bot-only match through the real services on a virtual clock (as manage.py selfplay does), played
    `until` it ends (or what `until` says), and what a spectator saw at each version."""
    rng = random.Random(seed)
    host = player_create_guest(nickname=f"Lucia{seed}")
    room = rooms.room_create(
        game=game, host=host, seats=len(levels), interface_language="es", settings=settings, host_seated=False
    )
    for index, level in enumerate(levels):
        rooms.room_seat_set(room=room, by=host, index=index, bot_level=level)
    now = timezone.now()
    match = (
        matches.match_start(room=room, by=host, now=now)
        if game != "torneo"
        else matches.match_start(room=room, by=None, now=now)
    )
    seen = {match.version: spectator_view(match)}
    engine, bots = engine_for(game), bots_for(game)
    pending: list[tuple] = []
    planned: set[tuple] = set()
    for _step in range(3000):
        if until(match):
            break
        state = engine.from_json(match.state)
        for seat, level in enumerate(levels):
            turn = bots.bot_turn(state, seat)
            if turn is not None and (seat, turn) not in planned:
                planned.add((seat, turn))
                heapq.heappush(pending, (now + timezone.timedelta(seconds=bots.think_seconds(level, rng)), seat, turn))
        if pending and (match.deadline is None or pending[0][0] < match.deadline):
            now, seat, turn = heapq.heappop(pending)
            matches.match_bot_move(match_id=match.pk, seat=seat, turn=turn, now=now)
        else:
            now = match.deadline
            matches.match_advance(match_id=match.pk, now=now)
        match.refresh_from_db()
        seen[match.version] = spectator_view(match)
    assert until(match)
    return match, seen


def play_claves() -> tuple[Match, dict[int, dict]]:
    """A short Claves game between two guests: a clue, a right guess, the turn ended, a clue, the trap."""
    host = player_create_guest(nickname="Ana")
    partner = player_create_guest(nickname="Beto")
    room = rooms.room_create(
        game="claves", host=host, seats=2, interface_language="es", settings={"level": "familiar", "turns": 9}
    )
    rooms.room_join(room=room, player=partner)
    match = matches.match_start(room=room, by=host, now=timezone.now())
    seen = {match.version: spectator_view(match)}
    people = {0: host, 1: partner}

    def act(seat: int, action: dict) -> None:
        matches.match_act(match_id=match.pk, player=people[seat], action=action)
        match.refresh_from_db()
        seen[match.version] = spectator_view(match)

    for _turn in range(2):
        state = claves.from_json(match.state)
        giver = state.giver
        act(giver, {"type": "clue", "word": "zumbido", "number": 1})
        state = claves.from_json(match.state)
        key = next(
            (cell for cell, kind in enumerate(state.maps[giver]) if kind == claves.KEY and cell not in state.uncovered),
            None,
        )
        trap = next(
            cell for cell, kind in enumerate(state.maps[giver]) if kind == claves.TRAP and cell not in state.uncovered
        )
        act(1 - giver, {"type": "guess", "cell": key if _turn == 0 else trap})
        if match.status == Match.FINISHED:
            break
        if claves.from_json(match.state).phase == claves.GUESS:
            act(1 - giver, {"type": "end_turn"})
    assert match.status == Match.FINISHED
    return match, seen


GAMES = {
    "duelo": lambda: play_bots(
        "duelo", ["easy", "hard", "medium"], {"language": "es", "rounds": 1, "round_seconds": 60}
    ),
    "wordgrid": lambda: play_bots("wordgrid", ["medium", "hard"], {}),
    "cruzadas": lambda: play_bots("cruzadas", ["hard", "hard"], {"language": "tr"}),
    "torneo": lambda: play_bots("torneo", ["hard"] * 8, {"language": "es", "rated": False}),
    "claves": play_claves,
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_match_replays_every_version_exactly_as_a_spectator_saw_it(game):
    match, seen = GAMES[game]()
    kept = archive.archive_build(match.pk)
    assert kept is not None and kept.problem == ""
    versions = [frame["v"] for frame in kept.frames]
    assert versions == list(range(versions[0], match.version + 1))  # every version, in order, none twice
    for frame in kept.frames:
        if frame["v"] in seen:
            assert frame["view"] == seen[frame["v"]], f"version {frame['v']}"
    assert kept.frames[-1]["view"] == spectator_view(match)
    assert archive.archive_build(match.pk).pk == kept.pk and MatchArchive.objects.count() == 1  # built once

    page = Client().get(f"/m/{match.pk}/")
    assert page.status_code == 200 and "data-replay-url" in page.content.decode()
    # The replay says which dictionary (and which version of it) the match was played with.
    played_with = replay_views.dictionaries(match)
    assert played_with and all(version for _slug, version in played_with)
    for slug, version in played_with:
        assert f'href="/words/{slug}/"' in page.content.decode() and version in page.content.decode()
    data = Client().get(f"/m/{match.pk}/replay.json").json()
    assert [frame["v"] for frame in data["frames"]] == versions
    assert data["room"]["room"]["you"]["spectator"] is True


def test_a_duelo_replay_shows_every_guess_once_the_match_is_over_and_a_match_still_played_shows_none():
    """Issue 33: after the end a replay shows every word of every player (the end reveals them), each from the
    frame in which it was played; the archive keeps what spectators saw (colours), and a match still being played
    has no replay at all, so nothing of its guesses leaves the server."""
    live, _seen = play_bots(
        "duelo",
        ["easy", "medium"],
        {"language": "es", "rounds": 3, "round_seconds": 60},
        seed=11,
        until=lambda match: MatchEvent.objects.filter(match=match, kind="guessed").count() >= 3,
    )
    assert live.status == Match.PLAYING
    assert Client().get(f"/m/{live.pk}/replay.json").status_code == 404
    page = Client().get(f"/m/{live.pk}/").content.decode()
    assert 'data-testid="replay-live"' in page and "js/replay.js" not in page  # no frames to play, nor asked for
    assert not MatchArchive.objects.filter(match=live).exists()
    match, _seen = play_bots("duelo", ["easy", "medium"], {"language": "es", "rounds": 3, "round_seconds": 60}, seed=11)
    data = Client().get(f"/m/{match.pk}/replay.json").json()
    guesses = MatchEvent.objects.filter(match=match, kind="guessed").values_list("version", "data")
    frames = {frame["v"]: frame["view"] for frame in data["frames"]}
    for version, event in guesses:
        rows = frames[version]["seats"][event["seat"]]["rows"]
        assert "".join(rows[-1]["letters"]) == event["word"]  # shown from the frame of the guess on
    # The archive itself keeps each moment as a spectator saw it: colours, never a letter.
    kept = MatchArchive.objects.get(match=match)
    assert all("letters" not in row for frame in kept.frames for seat in frame["view"]["seats"] for row in seat["rows"])
    assert data["room"]["room"]["replay"] is True
    # A round's hidden word, as the card shows it, appears only from the frame in which that round ended.
    ended = {
        event["round"]: event["at"]
        for event in MatchEvent.objects.filter(match=match, kind="round_ended").values_list("data", flat=True)
    }
    for frame in data["frames"]:
        hidden = frame["view"]["hidden"]
        if hidden is not None:
            assert frame["at"] >= ended[frame["view"]["round"]]


def test_a_claves_replay_shows_no_map_until_the_end_and_both_maps_after_it():
    match, _seen = play_claves()
    data = Client().get(f"/m/{match.pk}/replay.json").json()
    *before, last = data["frames"]
    assert all(
        frame["view"]["maps"] is None and all(cell["mine"] is None for cell in frame["view"]["board"])
        for frame in before
    )
    assert last["view"]["maps"] == [list(row) for row in claves.from_json(match.state).maps]


def test_a_match_whose_log_does_not_lead_to_its_state_gets_no_replay_and_says_why():
    match, _seen = play_bots("wordgrid", ["easy", "easy"], {}, seed=5)
    # An input lost from the log (or a rule changed since): playing again cannot reach the stored state.
    MatchEvent.objects.filter(match=match, kind="input").order_by("-id").first().delete()
    kept = archive.archive_build(match.pk)
    assert kept.frames == [] and kept.problem
    page = Client().get(f"/m/{match.pk}/")
    assert page.status_code == 200 and 'data-testid="replay-missing"' in page.content.decode()
    assert Client().get(f"/m/{match.pk}/replay.json").status_code == 404
    with pytest.raises(RerunMismatch):
        archive.match_steps(match)


def test_a_match_still_playing_links_to_its_room_and_an_unknown_one_is_not_found():
    host = player_create_guest(nickname="Lucia")
    room = rooms.room_create(
        game="wordgrid", host=host, seats=2, interface_language="es", settings={}, bot_level="easy"
    )
    match = matches.match_start(room=room, by=host, now=timezone.now())
    page = Client().get(f"/m/{match.pk}/").content.decode()
    # Listed among the live games (so its code is no secret): the lobby's own way in, a button (a POST).
    assert 'data-testid="replay-live"' in page and f'action="/r/{room.code}/watch/"' in page
    rooms.room_privacy_set(room=room, by=host, private=True)
    page = Client().get(f"/m/{match.pk}/").content.decode()
    assert 'data-testid="replay-live"' in page and room.code not in page  # private: nothing to watch it by
    assert archive.archive_build(match.pk) is None and not MatchArchive.objects.exists()
    assert Client().get(f"/m/{match.pk}/replay.json").status_code == 404
    assert Client().get("/m/999999/").status_code == 404


def test_the_end_of_a_match_sends_the_archive_task_and_the_sweeper_sends_it_again_when_it_is_missing(
    tasks, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match, _seen = play_bots("wordgrid", ["easy", "easy"], {}, seed=6)
    assert [sent for sent in tasks if sent[0] == archive.ARCHIVE_MATCH] == [(archive.ARCHIVE_MATCH, (match.pk,))]
    tasks.clear()
    Match.objects.filter(pk=match.pk).update(finished_at=timezone.now() - timezone.timedelta(minutes=2))
    from games.tasks import _archive_unarchived

    assert _archive_unarchived(timezone.now()) == 0 and tasks == []  # coalesced: the task sent is on its way
    scheduling.batch_done(archive.archive_key(match.pk))  # it ran without making one (or its mark expired)
    assert _archive_unarchived(timezone.now()) == 1 and tasks == [(archive.ARCHIVE_MATCH, (match.pk,))]
    archive.archive_build(match.pk)
    archive.archive_analyse(match.pk)
    scheduling.batch_done(archive.archive_key(match.pk))
    tasks.clear()
    assert _archive_unarchived(timezone.now()) == 0 and tasks == []


def test_rooms_and_players_stay_unknown_to_a_replay_nothing_but_nicknames():
    match, _seen = play_claves()
    Player.objects.filter(nickname="Ana").update(signup_ip="10.1.2.3")
    text = (
        Client().get(f"/m/{match.pk}/").content.decode() + Client().get(f"/m/{match.pk}/replay.json").content.decode()
    )
    assert "Ana" in text and "Beto" in text and "10.1.2.3" not in text and "@" not in text
    assert Room.objects.get(pk=match.room_id).code not in text  # a room's code is an invitation (issue 31)


def test_a_replay_gives_away_no_room_code_and_names_no_player_who_hid_their_page():
    """The attacker's steps of issue 31: replays are public and match ids sequential; walking them used to
    collect the room code of every match, private and live ones included (25 in half a second), then press a
    private room's invitation and watch it. And a player who hid their page was still named on them."""
    match, _seen = play_claves()
    room = Room.objects.get(pk=match.room_id)
    room.is_private = True
    room.save()
    Player.objects.filter(nickname="Beto").update(page_hidden=True)
    for path in (f"/m/{match.pk}/", f"/m/{match.pk}/replay.json"):
        text = Client().get(path).content.decode()
        assert room.code not in text and room.code.lower() not in text
        assert "Beto" not in text and "Ana" in text


def test_a_duelo_replay_shows_the_analysis_of_each_guess_in_the_pages_language_once_it_is_made():
    match, _seen = play_bots("duelo", ["easy", "medium"], {"language": "es", "rounds": 1, "round_seconds": 60}, seed=8)
    before = Client().get(f"/m/{match.pk}/replay.json").json()
    assert before["analysed"] is False and before["analysable"] is True
    assert all(frame["notes"] == [] for frame in before["frames"])
    assert archive.archive_analyse(match.pk) is True
    assert archive.archive_analyse(match.pk) is False  # made once
    data = Client().get(f"/m/{match.pk}/replay.json", HTTP_ACCEPT_LANGUAGE="es").json()
    kept = MatchArchive.objects.get(pk=match.pk).frames
    guesses = [
        frame
        for frame, stored in zip(data["frames"], kept, strict=True)
        if stored["input"] and stored["input"]["kind"] == "act"
    ]
    assert guesses and all(frame["notes"] for frame in guesses)
    assert any("palabras" in note for frame in guesses for note in frame["notes"])
    assert data["analysed"] is True and data["summary"]


def test_a_rounds_analysis_is_made_when_it_ends_and_told_only_then(tasks, django_capture_on_commit_callbacks):
    def first_round_over(match):
        return MatchEvent.objects.filter(match=match, kind="round_ended").exists()

    with django_capture_on_commit_callbacks(execute=True):
        match, _seen = play_bots(
            "duelo",
            ["easy", "hard"],
            {"language": "es", "rounds": 3, "round_seconds": 60},
            seed=4,
            until=first_round_over,
        )
    assert match.status == Match.PLAYING
    assert (archive.ROUND_ANALYSIS, (match.pk, 1)) in tasks  # to the batch lane, when the round ended
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    assert client.get(f"/m/{match.pk}/rounds/2/analysis.json").status_code == 404  # not played yet
    pending = client.get(f"/m/{match.pk}/rounds/1/analysis.json")
    assert pending.status_code == 202 and pending.json() == {"round": 1, "pending": True, "seats": []}
    from games.tasks import round_analysis

    assert round_analysis(match.pk, 1) is True  # the batch worker makes it
    data = client.get(f"/m/{match.pk}/rounds/1/analysis.json").json()
    assert [seat["seat"] for seat in data["seats"]] == [0, 1]
    assert all(seat["notes"] for seat in data["seats"])
    assert any("intento" in note for seat in data["seats"] for note in seat["notes"])
    # A guess of the round after it is never in it (nothing of a round is told before it ends).
    played = {e["word"] for e in MatchEvent.objects.filter(match=match, kind="guessed").values_list("data", flat=True)}
    hidden = engine_for("duelo").from_json(match.state).rounds[0].shown
    text = json.dumps(data, ensure_ascii=False)
    assert all(f" {word} " not in text and f"{word}." not in text for word in played if word != hidden)
    assert client.get(f"/m/{match.pk}/rounds/1/analysis.json").json() == data  # from the cache the second time


def test_a_torneo_rounds_analysis_has_each_players_notes_once_the_round_is_over():
    def first_round_over(match):
        return MatchEvent.objects.filter(match=match, kind="round_ended").exists()

    match, _seen = play_bots("torneo", ["hard"] * 8, {"language": "es", "rated": False}, seed=9, until=first_round_over)
    assert archive.round_analysis(match.pk, 1) is not None  # what the batch task does at the round's end
    data = Client(HTTP_ACCEPT_LANGUAGE="es").get(f"/m/{match.pk}/rounds/1/analysis.json").json()
    assert sorted(seat["seat"] for seat in data["seats"]) == list(range(8))  # eight players: four duels, no bye
    assert all(seat["notes"] for seat in data["seats"])
    assert Client().get(f"/m/{match.pk}/rounds/2/analysis.json").status_code == 404


def test_asking_again_and_again_for_a_live_rounds_analysis_computes_nothing(monkeypatch):
    """The attacker's loop of issue 31: a live round's analysis asked without end, without logging in. Each
    request used to replay and analyse the whole match first (229 ms of CPU) before answering 404; now a
    request only reads what the batch lane made once, and asks it for nothing while the round is played."""

    def first_round_over(match):
        return MatchEvent.objects.filter(match=match, kind="round_ended").exists()

    match, _seen = play_bots(
        "duelo", ["easy", "hard"], {"language": "es", "rounds": 3, "round_seconds": 60}, seed=4, until=first_round_over
    )

    def no_analysis(*args, **kwargs):
        raise AssertionError("a page request ran an analysis")

    monkeypatch.setattr(archive, "match_steps", no_analysis)
    sent = []
    monkeypatch.setattr(scheduling, "enqueue", lambda task, args, **options: sent.append((task, args)))
    client = Client()
    for _ in range(20):
        assert client.get(f"/m/{match.pk}/rounds/2/analysis.json").status_code == 404  # being played
        assert client.get(f"/m/{match.pk}/rounds/1/analysis.json").status_code == 202  # ended, being made
    assert sent == [(archive.ROUND_ANALYSIS, (match.pk, 1))]  # the ended round asked of the batch lane once


@pytest.mark.parametrize("seed", [31, 32, 33])
def test_no_replay_nor_live_spectator_frame_holds_a_rack_before_the_end_or_a_duel_word_before_it_ends(seed):
    from games.runtime.views import match_frames

    def halfway(match):
        return match.status != Match.PLAYING or len(match.state.get("history", [])) >= 6

    # Letras Cruzadas: a live spectator's frame halfway, then the finished match's replay.
    live, _seen = play_bots("cruzadas", ["hard", "easy"], {"language": "tr"}, seed=seed, until=halfway)
    if live.status == Match.PLAYING:
        frame = json.loads(match_frames(live)["spectator"])
        assert frame["view"]["rack"] is None and frame["view"]["final_racks"] is None
        assert "bag" not in frame["view"]
    match, _seen = play_bots("cruzadas", ["hard", "easy"], {"language": "tr"}, seed=seed)
    data = Client().get(f"/m/{match.pk}/replay.json").json()
    *before, last = data["frames"]
    assert all(frame["view"]["rack"] is None and frame["view"]["final_racks"] is None for frame in before)
    assert all("bag" not in frame["view"] for frame in data["frames"])
    assert last["view"]["final_racks"] == [list(rack) for rack in engine_for("cruzadas").from_json(match.state).racks]

    # Torneo: a duel's word is in no frame before the frame in which that duel ended.
    match, _seen = play_bots("torneo", ["hard"] * 8, {"language": "es", "rated": False}, seed=seed)
    data = Client().get(f"/m/{match.pk}/replay.json").json()
    ended = {}
    for version, event in MatchEvent.objects.filter(match=match, kind="duel_ended").values_list("version", "data"):
        ended.setdefault(event["hidden"], version)
    assert ended and None not in ended
    for word, version in ended.items():
        # The word as its duel's hidden word (a player may well have guessed the same word in another duel, and a
        # Torneo spectator sees the guesses); shown once the duel is over, so its absence before means something.
        revealed = f'{{"word": "{word}", '
        assert any(revealed in json.dumps(f["view"], ensure_ascii=False) for f in data["frames"] if f["v"] >= version)
        for frame in data["frames"]:
            if frame["v"] < version:
                assert revealed not in json.dumps(frame["view"], ensure_ascii=False), (word, frame["v"])


def test_the_eight_bots_of_a_torneo_table_go_by_eight_names_in_the_replay():
    match, _seen = play_bots("torneo", ["hard"] * 8, {"language": "es", "rated": False}, seed=12)
    seats = Client().get(f"/m/{match.pk}/replay.json").json()["room"]["room"]["seats"]
    assert len({seat["nickname"] for seat in seats}) == 8


def test_the_analysed_games_and_those_with_round_cards_are_found_in_their_folders():
    """No list in the runtime names them: a game with an analysis.py is analysed, one whose analysis has
    `analyse_round` gets a card at each round's end."""
    assert set(archive.analysed_games()) == {"duelo", "torneo", "wordgrid", "cruzadas"}
    assert set(archive.round_games()) == {"duelo", "torneo"}
