"""The only code that changes a rating (HackSoft style: keyword-only <entity>_<action>)."""

from __future__ import annotations

from django.db import transaction

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
