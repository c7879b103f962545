"""The drill's table and its players: the hands the trainee deals.

A drill seats 2 to 9 players at a ten-seat table (blinds 1/2 no-limit, stacks of 200, a
random button). The players' decisions are the drill's own, seeded: mostly calls and checks,
now and then a fold, a bet or a raise; at the showdown each shows, or now and then mucks once a
hand has been shown (never where the ruleset tables every hand after an all-in, TDA24 16).
"""

from __future__ import annotations

import random

from dealer_trainer.betting import Action, Stakes, Structure
from dealer_trainer.errors import IllegalAction, InvariantError, Rejected
from dealer_trainer.procedure.events import Event, EventName
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.procedure.script import HandScript, TableSpec
from dealer_trainer.rules.rulesets import Ruleset

__all__ = [
    "BLINDS",
    "STACK",
    "action_words",
    "decide",
    "misplaced_button",
    "missed_blind",
    "new_table",
    "showdown_move",
    "straddle",
]

#: the table every drill plays at
SEATS = range(1, 11)
BLINDS = (1, 2)
STACK = 200
#: how many players a drill seats
PLAYERS = (2, 9)
#: how the players play: the chance to bet when they may check; to fold, and to raise, when
#: they face a bet (nobody raises a bet of RAISE_CAP big blinds or more); to muck at the
#: showdown once a hand has been shown
BET_CHANCE = 0.12
FOLD_CHANCE = 0.12
RAISE_CHANCE = 0.06
RAISE_CAP = 4
MUCK_CHANCE = 0.3
#: the share of hands where the player under the gun straddles, where the house allows it
STRADDLE_CHANCE = 0.1
#: the share of hands where a player comes back from a break owing both blinds (a cash game)
MISSED_BLIND_CHANCE = 0.08
#: the share of hands where the floor finds the button moved one seat too far (issue 25)
MISPLACED_BUTTON_CHANCE = 0.04
#: the actions a decision falls back to, in order, when its first choice is refused
_FALLBACK = (Action.CHECK, Action.CALL, Action.ALL_IN, Action.FOLD)


def new_table(rng: random.Random, ruleset: Ruleset) -> Hand:
    """A new table's first hand: random seats and button, shuffled by its own seed."""
    seats = sorted(rng.sample(list(SEATS), rng.randint(*PLAYERS)))
    button = rng.choice(seats)
    table = TableSpec(
        stacks=tuple((seat, STACK) for seat in seats),
        button=button,
        stakes=Stakes(Structure.NO_LIMIT, *BLINDS),
        ruleset=ruleset,
    )
    return Hand(HandScript(table=table, deck=None, seed=rng.randrange(2**31), events=()))


def decide(hand: Hand, rng: random.Random) -> Event:
    """The decision of the player to act: mostly a check or a call; sometimes a fold, a bet or
    a raise."""
    betting = hand.betting
    if betting is None or betting.to_act is None:
        raise InvariantError("nobody is to act")
    seat = betting.to_act
    legal = betting.legal_actions(seat)
    roll = rng.random()
    wanted: Action
    if Action.CHECK in legal:
        wanted = Action.BET if roll < BET_CHANCE else Action.CHECK
    elif roll < FOLD_CHANCE:
        wanted = Action.FOLD
    elif roll < FOLD_CHANCE + RAISE_CHANCE and betting.current_bet < RAISE_CAP * BLINDS[1]:
        wanted = Action.RAISE
    else:
        wanted = Action.CALL
    for action in (wanted, *_FALLBACK):
        if action not in legal:
            continue
        amount = betting.min_raise_to() if action in (Action.BET, Action.RAISE) else None
        try:
            betting.verify(seat, action, amount)
        except IllegalAction:
            continue
        return Event(name=EventName.ACT, seat=seat, action=action, amount=amount)
    raise InvariantError(f"seat {seat} has no legal action among {legal}")


