"""A player's public page, /p/<nickname>-<tag>/ (issue 19; docs/player-page.md): their games per game type,
newest first, filtered and paginated, each with a link to its replay; the statistics a player of each game
wants; a page its owner can hide; nicknames only, never an e-mail address."""

from __future__ import annotations

import itertools
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from accounts.models import Player
from accounts.selectors import GUEST_SESSION_KEY
from accounts.services import player_create_for_user, player_create_guest
from games.claves.stats import partners as partner_records
from games.cruzadas.stats import moves as cruzadas_moves
from games.cruzadas.stats import words as cruzadas_words
from games.duelo.stats import guesses as duelo_guesses
from games.models import Match, MatchResult, Room
from games.runtime.player_statistics import player_statistics
from games.runtime.statistics import Best, Played, best_of, distribution, game_statistics, streaks, win_rate
from games.torneo.stats import guesses as torneo_guesses
from games.wordgrid.stats import words as wordgrid_words
from tests.conftest import PASSWORD

T0 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


# -- the statistics, as tables ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "current", "best"),
    [
        ([], 0, 0),
        ([False], 0, 0),
        ([True], 1, 1),
        ([True, True, False, True], 1, 2),
        ([False, True, True, True], 3, 3),
        ([True, True, True, False], 0, 3),
        ([True, False, True, True, False, True, True, True, True], 4, 4),
    ],
)
def test_streaks_count_wins_in_a_row_oldest_first(wins, current, best):
    assert streaks(wins) == (current, best)


@pytest.mark.parametrize(("played", "won", "rate"), [(0, 0, 0), (3, 1, 33), (3, 2, 67), (4, 4, 100), (7, 0, 0)])
def test_win_rate_in_whole_percent(played, won, rate):
    assert win_rate(played, won) == rate


def test_duelo_guess_distribution_counts_each_round_by_its_guesses_or_as_unsolved():
    rounds = [
        {"round": 1, "solved": True, "guesses": 3},
        {"round": 2, "solved": False, "guesses": 6},
        {"round": 3, "solved": True, "guesses": 1},
        {"round": 4, "solved": True, "guesses": 3},
    ]
    assert duelo_guesses(rounds) == ["3", "x", "1", "3"]
    assert distribution(duelo_guesses(rounds)) == {"1": 1, "2": 0, "3": 2, "4": 0, "5": 0, "6": 0, "x": 1}


def duel(seats, rows, winner, end):
    return {"seats": seats, "rows": [{"seat": s} for s in rows], "winner": winner, "end": end}


def test_torneo_guesses_count_the_players_own_turns_in_each_duel_they_played():
    rounds = [
        {"duels": [duel([2, 5], [2, 5, 2, 5, 2], 2, "solved"), duel([0, 1], [0, 1], 1, "solved")]},
        {"duels": [duel([5, 2], [5, 2, 5, 2], 2, "solved")]},  # seat 2's second turn solved it
        {"duels": [duel([2, 0], [2, 0, 2], 0, "solved")]},  # lost: the rival solved it
        {"duels": [duel([2, 3], [2, 3] * 6, None, "draw")]},
        {"duels": [duel([2, 4], [2], 4, "forfeit")]},  # someone left: nothing to say about guessing
    ]
    assert torneo_guesses(rounds, 2) == ["3", "2", "x", "x"]
    assert torneo_guesses(rounds, 1) == ["1"]
    assert torneo_guesses(rounds, 7) == []
    assert torneo_guesses(None, 2) == []


def test_wordgrid_words_score_their_length_for_the_seat_that_played_them():
    plays = [{"seat": 0, "word": "casa"}, {"seat": 1, "word": "perros"}, {"seat": 0, "word": "amigos"}]
    assert wordgrid_words(plays, 0) == [("casa", 4), ("amigos", 6)]
    assert wordgrid_words(plays, 1) == [("perros", 6)]


