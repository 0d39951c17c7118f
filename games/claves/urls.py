from django.urls import path

from games.claves import views

urlpatterns = [
    path("play/claves/", views.claves_home, name="claves_home"),
]
