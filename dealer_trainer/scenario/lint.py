"""How an item is written, beyond soundness: enough choices, and no right option a trainee
can pick on its length alone."""

from __future__ import annotations

from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario.facts import FACT_ANSWERS
from dealer_trainer.scenario.kinds import Kind
from dealer_trainer.scenario.model import Question, Scenario, Verified, fail

#: at most this share of a bank's choice items may have the right option as the only shortest
#: or the only longest choice (a trainee must not win by picking on length)
LENGTH_CUE_SHARE = 1 / 3


def _yes_no(question: Question) -> bool:
    """Is the question yes/no by nature (two answers are all there are)?"""
    answers = [choice.answer for choice in question.choices]
    if question.kind == Kind.FACT and all(isinstance(answer, bool) for answer in answers):
        return True
    starts = sorted(
        choice.text.split(maxsplit=1)[0].strip(",.;:").casefold() for choice in question.choices
    )
    return starts == ["no", "yes"]


def _two_seats(question: Question, proved: Verified | None) -> bool:
    """Does the question ask a seat when only two players are in the hand (heads-up, or all
    others folded)? Two answers are then all there are: a third option would repeat a seat."""
    if (
        proved is None
        or question.kind != Kind.FACT
        or FACT_ANSWERS.get(question.fact or "") != ("seat")
    ):
        return False
    hand = proved.hand
    folded = hand.betting.folded if hand.betting is not None else ()
    return len([seat for seat in hand.order if seat not in folded]) == 2


def lint(scenario: Scenario, proved: Verified | None = None) -> list[ScriptError]:
    """How the item is written, beyond soundness: a choice question offers at least three
    choices unless it is yes/no by nature, or asks a seat of a hand two players are in
    (``proved``: the engine's proof, which says who is in). (``validate`` reports these; the
    quiz still asks.)"""
    question = scenario.question
    if not question.form.choices or len(question.choices) >= 3 or _yes_no(question):
        return []
    if _two_seats(question, proved):
        return []
    return [
        fail(
            f"a question offers at least three choices unless it is yes/no by nature; this one "
            f"has {len(question.choices)}: add a real mistake a dealer makes",
            question.where,
        )
    ]


def length_cue(question: Question) -> bool:
    """Is the right option the only shortest or the only longest choice?"""
    correct = question.correct
    if not question.form.choices or correct is None or len(question.choices) < 2:
        return False
    lengths = [len(choice.text) for choice in question.choices]
    mine = len(correct.text)
    return (mine == min(lengths) or mine == max(lengths)) and lengths.count(mine) == 1


def bank_length_cues(scenarios: list[Scenario]) -> tuple[list[Scenario], int, int]:
    """The choice items whose right option is the only shortest or only longest; how many
    choice items there are, and how many such items the bank may have (a third)."""
    items = [s for s in scenarios if s.question.form.choices]
    cued = [s for s in items if length_cue(s.question)]
    return cued, len(items), int(len(items) * LENGTH_CUE_SHARE)
