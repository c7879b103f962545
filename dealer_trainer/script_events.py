"""The events of a hand script: reading each one (``burn``, ``{act: {seat: 4, action: call}}``)
with its arguments checked and its place kept, and writing one back as a script item.
:mod:`dealer_trainer.handscript` reads the whole script with them."""

from __future__ import annotations

import difflib
from dataclasses import field, fields, make_dataclass
from typing import Any, cast

from dealer_trainer.betting import Action
from dealer_trainer.cards import Card
from dealer_trainer.declarations import WORDS
from dealer_trainer.errors import ScriptError
from dealer_trainer.procedure.events import (
    DECK_REASONS,
    EVENT_ARGS,
    FOUL_FINDS,
    REQUIRED_ARGS,
    Event,
    EventName,
)
from dealer_trainer.safetext import excerpt
from dealer_trainer.yamlio import Locator

#: the most seats a hold'em table has
MAX_SEATS = 10
#: the event names a script may hold, to their typed names
_NAMES: dict[str, EventName] = {str(name): name for name in EventName}
#: the events a script may write bare (without arguments): those that need none
_BARE: dict[str, EventName] = {
    text: name for text, name in _NAMES.items() if name not in REQUIRED_ARGS
}
_ACTIONS: dict[str, Action] = {action.value: action for action in Action}
_SEAT_AND_ACTION = frozenset({"seat", "action"})
_SEAT = frozenset({"seat"})
#: the events that name a seat (and an action) and nothing else, as most of a script does
_SEATED = {"act": _SEAT_AND_ACTION, "show": _SEAT, "muck": _SEAT, "declare_board": _SEAT}


