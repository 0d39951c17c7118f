"""Read the site's configuration from the environment.

Pure functions over a mapping (os.environ in production, a dict in tests), so
that every rule about what a variable means is tested without reloading Django.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def read_bool(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = env.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false, yes/no, on/off), not {raw!r}")


def read_list(env: Mapping[str, str], name: str, default: list[str]) -> list[str]:
    """A comma-separated list; blanks are dropped so 'a, b,' is ['a', 'b']."""
    raw = env.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def read_int(env: Mapping[str, str], name: str, default: int, minimum: int = 0) -> int:
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {value}")
    return value


def read_choice(env: Mapping[str, str], name: str, choices: tuple[str, ...], default: str) -> str:
    """One of `choices` (case-insensitive); unset or empty: `default`."""
    raw = env.get(name, "").strip().lower()
    if not raw:
        return default
    if raw not in choices:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(choices)}, not {raw!r}")
    return raw


def read_port(env: Mapping[str, str], name: str) -> int | None:
    """A TCP port (1-65535); unset or empty: None."""
    raw = env.get(name, "").strip()
    if not raw:
        return None
    if not raw.isdigit() or not 1 <= int(raw) <= 65535:
        raise ImproperlyConfigured(f"{name} must be a TCP port (1 to 65535), not {raw!r}")
    return int(raw)


def read_fraction(env: Mapping[str, str], name: str, default: float) -> float:
    """A number between 0 (exclusive) and 1 (inclusive), e.g. a speed-up factor for tools and tests."""
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number, not {raw!r}") from None
    if not 0 < value <= 1:
        raise ImproperlyConfigured(f"{name} must be more than 0 and at most 1, not {value}")
    return value


def read_gc_thresholds(env: Mapping[str, str], name: str, default: tuple[int, ...]) -> tuple[int, ...]:
    """The garbage collector's thresholds (gc.set_threshold): one to three whole numbers, the first at least
    1 ("50000,20,100"); set but empty: () for Python's own."""
    raw = env.get(name)
    if raw is None:
        return default
    parts = [part.strip() for part in raw.split(",") if part.strip()]
    if not parts:
        return ()
    if len(parts) > 3 or not all(part.isdigit() for part in parts) or int(parts[0]) < 1:
        raise ImproperlyConfigured(
            f"{name} must be one to three whole numbers, the first at least 1 (such as 50000,20,100), not {raw!r}"
        )
    return tuple(int(part) for part in parts)


def read_secret_key(env: Mapping[str, str], debug: bool, local_dir: Path) -> str:
    """SECRET_KEY is required in production; development gets a generated one kept on disk.

    Keeping the generated key in a file (not regenerating it at every start) means a
    developer's sessions and guest identities survive a restart of `make run`.
    """
    key = env.get("SECRET_KEY", "").strip()
    if key:
        problems = [] if debug else secret_key_problems(key)
        if problems:
            raise ImproperlyConfigured(
                f"SECRET_KEY is too weak for production: {'; '.join(problems)}. It signs sessions, guests' "
                "identities and password-reset links. Make one with "
                '`python -c "import secrets; print(secrets.token_urlsafe(50))"`'
            )
        return key
    if not debug:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off (production)")
    key_file = local_dir / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    local_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    key_file.write_text(key)
    key_file.chmod(0o600)
    return key


# What a production SECRET_KEY needs: the same bar as Django's `check --deploy` (security.W009), enforced at
# start-up instead of only when someone runs the check.
SECRET_KEY_MIN_LENGTH = 50
SECRET_KEY_MIN_DISTINCT = 5
# Keys written for development or tests: django-admin startproject's prefix and scripts/test.sh's key.
DEVELOPMENT_KEY_MARKERS = ("django-insecure", "not-for-production", "test-secret-key")


def secret_key_problems(key: str) -> list[str]:
    """What makes a key unfit for production, in words (never the key itself); empty when it is fit."""
    problems = []
    if len(key) < SECRET_KEY_MIN_LENGTH:
        problems.append(f"it has {len(key)} characters, at least {SECRET_KEY_MIN_LENGTH} are needed")
    distinct = len(set(key))
    if distinct < SECRET_KEY_MIN_DISTINCT:
        problems.append(f"it has {distinct} distinct characters, at least {SECRET_KEY_MIN_DISTINCT} are needed")
    if key.lower().startswith("django-insecure"):
        problems.append("it starts with django-insecure, which marks a key made for development")
    elif any(marker in key.lower() for marker in DEVELOPMENT_KEY_MARKERS):
        problems.append("it is a development or test key")
    return problems


