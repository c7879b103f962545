"""The trainer's side of the training room: a room's dashboard, its trainees, invites,
assigned quizzes, the scenario browser, uploads, the room's ruleset and the export.

Every page under ``/rooms/<room_id>/`` is for the room's trainers and for admins: the room
is loaded with :func:`room_or_404` (another room: 404, a trainee of this room: 403), and
every id after it (a trainee, a scenario) is looked up within that room. The numbers come
from :mod:`dealer_trainer.roomdata`; the charts' geometry from :mod:`.charts`.

Uploads (a scenario or a house ruleset) go through the project's own readers: safe YAML
(:mod:`dealer_trainer.yamlio`: no ``!!python/`` tag, no alias bomb), the scenario checks and
the engine's proof, or the ruleset checks. Each error is shown at its line beside the field,
with the text kept. A scenario may name a built-in ruleset or, as ``house.yaml``, the room's
house ruleset; no other file is ever read. A valid scenario is kept for the room
(``room_scenarios``) and shown in the scenario browser.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import re
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, abort, flash, make_response, request, url_for
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import (
    DateField,
    IntegerField,
    RadioField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from dealer_trainer import assignments as assigned
from dealer_trainer import roomdata
from dealer_trainer.accounts import TRAINEE, TRAINER, Room
from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.safetext import csv_cell, printable
from dealer_trainer.web import charts
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.htmx import page, to
from dealer_trainer.web.security import current_person, room_or_404
from dealer_trainer.web.store import accounts, get_store

if TYPE_CHECKING:
    from dealer_trainer.scenario import Scenario, Verified
    from dealer_trainer.training.quiz import Entry

__all__ = ["bp", "check_ruleset_text", "check_scenario_text"]

bp = Blueprint("room", __name__, url_prefix="/rooms")
log = logging.getLogger("dealer_trainer.web")

#: days of activity the dashboard draws
ACTIVITY_DAYS = 30
#: the file name under which a scenario names the room's house ruleset
HOUSE_FILE = "house.yaml"
TOPIC_TITLES = {topic.slug: topic.title for topic in TOPICS}


def _log_text(text: str) -> str:
    """A name fit for the log: one line, short."""
    return printable(text)[:60]


# --- the bank ---------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _bank() -> tuple[Entry, ...]:
    """The shipped scenario bank's catalogue (read once per process)."""
    from dealer_trainer.scenario import bank_dir
    from dealer_trainer.training.quiz import catalogue

    entries, _problems = catalogue(bank_dir())
    return tuple(sorted(entries, key=lambda entry: (entry.topic, entry.difficulty, entry.id)))


def _bank_entry(scenario_id: str) -> Entry | None:
    return next((entry for entry in _bank() if entry.id == scenario_id), None)


@lru_cache(maxsize=2048)
def _bank_title(path: str) -> str:
    from dealer_trainer.scenario import load_scenario

    try:
        return load_scenario(Path(path)).title
    except ScriptError:
        return ""


def _yaml_title(text: str) -> str:
    from dealer_trainer.yamlio import load

    try:
        data, _ = load(text)
    except ScriptError:
        return ""
    title = data.get("title") if isinstance(data, dict) else None
    return title.strip() if isinstance(title, str) else ""


def item_title(item: str, uploaded: dict[str, str] | None = None) -> str:
    """What an item is called: a bank scenario's or an uploaded scenario's title, a drill's
    step in words; the id itself when nothing better is known."""
    if uploaded and item in uploaded:
        return _yaml_title(uploaded[item]) or item
    entry = _bank_entry(item)
    if entry is not None:
        return _bank_title(str(entry.path)) or item
    if item.startswith("drill:"):
        return "Drill: " + item.removeprefix("drill:").replace("_", " ")
    return item


def _ruleset_for_bank(room: Room) -> str:
    """The built-in ruleset whose scenarios suit the room (a house ruleset's base)."""
    from dealer_trainer.rules.rulesets import BUILTIN

    if room.ruleset in BUILTIN:
        return room.ruleset
    house = _house(room)
    return house.base if house is not None else "roberts"


# --- checking uploads -------------------------------------------------------------------------


def check_ruleset_text(text: str, source: str = "ruleset.yaml") -> Any:
    """A house ruleset from YAML text (:class:`ScriptError` at its line when it is wrong)."""
    from dealer_trainer.rules.rulesets import parse_ruleset
    from dealer_trainer.yamlio import load

    data, locator = load(text, source)
    return parse_ruleset(data, locator)


