"""Stateful property tests of the dealer-error judge: random mixtures of right and wrong events.

A hypothesis state machine builds a random table (2 to 9 players among seats 1-10, so there is
always an empty seat; a random button; short and deep stacks; no-limit, pot-limit or limit;
``roberts``, ``tda-2024`` or a house ruleset file with ``exposed_misdeal_cards: 1``; a shuffled
or a stacked deck) and then sends it, in any order and at any moment:

* correct events: one of ``hand.expected_next()``, with legal arguments (a legal action and a
  legal amount for ``act``, a live seat for the showdown), alone or several in a row;
* dealer errors: a pitch exposed, boxed or to a random seat (empty seats included) or to the
  button (two cards in a row on it, TDA24 35-B, or the button skipped and dealt last), an extra
  pitch, an early burn, a premature flop, turn or river, a four-card flop, a flop without its
  burn, a misdirected or extra pitch nobody noticed and the floor's later ``notice``; two
  cards stuck together (noticed or not), a card dropped off the table, a card a player
  flashes, a hand the dealer kills, a pot pushed to a random seat (noticed or not), a foul
  deck (a joker, a duplicate, another back) and a deck found short; and the
  board's errors: a burn shown or boxed, a boxed flop, turn or river card, a turn or river
  turned without its burn or after two burns (noticed, or unnoticed until a ``notice``), a flop
  without its burn nobody noticed, the button left a card short (the betting begins, then the
  card comes late or the floor hears of it), a dropped stub (alone or mixed with the muck and
  burns); made where the judge rules on them (played on to that moment), or at any moment;
* wrong recovery steps: retrieve, set_aside, reshuffle, replace, scramble, cut, shuffle, burn,
  turn, ... (and random ``act``\\ s), whether a recovery is under way or not;
* showdown events: show, declare_board or muck for any seat, at any moment;
* the engine's own recovery, ``hand.recover(next_event_or_None, index)``.

After every event (those ``recover`` performs included) it proves that the event was judged
(accepted or rejected, no exception), that a rejected event changed nothing (the contract-1
result but ``rejected``, and every attribute of the hand), that each of the 52 cards is in
exactly one place and no chip was created or lost, that irregularities and misdeals are only
ever added, and that ``expected_next()`` is a list of event names, empty only once the hand is
over. Besides: an event ``expected_next()`` offers, with legal arguments, is accepted; and
``recover`` takes every automatic step that has fallen due, none of them rejected.

The hand runs with ``check=False``: every check here is the test's own. The budgets below
make 400 runs of up to 15 rules each (over 20 000 events) in about 8 s under the "ci"
hypothesis profile, and 4000 runs (over 200 000 events, about two minutes) under "thorough"
(docs/testing.md).
"""

from __future__ import annotations

import random
import tempfile
from collections import Counter
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule
from strategies import examples, stakes

from dealer_trainer.betting import Action
from dealer_trainer.cards import STANDARD_DECK, Card
from dealer_trainer.engine import snapshot
from dealer_trainer.handscript import EVENT_ARGS, Event, HandScript, parse_script
from dealer_trainer.procedure.events import FOUL_FINDS
from dealer_trainer.procedure.hand import Hand, Verdict
from dealer_trainer.procedure.machine import BETTING_STATES
from dealer_trainer.procedure.rulings import AUTO_STEPS

# --- budgets ------------------------------------------------------------------------------------

#: random tables (state machine runs) per test case, for the "ci" profile (tests/conftest.py;
#: "thorough" runs ten times as many)
MAX_EXAMPLES = examples(400)
#: rules applied to one table (each sends one event or more)
STEPS_PER_EXAMPLE = 15
#: the most correct events one ``send_correct_events`` step sends in a row
MAX_CORRECT_RUN = 12
#: the most correct events one ``play_on_to`` step sends to reach its street
MAX_PLAY_ON = 60

SETTINGS = settings(
    max_examples=MAX_EXAMPLES,
    stateful_step_count=STEPS_PER_EXAMPLE,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)

# --- the table ----------------------------------------------------------------------------------

#: seat numbers run 1..10: with 2 to 9 players there is always an empty seat to pitch to
MAX_SEAT = 10
SEATS = st.integers(1, MAX_SEAT)
STACKS = st.one_of(
    st.integers(1, 30),  # short: may post a blind all-in or be all-in at once
    st.integers(31, 400),
    st.integers(401, 20_000),  # deep
)
DECK = list(STANDARD_DECK)
#: the choices inside a rule: a random generator hypothesis drives and shrinks
RANDOMS = st.randoms(use_true_random=False)


