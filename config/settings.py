"""Settings for Dream Games, all read from the environment (see config/env.py and docs/deployment.md).

Without any variable set, the site runs as a newcomer's development copy: SQLite in
the project folder and the embedded Redis that `make run` starts. Production is
DEBUG off, which makes SECRET_KEY mandatory and turns on secure cookies and HSTS.
"""

import os
from datetime import timedelta
from pathlib import Path

from django.utils.translation import gettext_lazy as _

from config import env as read
from config import lanes, redis_topology

BASE_DIR = Path(__file__).resolve().parent.parent
LOCAL_DIR = BASE_DIR / ".local"  # git-ignored: the SQLite file, the generated key, embedded Redis
ENV = os.environ

# The port of the embedded Redis that `make run` starts when REDIS_URL is not given.
EMBEDDED_REDIS_PORT = 6399

DEBUG = read.read_bool(ENV, "DEBUG", default=False)
SECRET_KEY = read.read_secret_key(ENV, DEBUG, LOCAL_DIR)
# Web Push (issue 36): the site's VAPID keys; development and tests make a pair in .local/ (config/env.py)
VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT = read.read_vapid(ENV, DEBUG, LOCAL_DIR)
# A push service on this machine over plain http (the tests' stand-in) is accepted in development only: read here,
# as DEBUG is at start-up (pytest-django turns DEBUG off under the tests, which need the stand-in).
WEB_PUSH_LOOPBACK = DEBUG
ALLOWED_HOSTS = read.read_list(ENV, "ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = read.read_list(ENV, "CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.sites",
    "django.contrib.staticfiles",
    "channels",
    "csp",
    "allauth",
    "allauth.account",
    "axes",  # failed log-ins counted and locked out, at the admin's door and the players' (docs/security.md)
    "accounts",
    "lobby",
    "wallet",
    "ratings",
    "wordlists",
    "games",
    "notifications",
    "friends",
    "challenges",
    "chat",
    "daily",
    "players",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.requests.RefuseNulMiddleware",  # a NUL in the path or the query: 400, before any view (issue 31)
    "config.headers.SiteCSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # While the database is away, every page says the site is catching its breath at once, in the visitor's
    # language (config/outage.py): nothing above reads the database.
    "config.outage.AwayMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "accounts.middleware.PlayerMiddleware",
    # The long-lived device cookie, and the browsers and addresses each account is seen with (wallet.trust).
    "accounts.sightings.DeviceMiddleware",
    "axes.middleware.AxesMiddleware",  # last: a locked-out log-in gets the lock-out page (accounts/login_limits.py)
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
SITE_ID = 1
# What the e-mails call the site and where they say it is (the Sites row, set at every migrate: accounts/site.py).
# SITE_DOMAIN: the public host name; by default the first of ALLOWED_HOSTS (production must set those anyway).
SITE_NAME = "Dream Games"
SITE_DOMAIN = ENV.get("SITE_DOMAIN", "").strip() or next(
    (host.lstrip(".") for host in ALLOWED_HOSTS if host not in ("*", "")), "localhost"
)

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.player",
                "games.context_processors.game_on",
                "wallet.context_processors.header_balance",
                "notifications.context_processors.bell",
            ],
        },
    },
]

# --- Data stores -----------------------------------------------------------------------------
DATABASES = {"default": read.read_database(ENV, LOCAL_DIR / "dreamgames.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Where Redis is (config/redis_topology.py): REDIS_URL, or the primary that REDIS_SENTINELS name through Redis
# Sentinel (then REDIS_SENTINEL_MASTER and REDIS_DB; REDIS_URL is not read). Every Redis client of the site takes
# its settings from REDIS: the cache, the channel layer, the broker, beat's lock, presence.
REDIS = redis_topology.read(ENV, f"redis://127.0.0.1:{EMBEDDED_REDIS_PORT}/0")
REDIS_URL = REDIS.url  # "" through Sentinel: make a client with REDIS.client() / REDIS.async_client()

# A connection that died with Redis (an outage, a restart) is found out by its first command after it: that
# command is tried once more on a new connection instead of failing (the soak: the first broadcast of each
# worker thread after Redis returned failed with "Connection closed by server", seconds later). Through
# Sentinel the new connection asks the sentinels for the primary first: after a failover it goes to the new one.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        **REDIS.cache(read.redis_retry_options(asynchronous=False)),
        "KEY_PREFIX": "dg",
    }
}

