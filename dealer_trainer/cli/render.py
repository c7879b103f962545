"""Terminal rendering: colour where the terminal supports it, plain text under NO_COLOR; JSON."""

from __future__ import annotations

import os
import sys
from typing import Any

_CODES = {"green": "32", "red": "31", "yellow": "33", "bold": "1", "dim": "2", "cyan": "36"}


def use_colour() -> bool:
    """Colour only on a terminal (standard output, as it is now), and never when NO_COLOR is
    set (https://no-color.org)."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


class Painter:
    """Wraps text in ANSI colours, or leaves it plain (by default: as :func:`use_colour` says
    for standard output, as it is now)."""

    def __init__(self, enabled: bool | None = None) -> None:
        self.enabled = use_colour() if enabled is None else enabled

    def __call__(self, text: str, colour: str) -> str:
        if not self.enabled:
            return text
        return f"\033[{_CODES[colour]}m{text}\033[0m"


def cards(items: list[str]) -> str:
    """Cards as ``As Kd 7c``, or ``-`` for none."""
    return " ".join(items) or "-"


def plural(count: int, word: str) -> str:
    """``1 answer``, ``2 answers``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def print_json(document: Any, *, ascii_only: bool = True) -> int:
    """Print ``document`` as one indented JSON document on standard output; exit code 0."""
    import json

    json.dump(document, sys.stdout, indent=2, ensure_ascii=ascii_only)
    sys.stdout.write("\n")
    return 0
