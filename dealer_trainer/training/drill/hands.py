"""Reading hands: a board and the tabled hands; who wins, the split and the odd chip.

The deal leans toward close calls, where a dealer misreads hands at the table:

* ``kicker``: two players hold the same pair (or the same high card) and the kicker decides;
* ``counterfeit``: the board pairs twice, so a player's two pair is counterfeited;
* ``board_plays``: the board is the best hand, so the pot is split;
* ``flush_over_flush``: three cards of a suit on the board, two players with a flush;
* ``wheel``: a five-high straight (A-2-3-4-5) against another straight or less.

Every answer is the engine's: each hand is ranked by the hand-ranking library the showdown
uses (:func:`~dealer_trainer.showdown.hand_strength`), and the pot is awarded by
:func:`~dealer_trainer.showdown.award`, odd chip included (TDA24 20: the first winner left of
the button). The same seed gives the same items.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from dealer_trainer.cards import STANDARD_DECK, Card, Rank, Suit
from dealer_trainer.errors import InvariantError
from dealer_trainer.showdown import Pot, award, hand_category, hand_strength, odd_chip_seats
from dealer_trainer.training.drill.scripted import dealing_order

__all__ = ["KINDS", "HandsItem", "hands_item", "hands_items"]

#: every kind of close call, in the order they come round
KINDS = ("kicker", "counterfeit", "board_plays", "flush_over_flush", "wheel")
#: the rules the answer rests on: cards speak (TDA24 12), the odd chip (TDA24 20)
RULE = "TDA24 12"
_TRIES = 500
_WHEEL = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandsItem:
    """One hand-reading question: the board, the tabled hands, the pot; the engine's award."""

    kind: str
    board: tuple[Card, ...]
    hands: Mapping[int, tuple[Card, Card]] = field(hash=False)
    button: int
    pot: int
    winners: tuple[int, ...]
    #: the chips each winner takes (the split, odd chip included)
    shares: Mapping[int, int] = field(hash=False)
    #: the seat that takes the odd chip (None when the pot splits evenly or is not split)
    odd_chip: int | None
    #: each seat's best hand in words (``flush``, ``two pair`` ...)
    categories: Mapping[int, str] = field(hash=False)

    @property
    def question(self) -> str:
        """The question in words."""
        hands = "; ".join(
            f"seat {seat} {' '.join(card.text for card in cards)}"
            for seat, cards in sorted(self.hands.items())
        )
        board = " ".join(card.text for card in self.board)
        return (
            f"The board is {board}; the button is on seat {self.button}; the pot is {self.pot}. "
            f"Tabled: {hands}. Which seat wins (name every seat of a split pot)?"
        )

    def to_dict(self) -> dict[str, Any]:
        """The item as ``drill hands --print --json`` writes it."""
        return {
            "kind": self.kind,
            "question": self.question,
            "board": [card.text for card in self.board],
            "hands": {str(s): [c.text for c in cards] for s, cards in sorted(self.hands.items())},
            "button": self.button,
            "pot": self.pot,
            "answer": {"winners": sorted(self.winners)},
            "shares": {str(seat): chips for seat, chips in sorted(self.shares.items())},
            "odd_chip": self.odd_chip,
            "categories": {str(s): words for s, words in sorted(self.categories.items())},
            "rule": RULE,
        }


def hands_items(count: int, seed: int, kinds: tuple[str, ...] = KINDS) -> list[HandsItem]:
    """``count`` items, the kinds in turn from a random start; the same seed, the same items."""
    rng = random.Random(seed)
    start = rng.randrange(len(kinds))
    return [hands_item(kinds[(start + i) % len(kinds)], rng) for i in range(count)]


def hands_item(kind: str, rng: random.Random) -> HandsItem:
    """One item of ``kind``: dealt until the deal is the close call asked for."""
    deal, close = _DEALS[kind]
    for _ in range(_TRIES):
        seats = sorted(rng.sample(range(1, 10), rng.randint(2, 4)))
        dealt = deal(rng, len(seats))
        if dealt is None:
            continue
        board, holes = dealt
        hands = dict(zip(seats, holes, strict=True))
        if close(board, hands):
            return _settled(kind, board, hands, rng.choice(seats), rng.randint(5, 400))
    raise InvariantError(f"no {kind} deal came out of {_TRIES} tries")  # pragma: no cover


def _settled(
    kind: str,
    board: tuple[Card, ...],
    hands: dict[int, tuple[Card, Card]],
    button: int,
    pot: int,
) -> HandsItem:
    """The engine's award of ``pot`` among the tabled ``hands``."""
    order = dealing_order(list(hands), button)
    strengths = {seat: hand_strength([*board, *cards]) for seat, cards in hands.items()}
    (settled,), won = award([Pot(pot, tuple(order))], strengths, order)
    odd = odd_chip_seats(pot, settled.winners)
    return HandsItem(
        kind=kind,
        board=board,
        hands=hands,
        button=button,
        pot=pot,
        winners=settled.winners,
        shares=won,
        odd_chip=odd[0] if odd else None,
        categories={seat: hand_category([*board, *cards]) for seat, cards in hands.items()},
    )


# --- the deals ---------------------------------------------------------------------------------

Holes = list[tuple[Card, Card]]
Deal = tuple[tuple[Card, ...], Holes]


def _shuffled(rng: random.Random) -> list[Card]:
    deck = list(STANDARD_DECK)
    rng.shuffle(deck)
    return deck


