"""A pair's daily's pages (Claves a Dúo's, daily/pairs.py): its page on the daily's address, where the player opens a
room for a friend or waits for anyone, and later sees the pair's result, their statistics and the day's pairs among
their group. The page shows nothing of the board: the board is in the room, and the maps only each partner's own,
in the room, as the game shows them."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import Player
from daily import pairs
from daily import views as solo  # the player's date, the day's puzzle, the player: as the solo pages read them
from daily.models import Commitment, Puzzle
from daily.registry import daily_for, pair_dailies
from daily.selectors import day_board, five_streak, game_statistics, play_of
from daily.share import share_card
from games.kit.errors import GameError
from games.models import Match
from games.pages import page_language
from games.runtime.catalogue import spec_for
from games.runtime.errors import error_text
from toolkit import days


def _pair_puzzle(game: str, day_text: str) -> Puzzle:
    if game not in pair_dailies():
        raise Http404("no pair daily for this game")
    day = days.parse(day_text)
    if day is None:
        raise Http404("no such puzzle")
    return solo._puzzle(game, day, "")


def _page_url(puzzle: Puzzle, today: date) -> str:
    return f"{reverse('daily_game', args=[puzzle.game])}?day={puzzle.day.isoformat()}&today={today.isoformat()}"


def _partners(plays: list[Any]) -> dict[int, str]:
    """Each play's partner (by the play's id): the other person of its match."""
    by_match = {play.state.get("match"): play for play in plays if play is not None and play.finished_at}
    found: dict[int, str] = {}
    lineups = Match.objects.filter(pk__in=[key for key in by_match if key]).values_list("pk", "lineup")
    people = {}
    for match_id, lineup in lineups:
        play = by_match[match_id]
        others = [sitter["player"] for sitter in lineup if sitter.get("player") not in (None, play.player_id)]
        if others:
            people[play.pk] = others[0]
    names = dict(Player.objects.filter(pk__in=people.values()).values_list("pk", "nickname"))
    for play_id, partner in people.items():
        found[play_id] = names.get(partner, "")
    return found


def _board_rows(player, puzzle: Puzzle, seen: bool) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    """The day's pairs among the player's group: who played, with whom, and once the player has too, how (turns
    used)."""
    module = daily_for(puzzle.game)
    board = day_board(player, puzzle)
    partners = _partners([row["play"] for row in board])
    rows = []
    for row in board:
        play = row["play"]
        rows.append(
            {
                "nickname": row["person"].nickname,
                "partner": partners.get(play.pk, "") if play is not None else "",
                "you": row["player"] == player.pk,
                "finished": play is not None and play.finished_at is not None,
                "rank": row["rank"] if seen else None,
                "score": module.pair_score(play.result) if seen and play is not None and play.result else "",
            }
        )
    return rows


def pair_page(request, game: str):  # type: ignore[no-untyped-def]
    """The pair daily's page for the player's date (or ?day=)."""
    today = solo._today(request)
    asked = days.parse(request.GET.get("day"))
    if request.GET.get("day") and asked is None:
        raise Http404("not a date")
    day = asked or today
    if day > today:
        raise Http404("not out yet")
    puzzle = solo._puzzle(game, day, "")
    player = solo._player(request)
    play = play_of(player, puzzle)
    seen = play is not None and play.finished_at is not None
    record = Commitment.objects.filter(game=game, day=day).first()
    context: dict[str, Any] = {
        "game": game,
        "spec": spec_for(game),
        "day": day,
        "today": today,
        "needs_player": player is None,
        "play": play if seen else None,
        "score": daily_for(game).pair_score(play.result) if seen and play is not None and play.result else "",
        "commitment": record.digest if record else None,
        "room": None,
        "refusal": None,
        "waiting": False,
        "board": [],
        "base": reverse("daily_home") + f"{game}/{day.isoformat()}/pair/",
    }
    if player is not None:
        context["room"] = pairs.open_pair_room(player, puzzle)
        refusal = pairs.why_not(player, puzzle) if not seen and context["room"] is None else None
        context["refusal"] = error_text(refusal) if refusal is not None else None
        context["waiting"] = pairs.is_waiting(player, puzzle)
        context["board"] = _board_rows(player, puzzle, seen)
        if seen:
            context["stats"] = game_statistics(player, game, today).as_json()
            context["five_streak"] = five_streak(player, today).current
            context["share"] = share_card(request, play)
    return render(request, f"daily/{game}.html", context)


@require_POST
def daily_pair_room_view(request, game: str, day: str):  # type: ignore[no-untyped-def]
    """ "Play with a friend": the player's room for the day's board, whose page has the invite link."""
    puzzle = _pair_puzzle(game, day)
    today = solo._today(request)
    player = solo._player(request)
    if player is None:
        return redirect(f"{reverse('play_as_guest')}?next={_page_url(puzzle, today)}")
    try:
        room = pairs.daily_pair_room(player=player, puzzle=puzzle, today=today, interface_language=page_language())
    except GameError as refusal:
        messages.error(request, error_text(refusal))
        return redirect(_page_url(puzzle, today))
    return redirect("room", code=room.code)


@require_POST
def daily_pair_queue(request, game: str, day: str):  # type: ignore[no-untyped-def]
    """ "Play with someone": asked again every few seconds by the waiting page. {"room": its address} once paired,
    else {"waiting": true}."""
    player = solo._player(request)
    if player is None:
        return JsonResponse({"error": "no_player", "message": _("Choose a nickname to play.")}, status=403)
    puzzle = _pair_puzzle(game, day)
    try:
        room = pairs.pair_queue_join(
            player=player, puzzle=puzzle, today=solo._today(request), interface_language=page_language()
        )
    except GameError as refusal:
        return JsonResponse({"error": refusal.code, "message": error_text(refusal)}, status=400)
    if room is None:
        return JsonResponse({"waiting": True})
    return JsonResponse({"waiting": False, "room": reverse("room", args=[room.code])})


@require_POST
def daily_pair_leave(request, game: str, day: str):  # type: ignore[no-untyped-def]
    player = solo._player(request)
    if player is not None:
        pairs.pair_queue_leave(player=player, puzzle=_pair_puzzle(game, day))
    return JsonResponse({"waiting": False})