CRUZADAS_HISTORY = [
    {
        "seat": 0,
        "kind": "place",
        "words": ["SOL", "OS"],
        "points": 14,
        "breakdown": [
            {"kind": "word", "word": "SOL", "points": 9},
            {"kind": "word", "word": "OS", "points": 5},
        ],
    },
    {
        "seat": 1,
        "kind": "place",
        "words": ["ZORRO"],
        "points": 40,
        "breakdown": [{"kind": "word", "word": "ZORRO", "points": 40}],
    },
    {"seat": 0, "kind": "pass", "words": [], "points": 0, "breakdown": []},
    {
        "seat": 0,
        "kind": "place",
        "words": ["MAR", "AS"],
        "points": 71,
        "breakdown": [
            {"kind": "word", "word": "MAR", "points": 12},
            {"kind": "word", "word": "AS", "points": 9},
            {"kind": "bingo", "points": 50},
        ],
    },
]


def test_cruzadas_best_word_is_a_words_own_points_and_best_move_the_turns_total():
    assert cruzadas_words(CRUZADAS_HISTORY, 0) == [("SOL", 9), ("OS", 5), ("MAR", 12), ("AS", 9)]
    assert cruzadas_moves(CRUZADAS_HISTORY, 0) == [("SOL + OS", 14), ("MAR + AS", 71)]
    assert best_of([(w, p, 7) for w, p in cruzadas_words(CRUZADAS_HISTORY, 0)]) == Best("MAR", 12, 7)


def test_best_of_keeps_the_first_on_a_tie():
    assert best_of([("uno", 5, 1), ("dos", 5, 2), ("tres", 4, 3)]) == Best("uno", 5, 1)
    assert best_of([]) is None


def played(n, game, won, *, seat=0, points=0, draw=False, rounds=(), lineup=(), record=None):
    return Played(
        match_id=n,
        game=game,
        seat=seat,
        won=won,
        points=points,
        finished_at=T0 + timedelta(hours=n),
        draw=draw,
        details={"rounds": rounds} if rounds else {},
        lineup=lineup,
        record=record,
    )


def test_claves_record_with_partners_counts_games_and_wins_together_most_played_first():
    ana, beto = {"player": 10, "bot": ""}, {"player": 11, "bot": ""}
    me = {"player": 1, "bot": ""}
    games = [
        played(1, "claves", True, seat=0, lineup=[me, ana]),
        played(2, "claves", False, seat=1, lineup=[beto, me]),
        played(3, "claves", True, seat=1, lineup=[ana, me]),
        played(4, "claves", False, seat=0, lineup=[me, ana]),
        played(5, "claves", True, seat=0, lineup=[me, {"player": None, "bot": "easy"}]),
    ]
    records = partner_records(games, {10: ("Ana", "0001"), 11: ("Beto", "0002")})
    assert [(p.name, p.tag, p.played, p.won) for p in records] == [
        ("Ana", "0001", 3, 2),
        ("Bip", "", 1, 1),  # a bot in seat 1 is called Bip at the table too
        ("Beto", "0002", 1, 0),
    ]


def test_game_statistics_of_wordgrid_average_best_word_win_rate_and_streaks():
    plays_1 = [{"seat": 0, "word": "casa"}, {"seat": 1, "word": "perros"}, {"seat": 0, "word": "amigo"}]
    plays_2 = [{"seat": 1, "word": "sol"}, {"seat": 1, "word": "estrellas"}, {"seat": 0, "word": "luna"}]
    stats = game_statistics(
        "wordgrid",
        [
            played(1, "wordgrid", True, seat=0, points=9, record=plays_1),
            played(2, "wordgrid", True, seat=1, points=12, record=plays_2),
            played(3, "wordgrid", False, seat=0, points=10, draw=True),
        ],
    )
    assert (stats.played, stats.won, stats.drawn, stats.lost, stats.win_rate) == (3, 2, 1, 0, 67)
    assert (stats.current_streak, stats.best_streak) == (0, 2)
    assert stats.figures == {"average_score": 10.3, "best_word": Best("estrellas", 9, 2)}  # its best move too


# -- the page ---------------------------------------------------------------------------------------------

_codes = itertools.count(1)


