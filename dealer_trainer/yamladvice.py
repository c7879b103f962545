"""What a YAML syntax error means, in a person's words, and what to do about it.

PyYAML and libyaml say what their grammar expected ("mapping values are not allowed in this
context", "did not find expected key"); a pit boss who wrote ``title: Flop: turned early``
needs to hear that a colon followed by a space starts a new key and that quotes around the
whole value keep it as text, with the line to write. :func:`advise` reads the parser's
complaint (both libyaml's and the pure-Python parser's wordings) together with the text at its
place and returns that advice; where it can, the advice ends with the line written right
(``title: "Flop: turned early"``), which reads back as the text that was meant. The place
(``file:line:col``) stays the parser's: :mod:`dealer_trainer.yamlio` puts it in front.

Every complaint gets plain words: one the table below does not know gets the general advice
(indentation with spaces, quotes around text holding a colon or starting with a sign), never
the parser's own words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from dealer_trainer.safetext import excerpt, printable

__all__ = ["GENERAL", "RULES", "Complaint", "advise", "quoted"]

#: the advice for a complaint no rule knows
GENERAL = (
    "this line cannot be read: indent with spaces, lining each key up with the keys beside "
    "it, and put in quotes any value that holds a colon followed by a space or starts with "
    "one of [ ] { } & * ! | > ' \" % @ `"
)

#: the longest line a piece of advice writes out for the person to copy
_LONGEST_FIX = 100
#: YAML's line breaks
_BREAKS = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
#: ``key: value`` (after any ``- `` of list items): the keys a scenario or ruleset uses
_KEY_VALUE = re.compile(
    r"^(?P<lead>[ ]*(?:-[ ]+)*)(?P<key>[A-Za-z0-9_][\w .-]*?):(?P<gap>[ \t]+)(?P<value>.*?)\s*$"
)
_CLOSERS = {"[": "]", "{": "}"}
_OPENERS = {"]": "[", "}": "{"}


@dataclass(frozen=True, slots=True, kw_only=True)
class Complaint:
    """A parser's complaint about ``lines`` (0-based places, as the parser marks them)."""

    problem: str
    context: str
    lines: tuple[str, ...]
    line: int
    col: int
    context_line: int | None
    context_col: int | None

    def text(self, line: int | None = None) -> str:
        """The text of a line (the complaint's own by default); "" past the end."""
        index = self.line if line is None else line
        return self.lines[index] if 0 <= index < len(self.lines) else ""

    @property
    def char(self) -> str:
        """The character the parser stopped at ("" at the end of a line)."""
        text = self.text()
        return text[self.col] if 0 <= self.col < len(text) else ""

    @property
    def opened(self) -> str:
        """The character at the context's place (an opening quote or bracket), else ""."""
        if self.context_line is None or self.context_col is None:
            return ""
        text = self.text(self.context_line)
        return text[self.context_col] if 0 <= self.context_col < len(text) else ""

    @property
    def opened_at(self) -> str:
        """Where the context began, in words."""
        if self.context_line is None or self.context_col is None:
            return "above"
        return f"at line {self.context_line + 1}, column {self.context_col + 1}"

    def above(self) -> int | None:
        """The nearest line above with content (not blank, not only a comment)."""
        for index in range(min(self.line, len(self.lines)) - 1, -1, -1):
            stripped = self.lines[index].strip()
            if stripped and not stripped.startswith("#"):
                return index
        return None


def _short(text: str, limit: int = 40) -> str:
    """A piece of the file's text for a message: printable, cut to ``limit`` characters."""
    return printable(text if len(text) <= limit else text[:limit] + "...")


