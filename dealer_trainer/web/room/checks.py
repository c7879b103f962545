"""Checking an uploaded text, a scenario or a house ruleset, through the project's own
readers: safe YAML (:mod:`dealer_trainer.yamlio`: no ``!!python/`` tag, no alias bomb), the
scenario checks and the engine's proof, or the ruleset checks. A scenario may name a built-in
ruleset or, as ``house.yaml``, the room's house ruleset; no other file is ever read. Each
error becomes a :class:`Problem`: its line, column and the line's text, for the page."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from dealer_trainer.errors import ScriptError
from dealer_trainer.rules.rulesets import BUILTIN, parse_ruleset
from dealer_trainer.scenario import Verified, all_errors, proof_of_text
from dealer_trainer.yamlio import load

__all__ = ["HOUSE_FILE", "Problem", "check_ruleset_text", "check_scenario_text"]

#: the file name under which a scenario names the room's house ruleset
HOUSE_FILE = "house.yaml"
#: the line and column at the end of an error's ``file:line:col`` (or ``line:col``)
_PLACE = re.compile(r"(?:^|:)(\d+):(\d+)$")


def check_ruleset_text(text: str, source: str = "ruleset.yaml") -> Any:
    """A house ruleset from YAML text (:class:`ScriptError` at its line when it is wrong)."""
    data, locator = load(text, source)
    return parse_ruleset(data, locator)


def _check_rulesets(data: Any, locator: Any, *, house: bool) -> None:
    """An uploaded scenario names a built-in ruleset or ``house.yaml`` (when the room has a
    house ruleset) and no other file: the server's files are never read on a scenario's
    say-so."""
    if not isinstance(data, dict):
        return
    places = [(data, "ruleset")]
    if isinstance(data.get("table"), dict):
        places.append((data["table"], "ruleset"))
    for container, key in places:
        value = container.get(key)
        if value is None or (isinstance(value, str) and value in BUILTIN):
            continue
        if value == HOUSE_FILE and not house:
            message = (
                f"{HOUSE_FILE} names the room's house ruleset, and this room has none: upload "
                "one first, or name " + " or ".join(BUILTIN)
            )
        elif value == HOUSE_FILE:
            continue
        else:
            message = (
                f"an uploaded scenario names the ruleset {', '.join(BUILTIN)}, or {HOUSE_FILE} "
                "for this room's house ruleset"
            )
        raise ScriptError(message, where=locator.where(container, key))


def check_scenario_text(
    text: str, *, house_yaml: str | None, source: str = "scenario.yaml"
) -> Verified:
    """Read, check and prove a scenario from YAML text: :class:`ScriptError` (perhaps a
    :class:`~dealer_trainer.scenario.ScenarioErrors` holding several) at its line when it is
    wrong. ``house.yaml`` names the room's house ruleset (``house_yaml``)."""
    data, locator = load(text, source)
    _check_rulesets(data, locator, house=bool(house_yaml))
    files = {HOUSE_FILE: house_yaml} if house_yaml else {}
    return proof_of_text(text, source, rulesets=files)  # read from the text: no file written


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """An error of an uploaded text, for the page: its place and the line it is on."""

    line: int | None
    column: int | None
    message: str
    text: str

    @property
    def place(self) -> str:
        if self.line is None:
            return ""
        return f"line {self.line}" + (f", column {self.column}" if self.column else "")

    @property
    def pieces(self) -> tuple[str, str, str]:
        """The line around the column, for the page to mark: the text before it, the character
        at it (a space past the end of the line) and the text after it."""
        if not self.column:
            return self.text, "", ""
        at = self.column - 1
        return self.text[:at], self.text[at : at + 1] or " ", self.text[at + 1 :]


def _problems(error: ScriptError, text: str) -> list[Problem]:
    lines = text.splitlines()
    found = []
    for each in all_errors(error):
        line = column = None
        place = _PLACE.search(each.where or "")
        if place is not None:
            line, column = int(place.group(1)), int(place.group(2))
        shown = lines[line - 1] if line is not None and 0 < line <= len(lines) else ""
        found.append(Problem(line=line, column=column, message=each.message, text=shown))
    return found
