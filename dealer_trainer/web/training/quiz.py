"""A quiz or a review run: its items in turn, an answer (an option, a number, or an order
question's steps tapped one by one), the feedback, stopping, and the summary."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, request, url_for

from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.training import runs
from dealer_trainer.training.drill import timing
from dealer_trainer.training.quiz import grade, read_number
from dealer_trainer.view import TableView, trainee_view
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.citations import book_ruleset, room_citation
from dealer_trainer.web.drawing import cards_spoken
from dealer_trainer.web.htmx import is_htmx, page, to
from dealer_trainer.web.security import current_person, run_or_404
from dealer_trainer.web.store import get_store
from dealer_trainer.web.training.common import (
    MODE_WORDS,
    _house,
    _topic_titles,
    bp,
    seconds_since,
)

__all__ = ["answer", "finish", "item", "show_run", "summary"]


def _current(found: runs.Run, given: list[runs.RunAnswer]) -> int | None:
    """The first position not answered (None: every item is)."""
    done = {a.position for a in given}
    return next((p for p in range(1, found.length + 1) if p not in done), None)


@bp.route("/runs/<int:run_id>")
@policy(Access.OWNER_OF_RUN)
def show_run(run_id: int) -> Response:
    """A run lands on its first unanswered item (or its summary)."""
    found = run_or_404(run_id)
    if runs.is_real_table(found):
        return to(url_for("training.table", run_id=found.id))
    if found.mode == "drill":
        return to(url_for("training.drill", run_id=found.id))
    position = _current(found, runs.answers(get_store(), found.id))
    if position is None or found.finished_at is not None:
        return to(url_for("training.summary", run_id=found.id))
    return to(url_for("training.item", run_id=found.id, position=position))


#: the trainee's view of each proof asked (keyed by the proof's identity; the proof is held)
_VIEWS: dict[int, tuple[Any, TableView]] = {}
_MOST_VIEWS = 4096


def _trainee_view(proved: Any) -> TableView:
    """What the trainee sees of ``proved``: a pure function of the proof, kept while that very
    proof is (a scenario proved again is viewed again)."""
    kept = _VIEWS.get(id(proved))
    if kept is not None and kept[0] is proved:
        return kept[1]
    view = trainee_view(proved)
    if len(_VIEWS) >= _MOST_VIEWS:
        _VIEWS.clear()
    _VIEWS[id(proved)] = (proved, view)
    return view


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
    given: list[runs.RunAnswer] | None = None,
    shown: str = "",
) -> Response:
    """The item's page; ``given``: the run's answers as this request last read them (None:
    read them now)."""
    try:
        asked = runs.item(found.plan, position)
    except ScriptError:
        return page("training/gone.html", 200, run=found, position=position, mode_words=MODE_WORDS)
    if given is None:
        given = runs.answers(get_store(), found.id)
    kept = next((a for a in given if a.position == position), None)
    if outcome is None and kept is not None:
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
    citation = None
    if outcome is not None:
        citation = room_citation(
            outcome.feedback.rule, asked.proved.situation, book_ruleset(asked.scenario.ruleset)
        )
    return page(
        "training/item.html",
        status,
        run=found,
        position=position,
        item=asked,
        view=_trainee_view(asked.proved),
        outcome=outcome,
        citation=citation,
        error=error,
        typed=typed,
        chosen=chosen,
        remaining=remaining,
        last=last,
        answered_count=len(given),
        announce=announce,
        focus=focus,
        shown=shown if seconds_since(shown) is not None else "",
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
    return _item_page(found, position, given=given)


def _answered(found: runs.Run, position: int, outcome: runs.Outcome) -> Response:
    """After an answer: the feedback (htmx: in place, its URL pushed; else PRG)."""
    store = get_store()
    given = runs.answers(store, found.id)
    if _current(found, given) is None:
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
        announce=cards_spoken(f"{verdict} The right answer: {feedback.expected}"),
        given=given,
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
    if asked.ordered and "done" not in form:
        return _tap(found, position, asked)
    try:
        if asked.typed:
            typed = form.get("number", "")
            read_number(typed, asked.unit)  # the error beside the field, the typed text kept
            given = [typed]
        elif asked.ordered:
            given = list(found.plan.pending.get(position, ()))
            if len(given) != len(asked.options):
                raise UsageError("Put every step in order first, then submit.")
        else:
            given = [_option_value(asked, form.get("option"))]
        outcome = runs.answer(
            store,
            found,
            position=position,
            given=given,
            trainee=person.name,
            seconds=seconds_since(form.get("shown")),
        )
    except UsageError as exc:
        return _item_page(
            found,
            position,
            error=str(exc),
            typed=form.get("number", "")[:40],
            status=422,
            shown=form.get("shown", ""),
        )
    return _answered(found, position, outcome)


def _first(found: runs.Run, position: int) -> runs.Outcome:
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
    return _item_page(
        found, position, announce=announce, focus="steps", shown=form.get("shown", "")
    )


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
    timed = (
        timing.session_timings(get_store(), person.name, found.session_id)
        if found.mode == "drill"
        else []
    )
    titles = _topic_titles()
    titles["procedure"] = "Dealing procedure"
    return page(
        "training/summary.html",
        run=found,
        result=result,
        titles=titles,
        mode_words=MODE_WORDS,
        unfinished=found.finished_at is None,
        timed=timed,
        speeds=timing.speed_counts(timed),
    )