# The PubSub layer carried about five times the load of the list-based one on this
# hardware (docs/decisions.md). socket_timeout=None: an idle websocket must not be
# dropped by the Redis client's read timeout.
CHANNEL_LAYERS = {
    "default": {
        # channels_redis' pub/sub layer whose sockets look again once Redis is back after an outage (issue 30),
        # or once its subscription found the new primary after a failover.
        "BACKEND": "games.runtime.layer.RecoveringPubSubChannelLayer",
        "CONFIG": {"hosts": [REDIS.channel_layer_host({"socket_timeout": None, **read.redis_retry_options()})]},
    }
}

# --- Celery ----------------------------------------------------------------------------------
CELERY_BROKER_URL = REDIS.broker_url()
CELERY_BROKER_TRANSPORT_OPTIONS = REDIS.broker_transport_options()
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker that loses Redis keeps trying (every 2 s at most: config/worker.py) for as long as it takes, instead
# of exiting after 100 tries; its supervisor restarts it if it dies anyway (docs/deployment.md, decisions #16).
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_WORKER_CONSUMER = "config.worker:Consumer"
# After a reconnect Celery lowers the prefetch count by the tasks it still holds (our timers, with eta) and
# "restores" it as they finish; the soak saw the restored worker fetch nothing more in 2 of 3 runs (timers
# and bots stuck until the worker was killed). Without the reduction it kept fetching (docs/decisions.md 23).
CELERY_WORKER_ENABLE_PREFETCH_COUNT_REDUCTION = False
# Two lanes of work (config/lanes.py, decision 70): live (bots, launches) and batch (analyses, archives), each
# served by workers of its own; deadlines and the sweeps are the clock process's (games.runtime.clock).
# CELERY_QUEUE_PREFIX: private copies of the lanes' queues, for a bench that shares a Redis with others.
CELERY_QUEUE_PREFIX = ENV.get("CELERY_QUEUE_PREFIX", "")
CELERY_TASK_ROUTES = lanes.task_routes(CELERY_QUEUE_PREFIX)
# A task sent without a route never lands on the live lane.
CELERY_TASK_DEFAULT_QUEUE = lanes.queue(lanes.BATCH, CELERY_QUEUE_PREFIX)
# Each lane's queue, for the clock's metric of their depths (games.runtime.scheduling.lane_depths).
LANE_QUEUES = {lane: lanes.queue(lane, CELERY_QUEUE_PREFIX) for lane in lanes.LANES}
CELERY_BEAT_SCHEDULE = {
    # Beat proves it is alive to /healthz, and each lane's heartbeat that a worker of that lane runs.
    f"heartbeat-{lane}": {
        "task": "config.tasks.heartbeat",
        "schedule": 5.0,
        "args": (lane,),
        "options": {"queue": lanes.queue(lane, CELERY_QUEUE_PREFIX)},
    }
    for lane in lanes.LANES
}
# The daily puzzles of the next days, made ahead with their commitments (daily/tasks.py), on the batch lane.
CELERY_BEAT_SCHEDULE["daily-puzzles"] = {"task": "daily.tasks.make_daily_puzzles", "schedule": 3600.0}
# Challenges past their deadline marked expired (challenges/tasks.py), every minute on the batch lane: each answer
# reads the deadline from the row itself, so the sweep's lateness changes no answer.
CELERY_BEAT_SCHEDULE["challenges-expire"] = {"task": "challenges.tasks.expire_challenges", "schedule": 60.0}
# One beat sends, however many run (one per node may): celery-redbeat keeps the schedule in Redis and its lock
# says who sends (config/beat.py). The holder renews the lock every tick (at most BEAT_MAX_LOOP_INTERVAL apart); a
# beat that dies leaves it to expire, and a waiting beat, trying every BEAT_MAX_LOOP_INTERVAL, takes it over and sends
# the heartbeats that are overdue at once: within lock timeout + max interval (7 s) of the death, inside
# /healthz's 15 s for beat. CELERY_QUEUE_PREFIX's private copies (a bench on a shared Redis) have their own lock.
CELERY_BEAT_SCHEDULER = "config.beat:ElectedScheduler"
CELERY_BEAT_MAX_LOOP_INTERVAL = 1.0
CELERY_REDBEAT_LOCK_TIMEOUT = 6
CELERY_REDBEAT_KEY_PREFIX = f"{CELERY_QUEUE_PREFIX}redbeat:"
CELERY_REDBEAT_REDIS_URL, CELERY_REDBEAT_REDIS_OPTIONS = REDIS.redbeat()
# What the clock process runs every few seconds beside the deadlines, outside any queue: the bots owed a move,
# silent sockets, abandons, archives owed (games); queue presence and quick matches due (lobby).
CLOCK_SWEEPS = ["games.tasks.sweep", "lobby.tasks.sweep"]
CELERY_TIMEZONE = "UTC"
# Bots' human-like think times are multiplied by this (1 on the site). Tests and the soak that play whole
# tournaments with bots through real Celery set it lower; the rules' own clocks are never scaled.
BOT_THINK_SCALE = read.read_fraction(ENV, "BOT_THINK_SCALE", 1.0)
# daphne and the Celery worker load every word list at start-up and freeze them out of the garbage
# collector's walks (config/warmup.py, issue 16); WARM_UP=0 leaves the lists to load on first use.
WARM_UP = read.read_bool(ENV, "WARM_UP", True)
# The garbage collector's three thresholds in those processes (gc.set_threshold; Python's own are 700,10,10,
# which at 1,000 sockets ran a full collection of 250-380 ms every few seconds): a young collection every
# 50,000 new objects, and the oldest generation almost never (docs/performance.md, "The collector's pauses").
# GC_THRESHOLDS="" in the environment keeps Python's own.
GC_THRESHOLDS = read.read_gc_thresholds(ENV, "GC_THRESHOLDS", (50000, 20, 100))

