from django.urls import path

from accounts import views

urlpatterns = [
    path("guest/", views.play_as_guest, name="play_as_guest"),
    path("me/", views.profile, name="profile"),
    path("me/colours/", views.palette, name="palette"),
    path("me/page/", views.page_visibility, name="page_visibility"),
]
