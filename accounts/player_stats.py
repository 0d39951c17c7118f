"""A player's statistics per game, for their public page (accounts/player_page.py, docs/player-page.md).

Two layers: pure functions over plain data (one `Played` per finished match, oldest first), tested as
tables without a database; and `player_statistics`, the one reader that builds those rows from the
player's MatchResult rows and, where a game keeps the facts only there, the finished match's stored state
(Torneo's duels, Wordgrid's plays, Letras Cruzadas' turns). Nothing here writes.

What each number counts:
- played, won, drawn: every finished match with a result for the player (an aborted match has none); a
  draw or a stopped match is not a win. Win rate: won / played, in whole percent.
- streaks: matches won in a row, in the order they finished, within one game. Current: the run that
  reaches the newest match (0 after anything but a win); best: the longest run ever.
- guess distribution (Duelo, Torneo): per round (Duelo) or duel (Torneo) the player took part in, how
  many guesses of theirs it took to solve the word ("1".."6"), or "x" when they did not solve it. A
  Torneo turn that ran out counts as one of the player's turns; a duel a player left or an admin stopped
  is not counted.
- average score (Wordgrid, Letras Cruzadas): the player's points per match, one decimal.
- best word: the player's highest-scoring word (Wordgrid: a word scores its length; Letras Cruzadas: the
  word's own points, premiums included, as the move's breakdown counted it), the first one on a tie.
- best move: the player's highest-scoring turn (Letras Cruzadas: every word it formed plus the star and
  bingo bonuses; in Wordgrid a move is one word, so it is the best word).
- partners (Claves a Dúo): per partner, matches played together and won together, most played first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from accounts.nicknames import bot_name

GUESS_BUCKETS = ("1", "2", "3", "4", "5", "6", "x")  # x: not solved
TORNEO_COUNTED_ENDS = ("solved", "draw")  # a forfeit (a player left) or a stop says nothing of guessing


@dataclass(frozen=True)
class Played:
    """One finished match of the player, as the statistics read it."""

    match_id: int
    game: str
    seat: int
    won: bool
    points: int
    finished_at: datetime
    draw: bool = False
    rounds: Sequence[Mapping[str, Any]] = ()  # Duelo: the player's rounds (MatchResult.details["rounds"])
    lineup: Sequence[Mapping[str, Any]] = ()  # who sat where: [{"player": id | None, "bot": level}]
    record: Any = None  # the part of the match's state a game's statistics read (STATE_PARTS)


@dataclass(frozen=True)
class Best:
    """A best word or move: its text, its points and the match it was played in."""

    text: str
    points: int
    match_id: int


@dataclass(frozen=True)
class Partner:
    name: str  # the nickname, or a bot's name
    tag: str  # "" for a bot
    player_id: int | None  # None for a bot
    played: int
    won: int


@dataclass
class GameStats:
    game: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    win_rate: int = 0  # whole percent
    current_streak: int = 0
    best_streak: int = 0
    distribution: dict[str, int] | None = None  # Duelo, Torneo
    distribution_max: int = 1
    average_score: float | None = None  # Wordgrid, Letras Cruzadas
    best_word: Best | None = None
    best_move: Best | None = None
    partners: list[Partner] = field(default_factory=list)  # Claves a Dúo

    @property
    def lost(self) -> int:
        return self.played - self.won - self.drawn


# -- pure parts --------------------------------------------------------------------------------------------


def streaks(wins: Iterable[bool]) -> tuple[int, int]:
    """(current, best) runs of wins, `wins` oldest first."""
    current = best = 0
    for won in wins:
        current = current + 1 if won else 0
        best = max(best, current)
    return current, best


def win_rate(played: int, won: int) -> int:
    return round(100 * won / played) if played else 0


def duelo_guesses(rounds: Iterable[Mapping[str, Any]]) -> list[str]:
    """The bucket of each of a Duelo player's rounds: the guesses it took, or "x" when not solved."""
    return [str(r.get("guesses")) if r.get("solved") else "x" for r in rounds]


def torneo_guesses(rounds: Iterable[Mapping[str, Any]] | None, seat: int) -> list[str]:
    """The bucket of each Torneo duel `seat` played (the stored state's "rounds"): its own turns up to the
    solve when it solved the word, else "x"."""
    buckets = []
    for round_ in rounds or ():
        for duel in round_.get("duels", ()):
            if seat not in duel.get("seats", ()) or duel.get("end") not in TORNEO_COUNTED_ENDS:
                continue
            if duel.get("end") == "solved" and duel.get("winner") == seat:
                buckets.append(str(sum(1 for row in duel.get("rows", ()) if row.get("seat") == seat)))
            else:
                buckets.append("x")
    return buckets


def distribution(buckets: Iterable[str]) -> dict[str, int]:
    counts = dict.fromkeys(GUESS_BUCKETS, 0)
    for bucket in buckets:
        if bucket in counts:
            counts[bucket] += 1
    return counts


def wordgrid_words(plays: Iterable[Mapping[str, Any]] | None, seat: int) -> list[tuple[str, int]]:
    """(word, points) of each of `seat`'s Wordgrid plays (the stored state's "plays"): a word scores its length."""
    return [(p["word"], len(p["word"])) for p in plays or () if p.get("seat") == seat and p.get("word")]


def cruzadas_words(history: Iterable[Mapping[str, Any]] | None, seat: int) -> list[tuple[str, int]]:
    """(word, points) of every word `seat` formed in Letras Cruzadas (the stored state's "history" turns'
    breakdowns)."""
    return [
        (line["word"], int(line["points"]))
        for turn in history or ()
        if turn.get("seat") == seat and turn.get("kind") == "place"
        for line in turn.get("breakdown", ())
        if line.get("kind") == "word" and line.get("word")
    ]


