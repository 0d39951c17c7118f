from django.urls import path

from wordlists import views

app_name = "wordlists"
urlpatterns = [
    path("", views.index, name="index"),
    path("credits/", views.credits, name="credits"),
    path("<slug:slug>/", views.detail, name="detail"),
    path("<slug:slug>/download/", views.download, name="download"),
]
