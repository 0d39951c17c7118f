"""Group pages: /g/<CODE>/ joins the group (a newcomer picks a nickname first) and shows it live; the
organizer's forms post here. Errors come back as messages on the group page and change nothing."""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.decorators import player_required
from games.runtime.rooms import normalise_code
from lobby import parties, selectors
from lobby.errors import GameError, error_text, lobby_error
from lobby.forms import TORNEO_LANGUAGE_NAMES, TorneoLanguageForm, default_word_language
from lobby.matchmaking import WINDOW, span
from lobby.models import Party, PartyMember

PARTS = ("party-members", "party-status", "party-controls")
# While someone of the group is still in a tournament the page asks again this often: their places are
# fixed inside the match service, which knows nothing of groups, so nothing would tell the page.
POLL_SECONDS = 5


def _party(code: str) -> Party:
    return get_object_or_404(Party, code=normalise_code(code))


def _context(request, party: Party) -> dict:
    members = selectors.party_members(party)
    ticket = selectors.party_ticket(party)
    ids = [member.player.pk for member in members]
    still_in = [member for member in members if member.still_in]
    spread = span([member.rating for member in members])
    return {
        "party": party,
        "members": members,
        "seats_left": Party.MAX_MEMBERS - len(members),
        "is_organizer": party.organizer_id == request.player.pk,
        "organizer": next((member.player for member in members if member.is_organizer), None),
        "language_name": TORNEO_LANGUAGE_NAMES.get(party.language, party.language),
        "languages": TORNEO_LANGUAGE_NAMES,
        "waiting": ticket is not None,
        "span": spread,
        "window": WINDOW,
        "rated_allowed": spread <= WINDOW,
        "in_window": selectors.waiting_in_window(
            language=party.language, exclude=ids, ratings=[member.rating for member in members]
        )
        if members
        else 0,
        "still_in": still_in,
        "playing_rooms": selectors.torneo_rooms_of(ids) if still_in else [],
        "queued_alone": [member for member in members if member.queued_alone],
        "invite_url": request.build_absolute_uri(f"/g/{party.code}/"),
        "poll": POLL_SECONDS if still_in else None,
    }


@require_POST
@player_required
def party_new(request):
    form = TorneoLanguageForm(request.POST)
    language = form.cleaned_data["language"] if form.is_valid() else default_word_language()
    party = parties.party_create(player=request.player, language=language)
    return redirect("party", code=party.code)


@require_GET
@player_required
def party_page(request, code: str):
    """Opening the link joins the group; a full group says so and changes nothing."""
    party = _party(code)
    try:
        if parties.party_join(party=party, player=request.player):
            messages.info(
                request, _("The group changed, so its search for a tournament stopped. The organizer can start again.")
            )
    except GameError as error:
        return render(request, "lobby/party_closed.html", {"party": party, "error": error_text(error)}, status=409)
    context = _context(request, party)
    return render(request, "lobby/party.html", {**context, "parts": PARTS})


@require_GET
@player_required
def party_live(request, code: str):
    """The group page's changing parts for this member, and how soon to ask again (null: wait for
    the socket)."""
    party = _party(code)
    if not PartyMember.objects.filter(party=party, player=request.player).exists():
        return JsonResponse({"error": error_text(lobby_error("not_member"))}, status=403)
    context = _context(request, party)
    parts = {
        name: render_to_string(f"lobby/parts/{name.replace('-', '_')}.html", context, request=request) for name in PARTS
    }
    return JsonResponse({"parts": parts, "poll": context["poll"]})


def _organizer_action(request, code: str, action) -> object:
    party = _party(code)
    try:
        room = action(party)
    except GameError as error:
        messages.error(request, error_text(error))
        return redirect("party", code=party.code)
    if room is not None:
        return redirect("room", code=room.code)
    return redirect("party", code=party.code)


@require_POST
@player_required
def party_language(request, code: str):
    form = TorneoLanguageForm(request.POST)

    def change(party):
        if not form.is_valid():
            raise lobby_error("bad_language")
        parties.party_set_language(party=party, by=request.player, language=form.cleaned_data["language"])

    return _organizer_action(request, code, change)


@require_POST
@player_required
def party_practice(request, code: str):
    return _organizer_action(
        request,
        code,
        lambda party: parties.party_start_practice(party=party, by=request.player, interface_language=get_language()),
    )


@require_POST
@player_required
def party_rated(request, code: str):
    return _organizer_action(
        request,
        code,
        lambda party: parties.party_start_rated(party=party, by=request.player, interface_language=get_language()),
    )


@require_POST
@player_required
def party_cancel(request, code: str):
    return _organizer_action(request, code, lambda party: parties.party_cancel(party=party, by=request.player))


@require_POST
@player_required
def party_leave(request, code: str):
    parties.party_leave(party=_party(code), player=request.player)
    return redirect("lobby")
