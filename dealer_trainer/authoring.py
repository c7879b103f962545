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

from dealer_trainer.errors import Rejected, ScriptError, UsageError
from dealer_trainer.handscript import parse_script, script_item
from dealer_trainer.procedure import rulings
from dealer_trainer.procedure.rulings import MISDEAL_STEPS, MISDEAL_WORDS, Outcome, situation
from dealer_trainer.rules.corpus import suggest
from dealer_trainer.rules.rulesets import Ruleset, other_family
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.scenario import QUESTION_KINDS, Kind, question_kind, recovery_steps
from dealer_trainer.setups import bring_about

__all__ = [
    "ASKS",
    "KINDS",
    "MISTAKES",
    "STEP_WORDS",
    "Mistake",
    "draft",
    "draft_choices",
    "draft_question",
    "dump",
    "find_error",
    "kinds",
    "neighbours",
    "out_of_order",
    "setup_for",
    "situations",
]

#: the question kinds the wizard writes (those the kinds' table gives a question for), with
#: what each asks and the question it asks by default
KINDS = {
    str(kind): spec.wizard_words or spec.words
    for kind, spec in QUESTION_KINDS.items()
    if spec.wizard_ask is not None
}
ASKS = {str(kind): spec.wizard_ask for kind, spec in QUESTION_KINDS.items() if spec.wizard_ask}
#: the fewest steps an order question puts in order (two steps are a coin toss)
MIN_ORDER = 3


@dataclass(frozen=True, slots=True)
class Mistake:
    """A tempting wrong recovery, offered beside the right one."""

    text: str
    steps: tuple[str, ...]


