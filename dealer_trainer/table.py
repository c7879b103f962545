"""The table: seats, the button, and where every card is.

Every card of the deck is in exactly one place at every moment::

    stub       the undealt deck, top card first
    holes      each seat's hole cards, in the order they were dealt
    board      the community cards, in the order they were turned
    burns      burned cards, in order
    muck       discards (folded and mucked hands), in order
    set_aside  cards taken out of play for now by a recovery procedure

:meth:`Table.audit` proves the 52-card conservation invariant: each card in exactly one place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from dealer_trainer.cards import STANDARD_DECK, Card
from dealer_trainer.errors import InvariantError, Rejected

__all__ = ["Table", "dead_button_move", "dealing_order", "next_seat"]


def dealing_order(seats: Iterable[int], button: int) -> tuple[int, ...]:
    """The seats clockwise starting left of the button; the button comes last.

    Seat numbers grow clockwise. ``button`` need not be one of ``seats``.
    """
    ordered = sorted(seats)
    after = [seat for seat in ordered if seat > button]
    before = [seat for seat in ordered if seat <= button]
    return (*after, *before)


def next_seat(seats: Iterable[int], seat: int) -> int:
    """The first of ``seats`` clockwise after ``seat``."""
    return dealing_order(seats, seat)[0]


def dead_button_move(players: Iterable[int], small: int, big: int) -> tuple[int, int, int]:
    """The next hand's button, small blind and big blind seats with a dead button, after a
    hand whose blinds were on ``small`` and ``big`` (TDA24 32; RRoP Blinds 2, the dead button).

    The big blind goes to the player due for it, the first of ``players`` (those with chips)
    after last hand's big blind. The small blind falls on last hand's big blind's seat and the
    button on last hand's small blind's seat, even when that seat is empty now (a dead small
    blind, a dead button). Heads-up the other player has the button and posts the small blind,
    so nobody has the big blind twice in a row (TDA24 34-B).
    """
    seats = sorted(players)
    due = next_seat(seats, big)
    if len(seats) == 2:
        other = seats[0] if seats[1] == due else seats[1]
        return other, other, due
    return small, big, due


class Table:
    """Seats, stacks between hands, the button, and the card zones of the current hand."""

    def __init__(
        self,
        stacks: Mapping[int, int],
        button: int,
        deck: Sequence[Card] = STANDARD_DECK,
    ) -> None:
        self.stacks: dict[int, int] = dict(stacks)
        self.button = button
        #: this hand's small and big blind seats once known: placed by a dead button before the
        #: hand (the small blind's seat may be empty then), else kept when the blinds are posted
        self.blinds: tuple[int, int] | None = None
        self.stub: list[Card] = list(deck)
        self.holes: dict[int, list[Card]] = {seat: [] for seat in self.stacks}
        self.board: list[Card] = []
        self.burns: list[Card] = []
        self.muck: list[Card] = []
        self.set_aside: list[Card] = []

    # --- who plays ---------------------------------------------------------------------------

    def players(self) -> tuple[int, ...]:
        """Seats dealt into the hand (those with chips), in dealing order."""
        return dealing_order((s for s, chips in self.stacks.items() if chips > 0), self.button)

    # --- moving cards ------------------------------------------------------------------------

    def require(self, count: int) -> None:
        """Refuse (:class:`Rejected`) if the stub holds fewer than ``count`` cards."""
        if count > len(self.stub):
            raise Rejected(
                f"the stub holds {len(self.stub)} card(s); {count} cannot be dealt from it"
            )

    def take(self, count: int = 1) -> list[Card]:
        """Take ``count`` cards off the top of the stub; refuse if it holds fewer."""
        self.require(count)
        taken = self.stub[:count]
        del self.stub[:count]
        return taken

    def gather(self) -> None:
        """Bring every card back to the stub (for a new shuffle), in a fixed order."""
        back = [*self.stub, *self.muck, *self.board, *self.burns, *self.set_aside]
        for seat in sorted(self.holes):
            back.extend(self.holes[seat])
            self.holes[seat] = []
        self.stub = back
        self.board = []
        self.burns = []
        self.muck = []
        self.set_aside = []

    def to_muck(self, seat: int) -> None:
        """A seat's hole cards go to the muck."""
        self.muck.extend(self.holes[seat])
        self.holes[seat] = []

    # --- the invariant -----------------------------------------------------------------------

    def zones(self) -> dict[str, list[Card]]:
        """Every card zone by name (hole cards as ``seat N``)."""
        zones = {
            "stub": self.stub,
            "board": self.board,
            "burns": self.burns,
            "muck": self.muck,
            "set_aside": self.set_aside,
        }
        for seat, cards in self.holes.items():
            zones[f"seat {seat}"] = cards
        return zones

    def audit(self) -> None:
        """Prove that each of the 52 cards is in exactly one place; raise InvariantError if not."""
        seen: dict[Card, str] = {}
        for name, cards in self.zones().items():
            for card in cards:
                if card in seen:
                    raise InvariantError(f"{card} is both in {seen[card]} and in {name}")
                seen[card] = name
        if len(seen) != len(STANDARD_DECK):
            missing = [str(card) for card in STANDARD_DECK if card not in seen]
            raise InvariantError(f"cards unaccounted for: {', '.join(missing)}")
