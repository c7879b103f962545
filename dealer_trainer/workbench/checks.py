"""Checking a draft as an upload is checked, and as the audit checks an item: the words field
by field, then the scenario written out as YAML, read back, proved against the engine
(:func:`dealer_trainer.scenario.proof_of_text`), its form linted, and the audit's per-item
checks run on it (options in one form, a title or question that gives the key away)."""

from __future__ import annotations

from dataclasses import dataclass

from dealer_trainer.audit import giveaway_problem, item_of, parallel_problem
from dealer_trainer.authoring import dump
from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario import Verified, all_errors, lint, proof_of_text
from dealer_trainer.workbench.draft import AuthoringError, Draft
from dealer_trainer.workbench.question import scenario_of, word_problems
from dealer_trainer.workbench.table import HOUSE

__all__ = ["Checked", "Problem", "check_draft"]


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


def check_draft(draft: Draft, house_yaml: str | None = None) -> Checked:
    """Check the draft: its words, then its YAML proved like an upload, linted and audited."""
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
    return Checked(yaml=text, proved=proved, problems=tuple(problems), advice=tuple(advice))
