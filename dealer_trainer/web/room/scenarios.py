"""The scenario browser: the shipped scenarios for the room's ruleset and the room's own
uploads; one scenario as the trainee sees it, with its answer key; removing an upload."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, flash, request, url_for

from dealer_trainer.errors import ScriptError
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.scenario import Scenario, Verified, proof_of_file
from dealer_trainer.store import roomdata
from dealer_trainer.training.quiz import step_label
from dealer_trainer.view import trainee_view
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.citations import book_ruleset, room_citation
from dealer_trainer.web.htmx import page, to
from dealer_trainer.web.room.bank import (
    _bank,
    _bank_entry,
    _bank_title,
    _ruleset_for_bank,
    _yaml_title,
)
from dealer_trainer.web.room.checks import Problem, _problems, check_scenario_text
from dealer_trainer.web.room.common import TOPIC_TITLES, _log_text, _trainer_room, bp, log
from dealer_trainer.web.store import get_store

__all__ = ["remove_scenario", "scenario", "scenarios"]


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
    words, the cited rule (from the scenario's ruleset's own rulebook where it has one) and
    the explanation."""
    scenario = proved.scenario
    question = scenario.question
    ruleset = book_ruleset(scenario.ruleset)
    citation = room_citation(scenario.rule or proved.rule, proved.situation, ruleset)
    return {
        "choice": None if question.correct is None else question.correct.text,
        "number": proved.fact if question.typed else None,
        "order": [step_label(step, proved.hand) for step in question.order],
        "steps": list(proved.words),
        "citation": citation,
        "explain": question.explain,
    }


def _options(proved: Verified) -> list[str]:
    """The options as the trainee sees them (an order question's steps sorted, as
    ``scenarios show`` does; the quiz shuffles them)."""
    question = proved.scenario.question
    if question.ordered:
        return sorted(step_label(step, proved.hand) for step in question.order)
    return [choice.text for choice in question.choices]


@bp.route("/<int:room_id>/scenarios/<scenario_id>")
@policy(Access.TRAINER_OF_ROOM)
def scenario(room_id: int, scenario_id: str) -> Response:
    room = _trainer_room(room_id)

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
            proved = proof_of_file(entry.path)  # proved once per process, then kept
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
