"""Challenges in Django admin, for operators: read-only (they change only through challenges.services). A challenge
never delivered (a block between the pair) is marked, so an operator answering "my challenge never arrived" sees why."""

from django.contrib import admin

from challenges.models import Challenge
from toolkit.readonly_admin import ReadOnlyAdmin


@admin.register(Challenge)
class ChallengeAdmin(ReadOnlyAdmin):
    list_display = ["pk", "challenger", "challenged", "game", "rated", "stake", "status", "delivered", "expires_at"]
    list_filter = ["status", "game", "delivered", "rated"]
    search_fields = ["challenger__nickname", "challenged__nickname"]
    list_select_related = ["challenger", "challenged"]