def _house(room: Room) -> Any:
    if not room.house_yaml:
        return None
    try:
        return check_ruleset_text(room.house_yaml, HOUSE_FILE)
    except ScriptError:
        return None


def _check_rulesets(data: Any, locator: Any, *, house: bool) -> None:
    """An uploaded scenario names a built-in ruleset or ``house.yaml`` (when the room has a
    house ruleset) and no other file: the server's files are never read on a scenario's
    say-so."""
    from dealer_trainer.rules.rulesets import BUILTIN

    if not isinstance(data, dict):
        return
    places = [(data, "ruleset")]
    if isinstance(data.get("table"), dict):
        places.append((data["table"], "ruleset"))
    for container, key in places:
        value = container.get(key)
        if value is None or (isinstance(value, str) and value in BUILTIN):
            continue
        if value == HOUSE_FILE and not house:
            message = (
                f"{HOUSE_FILE} names the room's house ruleset, and this room has none: upload "
                "one first, or name " + " or ".join(BUILTIN)
            )
        elif value == HOUSE_FILE:
            continue
        else:
            message = (
                f"an uploaded scenario names the ruleset {', '.join(BUILTIN)}, or {HOUSE_FILE} "
                "for this room's house ruleset"
            )
        raise ScriptError(message, where=locator.where(container, key))


def check_scenario_text(
    text: str, *, house_yaml: str | None, source: str = "scenario.yaml"
) -> Verified:
    """Read, check and prove a scenario from YAML text: :class:`ScriptError` (perhaps a
    :class:`~dealer_trainer.scenario.ScenarioErrors` holding several) at its line when it is
    wrong. ``house.yaml`` names the room's house ruleset (``house_yaml``)."""
    from dealer_trainer.scenario import parse_scenario, verify
    from dealer_trainer.yamlio import load

    data, locator = load(text, source)
    _check_rulesets(data, locator, house=bool(house_yaml))
    with tempfile.TemporaryDirectory(prefix="dealer-trainer-upload-") as folder:
        if house_yaml:
            (Path(folder) / HOUSE_FILE).write_text(house_yaml, encoding="utf-8")
        scenario = parse_scenario(data, locator, source=source, folder=Path(folder))
        return verify(scenario)


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """An error of an uploaded text, for the page: its place and the line it is on."""

    line: int | None
    column: int | None
    message: str
    text: str

    @property
    def place(self) -> str:
        if self.line is None:
            return ""
        return f"line {self.line}" + (f", column {self.column}" if self.column else "")


#: the line and column at the end of an error's ``file:line:col`` (or ``line:col``)
_PLACE = re.compile(r"(?:^|:)(\d+):(\d+)$")


def _problems(error: ScriptError, text: str) -> list[Problem]:
    from dealer_trainer.scenario import all_errors

    lines = text.splitlines()
    found = []
    for each in all_errors(error):
        line = column = None
        place = _PLACE.search(each.where or "")
        if place is not None:
            line, column = int(place.group(1)), int(place.group(2))
        shown = lines[line - 1] if line is not None and 0 < line <= len(lines) else ""
        found.append(Problem(line=line, column=column, message=each.message, text=shown))
    return found


# --- forms ------------------------------------------------------------------------------------


class InviteForm(FlaskForm):
    role = RadioField(
        "They join as",
        choices=[SelectChoice(TRAINEE, "Trainee")],
        default=TRAINEE,
        validators=[InputRequired("Choose a role.")],
    )
    hours = RadioField(
        "The code works for",
        choices=[
            SelectChoice("24", "one day"),
            SelectChoice("72", "three days"),
            SelectChoice("168", "a week"),
        ],
        default="72",
        validators=[InputRequired("Choose how long the code works.")],
    )


class AssignForm(FlaskForm):
    title = StringField(
        "Title",
        validators=[DataRequired("Give the quiz a title."), Length(max=assigned.MAX_TITLE)],
    )
    topics = SelectMultipleField(
        "Topics (none chosen: every topic)",
        choices=[SelectChoice(topic.slug, topic.title) for topic in TOPICS],
        validators=[Optional()],
    )
    length = IntegerField(
        "Number of questions",
        default=10,
        validators=[
            InputRequired("Give a number of questions."),
            NumberRange(1, assigned.MAX_LENGTH, f"From 1 to {assigned.MAX_LENGTH} questions."),
        ],
    )
    due = DateField("Due date (optional)", validators=[Optional()])


