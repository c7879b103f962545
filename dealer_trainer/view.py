"""What a person at the table sees at one moment, as plain data: one screen-free model of the
table that the terminal (:mod:`dealer_trainer.cli.table_view`) and the browser both draw.

A scenario is asked at one moment, the end of its ``setup`` (DESIGN.md, contract 2), and the
trainee sees the table as it stands then, with what the question asks hidden:

* the seats with the button and the blinds, each seat's chips behind and its bet in front
  (bets are swept into the pot when a betting round ends);
* how many hole cards each seat holds, face down unless exposed in the deal (or boxed) or
  tabled at the showdown;
* the board, the burns as a face-down count, the cards set aside, the later runs of a board
  run twice or three times (each run's own cards, beside the first board), the pot (its split
  into side pots) and whose turn it is.

:func:`table_view` builds the :class:`TableView` of a hand; :func:`trainee_view` the one of a
verified scenario, with the fact its question asks hidden (:func:`hidden_for`). A hidden
part is ``None`` in the model and named in :attr:`TableView.hidden`, so no drawing of the
model can show it. :meth:`TableView.to_dict` is JSON-ready (``scenarios show --json``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from dealer_trainer.showdown import build_pots

if TYPE_CHECKING:
    from dealer_trainer.procedure.hand import Hand

__all__ = [
    "HIDDEN_FOR_FACT",
    "Asked",
    "Proved",
    "SeatView",
    "TableView",
    "asked_before_push",
    "hand_facts",
    "hidden_for",
    "table_facts",
    "table_view",
    "trainee_view",
]

#: the parts of the view a fact question hides (drawn, they would give its answer away)
HIDDEN_FOR_FACT: dict[str, frozenset[str]] = {
    "to_act": frozenset({"to_act"}),
    "burns": frozenset({"burns"}),
    "board_cards": frozenset({"board"}),
    # the chips in the middle: the pot, and the bets in front that go into it
    "pot": frozenset({"pot", "in_front"}),
    "pots": frozenset({"pot"}),
    # a pot's amount asked (typed): the pots, and the bets in front that go into them
    "main_pot": frozenset({"pot", "in_front"}),
    "side_pot": frozenset({"pot", "in_front"}),
    # the next card's seat: the hole-card counts would point at it
    "next_card_to": frozenset({"cards"}),
}
#: the award facts that may be asked of a pot awarded and not yet pushed, when a player's
#: request after the award (``see_hand``) may have changed it (RRoP-SD 5): the view shows that
#: pot still in the middle, the winners' stacks without it
_BEFORE_PUSH = frozenset({"winners"})
#: the parts a view may hide
HIDEABLE = frozenset({"to_act", "burns", "board", "pot", "in_front", "cards"})
#: the procedure states in which a betting round is open (bets stay in front)
_BETTING_STATES = frozenset({"preflop", "flop", "turn", "river", "dealing"})


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    """One seat as the table shows it."""

    seat: int
    #: "button", "small blind", "big blind", "straddle", "kill"; a cash game's seat owing
    #: blinds: "posted" (made them up, before the blinds), "sitting out", or "owes, dealt in"
    #: (dealt in by the dealer's mistake, LA26 161)
    roles: tuple[str, ...]
    #: chips behind (a pot not yet pushed is not in them)
    chips: int
    #: the bet in front this round (None: hidden)
    in_front: int | None
    #: how many hole cards the seat holds (None: hidden)
    cards: int | None
    #: the hole cards seen face up (exposed in the deal, boxed, or tabled)
    face_up: tuple[str, ...]
    tabled: bool
    folded: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "roles": list(self.roles),
            "chips": self.chips,
            "in_front": self.in_front,
            "cards": self.cards,
            "face_up": list(self.face_up),
            "tabled": self.tabled,
            "folded": self.folded,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class TableView:
    """The table at one moment. A part named in :attr:`hidden` is ``None`` (a seat's part:
    ``None`` on every seat)."""

    button: int
    small_blind: int
    big_blind: int
    seats: tuple[SeatView, ...]
    board: tuple[str, ...] | None
    #: how many burn cards lie face down (None: hidden)
    burns: int | None
    #: hole cards seen face up in the deal, in order
    exposed: tuple[str, ...]
    #: cards set aside (a later run's cards are in :attr:`later_boards`, not here)
    set_aside: tuple[str, ...]
    #: a board run twice or three times (LA26 187): each later run's own cards, the second
    #: run's first (the cards out at the agreement are the first board's and not repeated)
    later_boards: tuple[tuple[str, ...], ...] = ()
    #: all the chips in the pots (bets still in front not included; None: hidden)
    pot: int | None
    #: the pots, main pot first (None: hidden)
    pots: tuple[int, ...] | None
    #: the seat whose turn it is (None: nobody, or hidden: see :attr:`hidden`)
    to_act: int | None
    #: cards left in the stub
    stub: int
    hidden: frozenset[str] = frozenset()

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data."""
        return {
            "button": self.button,
            "blinds": {"small": self.small_blind, "big": self.big_blind},
            "seats": [seat.to_dict() for seat in self.seats],
            "board": None if self.board is None else list(self.board),
            "burns": self.burns,
            "exposed": list(self.exposed),
            "set_aside": list(self.set_aside),
            "later_boards": [list(board) for board in self.later_boards],
            "pot": self.pot,
            "pots": None if self.pots is None else list(self.pots),
            "to_act": self.to_act,
            "stub": self.stub,
            "hidden": sorted(self.hidden),
        }

    def seat(self, number: int) -> SeatView:
        return next(seat for seat in self.seats if seat.seat == number)


