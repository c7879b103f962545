"""Drafting a scenario from the engine: the core of ``dealer-trainer scenarios new``.

:func:`draft` takes a table, a ruleset and the dealer error to inject, and returns a scenario
mapping (contract 2) ready to write as YAML: ``setup`` is built by driving the engine on that
table (the error's record says how to bring it about: after the deal, with one player still to
act, ...), and the choices come from the rulings: the recovery the engine requires, the other
rulebook's recovery where it differs, and common mistakes. The draft validates as it is; the
pit boss then edits the wording.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import yaml

from dealer_trainer.errors import Rejected, ScriptError
from dealer_trainer.handscript import parse_script, script_item
from dealer_trainer.procedure import rulings
from dealer_trainer.procedure.rulings import MISDEAL_STEPS, MISDEAL_WORDS, Outcome, situation
from dealer_trainer.rules.rulesets import Ruleset, other_family
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.scenario import recovery_steps
from dealer_trainer.setups import bring_about

__all__ = ["Mistake", "draft", "dump", "setup_for", "situations"]


@dataclass(frozen=True, slots=True)
class Mistake:
    """A tempting wrong recovery, offered beside the right one."""

    text: str
    steps: tuple[str, ...]


#: common mistakes (each is offered only where its steps differ from the right recovery's)
MISTAKES: tuple[Mistake, ...] = (
    Mistake("Nothing needs fixing: play on as the cards lie.", ()),
    Mistake(" ".join(MISDEAL_WORDS), tuple(MISDEAL_STEPS)),
    Mistake(
        "Put the cards back in the stub and deal them again at once, without shuffling.",
        ("retrieve", "deal"),
    ),
    Mistake("Burn another card and carry on.", ("burn",)),
)


def situations() -> list[str]:
    """The dealer errors the wizard can inject, in the order of the topics."""
    drilled = {item.name for item in rulings.drilled()}
    return [name for item in TOPICS for name in rulings.situations_of(item.slug) if name in drilled]


def setup_for(table: Mapping[str, Any], name: str, ruleset: Ruleset | None = None) -> list[Any]:
    """The setup events that bring ``table`` to the dealer error ``name`` (a situation), as a
    script writes them.

    Raises :class:`ScriptError` when the error cannot arise on this table under ``ruleset``
    (under tda-2024 one extra card is already a misdeal: there is no second).
    """
    known = situations()
    if name not in known:
        raise ScriptError(f"the wizard cannot inject {name!r}; it can: {', '.join(known)}")
    script = parse_script({"table": dict(table), "deck": [], "events": []})
    if ruleset is not None:
        script = replace(script, table=replace(script.table, ruleset=ruleset))
    try:
        events = bring_about(script, rulings.situation(name))
    except Rejected as refused:
        raise ScriptError(refused.reason) from None
    return [script_item(event) for event in events]


def _choices(name: str, ruleset: Ruleset) -> list[dict[str, Any]]:
    found = situation(name)
    right = found.outcome(ruleset)
    offered: list[tuple[str, tuple[str, ...], bool]] = [
        (
            " ".join(right.words) or "Nothing to fix: play goes on.",
            recovery_steps(right.steps),
            True,
        )
    ]
    other: Outcome = found.outcome(other_family(ruleset))
    candidates = [(" ".join(other.words), recovery_steps(other.steps))]
    candidates += [(mistake.text, mistake.steps) for mistake in MISTAKES]
    # the right steps with an optional step at the end are right too: never a wrong choice
    seen = {offered[0][1], (*offered[0][1], *right.optional)}
    for text, steps in candidates:
        if steps not in seen and text and len(offered) < 4:
            seen.add(steps)
            offered.append((text, steps, False))
    return [
        {"text": text, "steps": list(steps), **({"correct": True} if correct else {})}
        for text, steps, correct in offered
    ]


def draft(
    *,
    name: str,
    ruleset: Ruleset,
    table: Mapping[str, Any],
    ident: str,
    title: str | None = None,
    difficulty: int = 2,
    kind: str = "choice",
    ask: str | None = None,
) -> dict[str, Any]:
    """A scenario mapping for the dealer error ``name`` on ``table`` under ``ruleset``."""
    found = situation(name)
    outcome = found.outcome(ruleset)
    setup = setup_for(table, name, ruleset)
    question: dict[str, Any]
    steps = recovery_steps(outcome.steps)
    if kind == "order":
        if len(steps) < 2:
            raise ScriptError(f"the recovery from {name} has fewer than two steps to order")
        question = {"kind": "order", "ask": ask or "Put the recovery steps in order."}
        question["order"] = list(steps)
    else:
        question = {"ask": ask or "What is the correct recovery?"}
        question["choices"] = _choices(name, ruleset)
    question["explain"] = (
        f"{found.title}: under {ruleset.name} the rule is {outcome.rule}. "
        + " ".join(outcome.words)
    ).strip()
    return {
        "id": ident,
        "title": title or found.title,
        "topic": found.topic,
        "difficulty": difficulty,
        "ruleset": ruleset.name if ruleset.source is None else str(ruleset.source),
        "situation": name,
        "table": dict(table),
        "deck": [],
        "setup": setup,
        "question": question,
    }


class _Dumper(yaml.SafeDumper):
    pass


def _represent_dict(dumper: yaml.SafeDumper, data: dict[str, Any]) -> yaml.Node:
    flow = all(not isinstance(v, dict | list) or not v for v in data.values()) and len(data) < 4
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(isinstance(v, str | int) for v in data) and len(data) < 8
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(dict, _represent_dict)
_Dumper.add_representer(list, _represent_list)


def dump(scenario: Mapping[str, Any]) -> str:
    """A scenario mapping as YAML, fields in contract order, small items on one line."""
    return yaml.dump(dict(scenario), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=96)