def member(nickname: str, email: str):
    user = get_user_model().objects.create_user(username=nickname.lower(), email=email, password=PASSWORD)
    return player_create_for_user(user=user, nickname=nickname)


def finish(game, people, *, hours, won=(), places=None, points=None, totals=None, state=None, details=None, draw=False):
    """A finished match of `game` with `people` (Players, or a bot level string) in seat order, and a result for
    every person, as games.runtime.matches records them."""
    host = next(p for p in people if isinstance(p, Player))
    room = Room.objects.create(game=game, code=f"PP{next(_codes):08d}", host=host)
    lineup = [{"player": p.pk, "bot": ""} if isinstance(p, Player) else {"player": None, "bot": p} for p in people]
    at = T0 + timedelta(hours=hours)
    places = places or [1 if seat in won else 2 for seat in range(len(people))]
    outcome = {"winners": list(won), "places": places, "stopped": None, "draw": draw}
    if totals is not None:
        outcome["totals"] = totals
    match = Match.objects.create(
        room=room,
        game=game,
        number=1,
        state=state or {},
        lineup=lineup,
        status=Match.FINISHED,
        finished_at=at,
        outcome=outcome,
    )
    for seat, person in enumerate(people):
        if isinstance(person, Player):
            MatchResult.objects.create(
                match=match,
                player=person,
                game=game,
                seat=seat,
                place=places[seat],
                won=seat in won,
                points=(points or totals or [0] * len(people))[seat],
                details={"seats": len(people), "draw": draw, "stopped": None, **((details or {}).get(seat, {}))},
                finished_at=at,
            )
    return match


def main_part(html: str) -> str:
    return html[html.index("<main") : html.index("</main>")]


def page(client, player, **params):
    return client.get(player.get_absolute_url(), params)


@pytest.fixture
def lucia(db):
    return member("Lucía Pérez", "lucia.secret@example.com")


@pytest.fixture
def rival(db):
    return member("Marco-Polo", "marco.hidden@example.com")


@pytest.mark.django_db
def test_the_url_names_nickname_and_tag_and_finds_the_player_whatever_the_case_and_accents(lucia, rival):
    assert lucia.get_absolute_url() == f"/p/Luc%C3%ADa%20P%C3%A9rez-{lucia.tag}/"
    assert rival.get_absolute_url() == f"/p/Marco-Polo-{rival.tag}/"  # a dash in the nickname is fine
    client = Client()
    response = page(client, lucia)
    assert response.status_code == 200
    assert "Lucía Pérez" in response.content.decode()
    assert page(client, rival).status_code == 200
    # Typed by hand without accents or capitals: the same page, at its own address.
    response = client.get(f"/p/lucia perez-{lucia.tag}/", {"game": "duelo"})
    assert response.status_code == 302
    assert response["Location"] == lucia.get_absolute_url() + "?game=duelo"


@pytest.mark.django_db
def test_an_unknown_player_gets_a_clear_not_found_page(lucia):
    client = Client()
    other_tag = "0000" if lucia.tag != "0000" else "0001"
    for url in (f"/p/Lucía Pérez-{other_tag}/", "/p/Nadie-1234/", "/p/sin-etiqueta/", f"/p/{lucia.tag}/"):
        response = client.get(url)
        assert response.status_code == 404, url
        assert "Jugador no encontrado" in response.content.decode()


@pytest.mark.django_db
def test_the_games_list_newest_first_with_rivals_nicknames_results_and_replay_links_never_emails(lucia, rival):
    duelo = finish(
        "duelo",
        [lucia, rival, "easy"],
        hours=1,
        won=[1],
        places=[2, 1, 3],
        totals=[30, 45, 10],
        details={0: {"rounds": [{"solved": True, "guesses": 4}]}},
    )
    grid = finish("wordgrid", [rival, lucia], hours=2, won=[1], totals=[20, 31])
    client = Client()
    html = page(client, lucia).content.decode()
    rows = re.findall(r'data-testid="match-row" data-game="(\w+)"', html)
    assert rows == ["wordgrid", "duelo"]  # newest first
    assert "Puesto 2 de 3" in html and "Ganada" in html and "31–20" in html
    assert reverse("match_replay", args=[grid.pk]) in html and reverse("match_replay", args=[duelo.pk]) in html
    assert rival.get_absolute_url() in html  # the rival's name leads to their page
    assert "Cactus" in html  # the bot in seat 2, by the name it had at the table
    for secret in ("lucia.secret", "marco.hidden", "example.com"):
        assert secret not in html


