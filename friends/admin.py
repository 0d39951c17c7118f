"""Friendships, requests and blocks, readable by operators (issue 36). Only friends.services writes them: a
player's own buttons, never an edit here."""

from django.contrib import admin

from friends.models import Block, FriendRequest, Friendship
from toolkit.readonly_admin import ReadOnlyAdmin


@admin.register(Friendship)
class FriendshipAdmin(ReadOnlyAdmin):
    list_display = ("low", "high", "created_at")
    list_select_related = ("low", "high")
    search_fields = ("low__nickname", "high__nickname")
    date_hierarchy = "created_at"


@admin.register(FriendRequest)
class FriendRequestAdmin(ReadOnlyAdmin):
    list_display = ("sender", "receiver", "status", "created_at", "answered_at")
    list_filter = ("status",)
    list_select_related = ("sender", "receiver")
    search_fields = ("sender__nickname", "receiver__nickname")


@admin.register(Block)
class BlockAdmin(ReadOnlyAdmin):
    list_display = ("blocker", "blocked", "created_at")
    list_select_related = ("blocker", "blocked")
    search_fields = ("blocker__nickname", "blocked__nickname")
