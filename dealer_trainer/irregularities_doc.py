"""Generate docs/irregularities.md from the engine's own data: the dealer errors it recognises.

Run ``python -m dealer_trainer.irregularities_doc > docs/irregularities.md``; a test
fails when the file in docs/ differs from what this prints.

Nothing here retypes a recovery: the rulesets come from
:mod:`dealer_trainer.rules.rulesets`, each situation and its outcomes from
:mod:`dealer_trainer.procedure.rulings`, and what the engine answers for each example is
found by replaying the example through :mod:`dealer_trainer.engine` as the page is built.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from dealer_trainer.engine import play, snapshot
from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import load_script, script_item
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.procedure.rulings import (
    AUTO_STEPS,
    EXAMPLE_TABLE,
    LETS_THROUGH,
    SCRIPT_STEPS,
    SITUATIONS,
    STEP_ALIASES,
    WAIT_BETTING,
    WAIT_DEAL,
    WAIT_PITCHES,
    WAITS,
    Outcome,
    Situation,
    situation,
)
from dealer_trainer.rules.rulesets import BUILTIN, OPTIONS, Ruleset, parse_ruleset
from dealer_trainer.setups import bring_about
from dealer_trainer.yamlio import load

__all__ = ["COMMAND", "HOUSE_EXAMPLE", "HOUSE_EXAMPLE_FILE", "example_script", "render"]

#: the command that writes the page
COMMAND = "python -m dealer_trainer.irregularities_doc > docs/irregularities.md"
#: where the house ruleset example is kept as a file of its own (relative to the project)
HOUSE_EXAMPLE_FILE = "docs/examples/house-ruleset.yaml"
#: a house ruleset file, shown on the page and kept as :data:`HOUSE_EXAMPLE_FILE`
HOUSE_EXAMPLE = """\
name: river-room
base: roberts
description: Robert's Rules, except that only the very first card exposed is a misdeal.
options:
  exposed_misdeal_cards: 1
"""
_HOUSE_SOURCE = "house-ruleset.yaml"
#: a script whose second card off the deck is flashed: the house example changes its answer
_SECOND_CARD_EXPOSED: tuple[Any, ...] = ("post_blinds", "pitch", {"pitch": {"exposed": True}})


# --- small pieces of Markdown and YAML ---------------------------------------------------------


def _code(text: object) -> str:
    return f"`{text}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _row(*cells: str) -> str:
    return "| " + " | ".join(_cell(cell) for cell in cells) + " |"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = [_row(*head), "|" + "---|" * len(head)]
    lines.extend(_row(*row) for row in rows)
    return "\n".join(lines)


def _value(value: Any) -> str:
    """A value as YAML writes it: ``true``, ``2``, ``redeal``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _flow(value: Any) -> str:
    """A value in YAML's flow style: ``{act: {seat: 1, action: call}}``, ``[2c, 3c]``."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{key}: {_flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_flow(item) for item in value) + "]"
    return _value(value)


def _event_text(event: Any) -> str:
    if isinstance(event, Mapping) and len(event) == 1:
        name, args = next(iter(event.items()))
        return f"{name}: {_flow(args)}"
    return _flow(event)


@cache
def _example_events(name: str) -> tuple[Any, ...]:
    """A situation's example events at :data:`EXAMPLE_TABLE`, as its record brings it about."""
    item = situation(name)
    table = example_table(item)
    script = load_script({"table": table, "deck": item.staging.deck.split(), "events": []})
    return tuple(script_item(event) for event in bring_about(script, item))


def example_table(item: Situation) -> dict[str, Any]:
    """The table of a situation's example: :data:`EXAMPLE_TABLE`, a cash game with seats owing
    blinds where the error is about them (``Staging.owes``)."""
    owes = item.staging.owes
    return {**EXAMPLE_TABLE, "game": "cash", "owes": dict(owes)} if owes else dict(EXAMPLE_TABLE)


def example_script(item: Situation, ruleset: str | None = None) -> dict[str, Any]:
    """A situation's example as a hand script (on ``ruleset``, when one is named)."""
    table = example_table(item)
    if ruleset is not None:
        table["ruleset"] = ruleset
    events = list(_example_events(item.name))
    return {"table": table, "deck": item.staging.deck.split(), "events": events}


