"""Real-table mode in the browser (a tablet beside a practice table): the trainee deals real
cards and chips while the page plays the players, asks each dealer operation (an option),
the pot (a number) and the push (the winning seats), and checks each answer by the engine;
the instructor makes a dealer error with a button, and the questions then ask its recovery.

The session is a run kept in the store (:mod:`dealer_trainer.training.runs.tables`): a reload,
or another server process, replays it from its seed, its answers and the errors made.
Every answer is kept as a drill answer of its skill, never an item."""

from __future__ import annotations

from dataclasses import replace

from flask import Response, abort, request, url_for

from dealer_trainer.errors import UsageError
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.training import runs
from dealer_trainer.training.drill.realtable import Ask, Checked, RealTable
from dealer_trainer.view import table_view
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.citations import book_ruleset, room_citation
from dealer_trainer.web.htmx import page, to
from dealer_trainer.web.security import current_person, run_or_404
from dealer_trainer.web.store import get_store
from dealer_trainer.web.training.common import (
    _house,
    _memberships,
    _room_for,
    _seed,
    bp,
    seconds_since,
)
from dealer_trainer.web.training.drill import _rulesets
from dealer_trainer.web.training.forms import RoomForm

__all__ = ["start_table", "table", "table_error", "table_move"]

#: the table picture never shows the chips in the middle: the pot is the trainee's to count
_HIDDEN = frozenset({"pot", "in_front"})


@bp.route("/drill/table", methods=["GET", "POST"])
@policy(Access.SIGNED_IN)
def start_table() -> Response:
    """GET: what real-table mode is, the open sessions and a Start button per room; POST:
    start one (room, ruleset)."""
    person = current_person()
    store = get_store()
    form = RoomForm()
    error = ""
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        room = _room_for(form.room.data)
        ruleset = request.form.get("ruleset") or room.ruleset
        if ruleset in dict(_rulesets(room)):
            number = runs.create_run(
                store,
                person_id=person.id,
                trainee=person.name,
                room_id=room.id,
                mode="drill",
                plan=runs.table_plan(seed=_seed(), ruleset=ruleset),
            )
            return to(url_for("training.table", run_id=number))
        error = "choose one of the rulesets listed"
    open_ones = [r for r in runs.open_runs(store, person_id=person.id) if runs.is_real_table(r)]
    return page(
        "training/table_start.html",
        422 if error else 200,
        rooms=_memberships(),
        sessions=open_ones,
        rulesets=_rulesets,
        error=error,
    )


def _run(run_id: int) -> runs.Run:
    """The owner's real-table run (another run of theirs: its own page, a 302)."""
    found = run_or_404(run_id)
    if not runs.is_real_table(found):
        abort(to(url_for("training.show_run", run_id=found.id)))
    return found


def _page(found: runs.Run, session: RealTable, *, last: Checked | None = None,
          status: int = 200, error: str = "") -> Response:  # fmt: skip
    question = session.question()
    hand = session.hand
    view = table_view(hand, tuple(card.text for card in hand.face_up), _HIDDEN)
    if question.ask is Ask.PUSH:  # the engine has awarded the pot: draw it not yet pushed
        seats = tuple(replace(s, chips=s.chips - hand.won.get(s.seat, 0)) for s in view.seats)
        view = replace(view, seats=seats)
    citation = None
    if last is not None and last.rule:
        citation = room_citation(last.rule, last.question.situation, book_ruleset(session.ruleset))
    errors = [(name, situation(name).title) for name in session.errors_now()]
    runs.release_table(found, session, _house(found))
    return page(
        "training/table.html",
        status,
        run=found,
        session=session,
        question=question,
        view=view,
        last=last,
        citation=citation,
        error=error,
        errors=errors,
        Ask=Ask,
    )


@bp.route("/drill/table/<int:run_id>")
@policy(Access.OWNER_OF_RUN)
def table(run_id: int) -> Response:
    """The question now, what the players did, the table, and the instructor's error button."""
    found = _run(run_id)
    if found.finished_at is not None:
        return to(url_for("training.summary", run_id=found.id))
    session = runs.table_state(found, runs.answers(get_store(), found.id), _house(found))
    return _page(found, session)


def _number(text: str | None) -> int:
    try:
        return int(text or "")
    except ValueError:
        return 0


@bp.route("/drill/table/<int:run_id>", methods=["POST"])
@policy(Access.OWNER_OF_RUN)
def table_move(run_id: int) -> Response:
    """An answer to question ``question``: ``option`` (its place), ``chips``, or ``seat``s
    (or the winning ``cards`` typed)."""
    found = _run(run_id)
    if found.finished_at is not None:
        return to(url_for("training.summary", run_id=found.id))
    form = request.form
    number = _number(form.get("question"))
    values = form.getlist("seat") or [form.get("option") or form.get("chips") or ""]
    try:
        session, checked = runs.table_answer(
            get_store(),
            found,
            number=number,
            value=values,
            trainee=current_person().name,
            house_yaml=_house(found),
            seconds=seconds_since(form.get("shown")),
            cards=form.get("cards", ""),
            kind=form.get("kind"),
        )
    except UsageError as exc:
        session = runs.table_state(found, runs.answers(get_store(), found.id), _house(found))
        return _page(found, session, status=422, error=str(exc))
    return _page(found, session, last=checked)


@bp.route("/drill/table/<int:run_id>/error", methods=["POST"])
@policy(Access.OWNER_OF_RUN)
def table_error(run_id: int) -> Response:
    """The instructor makes a dealer error (``error``: its name) at question ``question``."""
    found = _run(run_id)
    if found.finished_at is not None:
        return to(url_for("training.summary", run_id=found.id))
    form = request.form
    try:
        session = runs.table_inject(
            get_store(),
            found,
            number=_number(form.get("question")),
            name=form.get("error", ""),
            house_yaml=_house(found),
        )
    except UsageError as exc:
        session = runs.table_state(found, runs.answers(get_store(), found.id), _house(found))
        return _page(found, session, status=422, error=str(exc))
    return _page(found, session)
