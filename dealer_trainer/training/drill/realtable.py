"""Real-table mode: the trainee deals real cards and chips, the tablet plays the players.

A :class:`RealTable` runs hands at the drill's table (:mod:`.players`: 2 to 9 players, blinds
1/2 no-limit, stacks of 200) with the drill's simulated players. At each step it tells what
the players did ("Seat 3 raises to 8.") and asks the dealer's next operation as a
:class:`Question`, which the trainee answers after doing it with the real cards and chips:

* ``operation``: which operation comes next (shuffle, burn, the flop, the turn, the river,
  pitch, the next hand ...): the engine's own options (:func:`.options.options`), judged by
  the engine (``Hand.handle``), as the drill's picks are;
* ``pot``: when a betting round ends, the chips in the middle (every pot), a number;
* ``push``: when the hand is over, the seat or seats the pot goes to (the trainee reads the
  tabled hands, or sees who is left), checked against the engine's award.

Whatever the trainee answers, the right operation is the one played: the real table goes on
as it should. The instructor may make a dealer error at any operation question
(:meth:`RealTable.inject`, one of :meth:`RealTable.errors_now`: the engine's records of
dealer errors, those whose window and staging fit the hand now and which the ruleset lets
arise); the questions that follow ask for its recovery, step by step, until the engine has
it put right.

Everything is seeded: the same seed, the same injections and the same answers give the same
session, so a page that keeps them replays it (:meth:`RealTable.replay`). Nothing here reads
or writes a screen or a store.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from dealer_trainer.cards import parse_cards
from dealer_trainer.errors import InvariantError, ScriptError, UsageError
from dealer_trainer.procedure.events import Event, EventName
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.procedure.machine import BETTING_STATES
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.rules.rulesets import Ruleset, other_family
from dealer_trainer.setups import ready
from dealer_trainer.training.drill.injection import GROUPS, injectable, make_error
from dealer_trainer.training.drill.options import Option, dealer_events, options
from dealer_trainer.training.drill.players import (
    action_words,
    decide,
    new_table,
    showdown_move,
)
from dealer_trainer.training.drill.points import rule_title
from dealer_trainer.training.drill.table_news import blinds_words, new_table_words, shown_words
from dealer_trainer.training.labels import in_words

__all__ = ["Ask", "Checked", "Question", "RealTable", "answer_of"]

#: the most player moves between two questions (a safety stop: a hand has far fewer)
_MOST_MOVES = 10_000
#: the longest number typed as a pot
_LONGEST_NUMBER = 9


class Ask(StrEnum):
    """What a question asks for."""

    OPERATION = "operation"
    POT = "pot"
    PUSH = "push"


#: the skill each kind of question trains (:data:`dealer_trainer.store.skills.SKILLS`)
SKILL_OF = {Ask.OPERATION: "dealing", Ask.POT: "money", Ask.PUSH: "hands"}


@dataclass(frozen=True, slots=True, kw_only=True)
class Question:
    """What the tablet asks now, and what the players did since the last question."""

    number: int
    hand_number: int
    ask: Ask
    prompt: str
    lines: tuple[str, ...]
    #: an operation question's options, in the order shown
    options: tuple[Option, ...] = ()
    #: a push question's seats to pick from (every seat dealt in), and the hands tabled
    seats: tuple[int, ...] = ()
    tabled: tuple[tuple[int, tuple[str, ...]], ...] = ()
    #: the dealer error being put right (None: the procedure itself)
    situation: str | None = None
    state: str = ""

    @property
    def kind(self) -> str:
        """The kind the answer is kept under: the step or error, the pot, the push."""
        if self.ask is Ask.OPERATION:
            return f"table:{self.situation or self.state}"
        return f"table_{self.ask.value}"

    @property
    def skill(self) -> str:
        return SKILL_OF[self.ask]


@dataclass(frozen=True, slots=True, kw_only=True)
class Checked:
    """An answer checked by the engine: right or not, and the right one in words."""

    question: Question
    correct: bool
    given: str
    right: str
    reason: str = ""
    rule: str | None = None
    rule_title: str | None = None


def answer_of(question: Question, value: str | Sequence[str], cards: str = "") -> tuple[str, ...]:
    """The answer kept for ``question`` from what the trainee entered: an operation's option
    number (from 1), the pot's chips, the winning seats (or, for a push, ``cards``: the
    winning hand's hole cards typed, each split hand's too). Raises UsageError naming what is
    wrong with an entry that is no answer."""
    values = [value] if isinstance(value, str) else list(value)
    if question.ask is Ask.PUSH and cards.strip() and not any(v.strip() for v in values):
        values = [str(seat) for seat in _seats_holding(question, cards)]
    values = [text.strip() for text in values if text.strip()]
    if question.ask is Ask.OPERATION:
        if len(values) != 1 or not values[0].isdigit():
            raise UsageError("choose one of the operations listed")
        place = int(values[0])
        if not 1 <= place <= len(question.options):
            raise UsageError("that is not one of the operations listed")
        return (question.options[place - 1].event,)
    if question.ask is Ask.POT:
        if len(values) != 1:
            raise UsageError("type the chips in the pot: one whole number")
        text = values[0]
        if not (text.isascii() and text.isdigit()) or len(text) > _LONGEST_NUMBER:
            raise UsageError(f"{text[:20]!r} is not a whole number of chips")
        return (str(int(text)),)
    if not values:
        raise UsageError("pick the seat the pot goes to, or every seat of a split pot")
    seats = {str(seat) for seat in question.seats}
    if any(text not in seats for text in values):
        raise UsageError("pick only seats dealt in this hand")
    return tuple(sorted(set(values), key=int))


def _seats_holding(question: Question, text: str) -> tuple[int, ...]:
    """The seats whose tabled hands are the cards typed (both cards of each)."""
    try:
        typed = {card.text for card in parse_cards(text[:200])}
    except ScriptError as exc:
        raise UsageError(str(exc)) from None
    holding = {card: seat for seat, hole in question.tabled for card in hole}
    stray = sorted(typed - holding.keys())
    if stray:
        raise UsageError(f"{stray[0]} is not a card of a tabled hand")
    seats = sorted({holding[card] for card in typed})
    for seat, hole in question.tabled:
        if seat in seats and not set(hole) <= typed:
            raise UsageError(f"type both cards of each winning hand (seat {seat}'s)")
    return tuple(seats)


class RealTable:
    """A real-table session: questions on demand, answers checked, errors on request."""

    def __init__(self, seed: int, ruleset: Ruleset) -> None:
        self.seed = seed
        self.ruleset = ruleset
        self._rng = random.Random(seed)
        self._other = other_family(ruleset)
        self._index = 0
        self._lines: list[str] = []
        self._question: Question | None = None
        self.asked = 0
        self.hands = 0
        #: the betting round just ended: the pot is asked before the next operation
        self._pot_due = False
        #: the hand is over and its push not asked yet
        self._push_due = False
        #: the dealer errors made, by name, and the questions they were made at
        self.errors: list[str] = []
        self._injected_at: set[int] = set()
        #: the answers given, as kept (:func:`answer_of`)
        self.kept: list[tuple[str, ...]] = []
        self.checked: list[Checked] = []
        self.hand = self._new_table()

    @classmethod
    def replay(
        cls,
        seed: int,
        ruleset: Ruleset,
        answers: Sequence[Sequence[str]],
        injected: Mapping[int, str] | None = None,
    ) -> RealTable:
        """The session after ``answers`` (as kept: :func:`answer_of`), with the dealer errors
        ``injected`` (question number -> error) made where they were."""
        table = cls(seed, ruleset)
        table.go_on(answers, injected or {})
        return table

    def go_on(self, answers: Sequence[Sequence[str]], injected: Mapping[int, str]) -> None:
        """Answer ``answers`` in turn from the question now, making each error of
        ``injected`` at its question first (and the one due at the question then showing). An
        answer that no longer fits its question (an error made at it after it was answered,
        in a race of two tablets) is replaced by the engine's, so the rest stays in step."""
        for given in answers:
            self._inject_kept(injected)
            try:
                self.answer(given)
            except UsageError:
                self.answer(self.right_answer())
        self._inject_kept(injected)

    def right_answer(self) -> tuple[str, ...]:
        """The engine's own answer to the question now, as kept (:func:`answer_of`)."""
        question = self.question()
        if question.ask is Ask.POT:
            return (str(self._pot_size()),)
        if question.ask is Ask.PUSH:
            return tuple(map(str, self._winners()))
        allowed = dealer_events(self.hand)
        return (next(o.event for o in question.options if o.event in allowed),)

    def _inject_kept(self, injected: Mapping[int, str]) -> None:
        number = self.asked + 1
        name = injected.get(number)
        if name is not None and number not in self._injected_at and name in self.errors_now():
            self.inject(name)

    def close(self) -> None:
        self.hand.close()

    # --- the public face ------------------------------------------------------------------------

    def question(self) -> Question:
        """The question now (the same one again until it is answered)."""
        if self._question is None:
            self._question = self._next()
            self._lines = []
        return self._question

    def answer(self, given: Sequence[str]) -> Checked:
        """Check the kept answer ``given`` (:func:`answer_of`) and play the right operation."""
        question = self.question()
        if not given:
            raise UsageError("no answer given")
        if question.ask is not Ask.OPERATION:  # a kept pot or push is checked as entered
            given = answer_of(question, list(given))
        if question.ask is Ask.OPERATION:
            checked = self._operation(question, given[0])
        elif question.ask is Ask.POT:
            checked = self._pot(question, given[0])
        else:
            checked = self._push(question, given)
        self._question = None
        self.asked += 1
        self.checked.append(checked)
        self.kept.append(tuple(given))
        return checked

    def errors_now(self) -> tuple[str, ...]:
        """The dealer errors the instructor may make now: at an operation question of the
        procedure (no error being put right), those whose window holds the hand's state, whose
        lead-in ends here and which can arise under the ruleset on a table this size."""
        question = self.question()
        hand = self.hand
        if question.ask is not Ask.OPERATION or hand.recoveries or hand.hand_over:
            return ()
        found: list[str] = []
        for names in GROUPS.values():
            for name in names:
                item = situation(name)
                if (
                    hand.state in item.window
                    and len(hand.order) >= item.staging.players
                    and ready(hand, item.staging)
                    and name in injectable(self.ruleset)
                ):
                    found.append(name)
        return tuple(dict.fromkeys(found))

    def inject(self, name: str) -> str:
        """Make the dealer error ``name`` now (one of :meth:`errors_now`); its words. The
        question now becomes the recovery's first step."""
        if name not in self.errors_now():
            raise UsageError(f"{name!r} cannot be made at this moment")
        made = make_error(self.hand, name, self._rng, self._do)
        self.errors.append(name)
        self._injected_at.add(self.asked + 1)
        self._question = None
        self._lines.append(f"Dealer error (made by the instructor): {made.told}")
        return made.told

    # --- checking ---------------------------------------------------------------------------------

    def _operation(self, question: Question, event: str) -> Checked:
        chosen = next((o for o in question.options if o.event == event), None)
        if chosen is None:
            raise UsageError(f"{event!r} is not one of this question's operations")
        allowed = dealer_events(self.hand)
        verdict = self.hand.handle(self._event(event))
        if verdict.outcome == "accepted":
            if event not in allowed:
                raise InvariantError(f"the engine accepted {event!r}, which it did not allow")
            self._after(event)
            return Checked(question=question, correct=True, given=chosen.label, right=chosen.label)
        rights = [o for o in question.options if o.event in allowed]
        right = next((o for o in rights if o.event == "deal"), rights[0])
        said = in_words(verdict.reason, chosen.label, self.hand)
        self._do(right.event)
        self._after(right.event)
        return Checked(
            question=question,
            correct=False,
            given=chosen.label,
            right=right.label,
            reason=said,
            rule=verdict.rule,
            rule_title=rule_title(verdict.rule),
        )

    def _pot(self, question: Question, text: str) -> Checked:
        right = self._pot_size()
        self._pot_due = False
        correct = text == str(right)
        reason = "" if correct else f"the pots hold {right} in all, not {text}"
        return Checked(question=question, correct=correct, given=text, right=str(right),
                       reason=reason)  # fmt: skip

    def _push(self, question: Question, given: Sequence[str]) -> Checked:
        winners = self._winners()
        self._push_due = False
        picked = tuple(sorted({int(text) for text in given}))
        correct = picked == winners
        words = _seats_words(winners)
        reason = "" if correct else f"the engine awards the pot to {words}"
        return Checked(question=question, correct=correct, given=_seats_words(picked),
                       right=words, reason=reason)  # fmt: skip

    def _pot_size(self) -> int:
        return sum(pot.amount for pot in self.hand.current_pots())

    def _winners(self) -> tuple[int, ...]:
        return tuple(sorted(seat for seat, amount in self.hand.won.items() if amount))

    # --- running the hand -------------------------------------------------------------------------

    def _next(self) -> Question:
        for _ in range(_MOST_MOVES):
            hand = self.hand
            if hand.hand_over and self._push_due:
                return self._asking(
                    Ask.PUSH,
                    "The hand is over: push the pot. Which seat wins it (every seat of a split)?",
                    seats=tuple(sorted(hand.order)),
                    tabled=tuple(
                        (seat, tuple(card.text for card in hand.table.holes[seat]))
                        for seat in sorted(hand.shown)
                    ),
                )
            if self._pot_due and not hand.recoveries and not hand.hand_over:
                return self._asking(
                    Ask.POT, "The betting round is over: how many chips are in the pot now?"
                )
            allowed = dealer_events(hand)
            if allowed:
                recovery = hand.recoveries[0].situation.name if hand.recoveries else None
                prompt = (
                    "Put the error right: which step comes next?"
                    if recovery
                    else "Which operation comes next? Do it at the table, then tap it."
                )
                offered = options(hand, allowed, self._rng, self._other)
                return self._asking(Ask.OPERATION, prompt, offered=offered, situation=recovery)
            if "act" in hand.expected_next():
                self._act()
            elif hand.state == "showdown":
                self._show()
            elif hand.hand_over:
                self._table_breaks()
            else:
                raise InvariantError(f"the hand is stuck in {hand.state}")
        raise InvariantError("the players went on without a dealer operation")

    def _asking(self, ask: Ask, prompt: str, *, offered: tuple[Option, ...] = (),
                seats: tuple[int, ...] = (), situation: str | None = None,
                tabled: tuple[tuple[int, tuple[str, ...]], ...] = ()) -> Question:  # fmt: skip
        return Question(
            number=self.asked + 1,
            hand_number=self.hands,
            ask=ask,
            prompt=prompt,
            lines=tuple(self._lines),
            options=offered,
            seats=seats,
            tabled=tabled,
            situation=situation,
            state=self.hand.state,
        )

    def _new_table(self) -> Hand:
        hand = new_table(self._rng, self.ruleset)
        self._lines.append(new_table_words(hand))
        self._begin_hand(hand)
        return hand

    def _begin_hand(self, hand: Hand) -> None:
        self.hands += 1
        self._lines.append(f"Hand {self.hands}: the button is on seat {hand.table.button}.")

    def _table_breaks(self) -> None:
        left = [seat for seat, chips in self.hand.table.stacks.items() if chips > 0]
        self._lines.append(f"Only seat {left[0]} has chips left: the table breaks up.")
        self.hand.close()
        self.hand = self._new_table()

    def _event(self, event: Event | str) -> Event:
        self._index += 1
        if isinstance(event, str):
            return Event(name=EventName(event), index=self._index)
        return replace(event, index=self._index)

    def _do(self, event: Event | str) -> None:
        verdict = self.hand.handle(self._event(event))
        if verdict.outcome != "accepted":
            raise InvariantError(f"the engine refused the table's own {event!r}: {verdict.reason}")

    def _act(self) -> None:
        hand = self.hand
        event = decide(hand, self._rng)
        assert hand.betting is not None and event.seat is not None and event.action is not None
        before = hand.betting.bets[event.seat]
        was = hand.state
        self._do(event)
        put = hand.betting.bets.get(event.seat, 0) - before
        self._lines.append(action_words(event.seat, event.action, put, event.amount))
        self._settled(was)

    def _show(self) -> None:
        hand = self.hand
        event = showdown_move(hand, self._rng)
        self._lines.append(shown_words(hand, event))
        self._do(event)
        self._settled("showdown")

    def _settled(self, was: str) -> None:
        """After a player's move: a betting round that ended asks the pot; a hand that ended
        asks the push."""
        hand = self.hand
        if hand.hand_over:
            self._push_due = bool(self._winners())
            if hand.betting is not None and hand.betting.live_count == 1:
                self._lines.append("Everyone else has folded.")
        elif was in BETTING_STATES and hand.state not in BETTING_STATES:
            self._pot_due = True

    def _after(self, name: str) -> None:
        """After a dealer operation: the blinds posted, a new hand begun, a hand ended."""
        hand = self.hand
        if name == "next_hand":
            self._begin_hand(hand)
        elif name == "post_blinds" and hand.betting is not None:
            self._lines.append(blinds_words(hand))
        if hand.hand_over and self._winners() and not self._push_due and not self._pushed():
            self._push_due = True

    def _pushed(self) -> bool:
        return (
            bool(self.checked)
            and self.checked[-1].question.ask is Ask.PUSH
            and (self.checked[-1].question.hand_number == self.hands)
        )


def _seats_words(seats: Sequence[int]) -> str:
    if len(seats) < 2:
        return f"seat {seats[0]}" if seats else "no seat"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"