def _coin(rnd: random.Random) -> bool:
    """A fair coin."""
    return rnd.random() < 0.5


#: a house ruleset on each built-in one: only the first card off the deck exposed is a misdeal
_HOUSE = "name: house-{base}\nbase: {base}\noptions:\n  exposed_misdeal_cards: 1\n"
_FOLDER = tempfile.TemporaryDirectory(prefix="dealer-trainer-house-")


@cache
def house_ruleset(base: str) -> str:
    """The path of a house ruleset file on ``base`` (written once per test run)."""
    path = Path(_FOLDER.name) / f"house-{base}.yaml"
    path.write_text(_HOUSE.format(base=base), encoding="utf-8")
    return str(path)


@st.composite
def rulesets(draw: st.DrawFn) -> str:
    choice = draw(st.sampled_from(["roberts", "tda-2024", "house:roberts", "house:tda-2024"]))
    return house_ruleset(choice[len("house:") :]) if choice.startswith("house:") else choice


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    """A ``table:`` section: 2-9 players on seats 1-10, random button, stakes and stacks."""
    count = draw(st.integers(2, 9))
    seats = sorted(draw(st.lists(SEATS, min_size=count, max_size=count, unique=True)))
    stacks = draw(st.lists(STACKS, min_size=count, max_size=count))
    table: dict[str, Any] = {
        "seats": dict(zip(seats, stacks, strict=True)),
        "button": draw(st.sampled_from(seats)),
    }
    table.update(draw(stakes()))
    table["ruleset"] = draw(rulesets())
    return table


@st.composite
def scripts(draw: st.DrawFn) -> dict[str, Any]:
    """A script with no events (they are sent one by one); a shuffled or a stacked deck."""
    script: dict[str, Any] = {
        "table": draw(tables()),
        "seed": draw(st.integers(0, 2**32)),
        "events": [],
    }
    if draw(st.booleans()):  # stacked: the script starts at post_blinds
        names = draw(st.permutations([card.text for card in STANDARD_DECK]))
        script["deck"] = names[: draw(st.integers(0, 52))]
    return script


# --- the events ---------------------------------------------------------------------------------

