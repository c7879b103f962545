"""The trainee side: home, quiz, review, drill (blueprint ``training``).

A quiz, a review or a drill is a run kept in the store (:mod:`dealer_trainer.runs`): its
items, their option order, each answer as given. URLs name the run by its number and an
item by its position, never by the scenario (an id names the answer). A run is loaded only
for its owner; another person's run is answered 404, as one that does not exist.

Answers are plain form POSTs (each page works without JavaScript); with htmx the same
forms swap the page's content in place, announce the verdict in the ``#status`` region and
move the focus to the new heading. Options are submitted by their position on the page
(``option=2``), never by their key: the key of an order question's step is its right place.
"""

from __future__ import annotations

import random
from typing import Any

from flask import Blueprint, Response, abort, request, url_for
from flask.blueprints import BlueprintSetupState
from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, SelectChoice, SelectField, SelectMultipleField
from wtforms.validators import InputRequired, NumberRange, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from dealer_trainer import runs
from dealer_trainer.accounts import Membership, Room
from dealer_trainer.assignments import Assignment, assignment, assignments
from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.training.quiz import Entry
from dealer_trainer.web import drawing
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.htmx import is_htmx, page, to
from dealer_trainer.web.security import current_person, room_or_404, run_or_404
from dealer_trainer.web.store import accounts, get_store

__all__ = ["bp"]

bp = Blueprint("training", __name__)

LENGTHS = (5, 10, 20)
MODE_WORDS = {"quiz": "Quiz", "review": "Review", "drill": "Drill"}


@bp.record_once
def _drawing(state: BlueprintSetupState) -> None:
    """What the table and card macros draw with, as Jinja globals (an imported macro sees
    globals, not the context), for every blueprint's templates."""
    state.app.jinja_env.globals.update(
        table_layout=drawing.layout,
        describe_table=drawing.describe,
        card_name=drawing.card_name,
        rank_text=drawing.rank_text,
        suit_symbol=drawing.suit_symbol,
        seat_card_size=drawing.SEAT_CARD,
        board_card_size=drawing.BOARD_CARD,
        seat_box_size=drawing.SEAT_BOX,
    )


# --- forms -------------------------------------------------------------------------------------


class MultiCheckbox(SelectMultipleField):
    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


class StartForm(FlaskForm):
    """Start a quiz: the room (when the person has several), topics (none: all), length."""

    room = SelectField("Room", coerce=int, validators=[InputRequired("Choose a room.")])
    topics = MultiCheckbox("Topics (none ticked: every topic)", choices=[], validate_choice=True)
    length = SelectField(
        "How many questions",
        coerce=int,
        choices=[SelectChoice(n, str(n)) for n in LENGTHS],
        default=10,
        validators=[InputRequired("Choose how many questions.")],
    )


class AssignedForm(FlaskForm):
    """Start an assigned quiz (its room and number are hidden fields)."""

    room = IntegerField(validators=[InputRequired()])
    assignment = IntegerField(validators=[InputRequired(), NumberRange(min=1)])


class RoomForm(FlaskForm):
    """Start a review or a drill in a room."""

    room = HiddenField(validators=[Optional()])


# --- helpers -----------------------------------------------------------------------------------


def _memberships() -> list[Membership]:
    return accounts().memberships(current_person().id)


def _topic_titles() -> dict[str, str]:
    from dealer_trainer.rules.topics import TOPICS

    return {topic.slug: topic.title for topic in TOPICS}


def _entries(room: Room, ruleset: str) -> list[Entry]:
    """What a quiz or a review in ``room`` draws from: the bank and the room's own uploads."""
    uploaded = runs.room_entries(
        get_store(), room_id=room.id, ruleset=ruleset, house=room.house_yaml
    )
    return runs.bank_entries() + uploaded


