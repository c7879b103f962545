"""The dealer model: one hand at one table, judged event by event.

A :class:`Hand` is the model the shared procedure machine decorates. :meth:`Hand.handle` is
the one place that judges a scripted event:

1. the procedure table says whether the event belongs to the current step; if not, it is
   rejected with the step the procedure waits for and that step's rule;
2. ``verify_<event>`` says whether the event can happen at all (a card in the stub, a seat
   in the hand, a legal bet); if not, it is rejected with the reason;
3. otherwise the machine fires it, the callbacks below move cards and chips, and the
   procedure advances as far as its conditions allow.

A rejected event leaves the hand exactly as it was. :class:`Hand` is written out in classes it
inherits, one module each: the state it shares (:mod:`~dealer_trainer.procedure.hand_state`),
the checks of the events (:mod:`~dealer_trainer.procedure.checks`), the recovery steps
(:mod:`~dealer_trainer.procedure.recovery_steps`) and one class per group of dealer errors
(:mod:`~dealer_trainer.procedure.deal_errors`, :mod:`~dealer_trainer.procedure.board_errors`,
:mod:`~dealer_trainer.procedure.burn_errors`, :mod:`~dealer_trainer.procedure.floor_errors`,
:mod:`~dealer_trainer.procedure.player_rulings`). The recoveries under way are the hand's
:class:`~dealer_trainer.procedure.recovery.Recoveries`, which judge an event first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from dealer_trainer.betting import (
    Action,
)
from dealer_trainer.cards import Card, cut, shuffle
from dealer_trainer.errors import InvariantError, Rejected
from dealer_trainer.procedure.board_errors import BoardErrors
from dealer_trainer.procedure.burn_errors import BurnErrors
from dealer_trainer.procedure.cash_blinds import CashBlinds
from dealer_trainer.procedure.cash_pots import CashPots
from dealer_trainer.procedure.checks import Checks
from dealer_trainer.procedure.chip_conduct import ChipConduct
from dealer_trainer.procedure.deal_errors import DealErrors
from dealer_trainer.procedure.events import VOCABULARY, Event, EventName
from dealer_trainer.procedure.floor_errors import FloorErrors
from dealer_trainer.procedure.hand_state import (
    HOLE_CARDS,
    NO_CHIPS,
    Rejection,
)
from dealer_trainer.procedure.machine import (
    ADVANCE,
    ADVANCE_CONDITIONS,
    ALL_EVENTS_BY_STATE,
    EVENTS_BY_STATE,
    STATE_BY_NAME,
    STEP_EVENTS,
)
from dealer_trainer.procedure.recovery import Irregularity, Recovery
from dealer_trainer.procedure.recovery_steps import RecoverySteps
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.procedure.showing import ShowingRulings
from dealer_trainer.procedure.table_errors import TableErrors
from dealer_trainer.showdown import (
    Pot,
    award,
    award_uncontested,
    build_pots,
    hand_strength,
)
from dealer_trainer.table import dead_button_move, next_seat

__all__ = ["Hand", "Irregularity", "Rejection", "Verdict"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What became of one event: ``accepted`` or ``rejected`` (with reason and rule)."""

    event: Event
    outcome: str
    reason: str = ""
    rule: str | None = None


