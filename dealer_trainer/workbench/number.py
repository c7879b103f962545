"""A number asked as a question: the author plays a hand to a betting round and asks a count or
an amount of the table the trainee types (the pot, the call, a bet's least or most, the burns,
the board, the main pot), as the bank's ``number`` items do. The engine's value at the end of
the moves is the answer (the scenario states none: the proof reads it as any upload's)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dealer_trainer.authoring import dump
from dealer_trainer.errors import ScriptError
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.scenario import Kind, load_scenario_text
from dealer_trainer.scenario.facts import FACTS, fact_hand, fact_unit
from dealer_trainer.workbench.draft import AuthoringError, Draft
from dealer_trainer.workbench.moves import asked_error, played, stock
from dealer_trainer.workbench.table import ruleset_of

__all__ = [
    "NUMBER",
    "NUMBER_ASKED",
    "NUMBER_DEFAULT",
    "NUMBER_WORDS",
    "draft_number",
    "number_here",
    "number_scenario",
]

NUMBER = Kind.NUMBER.value
NUMBER_WORDS = (
    "a number the trainee types: the pot, the call, a bet's least or most, the burns, the board"
)
#: the facts the page asks as a number, with the question asked by default
NUMBER_ASKED: dict[str, str] = {
    "pot": "How many chips are in the pot, all pots together?",
    "to_call": "How many chips must the player to act put in to call?",
    "min_bet": "What is the smallest total the player to act may bet or raise to?",
    "max_bet": "What is the largest total the player to act may bet or raise to?",
    "burns": "How many burn cards are on the table?",
    "board_cards": "How many cards are on the board?",
    "main_pot": "How many chips are in the main pot?",
}
NUMBER_DEFAULT = "pot"
#: what each fact is called in a drafted title
_NOUNS: dict[str, str] = {
    "pot": "the pot",
    "to_call": "the call",
    "min_bet": "the smallest bet",
    "max_bet": "the largest bet",
    "burns": "the burn cards",
    "board_cards": "the board",
    "main_pot": "the main pot",
}
#: the topic of a number asked on a hand with no dealer error
_TOPIC = "betting"


def number_here(draft: Draft, house_yaml: str | None = None) -> bool:
    """Has the draft's hand reached a moment with a betting round (a number to ask)?"""
    try:
        with played(draft, house_yaml) as hand:
            return hand.betting is not None
    except AuthoringError:
        return False


def _error_of(draft: Draft, house_yaml: str | None) -> str | None:
    """The dealer error the hand shows, if any (a number may be asked on a hand without one)."""
    try:
        return asked_error(draft, house_yaml)
    except AuthoringError:
        return None


def number_scenario(draft: Draft, house_yaml: str | None = None) -> dict[str, Any]:
    """The draft's number question as a scenario mapping (contract 2)."""
    if draft.fact not in NUMBER_ASKED:
        raise AuthoringError(
            f"ask one of: {', '.join(NUMBER_ASKED)} (not {draft.fact!r})", place="fact"
        )
    name = _error_of(draft, house_yaml)
    topic = situation(name).topic if name else _TOPIC
    return {
        "id": draft.ident,
        "title": draft.title,
        "topic": topic,
        "difficulty": draft.difficulty,
        **({"family": draft.family} if draft.family else {}),
        "ruleset": draft.table.ruleset,
        **({"situation": name} if name else {}),
        "table": draft.table.mapping(),
        **stock(draft.moves),
        "setup": list(draft.moves),
        "question": {
            "kind": NUMBER,
            "fact": draft.fact,
            "ask": draft.ask,
            "explain": draft.explain,
        },
    }


def _value(draft: Draft, house_yaml: str | None) -> Any:
    """The engine's value of the draft's fact at the end of its moves."""
    data = number_scenario(
        replace(draft, ident=draft.ident or "number-draft", title="draft", ask="?", explain="."),
        house_yaml,
    )
    rulesets = {draft.table.ruleset: house_yaml} if house_yaml else None
    try:
        scenario = load_scenario_text(dump(data), "number.yaml", rulesets=rulesets)
    except ScriptError as exc:
        raise AuthoringError(str(exc.message), place="fact") from None
    with played(draft, house_yaml) as hand:
        return FACTS[str(draft.fact)][1](fact_hand(scenario, hand))


def draft_number(draft: Draft, fact: str | None = None, house_yaml: str | None = None) -> Draft:
    """The draft asking ``fact`` (default: the pot) as a number, the engine's value said in the
    explanation the author rewrites (the title and id the author typed kept)."""
    fact = fact or NUMBER_DEFAULT
    if fact not in NUMBER_ASKED:
        raise AuthoringError(f"ask one of: {', '.join(NUMBER_ASKED)}", place="fact")
    if not number_here(draft, house_yaml):
        raise AuthoringError("play on to a betting round to ask a number", place="kind")
    asked = replace(draft, kind=NUMBER, fact=fact, options=(), order=())
    value = _value(asked, house_yaml)
    if type(value) is not int:
        raise AuthoringError(
            f"the table has no {fact} here ({FACTS[fact][0]}): ask another, or play on",
            place="fact",
        )
    name = _error_of(draft, house_yaml)
    family = ruleset_of(draft.table, house_yaml).family.split("-")[0]
    title = situation(name).title if name else f"Counting {_NOUNS[fact]}"
    meaning = FACTS[fact][0].split(" (")[0]
    topic = situation(name).topic if name else _TOPIC
    return replace(
        asked,
        error=name,
        ask=NUMBER_ASKED[fact],
        explain=f"{value} {fact_unit(fact)}: {meaning}, counted from the moves played.",
        title=draft.title or title,
        ident=draft.ident or f"{topic}-{family}-{fact.replace('_', '-')}-{len(draft.moves)}",
    )
