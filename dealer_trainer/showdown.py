"""Showdown: hand ranking, pots and side pots, awarding pots, and the order hands are shown.

Hands are ranked by :mod:`phevaluator` (cards speak, TDA24 12: the best five of the seven cards
wins, whatever a player announces). :func:`hand_strength` turns its rank (lower is better,
1 = royal flush, 7462 = the worst high card) into a strength where HIGHER is better.

Chips are settled in three steps:

1. :func:`build_pots` splits the chips each seat put in into a main pot and side pots (RRoP
   showdown: a player all in can win only what each opponent matched of his own chips) and
   finds the chips that nobody matched, which go back to the seat that bet them;
2. :func:`award` gives each pot to the best hand among its eligible seats, splitting ties with
   the odd chips to the first winner left of the button (TDA24 20), or
   :func:`award_uncontested` when everyone else folded;
3. :func:`showdown_order` says who must show first (TDA24 17-A; with side pots, RRoP Showdown 7).

Seats are plain ints. ``order`` is always the seats clockwise starting left of the button (the
button last); it fixes the order of eligible seats, of winners and of odd chips.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from dealer_trainer.cards import STANDARD_DECK, Card, Rank
from dealer_trainer.errors import InvariantError

try:  # the native evaluators, without phevaluator's per-card argument conversion (4x faster)
    from phevaluator._pheval import (
        evaluate_5cards as _phe5,
    )
    from phevaluator._pheval import (
        evaluate_6cards as _phe6,
    )
    from phevaluator._pheval import (
        evaluate_7cards as _phe7,
    )
except ImportError:  # pragma: no cover - a phevaluator without the extension module
    from phevaluator.evaluator import (
        evaluate_5cards as _phe5,
    )
    from phevaluator.evaluator import (
        evaluate_6cards as _phe6,
    )
    from phevaluator.evaluator import (
        evaluate_7cards as _phe7,
    )

__all__ = [
    "CATEGORIES",
    "Pot",
    "award",
    "award_uncontested",
    "best_five",
    "build_pots",
    "hand_category",
    "hand_strength",
    "showdown_order",
]

#: phevaluator's id of each card, indexed by :attr:`Card.index` (rank * 4 + suit, c d h s)
_PHE_ID: tuple[int, ...] = tuple(card.rank.index * 4 + card.suit.index for card in STANDARD_DECK)

#: the evaluator for 5, 6 and 7 cards, indexed by the number of cards
_EVALUATORS: tuple[Callable[..., int] | None, ...] = (None,) * 5 + (_phe5, _phe6, _phe7)

#: one more than phevaluator's worst rank, so that a strength is 1 (7-5-4-3-2) .. 7462 (royal)
_WORST_RANK_PLUS_ONE = 7463

#: the hand categories, best first
CATEGORIES: tuple[str, ...] = (
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "one pair",
    "high card",
)

#: phevaluator's worst (highest) rank in each category, in the order of :data:`CATEGORIES`
_CATEGORY_WORST_RANK: tuple[int, ...] = (10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462)


def hand_strength(cards: Sequence[Card]) -> int:
    """The strength of the best five of ``cards`` (5 to 7 distinct cards); HIGHER is better.

    Cards speak (TDA24 12): every card counts, whatever the player announced. Strengths run
    from 1 (7-5-4-3-2 offsuit) to 7462 (royal flush); equal strengths are a tie (suits never
    break ties). Duplicate cards are not checked. Raises :class:`ValueError` for fewer than 5 or
    more than 7 cards.
    """
    count = len(cards)
    evaluate = _EVALUATORS[count] if count < len(_EVALUATORS) else None
    if evaluate is None:
        raise ValueError(f"a poker hand is ranked from 5 to 7 cards, not {count}")
    return _WORST_RANK_PLUS_ONE - evaluate(*[_PHE_ID[card.index] for card in cards])


def hand_category(cards: Sequence[Card]) -> str:
    """The category of the best five of ``cards`` (5 to 7 cards): ``"full house"``, ...

    One of :data:`CATEGORIES`; cards speak (TDA24 12).
    """
    rank = _WORST_RANK_PLUS_ONE - hand_strength(cards)
    for category, worst in zip(CATEGORIES, _CATEGORY_WORST_RANK, strict=True):
        if rank <= worst:
            return category
    raise InvariantError(f"phevaluator ranked a hand {rank}, beyond its worst rank")  # unreachable


def best_five(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The best five cards among 5 to 7 cards, in display order (cards speak, TDA24 12).

    Display order: the cards of the largest group first (quads, then trips, then pairs), higher
    ranks first within equal groups, and the ace last in a five-high straight (5-4-3-2-A). When
    two choices of five are equally strong (the same ranks in other suits), the one found first
    among the cards as given is returned.
    """
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a poker hand is chosen from 5 to 7 cards, not {len(cards)}")
    best = max(combinations(cards, 5), key=hand_strength)
    counts: dict[Rank, int] = {}
    for card in best:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    ranks = {card.rank.index for card in best}
    wheel = ranks == {12, 0, 1, 2, 3}

    def display_key(card: Card) -> tuple[int, int]:
        rank = card.rank.index
        if wheel and rank == 12:
            rank = -1
        return (-counts[card.rank], -rank)

    return tuple(sorted(best, key=display_key))


