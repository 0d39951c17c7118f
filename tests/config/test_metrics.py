"""Operators can see it (issue 34): daphne's /metrics for the scraper's token only, and what it counts: requests,
sockets open, moves and their latency by game and by who, deadlines' lateness, queue depths.

In process, through the ASGI application daphne serves (config.asgi), real PostgreSQL and Redis; the other
processes' own ports are tests/integration/test_metrics_of_every_process.py."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from channels.testing import HttpCommunicator
from django.core.cache import cache
from django.test import override_settings
from django.utils import timezone
from prometheus_client.parser import text_string_to_metric_families

from config.asgi import application
from games.runtime import clock, matches, rooms, scheduling
from observe import identity, metrics
from tests.games.test_live_sockets import forget_the_outage
from tests.games.test_room_socket import receive_until, socket, table_of_two

TOKEN = "scraper-token-4b8e1d7c3a9f2e6b0d5c8a1f7e3b9d2c"

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


@pytest.fixture
def scraper(settings):
    settings.METRICS_TOKEN = TOKEN
    return TOKEN


async def get(path: str, token: str | None = None, host: bytes = b"127.0.0.1") -> tuple[int, dict, bytes]:
    headers = [(b"host", host)]
    if token is not None:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    response = await HttpCommunicator(application, "GET", path, headers=headers).get_response(timeout=10)
    return response["status"], dict(response["headers"]), response["body"]


async def scrape() -> str:
    status, headers, body = await get("/metrics", TOKEN)
    assert status == 200 and headers[b"content-type"].startswith(b"text/plain")
    return body.decode()


def sample(text: str, name: str, **labels: str) -> float:
    """The value of `name` whose labels include `labels` (0 when there is none yet); summed over the rest."""
    found = 0.0
    for family in text_string_to_metric_families(text):
        for each in family.samples:
            if each.name == name and all(each.labels.get(key) == value for key, value in labels.items()):
                found += each.value
    return found


HERE = {"node": identity.node(), "process": "daphne"}


async def test_metrics_are_refused_without_the_token_or_with_a_wrong_one(scraper):
    for token in (None, "wrong-token", TOKEN[:-1], ""):
        status, headers, body = await get("/metrics", token)
        assert status == 403, token
        assert body == b'{"error": "forbidden"}' and b"dreamgames" not in body
        assert b"no-store" in headers[b"cache-control"]
    status, headers, body = await get("/metrics", TOKEN)
    assert status == 200 and b"dreamgames_process_info" in body and b"no-store" in headers[b"cache-control"]


async def test_no_token_set_means_no_one_reads_them(settings):
    settings.METRICS_TOKEN = ""
    for token in (None, "", "anything"):
        status, _headers, body = await get("/metrics", token)
        assert status == 403 and b"dreamgames" not in body


async def test_the_scraper_reaches_a_daphne_by_its_own_address(scraper):
    """web1.internal:8001 is no host of ALLOWED_HOSTS: a page there is refused (400), /metrics is served."""
    status, _headers, _body = await get("/healthz", host=b"web1.internal:8001")
    assert status == 400
    status, _headers, body = await get("/metrics", TOKEN, host=b"web1.internal:8001")
    assert status == 200 and b"dreamgames_process_info" in body


async def test_requests_are_counted_by_method_and_status_class(scraper):
    before = await scrape()
    assert (await get("/healthz"))[0] == 200
    assert (await get("/no-such-page/"))[0] == 404
    after = await scrape()
    name = "dreamgames_http_requests_total"
    for status in ("2xx", "4xx"):
        assert sample(after, name, method="GET", status=status, **HERE) == sample(before, name, status=status) + 1
    seconds = "dreamgames_http_request_duration_seconds_count"
    assert sample(after, seconds, method="GET", **HERE) == sample(before, seconds, method="GET") + 2


async def test_a_move_through_the_room_socket_is_counted_with_its_latency_for_its_game(scraper):
    code, match_id, ana_cookie, _beto_cookie, _state = await table_of_two()
    before = await scrape()
    ana = socket(code, ana_cookie)
    assert (await ana.connect())[0]
    turn = (await receive_until(ana, "match"))["turn"]
    await ana.send_json_to(
        {"type": "act", "match_id": match_id, "ref": "r1", "turn": turn, "action": {"type": "guess", "word": "Árbol"}}
    )
    assert (await receive_until(ana, "ok"))["ref"] == "r1"
    after = await scrape()
    await ana.disconnect()

    mine = {"game": "duelo", "who": "human", **HERE}
    assert sample(after, "dreamgames_moves_total", **mine) == sample(before, "dreamgames_moves_total", **mine) + 1
    count = "dreamgames_move_duration_seconds_count"
    assert sample(after, count, **mine) == sample(before, count, **mine) + 1
    took = sample(after, "dreamgames_move_duration_seconds_sum", **mine) - sample(
        before, "dreamgames_move_duration_seconds_sum", **mine
    )
    assert 0 < took < 5  # from its row lock to its commit
    # No other game, and nobody else, got it.
    assert sample(after, "dreamgames_moves_total", game="duelo", who="bot") == sample(
        before, "dreamgames_moves_total", game="duelo", who="bot"
    )


async def test_the_open_sockets_gauge_goes_up_on_a_connect_and_down_on_a_disconnect(scraper):
    code, _match_id, ana_cookie, beto_cookie, _state = await table_of_two()
    room = {"socket": "room", **HERE}
    open_before = sample(await scrape(), "dreamgames_sockets_open", **room)
    connects = sample(await scrape(), "dreamgames_socket_connects_total", **room)
    ana, beto = socket(code, ana_cookie), socket(code, beto_cookie)
    assert (await ana.connect())[0] and (await beto.connect())[0]
    await receive_until(ana, "match")
    assert sample(await scrape(), "dreamgames_sockets_open", **room) == open_before + 2
    await ana.disconnect()
    text = await scrape()
    assert sample(text, "dreamgames_sockets_open", **room) == open_before + 1
    assert sample(text, "dreamgames_socket_connects_total", **room) == connects + 2
    await beto.disconnect()
    assert sample(await scrape(), "dreamgames_sockets_open", **room) == open_before


async def test_a_refused_socket_leaves_no_ghost_in_the_gauge(scraper):
    room = {"socket": "room", **HERE}
    open_before = sample(await scrape(), "dreamgames_sockets_open", **room)
    stranger = socket("NOROOM", None)  # no player: accepted, then closed with 4401
    connected, _ = await stranger.connect()
    assert connected and (await stranger.receive_output(timeout=5))["code"] == 4401
    await stranger.disconnect()
    assert sample(await scrape(), "dreamgames_sockets_open", **room) == open_before


async def test_an_announcement_redis_does_not_take_is_a_channel_layer_error_and_an_after_commit_failure(scraper):
    """The move stands and is counted; its announcement, on a channel layer whose Redis does not answer, is
    counted as the channel layer failing to publish and as a step after the commit that failed."""
    code, match_id, ana_cookie, _beto_cookie, _state = await table_of_two()
    ana = socket(code, ana_cookie)
    assert (await ana.connect())[0]
    turn = (await receive_until(ana, "match"))["turn"]
    before = await scrape()
    dead = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": "redis://127.0.0.1:1/0", "socket_timeout": 1}]},
        }
    }
    with override_settings(CHANNEL_LAYERS=dead):
        channel_layers.backends.pop("default", None)
        try:
            await ana.send_json_to(
                {
                    "type": "act",
                    "match_id": match_id,
                    "ref": "r1",
                    "turn": turn,
                    "action": {"type": "guess", "word": "árbol"},
                }
            )
            assert (await receive_until(ana, "ok"))["ref"] == "r1"
        finally:
            channel_layers.backends.pop("default", None)
    after = await scrape()
    forget_the_outage()
    await ana.disconnect()
    publish = {"where": "publish", **HERE}
    failed = {"step": "announce", **HERE}
    # At least once: the owed announcement may have failed again on its retry, a second later.
    assert sample(after, "dreamgames_channel_layer_errors_total", **publish) >= (
        sample(before, "dreamgames_channel_layer_errors_total", **publish) + 1
    )
    assert sample(after, "dreamgames_after_commit_failures_total", **failed) == (
        sample(before, "dreamgames_after_commit_failures_total", **failed) + 1
    )
    human = {"game": "duelo", "who": "human", **HERE}
    assert sample(after, "dreamgames_moves_total", **human) == sample(before, "dreamgames_moves_total", **human) + 1


def a_match_due_long_ago(alice, bob_guest):
    """A Duelo match whose start card "began" 20 s ago: long due, so the clock's next tick applies it, late."""
    room = rooms.room_create(
        game="duelo",
        host=alice.player,
        seats=2,
        interface_language="es",
        settings={"language": "es", "rounds": 1, "round_seconds": 60},
    )
    rooms.room_join(room=room, player=bob_guest)
    return matches.match_start(room=room, by=alice.player, now=timezone.now() - timedelta(seconds=20))


