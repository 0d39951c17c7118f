"""Groups and the tournament queue in Django admin, for operators: read-only (they change only through
lobby.parties and lobby.tournament_queue), with one action that goes through the service: take stuck
tickets out of the queue."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from lobby.models import Party, PartyMember, TicketPlayer, TournamentTicket
from lobby.tournament_queue import ticket_withdraw
from toolkit.readonly_admin import ReadOnlyAdmin, ReadOnlyInline


class MemberInline(ReadOnlyInline):
    model = PartyMember
    fields = readonly_fields = ("player", "joined_at")


class TicketPlayerInline(ReadOnlyInline):
    model = TicketPlayer
    fields = readonly_fields = ("player", "rating")


@admin.register(Party)
class PartyAdmin(ReadOnlyAdmin):
    list_display = ["code", "organizer", "language", "member_count", "created_at"]
    list_filter = ["language"]
    search_fields = ["code", "organizer__nickname", "members__player__nickname"]
    list_select_related = ["organizer"]
    inlines = [MemberInline]

    @admin.display(description=_("members"))
    def member_count(self, party):
        return party.members.count()


@admin.register(TournamentTicket)
class TournamentTicketAdmin(ReadOnlyAdmin):
    list_display = ["pk", "language", "party", "people", "ratings", "created_at"]
    list_filter = ["language"]
    search_fields = ["party__code", "players__player__nickname"]
    list_select_related = ["party"]
    inlines = [TicketPlayerInline]
    actions = ["withdraw"]

    @admin.display(description=_("people"))
    def people(self, ticket):
        return ", ".join(str(held.player) for held in ticket.players.select_related("player"))

    @admin.display(description=_("ratings"))
    def ratings(self, ticket):
        values = [held.rating for held in ticket.players.all()]
        return f"{min(values)}–{max(values)}" if values else "-"

    @admin.action(description=_("Take the selected tickets out of the queue"))
    def withdraw(self, request, queryset):
        taken = sum(1 for ticket_id in queryset.values_list("pk", flat=True) if ticket_withdraw(ticket_id=ticket_id))
        self.message_user(request, _("%(count)d tickets taken out of the queue.") % {"count": taken}, messages.SUCCESS)

    def has_change_permission(self, request, obj=None):
        # The change page shows the ticket's people; every field is read-only. Actions need the right.
        return request.user.is_staff and request.method in ("GET", "HEAD")

    def get_actions(self, request):
        return super().get_actions(request) if request.user.has_perm("lobby.change_tournamentticket") else {}
