"""The games' answers to the wallet's questions about matches (wallet/directory.py), registered at start-up.

The wallet knows a match only by its reference ("match-<id>"); these read the Match rows for it."""

from __future__ import annotations

from datetime import datetime

from django.urls import reverse
from django.utils.translation import gettext

from games.models import Match, MatchEvent
from games.runtime.catalogue import spec_for
from wallet.directory import MatchInfo, ResignCounts

REF_PREFIX = "match-"


def _ended(match: Match) -> str:
    outcome = match.outcome or {}
    if outcome.get("draw"):
        return "draw"
    details = outcome.get("details") or {}
    if details.get("aborted"):
        return "aborted"
    if outcome.get("stopped"):
        return "stopped"
    return ""


def match_info(match_refs: list[str]) -> dict[str, MatchInfo]:
    ids = {
        int(ref[len(REF_PREFIX) :]): ref
        for ref in match_refs
        if ref.startswith(REF_PREFIX) and ref[len(REF_PREFIX) :].isdigit()
    }
    found = {}
    for match in Match.objects.filter(pk__in=ids).select_related("room"):
        try:
            name = gettext(spec_for(match.game).name)
        except KeyError:
            name = match.game
        url = reverse("room", kwargs={"code": match.room.code})
        found[ids[match.pk]] = MatchInfo(game=name, url=url, ended=_ended(match))
    return found


def resign_counts(player_ids: list[int], since: datetime) -> dict[int, ResignCounts]:
    """Per player: staked games finished since `since`, and how many of them they resigned after at most one
    move of their own (a resign event for their seat, and at most one `word_played` of that seat)."""
    wanted = set(player_ids)
    staked = Match.objects.filter(stake__gt=0, status=Match.FINISHED, finished_at__gte=since)
    counts: dict[int, list[int]] = {}
    resigned = {
        (row["match_id"], row["data__seat"])
        for row in MatchEvent.objects.filter(match__in=staked, kind="resigned").values("match_id", "data__seat")
    }
    played: dict[tuple[int, int], int] = {}
    for match_id, seat in MatchEvent.objects.filter(match__in=staked, kind="word_played").values_list(
        "match_id", "data__seat"
    ):
        played[(match_id, seat)] = played.get((match_id, seat), 0) + 1
    for match in staked.only("pk", "lineup"):
        for seat, sitter in enumerate(match.lineup):
            player_id = sitter.get("player")
            if player_id not in wanted:
                continue
            tally = counts.setdefault(player_id, [0, 0])
            tally[0] += 1
            if (match.pk, seat) in resigned and played.get((match.pk, seat), 0) <= 1:
                tally[1] += 1
    return {player_id: ResignCounts(staked=n, quick_resigns=q) for player_id, (n, q) in counts.items()}


def register() -> None:
    from wallet import directory

    directory.register(matches=match_info, resigns=resign_counts)
