"""The authoring guide as a page of the room, for anyone signed in: docs/authoring.md itself,
read from the package when installed (``dealer_trainer/guides/``, mapped from docs/ in
pyproject.toml) and from the checkout's docs/ otherwise, so there is one text.

The Markdown is rendered by markdown-it-py (CommonMark and tables) with raw HTML escaped,
never passed through (``html=False``); each heading gets the id GitHub gives it, so the
guide's own ``#section`` links work, a link to another doc of docs/, which the room does not
serve, is shown as its text alone, and a table scrolls sideways in a region of its own on a
screen too narrow for it (the page itself never does). The upload page links here when a
file has errors.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import OptionsDict
from markupsafe import Markup, escape

from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.htmx import page

__all__ = ["GUIDE", "Heading", "bp", "guide_file", "render"]

bp = Blueprint("guide", __name__, url_prefix="/guide")

#: the guide's file name, in docs/ and in the package's guides/
GUIDE = "authoring.md"

_PACKAGE = Path(__file__).resolve().parent.parent
#: what GitHub drops from a heading to make its id
_NOT_IN_ID = re.compile(r"[^\w\- ]", re.UNICODE)


@dataclass(frozen=True, slots=True, kw_only=True)
class Heading:
    """A section of the guide, for its table of contents."""

    id: str
    text: str


def guide_file() -> Path | None:
    """docs/authoring.md: inside the installed package, else in the checkout (None if lost)."""
    for candidate in (_PACKAGE / "guides" / GUIDE, _PACKAGE.parent / "docs" / GUIDE):
        if candidate.is_file():
            return candidate
    return None


def _slug(text: str, taken: dict[str, int]) -> str:
    """GitHub's id for a heading: lower case, punctuation dropped, spaces as hyphens, a repeat
    numbered (``-1``, ``-2``)."""
    base = _NOT_IN_ID.sub("", text.strip().lower()).replace(" ", "-")
    count = taken.get(base, 0)
    taken[base] = count + 1
    return base if count == 0 else f"{base}-{count}"


def _unlink_other_docs(inline: Token) -> None:
    """A link to another doc (``engine.md``) becomes its text: the room serves this guide
    alone. Links within the page (``#...``) and to the web stay."""
    children = inline.children or []
    keep: list[Token] = []
    dropped: list[bool] = []  # for each open link: was it dropped?
    for child in children:
        if child.type == "link_open":
            href = str(child.attrGet("href") or "")
            drop = not href.startswith(("#", "http://", "https://"))
            dropped.append(drop)
            if drop:
                continue
        elif child.type == "link_close" and dropped and dropped.pop():
            continue
        keep.append(child)
    inline.children = keep


def _table_open(
    renderer: RendererHTML, tokens: Sequence[Token], index: int, options: OptionsDict, env: Any
) -> str:
    """A table inside a region that scrolls sideways on a narrow screen (focusable, so a
    keyboard scrolls it too), named by its column headings."""
    label = escape(tokens[index].meta.get("label") or "a table")
    table = renderer.renderToken(tokens, index, options, env)
    return f'<div class="table-scroll" role="region" tabindex="0" aria-label="{label}">{table}'


def _table_close(
    renderer: RendererHTML, tokens: Sequence[Token], index: int, options: OptionsDict, env: Any
) -> str:
    return renderer.renderToken(tokens, index, options, env) + "</div>\n"


def _name_tables(tokens: Sequence[Token]) -> None:
    """Each table's label: its column headings (``field, required, what it is``)."""
    table: Token | None = None
    heads: list[str] = []
    for index, token in enumerate(tokens):
        if token.type == "table_open":
            table, heads = token, []
        elif token.type == "th_open" and table is not None:
            heads.append(tokens[index + 1].content.replace("`", ""))
        elif token.type == "thead_close" and table is not None:
            table.meta["label"] = "Table: " + ", ".join(head for head in heads if head)
            table = None


def render(markdown: str) -> tuple[Markup, tuple[Heading, ...]]:
    """The guide's HTML (raw HTML in the text escaped) and its second-level headings."""
    parser = MarkdownIt("commonmark", {"html": False}).enable("table")
    parser.add_render_rule("table_open", _table_open)
    parser.add_render_rule("table_close", _table_close)
    tokens = parser.parse(markdown)
    _name_tables(tokens)
    taken: dict[str, int] = {}
    sections: list[Heading] = []
    for index, token in enumerate(tokens):
        if token.type == "inline":
            _unlink_other_docs(token)
        if token.attrs:  # a table column's alignment is an inline style, which the CSP refuses
            token.attrs.pop("style", None)
        if token.type != "heading_open":
            continue
        inline = tokens[index + 1]
        words = "".join(child.content for child in inline.children or [] if child.content)
        ident = _slug(words or inline.content, taken)
        token.attrSet("id", ident)
        if token.tag == "h2":
            sections.append(Heading(id=ident, text=words or inline.content))
    html = parser.renderer.render(tokens, parser.options, {})
    return Markup(html), tuple(sections)  # markdown-it-py escaped the text's HTML (html=False)


@cache
def _rendered(path: Path, stamp: int) -> tuple[Markup, tuple[Heading, ...]]:
    """The guide rendered once per version of the file (``stamp``: its modification time)."""
    return render(path.read_text(encoding="utf-8"))


@bp.route("/authoring")
@policy(Access.SIGNED_IN)
def authoring() -> Response:
    """How to write a scenario: the authoring guide."""
    path = guide_file()
    if path is None:
        abort(404)
    body, sections = _rendered(path, path.stat().st_mtime_ns)
    return page("guide/page.html", body=body, sections=sections, title="How to write a scenario")
