"""The one recorder of answers: every session (quiz, review, drill) gives it each answer.

:meth:`Recorder.record` keeps the answer and, with a progress store, saves it (committed, and
the trainee's review card for the item updated) before it returns: an answer given is never
lost, whatever stops the session after it. The store's session is opened with the first
answer, so a session with no answer leaves nothing behind; :meth:`Recorder.finish` closes it.
:meth:`Recorder.summary` sums up the answers kept so far.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from dealer_trainer.training.summary import Mark, Summary, summarise

if TYPE_CHECKING:
    from dealer_trainer.store import Store

__all__ = ["Recorder"]


class Recorder:
    """Keeps ``trainee``'s answers in ``mode`` (``quiz``, ``review``, ``drill``), and saves
    each one to ``store`` (if any) the moment it is given."""

    def __init__(
        self,
        trainee: str,
        mode: str,
        store: Store | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.trainee = trainee
        self.mode = mode
        self.store = store
        self.clock = clock
        self.started = clock()
        #: every answer so far, in the order given
        self.marks: list[Mark] = []
        #: the store's session, opened with the first answer (None before it and after finish)
        self.session: int | None = None

    def record(self, mark: Mark) -> None:
        """Keep ``mark``; with a store, save it before returning."""
        if self.store is not None:
            # start-up: importing the recorder (as the quiz does) does not load the store
            from dealer_trainer.store import Answer

            if self.session is None:
                self.session = self.store.start_session(self.trainee, self.mode)
            self.store.record(
                self.session,
                Answer(
                    trainee=self.trainee,
                    item=mark.item,
                    topic=mark.topic,
                    mode=self.mode,
                    correct=mark.correct,
                    ruleset=mark.ruleset,
                    difficulty=mark.difficulty,
                    given=mark.given,
                    expected=mark.expected,
                    seconds=None if mark.seconds is None else round(mark.seconds, 3),
                ),
            )
        self.marks.append(mark)

    def finish(self) -> None:
        """Close the store's session, if one was opened (calling it again does nothing)."""
        if self.store is not None and self.session is not None:
            self.store.finish_session(self.session)
            self.session = None

    def summary(self, *, planned: int | None = None, stopped: bool = False) -> Summary:
        """The answers so far, summed up (the time runs from the recorder's start)."""
        return summarise(
            self.marks,
            trainee=self.trainee,
            mode=self.mode,
            seconds=self.clock() - self.started,
            planned=planned,
            stopped=stopped,
        )
