"""Choosing what to ask and editing the words: the question's kind (the recovery as a choice
or in order, or a fact: is it a misdeal?), the options the engine drafts (the key from the
ruleset; distractors from the other rulebook's ruling, a step out of order and a neighbouring
error's recovery: :func:`dealer_trainer.authoring.draft_choices`), and the author's words,
each checked for its own field."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from dealer_trainer.authoring import draft_question, kinds
from dealer_trainer.errors import ScriptError
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.scenario import DIFFICULTIES, Kind
from dealer_trainer.workbench.draft import AuthoringError, Draft, OptionDraft
from dealer_trainer.workbench.moves import asked_error, stock
from dealer_trainer.workbench.number import (
    NUMBER,
    NUMBER_WORDS,
    draft_number,
    number_here,
    number_scenario,
)
from dealer_trainer.workbench.ruling import (
    RULING,
    RULING_FACTS,
    RULING_WORDS,
    draft_ruling,
    ruled_situation,
    ruling_mapping,
)
from dealer_trainer.workbench.table import ruleset_of

__all__ = [
    "LIMITS",
    "ask",
    "edit_words",
    "ident_problem",
    "kinds_here",
    "scenario_of",
    "text_problem",
    "word_problems",
]

#: the most characters each text may have
LIMITS: dict[str, int] = {"ident": 80, "title": 120, "ask": 600, "explain": 2000, "option": 600}
_IDENT = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_TAG = re.compile(r"<\s*/?\s*[a-zA-Z!][^>]*>")


def kinds_here(draft: Draft, house_yaml: str | None = None) -> list[tuple[str, str]]:
    """The kinds of question the draft can be asked as (kind, words): those of its dealer
    error, a player's ruling where the floor ruled on what a player did, and a number once
    the hand has a betting round (:class:`AuthoringError`: none yet)."""
    found: list[tuple[str, str]] = []
    refused: AuthoringError | None = None
    try:
        name = asked_error(draft, house_yaml)
        found = kinds(name, ruleset_of(draft.table, house_yaml))
    except AuthoringError as exc:
        refused = exc
    if ruled_situation(draft, house_yaml) is not None:
        found.append((RULING, RULING_WORDS))
    if number_here(draft, house_yaml):
        found.append((NUMBER, NUMBER_WORDS))
    if not found and refused is not None:
        raise refused
    return found


def ask(
    draft: Draft, kind: str, house_yaml: str | None = None, *, fact: str | None = None
) -> Draft:
    """The draft asking ``kind`` on its dealer error, the options drafted by the engine (the
    words the author typed for the title and the id kept); ``ruling``: a player's ruling
    (:func:`dealer_trainer.workbench.ruling.draft_ruling`); ``number``: ``fact`` typed as a
    number (:func:`dealer_trainer.workbench.number.draft_number`)."""
    if kind == RULING:
        return draft_ruling(draft, house_yaml)
    if kind == NUMBER:
        return draft_number(draft, fact, house_yaml)
    name = asked_error(draft, house_yaml)
    ruleset = ruleset_of(draft.table, house_yaml)
    offered = [k for k, _ in kinds(name, ruleset)]
    if kind not in offered:
        raise AuthoringError(f"this error can be asked as: {', '.join(offered)}", place="kind")
    try:
        question = draft_question(name, ruleset, kind)
    except ScriptError as exc:
        raise AuthoringError(exc.message, place="kind") from None
    options = tuple(
        OptionDraft(
            text=str(choice["text"]),
            steps=tuple(choice["steps"]) if "steps" in choice else None,
            answer=choice.get("answer"),
            correct=bool(choice.get("correct")),
        )
        for choice in question.get("choices", ())
    )
    found = situation(name)
    family = ruleset.family.split("-")[0]
    return replace(
        draft,
        error=name,
        kind=kind,
        fact=None,
        ask=str(question["ask"]),
        explain=str(question["explain"]),
        options=options,
        order=tuple(question.get("order", ())),
        title=draft.title or found.title,
        ident=draft.ident or f"{found.topic}-{family}-{len(draft.moves)}",
    )


def edit_words(
    draft: Draft,
    *,
    ident: str,
    title: str,
    question: str,
    explain: str,
    difficulty: str | int,
    options: Sequence[str] = (),
    family: str | None = None,
) -> Draft:
    """The draft with the author's words, kept as typed (:func:`word_problems` says what is
    wrong with them, field by field)."""
    texts = list(options)[: len(draft.options)]
    texts += [o.text for o in draft.options[len(texts) :]]
    level = str(difficulty).strip()
    if family is not None:
        draft = replace(draft, family=family.strip() or None)
    return replace(
        draft,
        ident=ident,
        title=title,
        ask=question,
        explain=explain,
        difficulty=int(level) if level.isdigit() and int(level) in DIFFICULTIES else 0,
        options=tuple(replace(o, text=t) for o, t in zip(draft.options, texts, strict=True)),
    )


def text_problem(text: str, *, limit: int, lines: bool = False) -> str | None:
    """What is wrong with a text the author typed, or None. Quotes and colons are fine (the
    scenario is written out quoted where YAML needs it); HTML tags and control characters are
    not (a page shows a tag as typed, and a control character cannot be printed)."""
    if not text.strip():
        return "this cannot be empty"
    if len(text) > limit:
        return f"at most {limit} characters (this has {len(text)})"
    allowed = "\n\r\t" if lines else ""
    bad = next((c for c in text if not c.isprintable() and c not in allowed), None)
    if bad is not None:
        return f"a control character ({bad!r}) cannot be kept: type plain text"
    tag = _TAG.search(text)
    if tag is not None:
        return f"write plain words, no HTML: {tag.group(0)!r} would be shown as typed"
    return None


def ident_problem(ident: str) -> str | None:
    """What is wrong with a scenario id, or None."""
    problem = text_problem(ident, limit=LIMITS["ident"])
    if problem is None and not _IDENT.fullmatch(ident):
        return "lower-case words joined by hyphens, like premature-turn-3"
    return problem


def word_problems(draft: Draft) -> dict[str, str]:
    """Each field whose words are wrong, with why (empty: all fine)."""
    found: dict[str, str] = {}
    checks = (
        ("ident", ident_problem(draft.ident)),
        ("title", text_problem(draft.title, limit=LIMITS["title"])),
        ("ask", text_problem(draft.ask, limit=LIMITS["ask"], lines=True)),
        ("explain", text_problem(draft.explain, limit=LIMITS["explain"], lines=True)),
    )
    found.update((place, problem) for place, problem in checks if problem is not None)
    if draft.difficulty not in DIFFICULTIES:
        found["difficulty"] = "1 (easy), 2 or 3 (hard)"
    if draft.family is not None:
        problem = ident_problem(draft.family)
        if problem is not None:
            found["family"] = problem.replace("premature-turn-3", "early-turn-hand")
    seen: dict[str, int] = {}
    for number, option in enumerate(draft.options, start=1):
        problem = text_problem(option.text, limit=LIMITS["option"], lines=True)
        same = " ".join(option.text.casefold().split()).rstrip(".")
        if problem is None and same in seen:
            problem = f"the same words as option {seen[same]}"
        seen.setdefault(same, number)
        if problem is not None:
            found[f"option-{number}"] = problem
    return found


def scenario_of(draft: Draft, house_yaml: str | None = None) -> dict[str, Any]:
    """The draft as a scenario mapping (contract 2), fields in the contract's order."""
    if draft.kind is None:
        raise AuthoringError("choose what to ask first", place="kind")
    if draft.kind == NUMBER:
        return number_scenario(draft, house_yaml)
    ruled = ruled_situation(draft, house_yaml) if draft.kind == RULING else None
    if draft.kind == RULING and (ruled is None or draft.fact not in RULING_FACTS):
        raise AuthoringError("the moves no longer make a player's ruling: ask again", place="kind")
    name = ruled or asked_error(draft, house_yaml)
    found = situation(name)
    question: dict[str, Any] = {}
    if draft.kind == RULING:
        question.update(ruling_mapping(draft))
    elif draft.kind != Kind.CHOICE:
        question["kind"] = draft.kind
    if draft.kind == Kind.FACT:
        question["fact"] = "misdeal"
    question["ask"] = draft.ask
    if draft.kind == Kind.ORDER:
        question["order"] = list(draft.order)
    else:
        question["choices"] = [_choice(o, fact=draft.kind == RULING) for o in draft.options]
    question["explain"] = draft.explain
    return {
        "id": draft.ident,
        "title": draft.title,
        "topic": found.topic,
        "difficulty": draft.difficulty,
        **({"family": draft.family} if draft.family else {}),
        "ruleset": draft.table.ruleset,
        "situation": name,
        "table": draft.table.mapping(),
        **stock(draft.moves),
        "setup": list(draft.moves),
        "question": question,
    }


def _choice(option: OptionDraft, *, fact: bool = False) -> dict[str, Any]:
    """An option as a scenario writes it (a fact's answer written even when it is null)."""
    found: dict[str, Any] = {"text": option.text}
    if option.steps is not None:
        found["steps"] = list(option.steps)
    if option.answer is not None or fact:
        found["answer"] = option.answer
    if option.correct:
        found["correct"] = True
    return found
