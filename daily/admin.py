"""The daily puzzles in the admin, read-only (only daily.services writes them): operators see the puzzles made
ahead, the commitments and the plays. The salt is left out of the list: it is secret until its date is over."""

from django.contrib import admin

from daily.models import Commitment, Play, Puzzle
from toolkit.readonly_admin import ReadOnlyAdmin


@admin.register(Puzzle)
class PuzzleAdmin(ReadOnlyAdmin):
    list_display = ("day", "game", "variant", "made_at")
    list_filter = ("game", "variant")
    date_hierarchy = "day"


@admin.register(Commitment)
class CommitmentAdmin(ReadOnlyAdmin):
    list_display = ("day", "game", "digest", "made_at")
    list_filter = ("game",)
    exclude = ("salt",)


@admin.register(Play)
class PlayAdmin(ReadOnlyAdmin):
    list_display = ("player", "puzzle", "archive", "started_at", "finished_at")
    list_filter = ("archive", "puzzle__game")
    raw_id_fields = ("player", "puzzle")
