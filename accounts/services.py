"""The only code that creates or changes a Player (HackSoft style: keyword-only <entity>_<action>)."""

from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from accounts.models import PendingSignup, Player
from accounts.nicknames import NicknameError, clean_nickname, nickname_key

TAG_SPACE = 10_000
TAG_ATTEMPTS = 20


def _pick_tag(key: str, keep: str | None = None) -> str:
    """A random free tag for this nickname key (random, so tags do not reveal sign-up order)."""
    taken = set(Player.objects.filter(nickname_key=key).values_list("tag", flat=True))
    if keep is not None and keep not in taken:
        return keep
    if len(taken) >= TAG_SPACE:
        raise NicknameError("crowded", _("Too many players use that nickname. Please choose another."))
    while True:
        tag = f"{secrets.randbelow(TAG_SPACE):04d}"
        if tag not in taken:
            return tag


def _save_with_free_tag(player: Player, keep_tag: str | None = None) -> Player:
    """Save, retrying when another request took the same (nickname, tag) at the same moment."""
    for _attempt in range(TAG_ATTEMPTS):
        player.tag = _pick_tag(player.nickname_key, keep=keep_tag)
        try:
            with transaction.atomic():
                player.save()
            return player
        except IntegrityError:
            keep_tag = None
    raise NicknameError("crowded", _("Too many players use that nickname. Please choose another."))


def player_create_guest(*, nickname: str) -> Player:
    """A guest: a nickname and nothing else. The caller ties it to the browser session."""
    clean = clean_nickname(nickname)
    return _save_with_free_tag(Player(nickname=clean, nickname_key=nickname_key(clean)))


def player_create_for_user(*, user, nickname: str) -> Player:
    clean = clean_nickname(nickname)
    return _save_with_free_tag(Player(user=user, nickname=clean, nickname_key=nickname_key(clean)))


def player_upgrade_guest(*, player: Player, user, nickname: str | None = None) -> Player:
    """A guest signs up: the account is attached to the same Player, so every game stays theirs."""
    with transaction.atomic():
        locked = Player.objects.select_for_update().get(pk=player.pk)
        if locked.user_id is not None:
            raise NicknameError("already_registered", _("This player already has an account."))
        locked.user = user
        locked.save(update_fields=["user", "last_seen_at"])
    if nickname and clean_nickname(nickname) != locked.nickname:
        locked = player_rename(player=locked, nickname=nickname)
    return locked


def player_rename(*, player: Player, nickname: str) -> Player:
    """Change a nickname. The tag is kept when it is still free under the new nickname."""
    clean = clean_nickname(nickname)
    player.nickname = clean
    player.nickname_key = nickname_key(clean)
    return _save_with_free_tag(player, keep_tag=player.tag)


def default_nickname_for(user) -> str:
    """For accounts made outside the sign-up form (createsuperuser, admin): a valid starting nickname."""
    base = (user.get_username() or "").split("@")[0]
    try:
        return clean_nickname(base)
    except NicknameError:
        return "Jugador"


def player_for_user(*, user) -> Player:
    """The Player of a registered user, made on first use for accounts that have none yet."""
    try:
        return user.player
    except Player.DoesNotExist:
        pass
    # The user object may remember "no player" from before a guest's row was taken over (in this request).
    found = Player.objects.filter(user=user).first()
    if found is not None:
        return found
    pending = PendingSignup.objects.filter(user=user).select_related("guest").first()
    if pending is not None:
        return _take_over_guest(pending)
    try:
        return player_create_for_user(user=user, nickname=default_nickname_for(user))
    except IntegrityError:
        # Two first requests of the same new account at once: the other one made it.
        return Player.objects.get(user=user)


def _take_over_guest(pending: PendingSignup) -> Player:
    """A guest's sign-up whose address was confirmed: the account takes over the guest's Player, with the
    nickname asked for at sign-up. A guest who became someone else's meanwhile (signed up twice) leaves the
    account a Player of its own."""
    user, guest, nickname = pending.user, pending.guest, pending.nickname
    pending.delete()
    if Player.objects.filter(pk=guest.pk, user__isnull=True).exists():
        return player_upgrade_guest(player=guest, user=user, nickname=nickname)
    return player_create_for_user(user=user, nickname=nickname)


def player_set_palette(*, player: Player, palette: str) -> None:
    """The colours the boards show this player (Player.PALETTES); answering counts as having been asked."""
    if palette not in dict(Player.PALETTES):
        raise ValueError(f"unknown palette {palette!r}")
    player.palette, player.palette_asked = palette, True
    player.save(update_fields=["palette", "palette_asked"])


def player_palette_asked(*, player: Player) -> None:
    """The colours' question was shown to this player (issue 33: once): it is not asked again; the colours stay."""
    if not player.palette_asked:
        player.palette_asked = True
        player.save(update_fields=["palette_asked"])


def player_set_page_hidden(*, player: Player, hidden: bool) -> None:
    """Hide the player's public page from everyone but them, or show it again (players/views.py)."""
    player.page_hidden = hidden
    player.save(update_fields=["page_hidden"])


def player_saw_guide(*, player: Player, game: str) -> None:
    """The first-game guide of `game` (a slug the caller checked) is not shown to this player again. Twice, or
    from two tabs at once, changes nothing more: the list is updated under the row's lock."""
    with transaction.atomic():
        row = Player.objects.select_for_update().only("guides_seen").get(pk=player.pk)
        if game not in row.guides_seen:
            row.guides_seen = [*row.guides_seen, game]
            row.save(update_fields=["guides_seen"])
        player.guides_seen = row.guides_seen
