"""The dealer model: one hand at one table, judged event by event.

A :class:`Hand` is the model the shared procedure machine decorates. :meth:`Hand.handle` is
the one place that judges a scripted event:

1. the procedure table says whether the event belongs to the current step; if not, it is
   rejected with the step the procedure waits for and that step's rule;
2. ``verify_<event>`` says whether the event can happen at all (a card in the stub, a seat
   in the hand, a legal bet); if not, it is rejected with the reason;
3. otherwise the machine fires it, the callbacks below move cards and chips, and the
   procedure advances as far as its conditions allow.

A rejected event leaves the hand exactly as it was. The conditions and callbacks of the error
and step rows live in :mod:`dealer_trainer.procedure.dealer_errors`; the recoveries under way
are the hand's :class:`~dealer_trainer.procedure.recovery.Recoveries`, which judge an event
first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from inspect import isfunction
from typing import Any, ClassVar

from dealer_trainer.betting import (
    ROBERTS_CITATIONS,
    RULE_LIMITS,
    TDA_CITATIONS,
    Action,
    Betting,
    Citations,
    Ruling,
    Street,
    blind_seats,
)
from dealer_trainer.cards import STANDARD_DECK, Card, cut, shuffle
from dealer_trainer.declarations import FloorRuling, rule_on
from dealer_trainer.errors import InvariantError, Rejected
from dealer_trainer.procedure import dealer_errors
from dealer_trainer.procedure.dealer_errors import HOLE_CARDS, NO_CHIPS, Misaward
from dealer_trainer.procedure.events import VOCABULARY, Event, EventName
from dealer_trainer.procedure.machine import (
    ADVANCE,
    ADVANCE_CONDITIONS,
    ALL_EVENTS_BY_STATE,
    EVENTS_BY_STATE,
    STATE_BY_NAME,
    STEP_EVENTS,
    machine,
)
from dealer_trainer.procedure.recovery import Irregularity, Recoveries, Recovery
from dealer_trainer.procedure.rulings import (
    situation,
)
from dealer_trainer.procedure.script import HandScript, TableSpec
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.showdown import (
    Pot,
    award,
    award_uncontested,
    build_pots,
    hand_strength,
    showdown_order,
)
from dealer_trainer.table import Table, dead_button_move, next_seat

__all__ = ["Hand", "Irregularity", "Rejection", "Verdict"]

#: the rule behind the showdown events
SHOWDOWN_RULE = "RRoP-HEP 9"
#: per rulebook, the rule a raise refused at the limit cap cites (TDA24 48: capped heads-up too)
CAP_RULE = {"roberts": RULE_LIMITS, "tda-2024": "TDA24 48"}
#: per rulebook, the rules the other refusals of a bet size cite (and TDA 54-B's pot count)
CITATIONS: dict[str, Citations] = {"roberts": ROBERTS_CITATIONS, "tda-2024": TDA_CITATIONS}
#: once a player is all-in and the betting is over, every hand still in is tabled
ALL_IN_TABLED_RULE = "TDA24 16"


@dataclass(frozen=True, slots=True)
class Rejection:
    """An event the engine refused, and why."""

    event: int
    name: str
    reason: str
    rule: str | None


@dataclass(frozen=True, slots=True)
class Verdict:
    """What became of one event: ``accepted`` or ``rejected`` (with reason and rule)."""

    event: Event
    outcome: str
    reason: str = ""
    rule: str | None = None


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
        #: acts with words or chips (``said``, ``chips``): (event, seat, what the floor ruled)
        self.floor_rulings: list[tuple[int, int, FloorRuling]] = []
        self._floor: FloorRuling | None = None
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
        self.blinds_posted: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self.pots: list[Pot] = []
        self.won: dict[int, int] = {}
        self.awarded = False
        self.misaward: Misaward | None = None  # a pot pushed to the wrong player
        self.recovery = Recoveries()
        #: the floor's rulings on what players do (issue 18): seats away from the table when
        #: the deal ended (TDA24 30), hands let go face down not yet in the muck (TDA24 14),
        #: hands the floor ordered tabled (TDA24 17-A), hands tabled one card only (TDA24 13-A)
        self.absent: set[int] = set()
        self.released: set[int] = set()
        self.ordered: set[int] = set()
        self.partly_shown: set[int] = set()
        self.new_deal()

    def new_deal(self) -> None:
        self.dealt = 0
        self.offset = 0  # a deal begun at the wrong seat goes on clockwise from there
        self.actions = 0
        self.chips_in: list[bool] = []  # per action since the blinds: did it put chips in?
        self.latent: list[tuple[str, Event]] = []  # errors made unnoticed
        self.exposed = 0
        self.boxed = 0
        self.face_up: list[Card] = []  # hole cards seen in this deal (exposed or boxed), in order
        self.extra = 0
        self.burned: set[str] = set()
        self.button_last = False  # the button, skipped, gets the deal's last two cards
        self.stray: list[Card] = []  # cards dealt unnoticed to an empty seat
        #: board cards dealt with a burn missed or doubled, unnoticed (LA26 169; TDA24 39-B)
        self.slips: list[dealer_errors.Slip] = []
        #: the button dealt a card short: its seat, and where in the log the betting began
        self.short_button: tuple[int, int] | None = None
        #: actions out of turn the floor holds until the turn comes (TDA24 53; RRoP Betting 11)
        self.held: dict[int, dealer_errors.Held] = {}
        #: seats that may not bet or raise on this turn, with the situation that limits them:
        #: freed of a check or call out of turn (RRoP Betting 11), or skipped while substantial
        #: action came in out of turn (TDA24 53-B)
        self.no_raise: dict[int, str] = {}
        #: seats skipped by actions out of turn this round, each with those actions (the seat
        #: that acted, whether it put chips in), until it acts; and the seats already ruled on
        #: for staying silent through substantial action out of turn (TDA24 53-B)
        self.skipped: dict[int, list[tuple[int, bool]]] = {}
        self.skipped_ruled: set[int] = set()

    # --- lifetime: attach to the shared machine, detach when done ------------------------------

    def close(self) -> None:
        """Detach from the shared machine."""
        if self._attached:
            self._machine.remove_model(self)
            self._attached = False

    def __enter__(self) -> Hand:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- judging ---------------------------------------------------------------------------------

    def handle(self, event: Event) -> Verdict:
        """Judge one event: accept it (and advance the procedure) or reject it with a reason."""
        try:
            opens = 0
            stepping = bool(self.recovery.pending)
            judged = self.recovery.pending[0] if stepping else None
            if stepping:  # the recovery under way judges first, with its own rule
                event, opens = self.recovery.judge(event)
            elif (optional := self.recovery.may(event.name)) is not None:
                stepping = True  # a step the recovery just completed allows (not requires)
                if event.name != optional:
                    event = replace(event, name=EventName(optional))
            if self._procedure_refuses(event.name, stepping):
                raise self._out_of_procedure(event)
            self._VERIFY[event.name](self, event)
            events = self._machine.events
            if not events[event.name].trigger(self, event):
                raise Rejected(f"{event.describe()} cannot happen now", rule=self._step_rule())
            recovery = self.recovery  # read again: a next hand starts with a new one
            recovery.spend()
            if recovery.pending:
                if opens:
                    recovery.take(opens, judged)
                self._settle()
            while not (recovery.pending and recovery.step_due()) and self._may_advance():
                events[ADVANCE].trigger(self)
                if recovery.pending:
                    self._settle()
        except Rejected as refused:
            self._ruling = None  # an act checked but not taken (no row fired) leaves none behind
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

    def refuses(self, name: str) -> bool:
        """Would the procedure refuse an event of this name now, whatever its details?

        The first stage of :meth:`handle`, without the event: the recovery under way (its
        due step, or what its wait lets through), else the procedure table. False means the
        event may be accepted (as a step, a slip or a dealer error) or refused only for its
        details (a seat, an amount). Pure: the hand is not changed.
        """
        stepping = bool(self.recovery.pending)
        if stepping:
            performed = self.recovery.performs(name)
            if performed is None:
                return True
            name = performed
        elif (optional := self.recovery.may(name)) is not None:
            name, stepping = optional, True
        return self._procedure_refuses(name, stepping)

    def _procedure_refuses(self, name: str, stepping: bool) -> bool:
        """The procedure table's verdict: a step event out of its step (unless a recovery
        called for it), or an event no row of the current state takes."""
        state = self.state
        if not stepping and name in STEP_EVENTS and name not in EVENTS_BY_STATE[state]:
            return True
        return name not in ALL_EVENTS_BY_STATE[state]

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
        if self.recovery.pending:
            to_act = self.betting is not None and bool(self.betting.to_act)
            expected = self.recovery.expected(to_act)
            if expected is not None:
                return expected
        optional = [] if self.recovery.pending else self.recovery.optional
        events = [*optional, *EVENTS_BY_STATE[self.state]]
        if "next_hand" in events and len(self._players_with_chips()) < 2:
            events.remove("next_hand")
        if "act" in events and (self.betting is None or self.betting.to_act is None):
            events.remove("act")
        if "muck" in events and self.hands_must_be_tabled():
            events.remove("muck")
        return events

    @property
    def recoveries(self) -> list[Recovery]:
        """The recoveries under way, the one being followed first."""
        return self.recovery.pending

    def _settle(self) -> None:
        recovery = self.recovery
        if recovery.pending:
            recovery.settle(self.state, self.starting_hands_dealt())

    def recover(self, before: Event | None, index: int) -> None:
        """Perform every recovery step that has fallen due and is the engine's to take
        (``--auto-recover``): not a player's action nor a normal dealing step, and not the very
        step the next scripted event (``before``) spells out.
        """
        while (due := self.recovery.auto_step(before)) is not None:
            step = Event(name=EventName(due), index=index, auto=True)
            if self.handle(step).outcome != "accepted":
                return

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is to bet: none during the deal or once the pot is awarded."""
        betting = self.betting
        if betting is None or self.awarded or self.state == "dealing":
            return None
        return betting.to_act

    @property
    def hand_over(self) -> bool:
        return self.state == "hand_over"

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
        if event.boxed and (event.exposed or event.dropped):
            raise Rejected(
                "a card is either boxed (found face up in the deck) or exposed, not both"
            )
        if event.to is not None and (event.exposed or event.boxed or event.dropped):
            raise Rejected(
                "a card dealt to the wrong seat is judged on its own: drop 'to' or the flag"
            )
        if event.cards is not None:
            if event.cards not in (1, 2) or self.state != "dealing":
                raise Rejected(
                    "a pitch is one card; two stuck together (cards: 2) are judged in the deal"
                )
            if event.exposed or event.boxed or event.dropped or event.to is not None:
                raise Rejected("two cards stuck together are judged on their own: drop the flag")
            self.table.require(event.cards)
            return
        self.table.require(1)

    def verify_deal(self, event: Event) -> None:
        self.table.require(HOLE_CARDS * len(self.order) - self.dealt)

    def verify_act(self, event: Event) -> None:
        assert self.betting is not None and event.seat is not None and event.action is not None
        if event.seat not in self.betting.order:
            raise Rejected(f"seat {event.seat} is not in this hand")
        self._floor = None
        if event.out_of_turn:
            dealer_errors.verify_out_of_turn(self, event)
            return
        action, amount = event.action, event.amount
        if event.said is not None or event.chips is not None:  # words and chips: a floor ruling
            floor = rule_on(
                self.betting,
                event.seat,
                family=self.ruleset.family,
                said=event.said,
                amount=event.amount,
                chips=event.chips or (),
                more=event.more or (),
            )
            action, amount, self._floor = floor.action, floor.amount, floor
        ruling = self.betting.verify(event.seat, action, amount)
        if self.no_raise and event.seat in self.no_raise:
            dealer_errors.verify_no_raise(self, event, ruling)
        self._ruling = ruling

    def verify_flop(self, event: Event) -> None:
        count = 3 if event.cards is None else event.cards
        if count != 3 and (event.boxed or event.unnoticed):
            raise Rejected(f"a flop of {count} cards is judged on its own: drop the other flag")
        if event.boxed or event.unnoticed or event.exposed:
            self._verify_flags(event, count)
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
        if event.boxed or event.unnoticed or event.exposed:
            self._verify_flags(event, 1)
        self.table.require(1)

    def _verify_flags(self, event: Event, count: int) -> None:
        """A board card or a burn flagged as a dealer error: one flag, where it is judged."""
        flags = [flag for flag in ("exposed", "boxed", "unnoticed") if getattr(event, flag)]
        if len(flags) > 1:
            raise Rejected(f"{event.name}: one of {' or '.join(flags)}, not both")
        states = _FLAGGED.get((event.name, flags[0]))
        if states is None:
            raise Rejected(f"{event.name} cannot be {flags[0]}")
        if self.state not in states:
            raise Rejected(
                f"{event.name} {flags[0]} is judged only where {_FLAGGED_WHERE[flags[0]]}",
                rule=self._step_rule(),
            )
        if event.boxed:  # the boxed card and the one that takes its place
            self.table.require(count + 1)

    def verify_drop_stub(self, event: Event) -> None:
        if len(self.table.stub) < 8:
            raise Rejected("the stub is too short to be shuffled and cut (fewer than 8 cards)")

    def verify_scramble(self, event: Event) -> None:
        if event.card is not None and event.card not in self.table.board:
            raise Rejected(f"{event.card} is not on the board: the burn is one of the board cards")
        pending = self.recovery.pending
        if pending and pending[0].situation.name == "flop_without_burn":
            self.table.require(1)

    def verify_showdown(self, event: Event) -> None:
        seat = event.seat
        assert self.betting is not None and seat is not None
        if seat not in self.betting.order or seat in self.betting.folded:
            raise Rejected(f"seat {seat} has no live hand at the showdown", rule=SHOWDOWN_RULE)
        if event.cards is not None and event.cards not in (1, HOLE_CARDS):
            raise Rejected(
                f"a hand is tabled with both cards face up (or one card, half tabled), not "
                f"{event.cards}",
                rule=SHOWDOWN_RULE,
            )
        if seat in self.mucked:
            dead = dealer_errors.MUCKED_DEAD_RULE[self.ruleset.family]
            raise Rejected(f"seat {seat} has already mucked: a mucked hand is dead", rule=dead)
        if event.name != "muck" and (seat in self.released or seat in self.partly_shown):
            dealer_errors.verify_showdown_again(self, event)
        if event.name == "show" and seat in self.shown:
            raise Rejected(f"seat {seat} has already tabled the hand", rule=SHOWDOWN_RULE)
        if event.name == "declare_board" and seat in self.declared:
            raise Rejected(f"seat {seat} has already declared the board", rule=SHOWDOWN_RULE)
        if event.name == "muck" and seat in self.shown:
            raise Rejected(
                f"seat {seat} has tabled the hand: a tabled hand is read, not mucked (TDA24 12)",
                rule="TDA24 12",
            )
        if event.name in _LETTING_GO and seat in self.ordered:
            dealer_errors.refuse_ordered(self, event)
        if event.name in _LETTING_GO and self.hands_must_be_tabled():
            raise Rejected(
                f"seat {seat} cannot muck unshown: a player is all-in and the betting is over, "
                f"so every hand still in is tabled, main pot and side pots ({ALL_IN_TABLED_RULE})",
                rule=ALL_IN_TABLED_RULE,
            )

    def verify_next_hand(self, event: Event) -> None:
        if len(self._players_with_chips()) < 2:
            raise Rejected("only one player has chips left: there is no next hand")

    #: per event, its check (the vocabulary names it)
    _VERIFY: ClassVar[dict[str, Callable[[Hand, Event], None]]]

    # --- conditions (pure) ----------------------------------------------------------------------

    def starting_hands_dealt(self, *_: Any) -> bool:
        return self.dealt >= HOLE_CARDS * len(self.order)

    def one_player_left(self, *_: Any) -> bool:
        return self.betting is not None and self.betting.live_count == 1

    def betting_done(self, *_: Any) -> bool:
        betting = self.betting
        return betting is not None and (betting.round_complete or betting.betting_over)

    def tabling_early(self, *_: Any) -> bool:
        """A player is all-in, no more betting can happen and the ruleset tables all-in hands
        at once (TDA24 16): a hand may be tabled before the board is out."""
        betting = self.betting
        return betting is not None and betting.betting_over and self.hands_must_be_tabled()

    def showdown_settled(self, *_: Any) -> bool:
        """Every live hand is shown or mucked; or one live hand is left with no other claim
        against it: the last hand standing wins unshown (TDA24 17-B), so the showdown never
        runs out of live hands (a hand killed later, for a wrong card count, cannot be it).
        """
        undecided = self._undecided()
        if not undecided:
            return True
        return len(undecided) == 1 and not set(self._claimants()) - set(undecided)

    def _undecided(self) -> list[int]:
        """The live hands not yet shown or mucked. A seat that declared the board under
        Robert's Rules still holds its cards: it throws them away next (RRoP-HE 6), and its
        claim on the board stands once it has (see :meth:`_claimants`)."""
        assert self.betting is not None
        decided = self.shown | self.mucked
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

    def new_betting(self, stacks: Mapping[int, int]) -> Betting:
        """The betting of this hand's seats (``self.order``) from ``stacks``, as the ruleset
        has it: the blinds where the button rule puts them, the limit cap heads-up."""
        ruleset = self.ruleset
        return Betting(
            self.order,
            stacks,
            self.spec.stakes,
            blinds=self._blinds_due(self.order),
            heads_up_uncapped=ruleset.heads_up_raises == "unlimited",
            cap_rule=CAP_RULE[ruleset.family],
            citations=CITATIONS[ruleset.family],
        )

    def _blinds_due(self, order: tuple[int, ...]) -> tuple[int | None, int] | None:
        """The blinds' seats a dead button placed (a dead small blind is None), or None when
        they are the first two players left of the button."""
        placed = self.table.blinds
        if placed is None:
            return None
        small, big = placed
        return (small if small in order else None, big)

    def blind_positions(self) -> tuple[int | None, int] | None:
        """This hand's small and big blind seats (the small blind None when it is dead), or
        None while fewer than two players have chips."""
        if self.betting is not None:
            return self.betting.blinds
        order = self.order or self.table.players()
        if len(order) < 2:
            return None
        return self._blinds_due(order) or blind_seats(order)

    def collect_blinds(self, event: Event) -> None:
        self.order = self.table.players()
        stacks = {seat: self.table.stacks[seat] for seat in self.order}
        self.betting = self.new_betting(stacks)
        if self.table.blinds is None:  # kept for the next hand's dead button
            small, big = self.betting.blinds
            assert small is not None
            self.table.blinds = (small, big)
        self.betting.post_blinds()
        posted = dict(self.betting.contributed)  # the antes too; a misdeal redeals them
        if self.betting.dead:  # the big blind ante, dead money, is the big blind's chips
            posted[self.betting.blinds[1]] += self.betting.dead
        self.blinds_posted = (dict(self.betting.stacks), posted)
        self.dealt = 0

    def seat_to_deal(self) -> int:
        if self.button_last and self.dealt == HOLE_CARDS * len(self.order) - 1:
            return self.order[-1]  # the button, skipped in the first round, gets two in a row
        return self.order[(self.dealt + self.offset) % len(self.order)]

    def pitch_one(self, seat: int | None = None) -> tuple[int, Card]:
        if seat is None:
            seat = self.seat_to_deal()
        card = self.table.stub.pop(0)
        self.table.holes[seat].append(card)
        self.dealt += 1
        return seat, card

    def pitch_card(self, event: Event) -> None:
        self.pitch_one()

    def deal_rest(self, event: Event) -> None:
        while self.dealt < HOLE_CARDS * len(self.order):
            self.pitch_one()

    def apply_action(self, event: Event) -> None:
        if event.out_of_turn:
            dealer_errors.hold_out_of_turn(self, event)
            return
        assert self.betting is not None and self._ruling is not None and event.seat is not None
        self.betting.apply(self._ruling)  # judged by verify_act just before
        self._ruling = None
        action = event.action
        if self._floor is not None:  # what the words and chips came down to
            action = self._floor.action
            self.floor_rulings.append((event.index, event.seat, self._floor))
            self._floor = None
        self.actions += 1
        self.chips_in.append(action not in NO_CHIPS)
        if action is Action.FOLD:
            self.table.to_muck(event.seat)
        if self.skipped:  # the seat has acted: it is skipped no more
            self.skipped.pop(event.seat, None)
            self.skipped_ruled.discard(event.seat)
        if self.held or self.no_raise:
            dealer_errors.resolve_held(self, event)

    def burn_card(self, event: Event) -> None:
        self.table.burns.append(self.table.stub.pop(0))

    def _turn_cards(self, count: int, street: Street) -> None:
        assert self.betting is not None
        self.held.clear()  # the round is over: no action out of turn is left to rule on
        self.no_raise.clear()
        self.skipped.clear()
        self.skipped_ruled.clear()
        self.table.board.extend(self.table.take(count))
        self.betting.start_street(street)

    def deal_flop(self, event: Event) -> None:
        self._turn_cards(3, Street.FLOP)

    def deal_turn(self, event: Event) -> None:
        self._turn_cards(1, Street.TURN)

    def deal_river(self, event: Event) -> None:
        self._turn_cards(1, Street.RIVER)

    def show_hand(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None and self.betting is not None
        if len(self.table.holes[seat]) != HOLE_CARDS:
            # a hand with the wrong number of cards, tabled: the error comes to light too late
            # for a misdeal, and the hand is dead
            self.latent.clear()
            dealer_errors.irregular(self, "late_wrong_count", event)
            self.betting.kill(seat)
            self.table.to_muck(seat)
            return
        if event.cards == 1:
            dealer_errors.show_one_card(self, event)
            return
        self.shown.add(seat)
        self.released.discard(seat)
        self.partly_shown.discard(seat)

    def record_declaration(self, event: Event) -> None:
        assert event.seat is not None
        self.declared.add(event.seat)

    def muck_hand(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        board = self.table.board
        holes = self.table.holes[seat]
        if (
            len(board) == 5
            and len(holes) == HOLE_CARDS
            and hand_strength([*board, *holes]) == hand_strength(board)
        ):
            self.board_players[seat] = event.index  # the board was this hand's best five
        self.mucked.add(seat)
        self.released.discard(seat)
        self.table.to_muck(seat)

    def award_to_last_player(self, *_: Any) -> None:
        """Everyone else folded: the last live seat takes every pot, unshown."""
        assert self.betting is not None
        pots, uncalled = build_pots(
            self.betting.contributed, self.betting.folded, self.order, self.betting.dead
        )
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
        else:  # the last hand standing: nobody contests it (showdown_settled)
            last = self._undecided()
            assert last, "a showdown ends while one live hand is left: it cannot run out"
            strengths[last[0]] = 0
        pots, uncalled = build_pots(
            self.betting.contributed, self.betting.folded, self.order, self.betting.dead
        )
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
                    self.irregularities.append(Irregularity(found.kind, rule, index, found.name))
                    break

    def _pay(self, uncalled: dict[int, int]) -> None:
        assert self.betting is not None
        for seat in self.order:
            self.table.stacks[seat] = (
                self.betting.stacks[seat] + self.won.get(seat, 0) + uncalled.get(seat, 0)
            )
        self.awarded = True

    def start_next_hand(self, event: Event) -> None:
        """The button moves on (RRoP Blinds 2), or with a dead button the big blind goes to the
        player due for it and the button and small blind fall where they must (TDA24 32)."""
        table = self.table
        players = self._players_with_chips()
        if self.ruleset.button == "dead" and table.blinds is not None:
            table.button, small, big = dead_button_move(players, *table.blinds)
            table.blinds = (small, big)
        else:
            table.button = next_seat(players, table.button)
            table.blinds = None
        table.gather()
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
        built, uncalled = build_pots(
            self.betting.contributed, self.betting.folded, self.order, self.betting.dead
        )
        # mid-round, a call not yet made splits the chips in layers: only an all-in player's
        # stake makes a side pot, so the other layers are still one pot
        all_in = self.betting.all_in
        pots: list[Pot] = []
        for pot in built:
            if pots and not (set(pots[-1].eligible) - set(pot.eligible)) & all_in:
                pots[-1] = Pot(pots[-1].amount + pot.amount, pots[-1].eligible)
            else:
                pots.append(pot)
        extra = sum(uncalled.values())
        if extra and pots:  # a bet not yet called is in the middle too, in the top pot
            top = pots[-1]
            pots[-1] = Pot(top.amount + extra, top.eligible, top.winners)
        elif extra:
            seats = tuple(seat for seat in self.order if uncalled.get(seat))
            pots = [Pot(extra, seats)]
        return pots

    def hands_must_be_tabled(self) -> bool:
        """Whether every hand still in must be tabled, none mucked unshown: a player is all-in
        and the ruleset tables all-in hands (TDA24 16)."""
        betting = self.betting
        if betting is None or not self.ruleset.all_in_tabled or not betting.all_in:
            return False
        return any(seat not in betting.folded for seat in betting.all_in)

    def showing_order(self) -> list[int]:
        """Who shows first at the showdown (the last aggressor, else left of the button), the
        players in a side pot before a player all-in for the main pot only (RRoP Showdown 7;
        under TDA24 16 every hand is tabled at once then, in the same order)."""
        betting = self.betting
        if betting is None:
            return []
        pots: list[Pot] = []
        if betting.all_in:
            pots, _ = build_pots(betting.contributed, betting.folded, self.order, betting.dead)
        return showdown_order(betting.live, betting.last_aggressor, self.order, pots)

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


# the conditions and callbacks of the error and step rows (procedure/dealer_errors.py) are the
# hand's methods too: the machine calls each by the name the table gives it
for _name, _function in vars(dealer_errors).items():
    if isfunction(_function) and _function.__module__ == dealer_errors.__name__:
        setattr(Hand, _name, _function)

Hand._VERIFY = {item.name: getattr(Hand, item.verify) for item in VOCABULARY}

#: the showdown events by which a player gives a hand up unshown
_LETTING_GO = frozenset({"muck", "release"})

#: where a flagged board event is a dealer error the engine judges (elsewhere it is refused)
_BURNS = frozenset({"flop_burn", "turn_burn", "river_burn"})
_FLAGGED: dict[tuple[str, str], frozenset[str]] = {
    ("burn", "exposed"): _BURNS,
    ("burn", "boxed"): _BURNS,
    ("burn", "unnoticed"): frozenset({"turn_deal", "river_deal"}),  # a second burn
    ("flop", "boxed"): frozenset({"flop_deal"}),
    ("flop", "unnoticed"): frozenset({"flop_burn"}),  # no burn
    ("turn", "boxed"): frozenset({"turn_deal"}),
    ("turn", "unnoticed"): frozenset({"turn_burn"}),
    ("river", "boxed"): frozenset({"river_deal"}),
    ("river", "unnoticed"): frozenset({"river_burn"}),
}
_FLAGGED_WHERE = {
    "exposed": "a street's burn is due",
    "boxed": "that card is due",
    "unnoticed": "it is a burn error (no burn before the card, or a second burn)",
}

#: per state, the condition functions of its advance rows: the engine fires ``advance`` only
#: when one of them holds (the machine then picks the row, as the table says)
_ADVANCE_CHECKS: dict[str, tuple[Callable[[Hand], bool], ...]] = {
    state: tuple(getattr(Hand, name) for name in names)
    for state, names in ADVANCE_CONDITIONS.items()
}
