from django.urls import path

from daily import pair_views, views

urlpatterns = [
    path("daily/", views.daily_home, name="daily_home"),
    path("daily/today.json", views.daily_today, name="daily_today"),
    path("daily/archive/", views.daily_archive, name="daily_archive"),
    path("daily/fair/", views.daily_fair, name="daily_fair"),
    path("daily/picture/<str:token>.png", views.daily_picture, name="daily_picture"),
    path("daily/<slug:game>/", views.daily_game, name="daily_game"),
    path("daily/<slug:game>/<str:day>/pair/room/", pair_views.daily_pair_room_view, name="daily_pair_room"),
    path("daily/<slug:game>/<str:day>/pair/queue.json", pair_views.daily_pair_queue, name="daily_pair_queue"),
    path("daily/<slug:game>/<str:day>/pair/leave.json", pair_views.daily_pair_leave, name="daily_pair_leave"),
    path("daily/<slug:game>/<str:day>/state.json", views.daily_state, name="daily_state"),
    path("daily/<slug:game>/<str:day>/<slug:variant>/state.json", views.daily_state, name="daily_state_variant"),
    path("daily/<slug:game>/<str:day>/act.json", views.daily_act_view, name="daily_act"),
    path("daily/<slug:game>/<str:day>/friends.json", views.daily_friends, name="daily_friends"),
    path("daily/<slug:game>/<str:day>/<slug:variant>/friends.json", views.daily_friends, name="daily_friends_variant"),
    path("daily/<slug:game>/<str:day>/<slug:variant>/act.json", views.daily_act_view, name="daily_act_variant"),
]
