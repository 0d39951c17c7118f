"""The daily pages (issue 35): the day's five, one game's puzzle, the archive, the commitments, and the JSON
the puzzle page plays through.

A player's date is their browser's (as Wordle's): the page sends it, and it is believed within the dates that
exist somewhere on Earth right now (daily.days), so nobody reaches a puzzle before its date has begun anywhere.
Nothing of a puzzle's answer leaves the server before that player has finished it: the page gets the game's
`view` of the player's state, never the puzzle."""

from __future__ import annotations

import json
from datetime import date, timedelta
from typing import Any

from django.core import signing
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from daily import picture, services
from daily.models import Commitment, Play, Puzzle
from daily.registry import all_dailies, daily_for, pair_dailies, solo_dailies
from daily.selectors import day_board, five_streak, game_statistics, ghost, play_of, results_by_day
from daily.share import PICTURE_SALT, score_and_rows, share_card
from games.kit.daily import DailyRefused
from games.runtime.catalogue import spec_for
from games.runtime.errors import error_text
from toolkit import days
from wordlists.lexicon import lexicon

MAX_BODY = 4096
ARCHIVE_DAYS = 60  # the archive page's calendar (any older date is still playable by its link)


def _player(request):  # type: ignore[no-untyped-def]
    return request.player if request.player else None


def _today(request) -> date:  # type: ignore[no-untyped-def]
    """The player's date as the page says (?today= or the body's), believed within the dates open now."""
    now = timezone.now()
    said = days.parse(request.GET.get("today"))
    if said is not None and days.earliest_open(now) <= said <= days.latest_open(now):
        return said
    return days.utc_day(now)


def _variant(game: str, asked: str | None, language: str) -> str:
    module = daily_for(game)
    choices = list(module.variants())
    if asked in choices:
        return str(asked)
    return language if language in choices else choices[0]


def _puzzle(game: str, day: date, variant: str) -> Puzzle:
    """The puzzle, made now if it is of a date open somewhere and the beat has not made it yet."""
    puzzle = Puzzle.objects.filter(game=game, day=day, variant=variant).first()
    if puzzle is None and days.has_begun(day, timezone.now()) and not days.is_over(day, timezone.now()):
        services.puzzles_make(day)
        puzzle = Puzzle.objects.filter(game=game, day=day, variant=variant).first()
    if puzzle is None:
        raise Http404("no such puzzle")
    return puzzle


def _game_or_404(game: str):  # type: ignore[no-untyped-def]
    if game not in solo_dailies():
        raise Http404("no daily for this game")
    return solo_dailies()[game]


def _payload(request, puzzle: Puzzle, play: Play | None, today: date) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    module = daily_for(puzzle.game)
    state = play.state if play is not None else module.start(puzzle.data, {})
    finished = play is not None and play.finished_at is not None
    record = Commitment.objects.filter(game=puzzle.game, day=puzzle.day).first()
    payload: dict[str, Any] = {
        "game": puzzle.game,
        "day": puzzle.day.isoformat(),
        "variant": puzzle.variant,
        "today": today.isoformat(),
        "archive": play.archive if play is not None else puzzle.day < today,
        "started": play is not None,
        "finished": finished,
        "view": module.view(puzzle.data, state),
        "commitment": record.digest if record else None,
        "result": None,
        "share": None,
        "stats": None,
    }
    if finished and play is not None:
        player = _player(request)
        payload["result"] = play.result
        payload["share"] = share_card(request, play)
        payload["stats"] = game_statistics(player, puzzle.game, today).as_json()
        payload["five_streak"] = five_streak(player, today).current
    return payload


@require_GET
def daily_home(request):  # type: ignore[no-untyped-def]
    games = [{"slug": slug, "spec": spec_for(slug), "pair": slug in pair_dailies()} for slug in all_dailies()]
    return render(request, "daily/home.html", {"games": games})


