"""Dealer errors and recovery steps: the callbacks and conditions of the error and step rows.

The procedure table names them (``error=`` rows call the error callbacks, ``step=True`` rows the
recovery steps); :class:`~dealer_trainer.procedure.hand.Hand` binds each one as its method, so
the machine finds it on the model. Each takes the hand first. Conditions are pure; the callbacks
move cards, record an :class:`~dealer_trainer.procedure.recovery.Irregularity` and hand the
recovery the ruleset requires to the hand's :class:`~dealer_trainer.procedure.recovery.Recoveries`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from dealer_trainer.betting import Action, Ruling, Street
from dealer_trainer.cards import Card, shuffle
from dealer_trainer.errors import IllegalAction, Rejected
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.recovery import Irregularity, Recovery
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.showdown import Pot, odd_chip_seats

if TYPE_CHECKING:
    from dealer_trainer.procedure.hand import Hand

#: how many hole cards each player gets
HOLE_CARDS = 2
#: actions that put no chips in (for substantial action, TDA24 36)
NO_CHIPS = (Action.CHECK, Action.FOLD)
#: the street whose burn each burn state takes
_BURN_STREET = {"flop_burn": "flop", "turn_burn": "turn", "river_burn": "river"}
#: the street a burn taken during each betting round belongs to
_NEXT_STREET = {"preflop": "flop", "flop": "turn", "turn": "river"}


def irregular(
    hand: Hand,
    name: str,
    event: Event,
    *,
    cards: Sequence[Card] = (),
    seat: int | None = None,
    record: bool = True,
) -> None:
    """Record the dealer error ``name`` and start the recovery its rulebook requires."""
    found = situation(name)
    outcome = found.outcome(hand.ruleset)
    if record:
        hand.irregularities.append(Irregularity(found.kind, outcome.rule, event.index, name))
    if outcome.misdeal:
        if found.kind != "misdeal" or not record:
            hand.irregularities.append(Irregularity("misdeal", outcome.rule, event.index, name))
        hand.misdeals += 1
    hand.burned.difference_update(outcome.reburn)
    hand.burned.update(outcome.burned)
    steps = list(outcome.steps)
    hand.recovery.start(Recovery(found, outcome, event.index, steps, list(cards), seat))


# --- conditions of the error rows (pure) ---------------------------------------------------


def card_boxed(hand: Hand, event: Event) -> bool:
    return event.boxed


def card_exposed(hand: Hand, event: Event) -> bool:
    return event.exposed or event.dropped


def card_misdirected(hand: Hand, event: Event) -> bool:
    return event.to is not None and event.to != hand.seat_to_deal()


def no_action_yet(hand: Hand, *_: Any) -> bool:
    return hand.actions == 0


def error_unnoticed(hand: Hand, *_: Any) -> bool:
    return bool(hand.latent or hand.slips) or button_short(hand)


def misdeal_called(hand: Hand, *_: Any) -> bool:
    return hand.recovery.misdeal_called()


def burn_not_taken(hand: Hand, *_: Any) -> bool:
    return _NEXT_STREET[hand.state] not in hand.burned


def burn_on_table(hand: Hand, *_: Any) -> bool:
    return _BURN_STREET[hand.state] in hand.burned


def too_many_cards(hand: Hand, event: Event) -> bool:
    return event.cards is not None and event.cards > 3


# --- the deal's errors (RRoP-HE 1, 5; RRoP-IR 7; RRoP-MD; TDA24 34-36) ---------------------


def pitch_exposed(hand: Hand, event: Event) -> None:
    """A hole card dealt face up: a misdeal among the first cards or the second exposed."""
    off_the_deck = hand.dealt
    seat, card = hand.pitch_one()
    hand.exposed += 1
    hand.face_up.append(card)
    if off_the_deck < hand.ruleset.exposed_misdeal_cards:
        irregular(hand, "exposed_first_cards", event)
    elif hand.exposed > 1:
        irregular(hand, "exposed_two_cards", event)
    else:  # a card dropped off the table is an exposed card (RRoP-IR 12, LA26 123)
        name = "dropped_card" if event.dropped and not event.exposed else "exposed_other_card"
        irregular(hand, name, event, cards=[card], seat=seat)


def pitch_boxed(hand: Hand, event: Event) -> None:
    """A card found face up in the deck: replaced at once; a second one is a misdeal."""
    seat, card = hand.pitch_one()
    hand.boxed += 1
    hand.face_up.append(card)
    if hand.boxed > 1:
        irregular(hand, "boxed_cards", event)
    else:
        irregular(hand, "boxed_card", event, cards=[card], seat=seat)


def pitch_misdirected(hand: Hand, event: Event) -> None:
    """A card to a seat out of turn, or to a seat with no player in the hand: a misdeal, but
    for the button dealt two cards in a row where the ruleset allows it (TDA24 35-B)."""
    seat = event.to
    assert seat is not None
    if seat not in hand.order:
        card = hand.table.stub.pop(0)
        hand.table.set_aside.append(card)
        if event.unnoticed:  # the card lies at the empty seat; the deal goes on as due
            hand.stray.append(card)
            hand.latent.append(("empty_seat", event))
            return
        hand.dealt += 1
        irregular(hand, "empty_seat", event)
        return
    name = "wrong_first_seat" if hand.dealt == 0 else "missed_seat"
    button_last = _button_skipped(hand, seat)
    if button_last or _button_again(hand, seat):
        name = "button_two_cards"
    # the deal goes on clockwise from the wrong seat (the button, skipped, gets the last two)
    hand.offset = (hand.order.index(seat) - hand.dealt) % len(hand.order)
    hand.button_last = button_last
    hand.pitch_one(seat)
    if event.unnoticed and situation(name).outcome(hand.ruleset).misdeal:
        hand.latent.append((name, event))
        return
    irregular(hand, name, event)


def _button_again(hand: Hand, seat: int) -> bool:
    """The first card of the second round goes to the button, who just had the last card of
    the first: two cards in a row on the button."""
    players = len(hand.order)
    return seat == hand.order[-1] and hand.dealt == players and hand.offset == 0


def _button_skipped(hand: Hand, seat: int) -> bool:
    """The button's first card goes to the first seat instead (three players or more): the
    deal goes on round the table, and the button gets the last two cards in a row."""
    players = len(hand.order)
    due_button = hand.dealt == players - 1 and hand.offset == 0
    return players > HOLE_CARDS and due_button and seat == hand.order[0]


def pitch_extra(hand: Hand, event: Event) -> None:
    """A card pitched after every seat has its hand: an extra card (RRoP-HE 5)."""
    seat, card = hand.pitch_one()
    hand.extra += 1
    if event.unnoticed:
        hand.latent.append(("extra_card", event))
        return
    if hand.recovery.misdeal_pending():
        return  # already a misdeal: this card comes back with the others
    if hand.extra == 1:
        irregular(hand, "extra_card", event, cards=[card], seat=seat)
    else:  # two extra cards in a row are one error, a misdeal
        irregular(hand, "extra_cards", event, record=False)


def notice_error(hand: Hand, event: Event) -> None:
    """An error made unnoticed comes to light: a misdeal before substantial action; after
    it, the deal stands, and a hand with the wrong number of cards is dead.
    """
    if hand.slips:  # a board card dealt with a burn missed or doubled (LA26 169; TDA24 39-B)
        _notice_slips(hand, event)
    if button_short(hand):  # the button a card short (RRoP-MD(e); TDA24 37)
        _short_button_ruled(hand, event)
    if not hand.latent:
        return
    assert hand.betting is not None
    names = [name for name, _ in hand.latent]
    hand.latent.clear()
    holes = hand.table.holes
    live = hand.betting.live
    wrong = [seat for seat in live if len(holes[seat]) != HOLE_CARDS]
    if names == ["extra_card"] and hand.ruleset.extra_card == "burn":
        if not wrong:  # the hand that held it has folded: the card went with it
            rule = situation("extra_card").outcome(hand.ruleset).rule
            hand.irregularities.append(Irregularity("extra_card", rule, event.index, "extra_card"))
            return
        seat = wrong[0]
        irregular(hand, "extra_card", event, cards=[holes[seat][-1]], seat=seat)
        return  # RRoP-HE 5: the extra card is the burn card whenever it is found
    if not substantial_action(hand) or len(wrong) == len(live):
        # early enough for a misdeal (or no hand is left to play: nothing else can be done)
        extra = names.count("extra_card")
        name = names[0] if not extra else "extra_card" if extra == 1 else "extra_cards"
        irregular(hand, name, event)
        return
    if "empty_seat" in names:  # too late for a misdeal: the cards at the empty seat are dead
        for card in hand.stray:
            hand.table.set_aside.remove(card)
            hand.table.muck.append(card)
        hand.stray.clear()
        irregular(hand, "late_empty_seat", event)
        names = [name for name in names if name != "empty_seat"]
        if not names:
            return
    if not wrong:
        irregular(hand, "late_wrong_seat", event)
        return
    irregular(hand, "late_wrong_count", event)
    for seat in wrong:
        hand.betting.kill(seat)
        hand.table.to_muck(seat)


def substantial_action(hand: Hand) -> bool:
    """Has the misdeal window closed? RRoP: two players after the blinds have acted;
    TDA24 36: two actions in turn, one of them putting chips in, or any three actions.
    """
    chips_in = hand.chips_in
    if hand.ruleset.substantial_action == "two_players":
        return len(chips_in) >= 2
    return _tda_substantial(chips_in)


# --- the recovery steps -------------------------------------------------------------------


def replace_card(hand: Hand, event: Event) -> None:
    """The player gets the top card of the stub in place of the exposed or boxed card."""
    recovery = hand.recovery.pending[0]
    seat = recovery.seat
    if seat is None:  # a board card or a burn (boxed, shown, or turned for a burn)
        _replace_on_board(hand, recovery)
        return
    hole = hand.table.holes[seat]
    card = recovery.cards[0]
    hole[hole.index(card)] = hand.table.stub.pop(0)
    if recovery.situation.name == "boxed_card":
        hand.table.set_aside.append(card)  # a scrap of paper, not a card of the hand
    else:
        hand.table.burns.append(card)  # the flop's burn card


def retrieve_cards(hand: Hand, event: Event) -> None:
    """Cards the error put out go back on top of the stub (every card, for a misdeal)."""
    recovery = hand.recovery.pending[0]
    table = hand.table
    if recovery.outcome.misdeal:
        back: list[Card] = []
        for zone in (table.board, table.burns, table.muck, table.set_aside):
            back.extend(zone)
            zone.clear()
        for seat in hand.order:
            back.extend(table.holes[seat])
            table.holes[seat].clear()
        table.stub[:0] = back
        # a hand voided at the showdown (a foul deck) leaves no claim behind
        hand.shown.clear()
        hand.mucked.clear()
        hand.declared.clear()
        hand.board_players.clear()
        assert hand.betting is not None
        if hand.actions or hand.betting.street is not Street.PREFLOP:
            # bets made since the blinds come back (TDA24 35-C)
            stacks, posted = hand.blinds_posted
            before = {seat: stacks[seat] + posted[seat] for seat in hand.order}
            hand.betting = hand.new_betting(before)
            hand.betting.post_blinds()
        hand.new_deal()
        return
    for card in recovery.cards:
        if card in table.board:
            table.board.remove(card)
        elif card in table.burns:  # a second burn card goes back (LA26 169)
            table.burns.remove(card)
        elif recovery.seat is not None:
            table.holes[recovery.seat].remove(card)
    table.stub[:0] = recovery.cards


def set_aside_cards(hand: Hand, event: Event) -> None:
    """The premature card is taken out of play for now."""
    recovery = hand.recovery.pending[0]
    for card in recovery.cards:
        hand.table.board.remove(card)
        hand.table.set_aside.append(card)


def reshuffle_stub(hand: Hand, event: Event) -> None:
    """Shuffle the stub, with the set-aside premature card back in it (never the burns)."""
    recovery = hand.recovery.pending[0]
    set_aside = hand.table.set_aside
    for card in recovery.cards:
        if card in set_aside:
            set_aside.remove(card)
            hand.table.stub.append(card)
    shuffle(hand.table.stub, hand.rng)


def scramble_flop(hand: Hand, event: Event) -> None:
    """The flop's cards are mixed face down; one chosen at random goes to the burns."""
    table = hand.table
    chosen = event.card if event.card is not None else hand.rng.choice(table.board)
    table.board.remove(chosen)
    table.burns.append(chosen)
    if len(table.board) < 3:  # a flop turned without its burn: the next card completes it
        table.board.extend(table.take(3 - len(table.board)))
    assert hand.betting is not None
    hand.betting.start_street(Street.FLOP)


