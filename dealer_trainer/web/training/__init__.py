"""The trainee side: home, quiz, review, drill (blueprint ``training``), a module each.

A quiz, a review or a drill is a run kept in the store (:mod:`dealer_trainer.training.runs`): its
items, their option order, each answer as given. URLs name the run by its number and an
item by its position, never by the scenario (an id names the answer). A run's pages declare
``@policy(Access.OWNER_OF_RUN)`` (:mod:`dealer_trainer.web.access`): another person's run is
answered 404, as one that does not exist.

Answers are plain form POSTs (each page works without JavaScript); with htmx the same
forms swap the page's content in place, announce the verdict in the ``#status`` region and
move the focus to the new heading. Options are submitted by their position on the page
(``option=2``), never by their key: the key of an order question's step is its right place.
"""

from __future__ import annotations

from types import ModuleType

from dealer_trainer.web.training import drill, home, quiz, reckoning, table
from dealer_trainer.web.training.common import bp

__all__ = ["PAGES", "bp"]

#: the modules whose routes make up the blueprint (imported for them)
PAGES: tuple[ModuleType, ...] = (home, quiz, drill, reckoning, table)
