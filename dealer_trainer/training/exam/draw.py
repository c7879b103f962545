"""An attempt's draw: the exact items of each section, in the order they are asked, and the
seed each item's options are laid out with (as a quiz plan's items are: the same seed lays
them out the same way on every request, in any process).

Deterministic under a seed and random across seeds; never two items of one family nor one
item twice in an attempt, never a retired item; every section gets its count, or the draw is
refused with the errors :func:`~dealer_trainer.training.exam.fill.fill_errors` gives.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from dealer_trainer.training.catalogue import Entry
from dealer_trainer.training.exam.blueprint import Blueprint, BlueprintErrors
from dealer_trainer.training.exam.fill import fill_errors, match, pools
from dealer_trainer.training.quiz import Item, prepare

__all__ = ["Draw", "DrawnItem", "draw_attempt", "lay_out"]

#: item seeds are drawn below this (as a quiz plan's)
SEEDS = 2**31


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawnItem:
    """One item of an attempt: the scenario, the section it was drawn for (from 0), and the
    seed its options are laid out with."""

    entry: Entry
    section: int
    seed: int

    @property
    def id(self) -> str:
        return self.entry.id


@dataclass(frozen=True, slots=True, kw_only=True)
class Draw:
    """What an attempt asks: each section's items, in order."""

    blueprint: str
    seed: int
    sections: tuple[tuple[DrawnItem, ...], ...]

    @property
    def items(self) -> tuple[DrawnItem, ...]:
        """Every item in the order asked: section by section."""
        return tuple(item for section in self.sections for item in section)


def draw_attempt(
    blueprint: Blueprint,
    entries: Iterable[Entry],
    seed: int,
    retired: Iterable[str] = frozenset(),
) -> Draw:
    """Draw an attempt's items from ``entries`` (the same entries in any order and the same
    ``seed`` draw the same items, in the same order, with the same option seeds; ids are unique
    in a bank). Raises
    :class:`BlueprintErrors` when the entries cannot fill every section."""
    left_out = frozenset(retired)
    entries = list(entries)
    found = pools(blueprint, entries, left_out)
    counts = [section.count for section in blueprint.sections]
    rng = random.Random(seed)
    assigned = match(counts, [list(pool) for pool in found], rng)
    if len(assigned) < sum(counts):
        raise BlueprintErrors(fill_errors(blueprint, entries, left_out))
    sections: list[tuple[DrawnItem, ...]] = []
    for index, pool in enumerate(found):
        families = [family for family, section in assigned.items() if section == index]
        families.sort()  # the assignment's own order is not the order asked
        rng.shuffle(families)
        sections.append(
            tuple(
                DrawnItem(entry=rng.choice(pool[family]), section=index, seed=rng.randrange(SEEDS))
                for family in families
            )
        )
    return Draw(blueprint=blueprint.id, seed=seed, sections=tuple(sections))


def lay_out(item: DrawnItem) -> Item:
    """The item proved and its options laid out with its seed (the option order an attempt
    shows: ``tuple(option.value for option in lay_out(item).options)``)."""
    return prepare(item.entry, random.Random(item.seed))