# --- the board's errors (RRoP-HE 2-4; TDA24 39, RP-5) --------------------------------------


def burn_early(hand: Hand, event: Event) -> None:
    """A burn before the betting is over: it stays, as that street's burn."""
    hand.table.burns.append(hand.table.stub.pop(0))
    hand.burned.add(_NEXT_STREET[hand.state])


def _premature(hand: Hand, name: str, count: int, event: Event) -> None:
    cards = hand.table.take(count)
    hand.table.board.extend(cards)
    irregular(hand, name, event, cards=cards)


def premature_flop(hand: Hand, event: Event) -> None:
    _premature(hand, "premature_flop", 3, event)


def premature_turn(hand: Hand, event: Event) -> None:
    _premature(hand, "premature_turn", 1, event)


def premature_river(hand: Hand, event: Event) -> None:
    _premature(hand, "premature_river", 1, event)


def flop_too_many(hand: Hand, event: Event) -> None:
    """Four cards: the rulebooks differ (RRoP-HE 2, TDA24 39-A); five or more: a redeal."""
    assert event.cards is not None
    name = "flop_too_many_cards" if event.cards == 4 else "flop_five_or_more_cards"
    _premature(hand, name, event.cards, event)


def flop_without_burn(hand: Hand, event: Event) -> None:
    _premature(hand, "flop_without_burn", 3, event)