async def test_the_clock_applying_a_due_deadline_is_a_lateness_sample(scraper, alice, bob_guest):
    """The start card of a match that "began" 20 s ago is long due: the clock's tick applies it, late."""

    match = await database_sync_to_async(a_match_due_long_ago)(alice, bob_guest)
    assert match.deadline is not None and match.deadline < timezone.now() - timedelta(seconds=1)
    lane = {"game": "duelo", "lane": "clock", **HERE}
    moved = {"game": "duelo", "who": "clock", **HERE}
    before = await scrape()
    assert (await database_sync_to_async(clock.tick)()).applied >= 1
    after = await scrape()
    count = "dreamgames_deadline_lateness_seconds_count"
    assert sample(after, count, **lane) >= sample(before, count, **lane) + 1
    late = sample(after, "dreamgames_deadline_lateness_seconds_sum", **lane) - sample(
        before, "dreamgames_deadline_lateness_seconds_sum", **lane
    )
    assert late > 1  # the start card was due seconds ago
    assert sample(after, "dreamgames_moves_total", **moved) >= sample(before, "dreamgames_moves_total", **moved) + 1


async def test_the_queue_depth_of_a_lane_is_its_length_in_redis(settings):
    """A lane's depth is read from the broker when scraped: the LLEN of its queue's list."""
    queue = "metrics-test-batch"
    client = cache._cache.get_client(write=True)
    client.delete(queue)
    try:
        client.lpush(queue, *[f"task-{n}" for n in range(3)])
        depths = metrics.QueueDepths(lambda: scheduling.lane_depths({"batch": queue, "live": "metrics-test-none"}))
        (family,) = list(depths.collect())
        found = {each.labels["lane"]: each.value for each in family.samples}
        assert found == {"batch": 3.0, "live": 0.0}
        assert {each.labels["node"] for each in family.samples} == {identity.node()}
    finally:
        client.delete(queue)


def test_a_broker_that_does_not_answer_leaves_the_lanes_out_and_the_scrape_goes_on():
    def away() -> dict[str, int]:
        raise ConnectionError("the broker is away")

    (family,) = list(metrics.QueueDepths(away).collect())
    assert family.samples == []
