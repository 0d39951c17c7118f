"""What a notification says, in the reader's language, drawn from its kind and its facts (Notification.data).

The facts the callers give (the contract, docs/decisions.md 134): `url` always (the site-relative page it leads
to), `by_name` where another player caused it (their nickname), `game_slug` where a game is concerned. A game's
name comes from the games, which tell this module at start-up (`register_game`, games/apps.py): notifications
sits below them and imports none of them.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext, gettext_lazy

from notifications import kinds

_game_names: dict[str, Any] = {}


def register_game(slug: str, name: Any) -> None:
    """The games say how each is called (a lazy translation: read in the reader's language)."""
    _game_names[slug] = name


TEXTS = {
    kinds.CHALLENGE: gettext_lazy("%(by_name)s challenges you to a game of %(game)s"),
    kinds.FRIEND_REQUEST: gettext_lazy("%(by_name)s wants to be your friend"),
    kinds.FRIEND_ACCEPTED: gettext_lazy("%(by_name)s accepted your friend request"),
    kinds.YOUR_TURN: gettext_lazy("Your turn in %(game)s against %(by_name)s"),
    kinds.REMATCH_OFFER: gettext_lazy("%(by_name)s offers you a rematch of %(game)s"),
    kinds.FRIEND_PLAYING: gettext_lazy("%(by_name)s started a game of %(game)s: watch it"),
    kinds.DAILY_READY: gettext_lazy("Today's daily puzzles are ready"),
}
# A challenge's answer is told under the challenge's kind (challenges/services.py: `accepted=True`).
CHALLENGE_ACCEPTED = gettext_lazy("%(by_name)s accepted your challenge to a game of %(game)s")


def safe_url(data: dict[str, Any]) -> str:
    """The link, only when it stays on this site: a notification never sends anyone elsewhere."""
    url = data.get("url")
    return url if isinstance(url, str) and url.startswith("/") and not url.startswith("//") else "/"


def text(kind: str, data: dict[str, Any], language: str | None = None) -> str:
    """The notification's sentence, in `language` (else the active one)."""
    with translation.override(language) if language else translation.override(translation.get_language()):
        # `game` too: the name friends/playing.py gives the slug of a friend's game
        game = _game_names.get(str(data.get("game_slug") or ""), "")
        params = {"by_name": str(data.get("by_name") or gettext("Someone")), "game": str(game or gettext("a game"))}
        sentence = CHALLENGE_ACCEPTED if kind == kinds.CHALLENGE and data.get("accepted") else TEXTS[kind]
        return str(sentence) % params


def item(notification: Any, language: str | None = None) -> dict[str, Any]:
    """What the bell and the socket show of one notification."""
    return {
        "id": notification.pk,
        "kind": notification.kind,
        "text": text(notification.kind, notification.data, language),
        "url": safe_url(notification.data),
        "created": notification.created_at.isoformat(),
        "read": notification.read_at is not None,
    }