class Asked(Protocol):
    """What a question asks, as far as the view cares: the fact, if any (a scenario's
    :class:`~dealer_trainer.scenario.Question`; the view never imports the scenario layer,
    which imports it)."""

    @property
    def fact(self) -> str | None: ...


class _Named(Protocol):
    @property
    def name(self) -> str: ...


class _Script(Protocol):
    @property
    def events(self) -> Sequence[_Named]: ...


class _Scenario(Protocol):
    @property
    def question(self) -> Asked: ...

    @property
    def script(self) -> _Script: ...


class Proved(Protocol):
    """A scenario proved by the engine, as far as the view cares (a
    :class:`~dealer_trainer.scenario.Verified`): its hand, the cards its setup turned face up,
    and its question."""

    @property
    def hand(self) -> Hand: ...

    @property
    def exposed(self) -> tuple[str, ...]: ...

    @property
    def seen(self) -> Hand | None: ...

    @property
    def scenario(self) -> _Scenario: ...


def hidden_for(question: Asked) -> frozenset[str]:
    """The parts of the view a question hides: those that state the fact it asks."""
    return HIDDEN_FOR_FACT.get(question.fact or "", frozenset())


def table_view(
    hand: Hand,
    face_up: Sequence[str] = (),
    hidden: frozenset[str] = frozenset(),
    *,
    unpushed: bool = False,
) -> TableView:
    """The table of ``hand`` as it stands, with ``hidden`` parts left out.

    ``face_up`` names the hole cards seen face up in the deal (exposed or boxed); a hand
    tabled at the showdown is face up too. ``unpushed``: the pots are awarded and the dealer
    has not pushed them yet: they are drawn in the middle, not in the winners' stacks.
    """
    unknown = hidden - HIDEABLE
    if unknown:
        raise ValueError(f"cannot hide {', '.join(sorted(unknown))}")
    table = hand.table
    spec = hand.spec
    betting = hand.betting
    exposed = set(face_up)
    partly = hand.partly_shown
    roles: dict[int, list[str]] = {table.button: ["button"]}
    blind_positions = hand.blind_positions()
    if blind_positions is not None:
        small, big = blind_positions
        if small is not None:  # a dead small blind is nobody's
            roles.setdefault(small, []).append("small blind")
        roles.setdefault(big, []).append("big blind")
    for seat, _ in betting.straddles if betting is not None else ():  # a live straddle
        roles.setdefault(seat, []).append("straddle")
    for seat in hand.owing:  # a cash game's seat owing blinds: posted them, or sits out
        role = "posted" if seat in hand.posting else "sitting out"
        if seat in hand.dealt_owing:  # dealt in by the dealer's mistake, still owing (LA26 161)
            role = "owes, dealt in"
        roles.setdefault(seat, []).append(role)
    if hand.kill_blind is not None:  # a kill pot's kill blind (issue 25)
        roles.setdefault(hand.kill_blind[0], []).append("kill")
    # a betting round still open keeps its bets in front; once it ends they are swept in
    round_open = (
        betting is not None
        and not hand.awarded
        and hand.state in _BETTING_STATES
        and betting.to_act is not None
    )
    shown = hand.shown if betting is not None else set()
    seats = []
    for seat in sorted(table.stacks):
        hole = table.holes.get(seat, [])
        tabled = seat in shown
        bet = betting.bets.get(seat, 0) if betting is not None and round_open else 0
        seats.append(
            SeatView(
                seat=seat,
                roles=tuple(roles.get(seat, [])),
                chips=hand.chips(seat) - (hand.won.get(seat, 0) if unpushed else 0),
                in_front=None if "in_front" in hidden else bet,
                cards=None if "cards" in hidden else len(hole),
                face_up=tuple(
                    card.text
                    for index, card in enumerate(hole)
                    # a hand tabled, a card exposed in the deal, or the one card a player
                    # turned at the showdown (no tabled hand: TDA24 13-A)
                    if tabled or card.text in exposed or (index == 0 and seat in partly)
                ),
                tabled=tabled,
                folded=betting is not None and seat in betting.folded,
            )
        )
    # once awarded, the pots are in the winners' stacks: nothing is left in the middle
    awarded = hand.awarded and not unpushed
    amounts = [] if awarded else [pot.amount for pot in hand.current_pots()]
    if betting is not None and round_open and any(betting.bets.values()):
        amounts = _swept(hand, sum(amounts))
    later = tuple(tuple(card.text for card in run) for run in hand.later_runs)
    run_cards = {card for run in hand.later_runs for card in run}
    if "board" in hidden:  # the boards asked about: the later ones too
        later = ()
    return TableView(
        button=table.button,
        small_blind=spec.stakes.small_blind,
        big_blind=spec.stakes.big_blind,
        seats=tuple(seats),
        board=None if "board" in hidden else tuple(card.text for card in table.board),
        burns=None if "burns" in hidden else len(table.burns),
        exposed=tuple(face_up),
        set_aside=tuple(card.text for card in table.set_aside if card not in run_cards),
        later_boards=later,
        pot=None if "pot" in hidden else sum(amounts),
        pots=None if "pot" in hidden else tuple(amounts),
        to_act=None if "to_act" in hidden else hand.to_act,
        stub=len(table.stub),
        hidden=hidden,
    )