class UploadForm(FlaskForm):
    kind = RadioField(
        "This is",
        choices=[
            SelectChoice("scenario", "a scenario"),
            SelectChoice("ruleset", "a house ruleset"),
        ],
        default="scenario",
        validators=[InputRequired("Choose what you upload.")],
    )
    file = FileField("A YAML file")
    text = TextAreaField("Or paste its text", render_kw={"rows": 16, "spellcheck": "false"})


class RulesetForm(FlaskForm):
    ruleset = RadioField("The room's ruleset", validators=[InputRequired("Choose a ruleset.")])


# --- pages ------------------------------------------------------------------------------------


def _trainer_room(room_id: int) -> Room:
    room, _role = room_or_404(room_id, need=TRAINER)
    return room


@bp.route("/")
@policy(Access.SIGNED_IN)
def index() -> Response:
    """The rooms the signed-in person trains (every room, for an admin)."""
    person = current_person()
    if person.admin:
        rooms = accounts().rooms()
    else:
        rooms = [m.room for m in accounts().memberships(person.id) if m.role == TRAINER]
    return page("room/index.html", rooms=rooms)


def _grid(room_id: int) -> tuple[charts.HeatMap, list[dict[str, Any]], list[str]]:
    """The heat map of trainee x topic accuracy, and the same numbers as table rows."""
    store = get_store()
    trainees = [m for m in accounts().members(room_id) if m.role == TRAINEE]
    cells = roomdata.accuracy_grid(store, room_id)
    topics = sorted({cell.topic for cell in cells})
    by = {(cell.person_id, cell.topic): cell for cell in cells}
    values: dict[tuple[str, str], float | None] = {}
    rows: list[dict[str, Any]] = []
    keys: list[str] = []
    for member in trainees:
        key = f"{member.person.id}"
        keys.append(key)
        line = []
        for topic in topics:
            cell = by.get((member.person.id, topic))
            values[(key, topic)] = None if cell is None else cell.accuracy
            line.append(cell)
        rows.append({"person": member.person, "cells": line})
    grid = charts.heat_map(rows=keys, columns=topics, values=values)
    names = {str(member.person.id): member.person.name for member in trainees}
    labelled = charts.HeatMap(
        width=grid.width,
        height=grid.height,
        cells=grid.cells,
        rows=tuple(
            charts.HeatLabel(
                key=label.key, text=charts.shorten(names[label.key], 18), x=label.x, y=label.y
            )
            for label in grid.rows
        ),
        columns=grid.columns,
    )
    return labelled, rows, topics


def _activity_chart(room_id: int, person_id: int | None = None) -> charts.BarChart:
    today = datetime.now(UTC).date()  # the store counts days in UTC
    days = roomdata.activity(
        get_store(),
        room_id,
        since=today - timedelta(days=ACTIVITY_DAYS - 1),
        until=today,
        person_id=person_id,
    )
    return charts.bar_chart([(day.isoformat(), count) for day, count in days])


def _uploaded(room_id: int) -> dict[str, str]:
    return {
        found.scenario_id: found.yaml for found in roomdata.room_scenarios(get_store(), room_id)
    }


@bp.route("/<int:room_id>/")
@policy(Access.TRAINER_OF_ROOM)
def dashboard(room_id: int) -> Response:
    room = _trainer_room(room_id)
    store = get_store()
    grid, rows, topics = _grid(room.id)
    uploaded = _uploaded(room.id)
    missed = [
        {"stats": stats, "title": item_title(stats.item, uploaded)}
        for stats in roomdata.most_missed(store, room.id)
    ]
    return page(
        "room/dashboard.html",
        room=room,
        grid=grid,
        rows=rows,
        topics=topics,
        topic_titles=TOPIC_TITLES,
        weakest=roomdata.weakest_topics(store, room.id),
        missed=missed,
        activity=_activity_chart(room.id),
        members=accounts().members(room.id),
    )


