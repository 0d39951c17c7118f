from django.contrib import admin
from django.urls import include, path
from django.views.decorators.http import etag

from accounts.signup import signup
from config.health import healthz, healthz_details
from config.i18n import Catalogue, catalogue_etag
from config.webapp import favicon, manifest, offline, service_worker

handler500 = "config.outage.server_error"  # the database or Redis away: a page that says so (503), not a 500

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("healthz/details", healthz_details, name="healthz_details"),
    path("manifest.webmanifest", manifest, name="webmanifest"),
    path("sw.js", service_worker, name="service_worker"),
    path("offline/", offline, name="offline"),
    path("favicon.ico", favicon),
    path("admin/", admin.site.urls),
    path("accounts/signup/", signup, name="account_signup"),  # allauth's, with a guest's nickname filled in
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    # The texts of the site's JavaScript (the djangojs domain, and what it shares with the server's), in the
    # request's language: kit.js t().
    path("jsi18n/", etag(catalogue_etag)(Catalogue.as_view()), name="javascript-catalog"),
    path("", include("accounts.urls")),
    path("", include("players.urls")),
    path("", include("friends.urls")),
    path("words/", include("games.wordlist_urls")),
    path("wallet/", include("wallet.urls")),
    path("ratings/", include("ratings.urls")),
    path("notifications/", include("notifications.urls")),
    path("", include("daily.urls")),
    path("", include("challenges.urls")),
    path("", include("games.urls")),
    path("", include("lobby.urls")),
    path("", include("chat.urls")),
]
