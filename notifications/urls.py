from django.urls import path

from notifications import views

app_name = "notifications"

urlpatterns = [
    path("", views.index, name="index"),
    path("recent/", views.recent, name="recent"),
    path("read/", views.read, name="read"),
    path("settings/", views.preferences, name="settings"),
    path("push/subscribe/", views.subscribe, name="subscribe"),
    path("push/unsubscribe/", views.unsubscribe, name="unsubscribe"),
]
