"""How the settings read the environment."""

import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from config import env


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("1", True),
        ("true", True),
        ("YES", True),
        (" on ", True),
        ("0", False),
        ("false", False),
        ("no", False),
        ("", False),
    ],
)
def test_it_reads_booleans(raw, expected):
    assert env.read_bool({"DEBUG": raw}, "DEBUG", default=not expected) is expected


def test_it_uses_the_default_when_a_boolean_is_unset():
    assert env.read_bool({}, "DEBUG", default=True) is True
    assert env.read_bool({}, "DEBUG", default=False) is False


def test_it_refuses_a_boolean_it_cannot_read():
    with pytest.raises(ImproperlyConfigured, match="DEBUG must be a boolean"):
        env.read_bool({"DEBUG": "maybe"}, "DEBUG", default=False)


def test_it_splits_lists_and_drops_blanks():
    assert env.read_list({"ALLOWED_HOSTS": "a.example, b.example,,"}, "ALLOWED_HOSTS", []) == ["a.example", "b.example"]
    assert env.read_list({}, "ALLOWED_HOSTS", ["localhost"]) == ["localhost"]


def test_it_reads_whole_numbers_with_a_floor():
    assert env.read_int({"N": "12"}, "N", 3) == 12
    assert env.read_int({}, "N", 3) == 3
    with pytest.raises(ImproperlyConfigured, match="whole number"):
        env.read_int({"N": "twelve"}, "N", 3)
    with pytest.raises(ImproperlyConfigured, match="at least 1"):
        env.read_int({"N": "0"}, "N", 3, minimum=1)


def test_it_reads_the_collectors_thresholds_and_refuses_what_is_not_them():
    assert env.read_gc_thresholds({}, "G", (50000, 20, 100)) == (50000, 20, 100)
    assert env.read_gc_thresholds({"G": "700,10,10"}, "G", (1,)) == (700, 10, 10)
    assert env.read_gc_thresholds({"G": " 20000 "}, "G", (1,)) == (20000,)
    assert env.read_gc_thresholds({"G": ""}, "G", (1,)) == ()  # Python's own
    for raw in ("lots", "1,2,3,4", "0,10,10", "-5", "1.5,2", "50000;20"):
        with pytest.raises(ImproperlyConfigured, match="G must be one to three whole numbers"):
            env.read_gc_thresholds({"G": raw}, "G", (1,))


def test_it_reads_a_speed_up_fraction_and_refuses_one_outside_0_to_1():
    assert env.read_fraction({"F": "0.05"}, "F", 1.0) == 0.05
    assert env.read_fraction({}, "F", 1.0) == 1.0
    with pytest.raises(ImproperlyConfigured, match="must be a number"):
        env.read_fraction({"F": "fast"}, "F", 1.0)
    for raw in ("0", "2", "-1"):
        with pytest.raises(ImproperlyConfigured, match="more than 0 and at most 1"):
            env.read_fraction({"F": raw}, "F", 1.0)


def test_production_requires_a_secret_key(tmp_path):
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set"):
        env.read_secret_key({}, debug=False, local_dir=tmp_path)


def test_production_refuses_a_short_secret_key(tmp_path):
    with pytest.raises(ImproperlyConfigured, match="at least 50"):
        env.read_secret_key({"SECRET_KEY": "short"}, debug=False, local_dir=tmp_path)


TEST_KEY = "test-secret-key-not-for-production-0123456789"  # scripts/test.sh's development key
STRONG_KEY = "Zq3v8W-rT1kLm0pXc9bN2yH7uJ4sEfGa6dQiVoRtYw5nBxC_MhKjLzPe1UgFsDaW"


@pytest.mark.parametrize(
    ("key", "why"),
    [
        ("x" * 50, "distinct characters"),  # one character repeated
        ("ab" * 40, "distinct characters"),  # long, but only two characters
        ("abcd" * 20, "distinct characters"),
        ("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLM", "at least 50"),  # 49 characters
        (TEST_KEY + "-and-some-more-to-be-long-enough", "development or test key"),
        (TEST_KEY, "at least 50"),
        ("django-insecure-" + STRONG_KEY, "django-insecure"),  # what startproject writes for development
    ],
)
def test_production_refuses_a_weak_secret_key_and_says_how_to_make_one(tmp_path, key, why):
    with pytest.raises(ImproperlyConfigured) as caught:
        env.read_secret_key({"SECRET_KEY": key}, debug=False, local_dir=tmp_path)
    message = str(caught.value)
    assert why in message
    assert "secrets.token_urlsafe(50)" in message
    assert key not in message  # the error names what is wrong, never the key itself


