"""Notifications in a browser (issue 36): a rematch offer after a finished game reaches the other player's bell live
on another page of the site, and its text and link show when the bell opens; the settings page; and Web Push end to
end: the page stores its subscription, the server (a real Celery worker of the batch lane, through pywebpush) sends
the offer to a push service, which decrypts and checks it, and chromium's service worker shows it.

What is chromium's own and what is the stand-in (decision 138): headless Debian chromium has no push service to
subscribe with (pushManager.subscribe needs Google's, FCM, behind an API key a Debian build lacks), so the push
service is the test's loopback stand-in (tests/notifications/push_service.py), which makes the device's keys as a
browser does. The page's own code (static/js/push.js, saveSubscription) stores that subscription; the server's real
path (notify after the rematch offer, Celery, pywebpush: VAPID, aes128gcm) posts to the stand-in, which checks the
VAPID signature and decrypts; the decrypted message is then handed to chromium as its push service would hand it,
through the DevTools protocol (ServiceWorker.deliverPushMessage), and chromium runs the site's service worker's
`push` handler, which shows the notification (registration.getNotifications() reads it back)."""

from __future__ import annotations

import json
import time

from django.conf import settings
from playwright.sync_api import expect

from games.runtime.catalogue import spec_for
from notifications.models import PushSubscription
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_after_game import LAPTOP, PHONE, finished, open_room, present
from tests.e2e.test_one_screen import sign_in
from tests.notifications.push_service import PushService

SHOTS = ARTIFACTS / "notifications"


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def open_page(browser, site, player, path, size, locale, **options):
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale=locale, has_touch=width < 600, **options
    )
    sign_in(context, site, player)
    if locale.startswith("en"):
        context.add_cookies([{"name": "django_language", "value": "en", "url": site}])
    page = context.new_page()
    page.goto(f"{site}{path}")
    return context, page


def ask_for_a_rematch(browser, site, match, ana):
    present(match, ana)
    context, page = open_room(browser, site, ana, match.room.code, PHONE)
    page.get_by_test_id("rematch").click()
    expect(page.get_by_test_id("rematch")).to_be_disabled(timeout=15_000)
    return context


def test_a_rematch_offer_rings_the_other_players_bell_live(daphne_url, browser):
    match, (ana, bruna) = finished("duelo")
    game = str(spec_for(match.room.game).name)
    # Bruna reads another page of the site, in English, on a laptop; her bell has nothing.
    bruna_context, page = open_page(browser, daphne_url, bruna, "/daily/", LAPTOP, "en-GB")
    expect(page.locator("[data-presence=online]")).to_be_visible(timeout=15_000)
    expect(page.get_by_test_id("bell-count")).to_be_hidden()

    ana_context = ask_for_a_rematch(browser, daphne_url, match, ana)
    expect(page.get_by_test_id("bell-count")).to_have_text("1", timeout=15_000)  # live, no reload
    page.get_by_test_id("bell").click()
    item = page.get_by_test_id("bell-item")
    expect(item).to_have_count(1)
    expect(item.locator("a")).to_have_text(f"{ana.nickname} offers you a rematch of {game}")
    expect(item.locator("a")).to_have_attribute("href", f"/r/{match.room.code}/")
    expect(page.get_by_test_id("bell-count")).to_be_hidden()  # opened: read
    shot(page, "bell-open-1280x800-en")
    item.locator("a").click()
    expect(page.get_by_test_id("rematch-accept")).to_be_visible(timeout=15_000)  # the table, its offer to answer
    page.goto(f"{daphne_url}/daily/")
    expect(page.get_by_test_id("bell-count")).to_be_hidden()  # still read after a reload
    bruna_context.close()

    # The same bell on a phone and in Spanish, and the settings page in both languages at both sizes.
    for size, locale, language in ((PHONE, "es-ES", "es"), (PHONE, "en-GB", "en"), (LAPTOP, "es-ES", "es")):
        context, other = open_page(browser, daphne_url, bruna, "/daily/", size, locale)
        other.get_by_test_id("bell").click()
        expect(other.get_by_test_id("bell-item")).to_have_count(1)
        if language == "es":
            expect(other.get_by_test_id("bell-item").locator("a")).to_have_text(
                f"{ana.nickname} te ofrece la revancha de {game}"
            )
        panel = other.get_by_test_id("bell-panel").bounding_box()
        assert panel["x"] >= 0 and panel["x"] + panel["width"] <= size[0] + 0.5, f"the bell's list spills: {panel}"
        shot(other, f"bell-open-{size[0]}x{size[1]}-{language}")
        for size2 in (PHONE, LAPTOP):
            other.set_viewport_size({"width": size2[0], "height": size2[1]})
            other.goto(f"{daphne_url}/notifications/settings/")
            expect(other.get_by_test_id("push-on")).to_be_visible()
            # Nothing asked on load (headless chromium would have answered "denied"): only the button asks.
            assert other.evaluate("Notification.permission") == "default"
            other.screenshot(path=str(SHOTS / f"settings-{size2[0]}x{size2[1]}-{language}.png"), full_page=True)
        context.close()
    ana_context.close()