def _suggest(word: object, options: tuple[str, ...] | frozenset[str]) -> str:
    """A hint for a mistyped ``word`` (any value: only a short excerpt of it is compared)."""
    text = word[:100] if isinstance(word, str) else excerpt(word)
    close = difflib.get_close_matches(text, sorted(options), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"{hint}; expected one of: {', '.join(sorted(options))}"


class EventReader:
    """Checks a parsed script's events; every error names its place (the base of
    :class:`dealer_trainer.handscript._Reader`, which reads the rest of the script)."""

    def __init__(self, locator: Locator | None) -> None:
        self.locator = locator
        #: the seats at the table, once the table is read
        self.seat_set: frozenset[int] = frozenset()

    def where(self, container: object, key: Any = None, *, of_key: bool = False) -> str | None:
        return self.locator.where(container, key, of_key=of_key) if self.locator else None

    def fail(
        self, message: str, container: object, key: Any = None, of_key: bool = False
    ) -> ScriptError:
        return ScriptError(message, where=self.where(container, key, of_key=of_key))

    def mapping(self, value: Any, what: str, container: object, key: Any) -> dict[Any, Any]:
        if not isinstance(value, dict):
            raise self.fail(f"{what} must be a mapping, not {_kind(value)}", container, key)
        return value

    def integer(
        self,
        value: Any,
        what: str,
        container: object,
        key: Any,
        *,
        low: int = 0,
        high: int | None = None,
    ) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"{what} must be a whole number, not {_kind(value)}", container, key)
        if value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise self.fail(f"{what} must be {bound}, not {value}", container, key)
        return value

    def keys(
        self, data: dict[Any, Any], allowed: tuple[str, ...] | frozenset[str], what: str
    ) -> None:
        for key in data:
            if key not in allowed:
                raise self.fail(
                    f"unknown {what} {excerpt(key)}{_suggest(key, allowed)}",
                    data,
                    key,
                    of_key=True,
                )

    # --- sections ---------------------------------------------------------------------------
    def event(self, item: Any, index: int, events: list[Any]) -> Event:
        where = self.locator.where(events, index) if self.locator is not None else None
        if type(item) is str and item in _BARE:
            return quick_event(name=_BARE[item], index=index, where=where)
        if type(item) is dict and len(item) == 1:  # the common seated events, checked at once
            name, raw = next(iter(item.items()))
            if type(raw) is dict and raw.keys() == _SEATED.get(name):
                seat, action = raw["seat"], raw.get("action")
                if (
                    type(seat) is int
                    and seat in self.seat_set
                    and ("action" not in raw or (type(action) is str and action in _ACTIONS))
                ):
                    return quick_event(
                        name=_NAMES[name],
                        index=index,
                        seat=seat,
                        action=None if action is None else _ACTIONS[action],
                        where=where,
                    )
        if isinstance(item, str):
            name, args, holder = item, {}, None
        elif isinstance(item, dict) and len(item) == 1:
            name, raw = next(iter(item.items()))
            if raw is None:
                raw = {}
            if not isinstance(raw, dict):
                raise self.fail(
                    f"the arguments of {excerpt(name)} must be a mapping, such as {{seat: 3}}",
                    item,
                    name,
                )
            args, holder = raw, raw
        else:
            raise self.fail(
                "an event is a name (burn) or a name with arguments"
                " ({act: {seat: 4, action: call}})",
                events,
                index,
            )
        allowed = EVENT_ARGS.get(name) if isinstance(name, str) else None
        if allowed is None:
            raise self.fail(
                f"unknown event {excerpt(name)}{_suggest(name, tuple(EVENT_ARGS))}",
                events,
                index,
            )
        if not args.keys() <= allowed:
            self.unknown_argument(name, args, allowed, holder)
        required = REQUIRED_ARGS.get(name)
        if required is not None and not required <= args.keys():
            missing = sorted(required - args.keys())[0]
            raise self.fail(f"{name} needs '{missing}'", events, index)
        seat = args.get("seat")
        if "seat" in args and not (type(seat) is int and seat in self.seat_set):
            seat = self.integer(seat, "'seat'", holder, "seat", low=1, high=MAX_SEATS)
            if seat not in self.seat_set:
                raise self.fail(
                    f"seat {seat} has no player (seats: {_listed(self.seat_set)})",
                    holder,
                    "seat",
                )
        action = None
        if "action" in args:
            action = _ACTIONS.get(args["action"]) if isinstance(args["action"], str) else None
            if action is None:
                names = tuple(_ACTIONS)
                raise self.fail(
                    f"unknown action {excerpt(args['action'])}{_suggest(args['action'], names)}",
                    holder,
                    "action",
                )
        if args.keys() <= _SEAT_AND_ACTION:
            return Event(name=_NAMES[name], index=index, seat=seat, action=action, where=where)
        return self.event_details(name, index, where, seat, action, args, holder)

    def chip_list(self, args: dict[Any, Any], key: str, holder: object) -> tuple[int, ...] | None:
        """``chips: [500, 1000]``: the chips one motion pushed out (each a positive amount)."""
        if key not in args:
            return None
        value = args[key]
        if not isinstance(value, list) or not value:
            raise self.fail(
                f"'{key}' must be a list of chip values, such as [500, 100]", holder, key
            )
        return tuple(
            self.integer(chip, "a chip's value", value, i, low=1) for i, chip in enumerate(value)
        )

    def event_details(
        self,
        name: str,
        index: int,
        where: str | None,
        seat: int | None,
        action: Action | None,
        args: dict[Any, Any],
        holder: object,
    ) -> Event:
        amount = self.whole(args, "amount", holder, low=1)
        at = self.whole(args, "at", holder, low=1, high=51)
        cards = self.whole(args, "cards", holder, low=1, high=10)
        exposed = self.flag(args, "exposed", holder)
        boxed = self.flag(args, "boxed", holder)
        unnoticed = self.flag(args, "unnoticed", holder)
        dropped = self.flag(args, "dropped", holder)
        found = self.one_of(args, "found", FOUL_FINDS, "foul-deck find", holder)
        mixed = self.flag(args, "mixed", holder)
        said = self.one_of(args, "said", WORDS, "declaration", holder)
        chips = self.chip_list(args, "chips", holder)
        more = self.chip_list(args, "more", holder)
        out_of_turn = self.flag(args, "out_of_turn", holder)
        declined = self.flag(args, "declined", holder)
        runs = self.whole(args, "runs", holder, low=2, high=3)
        buy_button = self.flag(args, "buy_button", holder)
        to = self.whole(args, "to", holder, low=1, high=MAX_SEATS)
        of = self.whole(args, "of", holder, low=1, high=MAX_SEATS)
        told = self.whole(args, "told", holder, low=1)
        reason = self.one_of(args, "reason", DECK_REASONS, "deck-change reason", holder)
        minutes = self.whole(args, "minutes", holder, low=0)
        given = self.whole(args, "given", holder, low=0)
        card = None
        if "burn" in args:
            try:
                card = Card.parse(args["burn"])
            except ScriptError as exc:
                raise self.fail(exc.message, holder, "burn") from None
        return Event(
            name=_NAMES[name],
            index=index,
            seat=seat,
            action=action,
            amount=amount,
            at=at,
            cards=cards,
            exposed=exposed,
            where=where,
            boxed=boxed,
            to=to,
            card=card,
            unnoticed=unnoticed,
            dropped=dropped,
            said=said,
            chips=chips,
            more=more,
            found=found,
            mixed=mixed,
            out_of_turn=out_of_turn,
            of=of,
            told=told,
            declined=declined,
            runs=runs,
            reason=reason,
            minutes=minutes,
            given=given,
            buy_button=buy_button,
        )

    def one_of(
        self,
        args: dict[Any, Any],
        key: str,
        allowed: tuple[str, ...] | frozenset[str],
        what: str,
        holder: object,
    ) -> Any:
        """``args[key]`` when it is one of ``allowed`` (None when absent); anything else is a
        script error at its place, naming ``what`` it should be and the nearest choice."""
        value = args.get(key)
        if key in args and value not in allowed:
            raise self.fail(
                f"unknown {what} {excerpt(value)}{_suggest(value, allowed)}", holder, key
            )
        return value

    def whole(
        self,
        args: dict[Any, Any],
        key: str,
        holder: object,
        *,
        low: int = 0,
        high: int | None = None,
    ) -> int | None:
        """``args[key]`` as a whole number from ``low`` to ``high`` (None when absent); anything
        else is a script error at its place."""
        if key not in args:
            return None
        return self.integer(args[key], f"'{key}'", holder, key, low=low, high=high)

    def flag(self, args: dict[Any, Any], key: str, holder: object) -> bool:
        value = args.get(key, False)
        if not isinstance(value, bool):
            raise self.fail(f"'{key}' must be true or false", holder, key)
        return value

    def unknown_argument(
        self, name: str, args: dict[Any, Any], allowed: frozenset[str], holder: object
    ) -> None:
        for key in args:
            if key not in allowed:
                takes = ", ".join(sorted(allowed)) if allowed else "none"
                close = difflib.get_close_matches(str(key), sorted(allowed), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise self.fail(
                    f"{name} has no argument {excerpt(key)}{hint}; {name} takes {takes}",
                    holder,
                    key,
                    of_key=True,
                )


def _listed(seats: frozenset[int]) -> str:
    return ", ".join(map(str, sorted(seats)))


def _kind(value: Any) -> str:
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "true/false"
    return {dict: "a mapping", list: "a list", str: "text", int: "a number", float: "a number"}.get(
        type(value), type(value).__name__
    )


def script_item(event: Event) -> str | dict[str, dict[str, Any]]:
    """An event as a hand script writes it: ``burn``, ``{act: {seat: 4, action: call}}``."""
    args: dict[str, Any] = {}
    for key in (
        "seat",
        "action",
        "amount",
        "at",
        "cards",
        "to",
        "of",
        "told",
        "minutes",
        "given",
        "runs",
    ):
        value = getattr(event, key)
        if value is not None:
            args[key] = value.value if isinstance(value, Action) else value
    for key in (
        "exposed",
        "boxed",
        "unnoticed",
        "dropped",
        "mixed",
        "out_of_turn",
        "declined",
        "buy_button",
    ):
        if getattr(event, key):
            args[key] = True
    if event.card is not None:
        args["burn"] = event.card.text
    if event.found is not None:
        args["found"] = event.found
    if event.said is not None:
        args["said"] = event.said
    if event.reason is not None:
        args["reason"] = event.reason
    for key in ("chips", "more"):
        chips = getattr(event, key)
        if chips is not None:
            args[key] = list(chips)
    return {str(event.name): args} if args else str(event.name)


#: a mutable twin of :class:`Event`, slot for slot: :func:`quick_event` fills one and makes it
#: an Event (the frozen ``__init__`` sets each field through ``object.__setattr__``, which makes
#: reading a script four times slower)
_Draft = make_dataclass(
    "_Draft",
    [(item.name, item.type, field(default=item.default)) for item in fields(Event)],
    slots=True,
    kw_only=True,
)


def quick_event(
    *,
    name: EventName,
    index: int,
    where: str | None,
    seat: int | None = None,
    action: Action | None = None,
) -> Event:
    """``Event(name=..., index=..., where=..., seat=..., action=...)``, built quicker."""
    draft = _Draft(name=name, index=index, where=where, seat=seat, action=action)
    draft.__class__ = Event
    return cast(Event, draft)
