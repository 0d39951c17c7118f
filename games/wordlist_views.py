"""The published word lists' pages (/words/): every list by game, its look-up, its download, the credits.
Here, above the word lists, because they name the games (their specs' names and order): the word lists
themselves know a game only as the slug in their manifest."""

from itertools import groupby

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.runtime.catalogue import game_slugs, spec_for
from wordlists import lexicon as lexicons
from wordlists.selectors import word_lookup


def _game_name(slug: str) -> str:
    return spec_for(slug).name if slug in game_slugs() else slug


def _info_or_404(slug: str) -> lexicons.ListInfo:
    try:
        return lexicons.list_info(slug)
    except lexicons.UnknownList:
        raise Http404("no such list") from None


def _sorted_lists() -> list[lexicons.ListInfo]:
    order = game_slugs()
    return sorted(
        lexicons.manifest().values(),
        key=lambda info: (
            order.index(info.game) if info.game in order else len(order),
            info.language,
            info.length or 0,
            info.kind,
        ),
    )


@require_GET
def index(request):
    groups = [(_game_name(game), list(lists)) for game, lists in groupby(_sorted_lists(), key=lambda info: info.game)]
    return render(request, "wordlists/index.html", {"groups": groups})


@require_GET
def credits(request):
    sources: dict[tuple[str, str], list[str]] = {}
    for info in _sorted_lists():
        for source in info.sources:
            sources.setdefault((source["name"], source["licence"]), []).append(info.slug)
    return render(request, "wordlists/credits.html", {"sources": sorted(sources.items())})


@require_GET
def detail(request, slug: str):
    info = _info_or_404(slug)
    result = word_lookup(slug=slug, query=request.GET["q"]) if "q" in request.GET else None
    return render(
        request,
        "wordlists/detail.html",
        {"info": info, "game_name": _game_name(info.game), "result": result},
    )


@require_GET
def download(request, slug: str):
    info = _info_or_404(slug)
    if info.is_hidden:
        # Publishing the answers would spoil every game that draws from them.
        return render(request, "wordlists/hidden_download.html", {"info": info}, status=403)
    response = HttpResponse(info.path.read_bytes(), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{info.slug}-{info.version}.txt"'
    response["X-Word-List-Version"] = info.version
    return response
