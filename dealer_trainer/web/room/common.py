"""What every page of a room shares: the ``room`` blueprint (at ``/rooms``), the log, the
topics' titles, and the room loaded for its trainers."""

from __future__ import annotations

import logging

from flask import Blueprint

from dealer_trainer.accounts import TRAINER, Room
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.safetext import printable
from dealer_trainer.web.security import room_or_404

__all__ = ["TOPIC_TITLES", "bp", "log"]

bp = Blueprint("room", __name__, url_prefix="/rooms")
log = logging.getLogger("dealer_trainer.web")

TOPIC_TITLES = {topic.slug: topic.title for topic in TOPICS}


def _log_text(text: str) -> str:
    """A name fit for the log: one line, short."""
    return printable(text)[:60]


def _trainer_room(room_id: int) -> Room:
    room, _role = room_or_404(room_id, need=TRAINER)
    return room