# --- the deal, the showdown, the pot and the deck: floor errors (issue 13) -----------------


@dataclass(slots=True)
class Misaward:
    """A pot pushed to the wrong player: the award as it was due, and whether anyone saw."""

    stacks: dict[int, int]
    won: dict[int, int]
    pots: list[Pot]
    seat: int
    noticed: bool


def verify_kill(hand: Hand, event: Event) -> None:
    seat = event.seat
    betting = hand.betting
    if betting is None or seat not in betting.order or seat in betting.folded:
        raise Rejected(f"seat {seat} has no live hand to kill")
    if seat in hand.mucked:
        raise Rejected(f"seat {seat} has already mucked")


def verify_flash(hand: Hand, event: Event) -> None:
    seat = event.seat
    betting = hand.betting
    if betting is None or seat not in betting.order or seat in betting.folded:
        raise Rejected(f"seat {seat} has no live hand")
    if seat is not None and not hand.table.holes[seat]:
        raise Rejected(f"seat {seat} holds no card yet")


def verify_push(hand: Hand, event: Event) -> None:
    if event.seat not in hand.table.stacks:
        raise Rejected(f"seat {event.seat} has no player to push a pot to")
    if not hand.pots:
        raise Rejected("there is no pot to push")


def cards_stuck(hand: Hand, event: Event) -> bool:
    return event.cards == 2


