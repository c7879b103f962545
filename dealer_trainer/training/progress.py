"""The progress store as training opens it: with the spaced-repetition step
(:func:`dealer_trainer.training.review.next_card`) that keeps each trainee's review cards.

The store (:mod:`dealer_trainer.store`) imports nothing above it, so it is handed that step
here; every command and page that records answers opens its store with :func:`open_store`::

    with open_store() as store:                 # $DEALER_TRAINER_DB, else the default file
        session = store.start_session("Ana", "quiz")
        store.record(session, Answer("Ana", "premature-turn-basic", "premature-turn", "quiz",
                                     correct=False))
"""

from __future__ import annotations

import os

from dealer_trainer.store import ENV_VAR, Answer, Due, NoStore, Store, default_target
from dealer_trainer.store import open_store as _open_store
from dealer_trainer.training.review import next_card

__all__ = ["ENV_VAR", "Answer", "Due", "NoStore", "Store", "default_target", "open_store"]


def open_store(target: str | os.PathLike[str] | None = None, *, create: bool = True) -> Store:
    """:func:`dealer_trainer.store.open_store` with training's review scheduler."""
    return _open_store(target, create=create, scheduler=next_card)
