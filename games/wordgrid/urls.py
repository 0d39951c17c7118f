from django.urls import path

from games.wordgrid import views

urlpatterns = [
    path("play/wordgrid/practice/", views.wordgrid_practice, name="wordgrid_practice"),
]
