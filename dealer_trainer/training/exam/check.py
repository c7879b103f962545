"""Validating a blueprint as ``dealer-trainer exam validate`` does, screen-free: its fields,
then whether the bank can fill its sections. A blueprint whose other fields have errors is
still checked against the bank when its ruleset and sections were read, so one run reports
every error."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario.model import in_file_order
from dealer_trainer.training.catalogue import Entry
from dealer_trainer.training.exam.blueprint import Blueprint, BlueprintErrors
from dealer_trainer.training.exam.fill import fill_errors, section_errors
from dealer_trainer.training.exam.reader import load_blueprint, load_blueprint_text

__all__ = ["Checked", "check_blueprint", "check_blueprint_text"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Checked:
    """A blueprint checked: the blueprint when it has no error, and every error found, in
    the order of the file."""

    blueprint: Blueprint | None
    errors: tuple[ScriptError, ...] = field(default=())

    @property
    def valid(self) -> bool:
        return not self.errors


def _checked(
    read: Blueprint | BlueprintErrors, entries: Iterable[Entry], retired: Iterable[str]
) -> Checked:
    if isinstance(read, Blueprint):
        errors = fill_errors(read, entries, retired)
        return Checked(blueprint=None if errors else read, errors=tuple(errors))
    found = list(read.errors)
    if read.ruleset is not None and read.sections is not None:
        found += section_errors(read.sections, read.ruleset.name, entries, retired)
    return Checked(blueprint=None, errors=tuple(in_file_order(found)))


def check_blueprint(
    path: Path, entries: Iterable[Entry], retired: Iterable[str] = frozenset()
) -> Checked:
    """Check a blueprint file against ``entries`` (the bank an attempt draws from), leaving
    out ``retired`` items. A file that cannot be read at all (missing, a folder, not YAML) is
    a :class:`ScriptError` raised, not an error of the blueprint."""
    try:
        read: Blueprint | BlueprintErrors = load_blueprint(path)
    except BlueprintErrors as exc:
        read = exc
    return _checked(read, entries, retired)


def check_blueprint_text(
    text: str,
    source: str,
    entries: Iterable[Entry],
    *,
    rulesets: Mapping[str, str] | None = None,
    retired: Iterable[str] = frozenset(),
) -> Checked:
    """:func:`check_blueprint` for YAML text (an upload; see
    :func:`~dealer_trainer.training.exam.reader.load_blueprint_text`)."""
    try:
        read: Blueprint | BlueprintErrors = load_blueprint_text(text, source, rulesets=rulesets)
    except BlueprintErrors as exc:
        read = exc
    return _checked(read, entries, retired)
