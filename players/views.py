"""A player's public page (issue 19; docs/player-page.md): /p/<nickname>-<tag>/.

The URL names the player by nickname and tag, the pair that is unique (Player's nickname_key and tag): the
tag is the four digits after the last dash, the nickname whatever comes before it (a nickname may hold
dashes, spaces and letters of any alphabet; reverse() percent-encodes them). A nickname typed with
another case or without its accents finds the same player (nickname_key) and is redirected to the page's
own address. Guests have a page too, while their row exists.

An unknown player and a hidden page (Player.page_hidden) answer the same 404 page, so a hidden page does not
even say that the player exists; its owner sees it, with a note that others cannot. Nicknames only: the page
never shows an account's e-mail address or user name.
"""

from __future__ import annotations

import re
from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy
from django.views.decorators.http import require_GET

from accounts.models import Player
from accounts.nicknames import bot_name, nickname_key
from daily.selectors import daily_summary
from friends.models import Block
from friends.selectors import relation
from games.runtime.catalogue import game_slugs, spec_for
from games.runtime.player_statistics import player_statistics
from games.runtime.statistics import shows_score, together
from ratings.chart import rating_chart
from ratings.selectors import history_of, player_standings
from toolkit import days

GAMES_PER_PAGE = 20
HANDLE = re.compile(r"^(?P<nickname>.+)-(?P<tag>\d{4})$")


def player_for_handle(handle: str) -> Player | None:
    """The player a page's handle ("<nickname>-<tag>") names, or None."""
    found = HANDLE.match(handle)
    if found is None:
        return None
    return Player.objects.filter(nickname_key=nickname_key(found["nickname"]), tag=found["tag"]).first()


@require_GET
def player_page(request: HttpRequest, handle: str) -> HttpResponse:
    subject = player_for_handle(handle)
    viewer = getattr(request, "player", None)  # a lazy object: false when nobody is playing in this browser
    is_owner = subject is not None and viewer is not None and bool(viewer) and viewer.pk == subject.pk
    if subject is None or (subject.page_hidden and not is_owner):
        return render(request, "players/player_missing.html", status=404)
    if handle != subject.page_handle:
        return redirect(subject.get_absolute_url() + (f"?{request.GET.urlencode()}" if request.GET else ""))

    played_games = _games_played(subject)
    game = request.GET.get("game") or None
    if game not in played_games:
        game = None
    results = subject.results.select_related("match").order_by("-finished_at", "-pk")
    if game is not None:
        results = results.filter(game=game)
    page = Paginator(results, GAMES_PER_PAGE).get_page(request.GET.get("page"))
    names = {slug: _(spec_for(slug).name) for slug in game_slugs()}
    context = {
        "subject": subject,
        "is_owner": is_owner,
        "games": [(slug, names[slug], played_games[slug]) for slug in game_slugs() if slug in played_games],
        "game": game,
        "total": sum(played_games.values()),
        "stats": [(names[s.game], s) for s in player_statistics(subject, game)],
        "page": page,
        "rows": _rows(page.object_list, subject, names),
        "rating_cards": _rating_cards(subject),
        "daily": _daily(subject, names),
        "friend": _friend(viewer, subject) if viewer and not is_owner else None,
    }
    return render(request, "players/player_page.html", context)


def _friend(viewer: Player, subject: Player) -> dict[str, Any]:
    """What the viewer is to the player and may do about it (issue 36): never whether the player blocked them."""
    return {
        "state": relation(viewer.pk, subject.pk),
        "blocked": Block.objects.filter(blocker_id=viewer.pk, blocked_id=subject.pk).exists(),
    }


def _daily(subject: Player, names: dict[str, str]) -> dict[str, Any]:
    """The player's daily puzzles: each game's statistics and streaks, and the Daily Five's (by the date in UTC: a
    page read by anyone has no player's own date)."""
    summary = daily_summary(subject, days.utc_day(timezone.now()))
    for entry in summary["games"]:
        entry["name"] = names.get(entry["game"], entry["game"])
    return summary


def _rating_cards(player: Player) -> list[dict[str, Any]]:
    """Each rating the player has, with its history as a chart (issue 20; ratings.chart)."""
    cards = []
    for standing in player_standings(player):
        history = history_of(player, standing.game)
        cards.append(
            {
                "standing": standing,
                "name": _(spec_for(standing.game).name),
                "chart": rating_chart(history),
                "last": history[-1] if history else None,
            }
        )
    return cards


def _games_played(player: Player) -> dict[str, int]:
    from django.db.models import Count

    return dict(player.results.order_by().values_list("game").annotate(n=Count("pk")).values_list("game", "n"))


def _rows(results, subject: Player, names: dict[str, str]) -> list[dict[str, Any]]:
    """The page's matches as the list shows them: the others at the table by nickname (bots by their name)."""
    results = list(results)
    others = {
        sitter.get("player")
        for result in results
        for sitter in result.match.lineup
        if sitter.get("player") not in (None, subject.pk)
    }
    people = {p.pk: p for p in Player.objects.filter(pk__in=others).only("nickname", "tag", "page_hidden")}
    rows = []
    for result in results:
        match = result.match
        details = result.details or {}
        seated = []
        for index, sitter in enumerate(match.lineup):
            if index == result.seat:
                continue
            person = people.get(sitter.get("player"))
            if person is not None:
                url = None if person.page_hidden else person.get_absolute_url()
                seated.append({"name": person.nickname, "tag": person.tag, "url": url, "bot": False})
            elif sitter.get("bot"):
                seated.append({"name": bot_name(index), "tag": "", "url": None, "bot": True})
        totals = (match.outcome or {}).get("totals")
        rows.append(
            {
                "result": result,
                "game_name": names.get(result.game, result.game),
                "together": together(result.game),  # a pair plays together: partners, not rivals
                "others": seated,
                "outcome": _outcome_text(result, details),
                "score": _score(result, totals),
                "how": _how((match.outcome or {}).get("reason")),
                "match_id": match.pk,
            }
        )
    return rows


def _outcome_text(result, details: dict[str, Any]) -> str:
    seats = details.get("seats") or 2
    if details.get("stopped") and not result.won:
        return pgettext("match result", "Stopped")
    if result.won:
        return (
            pgettext("match result", "Won")
            if seats <= 2 or together(result.game)
            else _("1st of %(seats)s") % {"seats": seats}
        )
    if details.get("draw"):
        return pgettext("match result", "Draw")
    if seats > 2:
        return _("Place %(place)s of %(seats)s") % {"place": result.place, "seats": seats}
    return pgettext("match result", "Lost")


# How a game of two ended when it was not played out to its score (issue 33: a win by resignation read "Won 12–13").
# The reasons are the words the games' outcomes use for these ends (their details' "reason").
HOW = {
    "resign": pgettext_lazy("how a match ended", "by resignation"),
    "left": pgettext_lazy("how a match ended", "by abandon"),
    "timeout": pgettext_lazy("how a match ended", "on time"),
}


def _how(reason: Any) -> str:
    return str(HOW[reason]) if isinstance(reason, str) and reason in HOW else ""


def _score(result, totals: list[int] | None) -> str:
    """Points, with the rival's after them in a game of two; nothing in a game whose points say nothing here
    (its stats.py's SHOWS_SCORE: Torneo's places, Claves' pair)."""
    if not shows_score(result.game) or not totals:
        return ""
    if len(totals) == 2:
        return f"{totals[result.seat]}–{totals[1 - result.seat]}"
    return _("%(points)s pts") % {"points": result.points}
