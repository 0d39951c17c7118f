"""Which channels reach a player for each kind (the settings page's choices, else kinds.DEFAULTS)."""

from __future__ import annotations

from accounts.models import Player
from notifications import kinds
from notifications.models import Preferences


def chosen(prefs: Preferences | None) -> dict[str, set[str]]:
    """Every kind's channels for the player whose row is `prefs` (None: they never chose)."""
    saved = prefs.channels if prefs is not None else {}
    result = {}
    for kind in kinds.KINDS:
        picked = saved.get(kind)
        channels = set(picked) if isinstance(picked, list) else set(kinds.DEFAULTS[kind])
        result[kind] = channels & set(kinds.channels_of(kind))
    return result


def preferences_of(player: Player) -> Preferences | None:
    return Preferences.objects.filter(player=player).first()


def channels_for(player: Player, kind: str) -> set[str]:
    return chosen(preferences_of(player))[kind]


def preferences_save(*, player: Player, channels: dict[str, set[str]], language: str) -> Preferences:
    """The player's choices as the settings page sent them; a channel a kind may not use is dropped."""
    clean = {kind: sorted(set(channels.get(kind, ())) & set(kinds.channels_of(kind))) for kind in kinds.KINDS}
    prefs, _created = Preferences.objects.update_or_create(
        player=player, defaults={"channels": clean, "language": language}
    )
    return prefs


def language_note(player: Player, language: str) -> None:
    """The language this player reads the site in, for what reaches them off the site (push, e-mail)."""
    updated = Preferences.objects.filter(player=player).update(language=language)
    if not updated:
        Preferences.objects.get_or_create(player=player, defaults={"language": language})


def players_who_chose(kind: str) -> list[Player]:
    """The players who turned on some channel for `kind` (for a kind off by default: the daily's)."""
    rows = Preferences.objects.filter(channels__has_key=kind).exclude(**{f"channels__{kind}": []})
    return [prefs.player for prefs in rows.select_related("player")]
