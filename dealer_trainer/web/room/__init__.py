"""The trainer's side of the training room (blueprint ``room``, at ``/rooms``): a room's
dashboard, its trainees, invites, assigned quizzes, the scenario browser, uploads, the room's
ruleset and the export, a module each.

Every page under ``/rooms/<room_id>/`` is for the room's trainers and for admins: each route
declares ``@policy(Access.TRAINER_OF_ROOM)`` (:mod:`dealer_trainer.web.access`: another room
404, a trainee of this room 403), the room is loaded with :func:`room_or_404`, and every id
after it (a trainee, a scenario) is looked up within that room.

Uploads (a scenario or a house ruleset) go through the project's own readers
(:mod:`.checks`). Each error is shown at its line beside the field, with the text kept. A
valid scenario is kept for the room (``room_scenarios``) and shown in the scenario browser.
"""

from __future__ import annotations

from types import ModuleType

from dealer_trainer.web.room import (
    assignments,
    dashboard,
    export,
    invites,
    items,
    rewrite,
    ruleset,
    scenarios,
    upload,
    writing,
)
from dealer_trainer.web.room.checks import check_ruleset_text, check_scenario_text
from dealer_trainer.web.room.common import bp
from dealer_trainer.web.room.export import csv_text

__all__ = ["PAGES", "bp", "check_ruleset_text", "check_scenario_text", "csv_text"]

#: the modules whose routes make up the blueprint (imported for them)
PAGES: tuple[ModuleType, ...] = (
    dashboard,
    invites,
    assignments,
    scenarios,
    upload,
    ruleset,
    export,
    items,
    writing,
    rewrite,
)