def _yaml(script: Mapping[str, Any]) -> str:
    """A script as YAML: the table and deck on one line each, one event a line, numbered."""
    events = [_event_text(event) for event in script["events"]]
    width = max((len(text) for text in events), default=0) + 2
    lines = [f"table: {_flow(script['table'])}", f"deck: {_flow(script['deck'])}", "events:"]
    lines.extend(f"  - {text:<{width}}# {index}" for index, text in enumerate(events))
    text = "\n".join(lines) + "\n"
    data, _ = load(text)
    if data != {key: _plain(value) for key, value in script.items()}:
        raise ValueError(f"the YAML of an example does not read back as the script:\n{text}")
    return text


def _plain(value: Any) -> Any:
    """Tuples as lists, as YAML reads them back."""
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


# --- the engine's answers ----------------------------------------------------------------------


def _answer(hand: Hand, events: int) -> dict[str, str]:
    """What the engine made of a replayed example, as table cells."""
    result = snapshot(hand)
    found = "<br>".join(
        f"{_code(item['kind'])} ({item['rule']}) at event {item['event']}"
        for item in result["irregularities"]
    )
    taken: list[tuple[int, list[str]]] = []
    for verdict in hand.log:
        event = verdict.event
        if not event.auto:
            continue
        if taken and taken[-1][0] == event.index:
            taken[-1][1].append(event.name)
        else:
            taken.append((event.index, [event.name]))
    steps = "<br>".join(
        ("at the end: " if index == events else f"before event {index}: ")
        + ", ".join(_code(name) for name in names)
        for index, names in taken
    )
    rejected = "<br>".join(
        f"event {item['event']} {_code(item['name'])}: {item['reason']}"
        for item in result["rejected"]
    )
    return {
        "irregularities": found or "none",
        "steps the engine took": steps or "none",
        "rejected": rejected or "none",
        "expected_next": ", ".join(_code(name) for name in result["expected_next"]) or "nothing",
        "state": _code(result["state"]),
    }


def _answers_table(answers: Mapping[str, Mapping[str, str]]) -> str:
    rows = [
        [label, *(answers[name][label] for name in answers)]
        for label in next(iter(answers.values()))
    ]
    return _table(["", *(_code(name) for name in answers)], rows)


# --- the page's parts --------------------------------------------------------------------------


def _steps(outcome: Outcome) -> str:
    if not outcome.steps:
        return "none: nothing to undo"
    steps = " → ".join(f"*{step}*" if step in WAITS else _code(step) for step in outcome.steps)
    for step in outcome.optional:  # allowed, not required
        steps += f" → ({_code(step)}: allowed, not required)"
    return steps


def _words(outcome: Outcome) -> str:
    return "<br>".join(f"{number}. {line}" for number, line in enumerate(outcome.words, 1))


def _streets(streets: Sequence[str]) -> str:
    return ", ".join(streets) or "-"


def _columns() -> tuple[str, ...]:
    """The columns of every side-by-side table: the built-in rulesets, in their order."""
    return tuple(BUILTIN)


def _decided(item: Situation) -> str:
    if item.decided_by == "family":
        taken = [
            f"{_code(name)} takes the {_code(found.variant(item.name))} recovery"
            for name, found in BUILTIN.items()
            if found.variant(item.name) != name
        ]
        return (
            "the ruleset's family: a built-in ruleset is its own, a house ruleset follows its "
            "`base`" + (f" ({'; '.join(taken)})" if taken else "")
        )
    choices = []
    for key in item.variants:
        alike = [name for name, rs in BUILTIN.items() if getattr(rs, item.decided_by) == key]
        shown = f" (as {', '.join(alike)})" if alike else ""
        choices.append(f"{_code(_value(key))}{shown}")
    return f"the option {_code(item.decided_by)}: " + ", ".join(choices)


