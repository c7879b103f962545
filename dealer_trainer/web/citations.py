"""Which rule a room's page cites: the room's own rulebook where it has the rule.

A scenario cites one rule. A Robert's Rules room should read Robert's Rules, a TDA room the
TDA's; where a scenario of the room's ruleset cites another book (the roberts ruleset borrows
the WSOP live-action rules for burn errors, which Robert's Rules do not cover), the page cites
the room's own book's rule for the same situation when there is one, and otherwise says
plainly that the room's book has no rule on it and which book the room follows there.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_trainer.rules.corpus import NotFound, Rule, load_corpus, rule
from dealer_trainer.rules.rulesets import BUILTIN, Ruleset

__all__ = ["Citation", "book_ruleset", "room_citation"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Citation:
    """A rule as a room's page cites it."""

    rule: str
    title: str
    text: str
    #: the rulebook it comes from ("Robert's Rules of Poker (Bob Ciaffone)")
    book: str
    #: said when the room's own book has no rule on this ("" otherwise)
    note: str = ""


def book_ruleset(ruleset: Ruleset) -> str:
    """The built-in ruleset whose rulebook a ruleset reads: itself, or a house ruleset's base."""
    return ruleset.name if ruleset.name in BUILTIN else ruleset.base


def _own_book(ruleset: str) -> str | None:
    """A built-in ruleset's own rulebook: the first source of the corpus that lists it
    (rules/data/sources.yaml lists each book first, then the books a ruleset borrows from)."""
    if ruleset not in BUILTIN:
        return None
    return next((s.id for s in load_corpus().sources if ruleset in s.rulesets), None)


def _book(source: str) -> str:
    return next((s.title for s in load_corpus().sources if s.id == source), source)


def _cite(found: Rule, note: str = "") -> Citation:
    return Citation(
        rule=found.cite, title=found.title, text=found.text, book=_book(found.source), note=note
    )


def room_citation(cited: str | None, situation: str | None, ruleset: str) -> Citation | None:
    """The rule to cite for a scenario of ``ruleset`` (built in: :func:`book_ruleset`) citing
    ``cited`` for its ``situation`` (a scenario is written for its room's ruleset). None: the
    scenario cites none."""
    if not cited:
        return None
    try:
        found = rule(cited)
    except NotFound:
        return Citation(rule=cited, title="", text="", book="")
    own = _own_book(ruleset)
    if own is None or found.source == own:
        return _cite(found)
    if situation:
        for candidate in load_corpus().rules:
            if (
                candidate.source == own
                and situation in candidate.situations
                and ruleset in candidate.rulesets
            ):
                return _cite(candidate)
    return _cite(
        found,
        note=f"{_book(own)} has no rule on this; the {ruleset} ruleset follows this rule of "
        f"{_book(found.source)}.",
    )
