"""The facts of the table a fact or number question may ask, and how the engine answers each
at the end of a scenario's setup."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from dealer_trainer.betting import Action
from dealer_trainer.engine import play
from dealer_trainer.procedure.cash_pots import run_share
from dealer_trainer.procedure.events import Event, EventName
from dealer_trainer.showdown import odd_chip_seats

if TYPE_CHECKING:
    from dealer_trainer.procedure.hand import Hand
    from dealer_trainer.scenario.model import Scenario

#: what each fact's value is: a number, a seat (or null), seats, true/false (next_step: text)
FACT_ANSWERS: dict[str, str] = {
    "to_act": "seat",
    "next_card_to": "seat",
    "burns": "count",
    "board_cards": "count",
    "pot": "count",
    "pots": "count",
    "max_bet": "amount",
    "min_bet": "amount",
    "main_pot": "count",
    "side_pot": "amount",
    "to_call": "amount",
    "winners": "seats",
    "odd_chip": "seat",
    "showdown_first": "seat",
    "misdeal": "yes/no",
    "new_deck": "yes/no",
    "kill_due": "seat",
    "next_button": "seat",
    "change_owed": "amount",
    "change_over": "amount",
    "first_board_share": "amount",
}


def _odd_chip(hand: Hand) -> int | None:
    """The seat that gets a split pot's (first) odd chip; a board run more than once: the first
    board's, which takes the first odd chip of every pot (LA26 187)."""
    if hand.run_pots:
        for pot, first in zip(hand.current_pots(), hand.run_pots[0], strict=True):
            if pot.amount % hand.runs and first.winners:
                return (odd_chip_seats(first.amount, first.winners) or first.winners)[0]
        return None
    for pot in hand.current_pots():
        if pot.winners and (odd := odd_chip_seats(pot.amount, pot.winners)):
            return odd[0]
    return None


def _first_board_share(hand: Hand) -> int | None:
    """A board run twice or three times: the main pot's chips the first board wins, an equal
    share with the first odd chip (LA26 187); None: the board is run once."""
    pots = hand.current_pots()
    return run_share(pots[0].amount, hand.runs, 0) if hand.runs > 1 and pots else None


def _max_bet(hand: Hand) -> int | None:
    """The largest total the player to act may put in: a raise's most, or the call when the
    betting is capped (a bet and three raises in limit) or the floor bars the seat from
    betting or raising on this turn (a check or call out of turn made void, RRoP Betting 11; a
    skipped player silent through substantial action out of turn, TDA24 53-B)."""
    betting, seat = hand.betting, hand.to_act
    if betting is None or seat is None:
        return None
    raising = {Action.BET, Action.RAISE} & set(betting.legal_actions(seat))
    if raising and seat not in hand.no_raise:
        return betting.max_raise_to()
    return min(betting.current_bet, betting.bets[seat] + betting.stacks[seat])


def _to_call(hand: Hand) -> int | None:
    """The chips the player to act must add to call (all in: what is left behind)."""
    betting, seat = hand.betting, hand.to_act
    if betting is None or seat is None:
        return None
    return min(betting.current_bet - betting.bets[seat], betting.stacks[seat])


def _pot_amount(index: int) -> Callable[[Hand], int | None]:
    """The amount of pot ``index`` (0: the main pot, 1: the first side pot); None: no such pot."""

    def amount(hand: Hand) -> int | None:
        pots = hand.current_pots()
        return pots[index].amount if len(pots) > index else None

    return amount


def _next_card_to(hand: Hand) -> int | None:
    return hand.seat_to_deal() if hand.state == "dealing" else None