# --- Accounts --------------------------------------------------------------------------------
AUTHENTICATION_BACKENDS = [
    # First: refuses a locked-out account or address before any password is checked (django-axes).
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.NicknameSignupForm"
# allauth calls a user by their nickname, and says its sentences in the site's voice (accounts/voice.py).
ACCOUNT_USER_DISPLAY = "accounts.voice.user_display"
# An address is taken only once an account confirmed it (accounts/addresses.py, issue 31).
ACCOUNT_FORMS = {"signup": "accounts.addresses.ConfirmedOwnerSignupForm"}
# An account is logged in once its address is confirmed (the link logs in the browser that signed up): only
# then can a sign-up with an address already registered look like a new one (ACCOUNT_PREVENT_ENUMERATION:
# allauth mails the owner instead and shows the same page). Nobody waits to play: guests play every free
# game with a nickname, and a guest who signs up plays on as the guest until the link takes them in
# (accounts.models.PendingSignup). The sign-up grant and staked play wait for the address anyway.
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_SESSION_REMEMBER = True
# Nobody learns from the account pages whether an address has an account: the log-in's error is the same for
# both, a password reset ends on the same page and mails only an address that has an account (allauth's
# "unknown account" mail would let anyone make the site mail any address). Sign-up hides it only with
# mandatory verification (docs/security.md: with "optional" allauth lets uniqueness win and says "taken").
ACCOUNT_PREVENT_ENUMERATION = True
ACCOUNT_EMAIL_UNKNOWN_ACCOUNTS = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = f"[{SITE_NAME}] "
# Links in the e-mails (confirm, reset) are https in production even when the request reached daphne as http.
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "http" if DEBUG else "https"
# Rate limits are allauth's defaults made explicit, so that turning them off is a visible change.
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip,5/5m/key",
    "login": "30/m/ip",
    "signup": "20/m/ip",
    "reset_password": "20/m/ip,5/m/key",
    "reset_password_from_key": "20/m/ip",
}
# django-axes, on every authenticate() of the site (the admin's log-in and the players'): after
# AXES_FAILURE_LIMIT failures for one account (from any address; an e-mail address counts for its account)
# or from one address (over any accounts), within AXES_COOLOFF_TIME, that account or address cannot log in
# until AXES_COOLOFF_TIME after the last failure counted. Tries while locked are refused and not counted,
# so the lock ends on time however often someone retries. A success does not wipe the failures (it would
# let a guesser clear an address's count by logging in to an account of their own). Counted in the
# database (AccessAttempt rows: an audit operators see in the admin, kept across a Redis restart;
# `manage.py axes_reset_username NAME` / `axes_reset_ip ADDRESS` lift a lock at once).
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_RESET_ON_SUCCESS = False
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_USERNAME_CALLABLE = "accounts.login_limits.account_key"
AXES_CLIENT_IP_CALLABLE = "toolkit.client_address.client_ip"  # the address every per-address limit uses
AXES_LOCKOUT_CALLABLE = "accounts.login_limits.locked_out"  # a translated page, status 429
AXES_HTTP_RESPONSE_CODE = 429
LOGIN_REDIRECT_URL = "/"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"

