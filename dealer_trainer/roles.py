"""A person's role in a training room, defined once.

An admin is a person, not a role in a room. Everything else derives its list of roles from
:class:`Role`: the accounts (:mod:`dealer_trainer.accounts`), the command line's choices
(``dealer-trainer admin ... --role``) and the database's CHECK on ``members.role`` and
``invites.role`` (:mod:`dealer_trainer.store.migrations`). A :class:`Role` is a ``str``, so
it compares equal to the text kept in the store and prints as that text.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Role"]


class Role(StrEnum):
    """A person's role in one room."""

    TRAINEE = "trainee"
    TRAINER = "trainer"
