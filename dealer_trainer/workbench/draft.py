"""A scenario being written: the table, the moves played on it, the error made, the question
and its words. A :class:`Draft` is plain data (frozen, built with keywords) that the store
keeps as JSON as the author goes (:func:`to_json`, :func:`from_json`), so a reload, a dropped
connection or a restart loses nothing."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from dealer_trainer.errors import ScriptError

__all__ = [
    "AuthoringError",
    "Draft",
    "OptionDraft",
    "TableSettings",
    "from_json",
    "to_json",
]


class AuthoringError(ScriptError):
    """A step of authoring refused: ``place`` names the field or step it concerns (``seats``,
    ``move``, ``error``, ``title``, ``option-2``, ...), ``rule`` the rule a move broke."""

    def __init__(self, message: str, *, place: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.place = place
        self.rule = rule


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSettings:
    """The table as the author set it: contract 1's ``table``."""

    seats: int = 6
    button: int = 1
    small_blind: int = 1
    big_blind: int = 2
    stacks: int = 200
    structure: str = "no-limit"
    #: ``cash`` or ``tournament``; empty: the ruleset's own game
    game: str = ""
    #: a built-in ruleset's name, or ``house.yaml`` (the room's house ruleset)
    ruleset: str = "roberts"

    def mapping(self) -> dict[str, Any]:
        """The table as a hand script writes it (the ruleset named by the scenario)."""
        found: dict[str, Any] = {
            "seats": self.seats,
            "button": self.button,
            "blinds": [self.small_blind, self.big_blind],
            "stacks": self.stacks,
        }
        if self.structure != "no-limit":
            found["structure"] = self.structure
        if self.game:
            found["game"] = self.game
        return found


@dataclass(frozen=True, slots=True, kw_only=True)
class OptionDraft:
    """One option of a choice or fact question: its words, the recovery it stands for (a
    choice) or its answer (a fact), and whether it is the key."""

    text: str
    steps: tuple[str, ...] | None = None
    answer: bool | int | str | list[int] | None = None
    correct: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Draft:
    """A scenario being written."""

    table: TableSettings = field(default_factory=TableSettings)
    #: the moves played so far, as a hand script writes them (``burn``, ``{act: {...}}``)
    moves: tuple[Any, ...] = ()
    #: the catalogue dealer error made (None: none yet, or one played by hand)
    error: str | None = None
    #: the question's kind (None: not chosen yet): a scenario's kind, or ``ruling`` (a player's
    #: ruling, written as a fact question on :attr:`fact`)
    kind: str | None = None
    #: the fact a player's ruling asks (``to_act``, ``winners``) or a number asks (``pot``,
    #: ``to_call``, ...); None: another kind
    fact: str | None = None
    ident: str = ""
    title: str = ""
    ask: str = ""
    explain: str = ""
    difficulty: int = 2
    options: tuple[OptionDraft, ...] = ()
    #: an order question's key: the recovery steps in order
    order: tuple[str, ...] = ()
    #: the family of items asked on this one hand (None: none declared)
    family: str | None = None
    #: the id of the room's kept scenario this draft was opened from (None: a new one):
    #: saving it replaces that scenario, and no other
    editing: str | None = None

    def with_moves(self, moves: tuple[Any, ...]) -> Draft:
        """The draft with other moves: a question drafted on the old ones is dropped."""
        return replace(
            self, moves=moves, kind=None, fact=None, options=(), order=(), ask="", explain=""
        )


def to_json(draft: Draft) -> str:
    """The draft as JSON text, for the store."""
    table = draft.table
    return json.dumps(
        {
            "table": {
                "seats": table.seats,
                "button": table.button,
                "small_blind": table.small_blind,
                "big_blind": table.big_blind,
                "stacks": table.stacks,
                "structure": table.structure,
                "game": table.game,
                "ruleset": table.ruleset,
            },
            "moves": list(draft.moves),
            "error": draft.error,
            "kind": draft.kind,
            "fact": draft.fact,
            "ident": draft.ident,
            "title": draft.title,
            "ask": draft.ask,
            "explain": draft.explain,
            "difficulty": draft.difficulty,
            "options": [
                {
                    "text": o.text,
                    "steps": None if o.steps is None else list(o.steps),
                    "answer": o.answer,
                    "correct": o.correct,
                }
                for o in draft.options
            ],
            "order": list(draft.order),
            "family": draft.family,
            "editing": draft.editing,
        },
        sort_keys=True,
    )


def from_json(text: str) -> Draft:
    """A draft from the store's JSON (:class:`ScriptError`: not a draft)."""
    try:
        data = json.loads(text)
        table = data["table"]
        return Draft(
            table=TableSettings(
                seats=int(table["seats"]),
                button=int(table["button"]),
                small_blind=int(table["small_blind"]),
                big_blind=int(table["big_blind"]),
                stacks=int(table["stacks"]),
                structure=str(table["structure"]),
                game=str(table.get("game") or ""),
                ruleset=str(table["ruleset"]),
            ),
            moves=tuple(data["moves"]),
            error=data["error"],
            kind=data["kind"],
            fact=_text_or_none(data.get("fact")),
            ident=str(data["ident"]),
            title=str(data["title"]),
            ask=str(data["ask"]),
            explain=str(data["explain"]),
            difficulty=int(data["difficulty"]),
            options=tuple(
                OptionDraft(
                    text=str(o["text"]),
                    steps=None if o["steps"] is None else tuple(o["steps"]),
                    answer=o["answer"],
                    correct=bool(o["correct"]),
                )
                for o in data["options"]
            ),
            order=tuple(data["order"]),
            family=_text_or_none(data.get("family")),
            editing=_text_or_none(data.get("editing")),
        )
    except (ValueError, KeyError, TypeError) as exc:
        raise ScriptError(f"a kept draft cannot be read: {exc}") from None


def _text_or_none(value: Any) -> str | None:
    """A kept optional text (drafts kept before it existed have none)."""
    return None if value is None else str(value)
