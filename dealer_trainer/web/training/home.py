"""The trainee's home (their rooms, their assignments to do and done, reviews due, open runs,
scores by topic, recent misses) and starting a quiz or a review."""

from __future__ import annotations

from flask import Response, abort, request, url_for
from wtforms import SelectChoice

from dealer_trainer.accounts import TRAINEE, Membership
from dealer_trainer.assignments import assignment
from dealer_trainer.store import exam_rooms
from dealer_trainer.store.adapters import now
from dealer_trainer.training import runs, skills
from dealer_trainer.training.assignment_status import (
    AssignmentStatus,
    Kind,
    State,
    person_statuses,
)
from dealer_trainer.training.quiz import Selection
from dealer_trainer.training.review import due_entries
from dealer_trainer.web import drawing
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.exams.common import allowance_for
from dealer_trainer.web.htmx import page, to
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import get_store
from dealer_trainer.web.training.common import (
    MODE_WORDS,
    _entries,
    _memberships,
    _room_for,
    _seed,
    _topic_titles,
    bp,
)
from dealer_trainer.web.training.forms import AssignedForm, RoomForm, StartForm

__all__ = ["home", "start_quiz", "start_review"]


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


def _assigned(rooms: list[Membership]) -> list[AssignmentStatus]:
    """The signed-in person's assignments: what is to do (soonest due first), then what is
    done; quizzes of every room of theirs, exams of the rooms where they train."""
    person = current_person()
    return person_statuses(
        get_store(),
        person_id=person.id,
        trainee=person.name,
        room_ids=[m.room.id for m in rooms],
        exam_room_ids=[m.room.id for m in rooms if m.role == TRAINEE],
    )


def _used_up(to_do: list[AssignmentStatus], rooms: list[Membership]) -> dict[int, str]:
    """Why an open exam on the list cannot be started: no attempt is left in its validity
    period (exam assignment id -> the words; the exam's start refuses with the same)."""
    person = current_person()
    at = now()
    by_id = {m.room.id: m.room for m in rooms}
    found: dict[int, str] = {}
    for status in to_do:
        if status.kind is not Kind.EXAM or status.state is State.IN_PROGRESS:
            continue
        if status.opens_at is None or not status.opens_at <= at < (status.due_at or at):
            continue
        assigned = exam_rooms.exam_assignment(
            get_store(), room_id=status.room_id, assignment_id=status.assignment_id
        )
        room = by_id.get(status.room_id)
        if assigned is None or room is None:
            continue
        left = allowance_for(assigned, room, person.name)
        if left is not None and not left.left:
            found[status.assignment_id] = left.refusal
    return found


def _home(form: StartForm | None = None, status: int = 200, error: str = "") -> Response:
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
    assigned = _assigned(rooms)
    to_do = [s for s in assigned if not s.done]
    lines = skills.trainee_lines(store, person.name)
    return page(
        "training/home.html",
        status,
        rooms=rooms,
        form=form or _start_form(rooms),
        error=error,
        to_do=to_do,
        used_up=_used_up(to_do, rooms),
        done=[s for s in assigned if s.done],
        room_names={m.room.id: m.room.name for m in rooms},
        now=now(),
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
        skill_lines=lines,
        drills_due=skills.drills_due(lines),
        titles=titles,
        mode_words=MODE_WORDS,
    )


@bp.route("/")
@policy(Access.SIGNED_IN)
def home() -> Response:
    return _home()


@bp.route("/quiz", methods=["POST"])
@policy(Access.SIGNED_IN)
def start_quiz() -> Response:
    """Start a quiz: chosen here (room, topics, length) or assigned by a trainer."""
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
