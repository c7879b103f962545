"""What the exam pages share: the ``exams`` blueprint, the exam an assignment offers, the
attempts a trainee has left at it, the room's retired items, and the window's dates as
times."""

from __future__ import annotations

import logging
from datetime import date, datetime, time, timedelta

from flask import Blueprint, abort

from dealer_trainer.accounts import Room
from dealer_trainer.errors import ScriptError
from dealer_trainer.store import exam_rooms
from dealer_trainer.store.exam_rooms import ExamAssignment
from dealer_trainer.store.itemstats import retired_items
from dealer_trainer.training.exam.allowance import Allowance, allowance
from dealer_trainer.training.exam.attempts import Exam
from dealer_trainer.training.exam.reader import load_blueprint_text
from dealer_trainer.web.room.checks import HOUSE_FILE
from dealer_trainer.web.store import get_store

__all__ = [
    "allowance_for",
    "assignment_exam",
    "bp",
    "day_end",
    "day_start",
    "exam_text",
    "first_day",
    "last_day",
    "log",
    "retired",
]

bp = Blueprint("exams", __name__)
log = logging.getLogger("dealer_trainer.web")


def day_start(day: date) -> datetime:
    """The start of ``day`` on the server's clock (a window opens then)."""
    return datetime.combine(day, time.min).astimezone()


def day_end(day: date) -> datetime:
    """The end of ``day`` on the server's clock (a window closes then: the day is in it)."""
    return day_start(day + timedelta(days=1))


def first_day(found: ExamAssignment) -> str:
    """The first day of an assignment's window, on the server's clock."""
    return found.opens_at.astimezone().strftime("%Y-%m-%d")


def last_day(found: ExamAssignment) -> str:
    """The last day of an assignment's window (it closes at that day's end)."""
    return (found.closes_at.astimezone() - timedelta(seconds=1)).strftime("%Y-%m-%d")


def exam_text(text: str, source: str, room: Room) -> Exam:
    """An exam from a blueprint's text (the room's house ruleset as ``house.yaml``)."""
    files = {HOUSE_FILE: room.house_yaml} if room.house_yaml else {}
    return Exam(blueprint=load_blueprint_text(text, source, rulesets=files), text=text)


def assignment_exam(found: ExamAssignment, room: Room) -> Exam:
    """The exam an assignment offers, from the blueprint text kept with it (gone or no longer
    readable: 404, as the assignment cannot be sat)."""
    text = exam_rooms.blueprint_text(get_store(), found.digest)
    if text is None:
        abort(404)
    try:
        return exam_text(text, f"{found.exam_id}.yaml", room)
    except ScriptError:
        abort(404)


def allowance_for(found: ExamAssignment, room: Room, trainee: str) -> Allowance | None:
    """The trainee's attempts left at the exam an assignment offers (None: its blueprint is
    gone or no longer reads, so it cannot be started anyway)."""
    text = exam_rooms.blueprint_text(get_store(), found.digest)
    if text is None:
        return None
    try:
        exam = exam_text(text, f"{found.exam_id}.yaml", room)
    except ScriptError:
        return None
    return allowance(get_store(), exam.blueprint, trainee=trainee)


def retired(room_id: int) -> frozenset[str]:
    """The items the room's trainers retired from its exams (never drawn)."""
    return frozenset(item.item for item in retired_items(get_store(), room_id))