@bp.route("/<int:room_id>/trainees/<int:person_id>")
@policy(Access.TRAINER_OF_ROOM)
def trainee(room_id: int, person_id: int) -> Response:
    room = _trainer_room(room_id)
    role = accounts().role_in(person_id=person_id, room_id=room.id)
    person = accounts().person(person_id) if role is not None else None
    if person is None:
        log.info("not found: person %d in room %d", person_id, room.id)
        abort(404)
    store = get_store()
    uploaded = _uploaded(room.id)
    answers = [
        {"answer": answer, "title": item_title(answer.item, uploaded)}
        for answer in roomdata.trainee_answers(store, room.id, person.id)
    ]
    missed = [
        {"stats": stats, "title": item_title(stats.item, uploaded)}
        for stats in roomdata.most_missed(store, room.id, person_id=person.id)
    ]
    return page(
        "room/trainee.html",
        room=room,
        person=person,
        role=role,
        topics=roomdata.topic_totals(store, room.id, person_id=person.id),
        topic_titles=TOPIC_TITLES,
        answers=answers,
        missed=missed,
        activity=_activity_chart(room.id, person.id),
        due=len(store.due(person.name)),
    )


@bp.route("/<int:room_id>/invite", methods=["GET", "POST"])
@policy(Access.TRAINER_OF_ROOM)
def invite(room_id: int) -> Response:
    room = _trainer_room(room_id)
    person = current_person()
    form = InviteForm()
    if person.admin:  # only an admin makes trainers
        form.role.choices = [SelectChoice(TRAINEE, "Trainee"), SelectChoice(TRAINER, "Trainer")]
    if form.validate_on_submit():
        role = form.role.data or TRAINEE
        code = accounts().create_invite(
            room_id=room.id, role=role, created_by=person.id, hours=int(form.hours.data or 72)
        )
        log.info("invite made: room %d, role %s, by %s", room.id, role, _log_text(person.name))
        return page(
            "room/invite_code.html", room=room, code=code, role=role, hours=int(form.hours.data)
        )
    status = 422 if request.method == "POST" else 200
    return page("room/invite.html", status, room=room, form=form)


@bp.route("/<int:room_id>/assignments", methods=["GET", "POST"])
@policy(Access.TRAINER_OF_ROOM)
def assignments(room_id: int) -> Response:
    room = _trainer_room(room_id)
    form = AssignForm()
    error = ""
    status = 200
    if form.validate_on_submit():
        try:
            assigned.create_assignment(
                get_store(),
                room_id=room.id,
                title=form.title.data or "",
                topics=tuple(form.topics.data or ()),
                length=int(form.length.data or 0),
                due_on=form.due.data,
                created_by=current_person().id,
            )
        except UsageError as exc:
            error = str(exc)
            status = 422
        else:
            flash("The quiz is assigned.")
            return to(url_for("room.assignments", room_id=room.id))
    elif request.method == "POST":
        status = 422
    return page(
        "room/assignments.html",
        status,
        room=room,
        form=form,
        error=error,
        assignments=assigned.assignments(get_store(), room.id),
        topic_titles=TOPIC_TITLES,
    )


@bp.route("/<int:room_id>/scenarios")
@policy(Access.TRAINER_OF_ROOM)
def scenarios(room_id: int) -> Response:
    room = _trainer_room(room_id)
    ruleset = _ruleset_for_bank(room)
    topic = request.args.get("topic", "")
    if topic and topic not in TOPIC_TITLES:
        topic = ""
    entries = [
        {"entry": entry, "title": _bank_title(str(entry.path)) or entry.id}
        for entry in _bank()
        if entry.ruleset == ruleset and (not topic or entry.topic == topic)
    ]
    uploads = []
    for found in roomdata.room_scenarios(get_store(), room.id):
        uploads.append({"id": found.scenario_id, "title": _yaml_title(found.yaml)})
    return page(
        "room/scenarios.html",
        room=room,
        ruleset=ruleset,
        topic=topic,
        topics=TOPICS,
        entries=entries,
        uploads=uploads,
        topic_titles=TOPIC_TITLES,
    )


def _answer_key(proved: Verified) -> dict[str, Any]:
    """What the trainer sees under the question: the right answer, the engine's recovery in
    words, the cited rule and the explanation."""
    from dealer_trainer.rules.corpus import NotFound, rule
    from dealer_trainer.training.quiz import step_label

    scenario = proved.scenario
    question = scenario.question
    cited = scenario.rule or proved.rule
    rule_title = rule_text = ""
    if cited:
        try:
            found = rule(cited)
        except NotFound:
            pass
        else:
            cited, rule_title, rule_text = found.id, found.title, found.text
    return {
        "choice": None if question.correct is None else question.correct.text,
        "number": proved.fact if question.kind == "number" else None,
        "order": [step_label(step, proved.hand) for step in question.order],
        "steps": list(proved.words),
        "rule": cited,
        "rule_title": rule_title,
        "rule_text": rule_text,
        "explain": question.explain,
    }


