"""Paper exams, screen-free (issue 23, item 5): a fixed form drawn under a seed, its answer
key, and the answers written on the paper read back as an attempt's answers.

::

    form = paper_form(load_exam("tda-style-dealer"), seed=7)  # the draw an attempt makes
    form.items[0].options              # (("A", "..."), ("B", "..."), ...): lettered
    paper_key(form)[0].letters         # "B" (an order question: "C A B"; a number: "125")
    read_answers("1:B 2:A 3:CAB", form, "--answers")  # {1: ["c2"], 2: [...], 3: [...]}

The form is the draw :func:`~dealer_trainer.training.exam.attempts.start` makes under the same
seed from the same bank: the same items in the same order, each item's options in the same
order (lettered A, B, C... in that order). :attr:`PaperForm.code` names the form's content
(its items and their option order), so a key is matched to exactly one form even where the
blueprint or the bank changed since the seed was printed.
"""

from __future__ import annotations

import hashlib
import re
import string
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from dealer_trainer.errors import UsageError
from dealer_trainer.safetext import excerpt
from dealer_trainer.training.catalogue import Entry
from dealer_trainer.training.exam.attempts import Exam
from dealer_trainer.training.exam.draw import draw_attempt, lay_out
from dealer_trainer.training.exam.fill import bank_for_exams
from dealer_trainer.training.quiz import Item, grade, read_number
from dealer_trainer.view import table_facts

__all__ = ["KeyItem", "PaperForm", "PaperItem", "paper_form", "paper_key", "read_answers"]

#: the letters options are written with (no question has more options than this)
LETTERS = string.ascii_uppercase
#: one answer on paper: the item's number, a colon, the letters (or the number) written
_PAIR = re.compile(r"(?P<position>[0-9]+):(?P<answer>\S+)", re.ASCII)


