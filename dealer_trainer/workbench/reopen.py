"""A kept scenario opened again as a draft: its table, its moves, its error, its question and
its words, to be edited and kept in its place (the draft remembers the id it replaces).

Only what the workbench itself writes can be opened: a table of N players with one stack,
the blinds, no-limit, pot-limit or limit (its bets from the blinds), cash, tournament or
the ruleset's game, no stacked deck (a seed only where a move draws on chance: the page
writes its own again), a choice, order, misdeal, number or player's ruling
question. Anything else (a scenario written by hand with a stacked deck, a limit game with
its own bets, a number question stating its answer, ...) is refused with what it has that the
page cannot show: its YAML is edited and uploaded as before."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario import Kind
from dealer_trainer.workbench.draft import AuthoringError, Draft, OptionDraft
from dealer_trainer.workbench.moves import asked_error
from dealer_trainer.workbench.number import NUMBER, NUMBER_ASKED
from dealer_trainer.workbench.ruling import PLAYER_SITUATIONS, RULING, RULING_FACTS, ruled_situation
from dealer_trainer.workbench.table import set_table
from dealer_trainer.yamlio import load

__all__ = ["reopen"]

#: the scenario fields the workbench writes (and so can read back)
_FIELDS = frozenset(
    ("id", "title", "topic", "difficulty", "family", "ruleset", "situation", "table", "deck",
     "seed", "setup", "question")
)  # fmt: skip
_TABLE = frozenset(("seats", "button", "blinds", "stacks", "structure", "game"))
_QUESTION = frozenset(("kind", "fact", "ask", "choices", "order", "explain"))
_CHOICE = frozenset(("text", "steps", "answer", "correct"))


def _refuse(what: str) -> AuthoringError:
    return AuthoringError(
        f"this scenario cannot be opened on the page ({what}): edit its YAML and upload it",
        place="scenario",
    )


def _mapping(value: Any, what: str, allowed: frozenset[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _refuse(f"its {what} is not a mapping")
    extra = sorted(str(key) for key in value if key not in allowed)
    if extra:
        raise _refuse(f"its {what} has {', '.join(extra)}")
    return value


def _option(value: Any) -> OptionDraft:
    choice = _mapping(value, "choice", _CHOICE)
    steps = choice.get("steps")
    return OptionDraft(
        text=str(choice.get("text", "")),
        steps=None if steps is None else tuple(steps),
        answer=choice.get("answer"),
        correct=choice.get("correct") is True,
    )


def reopen(text: str, house_yaml: str | None = None, source: str = "scenario.yaml") -> Draft:
    """The draft a kept scenario's YAML was written from (:class:`AuthoringError` with
    ``place="scenario"`` when the page cannot show it)."""
    try:
        data, _locator = load(text, source)
    except ScriptError as exc:
        raise _refuse(f"it does not read: {exc}") from None
    data = _mapping(data, "top level", _FIELDS)
    if data.get("deck") not in (None, []):
        raise _refuse("a stacked deck")
    table = _mapping(data.get("table"), "table", _TABLE)
    blinds = table.get("blinds")
    if not isinstance(blinds, list) or len(blinds) != 2 or isinstance(table.get("seats"), dict):
        raise _refuse("a table the page does not set: seats with their own stacks, or antes")
    question = _mapping(data.get("question"), "question", _QUESTION)
    kind = str(question.get("kind", Kind.CHOICE))
    fact = question.get("fact")
    ruling = data.get("situation") in PLAYER_SITUATIONS and fact in RULING_FACTS
    number = kind == NUMBER and fact in NUMBER_ASKED
    if kind not in (Kind.CHOICE, Kind.ORDER) and fact != "misdeal" and not ruling and not number:
        raise _refuse(f"a {kind} question the page does not ask")
    try:
        draft = set_table(
            Draft(),
            seats=table.get("seats", ""),
            button=table.get("button", ""),
            small_blind=blinds[0],
            big_blind=blinds[1],
            stacks=table.get("stacks", ""),
            structure=str(table.get("structure", "no-limit")),
            game=str(table.get("game", "")),
            ruleset=str(data.get("ruleset", "roberts")),
            house_yaml=house_yaml,
        )
    except AuthoringError as exc:
        raise _refuse(f"its table: {exc.message}") from None
    setup = data.get("setup")
    if not isinstance(setup, list):
        raise _refuse("no list of setup events")
    choices = question.get("choices") or []
    if not isinstance(choices, list):
        raise _refuse("its choices are not a list")
    family = data.get("family")
    draft = replace(
        draft.with_moves(tuple(setup)),
        error=str(data["situation"]) if data.get("situation") else None,
        ident=str(data.get("id", "")),
        editing=str(data.get("id", "")) or None,
        title=str(data.get("title", "")),
        difficulty=int(data["difficulty"]) if isinstance(data.get("difficulty"), int) else 0,
        family=None if family is None else str(family),
    )
    try:  # the moves play, and an error is made (or a player's ruling; a number needs none)
        if number and not data.get("situation"):
            asked = None
        elif ruling:
            asked = ruled_situation(draft, house_yaml)
        else:
            asked = asked_error(draft, house_yaml)
    except AuthoringError as exc:
        raise _refuse(f"its setup: {exc.message}") from None
    if asked is None and not number:
        raise _refuse("its setup makes no player's ruling")
    return replace(
        draft,
        error=asked,
        kind=RULING if ruling else kind,
        fact=str(fact) if ruling or number else None,
        ask=str(question.get("ask", "")),
        explain=str(question.get("explain", "")),
        options=tuple(_option(choice) for choice in choices),
        order=tuple(str(step) for step in question.get("order") or ()),
    )
