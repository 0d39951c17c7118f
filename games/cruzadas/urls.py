from django.urls import path

from games.cruzadas import views

urlpatterns = [
    path("play/cruzadas/new/", views.cruzadas_new, name="cruzadas_new"),
]