@dataclass(frozen=True, slots=True, kw_only=True)
class PaperItem:
    """One item of the form: its number, the table as the trainee sees it (the view's facts,
    with the parts to leave undrawn), the question, and how it is answered: ``choice`` (one
    letter), ``order`` (every letter, in order) or ``type`` (a number of ``unit``)."""

    position: int
    item: Item
    table: dict[str, Any]
    hidden: frozenset[str]
    ask: str
    answered: str
    unit: str
    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PaperForm:
    """A fixed form: the exam, its seed, its items in order, and a code naming its content."""

    exam_id: str
    title: str
    ruleset: str
    seed: int
    time_limit: str
    pass_mark: int
    code: str
    items: tuple[PaperItem, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class KeyItem:
    """The key to one item: the right letters (an order question: all of them, in order; a
    number question: the number), the right answer in words, and the rule cited."""

    position: int
    letters: str
    expected: str
    rule: str | None
    rule_title: str


def _answered(item: Item) -> str:
    return "type" if item.typed else "order" if item.ordered else "choice"


def _code(exam_id: str, seed: int, items: Iterable[Item]) -> str:
    """8 hex digits of the SHA-256 of the form's content: each item's id and option order."""
    content = "\n".join(
        f"{item.entry.id} {' '.join(option.value for option in item.options)}" for item in items
    )
    return hashlib.sha256(f"{exam_id} {seed}\n{content}".encode()).hexdigest()[:8].upper()


def paper_form(
    exam: Exam, seed: int, entries: Iterable[Entry] | None = None, retired: Iterable[str] = ()
) -> PaperForm:
    """The form ``seed`` draws from ``entries`` (None: the bank an attempt draws from), as
    :func:`~dealer_trainer.training.exam.attempts.start` draws it."""
    blueprint = exam.blueprint
    pool = list(bank_for_exams()[0] if entries is None else entries)
    drawn = draw_attempt(blueprint, pool, seed, retired)
    laid = [lay_out(item) for item in drawn.items]
    if any(len(item.options) > len(LETTERS) for item in laid):
        raise UsageError(f"an item of {blueprint.id!r} has more options than letters")
    items = tuple(
        PaperItem(
            position=position,
            item=item,
            table=table_facts(item.proved),
            hidden=item.hidden,
            ask=item.ask,
            answered=_answered(item),
            unit=item.unit if item.typed else "",
            options=tuple(
                (letter, option.label)
                for letter, option in zip(LETTERS, item.options, strict=False)
            ),
        )
        for position, item in enumerate(laid, 1)
    )
    return PaperForm(
        exam_id=blueprint.id,
        title=blueprint.title,
        ruleset=blueprint.ruleset.name,
        seed=seed,
        time_limit=blueprint.time_limit_text,
        pass_mark=blueprint.pass_mark,
        code=_code(blueprint.id, seed, laid),
        items=items,
    )


def _right(item: Item) -> list[str]:
    """The right answer in option values (an order question: the steps in the key's order)."""
    question = item.scenario.question
    if question.typed:
        return [str(item.proved.fact)]
    if question.ordered:
        return [f"s{index}" for index in range(len(question.order))]
    return [
        f"c{index}" for index, choice in enumerate(question.choices) if choice is question.correct
    ]


def paper_key(form: PaperForm) -> list[KeyItem]:
    """The answer key of ``form``: per item the right letters (or number) and the rule."""
    keys: list[KeyItem] = []
    for paper in form.items:
        item = paper.item
        right = _right(item)
        feedback = grade(item, right)
        assert feedback.correct  # the engine's own key
        if item.typed:
            letters = right[0]
        else:
            by_value = {
                option.value: letter for letter, option in zip(LETTERS, item.options, strict=False)
            }
            letters = " ".join(by_value[value] for value in right)
        keys.append(
            KeyItem(
                position=paper.position,
                letters=letters,
                expected=feedback.expected,
                rule=feedback.rule,
                rule_title=feedback.rule_title,
            )
        )
    return keys


def _values(paper: PaperItem, written: str, where: str) -> list[str]:
    """The option values of what was written for ``paper`` (letters, or a number)."""
    item = paper.item
    if item.typed:
        try:
            return [str(read_number(written, item.unit))]
        except UsageError as exc:
            raise UsageError(f"{where}: item {paper.position} asks a number: {exc}") from None
    letters = written.upper().replace("-", "").replace(",", "")
    last = LETTERS[len(item.options) - 1]
    for letter in letters:
        if letter not in LETTERS[: len(item.options)]:
            raise UsageError(
                f"{where}: item {paper.position} has no option {excerpt(letter)} "
                f"(its options are A to {last})"
            )
    if item.ordered:
        if sorted(letters) != sorted(LETTERS[: len(item.options)]):
            raise UsageError(
                f"{where}: item {paper.position} puts steps in order: write every letter A to "
                f"{last} once, in the order written on the paper"
            )
    elif len(letters) != 1:
        raise UsageError(f"{where}: item {paper.position} takes one letter, A to {last}")
    return [item.options[LETTERS.index(letter)].value for letter in letters]


def read_answers(text: str, form: PaperForm, source: str) -> dict[int, list[str]]:
    """The answers written on ``form``, keyed in as ``POSITION:ANSWER`` pairs separated by
    spaces or new lines (``1:B 2:A``; an order question's letters in order, ``3:CAB`` or
    ``3:C-A-B``; a number question's number, ``4:125``; a line from ``#`` on is a comment):
    each item's option values. An item left out was left blank. A pair that cannot be used is
    a :class:`UsageError` naming its place (``source line N`` for a file, ``source, answer N``
    for one line) and why: a position outside the form, a letter out of range, an item
    answered twice."""
    found: dict[int, list[str]] = {}
    lines = text.splitlines()
    count = 0
    for number, line in enumerate(lines, 1):
        for word in line.split("#", 1)[0].split():
            count += 1
            where = f"{source} line {number}" if len(lines) > 1 else f"{source}, answer {count}"
            pair = _PAIR.fullmatch(word)
            if pair is None:
                raise UsageError(
                    f"{where}: {excerpt(word)} is not an answer: write the item's number, a "
                    "colon and the letter(s) or the number, like 1:B"
                )
            position = int(pair["position"])
            if not 1 <= position <= len(form.items):
                raise UsageError(
                    f"{where}: {excerpt(word)}: the form has items 1 to {len(form.items)}, not "
                    f"{position}"
                )
            if position in found:
                raise UsageError(f"{where}: item {position} is answered twice")
            found[position] = _values(form.items[position - 1], pair["answer"], where)
    return found
