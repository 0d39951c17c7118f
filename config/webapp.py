"""What lets a player add the site to a phone's home screen: the web app manifest (served here, in the
visitor's language) and the icons it names (static/icons/: an SVG, and PNGs drawn from it at 180, 192 and
512 px for the phones that want bitmaps). templates/base.html links both, with the favicon; `/favicon.ico`,
which some browsers ask for whatever the page says, is sent to the PNG."""

from django.http import HttpResponsePermanentRedirect, JsonResponse
from django.templatetags.static import static
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
            {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False})


@require_GET
def favicon(request):
    # At request time: the hashed name of the static file is known only once collectstatic has run.
    return HttpResponsePermanentRedirect(static("icons/icon-192.png"))