def test_web_push_reaches_the_service_worker(daphne_url, browser, tmp_path):
    from tests.integration.stack import stack_env, start, stop

    worker = start("worker-batch", tmp_path, stack_env())  # the batch lane sends pushes (config/lanes.py)
    match, (ana, bruna) = finished("duelo")
    with PushService(settings.VAPID_PUBLIC_KEY) as service:
        context, page = open_page(
            browser, daphne_url, bruna, "/notifications/settings/", LAPTOP, "en-GB", permissions=["notifications"]
        )
        cdp = context.new_cdp_session(page)
        registrations: dict[str, str] = {}
        cdp.on(
            "ServiceWorker.workerRegistrationUpdated",
            lambda event: registrations.update({r["scopeURL"]: r["registrationId"] for r in event["registrations"]}),
        )
        cdp.send("ServiceWorker.enable")
        expect(page.get_by_test_id("push-on")).to_be_visible(timeout=15_000)  # asked for nothing yet: a button

        # chromium's own push service first, as a person's click would use it; headless Debian chromium has none.
        page.get_by_test_id("push-on").click()
        expect(page.get_by_test_id("push-status")).to_have_attribute("data-state", "failed", timeout=15_000)
        assert page.evaluate("Notification.permission") == "granted"
        assert not PushSubscription.objects.exists()

        # The stand-in's device: the page's own code stores it, as it stores what pushManager.subscribe gives.
        device = service.device()
        script = page.locator("script[src*='push']").get_attribute("src")
        saved = page.evaluate(
            "async ([src, sub]) => (await import(src)).saveSubscription(sub)", [script, device.subscription()]
        )
        assert saved == {"subscribed": True}
        assert list(PushSubscription.objects.values_list("player_id", "endpoint")) == [(bruna.pk, device.endpoint)]

        ana_context = ask_for_a_rematch(browser, daphne_url, match, ana)
        deadline = time.monotonic() + 60
        while not device.received and time.monotonic() < deadline:
            time.sleep(0.2)
        assert device.received, (tmp_path / "worker-batch.log").read_text()[-3000:]
        [received] = device.received
        assert received["problems"] == []  # the VAPID signature checks; the body decrypts
        message = received["message"]
        assert message["body"] == f"{ana.nickname} offers you a rematch of {spec_for(match.room.game).name}"
        assert message["url"] == f"/r/{match.room.code}/" and message["title"] == "Dream Games"

        # What the push service does next: hand the message to the browser, whose service worker shows it.
        scope = f"{daphne_url}/"
        deadline = time.monotonic() + 10
        while scope not in registrations and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {"origin": daphne_url, "registrationId": registrations[scope], "data": json.dumps(message)},
        )
        shown = None
        deadline = time.monotonic() + 10
        while not shown and time.monotonic() < deadline:
            page.wait_for_timeout(200)
            shown = page.evaluate("""async () => (await (await navigator.serviceWorker.ready).getNotifications())
                .map((n) => ({title: n.title, body: n.body, url: n.data && n.data.url, tag: n.tag}))""")
        assert shown == [
            {"title": "Dream Games", "body": message["body"], "url": message["url"], "tag": "rematch_offer"}
        ]
        ana_context.close()
        context.close()
    stop([worker])
