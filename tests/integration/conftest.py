"""Fixtures of the integration tests: a Redis with Sentinel of the test's own, and this process on it."""

import pytest
from django.conf import settings
from django.test import override_settings

from config import env as read
from games.runtime import presence
from tests.integration.sentinel import SentinelRedis


@pytest.fixture
def sentinel_redis(tmp_path):
    redis = SentinelRedis(tmp_path / "redis")
    redis.folder.mkdir()
    try:
        redis.start()
        yield redis
    finally:
        redis.stop()


@pytest.fixture
def site_on_sentinel(sentinel_redis):
    """This test process' cache and presence on the sentinels' primary, as a node's settings make them."""
    topology = sentinel_redis.topology()
    caches = {"default": {**settings.CACHES["default"], **topology.cache(read.redis_retry_options(asynchronous=False))}}
    presence._sync = None  # the sync client is made once per process: made anew on the topology under test
    with override_settings(REDIS=topology, CACHES=caches):
        yield topology
    presence._sync = None
