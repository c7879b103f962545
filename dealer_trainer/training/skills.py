"""The per-skill figures of the drills, as the trainee's home and the trainer's dashboard show
them: each skill (dealing, money math, reading hands) with its answers, the share right and
the mean seconds, and each kind under it (a dealing step or dealer error, a money question,
a close call). The answers are kept apart from items (:mod:`dealer_trainer.store.skills`):
they never count in the item statistics, the most-missed items or the reviews due."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dealer_trainer.store import Store, skills
from dealer_trainer.store.skills import SkillAnswer, SkillFigure
from dealer_trainer.training.drill.pace import MASTERY_ACCURACY, MASTERY_ATTEMPTS

__all__ = [
    "DRILL_STARTS",
    "SKILL_TITLES",
    "DrillDue",
    "SkillLine",
    "drills_due",
    "record_answer",
    "room_lines",
    "skill_lines",
    "trainee_drills_due",
    "trainee_lines",
]

#: each skill's title on the pages
SKILL_TITLES = {
    "dealing": "Dealing (the dealer drill)",
    "money": "Money math",
    "hands": "Reading hands",
}
#: the money and hands kinds in words (a dealing kind is a procedure step or a dealer error)
KIND_TITLES = {
    "call": "the amount to call",
    "min_raise": "the minimum raise",
    "complete_raise": "the raise after a short all-in",
    "pot_limit_max": "the pot-limit maximum",
    "side_pots": "main and side pots",
    "uncalled": "the uncalled bet",
    "odd_chip": "the odd chip",
    "rake": "the rake",
    "kicker": "kickers",
    "counterfeit": "counterfeited two pair",
    "board_plays": "the board plays",
    "flush_over_flush": "flush over flush",
    "wheel": "the wheel",
    "table_pot": "the pot, at a real table",
    "table_push": "the push, at a real table",
}
#: a dealing kind of real-table mode starts with this (``table:flop_burn``)
_AT_TABLE = "table:"

#: where each skill's drill starts: the terminal's command and the training room's page
#: (its endpoint and the arguments: the dealer drill's start is a form posted, the others a
#: link whose empty seed picks one and asks the first item)
DRILL_STARTS: dict[str, tuple[str, str, dict[str, str]]] = {
    "dealing": (
        "dealer-trainer drill --mode practice",
        "training.start_drill",
        {"mode": "practice"},
    ),
    "money": ("dealer-trainer drill money", "training.reckoning", {"drill": "money", "seed": ""}),
    "hands": ("dealer-trainer drill hands", "training.reckoning", {"drill": "hands", "seed": ""}),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillLine:
    """One line of the figures: a skill (``kind`` empty) or one of its kinds."""

    skill: str
    kind: str
    title: str
    answered: int
    correct: int
    mean_seconds: float | None

    @property
    def weak(self) -> bool:
        """Below the mastery line over enough attempts (:mod:`.drill.pace`'s rule)."""
        return self.answered >= MASTERY_ATTEMPTS and self.correct < MASTERY_ACCURACY * self.answered

    @property
    def percent(self) -> int:
        """The share right, in whole percent."""
        return round(100 * self.correct / self.answered) if self.answered else 0


def _kind_title(skill: str, kind: str) -> str:
    if skill == "dealing" and kind.startswith(_AT_TABLE):
        return _kind_title(skill, kind.removeprefix(_AT_TABLE)) + ", at a real table"
    if skill == "dealing":
        # start-up: the situations' titles load the engine's records, only where drawn
        from dealer_trainer.training.drill.points import situation_title

        spotted = kind.removeprefix("spot:")
        try:
            title = situation_title(spotted)
        except KeyError:  # a step of the procedure, not a dealer error
            return "procedure: " + kind.replace("_", " ")
        return f"spotting: {title}" if spotted != kind else title
    return KIND_TITLES.get(kind, kind.replace("_", " "))


def skill_lines(figures: Sequence[SkillFigure]) -> list[SkillLine]:
    """Each skill's line (its kinds summed, the mean over the timed answers) followed by its
    kinds' lines, skills in :data:`SKILL_TITLES`' order."""
    lines: list[SkillLine] = []
    for skill, title in SKILL_TITLES.items():
        kinds = [f for f in figures if f.skill == skill]
        if not kinds:
            continue
        timed = [f for f in kinds if f.mean_seconds is not None]
        weight = sum(f.answered for f in timed)
        mean = (
            round(sum((f.mean_seconds or 0.0) * f.answered for f in timed) / weight, 1)
            if weight
            else None
        )
        lines.append(
            SkillLine(
                skill=skill,
                kind="",
                title=title,
                answered=sum(f.answered for f in kinds),
                correct=sum(f.correct for f in kinds),
                mean_seconds=mean,
            )
        )
        lines += [
            SkillLine(
                skill=skill,
                kind=f.kind,
                title=_kind_title(skill, f.kind),
                answered=f.answered,
                correct=f.correct,
                mean_seconds=f.mean_seconds,
            )
            for f in kinds
        ]
    return lines


def trainee_lines(store: Store, trainee: str) -> list[SkillLine]:
    """The trainee's own figures, every room and the terminal."""
    return skill_lines(skills.trainee_skills(store, trainee))


def room_lines(store: Store, room_id: int) -> list[SkillLine]:
    """The room's trainees' figures (in the room or in the terminal)."""
    return skill_lines(skills.room_skills(store, room_id))


def record_answer(
    store: Store,
    *,
    trainee: str,
    skill: str,
    kind: str,
    correct: bool,
    seconds: float | None,
    room_id: int | None,
    key: str,
    ruleset: str = "",
) -> bool:
    """Keep a money or hands answer given on a page (``key`` names the page's item: the same
    item again keeps nothing); whether it was kept."""
    answer = SkillAnswer(
        trainee=trainee,
        skill=skill,
        kind=kind,
        correct=correct,
        seconds=seconds,
        ruleset=ruleset,
    )
    return skills.record_skill(store, answer, room_id=room_id, key=key)


@dataclass(frozen=True, slots=True, kw_only=True)
class DrillDue:
    """A drill due for review: a weak skill (below 90% right over 3 answers or more), and
    where its drill starts. It is the trainee's own figures alone: no item, no review card."""

    skill: str
    title: str
    answered: int
    correct: int
    percent: int
    #: the terminal's command that starts the drill
    command: str
    #: the training room's endpoint (and its arguments) that starts it
    endpoint: str
    arguments: dict[str, str]

    @property
    def words(self) -> str:
        """One line: ``Money math: 1 of 3 right (33%), weak``."""
        return f"{self.title}: {self.correct} of {self.answered} right ({self.percent}%), weak"

    def to_dict(self) -> dict[str, object]:
        return {
            "skill": self.skill,
            "title": self.title,
            "answered": self.answered,
            "correct": self.correct,
            "command": self.command,
        }


def drills_due(lines: Sequence[SkillLine]) -> list[DrillDue]:
    """The weak skills of ``lines`` (a skill's own line, not a kind's), each a drill due,
    in :data:`SKILL_TITLES`' order."""
    found: list[DrillDue] = []
    for line in lines:
        if line.kind or not line.weak or line.skill not in DRILL_STARTS:
            continue
        command, endpoint, arguments = DRILL_STARTS[line.skill]
        found.append(
            DrillDue(
                skill=line.skill,
                title=line.title,
                answered=line.answered,
                correct=line.correct,
                percent=line.percent,
                command=command,
                endpoint=endpoint,
                arguments=dict(arguments),
            )
        )
    return found


def trainee_drills_due(store: Store, trainee: str) -> list[DrillDue]:
    """The trainee's drills due: each weak skill of theirs (every room and the terminal)."""
    return drills_due(trainee_lines(store, trainee))