def _start_form(rooms: list[Membership]) -> StartForm:
    form = StartForm()
    form.room.choices = [SelectChoice(m.room.id, m.room.name) for m in rooms]
    counts: dict[str, int] = {}
    for entry in runs.bank_entries():
        counts[entry.topic] = counts.get(entry.topic, 0) + 1
    titles = _topic_titles()
    form.topics.choices = [
        SelectChoice(slug, f"{title} ({counts[slug]})")
        for slug, title in titles.items()
        if slug in counts
    ]
    if rooms and form.room.data is None:
        form.room.data = rooms[0].room.id
    return form


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


def _assigned(rooms: list[Membership]) -> list[tuple[Membership, Assignment]]:
    store = get_store()
    return [(m, a) for m in rooms for a in assignments(store, m.room.id)]


def _home(form: StartForm | None = None, status: int = 200, error: str = "") -> Response:
    from dealer_trainer.training.review import due_entries

    person = current_person()
    store = get_store()
    rooms = _memberships()
    titles = _topic_titles()
    titles["procedure"] = "Dealing procedure (drill)"
    scores = runs.topic_scores(store, person.name)
    bars, chart_height = drawing.topic_bars(
        [(titles.get(s.topic, s.topic), s.right, s.asked) for s in scores]
    )
    due = len(due_entries(store.due(person.name), runs.bank_entries()))
    return page(
        "training/home.html",
        status,
        rooms=rooms,
        form=form or _start_form(rooms),
        error=error,
        assigned=_assigned(rooms),
        due=due,
        open_runs=runs.open_runs(store, person_id=person.id),
        bars=bars,
        chart_height=chart_height,
        chart={
            "width": drawing.CHART_WIDTH,
            "span": drawing.bar_span(),
            "bar": drawing.CHART_BAR,
            "label_y": drawing.CHART_LABEL_Y,
            "bar_y": drawing.CHART_BAR_Y,
        },
        misses=runs.recent_misses(store, person.name),
        titles=titles,
        mode_words=MODE_WORDS,
    )


# --- home and starting ---------------------------------------------------------------------------


@bp.route("/")
@policy(Access.SIGNED_IN)
def home() -> Response:
    return _home()


@bp.route("/quiz", methods=["POST"])
@policy(Access.SIGNED_IN)
def start_quiz() -> Response:
    """Start a quiz: chosen here (room, topics, length) or assigned by a trainer."""
    from dealer_trainer.training.quiz import Selection

    person = current_person()
    store = get_store()
    if "assignment" in request.form:
        assigned_form = AssignedForm()
        if not assigned_form.validate_on_submit():
            abort(404)
        room = _room_for(assigned_form.room.data)
        task = assignment(
            store, room_id=room.id, assignment_id=int(assigned_form.assignment.data or 0)
        )
        if task is None:
            abort(404)
        selection = Selection(topics=task.topics, length=task.length)
        assignment_id: int | None = task.id
    else:
        rooms = _memberships()
        form = _start_form(rooms)
        if not form.validate_on_submit():
            return _home(form, 422)
        room = _room_for(form.room.data)
        selection = Selection(topics=tuple(form.topics.data or ()), length=form.length.data)
        assignment_id = None
    ruleset = runs.bank_ruleset(room.ruleset, room.house_yaml)
    plan = runs.quiz_plan(_entries(room, ruleset), selection, seed=_seed(), ruleset=ruleset)
    if not plan.items:
        return _home(None, 422, "No question matches those topics: choose others.")
    number = runs.create_run(
        store,
        person_id=person.id,
        trainee=person.name,
        room_id=room.id,
        mode="quiz",
        plan=plan,
        assignment_id=assignment_id,
    )
    return to(url_for("training.show_run", run_id=number))


@bp.route("/review", methods=["POST"])
@policy(Access.SIGNED_IN)
def start_review() -> Response:
    """Start a review over the items due now (missed ones first)."""
    form = RoomForm()
    if not form.validate_on_submit():
        abort(400)
    person = current_person()
    store = get_store()
    room = _room_for(form.room.data)
    ruleset = runs.bank_ruleset(room.ruleset, room.house_yaml)
    plan = runs.review_plan(
        store, person.name, _entries(room, ruleset), seed=_seed(), ruleset=ruleset
    )
    if not plan.items:
        return _home(None, 422, "Nothing is due for review now: take a quiz meanwhile.")
    number = runs.create_run(
        store, person_id=person.id, trainee=person.name, room_id=room.id, mode="review", plan=plan
    )
    return to(url_for("training.show_run", run_id=number))


