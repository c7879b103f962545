"""Which items of a bank each section of a blueprint may draw, and whether the bank can fill
every section at once.

An attempt never asks two items of one family (the same hand under two rulebooks, or twice)
nor one item twice, even across sections; so sections that share topics compete for the same
families. Whether every section can have its count is a matching of families to the sections'
places (a family fills at most one place): :func:`match` finds a largest one (augmenting
paths), and when it leaves places empty, :func:`fill_errors` names the sections short of items
(those whose empty places no other choice of families could fill), each at its line.

Items are the catalogue's entries (:class:`~dealer_trainer.training.catalogue.Entry`): a
section may draw an entry whose topic and difficulty it names, under the blueprint's ruleset
(the entry's ``ruleset``, the name it is asked under), and not retired.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario import bank_dir
from dealer_trainer.training.catalogue import Entry, catalogue
from dealer_trainer.training.exam.blueprint import Blueprint, Section

__all__ = [
    "Family",
    "Shortfall",
    "bank_for_exams",
    "fill_errors",
    "match",
    "pools",
    "section_errors",
    "section_pools",
    "shortfalls",
]

#: a family: ``("family", name)`` for items that declare one, ``("item", id)`` for one alone
Family = tuple[str, str]


def family_of(entry: Entry) -> Family:
    """The family ``entry`` counts in (an item with none is a family of its own)."""
    return ("family", entry.family) if entry.family is not None else ("item", entry.id)


def pools(
    blueprint: Blueprint, entries: Iterable[Entry], retired: Iterable[str] = frozenset()
) -> list[dict[Family, list[Entry]]]:
    """For each section, the entries it may draw, by family (families in a stable order: by
    their first entry's id; an id given twice counts once, as its first entry)."""
    return section_pools(blueprint.sections, blueprint.ruleset.name, entries, retired)


def section_pools(
    sections: Sequence[Section],
    ruleset: str,
    entries: Iterable[Entry],
    retired: Iterable[str] = frozenset(),
) -> list[dict[Family, list[Entry]]]:
    """:func:`pools` for ``sections`` under the ruleset named ``ruleset``."""
    left_out = frozenset(retired)
    seen: set[str] = set()
    unique: list[Entry] = []
    for entry in entries:
        if entry.id not in seen:
            seen.add(entry.id)
            unique.append(entry)
    usable = sorted(
        (e for e in unique if e.ruleset == ruleset and e.id not in left_out), key=lambda e: e.id
    )
    found: list[dict[Family, list[Entry]]] = []
    for section in sections:
        pool: dict[Family, list[Entry]] = {}
        for entry in usable:
            if section.admits(topic=entry.topic, difficulty=entry.difficulty):
                pool.setdefault(family_of(entry), []).append(entry)
        found.append(pool)
    return found


def match(
    counts: Sequence[int],
    choices: Sequence[Sequence[Family]],
    rng: random.Random | None = None,
) -> dict[Family, int]:
    """A largest assignment of families to sections: section ``i`` takes at most
    ``counts[i]`` of the families in ``choices[i]``, a family goes to at most one section.
    Returns family -> section. With ``rng``, the families are tried in a random order (a
    random assignment among the largest ones), else in the order given."""
    places = [i for i, count in enumerate(counts) for _ in range(count)]
    order = [list(options) for options in choices]
    if rng is not None:
        for options in order:
            rng.shuffle(options)
    taken: dict[Family, int] = {}  # family -> the place it fills

    def seat(place: int, tried: set[Family]) -> bool:  # one augmenting path from ``place``
        for family in order[places[place]]:
            if family in tried:
                continue
            tried.add(family)
            if family not in taken or seat(taken[family], tried):
                taken[family] = place
                return True
        return False

    for place in range(len(places)):
        seat(place, set())
    return {family: places[place] for family, place in taken.items()}


@dataclass(frozen=True, slots=True, kw_only=True)
class Shortfall:
    """Sections the bank cannot fill together: they ask for ``wanted`` items and only
    ``available`` families can go to them (one item each)."""

    sections: tuple[int, ...]
    wanted: int
    available: int


def shortfalls(
    counts: Sequence[int], choices: Sequence[Sequence[Family]], assigned: dict[Family, int]
) -> list[Shortfall]:
    """The groups of sections a largest assignment leaves short (empty: every section filled).

    From each section with an empty place, every family it could take is already taken (else
    the assignment would not be largest); the sections those families went to are short with
    it, and so on: the group's families are all there are for its places, and too few.
    """
    filled = [0] * len(counts)
    for section in assigned.values():
        filled[section] += 1
    groups: list[set[int]] = []
    for start in (i for i, count in enumerate(counts) if filled[i] < count):
        group, queue = {start}, [start]
        while queue:
            for family in choices[queue.pop()]:
                owner = assigned.get(family)  # always taken, in a largest assignment
                if owner is not None and owner not in group:
                    group.add(owner)
                    queue.append(owner)
        for other in [g for g in groups if g & group]:  # groups that meet are one
            groups.remove(other)
            group |= other
        groups.append(group)
    found: list[Shortfall] = []
    for group in sorted(groups, key=min):
        families = {family for i in group for family in choices[i]}
        found.append(
            Shortfall(
                sections=tuple(sorted(group)),
                wanted=sum(counts[i] for i in group),
                available=len(families),
            )
        )
    return found


def _line(section: Section) -> str:
    parts = (section.where or "").rsplit(":", 2)
    return parts[1] if len(parts) == 3 else "?"


def _what(section: Section) -> str:
    levels = "" if len(section.difficulty) == 3 else f" at difficulty {section.difficulty}"
    return f"{', '.join(section.topics)}{levels}"


def fill_errors(
    blueprint: Blueprint, entries: Iterable[Entry], retired: Iterable[str] = frozenset()
) -> list[ScriptError]:
    """An error at each section the bank cannot fill (with one item per family in an attempt,
    under the blueprint's ruleset, leaving out ``retired`` items); none when every section can
    have its count."""
    return section_errors(blueprint.sections, blueprint.ruleset.name, entries, retired)


def section_errors(
    sections: Sequence[Section],
    ruleset: str,
    entries: Iterable[Entry],
    retired: Iterable[str] = frozenset(),
) -> list[ScriptError]:
    """:func:`fill_errors` for ``sections`` under the ruleset named ``ruleset``."""
    left_out = frozenset(retired)
    found = section_pools(sections, ruleset, entries, left_out)
    counts = [section.count for section in sections]
    choices = [list(pool) for pool in found]
    short = shortfalls(counts, choices, match(counts, choices))
    rules = f"under {ruleset}, one item per family"
    if left_out:
        rules += ", retired items left out"
    errors: list[ScriptError] = []
    for shortfall in short:
        for i in shortfall.sections:
            section = sections[i]
            if len(shortfall.sections) == 1:
                message = (
                    f"the bank cannot fill this section: it asks for {section.count} items on "
                    f"{_what(section)}, and the bank has {shortfall.available} ({rules})"
                )
            else:
                others = [_line(sections[j]) for j in shortfall.sections if j != i]
                with_them = (
                    f"the section at line {others[0]}"
                    if len(others) == 1
                    else f"the sections at lines {', '.join(others)}"
                )
                message = (
                    f"the bank cannot fill this section and {with_them}: together they ask for "
                    f"{shortfall.wanted} items, and the bank has {shortfall.available} for them "
                    f"({rules}); this one asks for {section.count} on {_what(section)}"
                )
            errors.append(ScriptError(message, where=section.where))
    return errors


def bank_for_exams(folders: Sequence[Path] = ()) -> tuple[list[Entry], list[str]]:
    """The entries an exam may draw: the shipped bank's, then each of ``folders``' (an id
    already found is not taken again), and the problems met (one line per file left out)."""
    entries: list[Entry] = []
    problems: list[str] = []
    for folder in (bank_dir(), *folders):
        found, trouble = catalogue(folder)
        entries += found
        problems += trouble
    return entries, problems
