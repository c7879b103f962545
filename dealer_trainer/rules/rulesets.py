"""Rulesets as data: the built-in rulebooks (``roberts``, ``tda-2024``) and house rulesets
from YAML.

A ruleset is a name, the ruleset it starts from, and a value for every option
(:data:`OPTIONS`, in :mod:`dealer_trainer.rules.options`). Where the rulebooks disagree about a
dealer error's recovery, an option names the choice, or the record is decided by the family:
the ruleset's :attr:`Ruleset.follows` (and its :attr:`Ruleset.recoveries` where it departs)
names the variant; the recoveries themselves live in :mod:`dealer_trainer.procedure.rulings`.
Beside the options a house may change, each built-in ruleset sets what its rulebook itself
says (:data:`RULEBOOK`): its family, whose recoveries it follows, and the rules its refusals
and floor rulings cite. The engine reads every difference between the rulebooks from these
fields, never from a ruleset's name, so a new built-in rulebook, even of a new family, is one
module of :mod:`dealer_trainer.rules.rulebooks`; :data:`BUILTIN` holds what that package finds.

A house ruleset file starts from a built-in one and overrides named options::

    name: river-room
    base: roberts
    description: Our room calls a misdeal on the first card only.
    options:
      exposed_misdeal_cards: 1
    rake: {percent: 10, cap: 5, no_flop_no_drop: true, chip: 1}

``rake`` (optional) is the room's rake (:mod:`dealer_trainer.rules.rake`). A file declares
itself a ruleset by having ``base`` or ``options`` at its top (a hand script or
a scenario has neither), or by holding nothing but ruleset fields: only such a file is read as
one, and nothing of any other file is
echoed in a message, so naming a configuration file by mistake shows none of its secrets. A
house ruleset file is a ``.yaml`` (or ``.yml``) file looked up beside the file that names it;
it may not take a built-in ruleset's name.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from dealer_trainer.errors import ScriptError
from dealer_trainer.rules import rulebooks
from dealer_trainer.rules.options import OPTIONS, RULEBOOK, Option, Ruleset
from dealer_trainer.rules.rake import RAKE_FIELDS, Rake
from dealer_trainer.safetext import excerpt
from dealer_trainer.yamlio import Locator, load_file

__all__ = [
    "BUILTIN",
    "OPTIONS",
    "RULEBOOK",
    "Option",
    "Ruleset",
    "builtin",
    "builtin_names",
    "declares_ruleset",
    "is_ruleset_file",
    "load_ruleset",
    "other_family",
    "parse_ruleset",
    "resolve",
]

#: the fields of a house ruleset file
FIELDS = ("name", "base", "description", "options", "rake")
#: the fields only a ruleset has: a file holding one of them declares itself a ruleset
DECLARING = ("base", "options")
#: the suffixes of a house ruleset file
SUFFIXES = (".yaml", ".yml")
#: the longest name a house ruleset may have
MAX_NAME = 60

_OPTION_BY_NAME = {option.name: option for option in OPTIONS}

#: the built-in rulesets by name, in their order: one module each in
#: :mod:`dealer_trainer.rules.rulebooks`
BUILTIN: dict[str, Ruleset] = rulebooks.collect()


def builtin(name: str) -> Ruleset:
    """A built-in ruleset by name."""
    return BUILTIN[name]


def builtin_names(last: str = " or ") -> str:
    """The built-in rulesets' names for a message or a help text: ``roberts or tda-2024``
    (``last`` joins the last two: ``", "`` for a plain list)."""
    names = list(BUILTIN)
    return ", ".join(names[:-1]) + last + names[-1] if len(names) > 1 else names[0]


def other_family(ruleset: Ruleset) -> Ruleset:
    """The first built-in ruleset that follows another family's recoveries than ``ruleset``
    does (the source of a tempting wrong answer: the right recovery under another rulebook)."""
    return next(other for other in BUILTIN.values() if other.follows != ruleset.follows)


def _suggest(word: str, options: list[str]) -> str:
    close = difflib.get_close_matches(word, options, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"{hint}; valid: {', '.join(options)}"


def _fail(locator: Locator, message: str, container: object, key: Any = None, **kw: Any) -> None:
    raise ScriptError(message, where=locator.where(container, key, **kw))


def declares_ruleset(data: Any) -> bool:
    """Whether parsed YAML declares itself a house ruleset: a mapping with ``base`` or
    ``options`` at its top, or with no key but a ruleset's (``name``, ``description``)."""
    if not isinstance(data, dict) or not data:
        return False
    return any(key in data for key in DECLARING) or all(key in FIELDS for key in data)


def is_ruleset_file(path: Path) -> bool:
    """Whether ``path`` is a YAML file that declares itself a house ruleset (a folder of
    scenarios may keep one: ``scenarios validate`` leaves it out). A file that cannot be read
    is not one."""
    if path.suffix not in SUFFIXES:
        return False
    try:
        data, _ = load_file(path, "file")
    except ScriptError:
        return False
    return declares_ruleset(data)


