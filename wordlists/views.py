from itertools import groupby

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from wordlists import lexicon as lexicons
from wordlists.selectors import word_lookup

GAME_NAMES = {
    "duelo": "Duelo de Palabras",
    "torneo": "Torneo",
    "wordgrid": "Wordgrid",
    "cruzadas": "Letras Cruzadas",
    "claves": "Claves a Dúo",
}
GAME_ORDER = list(GAME_NAMES)


def _info_or_404(slug: str) -> lexicons.ListInfo:
    try:
        return lexicons.list_info(slug)
    except lexicons.UnknownList:
        raise Http404("no such list") from None


def _sorted_lists() -> list[lexicons.ListInfo]:
    return sorted(
        lexicons.manifest().values(),
        key=lambda info: (
            GAME_ORDER.index(info.game) if info.game in GAME_ORDER else 99,
            info.language,
            info.length or 0,
            info.kind,
        ),
    )


@require_GET
def index(request):
    groups = [
        (GAME_NAMES.get(game, game), list(lists))
        for game, lists in groupby(_sorted_lists(), key=lambda info: info.game)
    ]
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
        {"info": info, "game_name": GAME_NAMES.get(info.game, info.game), "result": result},
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