def _spaces(count: int) -> str:
    return f"{count} space" if count == 1 else f"{count} spaces"


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def quoted(value: str) -> str:
    """``value`` as YAML text in quotes that reads back as the text meant: a value already
    wrapped in one pair of quotes keeps what is inside them (``'Player's turn'`` meant
    ``Player's turn``)."""
    inner = value
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        inner = value[1:-1]
    if '"' not in inner and "\\" not in inner:
        return f'"{inner}"'
    if "'" not in inner:
        return f"'{inner}'"
    return '"' + inner.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _fix(text: str) -> str | None:
    """The line ``text`` with its whole value in quotes, if it is ``key: value`` and short
    enough to copy."""
    found = _KEY_VALUE.match(text)
    if found is None or not found["value"]:
        return None
    fixed = f"{found['lead'].lstrip()}{found['key']}: {quoted(found['value'])}"
    return printable(fixed) if len(fixed) <= _LONGEST_FIX else None


def _with_fix(advice: str, text: str) -> str:
    fixed = _fix(text)
    return f"{advice}: {fixed}" if fixed else advice


def _value_start(text: str) -> int | None:
    """The column where the value of a ``key: value`` line starts."""
    found = _KEY_VALUE.match(text)
    return found.start("value") if found is not None and found["value"] else None


# --- one function per kind of complaint -------------------------------------------------------


def _colon(c: Complaint) -> str:
    """ "mapping values are not allowed here": a colon and a space where no key may start."""
    text = c.text()
    start = _value_start(text)
    if start is not None and c.col >= start:
        key = _KEY_VALUE.match(text)
        name = f"the value of {key['key']!r}" if key else "this value"
        return _with_fix(
            f"{name} holds a colon followed by a space, which starts a new key: put the "
            "whole value in quotes",
            text,
        )
    above = c.above()
    if above is not None:
        before = c.lines[above]
        body = before.strip().removeprefix("- ").strip()
        if _KEY_VALUE.match(before) and _indent(text) > _indent(before):
            return (
                f"this line is indented more than line {above + 1}, so it reads as more of "
                f"that line's value: line it up with the key above it "
                f"({_spaces(_indent(before))})"
            )
        if re.search(r":\S", body) and not re.search(r":(\s|$)", body):
            written = re.sub(r":(?=\S)", ": ", body, count=1)
            advice = (
                f"line {above + 1} has no space after its colon, so it runs on into this "
                "line: a colon needs a space after it"
            )
            return f"{advice}: {printable(written)}" if len(written) <= _LONGEST_FIX else advice
        if ":" not in body:
            words = body.split(None, 1)
            example = f" ({_short(words[0])}: {_short(words[1])})" if len(words) == 2 else ""
            return (
                f"line {above + 1} has no colon, so it runs on into this line: write it as "
                f"key: value{example}"
            )
    return (
        "a colon followed by a space starts a key, and no key may start here: if the colon "
        "is part of a text, put the whole text in quotes"
    )


def _cannot_start(c: Complaint) -> str:
    """ "found character that cannot start any token": a tab, or a sign YAML reserves."""
    char = c.char
    if char == "\t":
        return (
            "a tab: YAML lines are indented with spaces only: replace the tab with spaces "
            "(an editor can be set to type spaces for the Tab key)"
        )
    sign = printable(char) if char else "this character"
    return _with_fix(f"a value cannot start with {sign}: put the whole value in quotes", c.text())


def _no_colon(c: Complaint) -> str:
    """ "could not find expected ':'": a line that is neither ``key: value`` nor a list item."""
    index = c.context_line if c.context_line is not None else c.line
    text = c.text(index)
    advice = f"line {index + 1} ({excerpt(text.strip(), 40)}) has no colon: write it as key: value"
    above = next(
        (i for i in range(index - 1, -1, -1) if c.lines[i].strip()),
        None,
    )
    if above is not None and c.lines[above].lstrip().startswith("- "):
        return f"{advice}, or, if it is an item of the list above, start it with '- '"
    if above is not None and _indent(text) > _indent(c.lines[above]):
        return f"{advice}, or, if it goes on from the text above, put that whole text in quotes"
    return advice


