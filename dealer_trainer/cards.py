"""Playing cards: ranks, suits, notation, the standard deck order, seeded shuffle and cut.

Cards are written rank then suit: ``As``, ``Td``, ``7c``; ``10d`` is accepted for ``Td``.
The standard (new-deck) order is clubs, diamonds, hearts, spades, and 2 .. A within a suit.

Every card is a singleton: ``Card.parse("As") is Card.parse("AS")``; the 52 cards are built
once at import, so cards compare and hash fast and can be used as set members freely.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from dealer_trainer.errors import ScriptError
from dealer_trainer.safetext import excerpt

__all__ = [
    "STANDARD_DECK",
    "Card",
    "Rank",
    "Suit",
    "cut",
    "parse_cards",
    "shuffle",
    "stacked_deck",
]


class Rank(Enum):
    """A card's rank; the value is its notation."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def index(self) -> int:
        """0 for a deuce .. 12 for an ace."""
        return _RANK_INDEX[self]


class Suit(Enum):
    """A card's suit, in new-deck order; the value is its notation."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def index(self) -> int:
        """0 for clubs .. 3 for spades."""
        return _SUIT_INDEX[self]


_RANK_INDEX = {rank: i for i, rank in enumerate(Rank)}
_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. Use :meth:`parse` or :data:`STANDARD_DECK` rather than the constructor."""

    rank: Rank
    suit: Suit
    #: position in the standard deck order (2c = 0 .. As = 51)
    index: int = field(init=False, compare=False, repr=False)
    #: the notation, such as ``As``
    text: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", self.suit.index * 13 + self.rank.index)
        object.__setattr__(self, "text", self.rank.value + self.suit.value)

    def __str__(self) -> str:
        return self.text

    def __hash__(self) -> int:
        return self.index

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read one card: ``As``, ``td``, ``10d``. Raises :class:`ScriptError` otherwise (a
        value that is not text too: its message shows a short excerpt of it, never all)."""
        if isinstance(text, str):
            card = _BY_NAME.get(text.strip().lower()) if len(text) < 16 else None
            if card is not None:
                return card
        raise ScriptError(
            f"{excerpt(text)} is not a card: write rank then suit, such as As, Td, 10d or 7c"
        )


STANDARD_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)

_BY_NAME: dict[str, Card] = {}
for _card in STANDARD_DECK:
    _BY_NAME[str(_card).lower()] = _card
    if _card.rank is Rank.TEN:
        _BY_NAME["10" + _card.suit.value] = _card


def parse_cards(items: Iterable[str] | str) -> list[Card]:
    """Read cards from a list (``["As", "Kd"]``) or one string (``"As Kd"``, ``"AsKd"``)."""
    if isinstance(items, str):
        text = items.replace(",", " ").split()
        names: list[str] = []
        for chunk in text:
            while chunk:
                size = 3 if chunk.startswith("10") else 2
                names.append(chunk[:size])
                chunk = chunk[size:]
        items = names
    return [Card.parse(item) for item in items]


def stacked_deck(top: Sequence[Card]) -> list[Card]:
    """A deck whose first cards are ``top`` (top first); the rest follow in standard order.

    Raises :class:`ScriptError` if a card is named twice.
    """
    seen: set[Card] = set()
    for card in top:
        if card in seen:
            raise ScriptError(f"the deck names {card} twice")
        seen.add(card)
    return [*top, *(card for card in STANDARD_DECK if card not in seen)]


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """Shuffle ``cards`` in place with ``rng`` (a seeded :class:`random.Random` repeats)."""
    rng.shuffle(cards)


def cut(cards: list[Card], at: int) -> list[Card]:
    """Cut the deck: the top ``at`` cards go to the bottom. ``cards`` is top first."""
    return [*cards[at:], *cards[:at]]
