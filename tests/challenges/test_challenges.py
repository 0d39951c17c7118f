"""Challenges (issue 36) through their services: a challenge sent, accepted (the room made and the match started
through the one path, a stake held in the wallet's escrow), declined, cancelled, expired by the sweep; every refusal
clear and changing nothing, as an attacker's steps where someone else's challenge is concerned."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from accounts.services import player_create_for_user, player_create_guest
from challenges import services
from challenges.errors import ChallengeRefusal
from challenges.games import challenge_games
from challenges.models import Challenge
from challenges.tasks import expire_challenges
from friends.models import Block
from games.kit.errors import Refusal
from games.models import Match, Room
from games.runtime import scheduling
from notifications.models import Notification
from tests.emails import verify_email
from wallet.selectors import balance_of, escrow_state
from wallet.services import wallet_grant


@pytest.fixture(autouse=True)
def stakes(settings):
    settings.WALLET_SIGNUP_GRANT = 0
    settings.WALLET_STAKE_LEVELS = ["10", "50", "100", "500"]
    settings.WALLET_PAIR_GAMES_PER_DAY = 0
    with scheduling.timers_disabled():
        yield


def member(name: str, credits: int = 0):
    user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com")
    verify_email(user)
    player = player_create_for_user(user=user, nickname=name.capitalize())
    if credits:
        wallet_grant(player=player, amount=credits, key=f"seed:{name}")
    return player


def send(challenger, challenged, game="duelo", settings=None, rated=False, stake=0, **kwargs):
    return services.challenge_send(
        challenger=challenger,
        challenged_id=challenged.pk if hasattr(challenged, "pk") else challenged,
        game=game,
        settings=settings if settings is not None else {},
        rated=rated,
        stake=stake,
        interface_language="es",
        **kwargs,
    )


def accept(player, challenge, **kwargs):
    return services.challenge_accept(player=player, challenge_id=challenge.pk, interface_language="es", **kwargs)


def test_the_games_a_challenge_may_be_for_are_those_a_host_starts_with_two_seats():
    assert challenge_games() == ["duelo", "wordgrid", "cruzadas", "claves"]  # not the tournament the lobby seats


@pytest.mark.django_db
def test_a_challenge_accepted_seats_both_and_starts_the_match_with_its_settings():
    ana, beto = member("ana"), member("beto")
    challenge = send(ana, beto, settings={"rounds": "1", "round_seconds": "60", "language": "en"}, rated=True)
    note = Notification.objects.get(player=beto)
    assert note.kind == "challenge"
    assert note.data == {
        "url": "/challenges/",
        "by_name": "Ana",
        "game_slug": "duelo",
        "stake": 0,
        "rated": True,
    }
    room = accept(beto, challenge)
    assert room.game == "duelo" and room.host == ana and room.status == Room.PLAYING
    assert room.settings == {"language": "en", "rounds": 1, "round_seconds": 60, "rated": True}
    assert [seat.player for seat in room.seats.order_by("index")] == [ana, beto]
    match = Match.objects.get(room=room)
    assert [sitter["player"] for sitter in match.lineup] == [ana.pk, beto.pk]
    assert all("rating" in sitter for sitter in match.lineup)  # rated: both members with a confirmed address
    challenge.refresh_from_db()
    assert challenge.status == Challenge.ACCEPTED and challenge.room == room
    told = Notification.objects.get(player=ana)
    assert told.data["url"] == f"/r/{room.code}/" and told.data["by_name"] == "Beto" and told.data["accepted"]
    # A double tap on Accept: the same room, no second match.
    assert accept(beto, challenge) == room
    assert Match.objects.count() == 1


@pytest.mark.django_db
def test_a_two_seat_table_even_of_a_game_that_seats_more():
    ana, beto = player_create_guest(nickname="Ana"), player_create_guest(nickname="Beto")
    room = accept(beto, send(ana, beto))
    assert room.seats.count() == 2
    assert not Match.objects.get(room=room).lineup[0].get("rating")  # unrated: nothing asked


@pytest.mark.django_db
def test_a_staked_challenge_holds_both_stakes_in_escrow_as_an_accepted_offer_does():
    ana, beto = member("ana", credits=100), member("beto", credits=60)
    challenge = send(ana, beto, game="wordgrid", stake=50)
    assert challenge.rated  # staked games between two people are rated
    room = accept(beto, challenge)
    match = Match.objects.get(room=room)
    assert match.stake == 50
    assert escrow_state(match_ref=match.match_ref).status == "held"
    assert balance_of(player=ana) == 50 and balance_of(player=beto) == 10


@pytest.mark.django_db
def test_an_accepter_who_cannot_cover_the_stake_is_told_and_nothing_moves():
    ana, beto = member("ana", credits=100), member("beto", credits=20)
    challenge = send(ana, beto, game="wordgrid", stake=50)
    with pytest.raises(ChallengeRefusal) as refused:
        accept(beto, challenge)
    assert refused.value.code == "cannot_cover" and refused.value.params == {"stake": 50}
    assert not Room.objects.exists() and not Match.objects.exists()
    assert balance_of(player=ana) == 100 and balance_of(player=beto) == 20
    challenge.refresh_from_db()
    assert challenge.status == Challenge.PENDING  # they may top up and accept before it expires


@pytest.mark.django_db
def test_a_challenger_who_spent_the_stake_meanwhile_cannot_be_accepted():
    ana, beto = member("ana", credits=50), member("beto", credits=100)
    challenge = send(ana, beto, game="wordgrid", stake=50)
    other = member("carla", credits=100)
    accept(other, send(ana, other, game="wordgrid", stake=50))  # Ana's 50 went into another game's escrow
    with pytest.raises(ChallengeRefusal) as refused:
        accept(beto, challenge)
    assert refused.value.code == "challenger_cannot_cover"
    assert balance_of(player=beto) == 100 and Match.objects.count() == 1


def _refusals():
    """(what is tried, the code it is refused with): each changes nothing."""
    return [
        ("yourself", lambda p: send(p["ana"], p["ana"]), "own_challenge"),
        ("a player who does not exist", lambda p: send(p["ana"], 10_000_000), "no_such_player"),
        ("a bot's name, which is nobody's", lambda p: send(p["ana"], "Robotina"), "no_such_player"),
        ("a hidden page's player", lambda p: send(p["ana"], p["hidden"]), "no_such_player"),
        ("a game that does not exist", lambda p: send(p["ana"], p["beto"], game="chess"), "no_such_game"),
        ("the tournament, which the lobby seats", lambda p: send(p["ana"], p["beto"], game="torneo"), "no_such_game"),
        ("a setting that does not exist", lambda p: send(p["ana"], p["beto"], settings={"rounds": 99}), "bad_rounds"),
        (
            "a level that does not exist",
            lambda p: send(p["ana"], p["beto"], game="claves", settings={"level": "x"}),
            "bad_level",
        ),
        (
            "rated in a game without ratings",
            lambda p: send(p["ana"], p["beto"], game="claves", rated=True),
            "not_rated_game",
        ),
        ("a stake in a game without stakes", lambda p: send(p["ana"], p["beto"], stake=10), "not_staked_game"),
        ("a stake beyond the balance", lambda p: send(p["ana"], p["beto"], game="wordgrid", stake=500), "bad_stake"),
        (
            "a stake the wallet does not offer",
            lambda p: send(p["ana"], p["beto"], game="wordgrid", stake=20),
            "bad_stake",
        ),
        ("a negative stake", lambda p: send(p["ana"], p["beto"], game="wordgrid", stake=-10), "bad_stake"),
        ("rated with a guest", lambda p: send(p["ana"], p["guest"], rated=True), "guest_rated"),
        ("a guest asking for rated", lambda p: send(p["guest"], p["ana"], rated=True), "guest_rated"),
        ("a guest staking", lambda p: send(p["guest"], p["beto"], game="wordgrid", stake=10), "guest_stake"),
        (
            "a stake asked of a guest",
            lambda p: send(p["ana"], p["guest"], game="wordgrid", stake=10),
            "challenged_guest_stake",
        ),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(("what", "attempt", "code"), _refusals(), ids=[what for what, _a, _c in _refusals()])
def test_a_challenge_that_cannot_be_is_refused_clearly_and_nothing_changes(what, attempt, code):
    people = {"ana": member("ana", credits=100), "beto": member("beto", credits=100)}
    people["guest"] = player_create_guest(nickname="Invitada")
    people["hidden"] = player_create_guest(nickname="Oculta")
    people["hidden"].page_hidden = True
    people["hidden"].save()
    with pytest.raises(Refusal) as refused:
        attempt(people)
    assert refused.value.code == code, what
    assert refused.value.text  # a sentence for the player
    assert not Challenge.objects.exists() and not Notification.objects.exists()


@pytest.mark.django_db
def test_the_same_challenge_sent_twice_is_one_challenge():
    ana, beto = member("ana"), member("beto")
    first = send(ana, beto, game="claves", settings={"level": "standard", "turns": "11"})
    assert send(ana, beto, game="claves", settings={"level": "standard", "turns": 11}) == first
    assert Challenge.objects.count() == 1 and Notification.objects.filter(player=beto).count() == 1
    assert send(ana, beto, game="claves") != first  # other settings: another challenge


@pytest.mark.django_db
def test_too_many_open_challenges_are_refused():
    ana = member("ana")
    others = [player_create_guest(nickname=f"Rival{n}") for n in range(services.MAX_OUTGOING + 1)]
    for other in others[:-1]:
        send(ana, other)
    with pytest.raises(ChallengeRefusal) as refused:
        send(ana, others[-1])
    assert refused.value.code == "too_many_challenges"
    assert Challenge.objects.count() == services.MAX_OUTGOING
    # One cancelled frees a place.
    services.challenge_cancel(player=ana, challenge_id=Challenge.objects.first().pk)
    send(ana, others[-1])


@pytest.mark.django_db
def test_an_attacker_cannot_accept_decline_or_cancel_someone_elses_challenge():
    ana, beto, mallory = member("ana"), member("beto"), member("mallory")
    challenge = send(ana, beto)
    for step in (
        lambda: accept(mallory, challenge),
        lambda: services.challenge_decline(player=mallory, challenge_id=challenge.pk),
        lambda: services.challenge_cancel(player=mallory, challenge_id=challenge.pk),
        lambda: services.challenge_cancel(player=beto, challenge_id=challenge.pk),  # only its sender cancels
        lambda: accept(ana, challenge),  # nor does its sender accept it
    ):
        with pytest.raises(ChallengeRefusal) as refused:
            step()
        assert refused.value.code == "challenge_gone"  # the same as no challenge at all: nothing learnt
    challenge.refresh_from_db()
    assert challenge.status == Challenge.PENDING and not Room.objects.exists()


@pytest.mark.django_db
def test_declined_cancelled_and_expired_challenges_cannot_be_answered():
    ana, beto = member("ana"), member("beto")
    declined = send(ana, beto)
    services.challenge_decline(player=beto, challenge_id=declined.pk)
    services.challenge_decline(player=beto, challenge_id=declined.pk)  # the same answer again: nothing more
    cancelled = send(ana, beto)
    services.challenge_cancel(player=ana, challenge_id=cancelled.pk)
    for challenge in (declined, cancelled):
        with pytest.raises(ChallengeRefusal) as refused:
            accept(beto, challenge)
        assert refused.value.code == "challenge_gone"
    late = send(ana, beto)
    after = timezone.now() + services.LIFETIME + timedelta(seconds=1)
    with pytest.raises(ChallengeRefusal) as refused:
        accept(beto, late, now=after)  # the row's deadline answers, swept or not
    assert refused.value.code == "challenge_expired"
    with pytest.raises(ChallengeRefusal):
        services.challenge_decline(player=beto, challenge_id=late.pk, now=after)
    assert not Room.objects.exists()


@pytest.mark.django_db
def test_the_sweep_beat_sends_marks_challenges_past_their_deadline_expired():
    ana, beto = member("ana"), member("beto")
    old, fresh = send(ana, beto), send(ana, beto, game="claves")
    Challenge.objects.filter(pk=old.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert expire_challenges() == 1
    old.refresh_from_db()
    fresh.refresh_from_db()
    assert old.status == Challenge.EXPIRED and fresh.status == Challenge.PENDING
    with pytest.raises(ChallengeRefusal) as refused:
        accept(beto, old)
    assert refused.value.code == "challenge_gone"
    assert expire_challenges() == 0


@pytest.mark.django_db
def test_a_blocked_pair_the_challenge_looks_sent_and_never_reaches_the_other():
    ana, beto = member("ana"), member("beto")
    Block.objects.create(blocker=beto, blocked=ana)
    challenge = send(ana, beto)  # no error: Ana is not told she is blocked
    assert Challenge.objects.filter(pk=challenge.pk, status=Challenge.PENDING).exists()
    assert not Notification.objects.filter(player=beto).exists()
    from challenges.selectors import incoming, outgoing

    now = timezone.now()
    assert list(outgoing(ana, now)) == [challenge]
    assert list(incoming(beto, now)) == []
    with pytest.raises(ChallengeRefusal) as refused:  # Beto cannot take it up either, even knowing its number
        accept(beto, challenge)
    assert refused.value.code == "challenge_gone"
    # The block the other way round is the same: Ana blocked Carla, and challenges her all the same.
    carla = member("carla")
    Block.objects.create(blocker=ana, blocked=carla)
    assert not send(ana, carla).delivered
    assert not Notification.objects.filter(player=carla).exists()
