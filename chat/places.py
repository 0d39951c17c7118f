"""Where a chat is and who is in it (issue 36): a private room's (its seated players and those who came in
by its link, as the room socket admits them: games.runtime.views.viewers_room_id) or a group's (its members).
No chat in a quick match's public room nor in a rated game (lichess's tournaments too): strangers, and a
rating at stake."""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import Player
from chat.errors import ChatRefusal
from games.models import Room
from games.runtime.rated import room_is_rated
from games.runtime.views import viewers_room_id
from lobby.models import Party, PartyMember

KINDS = ("room", "party")


@dataclass(frozen=True)
class Place:
    kind: str  # "room" or "party"
    pk: int
    code: str

    @property
    def group(self) -> str:
        """The channel layer's group of its chat sockets."""
        return f"chat.{self.kind}.{self.code}"

    def filter(self) -> dict[str, int]:
        """Its messages, as a query's keywords."""
        return {"room_id": self.pk} if self.kind == "room" else {"party_id": self.pk}


def chat_allowed_in(room: Room) -> bool:
    return not room.is_public and not room_is_rated(room)


def place_of(kind: str, code: str, player: Player) -> Place:
    """The chat `player` is in, or a refusal: not_member (also for a code that does not exist: nobody learns
    which codes do) or no_chat_here."""
    code = code.upper()
    if kind == "room":
        room_id = viewers_room_id(code, player)
        if room_id is None:
            raise ChatRefusal("not_member")
        if not chat_allowed_in(Room.objects.get(pk=room_id)):
            raise ChatRefusal("no_chat_here")
        return Place("room", room_id, code)
    if kind == "party":
        party = Party.objects.filter(code=code).first()
        if party is None or not PartyMember.objects.filter(party=party, player=player).exists():
            raise ChatRefusal("not_member")
        return Place("party", party.pk, code)
    raise ChatRefusal("not_member")
