"""The trainee's exam pages: the exams assigned to them, starting (or resuming) an attempt, an
item with the numbered list of every position and the server's clock, an answer saved as it
is given (replaceable until the submit), the submit, and the feedback per item after it.

Each request reads the attempt anew and settles it first: one whose time is up is submitted
with what was answered, and its pages lead to the result. An answer after the deadline or
after the submit, and a second submit, are refused (409, the result page saying why; nothing
already kept is lost); a position outside the attempt is a 404; a value that is no answer is
a 422 with the page again; the start of an exam with no attempt left is a 409 saying from
when it may be sat again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from flask import Response, abort, flash, request, url_for

from dealer_trainer.accounts import TRAINEE, Room
from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.store import exam_rooms
from dealer_trainer.store import exams as stored
from dealer_trainer.store.adapters import now
from dealer_trainer.store.exam_rooms import ExamAssignment
from dealer_trainer.store.exams import AttemptRefused, StoredAttempt
from dealer_trainer.training.assignment_status import AssignmentStatus, Kind, person_statuses
from dealer_trainer.training.exam.allowance import Allowance
from dealer_trainer.training.exam.attempts import asked, finish, review, save_answer, settle, start
from dealer_trainer.training.exam.blueprint import BlueprintErrors
from dealer_trainer.training.quiz import Item, read_number
from dealer_trainer.view import trainee_view
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.exams.common import (
    allowance_for,
    assignment_exam,
    bp,
    first_day,
    last_day,
    retired,
)
from dealer_trainer.web.htmx import page, to
from dealer_trainer.web.security import attempt_or_404, current_person
from dealer_trainer.web.store import accounts, get_store

__all__ = ["attempt", "exams", "item", "result", "save", "start_attempt", "submit"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Offered:
    """An exam assigned to the signed-in trainee, with where they stand."""

    room: Room
    assignment: ExamAssignment
    open: bool
    attempts: tuple[StoredAttempt, ...]
    #: the attempts left in the exam's validity period (None: its blueprint no longer reads)
    allowance: Allowance | None = None
    #: where the trainee stands with it (done, revoked, expired...: the home's status)
    status: AssignmentStatus | None = None

    @property
    def current(self) -> StoredAttempt | None:
        """The attempt in progress (None: none)."""
        return next((a for a in self.attempts if not a.submitted), None)


def _offered() -> list[Offered]:
    person = current_person()
    store = get_store()
    at = now()
    found: list[Offered] = []
    training = [m.room for m in accounts().memberships(person.id) if m.role == TRAINEE]
    statuses = {
        s.assignment_id: s
        for s in person_statuses(
            store,
            person_id=person.id,
            trainee=person.name,
            room_ids=(),
            exam_room_ids=[room.id for room in training],
            now=at,
        )
        if s.kind is Kind.EXAM
    }
    for room in training:
        for assigned in exam_rooms.exam_assignments(store, room.id, person_id=person.id):
            mine = [
                settle(store, a, now=at)
                for a in stored.attempts_of(store, person.name, exam_id=assigned.exam_id)
                if a.assignment_id == assigned.id
            ]
            found.append(
                Offered(
                    room=room,
                    assignment=assigned,
                    open=assigned.open_at(at),
                    attempts=tuple(mine),
                    allowance=allowance_for(assigned, room, person.name),
                    status=statuses.get(assigned.id),
                )
            )
    return found


def _list(status: int = 200) -> Response:
    return page(
        "exam/list.html", status, offered=_offered(), first_day=first_day, last_day=last_day
    )


@bp.route("/exams")
@policy(Access.SIGNED_IN)
def exams() -> Response:
    """The exams assigned to the signed-in person, in the rooms where they train."""
    return _list()


def _no_attempt_left(assigned: ExamAssignment, room: Room) -> Response | None:
    """The exams page with the reason, as a 409, when the trainee has no attempt left at the
    exam in its validity period (the same words the pages say instead of Start)."""
    left = allowance_for(assigned, room, current_person().name)
    if left is None or left.left:
        return None
    flash(left.refusal)
    return _list(409)


def _assigned_or_404(assignment_id: int) -> tuple[ExamAssignment, Room]:
    """The assignment, if it is for the signed-in person in a room where they train."""
    person = current_person()
    store = get_store()
    for membership in accounts().memberships(person.id):
        if membership.role != TRAINEE:
            continue
        found = exam_rooms.exam_assignment(
            store, room_id=membership.room.id, assignment_id=assignment_id
        )
        if found is not None and found.person_id in (None, person.id):
            return found, membership.room
    abort(404)


@bp.route("/exams/<int:assignment_id>/start", methods=["POST"])
@policy(Access.SIGNED_IN)
def start_attempt(assignment_id: int) -> Response:
    """Start an attempt at an assigned exam (or resume the one in progress)."""
    assigned, room = _assigned_or_404(assignment_id)
    person = current_person()
    store = get_store()
    current = stored.open_attempt(
        store, trainee=person.name, exam_id=assigned.exam_id, assignment_id=assigned.id
    )
    if current is not None and not settle(store, current).submitted:
        return to(url_for("exams.attempt", attempt_id=current.id))
    if not assigned.open_at(now()):
        flash("This exam is not open now: see its dates.")
        return to(url_for("exams.exams"))
    refused = _no_attempt_left(assigned, room)
    if refused is not None:
        return refused
    exam = assignment_exam(assigned, room)
    try:
        found = start(
            store,
            exam,
            trainee=person.name,
            retired=retired(room.id),
            room_id=room.id,
            assignment_id=assigned.id,
        )
    except AttemptRefused as exc:  # another start took the last attempt meanwhile
        refused = _no_attempt_left(assigned, room)
        if refused is not None:
            return refused
        flash(str(exc))
        return _list(409)
    except BlueprintErrors:
        flash("This exam cannot be drawn from the bank now: tell your trainer.")
        return to(url_for("exams.exams"))
    return to(url_for("exams.attempt", attempt_id=found.id))


def _settled(attempt_id: int) -> StoredAttempt:
    return settle(get_store(), attempt_or_404(attempt_id))


@bp.route("/attempts/<int:attempt_id>")
@policy(Access.OWNER_OF_ATTEMPT)
def attempt(attempt_id: int) -> Response:
    """An attempt lands on its first unanswered item (or its result)."""
    found = _settled(attempt_id)
    if found.submitted:
        return to(url_for("exams.result", attempt_id=found.id))
    done = {a.position for a in stored.attempt_answers(get_store(), found.id)}
    first = next((p for p in range(1, found.items + 1) if p not in done), 1)
    return to(url_for("exams.item", attempt_id=found.id, position=first))


def _remaining(found: StoredAttempt, at: datetime) -> int:
    return max(0, int((found.deadline - at).total_seconds()))


def _item_page(
    found: StoredAttempt, position: int, *, error: str = "", typed: str = "", status: int = 200
) -> Response:
    store = get_store()
    given = {a.position: a.answer for a in stored.attempt_answers(store, found.id)}
    try:
        shown: Item | None = asked(found, position, store=store)
    except ScriptError:
        shown = None
    kept = given.get(position, ())
    places = {} if shown is None else {o.value: i for i, o in enumerate(shown.options, 1)}
    return page(
        "exam/item.html",
        status,
        attempt=found,
        position=position,
        item=shown,
        view=None if shown is None else trainee_view(shown.proved),
        answered=set(given),
        picked=[places[v] for v in kept if v in places],
        typed=typed or (kept[0] if kept and shown is not None and shown.typed else ""),
        error=error,
        remaining=_remaining(found, now()),
    )


@bp.route("/attempts/<int:attempt_id>/items/<int:position>")
@policy(Access.OWNER_OF_ATTEMPT)
def item(attempt_id: int, position: int) -> Response:
    """An item of the attempt: the question, the answer kept (if any), every position."""
    found = _settled(attempt_id)
    if not 1 <= position <= found.items:
        abort(404)
    if found.submitted:
        return to(url_for("exams.result", attempt_id=found.id))
    return _item_page(found, position)


def _given(shown: Item) -> list[str]:
    """The answer the form gives, in the attempt's option values (by their place shown)."""
    form = request.form
    count = len(shown.options)

    def place(text: str | None) -> int:
        if text is None or not text.strip().isdigit() or not 1 <= int(text) <= count:
            raise UsageError("Pick one of the answers.")
        return int(text)

    if shown.typed:
        typed = form.get("number", "")
        read_number(typed, shown.unit)
        return [typed]
    if shown.ordered:
        order = [place(form.get(f"step{n}")) for n in range(1, count + 1)]
        if sorted(order) != list(range(1, count + 1)):
            raise UsageError("Put every step in the order, each once.")
        return [shown.options[n - 1].value for n in order]
    return [shown.options[place(form.get("option")) - 1].value]


