"""The store: the only place with SQL or a connection.

- :mod:`~dealer_trainer.store.adapters`: the SQLite and PostgreSQL adapters, and how a target
  is opened (never showing a password);
- :mod:`~dealer_trainer.store.migrations`: the schema and its migrations;
- :mod:`~dealer_trainer.store.store`: :class:`Store` and :func:`open_store`: trainees, their
  sessions, answers and review cards (:mod:`~dealer_trainer.store.records` holds the
  records), and :mod:`~dealer_trainer.store.answers` figures over one trainee's answers;
- one repository per aggregate, each a module of typed functions taking the store first:
  :mod:`~dealer_trainer.store.people` (people, rooms, members, settings),
  :mod:`~dealer_trainer.store.invites`, :mod:`~dealer_trainer.store.assignments`,
  :mod:`~dealer_trainer.store.runs`, :mod:`~dealer_trainer.store.roomdata` (a room's figures,
  its export and its uploaded scenarios), :mod:`~dealer_trainer.store.reports` (the
  ``report`` command's totals) and :mod:`~dealer_trainer.store.itemstats` (item analysis's
  answers, sitting by sitting, and the items retired from a room's exams),
  :mod:`~dealer_trainer.store.exams` (exam attempts, their answers and results) and
  :mod:`~dealer_trainer.store.exam_rooms` (blueprints uploaded to a room, exams assigned),
  :mod:`~dealer_trainer.store.drafts` (scenario drafts, each its author's in its room).

The store imports nothing above it: the spaced-repetition step it needs to keep an answer is
handed to :func:`open_store` (``scheduler=``); :func:`dealer_trainer.training.progress.open_store`
opens a store with training's. Nothing outside this package reaches into a store's private
members.
"""

from __future__ import annotations

from dealer_trainer.store.adapters import BUSY_TIMEOUT, ENV_VAR, NoStore, default_target
from dealer_trainer.store.migrations import MIGRATIONS, SCHEMA_VERSION, Migration
from dealer_trainer.store.records import MAX_ID, MODES, Answer, Due, Scheduler
from dealer_trainer.store.schemas import NewerSchema
from dealer_trainer.store.store import Store, open_store

__all__ = [
    "BUSY_TIMEOUT",
    "ENV_VAR",
    "MAX_ID",
    "MIGRATIONS",
    "MODES",
    "SCHEMA_VERSION",
    "Answer",
    "Due",
    "Migration",
    "NewerSchema",
    "NoStore",
    "Scheduler",
    "Store",
    "default_target",
    "open_store",
]