# --- a quiz or review run -----------------------------------------------------------------------


def _current(found: runs.Run, given: list[runs.RunAnswer]) -> int | None:
    """The first position not answered (None: every item is)."""
    done = {a.position for a in given}
    return next((p for p in range(1, found.length + 1) if p not in done), None)


@bp.route("/runs/<int:run_id>")
@policy(Access.OWNER_OF_RUN)
def show_run(run_id: int) -> Response:
    """A run lands on its first unanswered item (or its summary)."""
    found = run_or_404(run_id)
    if found.mode == "drill":
        return to(url_for("training.drill", run_id=found.id))
    position = _current(found, runs.answers(get_store(), found.id))
    if position is None or found.finished_at is not None:
        return to(url_for("training.summary", run_id=found.id))
    return to(url_for("training.item", run_id=found.id, position=position))


def _option_value(asked: Any, number: str | None) -> str:
    """The option at display position ``number`` (from 1)."""
    if number is None or not number.strip().isdigit():
        raise UsageError("Pick one of the answers.")
    index = int(number)
    if not 1 <= index <= len(asked.options):
        raise UsageError("Pick one of the answers.")
    value: str = asked.options[index - 1].value
    return value


def _item_page(
    found: runs.Run,
    position: int,
    *,
    outcome: runs.Outcome | None = None,
    error: str = "",
    typed: str = "",
    status: int = 200,
    announce: str = "",
    focus: str = "heading",
) -> Response:
    from dealer_trainer.view import trainee_view

    try:
        asked = runs.item(found.plan, position)
    except ScriptError:
        return page("training/gone.html", 200, run=found, position=position, mode_words=MODE_WORDS)
    store = get_store()
    given = runs.answers(store, found.id)
    kept = next((a for a in given if a.position == position), None)
    if outcome is None and kept is not None:
        from dealer_trainer.training.quiz import grade

        outcome = runs.Outcome(
            feedback=grade(asked, kept.answer), recorded=False, given=kept.answer
        )
    labels = {option.value: option.label for option in asked.options}
    chosen = [labels[v] for v in found.plan.pending.get(position, ()) if v in labels]
    placed = set(found.plan.pending.get(position, ()))
    remaining = [
        (index, option)
        for index, option in enumerate(asked.options, 1)
        if option.value not in placed
    ]
    last = position == found.length
    return page(
        "training/item.html",
        status,
        run=found,
        position=position,
        item=asked,
        view=trainee_view(asked.proved),
        outcome=outcome,
        error=error,
        typed=typed,
        chosen=chosen,
        remaining=remaining,
        last=last,
        answered_count=len(given),
        announce=announce,
        focus=focus,
        mode_words=MODE_WORDS,
    )


@bp.route("/runs/<int:run_id>/items/<int:position>")
@policy(Access.OWNER_OF_RUN)
def item(run_id: int, position: int) -> Response:
    """An item of a run: the question, or (answered) the question with its feedback."""
    found = run_or_404(run_id)
    if found.mode == "drill" or not 1 <= position <= found.length:
        abort(404)
    given = runs.answers(get_store(), found.id)
    current = _current(found, given)
    unanswered = all(a.position != position for a in given)
    if unanswered and found.finished_at is not None:  # stopped: no more answers
        return to(url_for("training.summary", run_id=found.id))
    if unanswered and position != current:
        # no skipping ahead (nor back to an item left unanswered): the current one
        if current is None:
            return to(url_for("training.summary", run_id=found.id))
        return to(url_for("training.item", run_id=found.id, position=current))
    return _item_page(found, position)


