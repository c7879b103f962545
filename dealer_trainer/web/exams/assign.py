"""The trainer's exam pages: assign an exam (a shipped blueprint, or one uploaded to the room)
to the room's trainees or to one of them, with a window of dates; upload a blueprint, checked
as ``dealer-trainer exam validate`` checks it (each error at its line and column, the text
kept); and the room's results."""

from __future__ import annotations

from flask import Response, flash, request, url_for
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import DateField, SelectField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired

from dealer_trainer.accounts import TRAINEE, Room
from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.store import certificates, exam_rooms
from dealer_trainer.store import exams as stored
from dealer_trainer.store.adapters import now
from dealer_trainer.training.exam.attempts import Exam, settle, shipped_exams
from dealer_trainer.training.exam.check import check_blueprint_text
from dealer_trainer.training.exam.roombank import room_bank
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.exams.common import (
    bp,
    day_end,
    day_start,
    exam_text,
    first_day,
    last_day,
    log,
    retired,
)
from dealer_trainer.web.forms import uploaded_text
from dealer_trainer.web.htmx import page, to
from dealer_trainer.web.room.checks import HOUSE_FILE, Problem
from dealer_trainer.web.room.common import _trainer_room
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import accounts, get_store

__all__ = ["assign", "upload"]

#: the largest blueprint a trainer may upload
MAX_BLUEPRINT_BYTES = 64 * 1024
#: the prefixes of the exam choice: a shipped blueprint, or one uploaded to the room
SHIPPED, ROOM = "shipped:", "room:"


class AssignExamForm(FlaskForm):
    exam = SelectField("Exam", validators=[InputRequired("Choose an exam.")])
    who = SelectField("Who sits it", validators=[InputRequired("Choose who sits it.")])
    opens = DateField("Opens on", validators=[InputRequired("Give the first day.")])
    closes = DateField("Closes after", validators=[InputRequired("Give the last day.")])


class BlueprintForm(FlaskForm):
    file = FileField("A blueprint file (YAML)")
    text = TextAreaField("Or paste its text", render_kw={"rows": 16, "spellcheck": "false"})


#: the exams a room may assign: key -> (label, the shipped exam, or the uploaded text's digest)
Choices = dict[str, tuple[str, Exam | None, str | None]]


def _choices(room: Room) -> Choices:
    """The exams the room may assign: the shipped ones, then the room's uploads."""
    found: Choices = {}
    for exam in shipped_exams():
        label = f"{exam.blueprint.title} ({exam.blueprint.id}, shipped)"
        found[SHIPPED + exam.blueprint.id] = (label, exam, None)
    for kept in exam_rooms.room_exams(get_store(), room.id):
        label = f"{kept.title} ({kept.exam_id}, this room's)"
        found[ROOM + kept.exam_id] = (label, None, kept.digest)
    return found


def _assign_form(room: Room, choices: Choices) -> AssignExamForm:
    form = AssignExamForm()
    form.exam.choices = [SelectChoice(key, label) for key, (label, _e, _d) in choices.items()]
    trainees = [m.person for m in accounts().members(room.id) if m.role == TRAINEE]
    form.who.choices = [SelectChoice("room", "Every trainee of the room")] + [
        SelectChoice(str(person.id), person.name) for person in trainees
    ]
    return form


def _exam_of(room: Room, key: str, choices: Choices) -> Exam:
    label, exam, digest = choices[key]
    if exam is not None:
        return exam
    text = None if digest is None else exam_rooms.blueprint_text(get_store(), digest)
    if text is None:
        raise UsageError("this blueprint is no longer kept: upload it again")
    try:
        return exam_text(text, f"{key.removeprefix(ROOM)}.yaml", room)
    except ScriptError as exc:
        raise UsageError(f"{label} no longer reads: {exc}") from None