def _swept(hand: Hand, total: int) -> list[int]:
    """The pots in the middle while bets are still in front: the chips of the rounds before."""
    betting = hand.betting
    assert betting is not None
    before = {
        seat: chips - betting.bets.get(seat, 0) for seat, chips in betting.contributed.items()
    }
    if not any(before.values()) and not betting.dead:  # dead money (a dead blind) is in it
        return []
    built, uncalled = build_pots(before, betting.folded, hand.order)
    amounts = [pot.amount for pot in built]
    if sum(uncalled.values()):  # a last-round bet nobody matched stays in the middle
        amounts.append(sum(uncalled.values()))
    middle = total - sum(betting.bets.values())
    return amounts if sum(amounts) == middle else [middle]


def asked_before_push(fact: str | None, hand: Hand, setup: Sequence[_Named]) -> bool:
    """Is an award fact asked once the pot is awarded and before the dealer pushes it, the
    setup ending on a player's request to see a hand (``see_hand``), which may settle the pot
    again? Only ``winners``: the seats the pot is about to go to."""
    return (
        fact in _BEFORE_PUSH
        and hand.state == "hand_over"
        and hand.awarded
        and not hand.pushed
        and bool(setup)
        and setup[-1].name == "see_hand"
    )


def trainee_view(proved: Proved) -> TableView:
    """What the trainee sees when a verified scenario is asked: the table at the end of its
    setup, with the fact its question asks hidden."""
    hand = proved.hand if proved.seen is None else proved.seen
    question = proved.scenario.question
    unpushed = asked_before_push(question.fact, hand, proved.scenario.script.events)
    return table_view(hand, proved.exposed, hidden_for(question), unpushed=unpushed)


def table_facts(proved: Proved) -> dict[str, Any]:
    """The trainee's view of a verified scenario, as JSON-ready data."""
    return trainee_view(proved).to_dict()


def hand_facts(hand: Hand, face_up: Sequence[str] = ()) -> dict[str, Any]:
    """What the dealer can see at a hand (the drill's), as JSON-ready data; ``face_up`` names
    the hole cards seen face up in the deal (exposed or boxed)."""
    return table_view(hand, face_up).to_dict()
