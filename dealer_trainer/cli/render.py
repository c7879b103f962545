"""Terminal rendering: colour where the terminal supports it, plain text under NO_COLOR."""

from __future__ import annotations

import os
import sys
from typing import TextIO

_CODES = {"green": "32", "red": "31", "yellow": "33", "bold": "1", "dim": "2", "cyan": "36"}


def use_colour(stream: TextIO = sys.stdout) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return stream.isatty() and os.environ.get("TERM") != "dumb"


class Painter:
    """Wraps text in ANSI colours, or leaves it plain."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, colour: str) -> str:
        if not self.enabled:
            return text
        return f"\033[{_CODES[colour]}m{text}\033[0m"
