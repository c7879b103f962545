"""The hand's state and its basic moves: what every part of the dealer model shares.

:class:`HandState` holds one table's hand as it stands (the cards, the betting, the errors
made and the recoveries under way) and the moves the normal steps and the dealer errors share:
pitching a card, turning the board, opening the betting, recording an error and starting its
recovery (:meth:`HandState.irregular`). The dealer model
:class:`~dealer_trainer.procedure.hand.Hand` is this state plus one class per group of dealer
errors, each a base class of it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dealer_trainer.betting import Action, Betting, Ruling, Street, blind_seats
from dealer_trainer.cards import STANDARD_DECK, Card
from dealer_trainer.declarations import FloorRuling
from dealer_trainer.errors import IllegalAction
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.machine import (
    ERRORS_BY_ROW,
    STATE_BY_NAME,
    machine,
)
from dealer_trainer.procedure.recovery import Irregularity, Recoveries, Recovery
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.procedure.script import HandScript, TableSpec
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.showdown import (
    Pot,
    build_pots,
    hand_strength,
    showdown_order,
)
from dealer_trainer.table import Table

if TYPE_CHECKING:
    from dealer_trainer.procedure.chip_rulings import Misinformed

__all__ = [
    "HOLE_CARDS",
    "NO_CHIPS",
    "HandState",
    "Held",
    "Misaward",
    "Rejection",
    "Slip",
]

#: the rule behind the showdown events
SHOWDOWN_RULE = "RRoP-HEP 9"
#: once a player is all-in and the betting is over, every hand still in is tabled
ALL_IN_TABLED_RULE = "TDA24 16"

#: how many hole cards each player gets
HOLE_CARDS = 2


#: actions that put no chips in (for substantial action, TDA24 36)
NO_CHIPS = (Action.CHECK, Action.FOLD)


@dataclass(slots=True)
class Misaward:
    """A pot pushed to the wrong player: the award as it was due, and whether anyone saw."""

    stacks: dict[int, int]
    won: dict[int, int]
    pots: list[Pot]
    seat: int
    noticed: bool


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


def tda_substantial(chips_in: Sequence[bool]) -> bool:
    """Substantial action (TDA24 36): two actions, one of them putting chips in, or any
    three."""
    return len(chips_in) >= 3 or (len(chips_in) == 2 and any(chips_in))


@dataclass(frozen=True, slots=True)
class Rejection:
    """An event the engine refused, and why."""

    event: int
    name: str
    reason: str
    rule: str | None


class HandState(ABC):
    """One table's hand as it stands, and the moves every group of dealer errors shares."""

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
        #: how many new decks came in (``deck_change`` accepted) since the script began
        self.new_decks = 0
        #: a limit cash game's run of pots won whole, carried from hand to hand: (seat, pots in
        #: a row), and the seat that owes the kill blind on this hand (LA26 195; CashPots)
        self.kill_streak: tuple[int, int] | None = None
        self.kill_owed: int | None = None
        #: while a row fires, the state the event was judged in (the row's source); else empty
        self.judged_in = ""
        #: a cash game's seats that owe blinds to come in, with what; kept until paid (issue 25)
        self.owing: dict[int, str] = dict(spec.owes)
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
        #: the seats that posted what they owe (``post``; ``button``: bought it), and the buyer
        self.posting: dict[int, str] = {}
        self.bought: int | None = None
        #: seats owing blinds the dealer dealt in anyway (LA26 161), each: ruled on yet?
        self.dealt_owing: dict[int, bool] = {}
        self.pots: list[Pot] = []
        self.won: dict[int, int] = {}
        self.awarded = False
        self.misaward: Misaward | None = None  # a pot pushed to the wrong player
        self.pushed: set[int] = set()  # the pots (by index) the dealer has pushed
        self.recovery = Recoveries()
        #: the floor's rulings on what players do (issue 18): seats away from the table when
        #: the deal ended (TDA24 30), hands let go face down not yet in the muck (TDA24 14),
        #: hands the floor ordered tabled (TDA24 17-A), hands tabled one card only (TDA24 13-A)
        self.absent: set[int] = set()
        self.released: set[int] = set()
        self.ordered: set[int] = set()
        self.partly_shown: set[int] = set()
        #: a cash game's pots (issue 25): the kill blind (seat, amount); the runs agreed, the
        #: board's length then, the later runs' new cards, each run's share of the pots awarded
        self.kill_blind: tuple[int, int] | None = None
        self.runs = 1
        self.run_from = 0
        self.later_runs: tuple[tuple[Card, ...], ...] = ()
        self.run_pots: tuple[tuple[Pot, ...], ...] = ()
        #: showing hands (issue 25): each mucked hand's cards (a called hand asked for comes
        #: back from the muck), seats whose cards the whole table has seen, and seats that
        #: showed cards to one player, owed to the table once the betting is over
        self.muck_hands: dict[int, list[Card]] = {}
        self.seen: set[int] = set()
        self.owed_show: set[int] = set()
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
        self.slips: list[Slip] = []
        #: the button dealt a card short: its seat, and where in the log the betting began
        self.short_button: tuple[int, int] | None = None
        #: actions out of turn the floor holds until the turn comes (TDA24 53; RRoP Betting 11)
        self.held: dict[int, Held] = {}
        #: seats that may not bet or raise on this turn, with the situation that limits them:
        #: freed of a check or call out of turn (RRoP Betting 11), or skipped while substantial
        #: action came in out of turn (TDA24 53-B)
        self.no_raise: dict[int, str] = {}
        #: seats that pulled back a prior bet facing a raise: bound to call or raise on this
        #: turn, with the rule (TDA24 46-B; chip_rulings.py)
        self.no_fold: dict[int, str] = {}
        #: conditional statements of future action this round ("if you bet, I raise"): the
        #: seat, the action it stated and the bet it faced then (TDA24 59-A; LA26 18)
        self.conditionals: dict[int, tuple[Action, int]] = {}
        #: seats skipped by actions out of turn this round, each with those actions (the seat
        #: that acted, whether it put chips in), until it acts; and the seats already ruled on
        #: for staying silent through substantial action out of turn (TDA24 53-B)
        self.skipped: dict[int, list[tuple[int, bool]]] = {}
        self.skipped_ruled: set[int] = set()
        #: the change due for the last action's chips pushed out beyond its bet (LA26 141):
        #: seat -> (the chips pushed out, the change due); made before anyone else acts
        self.change_due: dict[int, tuple[int, int]] = {}
        #: a wrong change not yet put right (LA26 145): seat -> the chips it holds beyond its
        #: true stack (negative: short), and the seats whose wrong change nobody noticed yet
        self.change_gaps: dict[int, int] = {}
        self.change_unseen: dict[int, Event] = {}
        #: the last action, made on a wrong count and held to the true bet (LA26 139)
        self.misinformed_act: Misinformed | None = None

    def _step_rule(self) -> str:
        return STATE_BY_NAME[self.state].rule

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

    def starting_hands_dealt(self, *_: Any) -> bool:
        return self.dealt >= HOLE_CARDS * len(self.order)

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
            cap_rule=ruleset.cap_rule,
            citations=ruleset.citations,
            straddle=self.spec.straddle,
            straddle_rule=ruleset.straddle_rule,
        )

    def _blinds_due(self, order: tuple[int, ...]) -> tuple[int | None, int] | None:
        """The blinds' seats a dead button placed or a buyer took (a dead small blind is None;
        LA26 158), or None when they are the first two players left of the button."""
        if self.bought is not None:
            return (None, self.bought)
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
        order = self.order or self.dealt_in()
        if len(order) < 2:
            return None
        return self._blinds_due(order) or blind_seats(order)

    def _turn_cards(self, count: int, street: Street) -> None:
        assert self.betting is not None
        self.held.clear()  # the round is over: no action out of turn is left to rule on
        self.no_raise.clear()
        self.no_fold.clear()
        self.conditionals.clear()
        self.skipped.clear()
        self.skipped_ruled.clear()
        self.change_due.clear()  # change is made before the next street's cards
        self.table.board.extend(self.table.take(count))
        self.betting.start_street(street)

    def deal_flop(self, event: Event) -> None:
        self._turn_cards(3, Street.FLOP)

    def deal_turn(self, event: Event) -> None:
        self._turn_cards(1, Street.TURN)

    def deal_river(self, event: Event) -> None:
        self._turn_cards(1, Street.RIVER)

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
        self.muck_hands[seat] = list(holes)
        self.table.to_muck(seat)

    def row_error(self, event: Event) -> str:
        """The dealer error the procedure table's row names for ``event`` where it was judged:
        a callback that serves several rows (a second burn on any street) records its own
        row's error, so a new row reuses the callback with no change to it."""
        names = ERRORS_BY_ROW[(event.name, self.judged_in)]
        assert len(names) == 1, f"the {event.name} row of {self.judged_in} names {names}"
        return names[0]

    def irregular(
        self,
        name: str,
        event: Event,
        *,
        cards: Sequence[Card] = (),
        seat: int | None = None,
        record: bool = True,
    ) -> None:
        """Record the dealer error ``name`` and start the recovery its rulebook requires."""
        found = situation(name)
        outcome = found.outcome(self.ruleset)
        if record:
            self.irregularities.append(Irregularity(found.kind, outcome.rule, event.index, name))
        if outcome.misdeal:  # every bet goes back as it stood, a wrong change's difference too
            self.change_gaps.clear()
            self.change_unseen.clear()
            self.change_due.clear()
            if found.kind != "misdeal" or not record:
                self.irregularities.append(Irregularity("misdeal", outcome.rule, event.index, name))
            self.misdeals += 1
        self.burned.difference_update(outcome.reburn)
        self.burned.update(outcome.burned)
        steps = list(outcome.steps)
        self.recovery.start(Recovery(found, outcome, event.index, steps, list(cards), seat))

    def substantial_action(self) -> bool:
        """Has the misdeal window closed? RRoP: two players after the blinds have acted;
        TDA24 36: two actions in turn, one of them putting chips in, or any three actions.
        """
        chips_in = self.chips_in
        if self.ruleset.substantial_action == "two_players":
            return len(chips_in) >= 2
        return tda_substantial(chips_in)

    def resolve_held(self, event: Event) -> None:
        """After an action in turn: the seat it came from has used its restricted turn, and each
        held action whose turn has come is binding if the action to it has not changed (a check,
        call or fold in between changes nothing), else it is void, its chips go back and the
        player acts again, with all options under TDA, no bet or raise after a check or call
        under Robert's Rules."""
        betting = self.betting
        assert betting is not None
        if event.seat is not None and not event.out_of_turn:
            self.no_raise.pop(event.seat, None)
            self.no_fold.pop(event.seat, None)
            self.conditionals.pop(event.seat, None)
        while (seat := betting.to_act) is not None and seat in self.held:
            held = self.held.pop(seat)
            if betting.current_bet == held.facing or held.binding:
                try:
                    ruling = betting.verify(seat, held.action, held.amount)
                except IllegalAction:
                    ruling = None
                if ruling is not None:  # binding: the chips go in as the player put them out
                    betting.apply(ruling)
                    self.actions += 1
                    self.chips_in.append(held.action not in NO_CHIPS)
                    continue
            if held.action in self.ruleset.voided_no_raise:
                self.no_raise[seat] = "action_out_of_turn"
            return

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

    def _players_with_chips(self) -> list[int]:
        return [seat for seat, chips in self.table.stacks.items() if chips > 0]

    # --- the hand's steps the dealer errors take too (procedure/hand.py and checks.py) ----------

    @abstractmethod
    def apply_action(self, event: Event) -> None:
        """A player's action, as the betting takes it."""

    @abstractmethod
    def verify_showdown(self, event: Event) -> None:
        """Can a hand be shown, mucked or let go now? (raise Rejected)"""

    @abstractmethod
    def post_owed(self) -> None:
        """A cash game's blinds owed and a kill blind, posted after the blinds (cash_blinds)."""

    @abstractmethod
    def dealt_in(self) -> tuple[int, ...]:
        """This hand's players, a cash game's seats owing blinds left out (:mod:`.cash_blinds`)."""

    @abstractmethod
    def verify_deal_owing(self, event: Event) -> None:
        """``deal: {seat}``: may the round be dealt with that seat owing blinds in? (LA26 161)"""

    @abstractmethod
    def collect_blinds(self, event: Event) -> None:
        """Post the blinds (and the antes) and start the first betting round."""
