"""The drill: the dealer's next move picked at each point of a hand, hand after hand."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, request, url_for

from dealer_trainer.accounts import Room
from dealer_trainer.errors import UsageError
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.training import runs
from dealer_trainer.training.drill.modes import MODES, Mode
from dealer_trainer.view import table_view
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.citations import book_ruleset, room_citation
from dealer_trainer.web.drawing import cards_spoken
from dealer_trainer.web.htmx import is_htmx, page, to
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
from dealer_trainer.web.training.forms import RoomForm

__all__ = ["drill", "drill_move", "start_drill"]


@bp.route("/drill", methods=["GET", "POST"])
@policy(Access.SIGNED_IN)
def start_drill() -> Response:
    """GET: what a drill is, and a Start button (or Continue); POST: start one."""
    person = current_person()
    store = get_store()
    form = RoomForm()
    errors: dict[str, str] = {}
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400)
        room = _room_for(form.room.data)
        ruleset, rate, mode, errors = _choices(room, request.form)
        if not errors:
            # the room's own ruleset (a house one: its file), or a built-in one chosen
            plan = runs.drill_plan(seed=_seed(), ruleset=ruleset, rate=rate, mode=mode)
            number = runs.create_run(
                store,
                person_id=person.id,
                trainee=person.name,
                room_id=room.id,
                mode="drill",
                plan=plan,
            )
            return to(url_for("training.drill", run_id=number))
    drills = [
        r
        for r in runs.open_runs(store, person_id=person.id)
        if r.mode == "drill" and not runs.is_real_table(r)
    ]
    return page(
        "training/drill_start.html",
        422 if errors else 200,
        form=form,
        rooms=_memberships(),
        drills=drills,
        rulesets=_rulesets,
        errors=errors,
        chosen=request.form if errors else {},
        modes=MODES.values(),
    )


def _rulesets(room: Room) -> list[tuple[str, str]]:
    """The rulesets a drill in ``room`` may be dealt under (value, label): the room's own
    first, then the built-in ones."""
    found = [(room.ruleset, f"{room.ruleset} (this room's)")]
    return found + [(name, name) for name in BUILTIN if name != room.ruleset]


def _choices(room: Room, form: Any) -> tuple[str, float | None, str, dict[str, str]]:
    """The ruleset, error rate (None: the mode's own) and mode chosen (as ``drill --ruleset
    --rate --mode``), and the problems by field (none: all are good)."""
    errors: dict[str, str] = {}
    ruleset = form.get("ruleset") or room.ruleset
    if ruleset not in dict(_rulesets(room)):
        errors["ruleset"] = "choose one of the rulesets listed"
    mode = form.get("mode") or Mode.LEARN.value
    if mode not in {m.value for m in Mode}:
        errors["mode"] = "choose one of the modes listed"
    text = (form.get("rate") or "").strip()
    rate: float | None = None
    if text:
        try:
            rate = float(text)
        except ValueError:
            errors["rate"] = f"{text!r} is not a number: type one from 0 to 1, such as 0.25"
        else:
            if not 0.0 <= rate <= 1.0 or rate != rate:
                errors["rate"] = "the error rate is from 0 (never) to 1 (at every chance)"
    return ruleset, rate, mode, errors


def _drill_page(found: runs.Run, state: runs.DrillState, *, status: int = 200,
                error: str = "", swapped: bool = False) -> Response:  # fmt: skip

    point = state.point
    view = table_view(point.hand, point.exposed)
    last = state.last
    announce = ""
    if swapped and last is not None:
        announce = cards_spoken(
            "Right." if last.correct else f"Wrong. The right move: {last.right.label}"
        )
    citation = None
    if last is not None:
        citation = room_citation(last.rule, last.situation, book_ruleset(state.drill.ruleset))
    response = page(
        "training/drill.html",
        status,
        run=found,
        state=state,
        point=point,
        view=view,
        last=last,
        citation=citation,
        error=error,
        announce=announce,
        swapped=swapped,
    )
    runs.release_drill(found, state, _house(found))
    return response


@bp.route("/drill/<int:run_id>")
@policy(Access.OWNER_OF_RUN)
def drill(run_id: int) -> Response:
    """The drill's current point: what happened, the table, the dealer's moves as buttons."""
    found = run_or_404(run_id)
    if found.mode != "drill":
        abort(404)
    if runs.is_real_table(found):
        return to(url_for("training.table", run_id=found.id))
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
    if runs.is_real_table(found):
        return to(url_for("training.table", run_id=found.id))
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
            seconds=seconds_since(form.get("shown")),
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