@require_GET
def daily_today(request):  # type: ignore[no-untyped-def]
    """The hub's JSON: for the player's date, each game's puzzle state (not started, playing, finished with its
    share score), the streaks, and the commitments' digests."""
    today = _today(request)
    player = _player(request)
    entries = []
    for slug in solo_dailies():
        variant = _variant(slug, request.GET.get(f"v_{slug}"), request.LANGUAGE_CODE)
        puzzle = _puzzle(slug, today, variant)
        play = play_of(player, puzzle)
        status = "new" if play is None else ("finished" if play.finished_at else "playing")
        entry: dict[str, Any] = {"game": slug, "variant": variant, "status": status}
        if play is not None and play.finished_at:
            entry["score"] = score_and_rows(play)[0]
        if player is not None:
            entry["streak"] = game_statistics(player, slug, today).streak.current
        entries.append(entry)
    entries.extend(_pair_entry(slug, today, player) for slug in pair_dailies())
    return JsonResponse(
        {
            "today": today.isoformat(),
            "games": entries,
            "five_streak": five_streak(player, today).current if player is not None else 0,
        }
    )


def _pair_entry(slug: str, today: date, player) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """A pair's daily on the hub: new, playing (the player has a room of it open) or finished with the pair's
    score."""
    from daily import pairs

    puzzle = _puzzle(slug, today, "")
    play = play_of(player, puzzle)
    entry: dict[str, Any] = {"game": slug, "variant": "", "status": "new"}
    if play is not None and play.finished_at:
        entry.update(status="finished", score=daily_for(slug).pair_score(play.result or {}))
    elif player is not None and pairs.open_pair_room(player, puzzle) is not None:
        entry["status"] = "playing"
    if player is not None:
        entry["streak"] = game_statistics(player, slug, today).streak.current
    return entry


@require_GET
def daily_game(request, game: str):  # type: ignore[no-untyped-def]
    if game in pair_dailies():
        from daily.pair_views import pair_page  # which imports this module's helpers

        return pair_page(request, game)
    module = _game_or_404(game)
    day = days.parse(request.GET.get("day"))
    if request.GET.get("day") and day is None:
        raise Http404("not a date")
    variants = [{"code": code, "name": code.upper()} for code in module.variants()]
    spec = spec_for(game)
    names = dict(spec.word_languages)
    for entry in variants:
        entry["name"] = str(names.get(entry["code"], entry["name"]))
    return render(
        request,
        "daily/game.html",
        {
            "game": game,
            "spec": spec,
            "day": day.isoformat() if day else "",
            "variants": variants if len(variants) > 1 else [],
            "variant": _variant(game, request.GET.get("v"), request.LANGUAGE_CODE),
            "needs_player": _player(request) is None,
        },
    )


def _puzzle_from_url(game: str, day_text: str, variant: str) -> Puzzle:
    module = _game_or_404(game)
    day = days.parse(day_text)
    if day is None or variant not in {*module.variants()}:
        raise Http404("no such puzzle")
    return _puzzle(game, day, variant)


@require_GET
def daily_state(request, game: str, day: str, variant: str = ""):  # type: ignore[no-untyped-def]
    today = _today(request)
    puzzle = _puzzle_from_url(game, day, variant)
    if puzzle.day > today:
        return JsonResponse({"error": "not_yet", "message": _("This puzzle is not out yet.")}, status=404)
    return JsonResponse(_payload(request, puzzle, play_of(_player(request), puzzle), today))


@require_POST
def daily_act_view(request, game: str, day: str, variant: str = ""):  # type: ignore[no-untyped-def]
    player = _player(request)
    if player is None:
        return JsonResponse({"error": "no_player", "message": _("Choose a nickname to play.")}, status=403)
    if len(request.body) > MAX_BODY:
        return JsonResponse({"error": "malformed", "message": _("That request is too long.")}, status=400)
    try:
        body = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        body = None
    if not isinstance(body, dict) or not isinstance(body.get("action"), dict):
        return JsonResponse({"error": "malformed", "message": _("A move is a guess with a word.")}, status=400)
    options = body.get("options") or {}
    if not isinstance(options, dict):
        return JsonResponse({"error": "malformed", "message": _("That is not an option of this puzzle.")}, status=400)
    today = _today(request)
    puzzle = _puzzle_from_url(game, day, variant)
    try:
        play = services.daily_act(player=player, puzzle=puzzle, action=body["action"], today=today, options=options)
    except DailyRefused as refusal:
        return JsonResponse({"error": refusal.code, "message": error_text(refusal)}, status=400)
    return JsonResponse(_payload(request, puzzle, play, today))


