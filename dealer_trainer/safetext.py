"""User text made safe to show: short excerpts for messages, and no control characters.

A value read from a user's file can be huge (an alias-expanded YAML list) or hold terminal
control sequences (``ESC]0;...``). Two functions keep messages short and the terminal safe:

* :func:`excerpt` shows any value the way ``repr`` would, cut to a short excerpt, without
  ever building the whole text of a large value (``reprlib`` limits the work, not only the
  output) and with every control character escaped;
* :func:`printable` escapes the control characters (and the invisible format characters that
  reorder text, such as U+202E) of text shown as it is: names, questions, choices.

And :func:`csv_cell` keeps a spreadsheet from running a cell as a formula.
"""

from __future__ import annotations

import reprlib
import unicodedata

__all__ = ["EXCERPT", "csv_cell", "excerpt", "printable"]

#: the most characters :func:`excerpt` shows of a value
EXCERPT = 60

_REPR = reprlib.Repr()
_REPR.maxlevel = 2
_REPR.maxstring = EXCERPT
_REPR.maxother = EXCERPT
_REPR.maxlong = 40
for _name in ("maxlist", "maxtuple", "maxdict", "maxset", "maxfrozenset", "maxdeque"):
    setattr(_REPR, _name, 4)

#: control characters kept by :func:`printable` when ``keep_lines`` is set
_LINES = frozenset("\n\t")
#: the characters a spreadsheet reads as the start of a formula
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _unsafe(char: str) -> bool:
    """A control character (C0, DEL, C1) or an invisible format character (bidi controls,
    zero-width characters: category Cf), a line or paragraph separator, or a surrogate."""
    return unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Cs")


def _escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def printable(text: str, *, keep_lines: bool = False) -> str:
    """``text`` with every control or invisible format character written as an escape
    (``\\x1b``, ``\\u202e``); with ``keep_lines``, newlines and tabs stay."""
    if text.isprintable():  # the common case: nothing to do
        return text
    return "".join(
        _escape(char) if _unsafe(char) and not (keep_lines and char in _LINES) else char
        for char in text
    )


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """``repr(value)`` cut to about ``limit`` characters (``...`` marks a cut), built without
    expanding the whole value, with control characters escaped."""
    if isinstance(value, str):
        shown = repr(value[: limit + 1])
        if len(value) > limit:
            shown = repr(value[:limit]) + "..."
    else:
        try:
            shown = _REPR.repr(value)
        except Exception:  # a value whose repr fails: say what it is
            shown = f"<{type(value).__name__}>"
    if len(shown) > limit + 5:
        shown = shown[:limit] + "..."
    return printable(shown)


def csv_cell(value: object) -> object:
    """A CSV cell that no spreadsheet runs as a formula: text starting with ``= + - @`` (or a
    tab or a carriage return) gets a leading ``'``; numbers and other values are kept."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value