#: the dealer errors the judge recognises (several are one event made at different moments),
#: and the floor's ``notice`` of one made unnoticed
DEALER_ERRORS = (
    "pitch_exposed",
    "pitch_boxed",
    "pitch_to",
    "extra_pitch",
    "early_burn",
    "premature_flop",
    "premature_turn",
    "premature_river",
    "four_card_flop",
    "flop_without_burn",
    "unnoticed_pitch_to",
    "unnoticed_extra_pitch",
    "notice",
    "pitch_to_button",
    # the floor errors: stuck and dropped cards, a flashed card, a killed hand, a wrong push,
    # a foul deck, a deck found short
    "stuck_pitch",
    "unnoticed_stuck_pitch",
    "dropped_pitch",
    "flash",
    "kill",
    "wrong_push",
    "unnoticed_push",
    "foul_deck",
    "short_deck",
    "burn_exposed",
    "burn_boxed",
    "board_boxed",
    "missed_burn",
    "extra_burn",
    "unnoticed_flop_without_burn",
    "unnoticed_missed_burn",
    "unnoticed_extra_burn",
    "button_short",
    "drop_stub",
    "drop_stub_mixed",
)
#: the errors that are meaningful in each state (where the judge has a ruling for them)
ERRORS_BY_STATE: dict[str, tuple[str, ...]] = {
    "dealing": (
        "pitch_exposed",
        "pitch_boxed",
        "pitch_to",
        "unnoticed_pitch_to",
        "pitch_to_button",
        "stuck_pitch",
        "unnoticed_stuck_pitch",
        "dropped_pitch",
        "flash",
        "foul_deck",
        "button_short",
        "drop_stub",
        "notice",
    ),
    "preflop": (
        "extra_pitch",
        "unnoticed_extra_pitch",
        "early_burn",
        "premature_flop",
        "pitch_exposed",
        "pitch_to",
        "notice",
        "flash",
        "kill",
        "foul_deck",
        "drop_stub_mixed",
    ),
    "flop_burn": (
        "flop_without_burn",
        "foul_deck",
        "burn_exposed",
        "burn_boxed",
        "unnoticed_flop_without_burn",
    ),
    "flop_deal": ("four_card_flop", "board_boxed", "drop_stub"),
    "flop": ("early_burn", "premature_turn", "notice", "kill", "flash", "drop_stub_mixed"),
    "turn_burn": ("missed_burn", "unnoticed_missed_burn", "burn_exposed", "burn_boxed"),
    "turn_deal": ("extra_burn", "unnoticed_extra_burn", "board_boxed"),
    "turn": ("early_burn", "premature_river", "notice", "foul_deck", "drop_stub"),
    "river_burn": ("missed_burn", "unnoticed_missed_burn", "burn_exposed", "burn_boxed"),
    "river_deal": ("extra_burn", "unnoticed_extra_burn", "board_boxed", "drop_stub_mixed"),
    "river": ("notice", "kill"),
    "showdown": ("kill", "foul_deck"),
    "hand_over": ("wrong_push", "unnoticed_push", "short_deck", "notice"),
}
#: the errors nobody notices when they are made (the floor may ``notice`` them later)
UNNOTICED = (
    "unnoticed_pitch_to",
    "unnoticed_extra_pitch",
    "unnoticed_stuck_pitch",
    "unnoticed_push",
    "unnoticed_flop_without_burn",
    "unnoticed_missed_burn",
    "unnoticed_extra_burn",
    "button_short",
)
#: the states where a street's burn is due, where its card is due, and where a stub may drop
_BURNS = ("flop_burn", "turn_burn", "river_burn")
_DEALS = ("flop_deal", "turn_deal", "river_deal")
_DROPS = ("dealing", "preflop", "flop", "turn", *_BURNS, *_DEALS)
#: where each dealer error is judged (as an error: elsewhere it is out of procedure)
WHERE_IT_COUNTS: dict[str, tuple[str, ...]] = {
    "pitch_exposed": ("dealing",),
    "pitch_boxed": ("dealing",),
    "pitch_to": ("dealing",),
    "unnoticed_pitch_to": ("dealing",),
    "extra_pitch": ("preflop",),
    "unnoticed_extra_pitch": ("preflop",),
    "early_burn": ("preflop", "flop", "turn"),
    "premature_flop": ("preflop",),
    "premature_turn": ("flop",),
    "premature_river": ("turn",),
    "four_card_flop": ("flop_deal",),
    "flop_without_burn": ("flop_burn",),
    "pitch_to_button": ("dealing",),
    "stuck_pitch": ("dealing",),
    "unnoticed_stuck_pitch": ("dealing",),
    "dropped_pitch": ("dealing",),
    "flash": ("dealing", "preflop", "flop", "turn", "river"),
    "kill": ("preflop", "flop", "turn", "river", "showdown"),
    "wrong_push": ("hand_over",),
    "unnoticed_push": ("hand_over",),
    "foul_deck": ("dealing", "preflop", "flop_burn", "flop", "turn_deal", "river", "showdown"),
    "short_deck": ("hand_over",),
    "notice": ("dealing", "preflop", "flop", "turn", "river"),
    "burn_exposed": _BURNS,
    "burn_boxed": _BURNS,
    "board_boxed": _DEALS,
    "missed_burn": ("turn_burn", "river_burn"),
    "extra_burn": ("turn_deal", "river_deal"),
    "unnoticed_flop_without_burn": ("flop_burn",),
    "unnoticed_missed_burn": ("turn_burn", "river_burn"),
    "unnoticed_extra_burn": ("turn_deal", "river_deal"),
    "button_short": ("dealing",),
    "drop_stub": _DROPS,
    "drop_stub_mixed": _DROPS,
}
#: where the floor's ``notice`` of an unnoticed error is judged
NOTICE_STATES = (*BETTING_STATES, "hand_over")
#: the card event of each state where a street's burn or card is due
_STREET_CARD = {"flop_burn": "flop", "turn_burn": "turn", "river_burn": "river"}
_STREET_CARD.update({deal: card for burn, card in list(_STREET_CARD.items())
                     for deal in (burn.replace("burn", "deal"),)})  # fmt: skip
