from django.contrib import admin
from django.urls import include, path

from config.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("accounts.urls")),
    path("words/", include("wordlists.urls")),
    path("wallet/", include("wallet.urls")),
    path("ratings/", include("ratings.urls")),
    path("", include("games.urls")),
    path("", include("lobby.urls")),
]
