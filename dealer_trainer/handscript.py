"""The hand script (contract 1 of docs/engine.md): reading and checking it.

A script is YAML text, a file, or an already-parsed mapping::

    table: {seats: 6, button: 1, blinds: [1, 2], structure: no-limit, stacks: 200, game: cash}
    deck: [As, Kd, 7c]      # optional stacked deck, top first (the script starts at post_blinds)
    seed: 7                 # seeds every random step
    events: [shuffle, cut, post_blinds, deal, {act: {seat: 4, action: call}}, burn, flop, ...]

:func:`load_script` turns it into a frozen :class:`HandScript` or raises one
:class:`~dealer_trainer.errors.ScriptError` naming the place in the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dealer_trainer.betting import Stakes, Structure
from dealer_trainer.cards import Card, stacked_deck
from dealer_trainer.errors import ScriptError
from dealer_trainer.procedure.events import EVENT_ARGS, Event
from dealer_trainer.procedure.script import GAMES, OWED, HandScript, TableSpec
from dealer_trainer.rules.rulesets import BUILTIN, Ruleset, parse_ruleset, resolve
from dealer_trainer.safetext import excerpt
from dealer_trainer.script_events import MAX_SEATS, EventReader, _kind, _suggest, script_item
from dealer_trainer.yamlio import Locator, load, load_file

__all__ = [
    "EVENT_ARGS",
    "RULESETS",
    "Event",
    "HandScript",
    "TableSpec",
    "load_script",
    "parse_script",
    "script_item",
]

#: the built-in rulesets
RULESETS = tuple(BUILTIN)

_TOP_KEYS = ("table", "deck", "seed", "events")
_TABLE_KEYS = (
    "seats",
    "button",
    "blinds",
    "structure",
    "stacks",
    "bets",
    "ruleset",
    "ante",
    "big_blind_ante",
    "game",
    "owes",
)


class _Reader(EventReader):
    """Checks a parsed script; every error names its place."""

    def __init__(
        self,
        locator: Locator | None,
        folder: Path | None = None,
        rulesets: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(locator)
        self.folder = folder
        #: the ruleset files a script read from text may name (file name -> YAML text); when
        #: given, no file is read: a name neither built in nor here is unknown
        self.rulesets = rulesets

    def script(self, data: Any) -> HandScript:
        if not isinstance(data, dict):
            raise ScriptError(
                f"a hand script is a mapping with {', '.join(_TOP_KEYS)}; this is {_kind(data)}",
                where=self.where(data),
            )
        self.keys(data, _TOP_KEYS, "key")
        if "table" not in data:
            raise self.fail("the script has no 'table'", data)
        if "events" not in data:
            raise self.fail("the script has no 'events'", data)
        table = self.table(self.mapping(data["table"], "'table'", data, "table"))
        self.seat_set = frozenset(table.seats)
        deck = (
            self.deck(data["deck"], data) if "deck" in data and data["deck"] is not None else None
        )
        seed = None
        if data.get("seed") is not None:
            seed = self.integer(data["seed"], "'seed'", data, "seed")
        events = data["events"]
        if not isinstance(events, list):
            raise self.fail(f"'events' must be a list, not {_kind(events)}", data, "events")
        parsed = tuple(self.event(item, i, events) for i, item in enumerate(events))
        return HandScript(table=table, deck=deck, seed=seed, events=parsed)

    def table(self, spec: dict[Any, Any]) -> TableSpec:
        self.keys(spec, _TABLE_KEYS, "table field")
        default_stack = 200
        if "stacks" in spec:
            default_stack = self.integer(spec["stacks"], "'stacks'", spec, "stacks", low=1)
        seats_value = spec.get("seats", 6)
        stacks: dict[int, int]
        if isinstance(seats_value, dict):
            stacks = {}
            for seat, chips in seats_value.items():
                # a script that went through JSON has its seat numbers as text ("3")
                number = (
                    int(seat)
                    if isinstance(seat, str) and seat.isascii() and seat.isdigit() and len(seat) < 4
                    else seat
                )
                seat_no = self.integer(
                    number, "a seat number", seats_value, seat, low=1, high=MAX_SEATS
                )
                stacks[seat_no] = self.integer(
                    chips, f"seat {seat_no}'s stack", seats_value, seat, low=1
                )
            if len(stacks) < 2:
                raise self.fail("a hand needs at least two seats", spec, "seats")
        else:
            count = self.integer(seats_value, "'seats'", spec, "seats", low=2, high=MAX_SEATS)
            stacks = {seat: default_stack for seat in range(1, count + 1)}
        button = min(stacks)
        if "button" in spec:
            button = self.integer(spec["button"], "'button'", spec, "button", low=1, high=MAX_SEATS)
            if button not in stacks:
                raise self.fail(
                    f"the button is on seat {button}, which has no player "
                    f"(seats: {', '.join(map(str, sorted(stacks)))})",
                    spec,
                    "button",
                )
        blinds = spec.get("blinds", [1, 2])
        if not isinstance(blinds, list) or len(blinds) != 2:
            raise self.fail("'blinds' must be a list of two amounts: [small, big]", spec, "blinds")
        small = self.integer(blinds[0], "the small blind", blinds, 0, low=1)
        big = self.integer(blinds[1], "the big blind", blinds, 1, low=1)
        if small > big:
            raise self.fail("the small blind cannot be larger than the big blind", spec, "blinds")
        structure_name = spec.get("structure", "no-limit")
        try:
            structure = Structure(structure_name)
        except ValueError:
            names = tuple(s.value for s in Structure)
            raise self.fail(
                f"unknown structure {excerpt(structure_name)}{_suggest(structure_name, names)}",
                spec,
                "structure",
            ) from None
        small_bet, big_bet = 0, 0
        if "bets" in spec:
            bets = spec["bets"]
            if not isinstance(bets, list) or len(bets) != 2:
                raise self.fail(
                    "'bets' must be a list of two amounts: [small bet, big bet]", spec, "bets"
                )
            small_bet = self.integer(bets[0], "the small bet", bets, 0, low=1)
            big_bet = self.integer(bets[1], "the big bet", bets, 1, low=1)
            if small_bet > big_bet:
                raise self.fail("the small bet cannot be larger than the big bet", spec, "bets")
            if structure is not Structure.LIMIT:
                raise self.fail("'bets' is for the limit structure only", spec, "bets")
        elif structure is Structure.LIMIT:
            small_bet, big_bet = big, 2 * big
        ruleset = self.ruleset(spec)
        ante = self.integer(spec.get("ante", 0), "'ante'", spec, "ante", low=0)
        big_blind_ante = self.integer(
            spec.get("big_blind_ante", 0), "'big_blind_ante'", spec, "big_blind_ante", low=0
        )
        stakes = Stakes(
            structure, small, big, small_bet, big_bet, ante=ante, big_blind_ante=big_blind_ante
        )
        game = spec.get("game", ruleset.game)
        if not isinstance(game, str) or game not in GAMES:
            raise self.fail(f"unknown game {excerpt(game)}{_suggest(game, GAMES)}", spec, "game")
        owes = self.owes(spec, stacks, game) if "owes" in spec else ()
        return TableSpec(tuple(sorted(stacks.items())), button, stakes, ruleset, game, owes)

    def owes(
        self, spec: dict[Any, Any], stacks: dict[int, int], game: str
    ) -> tuple[tuple[int, str], ...]:
        """``owes: {seat: big | both | small}``: a cash game's seats that must post to come in
        (RRoP-BLD 5-6; LA26 158, 160, 163). A tournament deals every seat and takes its blinds
        whether it is there or not (TDA24 30): nobody owes one there."""
        owes = self.mapping(spec["owes"], "'owes'", spec, "owes")
        if owes and game != "cash":
            raise self.fail(
                "a tournament owes no blinds: every seat is dealt in and posts when due "
                "(TDA24 30); 'owes' is for a cash game",
                spec,
                "owes",
            )
        owed: dict[int, str] = {}
        for seat, what in owes.items():
            number = (
                int(seat) if isinstance(seat, str) and seat.isascii() and seat.isdigit() else seat
            )
            seat_no = self.integer(number, "a seat number", owes, seat, low=1, high=MAX_SEATS)
            if seat_no not in stacks:
                raise self.fail(f"seat {seat_no} has no player", owes, seat, of_key=True)
            if not isinstance(what, str) or what not in OWED:
                raise self.fail(
                    f"seat {seat_no} owes {excerpt(what)}{_suggest(what, OWED)}",
                    owes,
                    seat,
                )
            owed[seat_no] = what
        return tuple(sorted(owed.items()))

    def ruleset(self, spec: dict[Any, Any]) -> Ruleset:
        name = spec.get("ruleset", "roberts")
        if not isinstance(name, str):
            raise self.fail("'ruleset' must be a name or a ruleset file", spec, "ruleset")
        try:
            if self.rulesets is not None and name not in BUILTIN:
                return _given_ruleset(name, self.rulesets)
            return resolve(name, relative_to=self.folder)
        except KeyError:
            raise self.fail(
                f"unknown ruleset {excerpt(name)}{_suggest(name, tuple(BUILTIN))}, or a house "
                "ruleset file (.yaml)",
                spec,
                "ruleset",
            ) from None
        except ScriptError as exc:
            if exc.where is not None:
                raise
            raise self.fail(exc.message, spec, "ruleset") from None

    def deck(self, value: Any, data: dict[Any, Any]) -> tuple[Card, ...]:
        if not isinstance(value, list):
            raise self.fail(f"'deck' must be a list of cards, not {_kind(value)}", data, "deck")
        cards: list[Card] = []
        first: dict[Card, int] = {}
        for i, item in enumerate(value):
            try:
                card = Card.parse(item)
            except ScriptError as exc:
                raise self.fail(exc.message, value, i) from None
            if card in first:
                raise self.fail(
                    f"the deck names {card} twice (also item {first[card] + 1})", value, i
                )
            first[card] = i
            cards.append(card)
        return tuple(stacked_deck(cards))


def _given_ruleset(name: str, rulesets: Mapping[str, str]) -> Ruleset:
    """A house ruleset given as text (KeyError: not given)."""
    data, locator = load(rulesets[name], name)
    return parse_ruleset(data, locator)


def parse_script(
    data: Any,
    locator: Locator | None = None,
    *,
    folder: Path | None = None,
    rulesets: Mapping[str, str] | None = None,
) -> HandScript:
    """Check an already-parsed script (``locator`` gives the file places for errors).

    ``folder`` is where a house ruleset file named by the table is looked for; ``rulesets``
    (file name -> YAML text), when given, holds the only ones it may name (no file is read).
    """
    return _Reader(locator, folder, rulesets).script(data)


def load_script(script: str | Path | Mapping[str, Any], *, source: str | None = None) -> HandScript:
    """Read a script from a path, YAML text, or a parsed mapping.

    ``source`` names YAML text in error messages (``<stdin>:4:5: ...``).
    """
    if isinstance(script, Mapping):
        return parse_script(dict(script))
    if isinstance(script, Path) or (
        "\n" not in script and (Path(script).is_file() or script.endswith((".yaml", ".yml")))
    ):
        path = Path(script)
        data, locator = load_file(path)
        return parse_script(data, locator, folder=path.parent)
    data, locator = load(script, source)
    return parse_script(data, locator)
