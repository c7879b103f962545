"""Rulesets as data: the built-in ``roberts`` and ``tda-2024``, and house rulesets from YAML.

A ruleset is a name, the ruleset it starts from, and a value for every option below. Where
the rulebooks disagree about a dealer error's recovery, an option names the choice; the
recoveries themselves live in :mod:`dealer_trainer.procedure.rulings`. Beside the options a
house may change, each built-in ruleset sets what its rulebook itself says (:data:`RULEBOOK`):
its family, and the rules its refusals and floor rulings cite. The engine reads every
difference between the rulebooks from these fields, never from a ruleset's name, so a new
built-in rulebook is one entry of :data:`BUILTIN`.

A house ruleset file starts from a built-in one and overrides named options::

    name: river-room
    base: roberts
    description: Our room calls a misdeal on the first card only.
    options:
      exposed_misdeal_cards: 1

A file declares itself a ruleset by having ``base`` or ``options`` at its top (a hand script or
a scenario has neither), or by holding nothing but ruleset fields: only such a file is read as
one, and nothing of any other file is
echoed in a message, so naming a configuration file by mistake shows none of its secrets. A
house ruleset file is a ``.yaml`` (or ``.yml``) file looked up beside the file that names it;
it may not take a built-in ruleset's name.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from dealer_trainer.betting import ROBERTS_CITATIONS, RULE_LIMITS, TDA_CITATIONS, Action, Citations
from dealer_trainer.errors import ScriptError
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
FIELDS = ("name", "base", "description", "options")
#: the fields only a ruleset has: a file holding one of them declares itself a ruleset
DECLARING = ("base", "options")
#: the suffixes of a house ruleset file
SUFFIXES = (".yaml", ".yml")
#: the longest name a house ruleset may have
MAX_NAME = 60


@dataclass(frozen=True, slots=True)
class Option:
    """One choice a ruleset makes, with the values it may take and what each means."""

    name: str
    question: str
    values: Mapping[Any, str]


#: every option a ruleset sets, in the order the docs list them
OPTIONS: tuple[Option, ...] = (
    Option(
        "exposed_misdeal_cards",
        "How many of the first cards off the deck make a misdeal when exposed?",
        {
            2: "the first or the second card (RRoP-HE 1 as most copies give it; TDA24 35-A-7)",
            1: "the first card only (the older copies of RRoP-HE 1)",
        },
    ),
    Option(
        "extra_card",
        "One extra card pitched to the first player after the deal: what then?",
        {
            "burn": "it goes back on top of the stub as the flop's burn card (RRoP-HE 5)",
            "misdeal": "a wrong number of cards is a misdeal (TDA24 35-A-5)",
        },
    ),
    Option(
        "flop_too_many",
        "A flop of four cards: what then?",
        {
            "redeal": "board into the stub, burn stays, shuffle, cut, new flop (RRoP-HE 2-3)",
            "scramble": "scramble the four, one at random is the turn's burn (TDA24 39-A)",
        },
    ),
    Option(
        "premature_turn",
        "The turn card comes before the flop betting is over: what then?",
        {
            "set_aside": "set aside; next card is the turn; shuffled in later (RRoP-HE 4)",
            "reshuffle": "back into the stub; reshuffle; the turn again, no burn (TDA24 RP-5B)",
        },
    ),
    Option(
        "recut_after_premature_flop",
        "After a premature flop is reshuffled, is the deck cut again?",
        {
            True: "yes: shuffle and cut (RRoP-HE 3)",
            False: "not required: shuffle; a cut is allowed (TDA24 RP-5A is silent on it)",
        },
    ),
    Option(
        "board_claim",
        "How does a player claim the pot with the board?",
        {
            "declare": "declare it before throwing the cards away (RRoP-HE 6)",
            "table": "table the cards: only tabled hands win (TDA24 19)",
        },
    ),
    Option(
        "flop_without_burn",
        "The flop is turned with no burn: what then?",
        {
            "reshuffle": "board into the stub, shuffle, cut, burn and flop again (LA26 168)",
            "scramble": "scramble the three, one is the burn, the next card completes (TDA24 39-B)",
        },
    ),
    Option(
        "substantial_action",
        "Until when can a misdeal be called?",
        {
            "two_players": "until two players after the blinds have acted (RRoP misdeal rules)",
            "tda": "until substantial action: two actions, one with chips, or three (TDA24 36)",
        },
    ),
    Option(
        "heads_up_raises",
        "Fixed limit, two players left in the betting: is the raising still capped?",
        {
            "unlimited": "no cap once the action is heads-up before the cap (RRoP Betting 4)",
            "capped": "a bet and three raises, heads-up too, until the event's last two (TDA24 48)",
        },
    ),
    Option(
        "button",
        "A player busts: where do the button and the blinds go next hand?",
        {
            "moving": "the button moves to the next player, the blinds follow it (RRoP Blinds 2)",
            "dead": "the big blind is due first; button and small blind may be dead (TDA24 32)",
        },
    ),
    Option(
        "all_in_tabled",
        "A player is all-in and the betting is over: may a hand still in be mucked unshown?",
        {
            False: "yes: a hand may be mucked unshown, as at any showdown (RRoP-HEP 9)",
            True: "no: every hand still in is tabled, main pot and side pots (TDA24 16)",
        },
    ),
    Option(
        "exposed_burn",
        "The dealer shows a burn card (no rule covers it; the floor decides, TDA24 RP-14)",
        {
            "stays": "it stays the street's burn, shown to the whole table; deal on (TDA24 RP-14)",
            "reburn": "set it aside and burn the next card face down in its place (TDA24 RP-14)",
        },
    ),
    Option(
        "skipped_hand",
        "A player skipped by action out of turn says nothing while substantial action comes in "
        "after them: what then?",
        {
            "acts": "the player acts with every right; an early action binds only while the "
            "action to it is unchanged (RRoP Betting 11)",
            "no_raise": "the early actions bind; the player may check, call or fold, not bet or "
            "raise (TDA24 53-B, the floor's choice)",
            "dead": "the early actions bind; the skipped hand is dead (TDA24 53-B, the floor's "
            "choice)",
        },
    ),
)

_OPTION_BY_NAME = {option.name: option for option in OPTIONS}

#: what a built-in ruleset's rulebook itself says (a house ruleset keeps its base's): the fields
#: of :class:`Ruleset` that are no house option, with what each decides
RULEBOOK: dict[str, str] = {
    "family": "the rulebook whose recovery a record decided by the family follows (its "
    "variants are keyed by family: roberts or tda-2024)",
    "cap_rule": "the rule a raise refused at the limit cap cites",
    "citations": "the rules the other refusals of a bet size cite, and TDA 54-B's pot count",
    "voided_no_raise": "the actions out of turn that, freed by a changed action, bar a bet or "
    "raise on the player's turn (RRoP Betting 11: a check or a call; TDA24 53-A: none)",
    "released_hand_dead": "whether a hand let go face down is dead at once (RRoP Dead Hands) "
    "or live until the dealer mucks it (TDA24 14)",
    "mucked_dead_rule": "the rule a show after a muck is refused with",
    "verbal_rule": "the rule behind a player's words (a verbal declaration binds)",
    "declared_string_rule": "the rule behind a declared raise made with chips in two motions",
    "raise_takes_second_motion": "whether a player who said raise may bring the chips in "
    "more than one motion (RRoP No-Limit 6) or the second motion does not count (TDA24 56)",
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A named set of choices for every option (see :data:`OPTIONS`)."""

    name: str
    base: str
    description: str
    exposed_misdeal_cards: int = 2
    extra_card: str = "burn"
    flop_too_many: str = "redeal"
    premature_turn: str = "set_aside"
    recut_after_premature_flop: bool = True
    board_claim: str = "declare"
    flop_without_burn: str = "reshuffle"
    substantial_action: str = "two_players"
    heads_up_raises: str = "unlimited"
    button: str = "moving"
    all_in_tabled: bool = False
    exposed_burn: str = "stays"
    skipped_hand: str = "acts"
    # --- what the rulebook itself says (:data:`RULEBOOK`): no house option changes it ---------
    #: the rulebook whose rulings this one follows where its options do not decide
    #: (``roberts`` or ``tda-2024``); a house ruleset keeps its base's
    family: str = "roberts"
    cap_rule: str = RULE_LIMITS
    citations: Citations = ROBERTS_CITATIONS
    voided_no_raise: frozenset[Action] = frozenset({Action.CHECK, Action.CALL})
    released_hand_dead: bool = True
    mucked_dead_rule: str = "RRoP Dead Hands"
    verbal_rule: str = "RRoP Betting 8"
    declared_string_rule: str = "RRoP No-Limit 6"
    raise_takes_second_motion: bool = True
    source: str | None = field(default=None, compare=False)

    def options(self) -> dict[str, Any]:
        """Every option's value, by name."""
        return {option.name: getattr(self, option.name) for option in OPTIONS}


