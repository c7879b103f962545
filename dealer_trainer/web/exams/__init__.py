"""Exams in the training room (blueprint ``exams``): a trainer uploads a blueprint for the room
and assigns an exam to the room or to one trainee with a window of dates
(:mod:`.assign`); a trainee sees the exams assigned, starts an attempt, moves between its items
saving each answer as it is given, sees the server's clock count down, submits, and only then
reads the feedback per item (:mod:`.take`).

Access: the trainer's pages are ``@policy(Access.TRAINER_OF_ROOM)`` (another room: 404); an
attempt's pages are ``@policy(Access.OWNER_OF_ATTEMPT)`` (anyone else's attempt: 404, as one
that does not exist); the trainee's list and the start are for anyone signed in, and the start
looks the assignment up among the rooms the person is in, for them (else 404). No page or
response before the submit names the right answer: options are shown and posted by their
place in the attempt's order, and the feedback page refuses an attempt not submitted.
"""

from __future__ import annotations

from dealer_trainer.web.exams import assign, take
from dealer_trainer.web.exams.common import bp

__all__ = ["PAGES", "bp"]

#: the modules whose routes make up the blueprint (imported for them)
PAGES = (assign, take)
