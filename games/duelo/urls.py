from django.urls import path

from games.duelo import views

urlpatterns = [
    path("play/duelo/", views.duelo_home, name="duelo_home"),
]