def _answered(found: runs.Run, position: int, outcome: runs.Outcome) -> Response:
    """After an answer: the feedback (htmx: in place, its URL pushed; else PRG)."""
    store = get_store()
    if _current(found, runs.answers(store, found.id)) is None:
        runs.finish_run(store, found)
    target = url_for("training.item", run_id=found.id, position=position)
    if not is_htmx():
        return to(target)
    feedback = outcome.feedback
    verdict = "Right." if feedback.correct else "Wrong."
    response = _item_page(
        found,
        position,
        outcome=outcome,
        announce=f"{verdict} The right answer: {feedback.expected}",
    )
    response.headers["HX-Push-Url"] = target
    return response


@bp.route("/runs/<int:run_id>/items/<int:position>", methods=["POST"])
@policy(Access.OWNER_OF_RUN)
def answer(run_id: int, position: int) -> Response:
    """Answer the item at ``position``: an option (``option``), a number (``number``), or for
    an order question a step tapped (``step``), ``undo`` or ``done``."""
    found = run_or_404(run_id)
    if found.mode == "drill" or not 1 <= position <= found.length:
        abort(404)
    store = get_store()
    person = current_person()
    try:
        asked = runs.item(found.plan, position)
    except ScriptError:
        return _item_page(found, position)
    given_before = runs.answers(store, found.id)
    if any(a.position == position for a in given_before):
        # a double tap, or a stale page: the first answer stands
        return _answered(found, position, _first(found, position))
    if found.finished_at is not None:  # the run was stopped: it takes no more answers
        return to(url_for("training.summary", run_id=found.id))
    current = _current(found, given_before)
    if position != current:  # the items are answered in turn
        return to(url_for("training.item", run_id=found.id, position=current))
    form = request.form
    if asked.kind == "order" and "done" not in form:
        return _tap(found, position, asked)
    try:
        if asked.kind == "number":
            typed = form.get("number", "")
            from dealer_trainer.training.quiz import read_number

            read_number(typed)  # the error beside the field, the typed text kept
            given = [typed]
        elif asked.kind == "order":
            given = list(found.plan.pending.get(position, ()))
            if len(given) != len(asked.options):
                raise UsageError("Put every step in order first, then submit.")
        else:
            given = [_option_value(asked, form.get("option"))]
        outcome = runs.answer(store, found, position=position, given=given, trainee=person.name)
    except UsageError as exc:
        return _item_page(
            found, position, error=str(exc), typed=form.get("number", "")[:40], status=422
        )
    return _answered(found, position, outcome)


def _first(found: runs.Run, position: int) -> runs.Outcome:
    from dealer_trainer.training.quiz import grade

    kept = next(a for a in runs.answers(get_store(), found.id) if a.position == position)
    asked = runs.item(found.plan, position)
    return runs.Outcome(feedback=grade(asked, kept.answer), recorded=False, given=kept.answer)


def _tap(found: runs.Run, position: int, asked: Any) -> Response:
    """An order question's tap: a step added to the order, or the last one undone; the
    order so far is kept in the run (a reload keeps it)."""
    store = get_store()
    pending = list(found.plan.pending.get(position, ()))
    form = request.form
    announce = ""
    if "undo" in form:
        if pending:
            pending.pop()
        announce = "The last step is taken back."
    elif "step" in form:
        try:
            value = _option_value(asked, form.get("step"))
        except UsageError as exc:
            return _item_page(found, position, error=str(exc), status=422)
        if value not in pending:
            pending.append(value)
        labels = {option.value: option.label for option in asked.options}
        announce = f"Step {len(pending)}: {labels[value]}"
    found = runs.set_pending(store, found, position, pending)
    if not is_htmx():
        return to(url_for("training.item", run_id=found.id, position=position))
    return _item_page(found, position, announce=announce, focus="steps")


@bp.route("/runs/<int:run_id>/finish", methods=["POST"])
@policy(Access.OWNER_OF_RUN)
def finish(run_id: int) -> Response:
    """Stop a run before its end (its answers are kept)."""
    found = run_or_404(run_id)
    runs.finish_run(get_store(), found)
    return to(url_for("training.summary", run_id=found.id))