def _options(proved: Verified) -> list[str]:
    """The options as the trainee sees them (an order question's steps sorted, as
    ``scenarios show`` does; the quiz shuffles them)."""
    from dealer_trainer.training.quiz import step_label

    question = proved.scenario.question
    if question.kind == "order":
        return sorted(step_label(step, proved.hand) for step in question.order)
    return [choice.text for choice in question.choices]


@bp.route("/<int:room_id>/scenarios/<scenario_id>")
@policy(Access.TRAINER_OF_ROOM)
def scenario(room_id: int, scenario_id: str) -> Response:
    room = _trainer_room(room_id)
    from dealer_trainer.scenario import load_scenario, verify
    from dealer_trainer.view import trainee_view

    uploaded = roomdata.room_scenario(get_store(), room_id=room.id, scenario_id=scenario_id)
    entry = None if uploaded is not None else _bank_entry(scenario_id)
    if uploaded is None and entry is None:
        abort(404)
    problems: list[Problem] = []
    proved = None
    try:
        if uploaded is not None:
            proved = check_scenario_text(
                uploaded.yaml, house_yaml=room.house_yaml, source=f"{scenario_id}.yaml"
            )
        else:
            assert entry is not None
            proved = verify(load_scenario(entry.path))
    except ScriptError as exc:
        problems = _problems(exc, uploaded.yaml if uploaded is not None else "")
    found: Scenario | None = None if proved is None else proved.scenario
    return page(
        "room/scenario.html",
        room=room,
        scenario_id=scenario_id,
        uploaded=uploaded is not None,
        scenario=found,
        view=None if proved is None else trainee_view(proved),
        options=[] if proved is None else _options(proved),
        key=None if proved is None else _answer_key(proved),
        problems=problems,
        topic_titles=TOPIC_TITLES,
    )


@bp.route("/<int:room_id>/scenarios/<scenario_id>/remove", methods=["POST"])
@policy(Access.TRAINER_OF_ROOM)
def remove_scenario(room_id: int, scenario_id: str) -> Response:
    room = _trainer_room(room_id)
    if not roomdata.delete_room_scenario(get_store(), room_id=room.id, scenario_id=scenario_id):
        abort(404)
    log.info("scenario removed: room %d, %s", room.id, _log_text(scenario_id))
    flash("The scenario is removed from this room.")
    return to(url_for("room.scenarios", room_id=room.id))


def _uploaded_text(form: UploadForm) -> str | None:
    """The file's text (then shown in the text field, so it is kept) or the pasted text;
    None, with the error set beside its field, when there is nothing usable."""
    upload: Any = form.file.data
    if upload is not None and getattr(upload, "filename", None):
        raw: bytes = upload.read()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            form.file.errors = [*form.file.errors, "The file is not UTF-8 text."]
            return None
        form.text.data = text
        return text
    pasted = str(form.text.data or "")
    if not pasted.strip():
        form.text.errors = [*form.text.errors, "Choose a file or paste the text."]
        return None
    return pasted


