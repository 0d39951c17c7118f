"""Notifications and devices' push subscriptions, readable by operators (issue 36). Only notifications.services and
a player's own settings page write them. A subscription's endpoint is a secret capability URL (whoever holds it
with the keys can push to the device): the list shows its push service's host only."""

from urllib.parse import urlsplit

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from notifications.models import Notification, PushSubscription
from toolkit.readonly_admin import ReadOnlyAdmin


@admin.register(Notification)
class NotificationAdmin(ReadOnlyAdmin):
    list_display = ("player", "kind", "created_at", "read_at")
    list_filter = ("kind",)
    list_select_related = ("player",)
    search_fields = ("player__nickname",)
    date_hierarchy = "created_at"


@admin.register(PushSubscription)
class PushSubscriptionAdmin(ReadOnlyAdmin):
    list_display = ("player", "push_service", "user_agent", "created_at", "last_ok")
    list_select_related = ("player",)
    search_fields = ("player__nickname",)
    fields = ("player", "push_service", "user_agent", "created_at", "last_ok")
    readonly_fields = fields

    @admin.display(description=_("push service"))
    def push_service(self, subscription: PushSubscription) -> str:
        return urlsplit(subscription.endpoint).hostname or ""
