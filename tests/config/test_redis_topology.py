"""Where the site's Redis is, read from the environment (config/redis_topology.py): REDIS_URL as before, or the
sentinels of REDIS_SENTINELS, each client's settings built from it; a bad value stops the start with the
variable's name and an example."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.redis_topology import DEFAULT_MASTER, RedisTopology, read

DEFAULT = "redis://127.0.0.1:6399/0"
THREE = "10.0.0.1:26379, 10.0.0.2:26379,10.0.0.3:26380"


def test_without_sentinels_every_client_goes_to_redis_url_as_before():
    topology = read({"REDIS_URL": "redis://cache:6379/2"}, DEFAULT)
    assert topology == RedisTopology(url="redis://cache:6379/2")
    assert not topology.through_sentinel
    assert topology.cache({"x": 1}) == {"LOCATION": "redis://cache:6379/2", "OPTIONS": {"x": 1}}
    assert topology.channel_layer_host({"socket_timeout": None}) == {
        "address": "redis://cache:6379/2",
        "socket_timeout": None,
    }
    assert topology.broker_url() == "redis://cache:6379/2" and topology.broker_transport_options() == {}
    assert topology.redbeat() == ("redis://cache:6379/2", {})
    assert read({}, DEFAULT).url == DEFAULT


def test_with_sentinels_every_client_asks_them_for_the_primary_and_redis_url_is_not_read():
    topology = read({"REDIS_SENTINELS": THREE, "REDIS_URL": "http://ignored", "REDIS_DB": "3"}, DEFAULT)
    sentinels = [("10.0.0.1", 26379), ("10.0.0.2", 26379), ("10.0.0.3", 26380)]
    assert topology.sentinels == tuple(sentinels) and topology.master == DEFAULT_MASTER == "dreamgames"
    assert topology.db == 3 and topology.url == ""

    cache = topology.cache({"retry": "r"})
    assert "," not in cache["LOCATION"]  # Django's RedisCache would read from a random one of a list
    assert cache["OPTIONS"]["pool_class"] == "config.redis_topology.SentinelCachePool"
    assert cache["OPTIONS"]["sentinels"] == sentinels and cache["OPTIONS"]["db"] == 3
    assert cache["OPTIONS"]["retry"] == "r"

    host = topology.channel_layer_host({"socket_timeout": None})
    assert host["sentinels"] == sentinels and host["master_name"] == "dreamgames" and host["db"] == 3
    assert host["socket_timeout"] is None and "address" not in host

    assert topology.broker_url() == (
        "sentinel://10.0.0.1:26379/3;sentinel://10.0.0.2:26379/3;sentinel://10.0.0.3:26380/3"
    )
    assert topology.broker_transport_options()["master_name"] == "dreamgames"

    url, options = topology.redbeat()
    assert url.startswith("redis-sentinel://")  # redbeat's Sentinel branch wants exactly this scheme
    assert options["sentinels"] == sentinels and options["service_name"] == "dreamgames" and options["db"] == 3


def test_the_master_name_and_an_ipv6_sentinel():
    topology = read({"REDIS_SENTINELS": "[::1]:26379,127.0.0.1:26380", "REDIS_SENTINEL_MASTER": "games"}, DEFAULT)
    assert topology.sentinels == (("::1", 26379), ("127.0.0.1", 26380)) and topology.master == "games"
    assert topology.broker_url().startswith("sentinel://[::1]:26379/0;")


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"REDIS_SENTINELS": "10.0.0.1"}, "REDIS_SENTINELS"),
        ({"REDIS_SENTINELS": "10.0.0.1:port"}, "REDIS_SENTINELS"),
        ({"REDIS_SENTINELS": "10.0.0.1:0"}, "REDIS_SENTINELS"),
        ({"REDIS_SENTINELS": ":26379"}, "REDIS_SENTINELS"),
        ({"REDIS_SENTINELS": "redis://10.0.0.1:26379"}, "REDIS_SENTINELS"),
        ({"REDIS_SENTINELS": "10.0.0.1:26379,10.0.0.1:26379"}, "REDIS_SENTINELS"),
        ({"REDIS_SENTINELS": THREE, "REDIS_SENTINEL_MASTER": "my master"}, "REDIS_SENTINEL_MASTER"),
        ({"REDIS_SENTINELS": THREE, "REDIS_DB": "one"}, "REDIS_DB"),
        ({"REDIS_SENTINELS": THREE, "REDIS_DB": "-1"}, "REDIS_DB"),
        ({"REDIS_DB": "2"}, "REDIS_DB"),  # without sentinels the database is REDIS_URL's
        ({"REDIS_URL": "http://cache:6379"}, "REDIS_URL"),
    ],
)
def test_a_bad_value_stops_the_start_naming_the_variable(env, named):
    with pytest.raises(ImproperlyConfigured, match=named):
        read(env, DEFAULT)
