from django.urls import path

from chat.views import chat_history

urlpatterns = [path("chat/<str:kind>/<str:code>/", chat_history, name="chat_history")]