@require_GET
def daily_friends(request, game: str, day: str, variant: str = ""):  # type: ignore[no-untyped-def]
    """The day's board among the player's group. Before the player has finished: who has played, nothing of how.
    After: each one's score and their ghost (their play, move by move), for those who finished too."""
    player = _player(request)
    if player is None:
        return JsonResponse({"error": "no_player", "message": _("Choose a nickname to play.")}, status=403)
    puzzle = _puzzle_from_url(game, day, variant)
    mine = play_of(player, puzzle)
    seen = mine is not None and mine.finished_at is not None
    rows = []
    for row in day_board(player, puzzle):
        play = row["play"]
        entry: dict[str, Any] = {
            "nickname": row["person"].nickname,
            "you": row["player"] == player.pk,
            "status": "new" if play is None else ("finished" if play.finished_at else "playing"),
            "rank": row["rank"] if seen else None,
        }
        if seen and play is not None and play.finished_at:
            entry["score"] = score_and_rows(play)[0]
            entry["ghost"] = ghost(puzzle, play, lexicon)
        rows.append(entry)
    return JsonResponse({"finished": seen, "board": rows})


@require_GET
def daily_picture(request, token: str):  # type: ignore[no-untyped-def]
    """A finished play's result as a PNG (spoiler-free: the squares and the score), by its signed link."""
    try:
        play_id = signing.loads(token, salt=PICTURE_SALT)
    except signing.BadSignature:
        raise Http404("no such picture") from None
    play = Play.objects.filter(pk=play_id, finished_at__isnull=False).select_related("puzzle", "player").first()
    if play is None:
        raise Http404("no such picture")
    puzzle = play.puzzle
    score, rows = score_and_rows(play)
    png = picture.result_picture(
        title=_("Daily %(game)s") % {"game": spec_for(puzzle.game).name},
        subtitle=f"{puzzle.day.isoformat()}{' · ' + puzzle.variant.upper() if puzzle.variant else ''}",
        score=score,
        rows=rows,
    )
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@require_GET
def daily_archive(request):  # type: ignore[no-untyped-def]
    """The past dates of every daily, newest first, with the player's results: each one plays from its link."""
    now = timezone.now()
    last = days.utc_day(now) - timedelta(days=1)
    first = last - timedelta(days=ARCHIVE_DAYS - 1)
    made = set(Puzzle.objects.filter(day__range=(first, last)).values_list("game", "day").distinct())
    player = _player(request)
    mine = results_by_day(player, first, last) if player is not None else {}
    rows = []
    for offset in range((last - first).days + 1):
        day = last - timedelta(days=offset)
        cells = []
        for slug in all_dailies():
            if (slug, day) not in made:
                cells.append(None)
                continue
            plays = [play for play in mine.get((slug, day), []) if play.finished_at]
            cells.append(
                {
                    "game": slug,
                    "url": f"{reverse('daily_game', args=[slug])}?day={day.isoformat()}",
                    "score": score_and_rows(plays[0])[0] if plays else "",
                }
            )
        if any(cells):
            rows.append({"day": day, "cells": cells})
    games = [spec_for(slug) for slug in all_dailies()]
    return render(request, "daily/archive.html", {"rows": rows, "games": games})


@require_GET
def daily_fair(request):  # type: ignore[no-untyped-def]
    """The commitments: each date's digest, shown before the date; once the date is over everywhere, the
    document it commits to, to check with `sha256sum` or on this page."""
    now = timezone.now()
    records = Commitment.objects.filter(day__gte=days.utc_day(now) - timedelta(days=14)).order_by("-day", "game")
    entries = []
    for record in records:
        revealed = days.is_over(record.day, now)
        entries.append(
            {
                "record": record,
                "name": spec_for(record.game).name,
                "in_time": record.made_at <= days.begins(record.day),
                "document": services.commitment_document(record.game, record.day) if revealed else None,
            }
        )
    return render(request, "daily/fair.html", {"entries": entries})