class Hand(
    Checks,
    DealErrors,
    BoardErrors,
    FloorErrors,
    BurnErrors,
    CashPots,
    RecoverySteps,
    CashBlinds,
    TableErrors,
    ChipConduct,
    ShowingRulings,
):
    """One table's hand (and the hands after it, through ``next_hand``).

    Its methods are the machine's conditions and callbacks, which the procedure table names as
    strings: the normal steps here, the checks of the events in :class:`Checks`, and each group
    of dealer errors in its own base class.
    """

    """One table's hand (and the hands after it, through ``next_hand``)."""

    def close(self) -> None:
        """Detach from the shared machine."""
        if self._attached:
            self._machine.remove_model(self)
            self._attached = False

    def __enter__(self) -> Hand:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

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
            self.judged_in = self.state  # the row's source, while it fires: row_error reads it
            try:
                fired = events[event.name].trigger(self, event)
            finally:
                self.judged_in = ""
            if not fired:
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

    #: per event, its check (the vocabulary names it)
    _VERIFY: ClassVar[dict[str, Callable[[Hand, Event], None]]]

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

    def shuffle_deck(self, event: Event) -> None:
        shuffle(self.table.stub, self.rng)

    def cut_deck(self, event: Event) -> None:
        stub = self.table.stub
        # a random cut leaves at least four cards in each part (TDA24 23)
        at = event.at if event.at is not None else self.rng.randint(4, len(stub) - 4)
        self.table.stub = cut(stub, at)

    def collect_blinds(self, event: Event) -> None:
        self.order = self.dealt_in()  # a cash game's seats owing blinds sit out (issue 25)
        stacks = {seat: self.table.stacks[seat] for seat in self.order}
        self.betting = self.new_betting(stacks)
        if self.table.blinds is None and self.bought is None:  # for the next hand's dead button
            small, big = self.betting.blinds
            assert small is not None
            self.table.blinds = (small, big)
        self.betting.post_blinds()
        posted = dict(self.betting.contributed)  # the antes too; a misdeal redeals them
        if self.betting.dead:  # the big blind ante, dead money, is the big blind's chips
            posted[self.betting.blinds[1]] += self.betting.dead
        self.blinds_posted = (dict(self.betting.stacks), posted)
        self.post_owed()
        self.settle_owing()
        self.dealt = 0

    def post_straddle(self, event: Event) -> None:
        """A live straddle goes in as a third blind (checked by ``verify_straddle``)."""
        assert self.betting is not None and event.seat is not None
        self.betting.straddle(event.seat, event.amount, button=self.table.button)

    def pitch_card(self, event: Event) -> None:
        self.pitch_one()

    def deal_rest(self, event: Event) -> None:
        while self.dealt < HOLE_CARDS * len(self.order):
            self.pitch_one()

    def apply_action(self, event: Event) -> None:
        self.remember_misinformed(event, self._floor)  # a wrong count acted on (LA26 139)
        self.change_due.clear()  # the change for an earlier action is made before this one
        if event.out_of_turn:
            self.hold_out_of_turn(event)
            return
        assert self.betting is not None and self._ruling is not None and event.seat is not None
        put = self.betting.contributed[event.seat]
        self.betting.apply(self._ruling)  # judged by verify_act just before
        self._ruling = None
        self.note_change(event, self.betting.contributed[event.seat] - put)
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
        if self.held or self.no_raise or self.no_fold or self.conditionals:
            self.resolve_held(event)

    def burn_card(self, event: Event) -> None:
        self.table.burns.append(self.table.stub.pop(0))

    def show_hand(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None and self.betting is not None
        if len(self.table.holes[seat]) != HOLE_CARDS:
            # a hand with the wrong number of cards, tabled: the error comes to light too late
            # for a misdeal, and the hand is dead
            self.latent.clear()
            self.irregular("late_wrong_count", event)
            self.betting.kill(seat)
            self.table.to_muck(seat)
            return
        if event.cards == 1:
            self.show_one_card(event)
            return
        self.shown.add(seat)
        self.released.discard(seat)
        self.partly_shown.discard(seat)

    def record_declaration(self, event: Event) -> None:
        assert event.seat is not None
        self.declared.add(event.seat)

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
        runs = self.award_runs(pots, strengths if claimants else {})
        self.pots, self.won = runs or award(pots, strengths, self.order)
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
        self.change_due.clear()
        if self.change_unseen:  # the pot counted out to be pushed shows a wrong change
            self.notice_change(None)

    def start_next_hand(self, event: Event) -> None:
        """The button moves on (RRoP Blinds 2), or with a dead button the big blind goes to the
        player due for it and the button and small blind fall where they must (TDA24 32)."""
        self.close_kill_run()
        self.table.button, self.table.blinds = self.next_positions()
        self.table.gather()
        self._new_hand_state()

    def next_positions(self) -> tuple[int, tuple[int, int] | None]:
        """The next hand's button, and the blinds a dead button places (None: the first two
        players left of the button). After a buy, as if the buyer had posted both blinds."""
        players, blinds = self._players_with_chips(), self.table.blinds
        if self.bought is not None:  # the buyer's and the next seat's, for a dead button
            blinds = (self.bought, next_seat(players, self.bought))
        if self.ruleset.button == "dead" and blinds is not None:
            button, small, big = dead_button_move(players, *blinds)
            return button, (small, big)
        # a moving button passes a cash game's seats owing blinds by (RRoP-BLD 5)
        sitting_in = [seat for seat in players if seat not in self.owing]
        return next_seat(sitting_in if len(sitting_in) >= 2 else players, self.table.button), None

    def chips(self, seat: int) -> int:
        """A seat's chips behind right now."""
        if self.betting is None or self.awarded or seat not in self.betting.stacks:
            return self.table.stacks[seat]
        return self.betting.stacks[seat]

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
        if self.change_gaps:
            self.audit_change()


Hand._VERIFY = {item.name: getattr(Hand, item.verify) for item in VOCABULARY}

#: per state, the condition functions of its advance rows: the engine fires ``advance`` only
#: when one of them holds (the machine then picks the row, as the table says)
_ADVANCE_CHECKS: dict[str, tuple[Callable[[Hand], bool], ...]] = {
    state: tuple(getattr(Hand, name) for name in names)
    for state, names in ADVANCE_CONDITIONS.items()
}
