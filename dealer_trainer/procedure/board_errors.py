"""The board's errors: a premature flop, turn or river, a flop of too many cards or with no
burn (RRoP-HE 2-4; TDA24 39, RP-5): the conditions and callbacks of their rows.
"""

from __future__ import annotations

from typing import Any

from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.hand_state import (
    HandState,
)

__all__ = ["BoardErrors"]

#: the street a burn taken during each betting round belongs to
_NEXT_STREET = {"preflop": "flop", "flop": "turn", "turn": "river"}


#: the street whose burn each burn state takes
_BURN_STREET = {"flop_burn": "flop", "turn_burn": "turn", "river_burn": "river"}


class BoardErrors(HandState):
    """The board's errors: a premature flop, turn or river, a flop of too many cards or with no"""

    def burn_not_taken(self, *_: Any) -> bool:
        return _NEXT_STREET[self.state] not in self.burned

    def burn_on_table(self, *_: Any) -> bool:
        return _BURN_STREET[self.state] in self.burned

    def too_many_cards(self, event: Event) -> bool:
        return event.cards is not None and event.cards > 3

    def burn_early(self, event: Event) -> None:
        """A burn before the betting is over: it stays, as that street's burn."""
        self.table.burns.append(self.table.stub.pop(0))
        self.burned.add(_NEXT_STREET[self.state])

    def _premature(self, name: str, count: int, event: Event) -> None:
        cards = self.table.take(count)
        self.table.board.extend(cards)
        self.irregular(name, event, cards=cards)

    def premature_flop(self, event: Event) -> None:
        self._premature("premature_flop", 3, event)

    def premature_turn(self, event: Event) -> None:
        self._premature("premature_turn", 1, event)

    def premature_river(self, event: Event) -> None:
        self._premature("premature_river", 1, event)

    def flop_too_many(self, event: Event) -> None:
        """Four cards: the rulebooks differ (RRoP-HE 2, TDA24 39-A); five or more: a redeal."""
        assert event.cards is not None
        name = "flop_too_many_cards" if event.cards == 4 else "flop_five_or_more_cards"
        self._premature(name, event.cards, event)

    def flop_without_burn(self, event: Event) -> None:
        self._premature("flop_without_burn", 3, event)