def cruzadas_moves(history: Iterable[Mapping[str, Any]] | None, seat: int) -> list[tuple[str, int]]:
    """(words, points) of each of `seat`'s Letras Cruzadas placements: the words it formed, main word first."""
    return [
        (" + ".join(turn.get("words", ())), int(turn.get("points", 0)))
        for turn in history or ()
        if turn.get("seat") == seat and turn.get("kind") == "place"
    ]


def best_of(candidates: Iterable[tuple[str, int, int]]) -> Best | None:
    """The highest-scoring (text, points, match id), the first one on a tie."""
    best: Best | None = None
    for text, points, match_id in candidates:
        if best is None or points > best.points:
            best = Best(text=text, points=points, match_id=match_id)
    return best


def partner_records(games: Iterable[Played], names: Mapping[int, tuple[str, str]]) -> list[Partner]:
    """Claves a Dúo: per partner (the other seat), played and won together; most played, then most won first.
    `names`: player id -> (nickname, tag)."""
    tally: dict[tuple[int | None, str], list[int]] = {}
    for game in games:
        for index, sitter in enumerate(game.lineup):
            if index == game.seat:
                continue
            player_id = sitter.get("player")
            key = (player_id, "") if player_id is not None else (None, bot_name(index))
            counts = tally.setdefault(key, [0, 0])
            counts[0] += 1
            counts[1] += int(game.won)
    partners = []
    for (player_id, bot), (played, won) in tally.items():
        name, tag = names.get(player_id, ("?", "")) if player_id is not None else (bot, "")
        partners.append(Partner(name=name, tag=tag, player_id=player_id, played=played, won=won))
    return sorted(partners, key=lambda p: (-p.played, -p.won, p.name.casefold(), p.tag))


def game_statistics(game: str, games: Sequence[Played], names: Mapping[int, tuple[str, str]]) -> GameStats:
    """One game's statistics from the player's matches of it, oldest first."""
    stats = GameStats(game=game, played=len(games))
    stats.won = sum(1 for g in games if g.won)
    stats.drawn = sum(1 for g in games if g.draw and not g.won)
    stats.win_rate = win_rate(stats.played, stats.won)
    stats.current_streak, stats.best_streak = streaks(g.won for g in games)
    if game in ("duelo", "torneo"):
        if game == "duelo":
            buckets = [b for g in games for b in duelo_guesses(g.rounds)]
        else:
            buckets = [b for g in games for b in torneo_guesses(g.record, g.seat)]
        stats.distribution = distribution(buckets)
        stats.distribution_max = max(stats.distribution.values()) or 1
    if game in ("wordgrid", "cruzadas") and games:
        stats.average_score = round(sum(g.points for g in games) / len(games), 1)
        if game == "wordgrid":
            words = [(w, p, g.match_id) for g in games for w, p in wordgrid_words(g.record, g.seat)]
            stats.best_word = stats.best_move = best_of(words)
        else:
            stats.best_word = best_of((w, p, g.match_id) for g in games for w, p in cruzadas_words(g.record, g.seat))
            stats.best_move = best_of((w, p, g.match_id) for g in games for w, p in cruzadas_moves(g.record, g.seat))
    if game == "claves":
        stats.partners = partner_records(games, names)
    return stats


# -- the reader --------------------------------------------------------------------------------------------

# The key of the stored match state (Match.state) a game's statistics read, only that part being loaded.
STATE_PARTS = {"torneo": "rounds", "wordgrid": "plays", "cruzadas": "history"}


def player_statistics(player, game: str | None = None) -> list[GameStats]:
    """The statistics of every game the player has finished a match of (or of `game` only), in the
    catalogue's order."""
    from django.db.models.fields.json import KeyTransform

    from accounts.models import Player
    from games.models import Match, MatchResult
    from games.runtime.catalogue import game_slugs

    results = MatchResult.objects.filter(player=player)
    if game is not None:
        results = results.filter(game=game)
    rows = list(
        results.order_by("finished_at", "pk").values(
            "match_id", "game", "seat", "won", "points", "details", "finished_at", "match__lineup"
        )
    )
    records: dict[int, Any] = {}
    for slug, key in STATE_PARTS.items():
        ids = [row["match_id"] for row in rows if row["game"] == slug]
        if ids:
            parts = Match.objects.filter(pk__in=ids).annotate(part=KeyTransform(key, "state"))
            records.update(parts.values_list("pk", "part"))
    claves_partners = {
        sitter.get("player")
        for row in rows
        if row["game"] == "claves"
        for sitter in row["match__lineup"] or ()
        if sitter.get("player") is not None
    }
    names = {
        pk: (nickname, tag)
        for pk, nickname, tag in Player.objects.filter(pk__in=claves_partners).values_list("pk", "nickname", "tag")
    }
    by_game: dict[str, list[Played]] = {}
    for row in rows:
        details = row["details"] or {}
        by_game.setdefault(row["game"], []).append(
            Played(
                match_id=row["match_id"],
                game=row["game"],
                seat=row["seat"],
                won=row["won"],
                points=row["points"],
                finished_at=row["finished_at"],
                draw=bool(details.get("draw")),
                rounds=details.get("rounds") or (),
                lineup=row["match__lineup"] or (),
                record=_parsed(records.get(row["match_id"])),
            )
        )
    return [game_statistics(slug, by_game[slug], names) for slug in game_slugs() if slug in by_game]


def _parsed(part: Any) -> Any:
    """A key of a JSON column comes back parsed from PostgreSQL's jsonb, as text from SQLite's."""
    if isinstance(part, str):
        import json

        return json.loads(part)
    return part