def action_words(seat: int, action: Action, put: int, amount: int | None) -> str:
    """A player's action as the drill tells it."""
    words = {
        Action.FOLD: "folds",
        Action.CHECK: "checks",
        Action.CALL: f"calls {put}",
        Action.BET: f"bets {amount}",
        Action.RAISE: f"raises to {amount}",
        Action.ALL_IN: f"is all in ({put} more)",
    }
    return f"Seat {seat} {words[action]}."


def straddle(hand: Hand, hand_number: int) -> int | None:
    """Now and then, right after the blinds, the player under the gun posts a live straddle,
    where the table's game and ruleset allow one (RRoP-BLD 4; LA26 22): the trainee then deals
    a hand where the action starts left of the straddle and the straddler acts last. Return
    the straddler's seat, or None.

    Its chance is drawn from the hand's table and number, not the drill's random numbers, so
    the players' other decisions and the dealer errors stay the same draws as before.
    """
    betting = hand.betting
    if betting is None or hand.spec.straddle == "none" or hand.dealt or betting.straddles:
        return None
    seed = hash((tuple(sorted(hand.table.stacks.items())), hand.table.button, hand_number))
    if random.Random(seed).random() >= STRADDLE_CHANCE:
        return None
    order = betting.order
    seat = order[(order.index(betting.blinds[1]) + 1) % len(order)]
    try:
        betting.verify_straddle(seat, None, button=hand.table.button)
    except IllegalAction:  # heads-up, or too short a stack
        return None
    return seat


def missed_blind(hand: Hand, hand_number: int) -> int | None:
    """Now and then, before a cash game's hand, a player comes back from a break owing both
    blinds and makes them up to be dealt in (RRoP-BLD 6; LA26 160): the big blind live, the
    small blind dead. The trainee then deals a hand with a third live 2 in front of the seat
    two left of the big blind and a dead 1 in the pot. Return the seat, or None.

    Drawn from the hand's table and number, as the straddle is, so the other draws stay.
    """
    players = hand.table.players()
    if hand.spec.game != "cash" or hand.betting is not None or len(players) < 5:
        return None
    seed = hash((hand_number, hand.table.button, tuple(sorted(hand.table.stacks.items())), 25))
    if random.Random(seed).random() >= MISSED_BLIND_CHANCE:
        return None
    seat = players[3]  # two seats left of the big blind: never a blind, never the button
    hand.owing[seat] = "both"
    try:
        hand.verify_post(Event(name=EventName.POST, seat=seat))
    except Rejected:  # too short a stack to make them up
        del hand.owing[seat]
        return None
    return seat


def misplaced_button(hand: Hand, hand_number: int) -> int | None:
    """Now and then, right after the blinds, a player points out that the button was moved one
    seat too far, and the floor agrees (RRoP-MD(g), TDA24 34-A): the trainee then puts it right
    with the misdeal's steps. Return the seat the button belongs on, or None.

    Drawn from the hand's table and number, as :func:`straddle` is, so the drill's other draws
    stay as they were; never heads-up, where the button is also the small blind.
    """
    if hand.betting is None or hand.dealt or hand.state != "dealing":
        return None
    seed = hash((tuple(sorted(hand.table.stacks.items())), hand.table.button, hand_number, 34))
    if random.Random(seed).random() >= MISPLACED_BUTTON_CHANCE:
        return None
    others = [seat for seat in hand.order if seat != hand.table.button]
    return others[-1] if len(others) >= 2 else None


def showdown_move(hand: Hand, rng: random.Random) -> Event:
    """At the showdown, the next seat in the showing order shows (or now and then mucks, where
    the ruleset lets a hand be mucked unshown: not after an all-in under TDA24 16)."""
    decided = hand.shown | hand.mucked | hand.declared
    seat = next(seat for seat in hand.showing_order() if seat not in decided)
    if hand.shown and rng.random() < MUCK_CHANCE and not hand.hands_must_be_tabled():
        return Event(name=EventName.MUCK, seat=seat)
    return Event(name=EventName.SHOW, seat=seat)