@bp.route("/runs/<int:run_id>/summary")
@policy(Access.OWNER_OF_RUN)
def summary(run_id: int) -> Response:
    """The end of a run: the score per topic and the misses."""
    found = run_or_404(run_id)
    person = current_person()
    result = runs.summary(get_store(), found, person.name, _house(found))
    titles = _topic_titles()
    titles["procedure"] = "Dealing procedure"
    return page(
        "training/summary.html",
        run=found,
        result=result,
        titles=titles,
        mode_words=MODE_WORDS,
        unfinished=found.finished_at is None,
    )


# --- the drill ---------------------------------------------------------------------------------


@bp.route("/drill", methods=["GET", "POST"])
@policy(Access.SIGNED_IN)
def start_drill() -> Response:
    """GET: what a drill is, and a Start button (or Continue); POST: start one."""
    person = current_person()
    store = get_store()
    form = RoomForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        room = _room_for(form.room.data)
        plan = runs.drill_plan(seed=_seed(), ruleset=room.ruleset)  # a house one: its file
        number = runs.create_run(
            store,
            person_id=person.id,
            trainee=person.name,
            room_id=room.id,
            mode="drill",
            plan=plan,
        )
        return to(url_for("training.drill", run_id=number))
    drills = [r for r in runs.open_runs(store, person_id=person.id) if r.mode == "drill"]
    return page("training/drill_start.html", form=form, rooms=_memberships(), drills=drills)


def _drill_page(found: runs.Run, state: runs.DrillState, *, status: int = 200,
                error: str = "", swapped: bool = False) -> Response:  # fmt: skip
    from dealer_trainer.view import table_view

    point = state.point
    view = table_view(point.hand, point.exposed)
    last = state.last
    announce = ""
    if swapped and last is not None:
        announce = "Right." if last.correct else f"Wrong. The right move: {last.right.label}"
    response = page(
        "training/drill.html",
        status,
        run=found,
        state=state,
        point=point,
        view=view,
        last=last,
        error=error,
        announce=announce,
        swapped=swapped,
    )
    runs.release_drill(found, state, _house(found))
    return response


def _house(found: runs.Run) -> str | None:
    room = accounts().room(found.room_id)
    return None if room is None else room.house_yaml


@bp.route("/drill/<int:run_id>")
@policy(Access.OWNER_OF_RUN)
def drill(run_id: int) -> Response:
    """The drill's current point: what happened, the table, the dealer's moves as buttons."""
    found = run_or_404(run_id)
    if found.mode != "drill":
        abort(404)
    if found.finished_at is not None:
        return to(url_for("training.summary", run_id=found.id))
    state = runs.drill_state(found, runs.answers(get_store(), found.id), _house(found))
    return _drill_page(found, state)


@bp.route("/drill/<int:run_id>", methods=["POST"])
@policy(Access.OWNER_OF_RUN)
def drill_move(run_id: int) -> Response:
    """A move picked at a point (``point`` its number, ``option`` its place on the page)."""
    found = run_or_404(run_id)
    if found.mode != "drill":
        abort(404)
    if found.finished_at is not None:
        return to(url_for("training.summary", run_id=found.id))
    form = request.form
    try:
        number = int(form.get("point", ""))
        option = int(form.get("option", ""))
    except ValueError:
        number, option = 0, 0
    try:
        state = runs.drill_answer(
            get_store(),
            found,
            number=number,
            option=option,
            trainee=current_person().name,
            house_yaml=_house(found),
        )
    except UsageError as exc:
        state = runs.drill_state(found, runs.answers(get_store(), found.id), _house(found))
        return _drill_page(found, state, status=422, error=str(exc))
    if not is_htmx():
        runs.release_drill(found, state, _house(found))
        return to(url_for("training.drill", run_id=found.id))
    response = _drill_page(found, state, swapped=True)
    response.headers["HX-Push-Url"] = url_for("training.drill", run_id=found.id)
    return response
