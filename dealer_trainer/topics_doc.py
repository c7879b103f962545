"""Generate the topics table of docs/authoring.md from the topics (:data:`rules.topics.TOPICS`)
and the dealer errors' records (:func:`~dealer_trainer.procedure.rulings.situations_of`).

Run ``python -m dealer_trainer.topics_doc`` to rewrite the table in docs/authoring.md in place
(between its two marker lines); a test fails when the table there differs from what
:func:`render` prints.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from dealer_trainer.procedure.rulings import situations_of
from dealer_trainer.rules.topics import TOPICS, Topic

__all__ = ["BEGIN", "COMMAND", "END", "render", "update"]

COMMAND = "python -m dealer_trainer.topics_doc"
BEGIN = f"<!-- the topics table: generated from dealer_trainer/rules/topics.py by `{COMMAND}` -->"
END = "<!-- end of the generated topics table -->"
#: the page the table lives in
PAGE = Path(__file__).resolve().parent.parent / "docs" / "authoring.md"


def _names(names: Iterable[str]) -> str:
    return ", ".join(f"`{name}`" for name in names)


def _row(item: Topic, none: str) -> str:
    errors = _names(situations_of(item.slug)) or item.note or none
    return f"| `{item.slug}` | {item.title} | {errors} |"


def render() -> str:
    """The table, with its marker lines."""
    lines = [
        BEGIN,
        "",
        "Dealer errors (the setup must produce one of the topic's errors; `situation` names the "
        "one it must):",
        "",
        "| topic | what it covers | the errors (`situation`) |",
        "|---|---|---|",
        *(_row(item, "") for item in TOPICS if item.kind == "irregularity"),
        "",
        "The normal procedure (a topic with errors here may name one as `situation`: the setup "
        "must then produce it):",
        "",
        "| topic | what it covers | the errors it may name (`situation`) |",
        "|---|---|---|",
        *(_row(item, "none") for item in TOPICS if item.kind != "irregularity"),
        "",
        END,
    ]
    return "\n".join(lines) + "\n"


def update(text: str) -> str:
    """``text`` (the page) with its table replaced by :func:`render`'s."""
    start = text.index(BEGIN)
    end = text.index(END, start) + len(END) + 1
    return text[:start] + render() + text[end:]


def main() -> int:
    """Rewrite the table in docs/authoring.md."""
    PAGE.write_text(update(PAGE.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote the topics table of {PAGE}", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