@bp.route("/<int:room_id>/upload", methods=["GET", "POST"])
@policy(Access.TRAINER_OF_ROOM)
def upload(room_id: int) -> Response:
    room = _trainer_room(room_id)
    form = UploadForm()
    problems: list[Problem] = []
    status = 200
    if form.validate_on_submit():
        text = _uploaded_text(form)
        status = 422
        if text is not None:
            person = current_person()
            store = get_store()
            if form.kind.data == "ruleset":
                try:
                    house = check_ruleset_text(text)
                except ScriptError as exc:
                    problems = _problems(exc, text)
                else:
                    accounts().set_ruleset(room_id=room.id, ruleset=house.name, house_yaml=text)
                    log.info("house ruleset set: room %d, by %s", room.id, _log_text(person.name))
                    flash(f"The room now plays under the house ruleset {house.name}.")
                    return to(url_for("room.ruleset", room_id=room.id))
            else:
                try:
                    proved = check_scenario_text(text, house_yaml=room.house_yaml)
                except ScriptError as exc:
                    problems = _problems(exc, text)
                else:
                    ident = proved.scenario.id
                    if _bank_entry(ident) is not None:
                        problems = [
                            Problem(
                                line=None,
                                column=None,
                                message=f"the shipped bank has a scenario {ident!r} already: "
                                "give yours another id",
                                text="",
                            )
                        ]
                    else:
                        roomdata.save_room_scenario(
                            store,
                            room_id=room.id,
                            scenario_id=ident,
                            yaml=text,
                            uploaded_by=person.id,
                        )
                        log.info(
                            "scenario uploaded: room %d, %s, by %s",
                            room.id,
                            _log_text(ident),
                            _log_text(person.name),
                        )
                        flash("The scenario is checked and kept for this room.")
                        return to(url_for("room.scenario", room_id=room.id, scenario_id=ident))
            if problems:
                form.text.errors = [
                    *form.text.errors,
                    f"{len(problems)} problem{'s' if len(problems) != 1 else ''}: see below.",
                ]
    elif request.method == "POST":
        status = 422
    return page("room/upload.html", status, room=room, form=form, problems=problems)


@bp.route("/<int:room_id>/ruleset", methods=["GET", "POST"])
@policy(Access.TRAINER_OF_ROOM)
def ruleset(room_id: int) -> Response:
    from dealer_trainer.rules.rulesets import BUILTIN

    room = _trainer_room(room_id)
    house = _house(room)
    form = RulesetForm(ruleset=room.ruleset)
    choices = [
        SelectChoice(name, f"{name}: {found.description}") for name, found in BUILTIN.items()
    ]
    if house is not None:
        choices.append(SelectChoice(house.name, f"{house.name} (house ruleset on {house.base})"))
    form.ruleset.choices = choices
    if form.validate_on_submit():
        chosen = form.ruleset.data or ""
        if chosen in BUILTIN:
            accounts().set_ruleset(room_id=room.id, ruleset=chosen, house_yaml=None)
        else:
            accounts().set_ruleset(room_id=room.id, ruleset=chosen, house_yaml=room.house_yaml)
        log.info(
            "ruleset chosen: room %d, %s, by %s",
            room.id,
            _log_text(chosen),
            _log_text(current_person().name),
        )
        flash(f"The room's ruleset is {chosen}.")
        return to(url_for("room.ruleset", room_id=room.id))
    status = 422 if request.method == "POST" else 200
    return page("room/ruleset.html", status, room=room, form=form, house=house)


# --- export -----------------------------------------------------------------------------------


def _filename(room: Room, suffix: str) -> str:
    safe = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in room.name).strip("-")
    return f"room-{room.id}-{safe[:40] or 'answers'}-answers.{suffix}"


def csv_text(rows: list[roomdata.ExportRow]) -> str:
    """The answers as CSV, every text cell made safe for a spreadsheet (no formula runs)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(roomdata.EXPORT_FIELDS)
    for row in rows:
        values = row.to_dict()
        writer.writerow([csv_cell(values[name]) for name in roomdata.EXPORT_FIELDS])
    return out.getvalue()


def _export(room: Room, kind: str, body: str, mimetype: str) -> Response:
    log.info(
        "export: room %d as %s by %s from %s",
        room.id,
        kind,
        _log_text(current_person().name),
        request.remote_addr,
    )
    response = make_response(body)
    response.mimetype = mimetype
    response.headers["Content-Disposition"] = f'attachment; filename="{_filename(room, kind)}"'
    return response


@bp.route("/<int:room_id>/export.csv")
@policy(Access.TRAINER_OF_ROOM)
def export_csv(room_id: int) -> Response:
    room = _trainer_room(room_id)
    rows = roomdata.export_rows(get_store(), room.id)
    return _export(room, "csv", csv_text(rows), "text/csv")


@bp.route("/<int:room_id>/export.json")
@policy(Access.TRAINER_OF_ROOM)
def export_json(room_id: int) -> Response:
    room = _trainer_room(room_id)
    rows = roomdata.export_rows(get_store(), room.id)
    body = json.dumps(
        {
            "room": {"id": room.id, "name": room.name, "ruleset": room.ruleset},
            "answers": [row.to_dict() for row in rows],
        },
        ensure_ascii=False,
        indent=1,
    )
    return _export(room, "json", body, "application/json")