def pitch_stuck(hand: Hand, event: Event) -> None:
    """Two cards stuck together go to the seat due as one: it holds the wrong number of cards
    (RRoP-MD(e), TDA24 35-A-5)."""
    seat, _ = hand.pitch_one()
    hand.table.holes[seat].append(hand.table.stub.pop(0))
    if event.unnoticed:  # the deal goes on; the floor may notice it later
        hand.latent.append(("stuck_cards", event))
        return
    irregular(hand, "stuck_cards", event)


def player_flash(hand: Hand, event: Event) -> None:
    """A player shows a hole card: no dealer error, the card plays (RRoP-IR 12, TDA24 68)."""
    irregular(hand, "player_flashed_card", event, seat=event.seat)


def hand_tabled(hand: Hand, event: Event) -> bool:
    return event.seat in hand.shown


def kill_tabled_hand(hand: Hand, event: Event) -> None:
    """A tabled hand pushed into the muck: it cannot be killed, it comes back (TDA24 13-C)."""
    seat = event.seat
    assert seat is not None
    cards = list(hand.table.holes[seat])
    hand.table.to_muck(seat)
    irregular(hand, "tabled_hand_killed", event, cards=cards, seat=seat)


def retrieve_killed_hand(hand: Hand, event: Event) -> None:
    """The tabled cards come back out of the muck to their player."""
    recovery = hand.recovery.pending[0]
    assert recovery.seat is not None
    for card in recovery.cards:
        hand.table.muck.remove(card)
    hand.table.holes[recovery.seat].extend(recovery.cards)


def kill_hand(hand: Hand, event: Event) -> None:
    """A hand not tabled, killed by the dealer: dead, with no redress (TDA24 65-A)."""
    seat = event.seat
    assert seat is not None and hand.betting is not None
    if hand.state == "showdown":
        hand.mucked.add(seat)
    else:
        hand.betting.kill(seat)
        hand.betting.return_uncalled(seat)  # a bet nobody called goes back to it (65-A)
    hand.table.to_muck(seat)
    irregular(hand, "hand_killed", event, seat=seat)
    hand.held.pop(seat, None)
    if hand.held:
        resolve_held(hand, event)


def foul_deck_found(hand: Hand, event: Event) -> None:
    """A duplicate card or another back voids the hand; a joker is a scrap of paper, or under
    TDA a misdeal before substantial action (TDA24 35-A-6, 35-D)."""
    if event.found == "joker":
        name = "joker_found_late" if substantial_action(hand) else "joker_found"
    else:
        name = "foul_deck_duplicate" if event.found == "duplicate" else "foul_deck_back"
    irregular(hand, name, event)


def deck_found_short(hand: Hand, event: Event) -> None:
    """Cards missing from the deck do not void the hand: the result stands (LA26 121)."""
    irregular(hand, "short_deck", event)


def push_pot(hand: Hand, event: Event) -> None:
    """The dealer pushes the pot (each pot the seat is eligible for; else the main pot) to a
    seat. To the seat that won it: nothing to say. To another: the wrong player was paid."""
    seat = event.seat
    assert seat is not None
    pots = hand.pots
    moved = [i for i, pot in enumerate(pots) if seat in pot.eligible] or [0]
    if all(pots[i].winners == (seat,) for i in moved):
        return
    if hand.misaward is None:
        hand.misaward = Misaward(dict(hand.table.stacks), dict(hand.won), list(pots), seat, False)
    stacks, won = hand.table.stacks, hand.won
    for i in moved:
        pot = pots[i]
        odd = odd_chip_seats(pot.amount, pot.winners) if pot.winners else ()
        for winner in pot.winners:
            share = pot.amount // len(pot.winners) + odd.count(winner)
            stacks[winner] -= share
            won[winner] -= share
            if not won[winner]:
                del won[winner]
        stacks[seat] += pot.amount
        won[seat] = won.get(seat, 0) + pot.amount
        pots[i] = replace(pot, winners=(seat,))
    if not event.unnoticed:
        hand.misaward.noticed = True
        irregular(hand, "wrong_pot_award", event, seat=seat)


def push_unnoticed(hand: Hand, *_: Any) -> bool:
    return hand.misaward is not None and not hand.misaward.noticed


def notice_push(hand: Hand, event: Event) -> None:
    """The wrong push comes to light before the next hand: it is corrected (TDA24 22)."""
    assert hand.misaward is not None
    hand.misaward.noticed = True
    irregular(hand, "wrong_pot_award", event, seat=hand.misaward.seat)


def correct_award(hand: Hand, event: Event) -> None:
    """The chips go back where the award said: to the hand that won."""
    found = hand.misaward
    assert found is not None
    hand.table.stacks.update(found.stacks)
    hand.won = dict(found.won)
    hand.pots = list(found.pots)
    hand.misaward = None


def close_disputes(hand: Hand, event: Event) -> None:
    """The next hand begins: a wrong push nobody saw stands (RRoP-DM 5, TDA24 22)."""
    found = hand.misaward
    if found is not None and not found.noticed:
        irregular(hand, "wrong_pot_award_late", event, seat=found.seat)


