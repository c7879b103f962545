"""Setting the table: seats, stacks, the button, the blinds, the structure and the ruleset,
each checked with a message for its own field."""

from __future__ import annotations

from dataclasses import replace

from dealer_trainer.errors import ScriptError
from dealer_trainer.procedure.script import GAMES as SCRIPT_GAMES
from dealer_trainer.rules.rulesets import BUILTIN, Ruleset, parse_ruleset
from dealer_trainer.workbench.draft import AuthoringError, Draft, TableSettings
from dealer_trainer.yamlio import load

__all__ = ["GAMES", "HOUSE", "MAX_SEATS", "MAX_STACK", "STRUCTURES", "ruleset_of", "set_table"]

#: the name under which a draft (and a scenario kept in a room) names the room's house ruleset
HOUSE = "house.yaml"
MAX_SEATS = 10
MAX_STACK = 10**9
#: the betting structures the page offers (limit: the small bet is the big blind, the big bet
#: twice it, as a hand script has them when it names no ``bets``)
STRUCTURES = ("no-limit", "pot-limit", "limit")
#: the games a table plays (empty: the ruleset's own game)
GAMES = ("", *SCRIPT_GAMES)


def _whole(value: str | int, place: str, low: int, high: int) -> int:
    text = str(value).strip()
    if not text.isdigit() or not low <= int(text) <= high:
        raise AuthoringError(f"a whole number from {low} to {high}", place=place)
    return int(text)


def set_table(
    draft: Draft,
    *,
    seats: str | int,
    button: str | int,
    small_blind: str | int,
    big_blind: str | int,
    stacks: str | int,
    structure: str = "no-limit",
    ruleset: str = "roberts",
    game: str = "",
    house_yaml: str | None = None,
) -> Draft:
    """The draft on a new table (its moves start again); :class:`AuthoringError` names the
    field that is wrong."""
    count = _whole(seats, "seats", 2, MAX_SEATS)
    settings = TableSettings(
        seats=count,
        button=_whole(button, "button", 1, count),
        small_blind=_whole(small_blind, "small_blind", 1, MAX_STACK),
        big_blind=_whole(big_blind, "big_blind", 1, MAX_STACK),
        stacks=_whole(stacks, "stacks", 1, MAX_STACK),
        structure=structure,
        game=game,
        ruleset=ruleset,
    )
    if settings.big_blind < settings.small_blind:
        raise AuthoringError("the big blind is at least the small blind", place="big_blind")
    if settings.stacks < settings.big_blind:
        raise AuthoringError("a stack covers the big blind at least", place="stacks")
    if structure not in STRUCTURES:
        raise AuthoringError(f"one of {', '.join(STRUCTURES)}", place="structure")
    if game not in GAMES:
        raise AuthoringError(
            f"cash or tournament (or the ruleset's own game), not {game[:40]!r}", place="game"
        )
    ruleset_of(settings, house_yaml)  # named and readable
    return replace(draft.with_moves(()), table=settings, error=None)


def ruleset_of(table: TableSettings, house_yaml: str | None) -> Ruleset:
    """The ruleset the table names: a built-in one, or the room's house ruleset."""
    if table.ruleset in BUILTIN:
        return BUILTIN[table.ruleset]
    if table.ruleset == HOUSE and house_yaml:
        try:
            data, locator = load(house_yaml, HOUSE)
            return parse_ruleset(data, locator)
        except ScriptError as exc:
            raise AuthoringError(
                f"the room's house ruleset does not read: {exc}", place="ruleset"
            ) from None
    names = " or ".join([*BUILTIN, *([HOUSE] if house_yaml else [])])
    raise AuthoringError(f"the ruleset is {names}", place="ruleset")