BUILTIN: dict[str, Ruleset] = {
    "roberts": Ruleset(
        "roberts",
        "roberts",
        "Robert's Rules of Poker: its hold'em irregularity rules and misdeal list",
    ),
    "tda-2024": Ruleset(
        "tda-2024",
        "tda-2024",
        "Poker TDA 2024 rules and recommended procedures",
        extra_card="misdeal",
        flop_too_many="scramble",
        premature_turn="reshuffle",
        recut_after_premature_flop=False,
        board_claim="table",
        flop_without_burn="scramble",
        substantial_action="tda",
        heads_up_raises="capped",
        button="dead",
        all_in_tabled=True,
        skipped_hand="no_raise",
        family="tda-2024",
        cap_rule="TDA24 48",
        citations=TDA_CITATIONS,
        voided_no_raise=frozenset(),
        released_hand_dead=False,
        mucked_dead_rule="TDA24 14",
        verbal_rule="TDA24 51-A",
        declared_string_rule="TDA24 56",
        raise_takes_second_motion=False,
    ),
}


def builtin(name: str) -> Ruleset:
    """A built-in ruleset by name."""
    return BUILTIN[name]


def builtin_names(last: str = " or ") -> str:
    """The built-in rulesets' names for a message or a help text: ``roberts or tda-2024``
    (``last`` joins the last two: ``", "`` for a plain list)."""
    names = list(BUILTIN)
    return ", ".join(names[:-1]) + last + names[-1] if len(names) > 1 else names[0]


def other_family(ruleset: Ruleset) -> Ruleset:
    """The first built-in ruleset of another family than ``ruleset``'s (the source of a
    tempting wrong answer: the right recovery under the other rulebook)."""
    return next(other for other in BUILTIN.values() if other.family != ruleset.family)


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
    return replace(
        BUILTIN[base],
        name=name,
        base=base,
        description=description,
        source=locator.source,
        **values,
    )


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
