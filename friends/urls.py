from django.urls import path

from friends import views

urlpatterns = [
    path("friends/", views.friends_page, name="friends"),
    path("friends/json/", views.friends_json, name="friends_json"),
    path("friends/table/<str:code>/", views.table_people, name="friends_table"),
    path("friends/<str:action>/", views.friend_action, name="friend_action"),
]
