"""The drill: endless practice on hands the engine deals itself, the trainee being the dealer.

:mod:`.session` is the drill a trainee takes (points, picks judged by the engine, the summary);
:mod:`.players` plays the players' part, :mod:`.injection` makes dealer errors from the
engine's records, :mod:`.options` builds each point's options.
"""

from dealer_trainer.training.drill.injection import GROUPS, injectable
from dealer_trainer.training.drill.options import Option, dealer_events
from dealer_trainer.training.drill.session import (
    DEFAULT_RATE,
    Drill,
    DrillError,
    Judgement,
    Miss,
    Point,
    Summary,
    situation_title,
    topic_of,
)

__all__ = [
    "DEFAULT_RATE",
    "GROUPS",
    "Drill",
    "DrillError",
    "Judgement",
    "Miss",
    "Option",
    "Point",
    "Summary",
    "dealer_events",
    "injectable",
    "situation_title",
    "topic_of",
]
