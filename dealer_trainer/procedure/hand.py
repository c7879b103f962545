"""The dealer model: one hand at one table, judged event by event.

A :class:`Hand` is the model the shared procedure machine decorates. :meth:`Hand.handle` is
the one place that judges a scripted event:

1. the procedure table says whether the event belongs to the current step; if not, it is
   rejected with the step the procedure waits for and that step's rule;
2. ``verify_<event>`` says whether the event can happen at all (a card in the stub, a seat
   in the hand, a legal bet); if not, it is rejected with the reason;
3. otherwise the machine fires it, the callbacks below move cards and chips, and the
   procedure advances as far as its conditions allow.

A rejected event leaves the hand exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from types import TracebackType
from typing import Any, ClassVar

from dealer_trainer.betting import Action, Betting, Ruling, Street
from dealer_trainer.cards import STANDARD_DECK, Card, cut, shuffle
from dealer_trainer.errors import InvariantError, Rejected
from dealer_trainer.handscript import Event, HandScript, TableSpec
from dealer_trainer.procedure.machine import (
    ADVANCE,
    ADVANCE_CONDITIONS,
    ALL_EVENTS_BY_STATE,
    BETTING_STATES,
    EVENTS_BY_STATE,
    STATE_BY_NAME,
    STEP_EVENTS,
    machine,
)
from dealer_trainer.procedure.rulings import (
    AUTO_STEPS,
    WAIT_BETTING,
    WAIT_DEAL,
    WAIT_PITCHES,
    WAITS,
    Outcome,
    Situation,
    situation,
)
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.showdown import (
    Pot,
    award,
    award_uncontested,
    build_pots,
    hand_strength,
    showdown_order,
)
from dealer_trainer.table import Table, next_seat

__all__ = ["Hand", "Irregularity", "Rejection", "Verdict"]

#: the rule behind the showdown events
SHOWDOWN_RULE = "RRoP-HEP 9"
#: how many hole cards each player gets
HOLE_CARDS = 2


@dataclass(frozen=True, slots=True)
class Rejection:
    """An event the engine refused, and why."""

    event: int
    name: str
    reason: str
    rule: str | None


@dataclass(frozen=True, slots=True)
class Irregularity:
    """A dealer error the engine recognised, with the rule that governs its recovery."""

    kind: str
    rule: str
    event: int


@dataclass(frozen=True, slots=True)
class Verdict:
    """What became of one event: ``accepted`` or ``rejected`` (with reason and rule)."""

    event: Event
    outcome: str
    reason: str = ""
    rule: str | None = None


@dataclass(slots=True)
class Recovery:
    """A recovery under way: the steps still to come, and the cards and seat it concerns."""

    situation: Situation
    outcome: Outcome
    event: int
    steps: list[str]
    cards: list[Card] = field(default_factory=list)
    seat: int | None = None

    def due(self) -> str:
        """The step that falls due next (a wait, or a dealer event)."""
        steps = self.steps
        return steps[1] if steps[0] is WAIT_PITCHES and len(steps) > 1 else steps[0]


def _say(step: str) -> str:
    """A step as the rejection names it: ``retrieve``, or a wait in words."""
    if step is WAIT_BETTING:
        return "the players to finish the betting round (act)"
    if step is WAIT_DEAL:
        return "the deal to go on (pitch, deal)"
    return step


#: actions that put no chips in (for substantial action, TDA24 36)
_NO_CHIPS = (Action.CHECK, Action.FOLD)
#: the street whose burn each burn state takes
_BURN_STREET = {"flop_burn": "flop", "turn_burn": "turn", "river_burn": "river"}
#: the street a burn taken during each betting round belongs to
_NEXT_STREET = {"preflop": "flop", "flop": "turn", "turn": "river"}


class Hand:
    """One table's hand (and the hands after it, through ``next_hand``)."""

    state: str  # set by the machine
    trigger: Callable[..., bool]  # set by the machine

    def __init__(self, script: HandScript, *, check: bool = False) -> None:
        spec = script.table
        self.spec: TableSpec = spec
        self.ruleset: Ruleset = spec.ruleset
        self.check = check
        self.rng = random.Random(script.seed)
        deck = script.deck if script.deck is not None else STANDARD_DECK
        self.table = Table(dict(spec.stacks), spec.button, deck)
        self.chips_total = sum(self.table.stacks.values())
        self.irregularities: list[Irregularity] = []
        self.rejected: list[Rejection] = []
        self._log: list[tuple[Event, Rejection | None]] = []
        self.misdeals = 0
        self._new_hand_state()
        self._machine = machine()
        self._machine.add_model(self, initial="blinds" if script.deck is not None else "shuffling")
        self._attached = True

    def _new_hand_state(self) -> None:
        self.betting: Betting | None = None
        self._ruling: Ruling | None = None
        self.order: tuple[int, ...] = ()
        self.shown: set[int] = set()
        self.mucked: set[int] = set()
        self.declared: set[int] = set()
        self.board_players: dict[int, int] = {}
        self._blinds: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self.pots: list[Pot] = []
        self.won: dict[int, int] = {}
        self.awarded = False
        self.recoveries: list[Recovery] = []
        self._new_deal()

    def _new_deal(self) -> None:
        self.dealt = 0
        self.offset = 0  # a deal begun at the wrong seat goes on clockwise from there
        self.actions = 0
        self.chips_in: list[bool] = []  # per action since the blinds: did it put chips in?
        self.latent: list[tuple[str, Event]] = []  # errors made unnoticed
        self.exposed = 0
        self.boxed = 0
        self.extra = 0
        self.burned: set[str] = set()

    # --- lifetime: attach to the shared machine, detach when done ------------------------------

    def close(self) -> None:
        """Detach from the shared machine."""
        if self._attached:
            self._machine.remove_model(self)
            self._attached = False

    def __enter__(self) -> Hand:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # --- judging ---------------------------------------------------------------------------------

    def handle(self, event: Event) -> Verdict:
        """Judge one event: accept it (and advance the procedure) or reject it with a reason."""
        try:
            state = self.state
            opens = 0
            if self.recoveries:  # the recovery under way judges first, with its own rule
                event, opens = self._judge_step(event)
            elif event.name not in EVENTS_BY_STATE[state] and event.name in STEP_EVENTS:
                raise self._out_of_procedure(event)
            if event.name not in ALL_EVENTS_BY_STATE[state]:
                raise self._out_of_procedure(event)
            self._VERIFY[event.name](self, event)
            events = self._machine.events
            if not events[event.name].trigger(self, event):
                raise Rejected(f"{event.describe()} cannot happen now", rule=self._step_rule())
            if opens:
                self._take_step(opens)
            self._settle()
            while not self._step_due() and self._may_advance():
                events[ADVANCE].trigger(self)
                self._settle()
        except Rejected as refused:
            rejection = Rejection(event.index, event.name, refused.reason, refused.rule)
            self.rejected.append(rejection)
            self._log.append((event, rejection))
            if self.check:
                self.audit()
            return Verdict(event, "rejected", refused.reason, refused.rule)
        self._log.append((event, None))
        if self.check:
            self.audit()
        return Verdict(event, "accepted")

    def _may_advance(self) -> bool:
        for check in _ADVANCE_CHECKS[self.state]:  # noqa: SIM110 (hot path: no generator)
            if check(self):
                return True
        return False

    @property
    def log(self) -> list[Verdict]:
        """Every event handled so far, with what became of it."""
        return [
            Verdict(event, "accepted")
            if rejection is None
            else Verdict(event, "rejected", rejection.reason, rejection.rule)
            for event, rejection in self._log
        ]

    def _step_rule(self) -> str:
        return STATE_BY_NAME[self.state].rule

    def _out_of_procedure(self, event: Event) -> Rejected:
        step = STATE_BY_NAME[self.state]
        expected = ", ".join(self.expected_next()) or "nothing more"
        return Rejected(
            f"{event.name} is not the next step: now {step.waits_for} (expected: {expected})",
            rule=step.rule,
        )

    def expected_next(self) -> list[str]:
        """The events the procedure allows now (the recovery step due, while one is under way)."""
        if self.recoveries:
            due = self.recoveries[0].due()
            if due is WAIT_BETTING:
                return ["act"] if self.betting is not None and self.betting.to_act else []
            if due is not WAIT_DEAL:
                return [due]
        events = list(EVENTS_BY_STATE[self.state])
        if "next_hand" in events and len(self._players_with_chips()) < 2:
            events.remove("next_hand")
        if "act" in events and (self.betting is None or self.betting.to_act is None):
            events.remove("act")
        return events

    @property
    def hand_over(self) -> bool:
        return self.state == "hand_over"

    # --- recoveries: the steps a rulebook requires after a dealer error -------------------------

    def _judge_step(self, event: Event) -> tuple[Event, int]:
        """Judge an event while a recovery is under way; return it (renamed for an alias) and
        how many of the recovery's steps it takes (0 for an event the recovery lets through).
        """
        recovery = self.recoveries[0]
        steps = recovery.steps
        name = event.name
        opens = 0
        if steps[0] is WAIT_PITCHES:
            if name == "pitch":
                return event, 0  # more of the same error: the pitch callbacks escalate
            opens = 1
        due = steps[opens]
        if due is WAIT_DEAL and name in ("pitch", "deal"):
            return event, 0
        if due is WAIT_BETTING and name == "act":
            return event, 0
        if name == due or (due == "reshuffle" and name == "shuffle"):
            if name != due:
                event = replace(event, name=due)
            return event, opens + 1
        raise Rejected(
            f"{name} is not the recovery step due: {recovery.situation.title}"
            f" ({recovery.outcome.rule}); expected: {_say(due)}",
            rule=recovery.outcome.rule,
        )

    def _take_step(self, count: int) -> None:
        if self.recoveries:
            del self.recoveries[0].steps[:count]

    def _settle(self) -> None:
        """Drop the waits that are over and the recoveries that are complete."""
        recoveries = self.recoveries
        while recoveries:
            if self.state == "hand_over":
                recoveries.clear()
                return
            steps = recoveries[0].steps
            while steps and self._wait_over(steps[0]):
                del steps[0]
            if steps:
                return
            del recoveries[0]

    def _wait_over(self, step: str) -> bool:
        if step is WAIT_DEAL:
            return self.starting_hands_dealt()
        if step is WAIT_BETTING:
            return self.state not in BETTING_STATES
        return False

    def _step_due(self) -> bool:
        return bool(self.recoveries) and self.recoveries[0].steps[0] not in WAITS

    def recover(self, before: Event | None, index: int) -> None:
        """Perform every recovery step that has fallen due and is the engine's to take
        (``--auto-recover``): not a player's action nor a normal dealing step, and not the very
        step the next scripted event (``before``) spells out.
        """
        while self.recoveries:
            recovery = self.recoveries[0]
            if recovery.steps[0] is WAIT_PITCHES and before is not None and before.name == "pitch":
                return
            due = recovery.due()
            if due not in AUTO_STEPS:
                return
            if before is not None and (
                before.name == due or (due == "reshuffle" and before.name == "shuffle")
            ):
                return
            if self.handle(Event(due, index, auto=True)).outcome != "accepted":
                return

    def _irregular(
        self,
        name: str,
        event: Event,
        *,
        cards: Sequence[Card] = (),
        seat: int | None = None,
        record: bool = True,
    ) -> Recovery:
        """Record a dealer error and start the recovery its rulebook requires."""
        found = situation(name)
        outcome = found.outcome(self.ruleset)
        if record:
            self.irregularities.append(Irregularity(found.kind, outcome.rule, event.index))
        if outcome.misdeal:
            if found.kind != "misdeal" or not record:
                self.irregularities.append(Irregularity("misdeal", outcome.rule, event.index))
            self.misdeals += 1
        self.burned.difference_update(outcome.reburn)
        self.burned.update(outcome.burned)
        recovery = Recovery(found, outcome, event.index, list(outcome.steps), list(cards), seat)
        if outcome.misdeal:
            self.recoveries = [recovery]  # a misdeal takes the place of every other recovery
        elif recovery.steps and recovery.steps[0] not in WAITS:
            self.recoveries.insert(0, recovery)  # due at once
        else:
            self.recoveries.append(recovery)
        return recovery

    def _misdeal_pending(self) -> bool:
        return any(recovery.outcome.misdeal for recovery in self.recoveries)

    # --- verification: can the event happen at all? (pure; raise Rejected) ---------------------

    def verify_nothing(self, event: Event) -> None:
        """Events that can always happen in their step."""

    def verify_cut(self, event: Event) -> None:
        if event.at is not None and event.at >= len(self.table.stub):
            raise Rejected(f"cannot cut at {event.at}: the deck holds {len(self.table.stub)} cards")

    def verify_post_blinds(self, event: Event) -> None:
        if len(self.table.players()) < 2:
            raise Rejected("a hand needs at least two players with chips")

    def verify_pitch(self, event: Event) -> None:
        if event.boxed and event.exposed:
            raise Rejected(
                "a card is either boxed (found face up in the deck) or exposed, not both"
            )
        if event.to is not None and (event.exposed or event.boxed):
            raise Rejected(
                "a card dealt to the wrong seat is judged on its own: drop 'to' or the flag"
            )
        self.table.require(1)

    def verify_deal(self, event: Event) -> None:
        self.table.require(HOLE_CARDS * len(self.order) - self.dealt)

    def verify_act(self, event: Event) -> None:
        assert self.betting is not None and event.seat is not None and event.action is not None
        if event.seat not in self.betting.order:
            raise Rejected(f"seat {event.seat} is not in this hand")
        self._ruling = self.betting.verify(event.seat, event.action, event.amount)

    def verify_flop(self, event: Event) -> None:
        count = 3 if event.cards is None else event.cards
        if count < 3:
            raise Rejected(f"a flop is three cards, not {count}: turn the rest", rule="RRoP-HEP 3")
        if count > 3 and self.state != "flop_deal":
            raise Rejected(
                f"a flop of {count} cards is judged only where a flop is due (after its burn)",
                rule="RRoP-HE 2",
            )
        self.table.require(count)

    def verify_one_card(self, event: Event) -> None:
        """A burn, the turn or the river: one card off the stub."""
        self.table.require(1)

    def verify_scramble(self, event: Event) -> None:
        if event.card is not None and event.card not in self.table.board:
            raise Rejected(f"{event.card} is not on the board: the burn is one of the board cards")
        if self.recoveries and self.recoveries[0].situation.name == "flop_without_burn":
            self.table.require(1)

    def verify_showdown(self, event: Event) -> None:
        seat = event.seat
        assert self.betting is not None and seat is not None
        if seat not in self.betting.order or seat in self.betting.folded:
            raise Rejected(f"seat {seat} has no live hand at the showdown", rule=SHOWDOWN_RULE)
        if seat in self.mucked:
            raise Rejected(f"seat {seat} has already mucked", rule=SHOWDOWN_RULE)
        if event.name == "show" and seat in self.shown:
            raise Rejected(f"seat {seat} has already tabled the hand", rule=SHOWDOWN_RULE)
        if event.name == "declare_board" and seat in self.declared:
            raise Rejected(f"seat {seat} has already declared the board", rule=SHOWDOWN_RULE)
        if event.name == "muck" and seat in self.shown:
            raise Rejected(
                f"seat {seat} has tabled the hand: a tabled hand is read, not mucked (TDA24 12)",
                rule="TDA24 12",
            )

    def verify_next_hand(self, event: Event) -> None:
        if len(self._players_with_chips()) < 2:
            raise Rejected("only one player has chips left: there is no next hand")

    _VERIFY: ClassVar[dict[str, Callable[[Hand, Event], None]]] = {
        "shuffle": verify_nothing,
        "cut": verify_cut,
        "post_blinds": verify_post_blinds,
        "pitch": verify_pitch,
        "deal": verify_deal,
        "act": verify_act,
        "burn": verify_one_card,
        "flop": verify_flop,
        "turn": verify_one_card,
        "river": verify_one_card,
        "show": verify_showdown,
        "declare_board": verify_showdown,
        "muck": verify_showdown,
        "next_hand": verify_next_hand,
        "retrieve": verify_nothing,
        "set_aside": verify_nothing,
        "reshuffle": verify_nothing,
        "replace": verify_one_card,
        "scramble": verify_scramble,
        "notice": verify_nothing,
    }

    # --- conditions (pure) ----------------------------------------------------------------------

    def starting_hands_dealt(self, *_: Any) -> bool:
        return self.dealt >= HOLE_CARDS * len(self.order)

    def one_player_left(self, *_: Any) -> bool:
        return self.betting is not None and self.betting.live_count == 1

    def betting_done(self, *_: Any) -> bool:
        betting = self.betting
        return betting is not None and (betting.round_complete or betting.betting_over)

    def showdown_settled(self, *_: Any) -> bool:
        undecided = self._undecided()
        return not undecided or (len(undecided) == 1 and not self._claimants())

    def card_boxed(self, event: Event) -> bool:
        return event.boxed

    def card_exposed(self, event: Event) -> bool:
        return event.exposed

    def card_misdirected(self, event: Event) -> bool:
        return event.to is not None and event.to != self._seat_to_deal()

    def no_action_yet(self, *_: Any) -> bool:
        return self.actions == 0

    def error_unnoticed(self, *_: Any) -> bool:
        return bool(self.latent)

    def misdeal_called(self, *_: Any) -> bool:
        return bool(self.recoveries) and self.recoveries[0].outcome.misdeal

    def burn_not_taken(self, *_: Any) -> bool:
        return _NEXT_STREET[self.state] not in self.burned

    def burn_on_table(self, *_: Any) -> bool:
        return _BURN_STREET[self.state] in self.burned

    def too_many_cards(self, event: Event) -> bool:
        return event.cards is not None and event.cards > 3

    def _undecided(self) -> list[int]:
        assert self.betting is not None
        decided = self.shown | self.mucked
        if self.ruleset.board_claim == "declare":
            decided |= self.declared
        return [seat for seat in self.betting.live if seat not in decided]

    def _claimants(self) -> list[int]:
        assert self.betting is not None
        claims = self.shown
        if self.ruleset.board_claim == "declare":
            claims = claims | self.declared
        return [seat for seat in self.betting.live if seat in claims]

    # --- callbacks (the effects) ----------------------------------------------------------------

    def shuffle_deck(self, event: Event) -> None:
        shuffle(self.table.stub, self.rng)

    def cut_deck(self, event: Event) -> None:
        stub = self.table.stub
        # a random cut leaves at least four cards in each part (TDA24 23)
        at = event.at if event.at is not None else self.rng.randint(4, len(stub) - 4)
        self.table.stub = cut(stub, at)

    def collect_blinds(self, event: Event) -> None:
        self.order = self.table.players()
        stacks = {seat: self.table.stacks[seat] for seat in self.order}
        self.betting = Betting(self.order, stacks, self.spec.stakes)
        self.betting.post_blinds()
        self._blinds = (dict(self.betting.stacks), dict(self.betting.contributed))
        self.dealt = 0

    def _seat_to_deal(self) -> int:
        return self.order[(self.dealt + self.offset) % len(self.order)]

    def _pitch_one(self, seat: int | None = None) -> tuple[int, Card]:
        if seat is None:
            seat = self.order[(self.dealt + self.offset) % len(self.order)]
        card = self.table.stub.pop(0)
        self.table.holes[seat].append(card)
        self.dealt += 1
        return seat, card

    def pitch_card(self, event: Event) -> None:
        self._pitch_one()

    def deal_rest(self, event: Event) -> None:
        while self.dealt < HOLE_CARDS * len(self.order):
            self._pitch_one()

    # the deal's errors (RRoP-HE 1, RRoP-IR 7, RRoP-MD; TDA24 35-A)

    def pitch_exposed(self, event: Event) -> None:
        """A hole card dealt face up: a misdeal among the first cards or the second exposed."""
        off_the_deck = self.dealt
        seat, card = self._pitch_one()
        self.exposed += 1
        if off_the_deck < self.ruleset.exposed_misdeal_cards:
            self._irregular("exposed_first_cards", event)
        elif self.exposed > 1:
            self._irregular("exposed_two_cards", event)
        else:
            self._irregular("exposed_other_card", event, cards=[card], seat=seat)

    def pitch_boxed(self, event: Event) -> None:
        """A card found face up in the deck: replaced at once; a second one is a misdeal."""
        seat, card = self._pitch_one()
        self.boxed += 1
        if self.boxed > 1:
            self._irregular("boxed_cards", event)
        else:
            self._irregular("boxed_card", event, cards=[card], seat=seat)

    def pitch_misdirected(self, event: Event) -> None:
        """A card to a seat out of turn, or to a seat with no player in the hand: a misdeal."""
        seat = event.to
        assert seat is not None
        if seat not in self.order:
            self.table.set_aside.append(self.table.stub.pop(0))
            self.dealt += 1
            self._irregular("empty_seat", event)
            return
        name = "wrong_first_seat" if self.dealt == 0 else "missed_seat"
        if event.unnoticed:  # the deal goes on clockwise from the wrong seat
            self.offset = (self.order.index(seat) - self.dealt) % len(self.order)
            self._pitch_one(seat)
            self.latent.append((name, event))
            return
        self._pitch_one(seat)
        self._irregular(name, event)

    def pitch_extra(self, event: Event) -> None:
        """A card pitched after every seat has its hand: an extra card (RRoP-HE 5)."""
        seat, card = self._pitch_one()
        self.extra += 1
        if event.unnoticed:
            self.latent.append(("extra_card", event))
            return
        if self._misdeal_pending():
            return  # already a misdeal: this card comes back with the others
        if self.extra == 1:
            self._irregular("extra_card", event, cards=[card], seat=seat)
        else:  # two extra cards in a row are one error, a misdeal
            self._irregular("extra_cards", event, record=False)

    def notice_error(self, event: Event) -> None:
        """An error made unnoticed comes to light: a misdeal before substantial action; after
        it, the deal stands, and a hand with the wrong number of cards is dead.
        """
        assert self.betting is not None
        names = [name for name, _ in self.latent]
        self.latent.clear()
        holes = self.table.holes
        if names == ["extra_card"] and self.ruleset.extra_card == "burn":
            seat = next(s for s in self.order if len(holes[s]) > HOLE_CARDS)
            self._irregular("extra_card", event, cards=[holes[seat][-1]], seat=seat)
            return  # RRoP-HE 5: the extra card is the burn card whenever it is found
        if not self.substantial_action():
            extra = names.count("extra_card")
            name = names[0] if not extra else "extra_card" if extra == 1 else "extra_cards"
            self._irregular(name, event)
            return
        wrong = [s for s in self.betting.live if len(holes[s]) != HOLE_CARDS]
        if not wrong:
            self._irregular("late_wrong_seat", event)
            return
        self._irregular("late_wrong_count", event)
        for seat in wrong:
            self.betting.kill(seat)
            self.table.to_muck(seat)

    def substantial_action(self) -> bool:
        """Has the misdeal window closed? RRoP: two players after the blinds have acted;
        TDA24 36: two actions in turn, one of them putting chips in, or any three actions.
        """
        chips_in = self.chips_in
        if self.ruleset.substantial_action == "two_players":
            return len(chips_in) >= 2
        return len(chips_in) >= 3 or (len(chips_in) == 2 and any(chips_in))

    # recovery steps

    def replace_card(self, event: Event) -> None:
        """The player gets the top card of the stub in place of the exposed or boxed card."""
        recovery = self.recoveries[0]
        seat = recovery.seat
        assert seat is not None
        hole = self.table.holes[seat]
        card = recovery.cards[0]
        hole[hole.index(card)] = self.table.stub.pop(0)
        if recovery.situation.name == "boxed_card":
            self.table.set_aside.append(card)  # a scrap of paper, not a card of the hand
        else:
            self.table.burns.append(card)  # the flop's burn card

    def retrieve_cards(self, event: Event) -> None:
        """Cards the error put out go back on top of the stub (every card, for a misdeal)."""
        recovery = self.recoveries[0]
        table = self.table
        if recovery.outcome.misdeal:
            back: list[Card] = []
            for zone in (table.board, table.burns, table.muck, table.set_aside):
                back.extend(zone)
                zone.clear()
            for seat in self.order:
                back.extend(table.holes[seat])
                table.holes[seat].clear()
            table.stub[:0] = back
            if self.actions:  # bets made since the blinds come back (TDA24 35-C)
                stacks, posted = self._blinds
                before = {seat: stacks[seat] + posted[seat] for seat in self.order}
                self.betting = Betting(self.order, before, self.spec.stakes)
                self.betting.post_blinds()
            self._new_deal()
            return
        for card in recovery.cards:
            if card in table.board:
                table.board.remove(card)
            elif recovery.seat is not None:
                table.holes[recovery.seat].remove(card)
        table.stub[:0] = recovery.cards

    def set_aside_cards(self, event: Event) -> None:
        """The premature card is taken out of play for now."""
        recovery = self.recoveries[0]
        for card in recovery.cards:
            self.table.board.remove(card)
            self.table.set_aside.append(card)

    def reshuffle_stub(self, event: Event) -> None:
        """Shuffle the stub, with the set-aside premature card back in it (never the burns)."""
        recovery = self.recoveries[0]
        set_aside = self.table.set_aside
        for card in recovery.cards:
            if card in set_aside:
                set_aside.remove(card)
                self.table.stub.append(card)
        shuffle(self.table.stub, self.rng)

    def scramble_flop(self, event: Event) -> None:
        """The flop's cards are mixed face down; one chosen at random goes to the burns."""
        table = self.table
        chosen = event.card if event.card is not None else self.rng.choice(table.board)
        table.board.remove(chosen)
        table.burns.append(chosen)
        if len(table.board) < 3:  # a flop turned without its burn: the next card completes it
            table.board.extend(table.take(3 - len(table.board)))
        assert self.betting is not None
        self.betting.start_street(Street.FLOP)

    # the board's errors (RRoP-HE 2-4, TDA24 39, RP-5)

    def burn_early(self, event: Event) -> None:
        """A burn before the betting is over: it stays, as that street's burn."""
        self.table.burns.append(self.table.stub.pop(0))
        self.burned.add(_NEXT_STREET[self.state])

    def _premature(self, name: str, count: int, event: Event) -> None:
        cards = self.table.take(count)
        self.table.board.extend(cards)
        self._irregular(name, event, cards=cards)

    def premature_flop(self, event: Event) -> None:
        self._premature("premature_flop", 3, event)

    def premature_turn(self, event: Event) -> None:
        self._premature("premature_turn", 1, event)

    def premature_river(self, event: Event) -> None:
        self._premature("premature_river", 1, event)

    def flop_too_many(self, event: Event) -> None:
        assert event.cards is not None
        self._premature("flop_too_many_cards", event.cards, event)

    def flop_without_burn(self, event: Event) -> None:
        self._premature("flop_without_burn", 3, event)

    def apply_action(self, event: Event) -> None:
        assert self.betting is not None and self._ruling is not None and event.seat is not None
        self.betting.apply(self._ruling)  # judged by verify_act just before
        self._ruling = None
        self.actions += 1
        self.chips_in.append(event.action not in _NO_CHIPS)
        if event.action is Action.FOLD:
            self.table.to_muck(event.seat)

    def burn_card(self, event: Event) -> None:
        self.table.burns.append(self.table.stub.pop(0))

    def _turn_cards(self, count: int, street: Street) -> None:
        assert self.betting is not None
        self.table.board.extend(self.table.take(count))
        self.betting.start_street(street)

    def deal_flop(self, event: Event) -> None:
        self._turn_cards(3, Street.FLOP)

    def deal_turn(self, event: Event) -> None:
        self._turn_cards(1, Street.TURN)

    def deal_river(self, event: Event) -> None:
        self._turn_cards(1, Street.RIVER)

    def show_hand(self, event: Event) -> None:
        assert event.seat is not None
        self.shown.add(event.seat)

    def record_declaration(self, event: Event) -> None:
        assert event.seat is not None
        self.declared.add(event.seat)

    def muck_hand(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        board = self.table.board
        if len(board) == 5 and hand_strength([*board, *self.table.holes[seat]]) == hand_strength(
            board
        ):
            self.board_players[seat] = event.index  # the board was this hand's best five
        self.mucked.add(seat)
        self.table.to_muck(seat)

    def award_to_last_player(self, *_: Any) -> None:
        """Everyone else folded: the last live seat takes every pot, unshown."""
        assert self.betting is not None
        pots, uncalled = build_pots(self.betting.contributed, self.betting.folded, self.order)
        self.pots, self.won = award_uncontested(pots, uncalled, self.betting.live[0])
        self._pay(uncalled)

    def award_showdown(self, *_: Any) -> None:
        """Cards speak (TDA24 12): each pot goes to the best claim among its eligible seats.

        A claim is a tabled hand, or the board for a seat that declared it. When every other
        hand has mucked, the one hand left claims without being shown, but only the pots it
        is eligible for; uncalled chips go back to whoever put them in.
        """
        assert self.betting is not None
        claimants = self._claimants()
        strengths: dict[int, int] = {}
        if claimants:
            board = self.table.board
            for seat in claimants:
                cards: list[Card] = [*board]
                if seat in self.shown:
                    cards.extend(self.table.holes[seat])
                strengths[seat] = hand_strength(cards)
        else:
            strengths[self._undecided()[0]] = 0  # the last hand: nobody contests it
        pots, uncalled = build_pots(self.betting.contributed, self.betting.folded, self.order)
        self._forfeited_board_claims(pots, strengths)
        self.pots, self.won = award(pots, strengths, self.order)
        self._pay(uncalled)

    def _forfeited_board_claims(self, pots: list[Pot], strengths: dict[int, int]) -> None:
        """A hand that played the board but mucked without a valid claim (RRoP-HE 6: declare
        first; TDA24 19: table the cards) gives up a share it would have had.
        """
        if not self.board_players:
            return
        board = hand_strength(self.table.board)
        for seat, index in self.board_players.items():
            if seat in strengths:
                continue
            for pot in pots:
                rivals = [strengths[s] for s in pot.eligible if s in strengths]
                if seat in pot.eligible and board >= max(rivals, default=0):
                    found = situation("board_not_declared")
                    rule = found.outcome(self.ruleset).rule
                    self.irregularities.append(Irregularity(found.kind, rule, index))
                    break

    def _pay(self, uncalled: dict[int, int]) -> None:
        assert self.betting is not None
        for seat in self.order:
            self.table.stacks[seat] = (
                self.betting.stacks[seat] + self.won.get(seat, 0) + uncalled.get(seat, 0)
            )
        self.awarded = True

    def start_next_hand(self, event: Event) -> None:
        self.table.button = next_seat(self._players_with_chips(), self.table.button)
        self.table.gather()
        self._new_hand_state()

    def _players_with_chips(self) -> list[int]:
        return [seat for seat, chips in self.table.stacks.items() if chips > 0]

    # --- reading the hand -----------------------------------------------------------------------

    def chips(self, seat: int) -> int:
        """A seat's chips behind right now."""
        if self.betting is None or self.awarded or seat not in self.betting.stacks:
            return self.table.stacks[seat]
        return self.betting.stacks[seat]

    def current_pots(self) -> list[Pot]:
        """The pots as they stand (awarded pots carry their winners)."""
        if self.awarded:
            return self.pots
        if self.betting is None:
            return []
        pots, uncalled = build_pots(self.betting.contributed, self.betting.folded, self.order)
        extra = sum(uncalled.values())
        if extra and pots:  # a bet not yet called is in the middle too, in the top pot
            top = pots[-1]
            pots[-1] = Pot(top.amount + extra, top.eligible, top.winners)
        elif extra:
            seats = tuple(seat for seat in self.order if uncalled.get(seat))
            pots = [Pot(extra, seats)]
        return pots

    def showing_order(self) -> list[int]:
        """Who shows first at the showdown (the last aggressor, else left of the button)."""
        if self.betting is None:
            return []
        return showdown_order(self.betting.live, self.betting.last_aggressor, self.order)

    def audit(self) -> None:
        """Prove the invariants: all 52 cards in exactly one place, no chip created or lost."""
        self.table.audit()
        if self.betting is None or self.awarded:
            total = sum(self.table.stacks.values())
        else:
            outside = sum(c for s, c in self.table.stacks.items() if s not in self.betting.stacks)
            total = outside + sum(self.betting.stacks.values()) + self.betting.pot
        if total != self.chips_total:
            raise InvariantError(f"the table holds {total} chips, not {self.chips_total}")


#: per state, the condition functions of its advance rows: the engine fires ``advance`` only
#: when one of them holds (the machine then picks the row, as the table says)
_ADVANCE_CHECKS: dict[str, tuple[Callable[[Hand], bool], ...]] = {
    state: tuple(getattr(Hand, name) for name in names)
    for state, names in ADVANCE_CONDITIONS.items()
}
