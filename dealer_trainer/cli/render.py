"""Terminal rendering: colour where the terminal supports it, plain text under NO_COLOR; JSON;
every line wrapped at the terminal's width on word boundaries (:func:`echo`)."""

from __future__ import annotations

import os
import re
import sys
from typing import Any

#: an ANSI colour code (no width on screen); the indent and list marker a wrapped line hangs on
_ANSI = re.compile(r"\033\[[0-9;]*m")
_LEAD = re.compile(r" *(?:(?:\d+\.|[-·*>]|\w{1,10}:) +)?")
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
    # start-up: the command imports only what it runs, when it runs
    import json

    json.dump(document, sys.stdout, indent=2, ensure_ascii=ascii_only)
    sys.stdout.write("\n")
    return 0


def columns(otherwise: int = 80) -> int:
    """The terminal's width: ``COLUMNS``, else standard output's terminal, else ``otherwise``
    (read without shutil, whose import costs a lookup's start-up)."""
    given, stream = os.environ.get("COLUMNS", ""), sys.__stdout__
    if given.isdigit() and int(given) > 0:
        return int(given)
    try:
        return os.get_terminal_size(stream.fileno()).columns or otherwise if stream else otherwise
    except (AttributeError, ValueError, OSError):  # no standard output, or not a terminal
        return otherwise


def wrap(text: str, width: int | None = None, hang: int | None = None) -> list[str]:
    """``text`` as lines of at most ``width`` visible characters (default: the terminal's; no
    limit in a pipe), broken between words (a word longer than a line alone is cut); each
    line's continuation hangs under its text after the indent and list marker (``  1. ``,
    ``· ``, ``Why: ``), or ``hang``."""
    width = columns(0) if width is None else width
    if width <= 0:
        return text.split("\n")
    width = max(width, 20)
    out: list[str] = []
    for line in text.split("\n"):
        plain = _ANSI.sub("", line)
        if len(plain) <= width:
            out.append(line)
            continue
        marker = _LEAD.match(plain)
        lead = min(hang if hang is not None else len(marker.group()) if marker else 0, width // 2)
        indent = len(line) - len(line.lstrip(" "))
        row, size = " " * indent, indent
        for word in line[indent:].split(" "):
            seen = len(_ANSI.sub("", word))
            if row.strip() and size + 1 + seen > width:
                out.append(row.rstrip())
                row, size = " " * lead, lead
            elif row.strip():
                row, size = row + " ", size + 1
            while size + seen > width:  # a word too long for a line of its own
                word, cut = _ANSI.sub("", word), width - size
                out.append(row + word[:cut])
                word, seen, row, size = word[cut:], seen - cut, " " * lead, lead
            row, size = row + word, size + seen
        out.append(row.rstrip())
    return out


def echo(*texts: str) -> None:
    """Print each text (a blank line for none), wrapped at the terminal's width."""
    for text in texts or ("",):
        print("\n".join(wrap(text)), flush=True)
