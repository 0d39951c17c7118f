"""The site can be added to a phone's home screen (issue 18): every page names its icons and the web app
manifest, the manifest says what a phone needs in the visitor's language, and each file it names is served."""

import json
import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _links(html: str) -> dict[str, str]:
    return {rel: href for rel, href in re.findall(r'<link rel="([\w-]+)" href="([^"]+)"', html)}


def test_every_page_names_the_icons_and_the_manifest_and_each_is_served():
    client = Client()
    for page in ("/", "/lobby/", "/play/duelo/rules/"):
        links = _links(client.get(page, follow=True).content.decode())
        assert {"icon", "apple-touch-icon", "manifest"} <= set(links), page
    for href in links.values():
        if href.endswith((".svg", ".png")):
            response = client.get(href)
            assert response.status_code == 200, href
            assert b"".join(response.streaming_content if response.streaming else [response.content])


def test_the_manifest_says_what_a_phone_needs_in_the_visitors_language():
    response = Client().get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["name"] == "Dream Games" and data["start_url"] == "/" and data["display"] == "standalone"
    assert data["lang"] == "es"
    assert data["description"] == "Juegos de palabras en tiempo real contra personas, bots y en torneos."
    sizes = {icon["sizes"]: icon["type"] for icon in data["icons"]}
    assert sizes["192x192"] == sizes["512x512"] == "image/png"  # what Android asks for to install
    english = json.loads(Client().get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="en").content)
    assert english["description"] == "Real-time word games against people, bots and in tournaments."
    assert english["lang"] == "en"
    for icon in data["icons"]:
        assert Client().get(icon["src"]).status_code == 200, icon["src"]


def test_the_favicon_address_browsers_ask_for_leads_to_the_icon():
    response = Client().get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("icon-192.png")
    assert Client().post("/manifest.webmanifest").status_code == 405
