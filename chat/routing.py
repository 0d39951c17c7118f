from django.urls import re_path

from chat.consumers import ChatConsumer

websocket_urlpatterns = [re_path(r"^ws/chat/(?P<kind>[a-z]+)/(?P<code>[A-Za-z0-9]{1,12})/$", ChatConsumer.as_asgi())]
