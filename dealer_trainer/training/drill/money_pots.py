"""Money items about the pot: the main and side pots with who is eligible, the uncalled bet,
the odd chip of a split pot and the house's rake (each the engine's own figure)."""

from __future__ import annotations

import random

from dealer_trainer.betting import Action
from dealer_trainer.cards import STANDARD_DECK, Card
from dealer_trainer.procedure.events import EventName
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.showdown import Pot, build_pots, hand_strength, odd_chip_seats
from dealer_trainer.training.drill.money_deal import (
    BLINDS,
    ODD_BLINDS,
    RAKES,
    RULES,
    MoneyItem,
    deal,
    deep_stacks,
    draw_seats,
    moment,
    random_action,
)
from dealer_trainer.training.drill.scripted import ScriptedHand

__all__ = ["odd_chip_item", "rake_item", "side_pots_item", "uncalled_item"]


def _all_ins(rng: random.Random, ruleset: Ruleset) -> ScriptedHand:
    """A hand where several players of different stacks go all in before the flop, some fold."""
    blinds = rng.choice(BLINDS)
    big = blinds[1]
    seats = draw_seats(rng, 3, 7)
    stacks = {seat: big * rng.randint(5, 80) + rng.randint(0, big - 1) for seat in seats}
    dealt = deal(rng, ruleset, stacks, blinds)
    betting = dealt.betting
    while betting.to_act is not None:
        seat = betting.to_act
        legal = betting.legal_actions(seat)
        roll = rng.random()
        if roll < 0.25 and betting.live_count > 2:
            dealt.act(seat, Action.FOLD)
        elif roll < 0.45 and Action.CALL in legal:
            dealt.act(seat, Action.CALL)
        elif Action.ALL_IN in legal:
            dealt.act(seat, Action.ALL_IN)
        else:
            dealt.act(seat, Action.CALL if Action.CALL in legal else Action.CHECK)
    return dealt


def _pots(dealt: ScriptedHand) -> tuple[list[Pot], dict[int, int]]:
    betting = dealt.betting
    return build_pots(betting.contributed, betting.folded, dealt.hand.order, betting.dead)


