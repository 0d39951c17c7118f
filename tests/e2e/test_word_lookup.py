"""A player checks a word on the public look-up page, on a phone."""

from playwright.sync_api import expect


def test_a_player_looks_words_up_and_downloads_the_grid_dictionary(site_url, browser, screenshot):
    context = browser.new_context(viewport={"width": 360, "height": 780}, locale="es-ES", accept_downloads=True)
    page = context.new_page()
    page.goto(site_url + "/")
    page.get_by_role("link", name="Listas de palabras").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Listas de palabras")
    screenshot(page, "words-index-phone")

    page.goto(site_url + "/words/duelo-es-5-valid/")
    page.get_by_label("Busca una palabra").fill("ÁRBOL")
    page.get_by_role("button", name="Buscar").click()
    result = page.get_by_test_id("lookup-result")
    expect(result).to_contain_text("árbol")
    expect(result).to_contain_text("Válida")
    # Never whether it can be the answer (issue 17: the look-up was an oracle for the hidden lists).
    expect(result).not_to_contain_text("oculta")
    screenshot(page, "words-lookup-phone")

    page.get_by_label("Busca una palabra").fill("sol")
    page.get_by_role("button", name="Buscar").click()
    expect(result).to_contain_text("5 letras")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    page.goto(site_url + "/words/wordgrid-en-valid/")
    with page.expect_download() as download_info:
        page.get_by_role("link", name="Descargar la lista").click()
    assert download_info.value.suggested_filename.startswith("wordgrid-en-valid-")
    context.close()
