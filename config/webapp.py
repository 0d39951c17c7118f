"""What lets a player add the site to a phone's home screen: the web app manifest (served here, in the
visitor's language) and the icons it names (static/icons/: PNGs drawn at 180, 192 and 512 px from the SVG that the
pages use as their favicon; the manifest names the PNGs only: with the SVG among them, of size "any", chromium's own
installability check found "no acceptable icon"), the service worker (/sw.js) and its offline page (issue 36).
templates/base.html links the manifest and the icons; `/favicon.ico`, which some browsers ask for whatever the page
says, is sent to the PNG."""

import hashlib
import json
from pathlib import Path

from django.conf import settings
from django.http import HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

# The site's own colours (static/css/site.css: --brand for the bar, --paper behind the splash screen).
THEME_COLOR = "#1d2b53"
BACKGROUND_COLOR = "#f6f4ef"


@require_GET
@vary_on_headers("Accept-Language", "Cookie")
@cache_control(max_age=3600)
def manifest(request):
    data = {
        "name": "Dream Games",
        "short_name": "Dream Games",
        "description": _("Real-time word games against people, bots and in tournaments."),
        "lang": get_language(),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False})


@require_GET
def favicon(request):
    # At request time: the hashed name of the static file is known only once collectstatic has run.
    return HttpResponsePermanentRedirect(static("icons/icon-192.png"))


# The stylesheets the offline page and the rules pages need, kept by the service worker at install.
OFFLINE_STYLESHEETS = ("css/site.css", "css/rules.css", "css/palette.css", "css/dark.css")
SERVICE_WORKER = Path(settings.BASE_DIR) / "static" / "js" / "sw.js"


@require_GET
def service_worker(request):
    """static/js/sw.js at the site's root (a worker's scope is its own folder and below), with what it keeps:
    the cache's name changes with the worker, the offline page and the kept files (their hashed names once
    collectstatic has run), so that a deploy's new worker drops the old copies."""
    kept = [static(path) for path in OFFLINE_STYLESHEETS]
    body = SERVICE_WORKER.read_text(encoding="utf-8")
    version = hashlib.sha256((body + json.dumps(kept)).encode()).hexdigest()[:12]
    head = (
        f"const CACHE = {json.dumps('dream-games-' + version)};\n"
        f"const OFFLINE = {json.dumps(reverse('offline'))};\n"
        f"const KEPT = {json.dumps(kept)};\n"
        f"const RULES_SUFFIX = {json.dumps('/rules/')};\n"
        f"const ICON = {json.dumps(static('icons/icon-192.png'))};\n"
    )
    response = HttpResponse(head + body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # a new worker is found at the next visit after a deploy
    return response


@require_GET
def offline(request):
    """The page the service worker shows with the network gone: no database, no cache (it is kept by the
    browser, and rendered like the outage page, without a request's context)."""
    from games.runtime.catalogue import game_slugs, spec_for

    games = [{"slug": slug, "name": spec_for(slug).name} for slug in game_slugs()]
    return HttpResponse(render_to_string("offline.html", {"games": games}))
