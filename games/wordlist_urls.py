from django.urls import path

from games import wordlist_views as views

app_name = "wordlists"  # the pages' names stay the word lists' (games/wordlist_views.py says why they are here)
urlpatterns = [
    path("", views.index, name="index"),
    path("credits/", views.credits, name="credits"),
    path("<slug:slug>/", views.detail, name="detail"),
    path("<slug:slug>/download/", views.download, name="download"),
]