def _situation(item: Situation) -> str:
    outcomes = {name: item.outcome(BUILTIN[name]) for name in _columns()}
    rows = [
        ["rule cited", *(outcome.rule for outcome in outcomes.values())],
        ["steps (dealer events)", *(_steps(outcome) for outcome in outcomes.values())],
        ["in words", *(_words(outcome) for outcome in outcomes.values())],
    ]
    if any(outcome.misdeal for outcome in outcomes.values()):
        rows.append(
            ["misdeal", *("yes" if outcome.misdeal else "no" for outcome in outcomes.values())]
        )
    if any(outcome.burned for outcome in outcomes.values()):
        rows.append(
            [
                "burn already taken for",
                *(_streets(outcome.burned) for outcome in outcomes.values()),
            ]
        )
    if any(outcome.reburn for outcome in outcomes.values()):
        rows.append(
            ["fresh burn for", *(_streets(outcome.reburn) for outcome in outcomes.values())]
        )
    script = example_script(item)
    answers = {
        name: _answer(play(example_script(item, name), auto_recover=True), len(script["events"]))
        for name in _columns()
    }
    return f"""<a id="{item.name}"></a>

### {item.title}

Situation {_code(item.name)}; irregularity kind {_code(item.kind)}. Which column applies:
{_decided(item)}.

{_table(["", *(_code(name) for name in _columns())], rows)}

Example ({_other_columns()}):

```yaml
{_yaml(script)}```

What the engine answers with `--auto-recover`:

{_answers_table(answers)}
"""


def _other_columns() -> str:
    """How an example is played for a column other than the first (the default ruleset)."""
    others = _columns()[1:]
    if len(others) == 1:
        return f"add `ruleset: {others[0]}` to the table for the right-hand column"
    return "add `ruleset: NAME` to the table for another column: " + ", ".join(
        _code(name) for name in others
    )


def _contents() -> str:
    rows = [
        [
            f"[{item.title}](#{item.name})",
            _code(item.kind),
            *(item.outcome(BUILTIN[name]).rule for name in _columns()),
        ]
        for item in SITUATIONS
    ]
    return _table(["situation", "kind", *(_code(name) for name in _columns())], rows)


def _kinds() -> str:
    kinds = list(dict.fromkeys(item.kind for item in SITUATIONS))
    if "misdeal" not in kinds:
        kinds.append("misdeal")
    return ", ".join(_code(kind) for kind in kinds)


def _options() -> str:
    rows: list[list[str]] = [
        ["description", "", "", *(rs.description for rs in BUILTIN.values())],
    ]
    for option in OPTIONS:
        for number, (value, meaning) in enumerate(option.values.items()):
            label = f"{_code(option.name)}: {option.question}" if number == 0 else ""
            marks = ["✓" if getattr(rs, option.name) == value else "" for rs in BUILTIN.values()]
            rows.append([label, _code(_value(value)), meaning, *marks])
    return _table(["option", "value", "what it means", *(_code(name) for name in BUILTIN)], rows)


def _house() -> str:
    data, locator = load(HOUSE_EXAMPLE, _HOUSE_SOURCE)
    house = parse_ruleset(data, locator)
    base = BUILTIN[house.base]
    default_base = parse_ruleset(*load("name: bare\n")).base
    changed = [
        [
            _code(option.name),
            _value(getattr(base, option.name)),
            _value(getattr(house, option.name)),
        ]
        for option in OPTIONS
        if getattr(base, option.name) != getattr(house, option.name)
    ]
    misspelt = HOUSE_EXAMPLE.replace("exposed_misdeal_cards:", "exposed_misdeal_card:")
    bad_value = HOUSE_EXAMPLE.replace("exposed_misdeal_cards: 1", "exposed_misdeal_cards: 3")
    errors = "\n".join(_house_error(text) for text in (misspelt, bad_value))
    hand_script = {"table": dict(EXAMPLE_TABLE), "deck": [], "events": list(_SECOND_CARD_EXPOSED)}
    answers = {
        name: _answer(_play_on(hand_script, ruleset), len(_SECOND_CARD_EXPOSED))
        for name, ruleset in ((base.name, base), (house.name, house))
    }
    return f"""## House rulesets

A room whose rules differ from a built-in ruleset writes a house ruleset file: a YAML mapping
with `name` (required), `base` (the built-in ruleset it starts from, `{default_base}` when left
out), `description` (optional text) and `options` (the options it changes; every other option
keeps the base's value). The built-in rulesets are
{", ".join(_code(name) for name in BUILTIN)}.

A hand script uses the file by naming it as its ruleset, `ruleset: {_HOUSE_SOURCE}`; a
relative path is looked up beside the script. A built-in ruleset's name always means the
built-in ruleset.

This file is `{HOUSE_EXAMPLE_FILE}`:

```yaml
{HOUSE_EXAMPLE}```

It changes these options of `{base.name}`:

{_table(["option", _code(base.name), _code(house.name)], changed)}

Situations decided by the ruleset's family follow the base's column. The file above changes
which exposed cards call a misdeal. Flashing the second card off the deck
(`{"`, `".join(_event_text(event) for event in _SECOND_CARD_EXPOSED)}`), with `--auto-recover`:

{_answers_table(answers)}

A file the engine cannot read is refused with its place in the file. An option it does not
know, or a value the option cannot take:

```
{errors}
```
"""