# --- burn errors on the turn and river (LA26 169), the flop's missed burn noticed late (TDA24
# 39-B), boxed board cards (RRoP-IR 7; LA26 23), the button a card short (RRoP-MD(e); TDA24
# 37), an exposed burn (TDA24 RP-14) and a dropped stub (TDA24 RP-4) ----------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Slip:
    """A board card dealt with its burn missed or doubled, that nobody noticed at the time."""

    #: ``missed_burn``, ``extra_burn`` or ``flop_without_burn``
    name: str
    #: the hand's actions when it happened (any action since: the card stands)
    actions: int
    #: the card turned where the burn was due, the flop's cards, or the second burn card
    cards: tuple[Card, ...]
    #: the place on the board of the street's (first) card
    at: int


#: the situations of a short button
_SHORT_BUTTON = ("button_short_card", "button_short_acted")


def card_face_up(hand: Hand, event: Event) -> bool:
    return event.boxed or event.exposed


def card_unnoticed(hand: Hand, event: Event) -> bool:
    return event.unnoticed


def button_short(hand: Hand, *_: Any) -> bool:
    """Is the button (the last seat dealt) a card short? During the deal: every card but the
    button's last one is out, in order. Preflop: the button, still live, still has one card.
    """
    if hand.state == "dealing":
        return (
            hand.dealt == HOLE_CARDS * len(hand.order) - 1 and hand.offset == 0 and not hand.latent
        )
    short = hand.short_button
    return (
        short is not None
        and hand.state == "preflop"
        and hand.betting is not None
        and short[0] not in hand.betting.folded
        and len(hand.table.holes[short[0]]) < HOLE_CARDS
    )


def flop_burn_missed_unplayed(hand: Hand, *_: Any) -> bool:
    """A flop turned without its burn, unnoticed, with no action on it yet."""
    return any(
        slip.name == "flop_without_burn" and slip.actions == hand.actions for slip in hand.slips
    )


def burn_face_up(hand: Hand, event: Event) -> None:
    """A burn card found face up in the stub (boxed) or shown by the dealer."""
    card = hand.table.stub.pop(0)
    hand.table.burns.append(card)
    if event.exposed:
        irregular(hand, "exposed_burn", event, cards=[card])
    else:
        _boxed_on_board(hand, event, card)


def _boxed_on_board(hand: Hand, event: Event, card: Card) -> None:
    """A boxed card is set aside and replaced; a second one in the hand (the deal's count)
    voids it."""
    hand.boxed += 1
    if hand.boxed > 1:
        irregular(hand, "boxed_board_cards", event)
    else:
        irregular(hand, "boxed_board_card", event, cards=[card])


def flop_boxed(hand: Hand, event: Event) -> None:
    """The flop's first card comes off the stub face up."""
    hand.deal_flop(event)
    _boxed_on_board(hand, event, hand.table.board[-3])


def turn_boxed(hand: Hand, event: Event) -> None:
    hand.deal_turn(event)
    _boxed_on_board(hand, event, hand.table.board[-1])


def river_boxed(hand: Hand, event: Event) -> None:
    hand.deal_river(event)
    _boxed_on_board(hand, event, hand.table.board[-1])


def _without_burn(hand: Hand, event: Event) -> None:
    """The street's card turned where its burn was due: put right at once, or (unnoticed)
    judged when the floor hears of it."""
    card = hand.table.board[-1]
    if event.unnoticed:
        at = len(hand.table.board) - 1
        hand.slips.append(Slip(name="missed_burn", actions=hand.actions, cards=(card,), at=at))
    else:
        irregular(hand, "missed_burn", event, cards=[card])


def turn_without_burn(hand: Hand, event: Event) -> None:
    hand.deal_turn(event)
    _without_burn(hand, event)


def river_without_burn(hand: Hand, event: Event) -> None:
    hand.deal_river(event)
    _without_burn(hand, event)


def burn_twice(hand: Hand, event: Event) -> None:
    """A second burn for the turn or river."""
    card = hand.table.stub.pop(0)
    hand.table.burns.append(card)
    if event.unnoticed:
        at = len(hand.table.board)
        hand.slips.append(Slip(name="extra_burn", actions=hand.actions, cards=(card,), at=at))
    else:
        irregular(hand, "extra_burn", event, cards=[card])


def flop_unnoticed(hand: Hand, event: Event) -> None:
    """A flop turned without its burn that nobody notices: it plays on."""
    hand.deal_flop(event)
    board = hand.table.board
    slip = Slip(name="flop_without_burn", actions=hand.actions, cards=tuple(board[-3:]), at=0)
    hand.slips.append(slip)


def notice_flop_without_burn(hand: Hand, event: Event) -> None:
    """The unburned flop comes to light before any action on it: as if noticed at once."""
    slip = next(slip for slip in hand.slips if slip.name == "flop_without_burn")
    hand.slips.remove(slip)
    assert hand.betting is not None  # the flop's betting never began: it starts again later
    hand.betting.street, hand.betting.to_act = Street.PREFLOP, None
    irregular(hand, "flop_without_burn", event, cards=list(slip.cards))


def _notice_slips(hand: Hand, event: Event) -> None:
    """Burns missed or doubled come to light: put right if nobody has acted on the card since
    (and it is the street being played), else the card stands (LA26 169; TDA24 39-B)."""
    board = hand.table.board
    for slip in hand.slips:
        current = slip.name == "flop_without_burn" or len(board) == slip.at + 1
        played = slip.actions != hand.actions or not current
        if slip.name == "missed_burn":
            name = "missed_burn_late" if played else "missed_burn"
            irregular(hand, name, event, cards=list(slip.cards))
        elif slip.name == "extra_burn" and not played:
            irregular(hand, "extra_burn_turned", event, cards=[*slip.cards, board[slip.at]])
        elif slip.name == "extra_burn":
            irregular(hand, "extra_burn_late", event, cards=list(slip.cards))
        else:
            irregular(hand, "flop_without_burn_late", event)
    hand.slips.clear()


