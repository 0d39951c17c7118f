"""A finished match's page (`/m/<id>/`, issue 19): its replay, move by move, with the game's analysis.

Public, like a spectator's seat: the frames are the archive's (games.runtime.archive), each exactly what anyone
watching saw at that moment, and the players are shown by nickname only (a player who hid their page, not even
by that). The page mounts the game's own board (static/js/replay.js feeds it the frames as the room socket
would), so a replay looks like the game.

A room's code never leaves here (issue 31: match ids are sequential, and a replay page gave away the code of
every match's room, private and live ones included, which is an invitation to sit or watch). A match still
being played links to the lobby's way to watch it only when its room is listed there anyway (public).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_GET

from accounts.models import Player
from accounts.nicknames import bot_name
from games.kit.rerun import ACT, CLOCK, STOP
from games.models import Match, MatchArchive
from games.runtime.archive import analysed_games, archive_build, round_analysis_kept, round_analysis_send, round_ended
from games.runtime.catalogue import spec_for
from games.runtime.registry import game_for
from games.runtime.rooms import daily_kept_secret
from games.runtime.share import share_text
from games.selectors import room_is_listed
from wordlists.alphabets import LANGUAGE_NAMES


def _match(match_id: int) -> Match:
    match = Match.objects.select_related("room").filter(pk=match_id).first()
    if match is None:
        raise Http404(_("There is no such game."))
    if daily_kept_secret(match.room, timezone.now()):
        raise Http404(_("This game was a daily puzzle: its replay opens once its day is over everywhere."))
    return match


def _names(match: Match) -> list[dict[str, Any]]:
    """Who sat where, as the page shows them: nicknames and tags, bots by their names (never an e-mail)."""
    people = Player.objects.in_bulk([sitter["player"] for sitter in match.lineup if sitter.get("player")])
    seats = []
    for index, sitter in enumerate(match.lineup):
        player = people.get(sitter.get("player"))
        hidden = player is not None and player.page_hidden  # they asked not to be shown (players/views.py)
        seats.append(
            {
                "index": index,
                "kind": "player" if player else "bot",
                "nickname": (_("A player") if hidden else player.nickname) if player else bot_name(index),
                "url": player.get_absolute_url() if player and not hidden else None,
                "tag": player.tag if player and not hidden else None,
                "bot_level": sitter.get("bot") or None,
                "online": True,
                "is_you": False,
                "is_host": False,
            }
        )
    return seats


@require_GET
def match_replay(request, match_id: int):
    match = _match(match_id)
    spec = spec_for(match.game)
    archive = archive_build(match.pk) if match.status == Match.FINISHED else None
    context = {
        "match": match,
        "spec": spec,
        "game_name": spec.name,
        "seats": _names(match),
        "archive": archive,
        "stylesheets": [*spec.stylesheets, f"css/{match.game}.css"],
        "language_name": LANGUAGE_NAMES.get((match.room.settings or {}).get("language", "")),
        "aborted": bool((match.outcome or {}).get("aborted")),
        "live": match.status != Match.FINISHED,
        "watch_url": _watch_url(match),
        "dictionaries": dictionaries(match),
    }
    return render(request, "games/replay.html", context)


def _watch_url(match: Match) -> str | None:
    """Where to watch a match still being played: the lobby's own way in, for a room the lobby lists anyway."""
    if match.status == Match.FINISHED or not room_is_listed(match.room):
        return None
    return reverse("room_watch", args=[match.room.code])


def dictionaries(match: Match) -> list[tuple[str, str | None]]:
    """The word lists the match was played with and their versions, as its engine says its state recorded them
    for good (`word_lists`). Hidden-word lists are left out: their page gives nothing away, but the list a player
    checks words against is the valid one."""
    engine = game_for(match.game).engine
    return [
        (slug, version) for slug, version in engine.word_lists(engine.from_json(match.state)) if "hidden" not in slug
    ]


@require_GET
@gzip_page
def match_replay_data(request, match_id: int) -> JsonResponse:
    """The replay's frames, in the page's language: what static/js/replay.js plays."""
    match = _match(match_id)
    archive = archive_build(match.pk) if match.status == Match.FINISHED else None
    if archive is None or not archive.frames:
        raise Http404(_("This game has no replay."))
    seats = _names(match)
    return JsonResponse(_payload(match, archive, seats))