@pytest.mark.django_db
def test_the_list_filters_by_game_and_pages_twenty_at_a_time(lucia, rival):
    for hour in range(23):
        finish("wordgrid", [lucia, rival], hours=hour, won=[0] if hour % 2 else [1], totals=[hour, 10])
    finish("duelo", [lucia, rival], hours=30, won=[0], totals=[50, 40])
    client = Client()
    html = page(client, lucia).content.decode()
    assert html.count('data-testid="match-row"') == 20
    assert "Página 1 de 2" in html
    assert re.findall(r'data-testid="match-row" data-game="(\w+)"', html)[0] == "duelo"
    second = page(client, lucia, page=2).content.decode()
    assert second.count('data-testid="match-row"') == 4
    only_grid = page(client, lucia, game="wordgrid").content.decode()
    assert set(re.findall(r'data-testid="match-row" data-game="(\w+)"', only_grid)) == {"wordgrid"}
    assert 'aria-current="page" data-game="wordgrid"' in only_grid
    assert 'data-testid="stats-duelo"' not in only_grid and 'data-testid="stats-wordgrid"' in only_grid
    last = page(client, lucia, game="wordgrid", page=2).content.decode()
    # the oldest games on the last page: 0-2 points, in order
    assert re.findall(r'class="score">(\d+)–10<', last) == ["2", "1", "0"]
    # A game the player never played, or none at all, lists everything.
    assert page(client, lucia, game="claves").content.decode().count('data-testid="match-row"') == 20


@pytest.mark.django_db
def test_statistics_on_the_page_from_the_stored_results_and_match_states(lucia, rival):
    rounds = [{"solved": True, "guesses": 2}, {"solved": True, "guesses": 2}, {"solved": False, "guesses": 6}]
    finish("duelo", [lucia, rival], hours=1, won=[0], totals=[60, 20], details={0: {"rounds": rounds}})
    finish("duelo", [rival, lucia], hours=2, won=[1], totals=[10, 30], details={1: {"rounds": rounds[:1]}})
    history = CRUZADAS_HISTORY
    finish("cruzadas", [lucia, rival], hours=3, won=[0], totals=[300, 250], state={"history": history})
    finish("claves", [lucia, rival], hours=4, won=[0, 1], places=[1, 1], totals=[3, 3])
    finish("claves", [rival, lucia], hours=5, won=[], places=[2, 2], totals=[0, 0])

    stats = {s.game: s for s in player_statistics(lucia)}
    assert list(stats) == ["duelo", "cruzadas", "claves"]  # the catalogue's order, games played only
    assert stats["duelo"].figures["distribution"] == {"1": 0, "2": 3, "3": 0, "4": 0, "5": 0, "6": 0, "x": 1}
    assert (stats["duelo"].win_rate, stats["duelo"].current_streak, stats["duelo"].best_streak) == (100, 2, 2)
    assert stats["cruzadas"].figures["average_score"] == 300.0
    cruzadas = stats["cruzadas"].figures
    assert cruzadas["best_word"].text == "MAR" and cruzadas["best_move"].points == 71
    assert [(p.name, p.played, p.won) for p in stats["claves"].figures["partners"]] == [("Marco-Polo", 2, 1)]
    assert player_statistics(rival)[1].figures["best_word"].text == "ZORRO"  # the same match, from the other seat

    html = page(Client(), lucia).content.decode()
    assert 'data-bucket="2"><span class="bar-label">2</span>' in html
    assert "MAR + AS" in html and "71 puntos" in html
    assert 'data-stat="partners"' in html and "Marco-Polo" in html