@dataclass(frozen=True, slots=True)
class Pot:
    """A main or side pot: its chips, the seats that can win it, and (once awarded) its winners.

    ``eligible`` and ``winners`` are in dealing order (the first seat left of the button first).
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()


def _positions(order: Sequence[int]) -> dict[int, int]:
    return {seat: i for i, seat in enumerate(order)}


def _position(positions: Mapping[int, int], seat: int) -> int:
    try:
        return positions[seat]
    except KeyError:
        raise InvariantError(f"seat {seat} is not in the dealing order") from None


def build_pots(
    contributed: Mapping[int, int],
    folded: Collection[int],
    order: Sequence[int],
    dead: int = 0,
) -> tuple[list[Pot], dict[int, int]]:
    """Split the chips put in during a hand into the main pot and side pots (RRoP showdown).

    ``contributed`` is every chip each seat put in during the hand, folded seats included;
    ``order`` the seats clockwise from the first seat left of the button.

    Returns ``(pots, uncalled)``: the main pot first, then the side pots in the order they
    formed, and the chips that no other seat matched, by seat (they are returned to that seat;
    they are never a pot, so a seat is never "awarded" its own unmatched bet).

    Rules followed:

    * a player can win from each opponent only as much as he put in himself: the levels are the
      distinct contributions of the seats still in the hand, and each pot takes from every seat
      (folded ones too) what it put in between the previous level and this one;
    * folded seats' chips stay in the pots they reached, but a folded seat is never eligible;
    * the part of the largest contribution that no other seat (folded or not) matched is
      uncalled and goes back; chips a folded seat put in above every live seat's contribution
      (impossible in a well-formed hand) go into the last pot;
    * consecutive pots with the same eligible seats are one pot; empty pots are dropped;
    * ``dead`` chips (a big blind ante: TDA RP-11) are in the main pot, which every live hand
      can win.

    Raises :class:`InvariantError` for a negative contribution, a contributing seat missing
    from ``order``, or chips in the pot with every seat folded.
    """
    positions = _positions(order)
    for seat, amount in contributed.items():
        if amount < 0:
            raise InvariantError(f"seat {seat} put in a negative amount ({amount})")
        _position(positions, seat)
    seats = sorted(contributed, key=positions.__getitem__)
    live = [seat for seat in seats if seat not in folded]
    chips = {seat: contributed[seat] for seat in seats}
    uncalled: dict[int, int] = {}

    if not live:
        if any(chips.values()):
            raise InvariantError("every seat folded, so nobody can win the chips in the pot")
        return [], uncalled

    # The unmatched part of the largest contribution, if a live seat made it.
    top = max(live, key=chips.__getitem__)
    others = [chips[seat] for seat in seats if seat != top]
    matched = max(others, default=0)
    if chips[top] > matched:
        uncalled[top] = chips[top] - matched
        chips[top] = matched

    levels = sorted({chips[seat] for seat in live if chips[seat] > 0})
    pots: list[Pot] = []
    if not levels:
        # No live seat put a chip in (impossible in a well-formed hand): one pot for them all.
        total = sum(chips.values()) + dead
        if total:
            pots.append(Pot(total, tuple(live)))
        return pots, uncalled

    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in chips.values())
        eligible = tuple(seat for seat in live if chips[seat] >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
        previous = level
    overflow = sum(max(0, c - previous) for c in chips.values())
    if overflow:
        pots[-1] = Pot(pots[-1].amount + overflow, pots[-1].eligible)
    if dead:
        pots[0] = Pot(pots[0].amount + dead, tuple(live))
    return pots, uncalled


def odd_chip_seats(amount: int, winners: Sequence[int]) -> tuple[int, ...]:
    """The seats that get an odd chip when ``amount`` is split among ``winners`` (in dealing
    order): one each, the first winners left of the button first (TDA24 20).
    """
    return tuple(winners[: amount % len(winners)])


def _share(amount: int, winners: Sequence[int], won: dict[int, int]) -> None:
    """Split ``amount`` among ``winners`` (in dealing order); see :func:`odd_chip_seats`."""
    share = amount // len(winners)
    odd = odd_chip_seats(amount, winners)
    for seat in winners:
        won[seat] = won.get(seat, 0) + share + (1 if seat in odd else 0)


def award(
    pots: Sequence[Pot], strengths: Mapping[int, int], order: Sequence[int]
) -> tuple[list[Pot], dict[int, int]]:
    """Give each pot to the best hand among its eligible seats (RRoP showdown, TDA24 12, 20).

    ``strengths`` holds the :func:`hand_strength` of each seat still contending (its hand
    shown, cards speak: TDA24 12); an eligible seat missing from it (mucked) cannot win.

    * Each pot is settled on its own: its winners are the contending eligible seats with the
      highest strength (a short all-in can win the main pot and lose nothing else).
    * A tie splits the pot: each winner gets ``amount // n`` and the odd chips go one at a time
      to the winners in dealing order, starting from the first seat left of the button
      (TDA24 20).
    * If no eligible seat of a pot contends (all mucked, which a well-formed hand never
      allows), the pot goes to its eligible seat first in ``order``.

    Returns ``(pots, won)``: the pots with ``winners`` filled in (in dealing order) and the
    chips each winning seat takes, over all pots. Raises :class:`InvariantError` for a pot with
    no eligible seat or a seat missing from ``order``.
    """
    positions = _positions(order)
    won: dict[int, int] = {}
    settled: list[Pot] = []
    for pot in pots:
        if not pot.eligible:
            raise InvariantError(f"a pot of {pot.amount} has no eligible seat")
        eligible = sorted(pot.eligible, key=lambda seat: _position(positions, seat))
        contenders = [seat for seat in eligible if seat in strengths]
        if contenders:
            best = max(strengths[seat] for seat in contenders)
            winners = [seat for seat in contenders if strengths[seat] == best]
        else:
            winners = eligible[:1]
        _share(pot.amount, winners, won)
        settled.append(replace(pot, winners=tuple(winners)))
    return settled, won


def award_uncontested(
    pots: Sequence[Pot], uncalled: Mapping[int, int], winner: int
) -> tuple[list[Pot], dict[int, int]]:
    """Everyone else folded: ``winner`` takes every pot without showing (RRoP showdown).

    ``uncalled`` (from :func:`build_pots`) is not a pot and is not counted in ``won``; it is
    only checked: with one seat left, only that seat can have unmatched chips. Returns
    ``(pots, won)`` with every pot's ``winners`` set to ``(winner,)`` and ``won`` =
    ``{winner: total of the pots}``. Raises :class:`InvariantError` if another seat has
    uncalled chips.
    """
    for seat, chips in uncalled.items():
        if seat != winner and chips:
            raise InvariantError(
                f"seat {seat} has {chips} uncalled chips but seat {winner} won uncontested"
            )
    settled = [replace(pot, winners=(winner,)) for pot in pots]
    return settled, {winner: sum(pot.amount for pot in pots)}


def showdown_order(
    live: Sequence[int],
    last_aggressor: int | None,
    order: Sequence[int],
    pots: Sequence[Pot] = (),
) -> list[int]:
    """The order in which the live seats show their hands (TDA24 17-A; RRoP Showdown 7).

    The last aggressor of the final betting round shows first if still live; with no bet on
    that round (or the aggressor gone), the first live seat left of the button shows first.
    The others follow clockwise (along ``order``, wrapping). With side pots (``pots``, from
    :func:`build_pots`), the players in a side pot show before a player all-in for less: the
    seats eligible for more pots first, each group in that order (RRoP Showdown 7, LA26 149;
    the pots are awarded in the same order, the last side pot first). Returns every live seat
    once. Raises :class:`InvariantError` for a live seat missing from ``order``.
    """
    positions = _positions(order)
    seats = sorted(set(live), key=lambda seat: _position(positions, seat))
    if last_aggressor in seats:
        start = seats.index(last_aggressor)
        seats = seats[start:] + seats[:start]
    if len(pots) > 1:
        depth = {seat: sum(seat in pot.eligible for pot in pots) for seat in seats}
        seats.sort(key=lambda seat: -depth[seat])  # stable: each group keeps its order
    return seats