def _refused(attempt_id: int, why: str | None = None) -> Response:
    """The result page as a 409, saying why the answer or the submit was not taken: the
    attempt is submitted (by the trainee, or at its deadline: ``why`` None says which), and
    nothing kept changed."""
    found = _settled(attempt_id)
    if why is None:
        timed_out = found.submitted_at is not None and found.submitted_at >= found.deadline
        why = TIME_UP if timed_out else SUBMITTED
    flash(why)
    return page("exam/result.html", 409, attempt=found, rows=review(get_store(), found))


#: why an answer or a submit is refused
SUBMITTED = "Not taken: this attempt is submitted already, and its answers can no longer change."
TIME_UP = (
    "Not saved: time is up. The exam was submitted at its time limit with the answers saved "
    "before it."
)


@bp.route("/attempts/<int:attempt_id>/items/<int:position>", methods=["POST"])
@policy(Access.OWNER_OF_ATTEMPT)
def save(attempt_id: int, position: int) -> Response:
    """Save the answer at ``position`` (replacing one kept), then the next item. Refused
    (409, the result page) once the attempt is submitted or its time is up."""
    found = _settled(attempt_id)
    if not 1 <= position <= found.items:
        abort(404)
    if found.submitted:
        return _refused(found.id)
    try:
        shown = asked(found, position, store=get_store())
    except ScriptError:
        return _item_page(found, position, status=409)
    try:
        save_answer(get_store(), found, position, _given(shown))
    except UsageError as exc:
        typed = request.form.get("number", "")[:40]
        return _item_page(found, position, error=str(exc), typed=typed, status=422)
    except AttemptRefused:  # time ran out (or another request submitted) meanwhile
        return _refused(found.id)
    following = position + 1 if position < found.items else position
    return to(url_for("exams.item", attempt_id=found.id, position=following))


@bp.route("/attempts/<int:attempt_id>/submit", methods=["POST"])
@policy(Access.OWNER_OF_ATTEMPT)
def submit(attempt_id: int) -> Response:
    """Submit the attempt, then its result. Time running out submits it too (the page's
    clock posts here then): that submit leads to the result as well. A second submit, of an
    attempt submitted before this request, is refused (409, the result page)."""
    before = attempt_or_404(attempt_id)
    if before.submitted:
        return _refused(before.id, SUBMITTED)
    found = settle(get_store(), before)
    if not found.submitted:
        try:
            finish(get_store(), found)
        except AttemptRefused:  # submitted by another request meanwhile
            return _refused(found.id, SUBMITTED)
    return to(url_for("exams.result", attempt_id=found.id))


@bp.route("/attempts/<int:attempt_id>/result")
@policy(Access.OWNER_OF_ATTEMPT)
def result(attempt_id: int) -> Response:
    """The result and the full feedback per item (only once submitted)."""
    found = _settled(attempt_id)
    if not found.submitted:
        return to(url_for("exams.attempt", attempt_id=found.id))
    return page("exam/result.html", attempt=found, rows=review(get_store(), found))