@pytest.mark.django_db
def test_a_hidden_page_is_not_found_for_everyone_but_its_owner(lucia, rival):
    owner = Client()
    owner.force_login(lucia.user)
    response = owner.post(reverse("page_visibility"), {"hidden": "on"})
    assert response.status_code == 302
    lucia.refresh_from_db()
    assert lucia.page_hidden
    assert re.search(
        r"<input type=\"checkbox\" name=\"hidden\"[^>]*checked", owner.get(reverse("profile")).content.decode()
    )

    stranger = Client()
    hidden = page(stranger, lucia)
    assert hidden.status_code == 404
    unknown = stranger.get("/p/Nadie-1234/")
    # A hidden page does not even say the player exists: the same page as nobody's.
    assert main_part(hidden.content.decode()) == main_part(unknown.content.decode())
    other = Client()
    other.force_login(rival.user)
    assert page(other, lucia).status_code == 404

    mine = page(owner, lucia)
    assert mine.status_code == 200
    assert "Tu página está oculta" in mine.content.decode()

    # Others' lists still name her (she played them), but lead nowhere.
    finish("wordgrid", [lucia, rival], hours=1, won=[0], totals=[20, 10])
    rival_page = page(stranger, rival).content.decode()
    assert "Lucía Pérez" in rival_page and lucia.get_absolute_url() not in rival_page

    owner.post(reverse("page_visibility"), {})  # unticked: shown again
    assert page(stranger, lucia).status_code == 200


@pytest.mark.django_db
def test_a_guest_has_a_public_page_and_can_hide_it(rival):
    guest = player_create_guest(nickname="Invitada")
    finish("wordgrid", [guest, rival], hours=1, won=[1], totals=[12, 30])
    stranger = Client()
    response = page(stranger, guest)
    html = response.content.decode()
    assert response.status_code == 200 and "Invitada" in html and "Invitado" in html
    assert "Perdida" in html and "12–30" in html

    browser = Client()
    session = browser.session
    session[GUEST_SESSION_KEY] = guest.pk
    session.save()
    profile = browser.get(reverse("profile")).content.decode()
    assert guest.get_absolute_url() in profile  # "your public page"
    browser.post(reverse("page_visibility"), {"hidden": "on"})
    assert page(stranger, guest).status_code == 404
    assert page(browser, guest).status_code == 200


@pytest.mark.django_db
def test_a_player_without_games_has_a_page_that_says_so(lucia):
    html = page(Client(), lucia).content.decode()
    assert 'data-testid="no-games"' in html and 'data-testid="game-filter"' not in html


# -- the statistics read what the engines really store --------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["wordgrid", "cruzadas", "torneo"])
def test_the_statistics_read_the_states_the_games_really_store(game):
    """A bot-only match played through the real services: the words and duels the statistics find in its
    stored state are the ones its outcome names."""
    from games.runtime import scheduling
    from tests.games.test_match_archive import GAMES

    with scheduling.timers_disabled():
        match, _seen = GAMES[game]()
    outcome = match.outcome
    if game == "wordgrid":
        for seat in (0, 1):
            words = wordgrid_words(match.state["plays"], seat)
            assert [w for w, _p in words] == outcome["seats"][seat]["words"]
            assert words and sum(p for _w, p in words) == outcome["totals"][seat]
    elif game == "cruzadas":
        placed = 0
        for seat in (0, 1):
            moves = cruzadas_moves(match.state["history"], seat)
            assert [m.split(" + ")[0] for m, _p in moves] == outcome["seats"][seat]["words"]
            words = cruzadas_words(match.state["history"], seat)
            # a move's points: its words' own, plus the star and bingo bonuses
            assert sum(p for _w, p in words) <= sum(p for _m, p in moves)
            placed += len(moves)
        assert placed > 0
    else:
        buckets = [b for seat in range(8) for b in torneo_guesses(match.state["rounds"], seat)]
        assert buckets and set(buckets) <= {"1", "2", "3", "4", "5", "6", "x"}
        solved = sum(
            1 for r in match.state["rounds"] for d in r["duels"] if d["end"] == "solved" and d["winner"] is not None
        )
        assert sum(1 for b in buckets if b != "x") == solved