def _replace_on_board(hand: Hand, recovery: Recovery) -> None:
    table = hand.table
    name = recovery.situation.name
    if name == "missed_burn":  # the card turned was the burn; the next card is the street's
        card = recovery.cards[0]
        table.board.remove(card)
        table.burns.append(card)
        table.board.append(table.stub.pop(0))
    elif name == "extra_burn_turned":  # the second burn was the street's card; the card turned
        burned, turned = recovery.cards  # is the next street's burn
        table.burns.remove(burned)
        table.board[table.board.index(turned)] = burned
        table.stub.insert(0, turned)
    else:  # a boxed card, or a shown burn burned again: set aside, the next card in its place
        card = recovery.cards[0]
        zone = table.board if card in table.board else table.burns
        zone.remove(card)
        table.set_aside.append(card)
        zone.append(table.stub.pop(0))


def deal_ended_short(hand: Hand, event: Event) -> None:
    """The betting starts with the button's last card not dealt: the button is a card short
    until the card comes (``pitch``) or the floor hears of it (``notice``)."""
    hand.short_button = (hand.order[-1], len(hand._log))
    hand.apply_action(event)


def notice_button_short(hand: Hand, event: Event) -> None:
    """The button speaks up at once: it is owed the next card."""
    hand.short_button = (hand.order[-1], len(hand._log))
    irregular(hand, "button_short_card", event, seat=hand.order[-1])


def _button_acted(hand: Hand) -> bool:
    """Has the short button checked, called, bet or raised since the deal ended?"""
    assert hand.short_button is not None
    seat, start = hand.short_button
    return any(
        refused is None
        and done.name == "act"
        and done.seat == seat
        and done.action is not Action.FOLD
        for done, refused in hand._log[start:]
    )


def _short_button_ruled(hand: Hand, event: Event) -> bool:
    """Rule on the short button: the card is owed, or (TDA24 37) a button that acted holding
    too few cards is dead. True when the card is to be given."""
    assert hand.short_button is not None and hand.betting is not None
    seat = hand.short_button[0]
    name = "button_short_acted" if _button_acted(hand) else "button_short_card"
    irregular(hand, name, event, seat=seat)
    if "pitch" in situation(name).outcome(hand.ruleset).steps:
        return True
    hand.short_button = None
    hand.betting.kill(seat)
    hand.table.to_muck(seat)
    return False


def complete_button(hand: Hand, event: Event) -> None:
    """The button's missing card is pitched to it (after the floor's ruling, or as the
    dealer sees the error)."""
    assert hand.short_button is not None
    seat = hand.short_button[0]
    pending = hand.recovery.pending
    ruled = bool(pending) and pending[0].situation.name in _SHORT_BUTTON
    hand.pitch_one(seat)
    if not ruled and _short_button_ruled(hand, event):
        hand.recovery.take(1)  # this very pitch is the step the ruling calls for
    hand.short_button = None


def drop_stub(hand: Hand, event: Event) -> None:
    """The stub falls and cannot be put back in order; with ``mixed``, into the muck or the
    burns, whose cards join it (TDA24 RP-4)."""
    table = hand.table
    if event.mixed:
        table.stub.extend(table.muck)
        table.stub.extend(table.burns)
        table.muck.clear()
        table.burns.clear()
        irregular(hand, "dropped_stub_mixed", event)
    else:
        irregular(hand, "dropped_stub", event)


# --- the floor's rulings on what players do (issue 18): an action out of turn (TDA24 53;
# RRoP Betting 11), a player away from the seat when the deal ends (TDA24 30; RRoP
# Tournaments), tabling one card (TDA24 13-A, 15-A; RRoP Showdown 1), a hand the floor orders
# tabled (TDA24 17-A; RRoP Showdown 7), a hand let go face down (TDA24 14; RRoP Dead Hands) ---


@dataclass(frozen=True, slots=True, kw_only=True)
class Held:
    """An action out of turn the floor holds until the turn comes round to its seat."""

    seat: int
    action: Action
    amount: int | None
    #: the bet the seat faced when it acted: a bet or raise in between changes the action
    facing: int
    #: binding whatever comes in between: substantial action out of turn passed a skipped
    #: player who said nothing (TDA24 53-B)
    binding: bool = False


