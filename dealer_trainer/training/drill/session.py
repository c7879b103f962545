"""The drill session: endless practice on hands the engine deals, the trainee the dealer.

A :class:`Drill` seats 2 to 9 players at a ten-seat table (blinds 1/2 no-limit, stacks of
200, a random button), shuffles a real deck and plays hand after hand. The players' decisions
(act, show, muck) are the drill's own, seeded: mostly calls and checks, now and then a fold,
a bet or a raise. Every dealer decision is the trainee's:

* :meth:`Drill.point` runs the hand on to the next moment where the dealer acts and returns a
  :class:`Point`: what happened since the last one, the table, and the options. The options
  are the dealer events the engine allows now (``Hand.expected_next()``, players' events left
  out) mixed with two or three tempting ones the engine would refuse now (the street after the
  next, a burn where a card is due, the other rulebook's recovery step, dealing on after an
  error ...), shuffled, each worded as a dealer says it.
* :meth:`Drill.choose` hands the pick to the engine (``Hand.handle``): accepted is right;
  refused is wrong, and the :class:`Judgement` carries the engine's reason and rule, and the
  right option, which the drill then applies so that the hand goes on.
* At a moment where a dealer error can happen (the deal, the flop, the turn, the river), with
  probability ``rate``, the drill makes one itself (:mod:`.injection`): the engine's records
  of dealer errors say which ones exist and how each is brought about, the ruleset says
  which can arise, and the drill picks one, a seat and a moment at random. From then on the
  trainee picks the recovery, one step at a time: during a recovery ``expected_next()`` is the
  step that is due.
* :meth:`Drill.summary` counts the points, the right picks, the hands dealt, the dealer errors
  met and the misses. The ``mode`` (:mod:`.modes`) says whether the drill tells its errors
  (``learn``, the default, and ``guided``) or leaves them to be spotted (``practice``,
  ``table-ready``: the floor, :data:`.modes.FLOOR`, is right at the error's first wrong moment,
  a false alarm elsewhere); each pick's time is graded for its skill (:mod:`.pace`).

:mod:`.players` plays the players' part, :mod:`.injection` makes the dealer errors,
:mod:`.options` builds each point's options. Everything is seeded: the same seed and the same
picks give the same drill. Nothing here reads or writes a screen; ``dealer_trainer.cli.drill``
is the command.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

from dealer_trainer.errors import InvariantError, UsageError
from dealer_trainer.procedure.events import PLAYER_EVENTS, Event, EventName
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.rules.rulesets import BUILTIN, Ruleset, other_family
from dealer_trainer.training.drill.decoys import DECOY_RATE, Decoys
from dealer_trainer.training.drill.injection import Injector, Made
from dealer_trainer.training.drill.modes import FLOOR, Mode, ModeSpec, mode_named
from dealer_trainer.training.drill.options import (
    Option,
    floor_option,
    options,
    unspotted_options,
)
from dealer_trainer.training.drill.pace import Mastery, Speed, grade
from dealer_trainer.training.drill.players import (
    action_words,
    decide,
    new_table,
    showdown_move,
)
from dealer_trainer.training.drill.points import (
    SPOTTING,
    ErrorMiss,
    Judgement,
    Miss,
    Point,
    Summary,
    floor_judgement,
    rule_title,
    situation_title,
    topic_of,
)
from dealer_trainer.training.drill.table_news import (
    blinds_posted,
    hand_begun,
    new_table_words,
    shown_words,
)
from dealer_trainer.training.labels import in_words
from dealer_trainer.training.recorder import Recorder
from dealer_trainer.training.summary import Mark

if TYPE_CHECKING:
    from dealer_trainer.store import Store

__all__ = [
    "DEFAULT_RATE",
    "Drill",
    "DrillError",
    "ErrorMiss",
    "Judgement",
    "Miss",
    "Mode",
    "Point",
    "Summary",
    "situation_title",
    "topic_of",
]

DEFAULT_RATE = 0.25


#: a drill that cannot be set up, or a pick that is not one of the options (exit 2)
DrillError = UsageError


class Drill:
    """A drill: hand after hand at one table (a new one when it breaks up), points on demand."""

    def __init__(
        self,
        seed: int | None = None,
        rate: float | None = None,
        ruleset: Ruleset | str = "roberts",
        *,
        store: Store | None = None,
        trainee: str = "",
        mode: Mode | str = Mode.LEARN,
    ) -> None:
        self.spec: ModeSpec = mode_named(mode)
        if rate is None:
            rate = self.spec.rate
        if not 0.0 <= rate <= 1.0:
            raise DrillError(f"the error rate must be from 0 to 1, not {rate}")
        if isinstance(ruleset, str):
            if ruleset not in BUILTIN:
                raise DrillError(
                    f"unknown ruleset {ruleset!r}; built in: {', '.join(BUILTIN)}"
                    " (or pass a house Ruleset)"
                )
            ruleset = BUILTIN[ruleset]
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.rate = rate
        self.ruleset = ruleset
        self._rng = random.Random(self.seed)
        self._other = other_family(ruleset)
        self.store = store
        self.trainee = trainee
        #: every pick is recorded here (and saved to the store as it is made)
        self.recorder = Recorder(trainee, "drill", store)
        self._index = 0
        self._lines: list[str] = []
        self._point: Point | None = None
        self._hands = 0
        self._errors: Counter[str] = Counter()
        self._injector = Injector(self._rng, rate, ruleset, per_hand=self.spec.per_hand)
        #: correct moves told as an untold error is (the unannounced modes: no tell)
        self.decoys = Decoys(self._rng, 0.0 if self.spec.announced else DECOY_RATE)
        #: the untold error waiting at the next point to be spotted
        self._unspotted: Made | None = None
        self._spotted = 0
        self._missed: list[ErrorMiss] = []
        self._false_alarms: list[int] = []
        #: per skill: attempts and right ones (kept as they come: the summary stays cheap)
        self._skills: dict[str, tuple[int, int]] = {}
        self._speeds: Counter[str] = Counter({speed.value: 0 for speed in Speed})
        self._reported = False  # the award of the current hand has been told
        self.hands: list[Hand] = []  # every table's hand, the current one last
        self.hand = self._new_table()

    # --- lifetime -----------------------------------------------------------------------------

    def close(self) -> None:
        """End the store's session (if any) and detach the current hand from the machine."""
        self.recorder.finish()
        self.hand.close()

    def __enter__(self) -> Drill:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- the public face ------------------------------------------------------------------------

    def point(self) -> Point:
        """The next point (the same one again until a pick is made)."""
        if self._point is None:
            allowed = self._advance()
            hand = self.hand
            recovery = hand.recoveries[0] if hand.recoveries else None
            spot = self._unspotted.name if self._unspotted is not None else None
            offered: tuple[Option, ...]
            if spot is not None:
                offered = unspotted_options(hand, allowed, self._rng)
            else:
                offered = options(hand, allowed, self._rng, self._other)
                if not self.spec.announced:
                    offered = (*offered, floor_option())
            name = recovery.situation.name if recovery is not None and spot is None else None
            self._point = Point(
                number=len(self.recorder.marks) + 1,
                hand_number=self._hands,
                hand=hand,
                lines=tuple(self._lines),
                options=offered,
                allowed=tuple(allowed),
                situation=name,
                exposed=tuple(card.text for card in hand.face_up),
                state=hand.state,
                spot=spot,
                hint=self._hint(name),
            )
            self._lines = []
        return self._point

    def choose(self, option: Option, seconds: float | None = None) -> Judgement:
        """Judge a pick of the current point by the engine; apply the right move if it was not.

        With a store, the pick is recorded (and committed) before this returns; ``seconds`` is
        the time the trainee took.
        """
        point = self.point()
        if option not in point.options:
            raise DrillError(f"{option.label!r} is not one of this point's options")
        if point.spot is not None or option.event == FLOOR:
            return self._judged(point, self._floor(point, option), seconds)
        verdict = self.hand.handle(self._event(option.event))
        right = option
        reason, said, rule = "", "", None
        if verdict.outcome == "accepted":
            if option.event not in point.allowed:
                raise InvariantError(
                    f"the drill offered {option.event!r} as a wrong move in {point.state}, "
                    "but the engine accepted it"
                )
            correct = True
        else:
            if option.event in point.allowed:
                raise InvariantError(
                    f"the engine allowed {option.event!r} in {point.state} but refused it: "
                    f"{verdict.reason}"
                )
            correct = False
            reason, rule = verdict.reason, verdict.rule
            said = in_words(reason, option.label, self.hand)
            right = self._primary(point)
            self._do(right.event)
        self._after_dealer_event(right.event)
        judgement = Judgement(
            correct=correct,
            given=option,
            right=right,
            reason=reason,
            rule=rule,
            rule_title=rule_title(rule),
            item=point.item,
            topic=point.topic,
            situation=point.situation,
            said=said,
        )
        return self._judged(point, judgement, seconds)

    def _judged(self, point: Point, judgement: Judgement, seconds: float | None) -> Judgement:
        """Time, count and record a judged pick; the next point follows."""
        self._point = None
        speed = grade(seconds, point.kind)
        skill = SPOTTING if judgement.false_alarm else point.skill
        judgement = replace(judgement, seconds=seconds, speed=speed, kind=point.kind, skill=skill)
        self._speeds[speed.value] += 1
        tried, right_ones = self._skills.get(skill, (0, 0))
        self._skills[skill] = (tried + 1, right_ones + judgement.correct)
        if judgement.false_alarm:
            self._false_alarms.append(point.number)
        option, right, correct = judgement.given, judgement.right, judgement.correct
        reason, rule = judgement.reason, judgement.rule
        self.recorder.record(
            Mark(
                item=point.item,
                topic=point.topic,
                correct=correct,
                given=option.label,
                expected=right.label,
                title=situation_title(point.situation) if point.situation else "",
                number=point.number,
                reason=reason,
                rule=rule,
                rule_title=judgement.rule_title or "",
                ruleset=self.ruleset.name,
                seconds=seconds,
            )
        )
        return judgement

    def _floor(self, point: Point, option: Option) -> Judgement:
        """Judge a pick where the floor is due (an untold error) or the floor called.

        At the first wrong moment the floor is right and anything else a missed error; the
        pick is not played, and the error is told from here on. The floor where nothing untold
        is wrong is a false alarm: the right move is made, as after any wrong pick.
        """
        made = self._unspotted
        if point.spot is not None and made is not None:
            self._unspotted = None
            found = situation(made.name)
            rule = found.outcome(self.ruleset).rule
            if option.event == FLOOR:
                self._spotted += 1
                self._lines.append(f"Floor called, rightly: {made.told}")
                return floor_judgement(point, option, option, correct=True, rule=rule)
            self._missed.append(
                ErrorMiss(point=point.number, error=made.name, title=found.title, rule=rule)
            )
            self._lines.append(f"The floor was called for you: {made.told}")
            reason = (
                f"something was wrong: {made.told[:1].lower()}{made.told[1:]} The floor is "
                "called at once, before the hand goes on"
            )
            return floor_judgement(
                point, option, floor_option(), correct=False, rule=rule, reason=reason
            )
        right = self._primary(point)
        self._do(right.event)
        self._after_dealer_event(right.event)
        reason = f"nothing was wrong here: the hand was in order, and {right.label!r} was due"
        return floor_judgement(
            point, option, right, correct=False, rule=None, reason=reason, false_alarm=True
        )

    def _hint(self, name: str | None) -> str | None:
        """Guided mode, during a recovery: the rule to look at."""
        if not self.spec.hints or name is None:
            return None
        rule = situation(name).outcome(self.ruleset).rule
        title = rule_title(rule)
        return f"Look at rule {rule}" + (f": {title}" if title else "")

    def summary(self) -> Summary:
        """The drill so far: the recorder's picks, and the drill's own facts beside them."""
        marks = self.recorder.marks
        return Summary(
            seed=self.seed,
            ruleset=self.ruleset.name,
            rate=self.rate,
            points=len(marks),
            right=sum(mark.correct for mark in marks),
            hands=self._hands,
            errors=dict(self._errors),
            misses=tuple(Miss.of(mark) for mark in marks if not mark.correct),
            mode=self.spec.mode.value,
            spotted=self._spotted,
            missed_errors=tuple(self._missed),
            false_alarms=tuple(self._false_alarms),
            skills={k: Mastery(attempts=n, right=r) for k, (n, r) in self._skills.items()},
            speeds=dict(self._speeds),
        )

    # --- tables and hands ---------------------------------------------------------------------

    def _new_table(self) -> Hand:
        hand = new_table(self._rng, self.ruleset)
        self.hands.append(hand)
        self._lines.append(new_table_words(hand))
        self._begin_hand(hand)
        return hand

    def _begin_hand(self, hand: Hand) -> None:
        self._hands += 1
        self._injector.new_hand()
        self.decoys.new_hand()
        self._reported = False
        self._lines.extend(hand_begun(hand, self._hands, lambda event: self._handled(hand, event)))

    def _handled(self, hand: Hand, event: Event | str) -> None:
        """Play an event the drill makes on ``hand`` (a new table's, before it is the drill's)."""
        verdict = hand.handle(self._event(event))
        if verdict.outcome != "accepted":
            raise InvariantError(f"the engine refused the drill's own {event!r}: {verdict.reason}")

    def _event(self, event: Event | str) -> Event:
        """An event (or a bare event name) numbered as the drill's next."""
        self._index += 1
        if isinstance(event, str):
            return Event(name=EventName(event), index=self._index)
        return replace(event, index=self._index)

    def _do(self, event: Event | str) -> None:
        """Play an event the drill itself makes (a player's, a dealer error, a right move)."""
        self._handled(
            self.hand, event if isinstance(event, Event) else Event(name=EventName(event))
        )

    # --- running the hand to the next point ----------------------------------------------------

    def _advance(self) -> list[str]:
        """Play the players' part (and any planned dealer error) up to the next dealer point;
        return the dealer events the engine allows there.
        """
        for _ in range(10_000):
            self._tell_award()
            self._moment()
            hand = self.hand
            allowed = hand.expected_next()
            dealer = [name for name in allowed if name not in PLAYER_EVENTS]
            if dealer:
                return dealer
            if "act" in allowed:
                self._act()
            elif hand.state == "showdown":
                self._show()
            elif hand.hand_over:
                self._table_breaks()
            else:
                raise InvariantError(
                    f"the hand is stuck in {hand.state}: the engine allows nothing "
                    f"(recoveries: {[r.situation.name for r in hand.recoveries]})"
                )
        raise InvariantError("the players went on for 10000 moves without a dealer point")

    def _table_breaks(self) -> None:
        hand = self.hand
        left = [seat for seat, chips in hand.table.stacks.items() if chips > 0]
        self._lines.append(f"Only seat {left[0]} has chips left: the table breaks up.")
        hand.close()
        self.hand = self._new_table()

    def _act(self) -> None:
        """The player to act decides; the drill tells what they did."""
        hand = self.hand
        event = decide(hand, self._rng)
        assert hand.betting is not None and event.seat is not None and event.action is not None
        before = hand.betting.bets[event.seat]
        self._injector.player_acts(hand)
        self._do(event)
        put = hand.betting.bets.get(event.seat, 0) - before
        self._lines.append(action_words(event.seat, event.action, put, event.amount))

    def _show(self) -> None:
        hand = self.hand
        event = showdown_move(hand, self._rng)
        self._lines.append(shown_words(hand, event))
        self._do(event)

    def _tell_award(self) -> None:
        hand = self.hand
        if not hand.hand_over or self._reported:
            return
        self._reported = True
        self._injector.hand_over()
        winners = [(seat, amount) for seat, amount in sorted(hand.won.items()) if amount]
        said = ", ".join(f"seat {seat} wins {amount}" for seat, amount in winners)
        if hand.betting is not None and hand.betting.live_count == 1:
            self._lines.append(f"Everyone else has folded: {said}.")
        else:
            self._lines.append(f"The pot is awarded: {said}.")

    def _after_dealer_event(self, name: str) -> None:
        """Say what a dealer move brought about that the table drawing does not show."""
        hand = self.hand
        if name == "next_hand":
            self._begin_hand(hand)
        elif name == "post_blinds":
            self._lines.extend(blinds_posted(hand, self._hands, self._do, errors=bool(self.rate)))
        self._tell_award()

    # --- the dealer errors the drill makes ----------------------------------------------------

    def _moment(self) -> None:
        made = self._injector.moment(self.hand, self._do)
        if made is not None:
            self._errors[made.name] += 1
            if self.spec.announced:
                self._lines.append(made.told)
            else:
                self._lines.append(made.seen)
                self._unspotted = made
        elif (
            self._unspotted is None
            and self._injector.quiet
            and (seen := self.decoys.moment(self.hand, self._do)) is not None
        ):
            self._lines.append(seen)

    # --- the options ----------------------------------------------------------------------------

    def _primary(self, point: Point) -> Option:
        """The right option applied after a wrong pick (a whole round rather than one card)."""
        rights = [option for option in point.options if option.event in point.allowed]
        for option in rights:
            if option.event == "deal":
                return option
        return rights[0]
