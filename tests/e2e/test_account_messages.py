"""The account's e-mail and messages in the site's voice (issue 33, item 14), as a new player met them on a 360x740
phone in Spanish: "confirme su dirección" (usted), "vete a http://…", "el usuario anabel" (the address's local part,
not the nickname) and "Ha iniciado sesión exitosamente como anabel". Anabel signs up, reads the mail the site sent
her (the console mail backend writes it to daphne's log), opens its link, confirms, logs out and logs back in: the
mail, the confirmation page and every message say "tú" and call her Anabel."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from tests.accounts.test_account_voice import USTED

PHONE = {"width": 360, "height": 740}
PASSWORD = "a-long-pass-phrase-91"
ADDRESS = "anabel.lopez@example.com"


def the_mail(log) -> str:
    """The confirmation mail as daphne's console backend wrote it (its body is 8-bit UTF-8 text)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        text = log.read_text(encoding="utf-8", errors="replace")
        if "/accounts/confirm-email/" in text:
            start = text.rfind("Subject:", 0, text.index("/accounts/confirm-email/"))
            return text[start:]
        time.sleep(0.2)
    raise AssertionError("no mail was sent")


def not_the_local_part(text: str) -> bool:
    """The address's local part is never used as her name (the whole address may be said)."""
    return "anabel.lopez" not in text.replace(ADDRESS, "")


def test_a_newcomer_is_spoken_to_with_tu_and_by_her_nickname_from_sign_up_to_log_in(daphne_url, browser, tmp_path):
    site = daphne_url
    context = browser.new_context(viewport=PHONE, locale="es-ES", has_touch=True)
    page = context.new_page()
    page.goto(site + "/accounts/signup/")
    page.get_by_label(re.compile("^Apodo")).fill("Anabel")
    page.get_by_label(re.compile("^Correo electrónico")).fill(ADDRESS)
    page.get_by_label(re.compile("^Contraseña:?$")).fill(PASSWORD)
    page.get_by_label(re.compile("^Contraseña \\(de nuevo\\)")).fill(PASSWORD)
    page.get_by_role("button", name="Registrarse").click()
    expect(page).to_have_url(re.compile(r"/accounts/confirm-email/$"))
    said = page.locator("main").inner_text()
    assert not USTED.search(said), said

    mail = the_mail(tmp_path / "daphne.log")
    body = mail.split("\n\n", 1)[1]
    assert "Anabel" in body, mail
    assert not_the_local_part(body), mail
    assert not USTED.search(body), mail
    assert "vete a" not in body.lower(), mail
    link = re.search(r"https?://\S+/accounts/confirm-email/[^/\s]+/", body).group(0)

    page.goto(site + link[link.index("/accounts/") :])
    said = page.locator("main").inner_text()
    assert "Anabel" in said and not_the_local_part(said), said
    assert not USTED.search(said), said
    page.get_by_role("button", name="Confirmar").click()
    messages = page.locator(".message")
    expect(messages.filter(has_text=re.compile("^Hola, Anabel: has entrado en tu cuenta"))).to_have_count(1)
    said = " ".join(messages.all_inner_texts())
    assert not_the_local_part(said) and not USTED.search(said), said

    page.get_by_test_id("menu-button").click()
    page.get_by_role("button", name="Salir").click()
    expect(page.locator(".message")).to_contain_text("Has salido de tu cuenta")
    page.get_by_role("link", name="Entrar").first.click()
    page.get_by_label(re.compile("^Correo electrónico")).fill(ADDRESS)
    page.get_by_label(re.compile("^Contraseña")).fill(PASSWORD)
    page.get_by_role("button", name="Entrar").click()
    message = page.locator(".message")
    expect(message).to_have_text("Hola, Anabel: has entrado en tu cuenta.")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()
