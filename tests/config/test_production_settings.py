"""Production settings are safe by default: checked by importing them in a fresh interpreter."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# A key as `python -c "import secrets; print(secrets.token_urlsafe(50))"` makes one (weak keys are refused).
STRONG_KEY = "pK7vX2mQ9rT4wL0zN8cB5yH1uJ6sEfGa3dRiVoYtWn_BxC-MhKjLzPe1UgFsDaWq"

PROBE = """
import json
from django.conf import settings
print(json.dumps({name: getattr(settings, name) for name in [
    "DEBUG", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_HSTS_SECONDS",
    "SECURE_SSL_REDIRECT", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "LANGUAGE_CODE",
    "ALLAUTH_TRUSTED_PROXY_COUNT", "AXES_CLIENT_IP_CALLABLE", "SITE_NAME", "SITE_DOMAIN", "DEFAULT_FROM_EMAIL",
    "ACCOUNT_DEFAULT_HTTP_PROTOCOL"]}
    | {"db": settings.DATABASES["default"]["ENGINE"], "proxy": list(settings.SECURE_PROXY_SSL_HEADER or [])}))
"""


def load_settings(environ: dict[str, str]) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "config.settings", **environ}
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup()\n" + PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_settings_are_secure_by_default():
    result = load_settings(
        {
            "SECRET_KEY": STRONG_KEY,
            "ALLOWED_HOSTS": "play.example",
            "CSRF_TRUSTED_ORIGINS": "https://play.example",
            "DATABASE_URL": "postgres://dg@db/dreamgames",
        }
    )
    assert result.returncode == 0, result.stderr
    settings = json.loads(result.stdout)
    assert settings["DEBUG"] is False
    assert settings["SESSION_COOKIE_SECURE"] and settings["CSRF_COOKIE_SECURE"]
    assert settings["SECURE_HSTS_SECONDS"] >= 31536000
    assert settings["SECURE_SSL_REDIRECT"] is True
    assert settings["ALLOWED_HOSTS"] == ["play.example"]
    assert settings["CSRF_TRUSTED_ORIGINS"] == ["https://play.example"]
    assert settings["db"] == "django.db.backends.postgresql"
    assert settings["proxy"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert settings["LANGUAGE_CODE"] == "es"
    # Every limit by address (allauth's, axes', the look-ups') reads the client's address the proxy appended.
    assert settings["ALLAUTH_TRUSTED_PROXY_COUNT"] == 1
    assert settings["AXES_CLIENT_IP_CALLABLE"] == "toolkit.client_address.client_ip"
    # The e-mails name the site and its public host, and link to it over https.
    assert (settings["SITE_NAME"], settings["SITE_DOMAIN"]) == ("Dream Games", "play.example")
    assert settings["DEFAULT_FROM_EMAIL"] == "Dream Games <noreply@play.example>"
    assert settings["ACCOUNT_DEFAULT_HTTP_PROTOCOL"] == "https"


def test_production_refuses_to_start_without_a_secret_key():
    result = load_settings({"ALLOWED_HOSTS": "play.example"})
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_production_refuses_to_start_with_a_weak_secret_key():
    for weak in ("x" * 50, "test-secret-key-not-for-production-0123456789", "django-insecure-" + STRONG_KEY):
        result = load_settings({"SECRET_KEY": weak, "ALLOWED_HOSTS": "play.example"})
        assert result.returncode != 0, weak
        assert "SECRET_KEY is too weak for production" in result.stderr
        assert "secrets.token_urlsafe(50)" in result.stderr


def test_development_starts_with_the_test_key():
    result = load_settings({"DEBUG": "1", "SECRET_KEY": "test-secret-key-not-for-production-0123456789"})
    assert result.returncode == 0, result.stderr


def test_development_runs_on_sqlite_with_no_configuration_at_all():
    result = load_settings({"DEBUG": "1"})
    assert result.returncode == 0, result.stderr
    settings = json.loads(result.stdout)
    assert settings["db"] == "django.db.backends.sqlite3"
    assert settings["SESSION_COOKIE_SECURE"] is False
    assert settings["SECURE_SSL_REDIRECT"] is False