def read_database(env: Mapping[str, str], default_sqlite: Path) -> dict:
    """DATABASE_URL (postgres://...), or a SQLite file in the project for a newcomer.

    PostgreSQL connections come from a pool per process (Django's own, psycopg_pool; at most
    DB_POOL_SIZE, default 8): a burst of websocket connects otherwise opens a new connection per
    ORM call and daphne's handshake timeout closes the sockets that wait, and persistent
    connections (CONN_MAX_AGE) leak under ASGI, one per request thread, until PostgreSQL refuses
    clients (both found by load tests: docs/decisions.md #4).

    The pool checks each connection before handing it out (a connection the server dropped, in an outage,
    is replaced rather than given to a request) and waits at most POOL_TIMEOUT_SECONDS for one: a request
    is answered that the site is catching its breath rather than hang (issue 31, observe/database.py, which
    also makes the pool anew once the database is back).
    """
    import dj_database_url

    url = env.get("DATABASE_URL", "").strip()
    if not url:
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(default_sqlite),
            # SQLite under daphne + a Celery worker: wait for the lock instead of failing at once.
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
        }
    try:
        config = dj_database_url.parse(url, conn_max_age=0)
    except ValueError as error:
        raise ImproperlyConfigured(f"DATABASE_URL is not a database URL I understand: {error}") from None
    if config["ENGINE"] not in ("django.db.backends.postgresql", "django.db.backends.sqlite3"):
        raise ImproperlyConfigured("DATABASE_URL must point at PostgreSQL (or SQLite for development)")
    if config["ENGINE"] == "django.db.backends.postgresql":
        size = read_int(env, "DB_POOL_SIZE", 8, minimum=1)
        config.setdefault("OPTIONS", {})["pool"] = {"min_size": 1, "max_size": size, "timeout": POOL_TIMEOUT_SECONDS}
        config["CONN_HEALTH_CHECKS"] = True  # with a pool: psycopg_pool's check of each connection it hands out
        if read_bool(env, "DB_TRANSACTION_POOLING", False):
            # DATABASE_URL is a pooler in transaction mode (PgBouncer): consecutive transactions of one connection
            # may run on different server sessions, so nothing may outlive a transaction there. Server-side
            # cursors (QuerySet.iterator) are declared in one and fetched in the next; psycopg's prepared
            # statements (prepared after 5 runs of a query on a connection) are kept by the session that
            # prepared them. Django's default client-side binding never prepares; prepare_threshold None
            # keeps it so if server_side_binding is ever turned on.
            config["DISABLE_SERVER_SIDE_CURSORS"] = True
            config["OPTIONS"]["prepare_threshold"] = None
    return dict(config)


POOL_TIMEOUT_SECONDS = 5


def read_redis_url(env: Mapping[str, str], default: str) -> str:
    url = env.get("REDIS_URL", "").strip() or default
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ImproperlyConfigured(f"REDIS_URL must start with redis://, rediss:// or unix://, not {url!r}")
    return url


def redis_retry_options(asynchronous: bool = True) -> dict:
    """redis-py's options for a command that meets a dead connection: one more try, at once, on a new one (the
    async client's Retry for the channel layer, the sync one for the cache)."""
    from redis.backoff import NoBackoff
    from redis.exceptions import ConnectionError as RedisConnectionError

    if asynchronous:
        from redis.asyncio.retry import Retry
    else:
        from redis.retry import Retry  # type: ignore[assignment]
    return {"retry_on_error": [RedisConnectionError], "retry": Retry(NoBackoff(), 1)}


def read_vapid(env: Mapping[str, str], debug: bool, local_dir: Path) -> tuple[str, str, str]:
    """The site's VAPID key pair for Web Push (issue 36) and its contact: (public, private, subject).

    VAPID_PRIVATE_KEY is the raw P-256 private key, base64url (43 characters), VAPID_PUBLIC_KEY its uncompressed
    public point, base64url (87 characters): what `python -m notifications.vapid` prints. VAPID_SUBJECT is a
    mailto: or https: address push services may write to. Without the keys, production has no Web Push (the
    settings page says so); development and tests get a pair generated once and kept in .local/, so that the
    subscriptions of `make run` survive its restarts (a new key would make every one of them fail).
    """
    public = env.get("VAPID_PUBLIC_KEY", "").strip()
    private = env.get("VAPID_PRIVATE_KEY", "").strip()
    subject = env.get("VAPID_SUBJECT", "").strip() or "mailto:admin@localhost"
    if bool(public) != bool(private):
        raise ImproperlyConfigured("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither")
    if public or not debug:
        if subject and not subject.startswith(("mailto:", "https:")):
            raise ImproperlyConfigured(f"VAPID_SUBJECT must start with mailto: or https:, not {subject!r}")
        return public, private, subject
    key_file = local_dir / "vapid_keys"
    if not key_file.exists():
        from notifications.vapid import new_key_pair  # only development makes keys

        local_dir.mkdir(parents=True, exist_ok=True)
        key_file.write_text("\n".join(new_key_pair()))
        key_file.chmod(0o600)
    public, private = key_file.read_text().split()
    return public, private, subject
