from django.urls import path

from games import views

urlpatterns = [
    path("play/duelo/", views.duelo_home, name="duelo_home"),
    path("play/duelo/quick/", views.duelo_quick, name="duelo_quick"),
    path("play/wordgrid/", views.wordgrid_home, name="wordgrid_home"),
    path("play/wordgrid/practice/", views.wordgrid_practice, name="wordgrid_practice"),
    path("play/wordgrid/offers/", views.wordgrid_offer, name="wordgrid_offer"),
    path("play/wordgrid/offers/<int:offer_id>/cancel/", views.wordgrid_offer_cancel, name="wordgrid_offer_cancel"),
    path("play/wordgrid/offers/<int:offer_id>/accept/", views.wordgrid_offer_accept, name="wordgrid_offer_accept"),
    path("play/cruzadas/", views.cruzadas_home, name="cruzadas_home"),
    path("play/cruzadas/new/", views.cruzadas_new, name="cruzadas_new"),
    path("play/cruzadas/queue/", views.cruzadas_queue, name="cruzadas_queue"),
    path("play/claves/", views.claves_home, name="claves_home"),
    path("r/", views.room_by_code, name="room_by_code"),
    path("r/<str:code>/", views.room, name="room"),
    path("r/<str:code>/settings/", views.room_settings, name="room_settings"),
    path("r/<str:code>/seats/<int:index>/", views.room_seat, name="room_seat"),
    path("r/<str:code>/start/", views.room_start, name="room_start"),
    path("r/<str:code>/sit/<int:index>/", views.room_seat_person, name="room_seat_person"),
    path("r/<str:code>/leave/", views.room_leave_view, name="room_leave"),
]