def side_pots_item(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    dealt = _all_ins(rng, ruleset)
    try:
        pots, _ = _pots(dealt)
        if len(pots) < 2 or not dealt.betting.betting_over:
            return None
        betting = dealt.betting
        question = (
            f"{moment(dealt)} The betting is over. Make the pots: how many chips are in each, "
            "the main pot first, then each side pot (any chips nobody matched go back first)?"
        )
        return MoneyItem(
            kind="side_pots",
            question=question,
            answer=tuple(pots),
            script=dealt.script(),
            rule=RULES["side_pots"],
            contributions=dict(sorted(betting.contributed.items())),
            folded=tuple(sorted(betting.folded)),
        )
    finally:
        dealt.close()


def uncalled_item(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    dealt = _all_ins(rng, ruleset)
    try:
        _, uncalled = _pots(dealt)
        betting = dealt.betting
        if not betting.betting_over:  # players with chips left: the pots are not made yet
            return None
        if uncalled:
            seat = next(iter(uncalled))
        elif rng.random() < 0.2:  # now and then nothing goes back
            seat = max(betting.live, key=lambda s: betting.contributed[s])
        else:
            return None
        question = (
            f"{moment(dealt)} The betting is over. How many of seat {seat}'s chips nobody "
            f"matched, so that they go back to seat {seat} before the pots are made?"
        )
        return MoneyItem(
            kind="uncalled",
            question=question,
            answer=uncalled.get(seat, 0),
            script=dealt.script(),
            rule=RULES["uncalled"],
            seat=seat,
            contributions=dict(sorted(betting.contributed.items())),
            folded=tuple(sorted(betting.folded)),
        )
    finally:
        dealt.close()


def _tied_cards(
    rng: random.Random, seats: list[int], folder: int
) -> tuple[dict[int, tuple[Card, Card]], list[Card]] | None:
    """Hole cards and a board where two of the seats besides ``folder`` tie for the best hand."""
    deck = list(STANDARD_DECK)
    rng.shuffle(deck)
    board, rest = deck[:5], deck[5:]
    first = rest.pop(), rest.pop()
    twins = [
        card
        for card in rest
        if card.rank in (first[0].rank, first[1].rank) and card.suit not in (c.suit for c in first)
    ]
    second = next((c for c in twins if c.rank is first[0].rank), None)
    third = next((c for c in twins if c.rank is first[1].rank and c is not second), None)
    if second is None or third is None or first[0].rank is first[1].rank:
        return None
    rest = [card for card in rest if card not in (second, third)]
    live = [seat for seat in seats if seat != folder]
    winners = rng.sample(live, 2)
    holes: dict[int, tuple[Card, Card]] = {winners[0]: first, winners[1]: (second, third)}
    for seat in seats:
        if seat not in holes:
            holes[seat] = (rest.pop(), rest.pop())
    strengths = {seat: hand_strength([*board, *holes[seat]]) for seat in live}
    best = max(strengths.values())
    if sorted(seat for seat in live if strengths[seat] == best) != sorted(winners):
        return None
    return holes, board


def odd_chip_item(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    blinds = rng.choice(ODD_BLINDS)
    seats = draw_seats(rng, 3, 5)
    button = rng.choice(seats)
    order = seats[seats.index(button) + 1 :] + seats[: seats.index(button) + 1]
    small = order[0]
    found = _tied_cards(rng, seats, small)
    if found is None:
        return None
    holes, board = found
    leftover = [
        c for c in STANDARD_DECK if c not in board and all(c not in h for h in holes.values())
    ]
    rng.shuffle(leftover)
    burns = leftover[:3]
    deck = [holes[s][0] for s in order] + [holes[s][1] for s in order]
    deck += [burns[0], *board[:3], burns[1], board[3], burns[2], board[4]]
    stacks = deep_stacks(rng, seats, blinds[1])
    dealt = deal(rng, ruleset, stacks, blinds, deck=deck, button=button)
    try:
        betting = dealt.betting
        raised = rng.random() < 0.5
        while betting.to_act is not None:
            seat = betting.to_act
            legal = betting.legal_actions(seat)
            if seat == small:
                dealt.act(seat, Action.FOLD)
            elif raised and betting.current_bet == blinds[1] and Action.RAISE in legal:
                dealt.act(seat, Action.RAISE, blinds[1] * rng.randint(2, 4))
            else:
                dealt.act(seat, Action.CALL if Action.CALL in legal else Action.CHECK)
        for _ in range(3):
            dealt.street()
            while betting.to_act is not None:
                dealt.act(betting.to_act, Action.CHECK)
        for seat in dealt.hand.showing_order():
            dealt.do(EventName.SHOW, seat=seat)
        pots = dealt.hand.pots
        if len(pots) != 1 or len(pots[0].winners) != 2 or not pots[0].amount % 2:
            return None
        pot = pots[0]
        odd = odd_chip_seats(pot.amount, pot.winners)[0]
        first, second = sorted(pot.winners)
        question = (
            f"{dealt.table_words()} Seats {first} and {second} split a pot of {pot.amount}. "
            "Which seat gets the odd chip?"
        )
        return MoneyItem(
            kind="odd_chip",
            question=question,
            answer=odd,
            script=dealt.script(),
            rule=RULES["odd_chip"],
        )
    finally:
        dealt.close()


def rake_item(rng: random.Random, ruleset: Ruleset) -> MoneyItem | None:
    rake = ruleset.rake or rng.choice(RAKES)
    blinds = rng.choice(BLINDS[:2])
    seats = draw_seats(rng, 3, 7)
    dealt = deal(rng, ruleset, deep_stacks(rng, seats, blinds[1]), blinds)
    try:
        betting = dealt.betting
        flop = rng.random() < 0.7
        if flop:  # everyone calls or raises, the flop comes, a bet takes it
            while betting.to_act is not None:
                random_action(dealt, rng, fold=0.1)
            if betting.live_count < 2:
                return None
            dealt.street()
            bettor = betting.to_act
            if bettor is None:
                return None
            most = betting.stacks[bettor]
            dealt.act(bettor, Action.BET, min(most, blinds[1] * rng.randint(1, 8)))
        else:  # a raise before the flop takes it
            seat = betting.to_act
            assert seat is not None
            dealt.act(seat, Action.RAISE, blinds[1] * rng.randint(2, 5))
        while betting.to_act is not None:
            dealt.act(betting.to_act, Action.FOLD)
        if not dealt.hand.hand_over:  # an all-in player is still in: no one takes it yet
            return None
        pot = sum(p.amount for p in dealt.hand.pots)
        winner = dealt.hand.pots[0].winners[0]
        when = "after the flop" if flop else "before the flop"
        question = (
            f"{moment(dealt)} The hand ends {when}: seat {winner} takes a pot of {pot}. "
            f"The room's rake is {rake.describe()}. How many chips does the house take?"
        )
        return MoneyItem(
            kind="rake",
            question=question,
            answer=rake.take(pot, flop_dealt=bool(dealt.hand.table.board)),
            script=dealt.script(),
            rule=RULES["rake"],
            rake=rake,
        )
    finally:
        dealt.close()
