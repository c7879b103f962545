"""What a drill shows and says: a point where the dealer acts, the judgement of a pick, the
misses and the summary, and the words for a situation, a topic and a rule."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from dealer_trainer.procedure.hand import Hand
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.rules.corpus import NotFound
from dealer_trainer.rules.corpus import rule as find_rule
from dealer_trainer.training.drill.options import Option
from dealer_trainer.training.drill.pace import Kind, Mastery, Speed
from dealer_trainer.training.summary import Mark

__all__ = [
    "ErrorMiss",
    "Judgement",
    "Miss",
    "Point",
    "Summary",
    "floor_judgement",
    "rule_title",
    "situation_title",
    "topic_of",
]

#: the skill of calling the floor at the first wrong moment (and only then)
SPOTTING = "spotting"


@dataclass(frozen=True, slots=True)
class Point:
    """A moment where the dealer acts: what happened since the last point, and the options."""

    number: int
    hand_number: int
    #: the table as it stands (it changes once a pick is made)
    hand: Hand
    lines: tuple[str, ...]
    options: tuple[Option, ...]
    #: the dealer events the engine accepts now: the right options
    allowed: tuple[str, ...]
    #: the dealer error whose recovery is under way, if any (a situation name)
    situation: str | None
    #: hole cards seen face up in this deal (exposed or boxed)
    exposed: tuple[str, ...]
    #: the procedure step the hand was in at this point
    state: str
    #: an untold dealer error made since the last point (a situation name): the floor is due
    #: here, and the trainee is not told (the unannounced modes)
    spot: str | None = None
    #: the rule to look at, in words (guided mode, during a recovery)
    hint: str | None = None

    @property
    def item(self) -> str:
        """What a pick here is recorded as: ``drill:spot:<situation>`` where the floor is due,
        else ``drill:<situation>`` or ``drill:<state>``."""
        if self.spot is not None:
            return f"drill:spot:{self.spot}"
        return f"drill:{self.situation or self.state}"

    @property
    def topic(self) -> str:
        """The topic slug of the situation under way (or to be spotted), or ``procedure``."""
        return topic_of(self.spot or self.situation)

    @property
    def kind(self) -> Kind:
        """What kind of decision this point asks for (its time target)."""
        if self.spot is not None:
            return Kind.SPOT
        return Kind.RECOVERY if self.situation is not None else Kind.STEP

    @property
    def skill(self) -> str:
        """The skill a pick here trains: spotting, an error's topic, or the procedure."""
        return SPOTTING if self.spot is not None else self.topic


@dataclass(frozen=True, slots=True)
class Judgement:
    """What the engine made of a pick."""

    correct: bool
    given: Option
    #: the right option (the pick itself when it was right), applied to the hand
    right: Option
    #: the engine's reason for refusing the pick ("" when it was right)
    reason: str
    rule: str | None
    #: the rule's title from the corpus, when it has one
    rule_title: str | None
    item: str
    topic: str
    situation: str | None
    #: the reason in dealer words, as the trainee is told it (the moves as offered, never
    #: event names: "due: cut the deck", not "expected: cut")
    said: str = ""
    #: the seconds the pick took (None: not timed), and its grade against the target
    seconds: float | None = None
    speed: Speed = Speed.UNTIMED
    kind: Kind = Kind.STEP
    #: the floor was called where nothing was wrong / the pick went on past an untold error
    false_alarm: bool = False
    missed_error: bool = False
    #: the skill the pick counts for (a false alarm counts against spotting)
    skill: str = "procedure"


@dataclass(frozen=True, slots=True)
class Miss:
    """A wrong pick, for the summary."""

    point: int
    item: str
    given: str
    expected: str
    reason: str
    rule: str | None

    @classmethod
    def of(cls, mark: Mark) -> Miss:
        """The miss a wrong pick's mark (as recorded) stands for."""
        return cls(mark.number, mark.item, mark.given, mark.expected, mark.reason, mark.rule)

    def to_dict(self) -> dict[str, Any]:
        """A plain mapping (for JSON)."""
        return asdict(self)


@dataclass(frozen=True, slots=True)
class ErrorMiss:
    """An untold dealer error the trainee went on past (the unannounced modes)."""

    point: int
    error: str
    title: str
    rule: str

    def to_dict(self) -> dict[str, Any]:
        """A plain mapping (for JSON)."""
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Summary:
    """The drill so far."""

    seed: int
    ruleset: str
    rate: float
    #: picks judged
    points: int
    right: int
    #: hands begun, the current one included (a misdealt hand dealt again counts once)
    hands: int
    #: the dealer errors the drill made, by situation name, in the order first met
    errors: Mapping[str, int] = field(default_factory=dict)
    misses: tuple[Miss, ...] = ()
    #: the mode (learn, guided, practice, table-ready)
    mode: str = "learn"
    #: untold errors met at their first wrong moment: floor called there, or gone on past
    spotted: int = 0
    missed_errors: tuple[ErrorMiss, ...] = ()
    #: the points where the floor was called with nothing wrong
    false_alarms: tuple[int, ...] = ()
    #: each skill's figures (spotting, procedure, each error's topic)
    skills: Mapping[str, Mastery] = field(default_factory=dict)
    #: how many decisions were fast, steady, slow (or untimed)
    speeds: Mapping[str, int] = field(default_factory=dict)

    @property
    def wrong(self) -> int:
        return self.points - self.right

    @property
    def accuracy(self) -> float:
        """The share of right picks (0.0 before any pick)."""
        return self.right / self.points if self.points else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A plain mapping (for JSON)."""
        return {
            "seed": self.seed,
            "ruleset": self.ruleset,
            "rate": self.rate,
            "points": self.points,
            "right": self.right,
            "wrong": self.wrong,
            "accuracy": round(self.accuracy, 4),
            "hands": self.hands,
            "errors": dict(self.errors),
            "misses": [miss.to_dict() for miss in self.misses],
            "mode": self.mode,
            "spotted": self.spotted,
            "missed_errors": [miss.to_dict() for miss in self.missed_errors],
            "false_alarms": list(self.false_alarms),
            "skills": {
                skill: {
                    "attempts": found.attempts,
                    "right": found.right,
                    "accuracy": round(found.accuracy, 4),
                    "weak": found.weak,
                }
                for skill, found in self.skills.items()
            },
            "speeds": dict(self.speeds),
        }


def topic_of(name: str | None) -> str:
    """The topic slug of a situation (``procedure`` for none)."""
    return situation(name).topic if name is not None else "procedure"


def situation_title(name: str) -> str:
    """A situation's title (the engine's own words)."""
    return situation(name).title


def rule_title(rule: str | None) -> str | None:
    """The title of the rule ``rule`` in the corpus (None: no rule, or one not found)."""
    if rule is None:
        return None
    try:
        return find_rule(rule).title
    except NotFound:
        return None


def floor_judgement(
    point: Point,
    given: Option,
    right: Option,
    *,
    correct: bool,
    rule: str | None,
    reason: str = "",
    false_alarm: bool = False,
) -> Judgement:
    """The judgement of a pick where the floor was due or called (:meth:`.Drill.choose`)."""
    return Judgement(
        correct=correct,
        given=given,
        right=right,
        reason=reason,
        rule=rule,
        rule_title=rule_title(rule),
        item=point.item,
        topic=point.topic,
        situation=point.spot or point.situation,
        said=reason[:1].upper() + reason[1:],
        false_alarm=false_alarm,
        missed_error=point.spot is not None and not correct,
    )
