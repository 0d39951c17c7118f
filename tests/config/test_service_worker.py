"""The site's service worker and offline page (issue 36, "Installable"): served at the root with what the worker
keeps, never cached by the browser's HTTP cache, and the offline page drawn without the database."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
def test_the_worker_is_served_at_the_root_with_its_cache_and_the_offline_page():
    response = Client().get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert 'const OFFLINE = "/offline/";' in body and 'const CACHE = "dream-games-' in body
    assert '"/static/css/site.css"' in body and 'addEventListener("fetch"' in body


@pytest.mark.django_db
def test_the_offline_page_names_every_game_s_rules_in_the_visitor_s_language():
    client = Client()
    client.cookies["django_language"] = "en"
    page = client.get("/offline/").content.decode()
    assert 'data-testid="offline-page"' in page and "No connection" in page
    for slug in ("duelo", "torneo", "wordgrid", "cruzadas", "claves"):
        assert f'href="/play/{slug}/rules/"' in page


def test_the_offline_page_needs_no_database():
    """Drawn with the database out of reach (no django_db mark: any query fails the test)."""
    assert Client().get("/offline/").status_code == 200
