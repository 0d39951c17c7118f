"""What a notification sends off the site, in the batch lane (config/lanes.py): nobody's move waits for a push
service or a mail server. Each task takes the player's id and the notification's kind and facts, reads what it
needs, and sends in the player's language (the one they last read the settings in, else the site's)."""

from __future__ import annotations

import logging
from typing import Any

from allauth.account.models import EmailAddress
from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from notifications import kinds
from notifications.models import Preferences, PushSubscription
from notifications.push import payload, push_to
from notifications.services import SEND_EMAIL, SEND_PUSH
from notifications.texts import safe_url, text

log = logging.getLogger(__name__)


def _site_url() -> str:
    """The site's address for a link in a mail (production is served over https only)."""
    return f"{'http' if settings.DEBUG else 'https'}://{settings.SITE_DOMAIN}"


def _language(player_id: int) -> str:
    language = Preferences.objects.filter(player_id=player_id).values_list("language", flat=True).first()
    return language if language in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


@shared_task(name=SEND_PUSH, ignore_result=True)
def send_push(player_id: int, kind: str, data: dict[str, Any]) -> int:
    """The notification to every device of the player's; returns to how many it went."""
    subscriptions = list(PushSubscription.objects.filter(player_id=player_id))
    if not subscriptions:
        return 0
    language = _language(player_id)
    with translation.override(language):
        body = payload(title=settings.SITE_NAME, body=text(kind, data, language), url=safe_url(data), tag=kind)
    return sum(push_to(subscription, body) for subscription in subscriptions)


@shared_task(name=SEND_EMAIL, ignore_result=True)
def send_email(player_id: int, kind: str, data: dict[str, Any]) -> bool:
    """The notification by e-mail, for the slow kinds only, and only to the player's verified addresses (an
    address nobody confirmed may be someone else's)."""
    if kind not in kinds.SLOW_KINDS:
        return False
    address = (
        EmailAddress.objects.filter(user__player__pk=player_id, verified=True)
        .order_by("-primary", "pk")
        .values_list("email", flat=True)
        .first()
    )
    if address is None:
        return False
    language = _language(player_id)
    with translation.override(language):
        sentence = text(kind, data, language)
        link = f"{_site_url()}{safe_url(data)}"
        context = {
            "sentence": sentence,
            "link": link,
            "settings_link": f"{_site_url()}{reverse('notifications:settings')}",
        }
        body = render_to_string("notifications/email.txt", context)
        subject = f"[{settings.SITE_NAME}] {sentence}"
        send_mail(subject, body, None, [address])
    log.info("notification %s mailed to player %s", kind, player_id)
    return True