@require_GET
def match_share_data(request, match_id: int) -> JsonResponse:
    """What the asker may share of a finished match they played (games.runtime.share), in the page's language:
    `{"title", "text", "url"}`; 404 for anyone not seated, a match still played or aborted."""
    match = _match(match_id)
    player = request.player
    shared = share_text(match, player.pk if player else None, link=request.build_absolute_uri(replay_url(match.pk)))
    if shared is None:
        raise Http404(_("There is nothing of this game for you to share."))
    return JsonResponse(shared)


@require_GET
def round_analysis_data(request, match_id: int, number: int) -> JsonResponse:
    """A round's analysis for the round-end card of Duelo and the Torneo, in the page's language: per seat, its
    notes. Only what was made once is read (issue 31): a round that has ended but whose analysis the batch lane
    has not made yet answers 202 `{"pending": true}` (and the lane is asked for it, once); a round still played,
    or none, 404. Nothing of a round is told before it ends, and no request computes an analysis."""
    entry = round_analysis_kept(match_id, number)
    if entry is None:
        if not round_ended(match_id, number):
            raise Http404(_("This round has no analysis yet."))
        round_analysis_send(match_id, number)
        return JsonResponse({"round": number, "pending": True, "seats": []}, status=202)
    return JsonResponse(
        {"round": number, "seats": [{"seat": seat["seat"], "notes": _notes(seat)} for seat in entry.get("seats", [])]}
    )


def _payload(match: Match, archive: MatchArchive, seats: list[dict[str, Any]]) -> dict[str, Any]:
    analysis = archive.analysis or {}
    moves = analysis.get("moves", {})
    # The match is over (no archive before): each moment is shown with what its end revealed to everyone.
    engine = game_for(match.game).engine
    final = engine.from_json(match.state)
    frames = [
        {
            "v": frame["v"],
            "at": frame["at"],
            "view": engine.replay_view(frame["view"], final),
            "label": _label(frame["input"], seats),
            "notes": _notes(moves.get(str(frame["v"]), {})),
        }
        for frame in archive.frames
    ]
    summary = [
        {"nickname": seats[index]["nickname"], "notes": _notes(entry)}
        for index, entry in enumerate(analysis.get("summary", {}).get("seats", []))
        if index < len(seats) and entry
    ]
    return {
        "match_id": match.pk,
        "game": match.game,
        "room": {
            "type": "room",
            "v": 1,
            "room": {
                "code": "",  # never the room's (see the module's docstring)
                "game": match.game,
                "bot_levels": [],
                "invite_url": "",
                "status": "closed",
                "replay": True,  # the boards say "a replay", not "you are watching" (kit.js roomSeats)
                "settings": {**(match.room.settings or {}), "seats": len(seats)},
                "seats": seats,
                "you": {"seat": None, "is_host": False, "spectator": True},
                "spectators": 0,
                "people": [],
                "match_id": match.pk,
                "can_start": False,
                "quick_wait": False,
            },
        },
        "frames": frames,
        "analysed": archive.analysis is not None,
        "analysable": match.game in analysed_games(),
        "summary": summary,
        "stakes": None,
    }


def _label(made: dict[str, Any] | None, seats: list[dict[str, Any]]) -> str:
    if made is None:
        return _("The start")
    if made["kind"] == ACT and made.get("seat") is not None:
        return _("%(name)s moves") % {"name": seats[made["seat"]]["nickname"]}
    if made["kind"] == CLOCK:
        return _("The clock")
    if made["kind"] == STOP:
        return _("The match is stopped")
    return ""


def _notes(entry: dict[str, Any]) -> list[str]:
    """An analysis entry's notes in the page's language (their texts are marked with gettext_noop)."""
    texts = []
    for note in entry.get("notes", []):
        try:
            texts.append(_(note["text"]) % note.get("params", {}))
        except (KeyError, TypeError, ValueError):
            continue  # a note whose translation lost a placeholder is left out rather than shown broken
    return texts


def replay_url(match_id: int) -> str:
    return reverse("match_replay", args=[match_id])