def parse_ruleset(data: Any, locator: Locator) -> Ruleset:
    """Check a parsed house ruleset file.

    A mapping that does not declare itself a ruleset (see :func:`declares_ruleset`) is
    refused without a word of what it holds.
    """
    if not isinstance(data, dict):
        _fail(locator, "a ruleset file is a mapping with name, base and options", data)
    if not declares_ruleset(data):
        _fail(
            locator,
            "this is not a house ruleset file: a ruleset file has 'name', 'base' (the built-in "
            "ruleset it starts from) and 'options' at its top; nothing of this file was used",
            data,
        )
    for key in data:
        if key not in FIELDS:
            _fail(
                locator,
                f"unknown field {excerpt(key)}{_suggest(str(key)[:100], list(FIELDS))}",
                data,
                key,
                of_key=True,
            )
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        _fail(locator, "a ruleset needs a 'name' (text)", data, "name" if "name" in data else None)
    name = name.strip()
    if len(name) > MAX_NAME or not name.isprintable():
        _fail(
            locator,
            f"a ruleset's name is one line of at most {MAX_NAME} printable characters",
            data,
            "name",
        )
    if name in BUILTIN:
        _fail(
            locator,
            f"a house ruleset cannot take the built-in ruleset's name {name!r}: name it after "
            "your room (built-in: " + ", ".join(BUILTIN) + ")",
            data,
            "name",
        )
    base = data.get("base", "roberts")
    if not isinstance(base, str) or base not in BUILTIN:
        _fail(
            locator,
            f"unknown base ruleset {excerpt(base)}{_suggest(str(base)[:100], list(BUILTIN))}",
            data,
            "base",
        )
    description = data.get("description", f"house rules on {base}")
    if not isinstance(description, str):
        _fail(locator, "'description' must be text", data, "description")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        _fail(locator, "'options' must be a mapping of option: value", data, "options")
    values: dict[str, Any] = {}
    for key, value in options.items():
        option = _OPTION_BY_NAME.get(key) if isinstance(key, str) else None
        if option is None:
            _fail(
                locator,
                f"unknown option {excerpt(key)}{_suggest(str(key)[:100], list(_OPTION_BY_NAME))}",
                options,
                key,
                of_key=True,
            )
            raise AssertionError  # unreachable: _fail raises
        if not _allowed(value, option):
            allowed = ", ".join(_show(v) for v in option.values)
            _fail(
                locator,
                f"option {key!r} cannot be {_show(value)}; valid: {allowed}",
                options,
                key,
            )
        values[key] = value
    rake = _rake(data["rake"], data, locator) if "rake" in data else None
    return replace(
        BUILTIN[base],
        name=name,
        base=base,
        description=description,
        source=locator.source,
        rake=rake,
        **values,
    )


def _rake(spec: Any, data: dict[Any, Any], locator: Locator) -> Rake:
    """Check a ruleset file's ``rake``: percent (more than 0, at most 100), cap (chips, at
    least one chip), no_flop_no_drop (true or false, default true), chip (the smallest chip,
    default 1); each error at its line and column."""
    if not isinstance(spec, dict):
        _fail(
            locator, "'rake' must be a mapping: percent, cap, no_flop_no_drop, chip", data, "rake"
        )
    for key in spec:
        if key not in RAKE_FIELDS:
            hint = _suggest(str(key)[:100], list(RAKE_FIELDS))
            _fail(locator, f"unknown rake field {excerpt(key)}{hint}", spec, key, of_key=True)
    for key in ("percent", "cap"):
        if key not in spec:
            _fail(locator, f"the rake needs '{key}'", data, "rake")
    percent = spec["percent"]
    if isinstance(percent, bool) or not isinstance(percent, int | float) or not 0 < percent <= 100:
        _fail(
            locator, "the rake's 'percent' is a number more than 0 and at most 100", spec, "percent"
        )
    chip = spec.get("chip", 1)
    if isinstance(chip, bool) or not isinstance(chip, int) or chip < 1:
        _fail(
            locator,
            "the rake's 'chip' (the smallest chip) is a whole number, at least 1",
            spec,
            "chip",
        )
    cap = spec["cap"]
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < chip:
        _fail(
            locator,
            f"the rake's 'cap' is a whole number of chips, at least one chip ({chip})",
            spec,
            "cap",
        )
    no_drop = spec.get("no_flop_no_drop", True)
    if not isinstance(no_drop, bool):
        _fail(locator, "the rake's 'no_flop_no_drop' is true or false", spec, "no_flop_no_drop")
    return Rake(percent=Fraction(str(percent)), cap=cap, no_flop_no_drop=no_drop, chip=chip)


def _allowed(value: Any, option: Option) -> bool:
    """Whether ``value`` is one of the option's values, of the same type (1 is not true)."""
    if not isinstance(value, bool | int | str):  # a list or a mapping is never one
        return False
    return type(value) is type(next(iter(option.values))) and value in option.values


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return excerpt(str(value))[1:-1]
    return excerpt(value)


def load_ruleset(path: Path) -> Ruleset:
    """Read a house ruleset file (errors as ``file:line:col: message``)."""
    data, locator = load_file(path, "ruleset file")
    return parse_ruleset(data, locator)


def resolve(value: str, *, relative_to: Path | None = None) -> Ruleset:
    """A ruleset by built-in name, or a house ruleset file (``.yaml`` or ``.yml``).

    A relative file name is looked up beside the file that names it (``relative_to``, its
    folder) and nowhere else; without one, in the working folder. Raises KeyError for a name
    that is neither, ScriptError for a file that cannot be read or is not a ruleset.
    """
    found = BUILTIN.get(value)
    if found is not None:
        return found
    if "\0" in value:
        raise ScriptError("a ruleset file's name cannot hold a NUL character")
    path = Path(value)
    if path.suffix not in SUFFIXES:
        raise KeyError(value)
    if not path.is_absolute() and relative_to is not None:
        # ``..`` taken lexically: the referring file's folder need not exist yet (a scenario
        # the wizard proves before writing it)
        path = Path(os.path.normpath(relative_to / path))
    return load_ruleset(path)