#: recovery steps and dealing events sent whether or not they are due
WRONG_STEPS = (
    "retrieve",
    "set_aside",
    "reshuffle",
    "replace",
    "scramble",
    "cut",
    "shuffle",
    "burn",
    "flop",
    "turn",
    "river",
    "pitch",
    "deal",
    "post_blinds",
    "next_hand",
    "notice",
    "act",
    "correct_award",
    "short_deck",
    "drop_stub",
)
SHOWDOWN_EVENTS = ("show", "declare_board", "muck", "kill", "push", "flash")
#: the states ``play_on_to`` plays a hand on to (where the board's errors can be made)
GOALS = (
    "preflop",
    "flop_burn",
    "flop_deal",
    "flop",
    "turn_burn",
    "turn_deal",
    "turn",
    "river_burn",
    "river_deal",
    "river",
    "showdown",
    "hand_over",
)
#: the actions a hand played on to a later street prefers (so that it gets there)
PASSIVE = (Action.CHECK, Action.CALL)


def _item(event: Event) -> str | dict[str, dict[str, Any]]:
    """An event as a script item (``{act: {seat: 4, action: raise, amount: 8}}``)."""
    args: dict[str, Any] = {}
    if event.seat is not None:
        args["seat"] = event.seat
    if event.action is not None:
        args["action"] = event.action.value
    for name in ("amount", "at", "cards", "to", "found"):
        if getattr(event, name) is not None:
            args[name] = getattr(event, name)
    for flag in ("exposed", "boxed", "unnoticed", "dropped", "mixed"):
        if getattr(event, flag):
            args[flag] = True
    if event.card is not None:
        args["burn"] = event.card.text
    return {event.name: args} if args else event.name


# --- the checks ---------------------------------------------------------------------------------


#: attributes of a hand that a rejected event may change: the rejection itself and the machine
_NOT_STATE = frozenset({"rejected", "_log", "_machine", "trigger", "may_trigger", "_checked"})


#: values kept as they are in a copy of the hand: immutable (cards are singletons)
_ATOMS = frozenset({int, str, float, bool, type(None), Card})


def _frozen(value: object) -> object:
    """A comparable copy of a piece of the hand: containers and objects are copied deeply;
    immutable values (numbers, cards, enums, frozen dataclasses) are kept as they are.
    """
    kind = type(value)
    if kind in _ATOMS or isinstance(value, Enum):
        return value
    if isinstance(value, list | tuple):
        items = tuple(value)
        if all(type(item) in _ATOMS for item in items):  # cards, seats: the common case
            return (kind.__name__, items)
        return (kind.__name__, tuple(_frozen(item) for item in items))
    if isinstance(value, dict):
        if all(type(item) in _ATOMS for item in value.values()):
            return dict(value)
        return {key: _frozen(item) for key, item in value.items()}
    if isinstance(value, set | frozenset):
        return frozenset(value)
    if isinstance(value, random.Random):
        return value.getstate()
    if getattr(getattr(kind, "__dataclass_params__", None), "frozen", False):
        return value
    names = getattr(kind, "__slots__", None) or vars(value)
    return (
        kind.__name__,
        {name: _frozen(getattr(value, name)) for name in names if hasattr(value, name)},
    )


def _state(hand: Hand) -> dict[str, Any]:
    """Everything a rejected event must leave alone: the contract-1 result (less ``rejected``)
    and every attribute of the hand (betting, table, recoveries under way, counters, the
    random generator...), but the list of rejections and the machine.
    """
    state = snapshot(hand)
    del state["rejected"]
    state["internals"] = {
        name: _frozen(value)
        for name, value in vars(hand).items()
        if name not in _NOT_STATE and not callable(value)
    }
    return state


def check_table(hand: Hand, chips: int, result: dict[str, Any]) -> None:
    """52 cards, each in one place; ``chips`` on the table; ``expected_next`` names events.

    ``result`` is the hand's :func:`_state` now (its contract-1 result, mostly).
    """
    hand.audit()
    places = [
        *result["stub"],
        *result["board"],
        *result["burns"],
        *result["muck"],
        *result["set_aside"],
    ]
    for info in result["seats"].values():
        places.extend(info["hole"])
    assert Counter(places) == Counter(card.text for card in STANDARD_DECK), places
    behind = sum(hand.chips(seat) for seat in hand.table.stacks)
    in_pot = hand.betting.pot if hand.betting is not None and not hand.awarded else 0
    assert behind + in_pot == chips, (behind, in_pot, chips)
    assert all(info["chips"] >= 0 for info in result["seats"].values())
    expected = hand.expected_next()
    assert isinstance(expected, list), expected
    assert all(isinstance(name, str) and name in EVENT_ARGS for name in expected), expected
    assert expected or hand.hand_over, f"stuck in {hand.state}: no event is allowed"


