"""The moderation queue (issue 36): reports newest first, each with its message, the messages before it and
who reported it; the actions go through chat.moderation, which writes the log. The log is read-only."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import admin, messages
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from chat import moderation
from chat.models import ChatBan, ModerationLog, Report
from toolkit.readonly_admin import ReadOnlyAdmin


@admin.register(Report)
class ReportAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "reason", "reported_text", "author", "reporter", "status")
    list_filter = ("status", "reason")
    ordering = ("-created_at", "-id")
    list_select_related = ("message__author", "reporter")
    fields = ("created_at", "reason", "note", "reporter", "author", "status", "context_shown", "reported_text")
    readonly_fields = fields
    actions = ["hide_message", "mute_author_hour", "mute_author_day", "mute_author_week", "ban_author", "dismiss"]

    @admin.display(description=_("message"))
    def reported_text(self, report: Report) -> str:
        return format_html("<strong data-testid='reported-text'>{}</strong>", report.message.text)

    @admin.display(description=_("author"))
    def author(self, report: Report) -> str:
        return f"{report.message.author.nickname} #{report.message.author.tag}"

    @admin.display(description=_("context (the messages before it)"))
    def context_shown(self, report: Report) -> str:
        if not report.context:
            return "—"
        return format_html(
            "<ol data-testid='report-context'>{}</ol>",
            format_html_join("", "<li>{}: {}</li>", ((line["author"], line["text"]) for line in report.context)),
        )

    def has_change_permission(self, request, obj=None):  # the detail page is read, its actions are the list's
        return False

    def _each(self, request, queryset, act, done) -> None:
        for report in queryset.select_related("message__author", "message__room", "message__party"):
            act(report, request.user)
        self.message_user(request, done, messages.SUCCESS)

    @admin.action(description=_("Hide the message"))
    def hide_message(self, request, queryset):
        self._each(request, queryset, moderation.hide, _("Hidden."))

    @admin.action(description=_("Mute the author from chat for 1 hour"))
    def mute_author_hour(self, request, queryset):
        self._each(request, queryset, lambda r, m: moderation.restrict(r, m, timedelta(hours=1)), _("Muted."))

    @admin.action(description=_("Mute the author from chat for 1 day"))
    def mute_author_day(self, request, queryset):
        self._each(request, queryset, lambda r, m: moderation.restrict(r, m, timedelta(days=1)), _("Muted."))

    @admin.action(description=_("Mute the author from chat for 7 days"))
    def mute_author_week(self, request, queryset):
        self._each(request, queryset, lambda r, m: moderation.restrict(r, m, timedelta(days=7)), _("Muted."))

    @admin.action(description=_("Ban the author from chat"))
    def ban_author(self, request, queryset):
        self._each(request, queryset, lambda r, m: moderation.restrict(r, m, None), _("Banned."))

    @admin.action(description=_("Dismiss the report"))
    def dismiss(self, request, queryset):
        self._each(request, queryset, moderation.dismiss, _("Dismissed."))


@admin.register(ModerationLog)
class ModerationLogAdmin(ReadOnlyAdmin):
    list_display = ("at", "moderator", "action", "target", "until", "reason")
    list_filter = ("action",)


@admin.register(ChatBan)
class ChatBanAdmin(ReadOnlyAdmin):
    list_display = ("player", "until", "reason", "created_at")