#: common mistakes (each is offered only where its steps differ from the right recovery's)
MISTAKES: tuple[Mistake, ...] = (
    Mistake("Nothing needs fixing; play on as the cards lie.", ()),
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


def find_error(given: str, topic: str | None = None) -> str:
    """The dealer error ``given`` names (a situation the wizard can inject), in ``topic`` when
    one is given; :class:`UsageError` naming the closest errors and their topics otherwise."""
    known = situations()
    if given in known:
        home = rulings.situation(given).topic
        if topic is not None and topic != home:
            raise UsageError(
                f"--error {given} is a dealer error of the topic {home}, not {topic}: give "
                f"--topic {home}, or leave --topic out"
            )
        return given
    snake = "_".join(given.casefold().replace("-", " ").split())
    exact = [snake] if snake in known else []
    close = tuple(dict.fromkeys([*exact, *suggest(snake, known)]))
    if topic is not None:  # the errors of the topic asked for first
        close = tuple(sorted(close, key=lambda name: rulings.situation(name).topic != topic))
    hint = ", ".join(f"{name} (topic {rulings.situation(name).topic})" for name in close[:3])
    raise UsageError(
        f"--error {given!r} is not a dealer error the wizard can inject"
        + (f"; did you mean {hint}?" if hint else "")
        + " ('dealer-trainer rules what-if TOPIC' lists a topic's errors)"
    )


def kinds(name: str, ruleset: Ruleset) -> list[tuple[str, str]]:
    """The question kinds the wizard can write on ``name`` under ``ruleset``: an order question
    only where the recovery has :data:`MIN_ORDER` steps or more."""
    steps = recovery_steps(situation(name).outcome(ruleset).steps)
    return [
        (kind, words)
        for kind, words in KINDS.items()
        if not question_kind(kind).order or len(steps) >= MIN_ORDER
    ]


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


#: a recovery step in a few words, for a step out of order (the order the engine requires is
#: in the rulings; these words only name each step)
STEP_WORDS: dict[str, str] = {
    "retrieve": "put the card back into the stub",
    "set_aside": "set the card aside",
    "reshuffle": "shuffle the stub",
    "cut": "cut",
    "replace": "give the player the next card",
    "scramble": "scramble the cards face down",
    "burn": "burn a card",
    "flop": "deal the flop",
    "turn": "turn the turn card",
    "river": "turn the river",
    "deal": "deal again",
    "pitch": "pitch the card",
}


def out_of_order(steps: tuple[str, ...]) -> Mistake | None:
    """The right steps with the first two that differ swapped: a step out of order, in words
    (None: fewer than two different steps)."""
    for i in range(len(steps) - 1):
        if steps[i] != steps[i + 1]:
            swapped = (*steps[:i], steps[i + 1], steps[i], *steps[i + 2 :])
            words = [STEP_WORDS.get(step, step.replace("_", " ")) for step in swapped]
            text = "First " + ", then ".join(words) + "."
            return Mistake(text, swapped)
    return None


def neighbours(name: str, ruleset: Ruleset) -> list[Mistake]:
    """The recoveries of the neighbouring dealer errors (the catalogue's nearest first: same
    moment of the hand, then same topic, then the next in the catalogue), as a dealer who took
    this error for that one would recover."""
    known = situations()
    found = situation(name)
    moment = found.staging.moment
    place = known.index(name) if name in known else 0

    def nearness(other: str) -> tuple[int, int]:
        near = situation(other)
        return (
            0
            if moment is not None and near.staging.moment == moment
            else 1
            if near.topic == found.topic
            else 2,
            abs(known.index(other) - place),
        )

    offered = []
    for other in sorted((n for n in known if n != name), key=nearness):
        outcome = situation(other).outcome(ruleset)
        if outcome.words:
            offered.append(Mistake(" ".join(outcome.words), recovery_steps(outcome.steps)))
    return offered


def draft_choices(name: str, ruleset: Ruleset, most: int = 4) -> list[dict[str, Any]]:
    """The options of a recovery question on ``name`` under ``ruleset``: the key from the
    ruleset first, then real dealer's mistakes, each offered only where its steps differ from
    every option before it: the other rulebook's ruling, a step out of order, a neighbouring
    error's recovery, then the common mistakes (:data:`MISTAKES`); ``most`` in all."""
    found = situation(name)
    right = found.outcome(ruleset)
    key = recovery_steps(right.steps)
    offered: list[tuple[str, tuple[str, ...], bool]] = [
        (" ".join(right.words) or "Nothing to fix: play goes on.", key, True)
    ]
    other: Outcome = found.outcome(other_family(ruleset))
    candidates = [Mistake(" ".join(other.words), recovery_steps(other.steps))]
    swapped = out_of_order(key)
    candidates += [swapped] if swapped is not None else []
    # the right steps with an optional step at the end are right too: never a wrong choice
    seen = {key, (*key, *right.optional)}
    taken = seen | {mistake.steps for mistake in candidates}
    candidates += [m for m in neighbours(name, ruleset) if m.steps not in taken][:1]
    candidates += list(MISTAKES)
    for mistake in candidates:
        if mistake.steps not in seen and mistake.text and len(offered) < most:
            seen.add(mistake.steps)
            offered.append((mistake.text, mistake.steps, False))
    return [
        {"text": text, "steps": list(steps), **({"correct": True} if correct else {})}
        for text, steps, correct in offered
    ]


def _misdeal_choices(name: str, ruleset: Ruleset) -> list[dict[str, Any]]:
    """Yes and no to "is this a misdeal?", each with its reason; the engine's answer right."""
    found = situation(name)
    right = found.outcome(ruleset)
    other = found.outcome(other_family(ruleset))
    play_on = next((o for o in (right, other) if not o.misdeal and o.words), None)
    reason = play_on.words[0] if play_on else "Finish the deal and play the hand."
    no = f"No: {reason[:1].lower()}{reason[1:]}"
    yes = (
        "Yes: call a misdeal; every card comes back, the deck is shuffled and cut, and dealt again."
    )
    return [
        {"text": yes, "answer": True, **({"correct": True} if right.misdeal else {})},
        {"text": no, "answer": False, **({} if right.misdeal else {"correct": True})},
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
    setup = setup_for(table, name, ruleset)
    question = draft_question(name, ruleset, kind, ask)
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


def draft_question(
    name: str, ruleset: Ruleset, kind: str, ask: str | None = None
) -> dict[str, Any]:
    """The question of a scenario on the dealer error ``name`` under ``ruleset``: its kind's
    key and options drafted from the rulings, ``ask`` (or the kind's default question) and an
    explanation that cites the rule. :class:`ScriptError` for an order question on a recovery
    of fewer than :data:`MIN_ORDER` steps."""
    found = situation(name)
    outcome = found.outcome(ruleset)
    question: dict[str, Any]
    steps = recovery_steps(outcome.steps)
    if kind == Kind.ORDER:
        if len(steps) < MIN_ORDER:
            raise ScriptError(
                f"the recovery from {name} has {len(steps)} step(s): an order question needs "
                f"{MIN_ORDER} or more"
            )
        question = {"kind": Kind.ORDER.value, "ask": ask or ASKS[Kind.ORDER], "order": list(steps)}
    elif kind == Kind.FACT:
        question = {"kind": Kind.FACT.value, "fact": "misdeal", "ask": ask or ASKS[Kind.FACT]}
        question["choices"] = _misdeal_choices(name, ruleset)
    else:
        question = {"ask": ask or ASKS[Kind.CHOICE], "choices": draft_choices(name, ruleset)}
    question["explain"] = (
        f"{found.title}: under {ruleset.name} the rule is {outcome.rule}. "
        + " ".join(outcome.words)
    ).strip()
    return question


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
