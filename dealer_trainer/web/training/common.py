"""What the trainee's pages share: the ``training`` blueprint, the drawing helpers as Jinja
globals, the person's rooms, the entries a run draws from, and the room a run starts in."""

from __future__ import annotations

import random
import time
from typing import Any

from flask import Blueprint, abort
from flask.blueprints import BlueprintSetupState

from dealer_trainer.accounts import Membership, Room
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.training import runs
from dealer_trainer.training.quiz import Entry
from dealer_trainer.web import drawing
from dealer_trainer.web.security import current_person, room_or_404
from dealer_trainer.web.store import accounts, get_store

__all__ = ["MODE_WORDS", "bp"]

bp = Blueprint("training", __name__)

MODE_WORDS = {"quiz": "Quiz", "review": "Review", "drill": "Drill"}
#: the longest an answer is counted as taking (a tablet left on a question overnight: unknown)
LONGEST_ANSWER = 3600.0


def shown_stamp() -> str:
    """When a question is shown (seconds since the epoch), for its form's ``shown`` field."""
    return f"{time.time():.1f}"


def seconds_since(shown: str | None) -> float | None:
    """The seconds from a question's ``shown`` stamp to its answer (None: no stamp, not a
    number, or not between 0 and :data:`LONGEST_ANSWER`). The stamp comes back from the
    trainee's own form: a forged one only changes their own time."""
    try:
        taken = time.time() - float(shown or "")
    except ValueError:
        return None
    if not 0 <= taken <= LONGEST_ANSWER:
        return None
    return round(taken, 1)


@bp.record_once
def _drawing(state: BlueprintSetupState) -> None:
    """What the table and card macros draw with, as Jinja globals (an imported macro sees
    globals, not the context), for every blueprint's templates."""
    state.app.jinja_env.filters["cards_in_text"] = drawing.cards_in_text
    state.app.jinja_env.filters["plain_reason"] = drawing.plain_reason
    state.app.jinja_env.globals["shown_stamp"] = shown_stamp
    state.app.jinja_env.globals.update(
        table_layouts=drawing.layouts,
        describe_table=drawing.describe,
        card_name=drawing.card_name,
        rank_text=drawing.rank_text,
        suit_symbol=drawing.suit_symbol,
        table_picture=drawing.TablePictures(state.app.jinja_env),
    )


def _memberships() -> list[Membership]:
    return accounts().memberships(current_person().id)


def _topic_titles() -> dict[str, str]:
    return {topic.slug: topic.title for topic in TOPICS}


def _entries(room: Room, ruleset: str) -> list[Entry]:
    """What a quiz or a review in ``room`` draws from: the bank and the room's own uploads."""
    uploaded = runs.room_entries(
        get_store(), room_id=room.id, ruleset=ruleset, house=room.house_yaml
    )
    return runs.bank_entries() + uploaded


def _room_for(value: Any) -> Room:
    """The room a run is started in (the person's first room when none is named). Another
    room: 404."""
    if value in (None, ""):
        rooms = _memberships()
        if not rooms:
            abort(404)
        found = rooms[0].room
        room_or_404(found.id)
    else:
        try:
            number = int(value)
        except (TypeError, ValueError):
            abort(404)
        found, _role = room_or_404(number)
    return found


def _seed() -> int:
    return random.SystemRandom().randrange(2**31)


def _house(found: runs.Run) -> str | None:
    room = accounts().room(found.room_id)
    return None if room is None else room.house_yaml
