"""The authoring guide is a page of the room for anyone signed in: docs/authoring.md itself
(the one text: read from the package when installed, from docs/ in a checkout), its headings
rendered with the ids its own links use, raw HTML in the Markdown escaped, links to docs the
room does not serve shown as text."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from dealer_trainer.web import guide
from dealer_trainer.web.access import Access, policies

from .conftest import World, sign_in

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "authoring.md"


@pytest.fixture
def trainee(world: World, client: FlaskClient) -> FlaskClient:
    world.person("Ana", room=world.room("Evening"))
    sign_in(client, "Ana")
    return client


def _headings(markdown: str) -> list[tuple[int, str]]:
    """The headings of a Markdown text outside its code blocks: (level, text)."""
    found: list[tuple[int, str]] = []
    fenced = False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (heading := re.match(r"(#{1,6}) (.+)$", line)):
            found.append((len(heading.group(1)), heading.group(2).strip()))
    return found


def test_the_guide_is_for_anyone_signed_in(app: Flask, client: FlaskClient) -> None:
    assert policies(app)["guide.authoring"] is Access.SIGNED_IN
    response = client.get("/guide/authoring")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/sign-in")


def test_the_guide_page_renders_every_heading_of_docs_authoring_md(trainee: FlaskClient) -> None:
    response = trainee.get("/guide/authoring")
    assert response.status_code == 200
    html = response.text
    headings = _headings(DOC.read_text(encoding="utf-8"))
    assert len(headings) > 5
    shown = [
        (int(level), unescape(re.sub(r"<[^>]+>", "", text)))
        for level, text in re.findall(r'<h([1-6]) id="[^"]+">(.*?)</h\1>', html)
    ]
    plain = [(level, re.sub(r"`([^`]*)`", r"\1", text)) for level, text in headings]
    assert shown == plain
    assert "<title>How to write a scenario" in html
    # the list of sections links to each second-level heading
    for level, text in headings:
        if level == 2:
            assert f">{text}</a></li>" in unescape(html), text


def test_every_link_within_the_guide_lands_on_a_heading(trainee: FlaskClient) -> None:
    html = trainee.get("/guide/authoring").text
    targets = re.findall(r'<a href="#([^"]+)"', html)
    ids = set(re.findall(r' id="([^"]+)"', html))
    assert "every-error-message-explained" in targets or "what-the-trainee-sees" in targets
    assert targets and set(targets) <= ids, set(targets) - ids
    # docs the room does not serve (engine.md, irregularities.md) are text, not dead links
    assert not re.search(r'href="[^"#]*\.md', html)
    assert "irregularities.md" in html


def test_in_a_checkout_the_guide_is_docs_authoring_md_itself() -> None:
    assert guide.guide_file() == DOC


def test_an_installed_package_serves_the_guide_shipped_inside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, trainee: FlaskClient
) -> None:
    package = tmp_path / "dealer_trainer"
    (package / "guides").mkdir(parents=True)
    (package / "guides" / "authoring.md").write_text("# Shipped\n\n## Inside the wheel\n")
    monkeypatch.setattr(guide, "_PACKAGE", package)
    assert guide.guide_file() == package / "guides" / "authoring.md"
    assert '<h2 id="inside-the-wheel">Inside the wheel</h2>' in trainee.get("/guide/authoring").text


def test_a_lost_guide_is_a_404_not_a_500(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, trainee: FlaskClient
) -> None:
    monkeypatch.setattr(guide, "_PACKAGE", tmp_path / "dealer_trainer")
    assert trainee.get("/guide/authoring").status_code == 404


def test_html_in_the_markdown_is_escaped_never_run() -> None:
    body, _ = guide.render(
        "# Title\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n"
        "[run](javascript:alert(1))\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n"
    )
    assert "<script" not in body and "<img" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert 'href="javascript' not in body
    assert "style=" not in body  # a column's alignment would be an inline style: the CSP refuses


def test_headings_get_githubs_ids_a_repeat_numbered() -> None:
    body, sections = guide.render("## The fields\n\n### The question\n\n## The `question`, again\n")
    assert '<h2 id="the-fields">' in body
    assert '<h3 id="the-question">' in body
    assert '<h2 id="the-question-again">' in body
    assert [section.id for section in sections] == ["the-fields", "the-question-again"]
    repeated, _ = guide.render("## Topics\n\n## Topics\n")
    assert '<h2 id="topics">' in repeated and '<h2 id="topics-1">' in repeated


def test_a_table_scrolls_in_a_region_of_its_own_named_by_its_columns() -> None:
    """On a phone a wide table scrolls sideways inside its region (a keyboard reaches it),
    never the whole page (WCAG 1.4.10 lets a data table scroll)."""
    body, _ = guide.render("| field | `required` |\n|---|---|\n| id | yes |\n")
    assert body.startswith(
        '<div class="table-scroll" role="region" tabindex="0" aria-label="Table: field, '
        'required"><table>'
    )
    assert body.endswith("</table>\n</div>\n")
