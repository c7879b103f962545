"""The page checks catch what they are for: a small button, an unlabelled field, an inline
script refused by the CSP (so a clean run of the journeys means something)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import Console, check_axe, check_touch_targets

SMALL_BUTTON = """<!doctype html><html lang="en"><head><title>t</title>
<style>button { width: 30px; height: 16px; padding: 0; font-size: 10px; }</style></head>
<body><main><h1>t</h1><button type="button">Go</button></main></body></html>"""

NO_LABEL = """<!doctype html><html lang="en"><head><title>t</title></head>
<body><main><h1>t</h1><form><input type="text" name="who"></form></main></body></html>"""


def test_the_touch_target_check_catches_a_16_px_button(page: Page) -> None:
    page.set_content(SMALL_BUTTON)
    with pytest.raises(AssertionError, match=r'button "Go" 30x16'):
        check_touch_targets(page)


def test_the_axe_check_catches_a_field_without_a_label(page: Page) -> None:
    page.set_content(NO_LABEL)
    with pytest.raises(AssertionError, match="label"):
        check_axe(page)


def test_a_second_axe_check_of_one_document_sees_what_changed_in_it(page: Page) -> None:
    page.set_content(NO_LABEL.replace('<input type="text" name="who">', ""))
    check_axe(page)  # clean: axe-core is now in the document, and is not sent again
    page.evaluate("""() => document.querySelector("form").innerHTML = '<input name="who">'""")
    with pytest.raises(AssertionError, match="label"):
        check_axe(page)


def test_the_console_watch_catches_an_inline_script_the_csp_refuses(
    page: Page, base_url: str, _console_is_clean: Console
) -> None:
    page.goto("/sign-in")
    with page.expect_console_message(lambda m: "Content Security Policy" in m.text):
        page.evaluate(
            """() => { const s = document.createElement("script");
                       s.textContent = "window.ran = 1"; document.body.append(s); }"""
        )
    assert page.evaluate("window.ran") is None
    found = [p for p in _console_is_clean.problems if p.startswith("CSP:")]
    assert found, _console_is_clean.problems
    _console_is_clean.problems.clear()  # expected here: the watch saw it