#: per rulebook, the actions out of turn a player freed by a changed action may not follow
#: with a bet or raise on the next turn: Robert's Rules bar a raise after a check or call out
#: of turn (RRoP Betting 11); TDA gives back every option (TDA24 53-A)
OUT_OF_TURN_NO_RAISE: dict[str, frozenset[Action]] = {
    "roberts": frozenset({Action.CHECK, Action.CALL}),
    "tda-2024": frozenset(),
}
#: why a seat may not bet or raise on this turn, by the situation that limits it
_NO_RAISE_WHY: dict[str, str] = {
    "action_out_of_turn": "checked or called out of turn: when the action changed it got its "
    "chips back, but it may not bet or raise on this turn, only call or fold",
    "skipped_by_out_of_turn": "was skipped and said nothing while substantial action came in "
    "out of turn after it: it may check, call or fold on this turn, not bet or raise",
}
#: per rulebook, whether a hand let go face down at the showdown, not yet in the muck, is dead
#: at once (RRoP Dead Hands: a hand thrown away is folded) or still live until the dealer
#: pushes it into the muck (TDA24 14)
RELEASED_HAND_DEAD: dict[str, bool] = {"roberts": True, "tda-2024": False}
#: per rulebook, the rule a show after a muck is refused with: a mucked hand is dead
MUCKED_DEAD_RULE: dict[str, str] = {"roberts": "RRoP Dead Hands", "tda-2024": "TDA24 14"}
#: the betting rounds, where an action out of turn is judged
_BETTING_ROUNDS = frozenset({"preflop", "flop", "turn", "river"})


def verify_out_of_turn(hand: Hand, event: Event) -> None:
    """An action out of turn must be one the player could make in turn, by a seat whose turn
    is still to come in this round."""
    seat, action = event.seat, event.action
    betting = hand.betting
    assert betting is not None and seat is not None and action is not None
    if hand.state not in _BETTING_ROUNDS:
        raise Rejected(
            "an action out of turn is judged only during a betting round", rule=hand._step_rule()
        )
    rule = situation("action_out_of_turn").outcome(hand.ruleset).rule
    if seat == betting.to_act:
        raise Rejected(
            f"it is seat {seat}'s turn: its action is in turn, not out of turn", rule=rule
        )
    if seat in hand.held:
        raise Rejected(f"the floor already holds an action out of turn of seat {seat}", rule=rule)
    hand._ruling = None
    betting.verify_out_of_turn(seat, action, event.amount)


def verify_no_raise(hand: Hand, event: Event, ruling: Ruling) -> None:
    """A player freed of a check or call out of turn (RRoP Betting 11), or skipped while
    substantial action came in out of turn (TDA24 53-B), may not bet or raise on this turn."""
    assert hand.betting is not None
    if ruling.to > hand.betting.current_bet:
        name = hand.no_raise[event.seat or 0]
        raise IllegalAction(
            f"seat {event.seat} {_NO_RAISE_WHY[name]}",
            rule=situation(name).outcome(hand.ruleset).rule,
        )


def hold_out_of_turn(hand: Hand, event: Event) -> None:
    """The floor holds the action and backs it up to the seat due; an out-of-turn fold is
    binding at once (TDA24 53-A; RRoP Dead Hands)."""
    seat, action = event.seat, event.action
    betting = hand.betting
    assert betting is not None and seat is not None and action is not None
    skipped = [other for other in betting.skipped_by(seat) if other not in hand.held]
    irregular(hand, "action_out_of_turn", event, seat=seat)
    if action is Action.FOLD:
        betting.kill(seat)
        hand.table.to_muck(seat)
    else:
        facing = betting.current_bet
        hand.held[seat] = Held(seat=seat, action=action, amount=event.amount, facing=facing)
    hand.skipped.pop(seat, None)  # a seat that acts, even out of turn, is not silent
    for other in skipped:
        hand.skipped.setdefault(other, []).append((seat, action not in NO_CHIPS))
    silent = [
        other
        for other in skipped
        if other not in hand.skipped_ruled
        and _tda_substantial([chips for _, chips in hand.skipped[other]])
    ]
    if silent:
        _rule_skipped(hand, event, silent)


def _tda_substantial(chips_in: Sequence[bool]) -> bool:
    """Substantial action (TDA24 36): two actions, one of them putting chips in, or any three."""
    return len(chips_in) >= 3 or (len(chips_in) == 2 and any(chips_in))


def _rule_skipped(hand: Hand, event: Event, silent: list[int]) -> None:
    """Substantial action out of turn has come in after players skipped who said nothing
    (TDA24 53-B): the actions out of turn after them bind, and the ruleset option
    ``skipped_hand`` says what the floor does with the skipped hands: under Robert's Rules
    nothing changes (Betting 11 sets no such limit: ``acts``); under TDA the floor limits them
    to checking, calling or folding (``no_raise``) or rules them dead (``dead``)."""
    betting = hand.betting
    assert betting is not None
    irregular(hand, "skipped_by_out_of_turn", event, seat=silent[0])
    hand.skipped_ruled.update(silent)
    choice = hand.ruleset.skipped_hand
    if choice == "acts":
        return
    for other in silent:
        for seat, _ in hand.skipped[other]:
            if seat in hand.held:
                hand.held[seat] = replace(hand.held[seat], binding=True)
    if choice == "no_raise":
        hand.no_raise.update(dict.fromkeys(silent, "skipped_by_out_of_turn"))
        return
    if not [seat for seat in betting.live if seat not in silent]:
        return  # nobody else is left in the hand: there is no one to rule it dead against
    for seat in silent:
        betting.kill(seat)
        hand.table.to_muck(seat)
    if hand.held:
        resolve_held(hand, event)


