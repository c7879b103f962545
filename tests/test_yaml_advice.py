"""A YAML syntax error is told in plain words with what to do (dealer_trainer.yamladvice), at the
parser's own place: each common mistake below is a real snippet that PyYAML refuses, under
libyaml and under the pure-Python parser (their wordings differ), and the advice never repeats
the parser's words. Where the advice writes the line out, that line, put in place, reads back
as the text that was meant."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import yaml

from dealer_trainer.errors import ScriptError
from dealer_trainer.yamladvice import GENERAL, advise, quoted
from dealer_trainer.yamlio import load

#: libyaml (what the tool uses when it is there) and the pure-Python parser
PARSERS: list[type[Any]] = [yaml.SafeLoader]
if hasattr(yaml, "CSafeLoader"):
    PARSERS.insert(0, yaml.CSafeLoader)

#: (id, a snippet PyYAML refuses, words the advice must hold, the text the written-out line
#: must read back as: None where the advice writes no line)
MISTAKES: list[tuple[str, str, str, str | None]] = [
    (
        "colon-in-title",
        "id: flop-early\ntitle: Flop: turned early\ntopic: premature-flop\n",
        "holds a colon followed by a space",
        "Flop: turned early",
    ),
    (
        "colon-in-a-choice",
        "choices:\n  - text: Burn: then turn\n    correct: true\n",
        "put the whole value in quotes",
        "Burn: then turn",
    ),
    (
        "quoted-part-then-text",
        'title: "Flop" turned early\n',
        "the quotes close before the end of the value",
        '"Flop" turned early',
    ),
    (
        "apostrophe-in-single-quotes",
        "title: 'Player's turn'\n",
        "an apostrophe is written twice",
        "Player's turn",
    ),
    (
        "quotes-inside-double-quotes",
        'explain: "He said "time" first"\n',
        "the quotes close before the end of the value",
        'He said "time" first',
    ),
    (
        "colon-after-a-quoted-part",
        'title: "Seat 3": exposed card\n',
        "holds a colon followed by a space",
        '"Seat 3": exposed card',
    ),
    ("tab-indentation", "table:\n\tseats: 6\n", "indented with spaces only", None),
    ("tab-before-a-list-item", "setup:\n\t- post_blinds\n", "replace the tab with spaces", None),
    ("at-sign-first", "title: @home game\n", "cannot start with @", "@home game"),
    ("backtick-first", "title: `boxed` card\n", "cannot start with `", "`boxed` card"),
    ("star-first", "title: *boxed* card\n", "starts with * is an alias", "*boxed* card"),
    ("undefined-alias", "title: *boxed\n", "names an anchor (&boxed)", "*boxed"),
    ("ampersand-first", "title: & more\n", "starts with & is an anchor", "& more"),
    ("exclamation-first", "title: !important\n", "starts with ! is a tag", "!important"),
    ("braces-first", "title: {big} pot\n", "starts with { is a list or a mapping", "{big} pot"),
    ("brackets-first", "title: [x] pot\n", "starts with [ is a list or a mapping", "[x] pot"),
    ("dash-after-key", "explain: - deal the turn\n", "cannot begin on its key's line", None),
    (
        "backslash-in-double-quotes",
        'explain: "C:\\path"\n',
        "write a backslash as \\\\",
        "C:\\path",
    ),
    ("missing-colon", "id: a\ntitle\ntopic: x\n", "line 2 ('title') has no colon", None),
    ("missing-colon-then-key", "table:\n  seats 6\n  button: 1\n", "line 2 has no colon", None),
    ("no-space-after-colon", "id:a\ntitle: b\n", "a colon needs a space after it: id: a", None),
    (
        "list-item-without-dash",
        "setup:\n  - post_blinds\n  deal\n",
        "start it with '- '",
        None,
    ),
    (
        "indented-less-than-its-siblings",
        "table:\n  seats: 6\n button: 1\n",
        "indented 1 space, which lines it up with nothing above it",
        None,
    ),
    (
        "indented-more-than-the-line-above",
        "table:\n  seats: 6\n    button: 1\n",
        "indented more than line 2",
        None,
    ),
    ("list-item-where-a-key-is-expected", "id: a\n- b\n", "a list item where a key", None),
    ("key-in-a-list", "- post_blinds\nseats: 2\n", "start it with '- '", None),
    ("unclosed-double-quote", 'title: "Flop early\ntopic: x\n', "never closed", None),
    ("unclosed-single-quote", "title: 'Flop early\n", "never closed", None),
    ("unclosed-bracket", "blinds: [1, 2\ntopic: x\n", "the [ opened at line 1", None),
    ("unclosed-brace", "table: {seats: 3\nsetup: [deal]\n", "the { opened at line 1", None),
    ("brace-closed-by-bracket", "act: {seat: 4, action: call]\n", "close it with }", None),
    ("one-bracket-too-many", "blinds: [1, 2]]\n", "a ] with no [ open", None),
    ("two-commas", "blinds: [1,, 2]\n", "two commas in a row", None),
    ("a-second-document", "id: a\n---\nid: b\n", "a file holds one scenario", None),
    ("text-after-a-block-marker", "ask: |x\n  What now?\n", "after | or >", None),
    ("a-directive", "%YAML 1.1\nid: a\n", "a YAML directive", None),
    ("duplicate-anchor", "a: &x 1\nb: &x 2\n", "the anchor &x was given already", None),
]


def _refusal(text: str, parser: type[Any]) -> yaml.MarkedYAMLError:
    """The error ``parser`` raises for ``text`` (every snippet above must be refused)."""
    try:
        yaml.load(text, Loader=parser)
    except yaml.MarkedYAMLError as exc:
        return exc
    raise AssertionError(f"{parser.__name__} reads {text!r}: not a mistake")


def _advice(exc: yaml.MarkedYAMLError, text: str) -> str:
    mark = exc.problem_mark or exc.context_mark
    assert mark is not None
    opened = exc.context_mark
    return advise(
        exc.problem or "",
        exc.context,
        text,
        (mark.line, mark.column),
        (opened.line, opened.column) if opened else None,
    )


def _strings(data: object) -> Iterator[object]:
    if isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)
    else:
        yield data


@pytest.mark.parametrize("parser", PARSERS, ids=lambda parser: parser.__name__)
@pytest.mark.parametrize(("name", "text", "words", "meant"), MISTAKES, ids=[m[0] for m in MISTAKES])
def test_each_common_mistake_gets_its_advice_in_plain_words(
    parser: type[Any], name: str, text: str, words: str, meant: str | None
) -> None:
    exc = _refusal(text, parser)
    advice = _advice(exc, text)
    assert words in advice, advice
    assert advice != GENERAL
    if exc.problem:
        assert exc.problem not in advice, "the parser's own words reach the person"


@pytest.mark.parametrize(
    ("name", "text", "meant"),
    [(name, text, meant) for name, text, _, meant in MISTAKES if meant is not None],
    ids=[name for name, _, _, meant in MISTAKES if meant is not None],
)
def test_the_line_the_advice_writes_out_reads_back_as_the_text_meant(
    name: str, text: str, meant: str
) -> None:
    exc = _refusal(text, PARSERS[0])
    advice = _advice(exc, text)
    written = re.search(r"quotes: (?P<line>.+)$", advice)
    assert written is not None, advice
    assert exc.problem_mark is not None
    lines = text.splitlines()
    index = exc.problem_mark.line
    lead = lines[index][: len(lines[index]) - len(lines[index].lstrip(" "))]
    lines[index] = lead + written["line"]
    data, _ = load("\n".join(lines) + "\n")
    assert meant in list(_strings(data)), (lines, data)


@pytest.mark.parametrize(("name", "text", "words", "meant"), MISTAKES, ids=[m[0] for m in MISTAKES])
def test_the_reader_says_the_advice_at_the_parsers_own_place(
    name: str, text: str, words: str, meant: str | None
) -> None:
    """What ``scenarios validate`` and the upload page show: ``file:line:col: YAML syntax:``
    and the advice, the place exactly where the parser stopped."""
    exc = _refusal(text, PARSERS[0])
    mark = exc.problem_mark or exc.context_mark
    assert mark is not None
    with pytest.raises(ScriptError) as raised:
        load(text, "scenario.yaml")
    assert raised.value.where == f"scenario.yaml:{mark.line + 1}:{mark.column + 1}"
    assert raised.value.message == f"YAML syntax: {_advice(exc, text)}"


def test_a_title_with_a_colon_is_told_to_put_the_title_in_quotes() -> None:
    with pytest.raises(ScriptError) as raised:
        load("id: flop-early\ntitle: Flop: turned early\n", "flop.yaml")
    assert str(raised.value) == (
        "flop.yaml:2:12: YAML syntax: the value of 'title' holds a colon followed by a space, "
        'which starts a new key: put the whole value in quotes: title: "Flop: turned early"'
    )


def test_a_duplicate_key_says_to_keep_one() -> None:
    with pytest.raises(ScriptError) as raised:
        load("seed: 1\nseed: 2\n", "s.yaml")
    assert raised.value.where == "s.yaml:2:1"
    assert "duplicate key 'seed' (first given at line 1)" in raised.value.message
    assert "keep one of the two" in raised.value.message


def test_a_complaint_no_rule_knows_gets_the_general_advice_not_the_parsers_words() -> None:
    assert advise("found something new", None, "a: b\n", (0, 0)) == GENERAL


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("Flop: turned early", '"Flop: turned early"'),
        ("'Player's turn'", '"Player\'s turn"'),
        ('say "time"', "'say \"time\"'"),
        ("C:\\path", "'C:\\path'"),
        ('it\'s "time"', '"it\'s \\"time\\""'),
    ],
)
def test_quoted_text_reads_back_as_the_text_meant(value: str, shown: str) -> None:
    assert quoted(value) == shown
    meant = value[1:-1] if value[0] == value[-1] == "'" else value
    assert yaml.safe_load(f"v: {shown}") == {"v": meant}


#: a scenario to break, one character at a time
SOUND = (
    "id: flop-early\n"
    "title: The flop came early\n"
    "table: {seats: 3, blinds: [1, 2]}\n"
    "setup:\n"
    "  - post_blinds\n"
    "question:\n"
    "  ask: What now?\n"
)


def test_no_single_slip_anywhere_shows_the_parsers_own_words() -> None:
    """Every place of a sound scenario, each character a slip of the keyboard could add: what
    the reader says never holds the parser's words."""
    seen = 0
    for index in range(len(SOUND) + 1):
        for char in ":-[]{}\"'\t#&*!|>%@`,? \n":
            text = SOUND[:index] + char + SOUND[index:]
            try:
                yaml.load(text, Loader=PARSERS[0])
            except yaml.MarkedYAMLError as exc:
                seen += 1
                with pytest.raises(ScriptError) as raised:
                    load(text)
                if exc.problem:
                    assert exc.problem not in raised.value.message, (text, raised.value.message)
    assert seen > 100  # the slips do break the file
