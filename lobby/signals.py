"""Open Duelo rooms appear on the lobby page, and they change in games.runtime (a seat taken by the link,
a player leaving, bots and the start after the wait). Rather than teaching the runtime about the lobby,
the lobby listens for saves of public rooms and tells watching lobby pages once the change commits."""

from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models import Room
from lobby import live


@receiver(post_save, sender=Room, dispatch_uid="lobby-public-room-changed")
def public_room_changed(sender, instance: Room, **kwargs) -> None:
    if instance.is_public:
        live.lobby_changed()