class CheckedHand(Hand):
    """A hand that proves the invariants around every event it judges, ``recover``'s too."""

    def __init__(self, script: HandScript) -> None:
        super().__init__(script, check=False)
        self.total = sum(self.table.stacks.values())
        self._checked = _state(self)  # the state after the last event (it is the next's before)
        check_table(self, self.total, self._checked)

    def handle(self, event: Event) -> Verdict:
        before = self._checked
        rejected, misdeals = len(self.rejected), self.misdeals
        irregularities = list(self.irregularities)
        verdict = super().handle(event)
        mark = " (auto)" if event.auto else ""
        note(f"{event.index:>3} {_item(event)}{mark} -> {verdict.outcome} {verdict.reason}")
        assert isinstance(verdict, Verdict), verdict
        assert verdict.outcome in ("accepted", "rejected"), verdict
        after = _state(self)
        if verdict.outcome == "rejected":
            assert verdict.reason, verdict
            assert len(self.rejected) == rejected + 1
            assert self.rejected[-1].reason == verdict.reason
            assert after == before, _difference(before, after)
        else:
            assert len(self.rejected) == rejected, "an accepted event recorded a rejection"
        assert self.irregularities[: len(irregularities)] == irregularities, "irregularity lost"
        assert self.misdeals >= misdeals, "the misdeal count went down"
        check_table(self, self.total, after)
        self._checked = after
        return verdict


def _difference(before: dict[str, Any], after: dict[str, Any]) -> str:
    """What a rejected event changed: each changed key, with its values before and after."""

    def short(value: object) -> str:
        text = repr(value)
        return text if len(text) <= 160 else text[:160] + "..."

    pairs = [(key, before[key], after.get(key)) for key in before if key != "internals"]
    inside = after.get("internals", {})
    keys = dict.fromkeys([*before["internals"], *inside])
    pairs.extend(
        (f"internals.{key}", before["internals"].get(key), inside.get(key)) for key in keys
    )
    changed = [f"{key}: {short(old)} -> {short(new)}" for key, old, new in pairs if old != new]
    return "a rejected event changed the hand: " + "; ".join(changed)


# --- the state machine --------------------------------------------------------------------------


