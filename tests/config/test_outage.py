"""The site while its database or Redis is away (issue 31, finding 1): a page that says the site is catching its
breath, at once and in the visitor's language, never a 500 or a wait on the pool; the process probes the
database by itself and makes its pool anew when it is back, and exits for its supervisor when that does not help.
"""

import threading
import time

import pytest
from django.db import OperationalError
from django.test import override_settings
from django.urls import path

from config import urls as site_urls
from observe import database
from observe.database import DatabaseHealth


def refused(*args, **kwargs):
    raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: Connection refused')


def a_page_whose_database_is_gone(request):
    refused()


def a_page_that_deadlocked(request):
    import psycopg

    try:
        raise psycopg.errors.DeadlockDetected("deadlock detected")
    except psycopg.Error as cause:
        raise OperationalError("deadlock detected") from cause


# The site's own URLs and error handler (config/urls.py), and two pages that fail as a view would.
urlpatterns = [path("needs-the-database/", a_page_whose_database_is_gone), path("deadlocked/", a_page_that_deadlocked)]
urlpatterns += site_urls.urlpatterns
handler500 = site_urls.handler500


class Answering:
    """A connection the probe made: the database answers."""

    def close(self):
        pass


@pytest.fixture
def away(monkeypatch):
    """This process' health says the database is away (its probe failing), without touching the real one."""
    monkeypatch.setattr(database.health, "away_since", time.monotonic() - 3)
    yield
    monkeypatch.setattr(database.health, "away_since", None)


def test_while_the_database_is_away_a_page_says_so_at_once_in_the_visitors_language(client, away):
    started = time.monotonic()
    spanish = client.get("/play/wordgrid/")
    english = client.get("/play/wordgrid/", HTTP_ACCEPT_LANGUAGE="en")
    assert time.monotonic() - started < 2  # no wait on the pool
    assert spanish.status_code == english.status_code == 503
    assert spanish["Retry-After"] == "5" and spanish["Cache-Control"] == "no-store"
    assert "El sitio está recuperando el aliento" in spanish.content.decode()
    assert "The site is catching its breath" in english.content.decode()
    assert client.get("/m/1/rounds/1/analysis.json").json() == {"error": "unavailable"}


def test_healthz_says_503_at_once_while_the_database_is_away(client, away):
    started = time.monotonic()
    assert client.get("/healthz").status_code == 503
    assert time.monotonic() - started < 2


@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
def test_a_request_that_meets_the_database_away_gets_the_page_not_a_500(client, monkeypatch):
    client.raise_request_exception = False
    probing = []
    monkeypatch.setattr(database.health, "failed", lambda error=None: probing.append(error))
    response = client.get("/needs-the-database/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 503 and "catching its breath" in response.content.decode()
    assert len(probing) == 1  # and the process starts probing


@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
def test_a_deadlock_is_no_outage(client, monkeypatch):
    client.raise_request_exception = False
    probing = []
    monkeypatch.setattr(database.health, "failed", lambda error=None: probing.append(error))
    assert client.get("/deadlocked/").status_code == 500 and probing == []


def test_the_probe_makes_the_pool_anew_once_the_database_is_back(monkeypatch):
    monkeypatch.setattr(database, "PROBE_SECONDS", 0.01)
    answers = iter([False, False, False, True])
    resets = []

    def connect():
        if not next(answers):
            raise OSError("Connection refused")
        return Answering()

    health = DatabaseHealth(connect=connect, reset=lambda: resets.append(1))
    health.failed(OperationalError("server closed the connection unexpectedly"))
    health.failed(OperationalError("again"))  # one probe at a time

    # The pool is made anew first, then pages are told the database is back (never the other way round: a page
    # would take a dead connection): wait for the probe to have done both.
    def probes() -> int:
        return [t.name for t in threading.enumerate()].count("database-probe")

    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and (not resets or health.is_away() or probes()):
        time.sleep(0.01)
    assert resets == [1] and not health.is_away()
    assert probes() == 0


def test_what_was_owed_while_the_database_was_away_is_told_once_it_answers(monkeypatch):
    monkeypatch.setattr(database, "PROBE_SECONDS", 0.01)
    gate = threading.Event()

    def connect():
        if not gate.is_set():
            raise OSError("Connection refused")
        return Answering()

    health = DatabaseHealth(connect=connect, reset=lambda: None)
    health.failed(OperationalError("server closed the connection unexpectedly"))
    told = []
    health.when_back(lambda: told.append("a socket's frame"))
    health.when_back(lambda: told.append("another"))
    time.sleep(0.1)
    assert told == [] and health.is_away()  # not while it is away
    gate.set()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and len(told) < 2:
        time.sleep(0.01)
    assert told == ["a socket's frame", "another"] and not health.is_away()
    health.when_back(lambda: told.append("later"))  # no probe running: it answers, so at once
    assert told[-1] == "later"


def test_a_failure_the_probe_does_not_confirm_leaves_the_pool_alone():
    resets = []
    health = DatabaseHealth(connect=Answering, reset=lambda: resets.append(1))
    health.failed(OperationalError("one connection died"))
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and health._probing is not None:
        time.sleep(0.01)
    assert resets == [] and not health.is_away()  # the pool's own check replaces that connection


def test_a_process_whose_pool_keeps_failing_while_the_database_answers_exits_for_its_supervisor(monkeypatch):
    monkeypatch.setattr(database, "PROBE_SECONDS", 0.01)
    exits = []
    monkeypatch.setattr(database.os, "_exit", lambda code: exits.append(code))
    health = DatabaseHealth(connect=Answering, reset=lambda: None)
    for _ in range(database.RESETS_BEFORE_EXIT):
        health._reset_pool(30.0)
    assert exits == [database.EXIT_CODE]


def test_only_the_database_away_counts_as_away():
    import psycopg

    assert database.is_database_error(OperationalError("connection refused"))
    for answered in (psycopg.errors.SerializationFailure, psycopg.errors.QueryCanceled):
        try:
            raise answered("the database answered")
        except psycopg.Error as cause:
            wrapped = OperationalError("wrapped")
            wrapped.__cause__ = cause
            assert not database.is_database_error(wrapped)
    assert not database.is_database_error(ValueError("a bug"))
