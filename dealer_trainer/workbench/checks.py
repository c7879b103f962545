"""Checking a draft as an upload is checked, and as the audit checks an item: the words field
by field, then the scenario written out as YAML, read back, proved against the engine
(:func:`dealer_trainer.scenario.proof_of_text`), its form linted, and the audit's per-item
checks run on it (options in one form, a title or question that gives the key away)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from random import Random

from dealer_trainer.audit import AuditItem, giveaway_problem, item_of, parallel_problem
from dealer_trainer.authoring import dump
from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario import Verified, all_errors, lint, proof_of_text
from dealer_trainer.training.catalogue import Entry
from dealer_trainer.training.quiz import Item, lay_out
from dealer_trainer.workbench.draft import AuthoringError, Draft
from dealer_trainer.workbench.question import scenario_of, word_problems
from dealer_trainer.workbench.table import HOUSE
from dealer_trainer.yamlio import load

__all__ = ["Checked", "Problem", "check_draft", "family_problem", "preview_item"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """One thing wrong with a draft: the field it belongs beside, and why."""

    place: str
    message: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Checked:
    """A draft checked: its YAML (empty while the words are wrong), the engine's proof (None
    until it holds), every problem found (each keeps it from being kept) and the audit's
    advice on how it is written (shown beside its field; ``scenarios validate`` warns of the
    same and still accepts it)."""

    yaml: str
    proved: Verified | None
    problems: tuple[Problem, ...]
    advice: tuple[Problem, ...] = ()

    @property
    def sound(self) -> bool:
        """Written out, proved, and nothing wrong: ready to keep."""
        return self.proved is not None and not self.problems


def check_draft(
    draft: Draft, house_yaml: str | None = None, others: Sequence[tuple[str, str]] = ()
) -> Checked:
    """Check the draft: its words, then its YAML proved like an upload, linted and audited;
    ``others`` are the room's other items (id, YAML) its family is checked against."""
    problems = [Problem(place=p, message=m) for p, m in word_problems(draft).items()]
    if problems:
        return Checked(yaml="", proved=None, problems=tuple(problems))
    try:
        data = scenario_of(draft, house_yaml)
    except AuthoringError as exc:
        return Checked(
            yaml="", proved=None, problems=(Problem(place=exc.place, message=exc.message),)
        )
    text = dump(data)
    try:
        proved = proof_of_text(
            text, f"{draft.ident}.yaml", rulesets={HOUSE: house_yaml} if house_yaml else None
        )
    except ScriptError as exc:
        found = [Problem(place="scenario", message=str(each)) for each in all_errors(exc)]
        return Checked(yaml=text, proved=None, problems=tuple(found))
    problems += [
        Problem(place="options", message=str(e.message)) for e in lint(proved.scenario, proved)
    ]
    advice: list[Problem] = []
    item = item_of(data, f"{draft.ident}.yaml")
    parallel = parallel_problem(item.options)
    if parallel is not None:
        advice.append(
            Problem(place="options", message=f"write the options in one form: {parallel}")
        )
    giveaway = giveaway_problem(item)
    if giveaway is not None:
        place = "title" if giveaway.startswith("the title") else "ask"
        advice.append(Problem(place=place, message=giveaway))
    family = family_problem(item, others)
    if family is not None:
        advice.append(Problem(place="family", message=family))
    return Checked(yaml=text, proved=proved, problems=tuple(problems), advice=tuple(advice))


def _audited(ident: str, text: str) -> AuditItem | None:
    """What the audit reads of one of the room's items (None: it does not read)."""
    try:
        data, _ = load(text, f"{ident}.yaml")
    except ScriptError:
        return None
    return item_of(data, f"{ident}.yaml") if isinstance(data, Mapping) else None


def family_problem(item: AuditItem, others: Sequence[tuple[str, str]]) -> str | None:
    """The audit's family check of one item against the room's others: an item asked on the
    same hand (the ruleset aside) must declare the same family as this one (None: fine)."""
    same = [
        found
        for ident, text in others
        if ident not in (item.id, "")
        and (found := _audited(ident, text)) is not None
        and found.hand == item.hand
    ]
    if not same:
        return None
    declared = {found.family for found in same} | {item.family}
    if len(declared) == 1 and item.family:
        return None
    names = ", ".join(found.id for found in same)
    theirs = sorted(f for f in declared if f)
    offer = f" (they declare {', '.join(theirs)})" if theirs else ""
    return (
        f"the room asks this same hand in {names}{offer}: give them one family, so that a "
        "sitting asks only one of them"
    )


def preview_item(checked: Checked, ident: str, house_yaml: str | None = None) -> Item | None:
    """The item as a quiz lays it out for the trainee (the quiz's own code: the options in
    the order a seed gives, the answer hidden); None until the draft is proved."""
    if checked.proved is None:
        return None
    files: tuple[tuple[str, str], ...] = ((HOUSE, house_yaml),) if house_yaml else ()
    entry = Entry.of(checked.proved.scenario, Path(f"{ident}.yaml"), text=checked.yaml,
                     rulesets=files)  # fmt: skip
    return lay_out(entry, checked.proved, Random(0))