class DealerErrorMixtures(RuleBasedStateMachine):
    """One random table, then any mixture of correct events, dealer errors, wrong recovery
    steps, showdown events and automatic recovery.

    The choices inside a rule come from a :func:`~hypothesis.strategies.randoms` generator
    that hypothesis drives (and shrinks): much cheaper per choice than ``st.data()``. Every
    event sent is noted, as a script item, for the failing example's report.
    """

    def __init__(self) -> None:
        super().__init__()
        self._hand: CheckedHand | None = None
        self.sent = 0

    @property
    def hand(self) -> CheckedHand:
        assert self._hand is not None
        return self._hand

    @initialize(script=scripts(), rnd=RANDOMS, first=st.sampled_from(DEALER_ERRORS))
    def build_table(self, script: dict[str, Any], rnd: random.Random, first: str) -> None:
        """The table, and a first dealer error where it counts (so every run makes one)."""
        note(f"script: {script}")
        self._hand = CheckedHand(parse_script(script))  # checks the table it starts with
        self.error_where_it_counts(rnd, first)

    def teardown(self) -> None:
        if self._hand is not None:
            for item in self._hand.irregularities:
                event(f"irregularity {item.kind}")
            event(f"{self._hand.misdeals} misdeal(s)")
            self._hand.close()

    # --- sending ------------------------------------------------------------------------------

    def send(self, made: Event) -> Verdict:
        """Judge one event (CheckedHand proves the invariants around it)."""
        self.sent += 1
        return self.hand.handle(made)

    def send_correct(self, made: Event) -> None:
        """Send an event the procedure offered: it must be accepted."""
        verdict = self.send(made)
        assert verdict.outcome == "accepted", ("expected_next offered it", verdict)

    def _event(self, name: str, **args: Any) -> Event:
        return Event(name=name, index=self.sent, **args)

    # --- correct events -----------------------------------------------------------------------

    def correct_event(self, rnd: random.Random, *, passive: bool = False) -> Event | None:
        """One of the events the procedure expects now, with legal arguments (None: none);
        ``passive``: check or call when that is legal.
        """
        hand = self.hand
        expected = hand.expected_next()
        if not expected:
            return None
        name = rnd.choice(expected)
        if name == "act":
            return self._legal_act(rnd, passive=passive)
        if name in SHOWDOWN_EVENTS:
            return self._showdown_choice(rnd)
        if name == "cut" and len(hand.table.stub) >= 2 and _coin(rnd):
            return self._event(name, at=rnd.randint(1, len(hand.table.stub) - 1))
        if name == "scramble" and hand.table.board and _coin(rnd):
            return self._event(name, card=rnd.choice(hand.table.board))
        return self._event(name)

    def _legal_act(self, rnd: random.Random, *, passive: bool = False) -> Event:
        betting = self.hand.betting
        assert betting is not None and betting.to_act is not None
        seat = betting.to_act
        legal = betting.legal_actions(seat)
        assert legal, f"seat {seat} is to act but has no legal action"
        if passive:
            legal = [action for action in legal if action in PASSIVE] or legal
        action = rnd.choice(legal)
        amount: int | None = None
        if action in (Action.BET, Action.RAISE):
            low, high = betting.min_raise_to(), betting.max_raise_to()
            assert low <= high, f"min raise {low} above max raise {high}"
            amount = rnd.choice([low, high, rnd.randint(low, high)])
        return self._event("act", seat=seat, action=action, amount=amount)

    def _showdown_choice(self, rnd: random.Random) -> Event | None:
        hand = self.hand
        assert hand.betting is not None
        choices: list[tuple[str, int]] = []
        # after an all-in, TDA24 16 tables every hand: a muck is then refused, not correct
        may_muck = not hand.hands_must_be_tabled()
        for seat in hand.betting.live:
            if seat in hand.mucked:
                continue
            if seat not in hand.shown:
                choices.append(("show", seat))
                if may_muck:
                    choices.append(("muck", seat))
            if seat not in hand.declared:
                choices.append(("declare_board", seat))
        if not choices:
            return None
        name, seat = rnd.choice(choices)
        return self._event(name, seat=seat)

    def play_on(self, rnd: random.Random, goal: str) -> None:
        """Correct events, checking and calling, until the hand (or a next hand) is at
        ``goal``, no event is allowed, or :data:`MAX_PLAY_ON` events were sent.
        """
        for _ in range(MAX_PLAY_ON):
            if self.hand.state == goal:
                return
            made = self.correct_event(rnd, passive=True)
            if made is None:
                return
            self.send_correct(made)

    # --- wrong events -------------------------------------------------------------------------

    def dealer_error(self, rnd: random.Random) -> Event:
        """A dealer error: one that fits the moment, or any one."""
        fitting = ERRORS_BY_STATE.get(self.hand.state)
        pool = fitting if fitting and _coin(rnd) else DEALER_ERRORS
        return self.error_event(rnd, rnd.choice(pool))

    def error_event(self, rnd: random.Random, kind: str) -> Event:
        """The event of one of :data:`DEALER_ERRORS`."""
        if kind == "pitch_exposed":
            return self._event("pitch", exposed=True)
        if kind == "pitch_boxed":
            return self._event("pitch", boxed=True)
        if kind == "pitch_to":
            return self._event("pitch", to=rnd.randint(1, MAX_SEAT))
        if kind == "unnoticed_pitch_to":
            return self._event("pitch", to=rnd.randint(1, MAX_SEAT), unnoticed=True)
        if kind == "extra_pitch":
            return self._event("pitch")
        if kind == "unnoticed_extra_pitch":
            return self._event("pitch", unnoticed=True)
        if kind == "notice":
            return self._event("notice")
        if kind == "pitch_to_button":  # the button, whether it is due or not (TDA24 35-B)
            hand = self.hand
            return self._event("pitch", to=hand.order[-1] if hand.order else hand.table.button)
        if kind in ("stuck_pitch", "unnoticed_stuck_pitch"):
            return self._event("pitch", cards=2, unnoticed=kind.startswith("unnoticed"))
        if kind == "dropped_pitch":
            return self._event("pitch", dropped=True)
        if kind in ("flash", "kill", "wrong_push", "unnoticed_push"):
            seats = list(self.hand.order) or [1]
            name = {"flash": "flash", "kill": "kill"}.get(kind, "push")
            return self._event(name, seat=rnd.choice(seats), unnoticed=kind == "unnoticed_push")
        if kind == "foul_deck":
            return self._event("foul_deck", found=rnd.choice(FOUL_FINDS))
        if kind == "short_deck":
            return self._event("short_deck")
        if kind == "early_burn":
            return self._event("burn")
        if kind == "four_card_flop":
            return self._event("flop", cards=rnd.choice([4, 4, 4, 5, 10]))
        board = self.board_error(rnd, kind)
        if board is not None:
            return board
        name = {
            "premature_flop": "flop",
            "premature_turn": "turn",
            "premature_river": "river",
            "flop_without_burn": "flop",
        }[kind]
        return self._event(name)

    def board_error(self, rnd: random.Random, kind: str) -> Event | None:
        """The event of a board error (a burn or street card flagged, a burn missed or
        doubled, a dropped stub, the betting begun with the button a card short), or None."""
        card = _STREET_CARD.get(self.hand.state, rnd.choice(["flop", "turn", "river"]))
        if kind in ("burn_exposed", "burn_boxed"):
            return self._event("burn", **{kind.removeprefix("burn_"): True})
        if kind == "board_boxed":
            return self._event(card, boxed=True)
        if kind in ("missed_burn", "unnoticed_missed_burn", "unnoticed_flop_without_burn"):
            return self._event(card, unnoticed=kind.startswith("unnoticed"))
        if kind in ("extra_burn", "unnoticed_extra_burn"):
            return self._event("burn", unnoticed=kind.startswith("unnoticed"))
        if kind in ("drop_stub", "drop_stub_mixed"):
            return self._event("drop_stub", mixed=kind.endswith("mixed"))
        if kind == "button_short":
            betting = self.hand.betting
            if betting is None or betting.to_act is None:
                return self._event("act", seat=rnd.randint(1, MAX_SEAT), action=Action.CALL)
            seat = betting.to_act
            legal = [action for action in betting.legal_actions(seat) if action in PASSIVE]
            return self._event("act", seat=seat, action=rnd.choice(legal or [Action.FOLD]))
        return None

    def error_where_it_counts(self, rnd: random.Random, kind: str) -> None:
        """Play on to a moment the error is judged at, a few correct events into it, and
        make the error there.
        """
        goal = rnd.choice(WHERE_IT_COUNTS[kind])
        self.play_on(rnd, goal)
        if kind == "button_short":  # every card but the button's last one, in order
            hand = self.hand
            while (
                hand.state == goal
                and hand.dealt < 2 * len(hand.order) - 1
                and "pitch" in hand.expected_next()
            ):
                self.send_correct(self._event("pitch"))
        for _ in range(rnd.randint(0, 4)):
            made = self.correct_event(rnd) if self.hand.state == goal else None
            if made is None:
                break
            self.send_correct(made)
        if self.hand.state == goal:
            self.send(self.error_event(rnd, kind))

    def wrong_step(self, rnd: random.Random) -> Event:
        """A recovery step or a dealing event, due or not, with random arguments."""
        name = rnd.choice(WRONG_STEPS)
        if name == "cut" and _coin(rnd):
            return self._event(name, at=rnd.randint(1, 51))
        if name == "scramble" and _coin(rnd):
            board = self.hand.table.board  # a board card, or any card at all
            return self._event(name, card=rnd.choice(board if board and _coin(rnd) else DECK))
        if name == "flop" and _coin(rnd):
            return self._event(name, cards=rnd.randint(1, 10))
        if name == "pitch":  # any mixture of the flags, the impossible ones too
            return self._event(
                name,
                exposed=_coin(rnd),
                boxed=_coin(rnd),
                to=rnd.randint(1, MAX_SEAT) if _coin(rnd) else None,
                unnoticed=_coin(rnd),
                dropped=_coin(rnd),
                cards=rnd.choice([None, None, 1, 2, 3]),
            )
        if name in ("burn", "flop", "turn", "river") and _coin(rnd):  # flags, right or wrong
            return self._event(name, exposed=_coin(rnd), boxed=_coin(rnd), unnoticed=_coin(rnd))
        if name == "drop_stub":
            return self._event(name, mixed=_coin(rnd))
        if name == "act":
            return self._event(
                name,
                seat=rnd.randint(1, MAX_SEAT),
                action=rnd.choice(list(Action)),
                amount=rnd.randint(1, 500) if _coin(rnd) else None,
            )
        return self._event(name)

    def showdown_event(self, rnd: random.Random) -> Event:
        """show, declare_board or muck for any seat (empty, folded or live), at any moment."""
        return self._event(rnd.choice(SHOWDOWN_EVENTS), seat=rnd.randint(1, MAX_SEAT))

    def any_event(self, rnd: random.Random) -> Event | None:
        kind = rnd.choice(["correct", "error", "step", "showdown"])
        if kind == "correct":
            return self.correct_event(rnd)
        if kind == "error":
            return self.dealer_error(rnd)
        if kind == "step":
            return self.wrong_step(rnd)
        return self.showdown_event(rnd)

    # --- rules --------------------------------------------------------------------------------

    @rule(rnd=RANDOMS)
    def send_a_correct_event(self, rnd: random.Random) -> None:
        made = self.correct_event(rnd)
        if made is not None:
            self.send_correct(made)

    @rule(rnd=RANDOMS, count=st.integers(2, MAX_CORRECT_RUN))
    def send_correct_events(self, rnd: random.Random, count: int) -> None:
        for _ in range(count):
            made = self.correct_event(rnd)
            if made is None:
                return
            self.send_correct(made)

    @rule(rnd=RANDOMS, goal=st.sampled_from(GOALS))
    def play_on_to(self, rnd: random.Random, goal: str) -> None:
        self.play_on(rnd, goal)

    @rule(rnd=RANDOMS, kind=st.sampled_from(DEALER_ERRORS))
    def make_a_dealer_error_where_it_counts(self, rnd: random.Random, kind: str) -> None:
        self.error_where_it_counts(rnd, kind)

    @rule(rnd=RANDOMS, kind=st.sampled_from(UNNOTICED), later=st.integers(0, MAX_CORRECT_RUN))
    def make_an_unnoticed_error_and_notice_it_later(
        self, rnd: random.Random, kind: str, later: int
    ) -> None:
        """An error made unnoticed, ``later`` correct events (folds too), then ``notice`` (or,
        for the short button, the late card).
        """
        self.error_where_it_counts(rnd, kind)
        for _ in range(later):
            made = self.correct_event(rnd) if self.hand.state in NOTICE_STATES else None
            if made is None:
                break
            self.send_correct(made)
        late = "pitch" if kind == "button_short" and _coin(rnd) else "notice"
        self.send(self._event(late))

    @rule(rnd=RANDOMS, skipped=st.booleans(), unnoticed=st.booleans())
    def deal_the_button_two_cards_in_a_row(
        self, rnd: random.Random, skipped: bool, unnoticed: bool
    ) -> None:
        """TDA24 35-B: the button given the first card of the second round too, or skipped in
        the first round (its card to the first seat) and dealt both cards last."""
        hand = self.hand
        self.play_on(rnd, "dealing")
        if hand.state != "dealing":
            return
        target = len(hand.order) - 1 if skipped else len(hand.order)
        while hand.state == "dealing" and hand.dealt < target:
            if "pitch" not in hand.expected_next():
                return
            self.send_correct(self._event("pitch"))
        if hand.state == "dealing" and hand.dealt == target:
            seat = hand.order[0] if skipped else hand.order[-1]
            self.send(self._event("pitch", to=seat, unnoticed=unnoticed))

    @rule(rnd=RANDOMS)
    def make_a_dealer_error(self, rnd: random.Random) -> None:
        self.send(self.dealer_error(rnd))

    @rule(rnd=RANDOMS)
    def send_a_wrong_recovery_step(self, rnd: random.Random) -> None:
        self.send(self.wrong_step(rnd))

    @rule(rnd=RANDOMS)
    def send_a_showdown_event(self, rnd: random.Random) -> None:
        self.send(self.showdown_event(rnd))

    @rule(rnd=RANDOMS)
    def recover_automatically(self, rnd: random.Random) -> None:
        """``hand.recover(next, index)`` before a random next event (or at the script's end)."""
        following = self.any_event(rnd) if _coin(rnd) else None
        index = following.index if following is not None else self.sent
        note(f"recover before {None if following is None else _item(following)}")
        hand, rejected = self.hand, len(self.hand.rejected)
        hand.recover(following, index)
        assert len(hand.rejected) == rejected, f"an automatic step was rejected: {hand.log[-1]}"
        if following is None:  # at the end of a script: every step the engine takes is taken
            due = hand.recoveries[0].due() if hand.recoveries else None
            assert due not in AUTO_STEPS, f"auto-recover left {due} to do"
        else:
            self.send(following)


#: every event judged (accepted, or rejected changing nothing), all 52 cards and every chip
#: accounted for, irregularities and misdeals only ever added, after every event of any mixture
TestEveryDealerErrorMixtureAccountsForAll52Cards = DealerErrorMixtures.TestCase
TestEveryDealerErrorMixtureAccountsForAll52Cards.settings = SETTINGS
TestEveryDealerErrorMixtureAccountsForAll52Cards.pytestmark = [pytest.mark.slow]