#: fact name -> (what it means, how the engine answers it)
FACTS: dict[str, tuple[str, Callable[[Hand], Any]]] = {
    "to_act": ("the seat whose turn it is to act (null: nobody)", lambda hand: hand.to_act),
    "next_card_to": ("the seat the next hole card goes to", _next_card_to),
    "burns": ("how many burn cards are on the table", lambda hand: len(hand.table.burns)),
    "board_cards": ("how many cards are on the board", lambda hand: len(hand.table.board)),
    "pot": (
        "the chips in the middle, all pots together",
        lambda hand: sum(p.amount for p in hand.current_pots()),
    ),
    "pots": (
        "how many pots there are (main pot and side pots)",
        lambda hand: len(hand.current_pots()),
    ),
    "winners": (
        "the seats that won chips",
        lambda hand: sorted(s for s, won in hand.won.items() if won),
    ),
    "odd_chip": ("the seat that gets the odd chip of a split pot", _odd_chip),
    "showdown_first": (
        "the seat that shows first at the showdown",
        lambda hand: next(iter(hand.showing_order()), None),
    ),
    "next_step": (
        "the dealer's next step (any the procedure allows)",
        lambda hand: hand.expected_next(),
    ),
    "misdeal": ("whether a misdeal was called", lambda hand: hand.misdeals > 0),
    "kill_due": (
        "the seat that must post the kill blind on the next hand, once this pot is awarded "
        "(on this hand, before it is); null: nobody, or no kill pots at this table",
        lambda hand: hand.kill_due(),
    ),
    "next_button": (
        "the seat that will have the button on the next hand, once this hand is over",
        lambda hand: hand.next_positions()[0],
    ),
    "new_deck": (
        "whether a new deck came in (a deck change the rules allow, between hands)",
        lambda hand: hand.new_decks > 0,
    ),
    "min_bet": (
        "the smallest total the player to act may bet or raise to (null: nobody to act)",
        lambda hand: (
            None if hand.betting is None or hand.to_act is None else hand.betting.min_raise_to()
        ),
    ),
    "max_bet": (
        "the largest total the player to act may bet or raise to (pot-limit: the pot; "
        "null: nobody to act)",
        lambda hand: _max_bet(hand),
    ),
    "main_pot": ("the main pot: the chips every live player can win", _pot_amount(0)),
    "side_pot": ("the first side pot (null: there is none)", _pot_amount(1)),
    "to_call": (
        "the chips the player to act must add to call (null: nobody to act)",
        _to_call,
    ),
    "change_owed": (
        "the chips the pot still owes players the dealer gave too little change (LA26 145)",
        lambda hand: sum(owed for owed in hand.change_owed().values() if owed > 0),
    ),
    "change_over": (
        "the chips players given too much change still owe the pot (LA26 145)",
        lambda hand: -sum(owed for owed in hand.change_owed().values() if owed < 0),
    ),
    "first_board_share": (
        "a board run twice or three times: the main pot's chips the first board wins (its "
        "equal share, with an odd chip where the pot does not divide; LA26 187); null: the "
        "board is run once",
        _first_board_share,
    ),
}
#: the facts a number question may ask: the amounts and counts (typed, not picked)
NUMBER_FACTS: tuple[str, ...] = tuple(
    name for name, shape in FACT_ANSWERS.items() if shape in ("count", "amount")
)
#: what a number fact counts: said in the prompt and in the error for a wrong entry
FACT_UNITS: dict[str, str] = {
    "burns": "cards",
    "board_cards": "cards",
    "pot": "chips",
    "pots": "chips",
    "max_bet": "chips",
    "min_bet": "chips",
    "main_pot": "chips",
    "side_pot": "chips",
    "to_call": "chips",
    "change_owed": "chips",
    "change_over": "chips",
    "first_board_share": "chips",
}


def fact_unit(fact: str | None) -> str:
    """The unit a number fact is typed in (chips where a fact names none)."""
    return FACT_UNITS.get(fact or "", "chips")


#: the facts that are the pot's award: asked before the pot is pushed, the engine answers what
#: the award will be
AWARD_FACTS = frozenset({"winners", "odd_chip", "pot", "pots", "main_pot", "side_pot"})
#: the procedure states a fact exists in (a fact not named here exists at every moment)
FACT_STATES: dict[str, frozenset[str]] = {
    "showdown_first": frozenset({"showdown"}),
    "winners": frozenset({"showdown", "hand_over"}),
    "odd_chip": frozenset({"showdown"}),
    "next_card_to": frozenset({"dealing"}),
    "next_button": frozenset({"hand_over"}),
}


def fact_value(scenario: Scenario, hand: Hand) -> Any:
    """The engine's value of a fact question's fact at the end of the setup. A winners, pot or
    odd-chip fact asked at the showdown, before the pot is pushed, is the award that will be
    made: every hand still undecided is tabled, in the showing order, and the pot awarded."""
    fact = scenario.question.fact
    assert fact is not None
    return FACTS[fact][1](fact_hand(scenario, hand))


def fact_hand(scenario: Scenario, hand: Hand) -> Hand:
    """The hand a fact is read from: itself, or for an award asked at the showdown before the
    pot is pushed, the hand played on to that award."""
    fact = scenario.question.fact
    if fact in AWARD_FACTS and hand.state == "showdown" and not hand.awarded:
        return _award(scenario, hand)
    return hand


def _award(scenario: Scenario, hand: Hand) -> Hand:
    """The hand played on to its award: every live hand not yet shown or mucked is tabled."""
    betting = hand.betting
    assert betting is not None
    decided = hand.shown | hand.mucked
    order = [seat for seat in hand.showing_order() if seat not in decided]
    order += [seat for seat in betting.live if seat not in decided and seat not in order]
    script = scenario.script
    start = len(script.events)
    more = tuple(
        Event(name=EventName.SHOW, index=start + i, seat=seat) for i, seat in enumerate(order)
    )
    done = play(replace(script, events=(*script.events, *more)))
    return done if done.awarded and not done.rejected else hand