EMAIL_HOST = ENV.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = read.read_int(ENV, "EMAIL_PORT", 587, minimum=1)
    EMAIL_HOST_USER = ENV.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = ENV.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = read.read_bool(ENV, "EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = ENV.get("DEFAULT_FROM_EMAIL", f"{SITE_NAME} <noreply@{SITE_DOMAIN.split(':')[0]}>")

# --- Language --------------------------------------------------------------------------------
LANGUAGE_CODE = "es"
LANGUAGES = [("es", _("Spanish")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"
LANGUAGE_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_SAMESITE = "Lax"

# --- Static files ----------------------------------------------------------------------------
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / ".local" / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# --- Security: safe by default, relaxed only by DEBUG ------------------------------------------
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SECURE_HSTS_SECONDS = 0 if DEBUG else read.read_int(ENV, "SECURE_HSTS_SECONDS", 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_SSL_REDIRECT = read.read_bool(ENV, "SECURE_SSL_REDIRECT", not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^healthz(/details)?$"]  # probes talk plain HTTP to the process
# The monitor's token for /healthz/details (config/health.py), sent as `Authorization: Bearer ...`; empty: staff
# users only. Long and random, like SECRET_KEY: `python -c "import secrets; print(secrets.token_urlsafe(32))"`.
HEALTHZ_TOKEN = ENV.get("HEALTHZ_TOKEN", "")
# Prometheus' token for daphne's /metrics (config/metrics.py), sent as `Authorization: Bearer ...`; empty: /metrics
# answers 403 to everyone. The clock, the workers and beat serve theirs on METRICS_PORT (one per process of a
# node: each its own), on METRICS_ADDRESS (all interfaces by default: firewall it, or name the internal one).
METRICS_TOKEN = ENV.get("METRICS_TOKEN", "")
METRICS_PORT = read.read_port(ENV, "METRICS_PORT")
METRICS_ADDRESS = ENV.get("METRICS_ADDRESS", "").strip() or "0.0.0.0"  # noqa: S104 - see above
# Behind the TLS-terminating proxy of docs/deployment.md.
BEHIND_PROXY = read.read_bool(ENV, "BEHIND_PROXY", not DEBUG)
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The client's address, for every limit by address: the last X-Forwarded-For entry (the one our proxy
# appended) behind the proxy, else REMOTE_ADDR. toolkit/client_address.py; docs/security.md.
CLIENT_IP_FROM_FORWARDED_FOR = BEHIND_PROXY
# allauth's own limits (ACCOUNT_RATE_LIMITS) take the same address: the last X-Forwarded-For entry behind the
# proxy. Left at 0 they would take REMOTE_ADDR, the proxy, and every player would share one log-in budget.
ALLAUTH_TRUSTED_PROXY_COUNT = 1 if CLIENT_IP_FROM_FORWARDED_FOR else 0
RATELIMIT_IP_META_KEY = "toolkit.client_address.client_ip"
RATELIMIT_USE_CACHE = "default"  # Redis (CACHES above): the counts are shared by every daphne process
# Code look-ups by someone not in the room or group (/r/?code=, /r/CODE/, /g/CODE/, Claves' box): per
# address, each budget on its own (games/lookups.py). Over either: 429, whether the code exists or not.
# CODE_LOOKUP_RATES="10/m,100/h" in the environment (the load benches raise it: their players share an address).
CODE_LOOKUP_RATES = tuple(rate.strip() for rate in ENV.get("CODE_LOOKUP_RATES", "10/m,100/h").split(",") if rate)
# New guests per address (accounts/guests.py): a family or a class shares one address; a script making guests
# by the second (to multiply every limit per player) does not get far. GUEST_CREATION_RATES in the environment.
GUEST_CREATION_RATES = tuple(rate.strip() for rate in ENV.get("GUEST_CREATION_RATES", "10/m,60/h").split(",") if rate)

# What a page may load and run (django-csp 4; config/headers.py adds the page's own ws:/wss: origin to
# connect-src). Nothing inline: no <script> bodies, on* handlers or style attributes anywhere, the admin's
# included (Django's admin has none), so an injected tag or attribute cannot run or restyle the page.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
# Browser features no page of ours uses, off for every frame (django-permissions-policy). The clipboard
# (the invite link's Copy button) and fullscreen keep the browser's default: this origin only.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in [
        "accelerometer",
        "browsing-topics",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "hid",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "serial",
        "usb",
    ]
}

LOG_LEVEL = ENV.get("LOG_LEVEL", "INFO").upper()
# What repeats every 2 s at INFO is kept out unless LOG_LEVEL=DEBUG: beat's "Scheduler: Sending due task"
# (the sweeps, the heartbeat) and the worker's "Task ... received" / "succeeded" for each of them. A task
# that fails is logged at ERROR still; startup, reconnects and the sweeps' own findings stay at INFO
# (docs/decisions.md #24).
CHATTER_LEVEL = "DEBUG" if LOG_LEVEL == "DEBUG" else "WARNING"
# LOG_FORMAT=json: one JSON object a line, with the node and the kind of process (observe.logs); text by default.
LOG_FORMAT = read.read_choice(ENV, "LOG_FORMAT", ("text", "json"), "text")
JSON_LOGS = LOG_FORMAT == "json"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "observe.logs.JsonFormatter"}},
    "handlers": {"console": {"class": "logging.StreamHandler", **({"formatter": "json"} if JSON_LOGS else {})}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "daphne": {"level": "WARNING"},
        "celery.beat": {"level": CHATTER_LEVEL},
        "celery.worker.strategy": {"level": CHATTER_LEVEL},
        "celery.app.trace": {"level": CHATTER_LEVEL},
        # JSON: Django's own handlers of its logger (a plain console one while DEBUG) give way to the root's.
        **({"django": {"handlers": [], "level": "INFO"}} if JSON_LOGS else {}),
    },
}
if JSON_LOGS:
    LOGGING_CONFIG = "observe.logs.configure_json"  # Python's warnings as JSON lines too