def _undefined_alias(c: Complaint) -> str:
    """ "found undefined alias": a value starting with ``*``."""
    found = re.match(r"\*([^\s,\[\]{}]+)", c.text()[c.col :])
    name = _short(found.group(1)) if found else "name"
    return _with_fix(
        f"a value that starts with * names an anchor (&{name}) given earlier in the file, and "
        f"there is none: if this is text, put the whole value in quotes",
        c.text(),
    )


def _unexpected(c: Complaint) -> str:
    """ "did not find expected key" / "expected <block end>": something after a finished value,
    or a line that lines up with no key above it."""
    text = c.text()
    char = c.char
    start = _value_start(text)
    if char in _OPENERS:
        return f"a {char} with no {_OPENERS[char]} open: remove it"
    if start is not None and c.col > start:
        first = text[start]
        if first in "'\"":
            apostrophe = (
                " (inside single quotes an apostrophe is written twice: '')" if first == "'" else ""
            )
            return _with_fix(
                f"the quotes close before the end of the value{apostrophe}: put the whole value "
                "in one pair of quotes",
                text,
            )
        if first in "[{":
            return _with_fix(
                f"a value that starts with {first} is a list or a mapping, which ends at its "
                f"{_CLOSERS[first]}: to write text, put the whole value in quotes",
                text,
            )
    if text.lstrip().startswith("- ") and "collection" not in c.context:
        return (
            "a list item where a key is expected: a list belongs under its key (key: on the "
            "line above, each item below it, indented, starting with '- ')"
        )
    if "collection" in c.context or "'-'" in c.problem or "'?'" in c.problem:
        return (
            "this list's items each start with '- ', and this line does not: start it with "
            "'- ', or indent it under its item"
        )
    levels = sorted(
        {
            _indent(line)
            for line in c.lines[: c.line]
            if line.strip() and not line.lstrip().startswith("#")
        }
    )
    if levels and _indent(text) not in levels:
        shown = " or ".join(str(level) for level in levels)
        return (
            f"this line is indented {_spaces(_indent(text))}, which lines it up with nothing "
            f"above it: indent it as the lines it belongs with ({shown} spaces)"
        )
    return GENERAL


def _unclosed_quote(c: Complaint) -> str:
    """ "found unexpected end of stream" while reading a quoted text."""
    quote = c.opened or '"'
    inside = '\\"' if quote == '"' else "''"
    return (
        f"the quote {quote} opened {c.opened_at} is never closed: end that value with "
        f"{quote} (a {quote} inside the text is written {inside})"
    )


def _unclosed_flow(c: Complaint) -> str:
    """ "did not find expected ',' or ']'": a ``[`` or ``{`` not closed where it should be."""
    opener = c.opened or ("[" if "]" in c.problem else "{")
    closer = _CLOSERS.get(opener, "]")
    what = "list" if opener == "[" else "mapping"
    if c.char in _OPENERS and c.char != closer:
        return f"the {opener} opened {c.opened_at} is closed with {c.char}: close it with {closer}"
    return (
        f"the {opener} opened {c.opened_at} is not closed before this: end the {what} with "
        f"{closer} (its items separated by commas); if the value is text, put it in quotes"
    )


def _dash_after_key(c: Complaint) -> str:
    """ "block sequence entries are not allowed in this context": ``key: - item``."""
    return _with_fix(
        "a '- ' here starts a list, which cannot begin on its key's line: put each item on a "
        "line of its own below the key, indented; if this is text, put the whole value in quotes",
        c.text(),
    )


def _escape(c: Complaint) -> str:
    """ "found unknown escape character": a backslash in double quotes."""
    return _with_fix(
        'inside double quotes a backslash starts an escape (\\n, \\"): write a backslash as '
        "\\\\, or put the value in single quotes",
        c.text(),
    )


def _second_document(c: Complaint) -> str:
    return (
        "a second document starts here (after a --- line): a file holds one scenario or one "
        "ruleset: remove the --- line, or put the second one in a file of its own"
    )