def resolve_held(hand: Hand, event: Event) -> None:
    """After an action in turn: the seat it came from has used its restricted turn, and each
    held action whose turn has come is binding if the action to it has not changed (a check,
    call or fold in between changes nothing), else it is void, its chips go back and the
    player acts again, with all options under TDA, no bet or raise after a check or call
    under Robert's Rules."""
    betting = hand.betting
    assert betting is not None
    if event.seat is not None and not event.out_of_turn:
        hand.no_raise.pop(event.seat, None)
    while (seat := betting.to_act) is not None and seat in hand.held:
        held = hand.held.pop(seat)
        if betting.current_bet == held.facing or held.binding:
            try:
                ruling = betting.verify(seat, held.action, held.amount)
            except IllegalAction:
                ruling = None
            if ruling is not None:  # binding: the chips go in as the player put them out
                betting.apply(ruling)
                hand.actions += 1
                hand.chips_in.append(held.action not in NO_CHIPS)
                continue
        if held.action in OUT_OF_TURN_NO_RAISE[hand.ruleset.family]:
            hand.no_raise[seat] = "action_out_of_turn"
        return


def verify_absent(hand: Hand, event: Event) -> None:
    seat = event.seat
    betting = hand.betting
    if betting is None or seat not in betting.order or seat in betting.folded:
        raise Rejected(f"seat {seat} has no live hand")
    if seat in hand.absent:
        raise Rejected(f"seat {seat} has already been ruled away from the table")
    present = [other for other in betting.live if other != seat and other not in hand.absent]
    if not present:
        raise Rejected(
            f"seat {seat} is the last player at the table: a hand needs a player present to be "
            "played (the floor deals again when everyone is back)"
        )
    acted = any(
        refused is None and done.name == "act" and done.seat == seat and not done.out_of_turn
        for done, refused in hand._log
    )
    if acted:
        raise Rejected(
            f"seat {seat} has acted on its hand: it was at the table when the deal ended",
            rule=situation("absent_at_deal").outcome(hand.ruleset).rule,
        )


def seat_absent(hand: Hand, event: Event) -> None:
    """A player away from the seat when the last starting card is dealt: the hand is dead,
    killed as the deal ends; blinds posted stay in the pot (TDA24 30)."""
    seat = event.seat
    assert seat is not None
    irregular(hand, "absent_at_deal", event, seat=seat)
    if hand.state == "dealing" and not hand.starting_hands_dealt():
        hand.absent.add(seat)
        return
    _kill_absent(hand, seat, event)


def _kill_absent(hand: Hand, seat: int, event: Event) -> None:
    assert hand.betting is not None
    hand.betting.kill(seat)
    hand.table.to_muck(seat)
    hand.held.pop(seat, None)
    if hand.held:
        resolve_held(hand, event)


def kill_absent_hands(hand: Hand, *_: Any) -> None:
    """The deal is over: the hands of players away from their seats are dead."""
    if not hand.absent:
        return
    assert hand.betting is not None
    for seat in sorted(hand.absent):
        if seat not in hand.betting.folded:
            hand.betting.kill(seat)
            hand.table.to_muck(seat)


def verify_showdown_again(hand: Hand, event: Event) -> None:
    """A hand let go face down, or tabled one card only, is still live: it may be tabled in
    full (TDA24 14, 13-A); it cannot be let go or half-tabled twice."""
    seat = event.seat
    if event.name == "release" and seat in hand.released:
        raise Rejected(f"seat {seat} has already let the hand go face down")
    if event.name == "show" and event.cards == 1 and seat in hand.partly_shown:
        raise Rejected(
            f"seat {seat} has already shown one card: table both cards, or muck",
            rule=situation("hand_partly_tabled").outcome(hand.ruleset).rule,
        )


def refuse_ordered(hand: Hand, event: Event) -> None:
    seat = event.seat
    raise Rejected(
        f"the floor has ordered seat {seat}'s hand tabled: it cannot be mucked unshown",
        rule=situation("hand_ordered_tabled").outcome(hand.ruleset).rule,
    )


def verify_order_show(hand: Hand, event: Event) -> None:
    hand.verify_showdown(event)
    if event.seat in hand.shown or event.seat in hand.ordered:
        raise Rejected(f"seat {event.seat}'s hand is already tabled or ordered tabled")


def order_tabled(hand: Hand, event: Event) -> None:
    """The floor orders a hand tabled (TDA24 17-A; RRoP Showdown 7): it cannot be mucked now."""
    assert event.seat is not None
    hand.ordered.add(event.seat)
    irregular(hand, "hand_ordered_tabled", event, seat=event.seat)


def show_one_card(hand: Hand, event: Event) -> None:
    """One card tabled is no tabled hand: it claims nothing until both are face up (TDA24
    13-A, 15-A; RRoP Showdown 1)."""
    assert event.seat is not None
    hand.partly_shown.add(event.seat)
    irregular(hand, "hand_partly_tabled", event, seat=event.seat)


def release_hand(hand: Hand, event: Event) -> None:
    """A hand let go face down at the showdown: dead at once under Robert's Rules; under TDA
    still live until the dealer pushes it into the muck (``muck``) or the player tables it."""
    seat = event.seat
    assert seat is not None
    irregular(hand, "hand_released", event, seat=seat)
    if RELEASED_HAND_DEAD[hand.ruleset.family]:
        hand.muck_hand(event)
    else:
        hand.released.add(seat)
