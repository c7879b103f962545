"""The procedure table names only what the hand has.

``transitions`` looks a callback or a condition named in a row up on the model only when the
row fires, so a misspelt name in a row that rarely fires would fail in the middle of a hand,
not at import. This test reads every row instead.
"""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from dealer_trainer.procedure.hand import Hand
from dealer_trainer.procedure.machine import TRANSITIONS

#: the keys of a row that name model methods: callbacks, and conditions
CALLBACK_KEYS = ("prepare", "before", "after")
CONDITION_KEYS = ("conditions", "unless")


def _names(row: dict[str, Any], keys: tuple[str, ...]) -> list[str]:
    names: list[str] = []
    for key in keys:
        value = row.get(key, [])
        names.extend([value] if isinstance(value, str) else value)
    return names


def _row_id(row: dict[str, Any]) -> str:
    return f"row {TRANSITIONS.index(row) + 1} ({row['trigger']})"


@pytest.mark.parametrize("row", TRANSITIONS, ids=[_row_id(row) for row in TRANSITIONS])
def test_every_callback_and_condition_a_row_names_is_a_method_of_the_hand(
    row: dict[str, Any],
) -> None:
    for name in _names(row, CALLBACK_KEYS + CONDITION_KEYS):
        assert isinstance(name, str), f"{_row_id(row)}: {name!r} is not a method name"
        member = inspect.getattr_static(Hand, name, None)
        assert member is not None, f"{_row_id(row)} names {name!r}, which Hand does not have"
        assert inspect.isfunction(member), f"{_row_id(row)}: Hand.{name} is not a method"


def test_the_table_names_callbacks_and_conditions_at_all() -> None:
    callbacks = {name for row in TRANSITIONS for name in _names(row, CALLBACK_KEYS)}
    conditions = {name for row in TRANSITIONS for name in _names(row, CONDITION_KEYS)}
    assert len(callbacks) > 10
    assert len(conditions) > 5
