"""The only code that changes a rating (HackSoft style: keyword-only <entity>_<action>)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from ratings.models import Rating, RatingChange


def rating_apply(*, game: str, match, changes: dict[int, tuple[int, int | None]]) -> list[RatingChange]:
    """Apply each player's (delta, place) for one finished match, and record it in the history.

    Idempotent per (player, match): a second call for the same match (a retried task, a repeated
    timer) changes nothing and returns no new rows. Returns the changes made by this call, by player id.
    The rows are locked in player-id order, so two matches with the same players cannot deadlock and
    each delta lands on the value the other left.
    """
    if not changes:
        return []
    player_ids = sorted(changes)
    with transaction.atomic():
        # Missing rows start at START_RATING; ON CONFLICT DO NOTHING waits for a concurrent creator.
        Rating.objects.bulk_create([Rating(player_id=pid, game=game) for pid in player_ids], ignore_conflicts=True)
        ratings = {
            rating.player_id: rating
            for rating in Rating.objects.select_for_update()
            .filter(game=game, player_id__in=player_ids)
            .order_by("player_id")
        }
        done: set[int] = set()
        if match is not None:
            # Read after taking the locks: a concurrent call for this match has committed by now.
            done = set(
                RatingChange.objects.filter(match=match, player_id__in=player_ids).values_list("player_id", flat=True)
            )
        made = []
        for player_id in player_ids:
            if player_id in done:
                continue
            delta, place = changes[player_id]
            rating = ratings[player_id]
            before = rating.value
            rating.value = before + int(delta)
            rating.games += 1
            rating.save(update_fields=["value", "games", "updated_at"])
            made.append(
                RatingChange(
                    player_id=player_id,
                    game=game,
                    match=match,
                    before=before,
                    after=rating.value,
                    delta=int(delta),
                    place=place,
                )
            )
        # The unique constraint on (player, match) is the last guard if the check above were bypassed.
        return RatingChange.objects.bulk_create(made)


def glicko_apply(
    *, game: str, match, results: dict[int, list[tuple[int, float]]], places: dict[int, int | None], now=None
) -> list[RatingChange]:
    """Apply one finished match to its players' Glicko-2 ratings (ratings.games.is_glicko), in the caller's
    transaction.

    `results`: per player id, the games they played in it: (opponent's player id, score 1 / 0.5 / 0); Duelo gives
    every other person at the table. Every update reads everyone's rating as it was before this match (their
    deviation grown by the time since their last rated game: ratings.selectors.glicko_now), so the order of the
    players changes nothing. Idempotent per (player, match) as rating_apply, and locked in the same order.
    """
    from ratings import glicko2
    from ratings.selectors import glicko_now, periods_since

    if not results:
        return []
    now = now or timezone.now()
    player_ids = sorted(results)
    with transaction.atomic():
        start = round(glicko2.START_RATING)
        Rating.objects.bulk_create(
            [Rating(player_id=pid, game=game, value=start) for pid in player_ids], ignore_conflicts=True
        )
        rows = {
            row.player_id: row
            for row in Rating.objects.select_for_update()
            .filter(game=game, player_id__in=player_ids)
            .order_by("player_id")
        }
        done = set()
        if match is not None:
            done = set(
                RatingChange.objects.filter(match=match, player_id__in=player_ids).values_list("player_id", flat=True)
            )
        if done >= set(player_ids):
            return []
        current = {pid: glicko_now(row, now) for pid, row in rows.items()}
        made = []
        for player_id in player_ids:
            if player_id in done:
                continue
            row = rows[player_id]
            mine = glicko2.Glicko(
                row.exact if row.exact is not None else glicko2.START_RATING,
                row.deviation if row.deviation is not None else glicko2.START_DEVIATION,
                row.volatility if row.volatility is not None else glicko2.START_VOLATILITY,
            )
            periods = periods_since(row.rated_at, now) if row.rated_at is not None else 1.0
            new = glicko2.rate(mine, [(current[other], score) for other, score in results[player_id]], periods)
            before = row.value
            row.exact, row.deviation, row.volatility = new.rating, new.deviation, new.volatility
            row.value, row.rated_at = round(new.rating), now
            row.games += 1
            row.save(update_fields=["value", "exact", "deviation", "volatility", "rated_at", "games", "updated_at"])
            made.append(
                RatingChange(
                    player_id=player_id,
                    game=game,
                    match=match,
                    before=before,
                    after=row.value,
                    delta=row.value - before,
                    place=places.get(player_id),
                    deviation=new.deviation,
                )
            )
        return RatingChange.objects.bulk_create(made)
