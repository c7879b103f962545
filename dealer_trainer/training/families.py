"""A sitting asks at most one item of a family: the items that ask one hand (the same table,
deck and setup, under two rulebooks or twice under one) declare one ``family`` in their files,
and a quiz, a review or an exam keeps the first of each it draws."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

__all__ = ["one_per_family"]


class _InFamily(Protocol):
    @property
    def family(self) -> str | None: ...


_Item = TypeVar("_Item", bound=_InFamily)


def one_per_family(entries: Iterable[_Item]) -> list[_Item]:
    """The entries in their order, leaving out each one whose family an earlier one has."""
    seen: set[str] = set()
    kept: list[_Item] = []
    for entry in entries:
        if entry.family is not None:
            if entry.family in seen:
                continue
            seen.add(entry.family)
        kept.append(entry)
    return kept
