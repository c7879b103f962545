"""hypothesis strategies and budgets the property tests share."""

from __future__ import annotations

from typing import Any

from hypothesis import settings
from hypothesis import strategies as st


def examples(ci: int) -> int:
    """A property's ``max_examples``: ``ci`` under the "ci" profile (tests/conftest.py), scaled
    as the loaded profile scales hypothesis's own budget ("thorough": ten times as many)."""
    scale = settings.default.max_examples / settings.get_profile("ci").max_examples
    return max(1, round(ci * scale))


@st.composite
def stakes(draw: st.DrawFn) -> dict[str, Any]:
    """The stakes keys of a ``table:`` section: blinds, structure and (limit) bets."""
    small = draw(st.integers(1, 5))
    table: dict[str, Any] = {"blinds": [small, draw(st.integers(small, 3 * small))]}
    structure = draw(st.sampled_from(["no-limit", "pot-limit", "limit"]))
    table["structure"] = structure
    if structure == "limit" and draw(st.booleans()):
        small_bet = draw(st.integers(1, 10))
        table["bets"] = [small_bet, draw(st.integers(small_bet, 3 * small_bet))]
    return table
