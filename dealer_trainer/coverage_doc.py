"""Generate docs/coverage.md: every corpus rule in scope for a hold'em dealer, with the scenario
items (quiz questions) that cite it.

Run ``python -m dealer_trainer.coverage_doc > docs/coverage.md``; a test fails when the file
in docs/ differs from what this prints, and another when a rule in scope has no item and is
not in :data:`NOT_YET_COVERED`.

Which rules are in scope is read from the corpus entries themselves (:func:`out_of_scope`):

* a rule whose only topic is ``buy-in``: buying in is the floor's and the cage's business, not
  the dealer's at the table;
* a rule of a source that is a rulebook of tournament rules only (its title says "Tournament
  Rules": the WSOP tournament rules), a restatement of rules the TDA and live-action entries
  already hold;
* a rule no built-in ruleset follows (its ``rulesets`` name none of
  :data:`~dealer_trainer.rules.rulesets.BUILTIN`): no item can be proved under one.

An item cites a rule the way the quiz does: its ``rule`` field, else the rule of the recovery
the engine requires (the rule the quiz's feedback names).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from dealer_trainer.errors import ScriptError
from dealer_trainer.rules.corpus import NotFound, Rule, load_corpus
from dealer_trainer.rules.corpus import rule as find_rule
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.scenario import bank_dir, find_scenarios, load_scenario, verify

__all__ = ["COMMAND", "NOT_YET_COVERED", "citations", "in_scope", "out_of_scope", "render"]

COMMAND = "python -m dealer_trainer.coverage_doc > docs/coverage.md"

#: a source whose title says this is a tournament-only rulebook (the corpus titles it so)
TOURNAMENT_ONLY = "Tournament Rules"

#: the rules in scope that no item cites yet: the bank's remaining work (issue 16). Take a
#: rule off this list in the change that adds its first item; a test fails while a rule on
#: it has an item, and while a rule in scope that is not on it has none.
NOT_YET_COVERED: frozenset[str] = frozenset()


def out_of_scope(rule: Rule) -> str | None:
    """Why a corpus rule is not asked of a hold'em dealer (None: it is in scope)."""
    if TOURNAMENT_ONLY in load_corpus().source(rule.source).title:
        return "a tournament-only rule (WSOP tournament rules)"
    if set(rule.topics) <= {"buy-in"}:
        return "buying in: the floor's business, not the dealer's"
    if not any(name in BUILTIN for name in rule.rulesets):
        return "no built-in ruleset follows it, so no item can be proved under one"
    return None


def in_scope() -> tuple[Rule, ...]:
    """The corpus rules in scope for a hold'em dealer, in the corpus's order."""
    return tuple(rule for rule in load_corpus().rules if out_of_scope(rule) is None)


def _canonical(cited: str) -> str:
    try:
        return find_rule(cited).id
    except NotFound:
        return cited


def citations(folder: Path | None = None) -> dict[str, tuple[str, ...]]:
    """Rule id -> the ids of the items that cite it (sorted), over the bank in ``folder``
    (default: the shipped bank). A file that does not load or prove is left out: ``validate``
    reports it."""
    found: dict[str, set[str]] = {}
    for path in find_scenarios([folder or bank_dir()]):
        try:
            scenario = load_scenario(path)
            cited = scenario.rule or verify(scenario).rule
        except ScriptError:
            continue
        if cited is not None:
            found.setdefault(_canonical(cited), set()).add(scenario.id)
    return {rule: tuple(sorted(items)) for rule, items in found.items()}


def _row(rule: Rule, items: Iterable[str]) -> str:
    listed = ", ".join(f"`{item}`" for item in items) or "**not covered yet**"
    rulesets = ", ".join(rule.rulesets)
    return f"| `{rule.id}` | {rule.title} | {rulesets} | {listed} |"


def _table(rules: Iterable[Rule], cited: Mapping[str, tuple[str, ...]]) -> str:
    rows = [_row(rule, cited.get(rule.id, ())) for rule in rules]
    return "\n".join(["| rule | title | rulesets | items |", "|---|---|---|---|", *rows])


def render(folder: Path | None = None) -> str:
    """The whole of docs/coverage.md."""
    corpus = load_corpus()
    cited = citations(folder)
    scope = in_scope()
    covered = [rule for rule in scope if cited.get(rule.id)]
    missing = [rule for rule in scope if not cited.get(rule.id)]
    sections = []
    for source in corpus.sources:
        rules = [rule for rule in scope if rule.source == source.id]
        if rules:
            sections.append(f"## {source.title}\n\n{_table(rules, cited)}\n")
    outside = [rule for rule in corpus.rules if out_of_scope(rule) is not None]
    outside_rows = [
        f"| `{rule.id}` | {rule.title} | {out_of_scope(rule)} | "
        f"{', '.join(f'`{item}`' for item in cited.get(rule.id, ())) or '-'} |"
        for rule in outside
    ]
    missing_list = "\n".join(f"- `{rule.id}`: {rule.title}" for rule in missing)
    total = sum(len(items) for items in cited.values())
    by_source, outside_table = "\n".join(sections), "\n".join(outside_rows)
    return f"""# Rule coverage: the items that ask each rule

<!-- Generated by `{COMMAND}`; do not edit. -->

Every rule of the corpus (`dealer-trainer rules list`) that a hold'em dealer must know, with
the scenario items (quiz questions) that cite it: an item's `rule`, else the rule of the
recovery the engine requires, the one the quiz's feedback names. A rule is out of scope when
it is a tournament-only rule, about buying in only, or followed by no built-in ruleset (see
the end of the page).

**{len(scope)} rules in scope: {len(covered)} with an item, {len(missing)} not covered yet.**
{total} items cite a rule.

{by_source}
## Not covered yet

The rules in scope that no item cites. A test keeps this list equal to
`dealer_trainer.coverage_doc.NOT_YET_COVERED`: the bank's remaining work. Write an item that
cites one, take the rule off that list and regenerate this page.

{missing_list or "None: every rule in scope has an item."}

## Out of scope

| rule | title | why | items |
|---|---|---|---|
{outside_table}
"""


if __name__ == "__main__":  # pragma: no cover
    print(render(), end="")