def test_production_takes_a_strong_secret_key(tmp_path):
    assert env.read_secret_key({"SECRET_KEY": STRONG_KEY}, debug=False, local_dir=tmp_path) == STRONG_KEY
    made = subprocess.run(
        [sys.executable, "-c", "import secrets; print(secrets.token_urlsafe(50))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert env.read_secret_key({"SECRET_KEY": made}, debug=False, local_dir=tmp_path) == made


def test_development_keeps_working_with_the_test_key(tmp_path):
    assert env.read_secret_key({"SECRET_KEY": TEST_KEY}, debug=True, local_dir=tmp_path) == TEST_KEY


def test_development_generates_a_key_once_and_keeps_it(tmp_path):
    first = env.read_secret_key({}, debug=True, local_dir=tmp_path / "local")
    second = env.read_secret_key({}, debug=True, local_dir=tmp_path / "local")
    assert first == second and len(first) >= 50
    assert (tmp_path / "local" / "secret_key").stat().st_mode & 0o777 == 0o600


def test_the_database_defaults_to_a_sqlite_file(tmp_path):
    config = env.read_database({}, tmp_path / "db.sqlite3")
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(tmp_path / "db.sqlite3")


def test_database_url_selects_postgresql(tmp_path):
    config = env.read_database({"DATABASE_URL": "postgres://dg:pw@db.internal:5433/dreamgames"}, tmp_path)
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["HOST"], config["PORT"], config["NAME"], config["USER"]) == ("db.internal", 5433, "dreamgames", "dg")
    # Pooled, never persistent: persistent connections leak under ASGI (docs/decisions.md #4).
    assert config["CONN_MAX_AGE"] == 0 and config["OPTIONS"]["pool"]["max_size"] == 8
    sized = env.read_database({"DATABASE_URL": "postgres://dg@db/dg", "DB_POOL_SIZE": "20"}, tmp_path)
    assert sized["OPTIONS"]["pool"]["max_size"] == 20
    with pytest.raises(ImproperlyConfigured, match="DB_POOL_SIZE must be at least 1"):
        env.read_database({"DATABASE_URL": "postgres://dg@db/dg", "DB_POOL_SIZE": "0"}, tmp_path)


def test_behind_a_transaction_pooler_nothing_outlives_a_transaction(tmp_path):
    """DB_TRANSACTION_POOLING=1 (PgBouncer in transaction mode, the cluster's POOL=pgbouncer): no server-side
    cursor, no prepared statement, both of which belong to a server session another client may get next."""
    url = {"DATABASE_URL": "postgres://dg@db:6432/dg"}
    plain = env.read_database(url, tmp_path)
    assert not plain.get("DISABLE_SERVER_SIDE_CURSORS") and "prepare_threshold" not in plain["OPTIONS"]
    pooled = env.read_database({**url, "DB_TRANSACTION_POOLING": "1"}, tmp_path)
    assert pooled["DISABLE_SERVER_SIDE_CURSORS"] is True
    assert "prepare_threshold" in pooled["OPTIONS"] and pooled["OPTIONS"]["prepare_threshold"] is None
    assert pooled["OPTIONS"]["pool"]["max_size"] == 8  # each process keeps its own pool, to PgBouncer


def test_database_url_of_another_kind_is_refused(tmp_path):
    with pytest.raises(ImproperlyConfigured, match="PostgreSQL"):
        env.read_database({"DATABASE_URL": "mysql://root@localhost/dg"}, tmp_path)
    with pytest.raises(ImproperlyConfigured):
        env.read_database({"DATABASE_URL": "nonsense"}, tmp_path)


def test_redis_url_defaults_and_is_checked():
    assert env.read_redis_url({}, "redis://127.0.0.1:6399/0") == "redis://127.0.0.1:6399/0"
    assert env.read_redis_url({"REDIS_URL": "rediss://cache:6380/2"}, "x") == "rediss://cache:6380/2"
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL"):
        env.read_redis_url({"REDIS_URL": "http://cache:6379"}, "x")


def test_vapid_keys_come_from_the_environment_both_or_neither(tmp_path):
    pair = {"VAPID_PUBLIC_KEY": "BPublic", "VAPID_PRIVATE_KEY": "private", "VAPID_SUBJECT": "mailto:ops@example.com"}
    assert env.read_vapid(pair, debug=False, local_dir=tmp_path) == ("BPublic", "private", "mailto:ops@example.com")
    with pytest.raises(ImproperlyConfigured, match="go together"):
        env.read_vapid({"VAPID_PUBLIC_KEY": "BPublic"}, debug=False, local_dir=tmp_path)
    with pytest.raises(ImproperlyConfigured, match="mailto: or https:"):
        env.read_vapid({**pair, "VAPID_SUBJECT": "ops@example.com"}, debug=False, local_dir=tmp_path)
    assert env.read_vapid({}, debug=False, local_dir=tmp_path)[:2] == ("", "")  # production without keys: no push
    assert not (tmp_path / "vapid_keys").exists()


def test_development_makes_a_vapid_pair_once_and_keeps_it(tmp_path):
    first = env.read_vapid({}, debug=True, local_dir=tmp_path)
    assert len(first[0]) == 87 and len(first[1]) == 43
    assert env.read_vapid({}, debug=True, local_dir=tmp_path) == first  # the subscriptions survive a restart