# --- Wallet ----------------------------------------------------------------------------------
# Checked by wallet/conf.py at startup (a system check): positive whole numbers.
WALLET_STAKE_LEVELS = read.read_list(ENV, "WALLET_STAKE_LEVELS", ["10", "50", "100", "500"])
# Credits every registered player receives once, when their e-mail address is verified (0 turns it off).
WALLET_SIGNUP_GRANT = read.read_int(ENV, "WALLET_SIGNUP_GRANT", 1000)
# The grant is paid when the account's e-mail address is verified, at most this many per 24 hours to
# accounts created from one address, and this many per 24 hours site-wide (0: no limit). docs/security.md.
WALLET_SIGNUP_GRANTS_PER_ADDRESS = read.read_int(ENV, "WALLET_SIGNUP_GRANTS_PER_ADDRESS", 2)
WALLET_SIGNUP_GRANTS_PER_DAY = read.read_int(ENV, "WALLET_SIGNUP_GRANTS_PER_DAY", 200)
# Staked games are refused between accounts seen with one browser or address within this many days, and
# between two accounts that already played each other this many staked games in 24 hours (wallet/trust.py).
WALLET_RELATED_WINDOW_DAYS = read.read_int(ENV, "WALLET_RELATED_WINDOW_DAYS", 30)
WALLET_PAIR_GAMES_PER_DAY = read.read_int(ENV, "WALLET_PAIR_GAMES_PER_DAY", 5)
