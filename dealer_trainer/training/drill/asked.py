"""The money and hand-reading drills one item at a time, as a page asks them: item ``n`` of a
seed made on its own (a page asks any item without dealing the ones before), the typed answer
checked and judged against the engine's, and kept as a skill answer (never an item: see
:mod:`dealer_trainer.training.skills`).

The terminal's :class:`~dealer_trainer.training.drill.reckoning.Reckoning` deals its items from
one random stream; a page deals item ``n`` from the seed and ``n`` alone, the kinds coming
round in the same turn from the same start. Both are the engine's own items and answers
(:mod:`.money`, :mod:`.hands`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.rules.rulesets import BUILTIN, Ruleset, parse_ruleset
from dealer_trainer.store import Store
from dealer_trainer.training import skills
from dealer_trainer.training.drill import hands, money
from dealer_trainer.training.drill.reckoning import (
    DRILLS,
    Item,
    expected_numbers,
    judged,
    numbers_in,
)
from dealer_trainer.yamlio import load

__all__ = ["HOUSE", "MAX_ITEM", "Verdict", "drill_ruleset", "item_of", "judge", "keep"]

#: the ruleset choice that names the room's own house ruleset file
HOUSE = "house"
#: the highest item number a page asks
MAX_ITEM = 100_000


def drill_ruleset(name: str, house_yaml: str | None) -> Ruleset:
    """The ruleset a money drill is asked under: a built-in one by name, or ``house`` (the
    room's house file; a room without one, or a file that does not read: a UsageError)."""
    if name in BUILTIN:
        return BUILTIN[name]
    if name == HOUSE and house_yaml:
        try:
            return parse_ruleset(*load(house_yaml, "house ruleset"))
        except ScriptError as exc:
            raise UsageError(f"the room's house ruleset does not read: {exc}") from None
    raise UsageError(
        f"no ruleset {name!r} here: {', '.join(BUILTIN)}" + (f" or {HOUSE}" if house_yaml else "")
    )


def item_of(drill: str, seed: int, number: int, ruleset: Ruleset | None = None) -> Item:
    """Item ``number`` (from 1) of ``drill`` (``money`` or ``hands``) dealt with ``seed``."""
    if drill not in DRILLS:
        raise UsageError(f"no drill {drill!r}: {', '.join(DRILLS)}")
    if not 1 <= number <= MAX_ITEM:
        raise UsageError(f"the item number is 1 to {MAX_ITEM}")
    kinds = money.KINDS if drill == "money" else hands.KINDS
    start = random.Random(seed).randrange(len(kinds))
    kind = kinds[(start + number - 1) % len(kinds)]
    rng = random.Random(f"{drill}:{seed}:{number}")
    if drill == "money":
        return money.money_item(kind, rng, ruleset)
    return hands.hands_item(kind, rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class Verdict:
    """A typed answer judged: what was given, the engine's answer, right or not."""

    given: tuple[int, ...]
    expected: tuple[int, ...]
    correct: bool
    rule: str


def money_field_problem(text: str) -> str | None:
    """What makes one money field no answer (None: a whole number of 0 or more)."""
    try:
        found = numbers_in(text)
    except ValueError as exc:
        return str(exc)
    if len(found) != 1:
        return "type one number here"
    return None


def judge(item: Item, given: Sequence[int]) -> Verdict:
    """Judge the numbers (chips, or the winning seats) against the engine's answer."""
    rule = item.rule if isinstance(item, money.MoneyItem) else hands.RULE
    return Verdict(
        given=tuple(given),
        expected=expected_numbers(item),
        correct=judged(item, list(given)),
        rule=rule,
    )


def keep(
    store: Store,
    *,
    trainee: str,
    drill: str,
    item: Item,
    verdict: Verdict,
    seconds: float | None,
    room_id: int | None,
    key: str,
    ruleset: str = "",
) -> bool:
    """Keep the answer as a ``money`` or ``hands`` skill answer of the item's kind (``key``
    names the page's item: answered again, nothing more is kept); whether it was kept."""
    return skills.record_answer(
        store,
        trainee=trainee,
        skill=drill,
        kind=item.kind,
        correct=verdict.correct,
        seconds=seconds,
        room_id=room_id,
        key=key,
        ruleset=ruleset,
    )
