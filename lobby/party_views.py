"""Group pages: /g/<CODE>/ shows a member the group live, and anyone else the invitation whose button
(a POST) joins the group (a newcomer picks a nickname on it); the organizer's forms post here. Errors
come back as messages on the group page and change nothing."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.decorators import player_required
from accounts.forms import GuestForm
from accounts.guests import guest_sign_in
from accounts.nicknames import NicknameError
from games.lookups import lookup_allowed, too_many_lookups
from games.runtime.catalogue import spec_for
from games.runtime.rooms import normalise_code
from lobby import parties, selectors
from lobby.errors import GameError, error_text, lobby_error
from lobby.forms import WordLanguageForm
from lobby.game_ways import tournament_game
from lobby.matchmaking import WINDOW, span
from lobby.models import Party, PartyMember
from lobby.ways import word_language_for

PARTS = ("party-members", "party-status", "party-controls")
# While someone of the group is still in a tournament the page asks again this often: their places are
# fixed inside the match service, which knows nothing of groups, so nothing would tell the page.
POLL_SECONDS = 5


def _languages() -> Mapping[str, str]:
    """The word languages of the tournament a group plays (each by its own name)."""
    return spec_for(tournament_game()).word_languages


def _party(request, code: str) -> Party | HttpResponse:
    """The group of this code for a member; for anyone else a code look-up that counts against their
    address (games.lookups): a refused or unknown code says nothing of any group."""
    party = Party.objects.filter(code=normalise_code(code)).first()
    if party is not None and request.player and PartyMember.objects.filter(party=party, player=request.player).exists():
        return party
    if not lookup_allowed(request):
        return too_many_lookups(request)
    if party is None:
        raise Http404("no such group")
    return party


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
        "language_name": _languages().get(party.language, party.language),
        "languages": _languages(),
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
        "playing_rooms": selectors.tournament_rooms_of(ids) if still_in else [],
        "queued_alone": [member for member in members if member.queued_alone],
        "invite_url": request.build_absolute_uri(f"/g/{party.code}/"),
        "poll": POLL_SECONDS if still_in else None,
    }


@require_POST
@player_required
def party_new(request):
    form = WordLanguageForm(request.POST, game=tournament_game())
    language = form.cleaned_data["language"] if form.is_valid() else word_language_for(tournament_game())
    party = parties.party_create(player=request.player, language=language)
    return redirect("party", code=party.code)


@require_http_methods(["GET", "POST"])
def party_page(request, code: str):
    """The group page for its members. Anyone else (the invite link) gets the invitation: who invites
    them, and a button that joins (a POST: a link or an image elsewhere moves nobody into a group). A
    newcomer picks a nickname on the same page. A full group says so and changes nothing."""
    party = _party(request, code)
    if isinstance(party, HttpResponse):
        return party
    member = bool(request.player) and PartyMember.objects.filter(party=party, player=request.player).exists()
    if request.method == "POST":
        return _party_enter(request, party) if not member else redirect("party", code=party.code)
    if not member:
        return _invitation(request, party, GuestForm() if not request.player else None)
    context = _context(request, party)
    return render(request, "lobby/party.html", {**context, "parts": PARTS})


def _party_enter(request, party: Party):
    if not request.player:
        form = GuestForm(request.POST)
        if not form.is_valid():
            return _invitation(request, party, form, status=400)
        if PartyMember.objects.filter(party=party).count() >= Party.MAX_MEMBERS:
            return _closed(request, party, lobby_error("group_full", max=Party.MAX_MEMBERS))  # no guest made
        try:
            guest_sign_in(request, nickname=form.cleaned_data["nickname"])
        except NicknameError as error:
            form.add_error("nickname", error.message)
            return _invitation(request, party, form, status=400)
    try:
        if parties.party_join(party=party, player=request.player):
            messages.info(
                request, _("The group changed, so its search for a tournament stopped. The organizer can start again.")
            )
    except GameError as error:
        return _closed(request, party, error)
    return redirect("party", code=party.code)


def _closed(request, party: Party, error: GameError):
    return render(request, "lobby/party_closed.html", {"party": party, "error": error_text(error)}, status=409)


def _invitation(request, party: Party, guest_form, status: int = 200):
    """Who invites to which group ("Ana invites you to her tournament group · Spanish · 3 of 8"), and the button."""
    count = PartyMember.objects.filter(party=party).count()
    if count >= Party.MAX_MEMBERS:
        return _closed(request, party, lobby_error("group_full", max=Party.MAX_MEMBERS))
    return render(
        request,
        "lobby/party_invitation.html",
        {
            "party": party,
            "organizer": party.organizer,
            "language_name": _languages().get(party.language, party.language),
            "count": count,
            "max": Party.MAX_MEMBERS,
            "guest_form": guest_form,
        },
        status=status,
    )


@require_GET
@player_required
def party_live(request, code: str):
    """The group page's changing parts for this member, and how soon to ask again (null: wait for
    the socket)."""
    party = _party(request, code)
    if isinstance(party, HttpResponse):
        return party
    if not PartyMember.objects.filter(party=party, player=request.player).exists():
        return JsonResponse({"error": error_text(lobby_error("not_member"))}, status=403)
    context = _context(request, party)
    parts = {
        name: render_to_string(f"lobby/parts/{name.replace('-', '_')}.html", context, request=request) for name in PARTS
    }
    return JsonResponse({"parts": parts, "poll": context["poll"]})


def _organizer_action(request, code: str, action) -> object:
    party = _party(request, code)
    if isinstance(party, HttpResponse):
        return party
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
    form = WordLanguageForm(request.POST, game=tournament_game())

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
    party = _party(request, code)
    if isinstance(party, HttpResponse):
        return party
    parties.party_leave(party=party, player=request.player)
    return redirect("lobby")
