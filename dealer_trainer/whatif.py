"""The rules lookup's answers on recoveries: ``rules what-if`` and ``rules diff``, screen-free.

Most ruleset options pick a situation's variant (``Situation.decided_by``). A few move the line
between two situations instead: with ``exposed_misdeal_cards: 1`` only the first card off the
deck is a misdeal, and the second is replaced like any other exposed card; ``substantial_action``
says until when a deal error is still a misdeal. :data:`SCOPES` names them, so that a house
ruleset setting one of them is read whole: :func:`readings` says what a situation covers under a
ruleset (and which situation takes the cases it gives up), :func:`compare` finds every situation
that a ruleset's options change, by variant or by scope.

Data only: the rulings and the corpus, never the state machine (a lookup starts fast). It sits
above both :mod:`dealer_trainer.procedure.rulings` and :mod:`dealer_trainer.rules`, which never
import each other that way round: the rules know nothing of the engine's records.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import fuzz, process, utils

from dealer_trainer.procedure.rulings import (
    SITUATIONS,
    Outcome,
    Situation,
    situation,
    situations_of,
)
from dealer_trainer.rules.corpus import NotFound, by_cite, suggest
from dealer_trainer.rules.rulesets import OPTIONS, Option, Ruleset
from dealer_trainer.rules.search import search
from dealer_trainer.rules.topics import TOPICS

__all__ = [
    "SCOPES",
    "Comparison",
    "Reading",
    "Scope",
    "compare",
    "find_situations",
    "outcome_doc",
    "readings",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Scope:
    """A ruleset option that moves the line between situations: per value of ``option``, the
    cases ``situation`` covers (``when``), its title if it changes, and the cases it hands over
    to another situation (words, situation name)."""

    option: str
    situation: str
    when: Mapping[Any, str]
    titles: Mapping[Any, str] = field(default_factory=dict)
    hands_over: Mapping[Any, tuple[str, str]] = field(default_factory=dict)


_EARLY = {
    "two_players": "until two players after the blinds have acted (RRoP misdeal rules)",
    "tda": "until substantial action: two actions, one with chips, or three (TDA24 36)",
}
_LATE = {
    "two_players": "once two players after the blinds have acted (RRoP misdeal rules)",
    "tda": "after substantial action: two actions, one with chips, or three (TDA24 36)",
}

#: every option that moves a situation's bounds rather than picking its variant
SCOPES: tuple[Scope, ...] = (
    Scope(
        option="exposed_misdeal_cards",
        situation="exposed_first_cards",
        when={2: "the first or the second card off the deck", 1: "the first card off the deck"},
        titles={1: "The first card off the deck is exposed"},
        hands_over={1: ("The second card off the deck is exposed", "exposed_other_card")},
    ),
    Scope(
        option="exposed_misdeal_cards",
        situation="exposed_other_card",
        when={2: "from the third card off the deck on", 1: "from the second card off the deck on"},
    ),
    *(Scope(option="substantial_action", situation=name, when=_EARLY) for name in ("joker_found",)),
    *(
        Scope(option="substantial_action", situation=name, when=_LATE)
        for name in ("late_wrong_seat", "late_wrong_count", "late_empty_seat", "joker_found_late")
    ),
)


@dataclass(frozen=True, slots=True)
class Reading:
    """One situation as a ruleset reads it: its title there, what it covers, its recovery."""

    situation: Situation
    title: str
    outcome: Outcome
    #: the cases it covers under this ruleset, where an option decides them ("" otherwise)
    when: str = ""


def _scopes(name: str) -> list[Scope]:
    return [scope for scope in SCOPES if scope.situation == name]


def readings(found: Situation, ruleset: Ruleset) -> list[Reading]:
    """``found`` under ``ruleset``: its own reading, then the reading of every case an option
    of the ruleset hands to another situation (the second card exposed, under a house that
    makes only the first a misdeal)."""
    title, when, more = found.title, [], []
    for scope in _scopes(found.name):
        value = getattr(ruleset, scope.option)
        title = scope.titles.get(value, title)
        when.append(scope.when[value])
        if value in scope.hands_over:
            words, name = scope.hands_over[value]
            other = situation(name)
            how = f"under {ruleset.name} ({scope.option}: {value}), as: {other.title.lower()}"
            more.append(Reading(other, words, other.outcome(ruleset), how))
    return [Reading(found, title, found.outcome(ruleset), "; ".join(when)), *more]


def outcome_doc(reading: Reading) -> dict[str, Any]:
    """A reading as the lookup's JSON gives it (the cited rule's id, title and text with it)."""
    found, outcome = reading.situation, reading.outcome
    cited = by_cite().get(outcome.rule)
    return {
        "situation": found.name,
        "kind": found.kind,
        "title": reading.title,
        "when": reading.when or None,
        "decided_by": found.decided_by,
        "rule": outcome.rule,
        "rule_id": cited.id if cited else None,
        "rule_title": cited.title if cited else None,
        "rule_text": cited.text if cited else None,
        "misdeal": outcome.misdeal,
        "words": list(outcome.words),
        "steps": list(outcome.steps),
    }


def _asks_handed_over(words: str, found: Situation, ruleset: Ruleset) -> Reading | None:
    """The case ``found`` hands over under ``ruleset`` when ``words`` ask for it by name (the
    second card exposed, where only the first is a misdeal)."""
    for reading in readings(found, ruleset)[1:]:
        score = fuzz.token_set_ratio(words, reading.title, processor=utils.default_process)
        if score >= fuzz.token_set_ratio(words, found.title, processor=utils.default_process):
            return reading
    return None


def find_situations(words: str, ruleset: Ruleset) -> tuple[list[Reading], str]:
    """The readings ``words`` name under ``ruleset``, and how they were found (``name``,
    ``kind``, ``topic`` or ``search``): a situation name, an irregularity kind, a topic slug, or
    words for the corpus search (the best rule that governs a situation, and its situation
    closest to the words). :class:`NotFound` with suggestions when nothing fits.
    """
    snake = "_".join(words.casefold().replace("-", " ").split())
    by_name = {item.name: item for item in SITUATIONS}
    found: list[Situation] = []
    how = ""
    if snake in by_name:
        found, how = [by_name[snake]], "name"
    elif of_kind := [item for item in SITUATIONS if item.kind == snake]:
        found, how = of_kind, "kind"
    else:
        for item in TOPICS:
            of_topic = situations_of(item.slug)
            if item.slug.replace("-", "_") == snake and of_topic:
                found = [by_name[name] for name in of_topic if name in by_name]
                how = "topic"
                break
    if not found:
        for hit in search(words, family=ruleset.family, limit=None):
            names = [name for name in hit.rule.situations if name in by_name]
            if names:
                titles = {name: f"{name.replace('_', ' ')} {by_name[name].title}" for name in names}
                best = process.extractOne(
                    words, titles, scorer=fuzz.token_set_ratio, processor=utils.default_process
                )
                name = best[2] if best else names[0]
                handed = _asks_handed_over(words, by_name[name], ruleset)
                if handed is not None:
                    return [handed], "search"
                found, how = [by_name[name]], "search"
                break
    if not found:
        raise NotFound("situation", words, suggest(snake, list(by_name)))
    return [reading for item in found for reading in readings(item, ruleset)], how


def _recovery(reading: Reading) -> tuple[Any, ...]:
    """A reading without its citation: what it covers, and what the dealer does."""
    outcome = reading.outcome
    return (reading.when, outcome.steps, outcome.words, outcome.misdeal, outcome.burned)


@dataclass(frozen=True, slots=True)
class Comparison:
    """Two rulesets side by side: the situations they recover from differently (or cover
    differently), those alike, and the options on which they differ."""

    differ: tuple[tuple[Situation, Reading, Reading], ...]
    same: tuple[Situation, ...]
    options: tuple[tuple[Option, Any, Any], ...]


def compare(first: Ruleset, second: Ruleset) -> Comparison:
    """Where ``first`` and ``second`` differ, situation by situation and option by option."""
    differ, same = [], []
    for item in SITUATIONS:
        a, b = readings(item, first)[0], readings(item, second)[0]
        if _recovery(a) != _recovery(b) or a.outcome.reburn != b.outcome.reburn:
            differ.append((item, a, b))
        else:
            same.append(item)
    options = tuple(
        (option, getattr(first, option.name), getattr(second, option.name))
        for option in OPTIONS
        if getattr(first, option.name) != getattr(second, option.name)
    )
    return Comparison(tuple(differ), tuple(same), options)
