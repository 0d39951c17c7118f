"""The site's URLs with the ratings', until config/urls.py includes them (then this adds nothing)."""

from django.urls import include, path

from config.urls import urlpatterns as site_urlpatterns

wired = any(getattr(pattern, "namespace", None) == "ratings" for pattern in site_urlpatterns)
urlpatterns = list(site_urlpatterns) + ([] if wired else [path("ratings/", include("ratings.urls"))])
