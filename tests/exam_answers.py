"""The answers an exam's tests give: the one the scenario's key calls right, and a wrong one,
in an attempt's option values (read from the scenario itself, never hard-coded)."""

from __future__ import annotations

from dealer_trainer.training.quiz import Item

__all__ = ["right_answer", "wrong_answer"]


def right_answer(item: Item) -> list[str]:
    """The answer the scenario's key calls right, in the attempt's option values."""
    question = item.scenario.question
    if question.typed:
        return [str(item.proved.fact)]
    if question.ordered:
        return [f"s{index}" for index in range(len(question.order))]
    (index,) = [i for i, c in enumerate(question.choices) if c is question.correct]
    return [f"c{index}"]


def wrong_answer(item: Item) -> list[str]:
    question = item.scenario.question
    if question.typed:
        return [str(item.proved.fact + 1)]
    if question.ordered:
        steps = right_answer(item)
        return [steps[1], steps[0], *steps[2:]]
    right = right_answer(item)[0]
    return [next(o.value for o in item.options if o.value != right)]
