"""What the daily pages read: a player's plays, statistics and streaks."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime
from typing import Any

from django.db.models import QuerySet

from accounts.models import Player
from daily import streaks
from daily.models import Play, Puzzle
from daily.registry import all_dailies
from games.kit.words import WordSource


def play_of(player: Player | None, puzzle: Puzzle) -> Play | None:
    if player is None:
        return None
    return Play.objects.filter(player=player, puzzle=puzzle).first()


def _finished(player: Player) -> QuerySet[Play]:
    return Play.objects.filter(player=player, finished_at__isnull=False).select_related("puzzle")


def game_statistics(player: Player, game: str, today: date) -> streaks.Statistics:
    """One game's dailies finished by `player`: counts, distribution, streak (each date once: a date's puzzles in
    several variants, Duelo's languages, make one day of the streak)."""
    plays = _finished(player).filter(puzzle__game=game).order_by("puzzle__day")
    return streaks.statistics(((play.puzzle.day, play.archive, play.result or {}) for play in plays), today)


def five_streak(player: Player, today: date) -> streaks.Streak:
    """The Daily Five's streak: the dates on which every daily was finished on its date."""
    by_game: dict[str, set[date]] = defaultdict(set)
    for game, day in _finished(player).filter(archive=False).values_list("puzzle__game", "puzzle__day"):
        by_game[game].add(day)
    return streaks.streak(streaks.all_done_days(by_game, list(all_dailies())), today)


def results_by_day(player: Player, first: date, last: date) -> dict[tuple[str, date], list[Play]]:
    """The player's plays of the dates first..last, by (game, date): the archive's calendar."""
    found: dict[tuple[str, date], list[Play]] = defaultdict(list)
    for play in Play.objects.filter(player=player, puzzle__day__range=(first, last)).select_related("puzzle"):
        found[(play.puzzle.game, play.puzzle.day)].append(play)
    return found


def friends_of(player: Player) -> list[Player]:
    """The people whose dailies a player compares with: the members of their group (lobby's party; a player is
    in one at most), themselves included. Friends (issue 36) will join them."""
    from lobby.models import PartyMember

    membership = PartyMember.objects.filter(player=player).first()
    if membership is None:
        return [player]
    return [
        member.player for member in PartyMember.objects.filter(party_id=membership.party_id).select_related("player")
    ]


def _rank_key(play: Play) -> tuple[bool, int, int, datetime | None]:
    result = play.result or {}
    return (not result.get("won"), -int(result.get("score", 0)), int(result.get("steps", 0)), play.finished_at)


def day_board(player: Player, puzzle: Puzzle) -> list[dict[str, Any]]:
    """The day's board among the player's group: who finished this puzzle and how (best first), who is under way,
    who has not begun. Only plays on their date count (an archive play is no race)."""
    people = friends_of(player)
    plays = {play.player_id: play for play in Play.objects.filter(puzzle=puzzle, player__in=people, archive=False)}
    finished = sorted((play for play in plays.values() if play.finished_at), key=_rank_key)
    rows: list[dict[str, Any]] = [
        {"player": play.player_id, "play": play, "rank": rank} for rank, play in enumerate(finished, start=1)
    ]
    for person in people:
        play = plays.get(person.pk)
        if play is None or not play.finished_at:
            rows.append({"player": person.pk, "play": play, "rank": None})
    names = {person.pk: person for person in people}
    for row in rows:
        row["person"] = names[row["player"]]
    return rows


def ghost(puzzle: Puzzle, play: Play, words: WordSource) -> list[dict[str, Any]]:
    """A finished play move by move: the game's view after each of its actions, replayed through the game's daily
    module from the player's options (the same rules give the same states)."""
    from daily.registry import daily_for
    from games.runtime.catalogue import spec_for

    module = daily_for(puzzle.game)
    tools = spec_for(puzzle.game).engine_kwargs()
    state = module.start(puzzle.data, play.options)
    views = []
    for action in play.actions:
        state = module.apply(puzzle.data, state, action, words=words, **tools)
        views.append(module.view(puzzle.data, state))
    return views


def daily_summary(player: Player, today: date) -> dict[str, Any]:
    """What a player's page shows of their dailies: each game they played (its statistics and streaks) and the
    Daily Five's streak; None-like (no games) when they never finished one."""
    games = []
    for slug in all_dailies():
        stats = game_statistics(player, slug, today)
        if stats.played:
            games.append({"game": slug, "stats": stats})
    return {"games": games, "five": five_streak(player, today)}
