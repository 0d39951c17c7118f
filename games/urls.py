from django.urls import path

from games import views

# The games' pages that go through the lobby (quick match, offers, the Cruzadas queue): lobby/urls.py.
urlpatterns = [
    path("play/duelo/", views.duelo_home, name="duelo_home"),
    path("play/wordgrid/practice/", views.wordgrid_practice, name="wordgrid_practice"),
    path("play/cruzadas/new/", views.cruzadas_new, name="cruzadas_new"),
    path("play/claves/", views.claves_home, name="claves_home"),
    path("r/", views.room_by_code, name="room_by_code"),
    path("r/<str:code>/", views.room, name="room"),
    path("r/<str:code>/settings/", views.room_settings, name="room_settings"),
    path("r/<str:code>/seats/<int:index>/", views.room_seat, name="room_seat"),
    path("r/<str:code>/start/", views.room_start, name="room_start"),
    path("r/<str:code>/sit/<int:index>/", views.room_seat_person, name="room_seat_person"),
    path("r/<str:code>/leave/", views.room_leave_view, name="room_leave"),
]
