"""The challenge pages: the form from a player's page (/challenges/new/<id>/, one game at a time, chosen above it),
and /challenges/ with the challenges waiting for the player's answer, theirs waiting for others', and what became of
the recent ones. Every refusal is shown as a message and changes nothing (challenges.services)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.decorators import player_required
from accounts.models import Player
from challenges import selectors
from challenges.forms import ChallengeForm
from challenges.games import challenge_games, raw_settings
from challenges.services import challenge_accept, challenge_cancel, challenge_decline, challenge_send
from games.pages import page_language
from games.runtime.catalogue import spec_for
from games.runtime.errors import GameError, error_text


@require_http_methods(["GET"])
@player_required
def challenge_list(request):
    player, now = request.player, timezone.now()
    lists = {
        "incoming": list(selectors.incoming(player, now)),
        "outgoing": list(selectors.outgoing(player, now)),
        "recent": selectors.recent(player, now),
    }
    for challenge in (c for shown in lists.values() for c in shown):
        challenge.game_name = _(spec_for(challenge.game).name)  # type: ignore[attr-defined]
        # A game of one word language says it before anyone accepts (Wordgrid: English), as an offer does.
        challenge.word_language = spec_for(challenge.game).word_language  # type: ignore[attr-defined]
    return render(request, "challenges/list.html", lists)


@require_http_methods(["GET", "POST"])
@player_required
def challenge_new(request, player_id: int):
    challenged = Player.objects.filter(pk=player_id, page_hidden=False).first()
    if challenged is None or challenged.pk == request.player.pk:
        raise Http404("nobody to challenge")
    games = challenge_games()
    game = request.POST.get("game") or request.GET.get("game") or games[0]
    if game not in games:
        game = games[0]
    if request.method == "POST":
        try:
            stake = int(request.POST.get("stake") or 0)
        except ValueError:
            stake = -1  # the service refuses it with the stakes open to the player
        try:
            challenge_send(
                challenger=request.player,
                challenged_id=challenged.pk,
                game=request.POST.get("game", ""),
                settings=raw_settings(game, request.POST),
                rated=bool(request.POST.get("rated")),
                stake=stake,
                interface_language=page_language(),
            )
        except GameError as error:
            messages.error(request, error_text(error))
            return redirect(f"{reverse('challenge_new', args=[challenged.pk])}?game={game}")
        messages.success(request, _("Challenge sent to %(name)s.") % {"name": challenged.nickname})
        return redirect("challenges")
    return render(
        request,
        "challenges/new.html",
        {
            "challenged": challenged,
            "game": game,
            "word_language": spec_for(game).word_language,
            "games": [(slug, _(spec_for(slug).name)) for slug in games],
            "form": ChallengeForm(game=game, challenger=request.player, challenged=challenged),
        },
    )


@require_POST
@player_required
def challenge_answer(request, challenge_id: int, answer: str):
    player = request.player
    try:
        if answer == "accept":
            room = challenge_accept(player=player, challenge_id=challenge_id, interface_language=page_language())
            return redirect("room", code=room.code)
        if answer == "decline":
            challenge_decline(player=player, challenge_id=challenge_id)
        else:
            challenge_cancel(player=player, challenge_id=challenge_id)
    except GameError as error:
        messages.error(request, error_text(error))
    return redirect("challenges")
