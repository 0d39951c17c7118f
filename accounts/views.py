from django.contrib import messages
from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.decorators import player_required
from accounts.forms import GuestForm, NicknameForm, PageVisibilityForm, PaletteForm
from accounts.guests import guest_sign_in
from accounts.links import local_path
from accounts.nicknames import NicknameError
from accounts.services import player_palette_asked, player_rename, player_set_page_hidden, player_set_palette


def _safe_next(request, default: str = "/") -> str:
    return local_path(request, request.POST.get("next") or request.GET.get("next")) or default


@require_http_methods(["GET", "POST"])
def play_as_guest(request):
    """Any invite link sends a newcomer here: a nickname is all it takes to sit at a table."""
    next_url = _safe_next(request)
    if request.player:
        return HttpResponseRedirect(next_url)
    form = GuestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            player = guest_sign_in(request, nickname=form.cleaned_data["nickname"])
        except NicknameError as error:
            form.add_error("nickname", error.message)
        else:
            # "welcome": the page the newcomer goes back to brings its main action into view (page.js)
            messages.success(request, _("Welcome, %(name)s!") % {"name": player.nickname}, extra_tags="welcome")
            return HttpResponseRedirect(next_url)
    return render(request, "accounts/guest.html", {"form": form, "next": next_url})


@require_http_methods(["GET", "POST"])
@player_required
def profile(request):
    """The player's own page: nickname (guests and members), and the way to an account for guests."""
    player = request.player
    form = NicknameForm(request.POST or None, initial={"nickname": player.nickname})
    if request.method == "POST" and form.is_valid():
        try:
            player_rename(player=player, nickname=form.cleaned_data["nickname"])
        except NicknameError as error:
            form.add_error("nickname", error.message)
        else:
            messages.success(request, _("Your nickname is now %(name)s.") % {"name": player.display_name})
            return redirect("profile")
    palette_form = PaletteForm(initial={"palette": player.palette})
    page_form = PageVisibilityForm(initial={"hidden": player.page_hidden})
    return render(
        request, "accounts/profile.html", {"form": form, "palette_form": palette_form, "page_form": page_form}
    )


@require_POST
@player_required
def palette(request):
    """The boards' colours, from the profile page or the first visit's question; back where the player was.
    `seen` alone: the question was shown (page.js), so it is not asked again; nothing else changes."""
    if request.POST.get("seen") and "palette" not in request.POST:
        player_palette_asked(player=request.player)
        return HttpResponse(status=204)
    form = PaletteForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("Choose the standard colours or high contrast."))
    player_set_palette(player=request.player, palette=form.cleaned_data["palette"])
    return redirect(_safe_next(request, default="/me/"))


@require_POST
@player_required
def page_visibility(request):
    """Hide the player's public page, or show it again, from their profile page."""
    form = PageVisibilityForm(request.POST)
    form.is_valid()  # an unticked box is a valid "show it"
    hidden = bool(form.cleaned_data.get("hidden"))
    player_set_page_hidden(player=request.player, hidden=hidden)
    if hidden:
        messages.success(request, _("Your public page is hidden: others get “not found”."))
    else:
        messages.success(request, _("Your public page is visible to everyone."))
    return redirect("profile")