def _house_error(text: str) -> str:
    data, locator = load(text, _HOUSE_SOURCE)
    try:
        parse_ruleset(data, locator)
    except ScriptError as exc:
        return str(exc)
    raise ValueError(f"the house ruleset should have been refused:\n{text}")


def _play_on(script: Mapping[str, Any], ruleset: Ruleset) -> Hand:
    return play(script, auto_recover=True, ruleset=ruleset)


def _intro() -> str:
    aliases = "; ".join(f"`{alias}` counts as `{step}`" for alias, step in STEP_ALIASES.items())
    waits = _table(
        ["wait", "the events it lets through"],
        [
            [f"*{wait}*", ", ".join(f"`{name}`" for name in LETS_THROUGH[wait])]
            for wait in (WAIT_DEAL, WAIT_PITCHES, WAIT_BETTING)
        ],
    )
    return f"""# Dealer errors and their recoveries

<!-- Generated by `{COMMAND}`; do not edit. -->

Every table on this page is built from the engine's own data
(`dealer_trainer/procedure/rulings.py`, `dealer_trainer/rules/rulesets.py`), and every
example's answer is what the engine gives when the example is replayed.

## How the engine judges a dealer error

A dealer event that breaks the procedure in a way a rulebook provides for is not refused: it
is a dealer error. The engine records it in `irregularities` (its kind, the rule the ruleset
cites, the number of the event) and from then on expects the recovery that rule prescribes,
one step at a time. The kinds it records:
{_kinds()}.

A misdeal is recorded as `misdeal` besides the error that caused it, and takes the place of
any recovery still under way; after it the button stays where it was, the blinds stay posted,
and the script's next `deal` (or `pitch`es) deals the hand again.

While a step of a recovery is due, that step is the only dealer event accepted
({aliases}). Any other event is rejected, with the situation's rule and the
step expected, and changes nothing. More of the same error before its recovery falls due (a
second exposed, boxed or extra card in the same deal) is not rejected: it escalates, usually
to a misdeal.

Some recoveries wait before their next step. A wait lets the hand go on, with these events:

{waits}

### `--auto-recover`

Without it a script spells out every recovery step and is judged on each. With
`dealer-trainer replay --auto-recover` (or `replay(script, auto_recover=True)`) the engine
performs the steps that have fallen due itself, before each scripted event and once more at
the end, unless the next scripted event is that very step. It takes only these steps:
{", ".join(_code(step) for step in sorted(AUTO_STEPS))}.
Dealing and the players' actions always stay the script's:
{", ".join(_code(step) for step in sorted(SCRIPT_STEPS))}.
After a misdeal, for instance, the engine gathers, shuffles and cuts, and the script's next
`deal` is the new deal.

## The rulesets side by side

A ruleset gives a value to every option; where the rulebooks part ways, the option says which
way the table goes. A check mark shows the value each built-in ruleset takes.

{_options()}

## The situations

{_contents()}

Rule citations: `RRoP-HE n` is Robert's Rules of Poker's hold'em irregularity rule n,
`RRoP-MD(x)` an item of its misdeal list and `RRoP-IR n` one of its general irregularity
rules; `TDA24 n` is a Poker TDA 2024 rule and `TDA24 RP-n` one of its recommended
procedures; `LA26 n` is a WSOP 2026 live-action rule, cited where the TDA rules leave the
case open.

Each situation below shows its recovery under both built-in rulesets, then an example hand
with the engine's answer. Every example is played at the same table,
`table: {_flow(EXAMPLE_TABLE)}`; `deck: []` is the standard order, so the script starts at
`post_blinds`. The comment on each event is its number, the one `irregularities` and
`rejected` name.
"""


def render() -> str:
    """The whole of docs/irregularities.md."""
    sections = "\n".join(_situation(item) for item in SITUATIONS)
    return f"{_intro()}\n{sections}\n{_house()}"


if __name__ == "__main__":  # pragma: no cover
    print(render(), end="")