@bp.route("/rooms/<int:room_id>/exams", methods=["GET", "POST"])
@policy(Access.TRAINER_OF_ROOM)
def assign(room_id: int) -> Response:
    """Assign an exam, and see the room's exams assigned and its attempts."""
    room = _trainer_room(room_id)
    choices = _choices(room)
    form = _assign_form(room, choices)
    error, status = "", 200
    if form.validate_on_submit():
        try:
            exam = _exam_of(room, str(form.exam.data), choices)
            opens, closes = form.opens.data, form.closes.data
            assert opens is not None and closes is not None  # InputRequired
            if closes < opens:
                raise UsageError("The exam must close on or after the day it opens.")
            who = None if form.who.data == "room" else int(str(form.who.data))
            exam_rooms.add_exam_assignment(
                get_store(),
                room_id=room.id,
                exam_id=exam.blueprint.id,
                title=exam.blueprint.title,
                text=exam.text,
                person_id=who,
                opens_at=day_start(opens),
                closes_at=day_end(closes),
                by=current_person().id,
            )
        except UsageError as exc:
            error, status = str(exc), 422
        else:
            flash(f"{exam.blueprint.title} is assigned.")
            return to(url_for("exams.assign", room_id=room.id))
    elif request.method == "POST":
        status = 422
    store = get_store()
    names = {m.person.id: m.person.name for m in accounts().members(room.id)}
    attempts = [settle(store, found) for found in stored.results(store, room_id=room.id)]
    return page(
        "exam/assign.html",
        status,
        room=room,
        form=form,
        error=error,
        assignments=exam_rooms.exam_assignments(store, room.id),
        names=names,
        attempts=list(reversed(attempts)),
        uploaded=exam_rooms.room_exams(store, room.id),
        certified={c.attempt_id: c for c in certificates.of_room(store, room.id)},
        at=now(),
        first_day=first_day,
        last_day=last_day,
    )


def _problems(errors: tuple[ScriptError, ...], text: str) -> list[Problem]:
    lines = text.splitlines()
    found = []
    for error in errors:
        parts = (error.where or "").rsplit(":", 2)
        line = column = None
        if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
            line, column = int(parts[1]), int(parts[2])
        shown = lines[line - 1] if line is not None and 0 < line <= len(lines) else ""
        found.append(Problem(line=line, column=column, message=error.message, text=shown))
    return found


@bp.route("/rooms/<int:room_id>/exams/upload", methods=["GET", "POST"])
@policy(Access.TRAINER_OF_ROOM)
def upload(room_id: int) -> Response:
    """Upload a blueprint for the room: checked against the room's bank (the shipped bank
    and the room's uploads, its retired items left out), each error at its line and column."""
    room = _trainer_room(room_id)
    form = BlueprintForm()
    problems: list[Problem] = []
    status = 200
    if form.validate_on_submit():
        status = 422
        text = uploaded_text(
            form,
            limit=MAX_BLUEPRINT_BYTES,
            too_big="This is larger than 64 KB, the most a blueprint may be.",
        )
        if text is not None:
            entries = room_bank(get_store(), room.id)
            files = {HOUSE_FILE: room.house_yaml} if room.house_yaml else {}
            try:
                checked = check_blueprint_text(
                    text, "blueprint.yaml", entries, rulesets=files, retired=retired(room.id)
                )
            except ScriptError as exc:  # not YAML at all
                problems = _problems((exc,), text)
            else:
                problems = _problems(checked.errors, text)
                blueprint = checked.blueprint
                shipped = {exam.blueprint.id for exam in shipped_exams()}
                if blueprint is not None and blueprint.id in shipped:
                    problems = [
                        Problem(
                            line=None,
                            column=None,
                            message=f"{blueprint.id!r} is a shipped exam's id: give yours another",
                            text="",
                        )
                    ]
                elif blueprint is not None:
                    person = current_person()
                    exam_rooms.keep_room_exam(
                        get_store(),
                        room_id=room.id,
                        exam_id=blueprint.id,
                        title=blueprint.title,
                        text=text,
                        by=person.id,
                    )
                    log.info("exam blueprint kept: room %d, %s", room.id, blueprint.id)
                    flash(f"The exam {blueprint.title} is kept for this room: assign it below.")
                    return to(url_for("exams.assign", room_id=room.id))
    elif request.method == "POST":
        status = 422
    return page("exam/upload.html", status, room=room, form=form, problems=problems)