def _reserved_start(c: Complaint) -> str:
    """An anchor (``&``), an alias (``*``) or a tag (``!``) where text was meant."""
    sign = "&" if "anchor" in c.context else "*" if "alias" in c.context else "!"
    meaning = {"&": "an anchor", "*": "an alias", "!": "a tag"}[sign]
    return _with_fix(
        f"a value that starts with {sign} is {meaning} in YAML: to write text, put the whole "
        "value in quotes",
        c.text(),
    )


def _block_text(c: Complaint) -> str:
    return (
        "after | or > (a block of text) only + or - and a comment may follow on the line: "
        "start the text on the next line, indented"
    )


def _missing_value(c: Complaint) -> str:
    """ "did not find expected node content": nothing where a value must stand."""
    char = c.char
    if char == ",":
        return "two commas in a row, or a comma with nothing before it: remove one"
    if char in _OPENERS:
        return _with_fix(
            f"a {char} where a value should be: remove it, or, if it is text, put the whole "
            "value in quotes",
            c.text(),
        )
    if char == "-":
        return (
            "a '- ' list item inside [ ] or { }: between brackets items are separated by "
            "commas ([a, b]); if this is text, put it in quotes"
        )
    return GENERAL


def _duplicate_anchor(c: Complaint) -> str:
    found = re.match(r"&([^\s,\[\]{}]+)", c.text()[c.col :])
    name = _short(found.group(1)) if found else "name"
    return f"the anchor &{name} was given already {c.opened_at}: give each anchor its own name"


def _directive(c: Complaint) -> str:
    return (
        "a line starting with % is a YAML directive, which this file does not need: remove "
        "it (if it is text, put the whole value in quotes)"
    )


def _tab_indent(c: Complaint) -> str:
    return _cannot_start(replace(c, col=c.text().find("\t")))


#: (the complaint's words, the context's words or "", what to say): both parsers' wordings;
#: the first that matches speaks
RULES: tuple[tuple[re.Pattern[str], re.Pattern[str], Callable[[Complaint], str]], ...] = tuple(
    (re.compile(problem), re.compile(context), explain)
    for problem, context, explain in (
        (r"mapping values are not allowed", "", _colon),
        (r"tab character", "", _tab_indent),
        (r"cannot start any token", "", _cannot_start),
        (r"could not find expected ':'", "", _no_colon),
        (r"found undefined alias", "", _undefined_alias),
        (r"unexpected end of stream", "quoted scalar", _unclosed_quote),
        (r"expected ',' or '[\]}]'", "", _unclosed_flow),
        (r"sequence entries are not allowed", "", _dash_after_key),
        (r"unknown escape character", "", _escape),
        (r"another document", "", _second_document),
        (r"", "scanning an? (alias|anchor)", _reserved_start),
        (r"constructor for the tag", "", _reserved_start),
        (r"", "block scalar", _block_text),
        (r"node content", "", _missing_value),
        (r"expected key|expected <block end>|expected '-' indicator", "", _unexpected),
        (r"second occurrence", "duplicate anchor", _duplicate_anchor),
        (r"document start|incompatible YAML document", "", _directive),
    )
)


def advise(
    problem: str,
    context: str | None,
    text: str,
    place: tuple[int, int],
    context_place: tuple[int, int] | None = None,
) -> str:
    """Plain words for the parser's ``problem`` (and ``context``) about ``text``, at ``place``
    (0-based line and column, as the parser marks them; ``context_place`` likewise)."""
    complaint = Complaint(
        problem=problem,
        context=context or "",
        lines=tuple(_BREAKS.split(text)),
        line=place[0],
        col=place[1],
        context_line=context_place[0] if context_place else None,
        context_col=context_place[1] if context_place else None,
    )
    for problem_words, context_words, explain in RULES:
        if problem_words.search(complaint.problem) and context_words.search(complaint.context):
            return explain(complaint)
    return GENERAL