def _take(deck: list[Card], wanted: Callable[[Card], bool]) -> Card | None:
    for i, card in enumerate(deck):
        if wanted(card):
            return deck.pop(i)
    return None


def _of_rank(deck: list[Card], rank: Rank) -> Card | None:
    return _take(deck, lambda card: card.rank is rank)


def _rest(deck: list[Card], holes: Holes, players: int) -> Holes:
    while len(holes) < players:
        holes.append((deck.pop(), deck.pop()))
    return holes


def _kicker(rng: random.Random, players: int) -> Deal | None:
    deck = _shuffled(rng)
    board = tuple(deck.pop() for _ in range(5))
    rank = rng.choice(board).rank
    holes: Holes = []
    for _ in range(2):
        paired = _take(deck, lambda c: c.rank is rank)
        kicker = deck.pop()
        if paired is None:
            return None
        holes.append((paired, kicker))
    rng.shuffle(holes)
    return board, _rest(deck, holes, players)


def _counterfeit(rng: random.Random, players: int) -> Deal | None:
    deck = _shuffled(rng)
    low = rng.sample(list(Rank), 2)
    pairs = [_of_rank(deck, r) for r in low for _ in range(2)]
    if any(card is None for card in pairs):
        return None
    board = [card for card in pairs if card is not None] + [deck.pop()]
    rng.shuffle(board)
    holes: Holes = [(deck.pop(), deck.pop()) for _ in range(players)]
    return tuple(board), holes


def _board_plays(rng: random.Random, players: int) -> Deal | None:
    deck = _shuffled(rng)
    start = rng.randint(0, 8)  # five ranks in a row on the board
    ranks = list(Rank)[start : start + 5]
    board = [_of_rank(deck, r) for r in ranks]
    if any(card is None for card in board):
        return None
    cards = [card for card in board if card is not None]
    rng.shuffle(cards)
    holes: Holes = [(deck.pop(), deck.pop()) for _ in range(players)]
    return tuple(cards), holes


def _flush_over_flush(rng: random.Random, players: int) -> Deal | None:
    deck = _shuffled(rng)
    suit = rng.choice(list(Suit))
    board = [_take(deck, lambda c: c.suit is suit) for _ in range(3)]
    board += [deck.pop(), deck.pop()]
    holes: Holes = []
    for _ in range(2):
        first = _take(deck, lambda c: c.suit is suit)
        second = _take(deck, lambda c: c.suit is suit) if rng.random() < 0.6 else deck.pop()
        if first is None or second is None:
            return None
        holes.append((first, second))
    cards = [card for card in board if card is not None]
    if len(cards) != 5:
        return None
    rng.shuffle(cards)
    return tuple(cards), _rest(deck, holes, players)


def _wheel(rng: random.Random, players: int) -> Deal | None:
    deck = _shuffled(rng)
    ranks = list(_WHEEL)
    rng.shuffle(ranks)
    board = [_of_rank(deck, r) for r in ranks[:3]]
    board += [deck.pop(), deck.pop()]
    wheel_a = _take(deck, lambda c: c.rank is ranks[3])
    wheel_b = _take(deck, lambda c: c.rank is ranks[4])
    six = _take(deck, lambda c: c.rank is Rank.SIX)
    cards = [card for card in board if card is not None]
    if len(cards) != 5 or wheel_a is None or wheel_b is None or six is None:
        return None
    holes: Holes = [(wheel_a, wheel_b), (six, deck.pop())]
    rng.shuffle(cards)
    rng.shuffle(holes)
    return tuple(cards), _rest(deck, holes, players)


def _strengths(board: tuple[Card, ...], hands: Mapping[int, tuple[Card, Card]]) -> list[int]:
    return sorted((hand_strength([*board, *cards]) for cards in hands.values()), reverse=True)


def _near(board: tuple[Card, ...], hands: Mapping[int, tuple[Card, Card]]) -> bool:
    """The two best hands are of one category (a close call)."""
    categories = sorted(
        (hand_strength([*board, *cards]), hand_category([*board, *cards]))
        for cards in hands.values()
    )
    return categories[-1][1] == categories[-2][1]


def _board_best(board: tuple[Card, ...], hands: Mapping[int, tuple[Card, Card]]) -> bool:
    """The board itself is the best hand, for two players or more: a split."""
    top = _strengths(board, hands)
    return top[0] == top[1] == hand_strength(board)


def _two_flushes(board: tuple[Card, ...], hands: Mapping[int, tuple[Card, Card]]) -> bool:
    flushes = [c for c in hands.values() if hand_category([*board, *c]) == "flush"]
    return len(flushes) >= 2


def _a_wheel(board: tuple[Card, ...], hands: Mapping[int, tuple[Card, Card]]) -> bool:
    categories = [hand_category([*board, *cards]) for cards in hands.values()]
    return categories.count("straight") >= 1 and _near(board, hands)


_DEALS: dict[
    str,
    tuple[
        Callable[[random.Random, int], Deal | None],
        Callable[[tuple[Card, ...], Mapping[int, tuple[Card, Card]]], bool],
    ],
] = {
    "kicker": (_kicker, _near),
    "counterfeit": (_counterfeit, _near),
    "board_plays": (_board_plays, _board_best),
    "flush_over_flush": (_flush_over_flush, _two_flushes),
    "wheel": (_wheel, _a_wheel),
}
