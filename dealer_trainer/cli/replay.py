"""``dealer-trainer replay``: run a hand script and show what the engine made of it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from dealer_trainer.cli.render import Painter, cards, print_json, wrap
from dealer_trainer.errors import ScriptError
from dealer_trainer.handscript import HandScript, load_script

__all__ = ["configure", "describe_table", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    """``replay SCRIPT [--json] [--auto-recover]``."""
    parser.description = (
        "Replay a hand script (YAML, see docs/engine.md) through the dealing procedure: "
        "every event is accepted or rejected with its reason, then the table is shown."
    )
    parser.add_argument("script", help="the hand script file (YAML); '-' reads standard input")
    parser.add_argument("--json", action="store_true", help="print one JSON object (contract 1)")
    parser.add_argument(
        "--auto-recover",
        action="store_true",
        help="let the engine perform the recovery steps that fall due after a dealer error",
    )


def _read_source(script: str) -> HandScript | Path:
    if script == "-":
        # start-up: the command imports only what it runs, when it runs
        from dealer_trainer.yamlio import read_stream

        return load_script(read_stream(sys.stdin, "<stdin>"), source="<stdin>")
    path = Path(script)
    if not path.exists():
        raise ScriptError(f"no such file: {script}")
    if path.is_dir():
        raise ScriptError(f"{script} is a folder, not a hand script")
    return path


def run(args: argparse.Namespace) -> int:
    """Replay the script; print JSON or a readable account. Exit 0 (2 for a bad script)."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.engine import play, snapshot

    hand = play(_read_source(args.script), auto_recover=args.auto_recover)
    result = snapshot(hand)
    if args.json:
        return print_json(result)
    paint = Painter()
    out: list[str] = []
    found: dict[int, list[str]] = {}
    for item in hand.irregularities:
        found.setdefault(item.event, []).append(f"{item.kind} [{item.rule}]")
    for verdict in hand.log:
        event = verdict.event
        if event.auto:
            out.append(f"{'':>3}  {event.describe():<28} {paint('done by the engine', 'cyan')}")
            continue
        head = f"{event.index:>3}  {event.describe():<28}"
        if verdict.outcome == "accepted":
            kinds = found.pop(event.index, [])
            mark = paint("IRREGULARITY", "yellow") + ": " + ", ".join(kinds) if kinds else ""
            out.append(f"{head} {mark or paint('ok', 'green')}")
        else:
            rule = f" [{verdict.rule}]" if verdict.rule else ""
            out.append(f"{head} {paint('REJECTED', 'red')}: {verdict.reason}{rule}")
    out.append("")
    out.extend(describe_table(result, paint))
    print("\n".join(wrapped for line in out for wrapped in wrap(line, hang=34)))
    return 0


def describe_table(result: dict[str, Any], paint: Painter) -> list[str]:
    """The final table as lines of text."""
    lines = [
        paint(f"state: {result['state']}", "bold")
        + ("  (hand over)" if result["hand_over"] else ""),
        f"button: seat {result['button']}",
        f"board:  {cards(result['board'])}",
        f"burns:  {cards(result['burns'])}",
        f"muck:   {cards(result['muck'])}",
    ]
    if result["set_aside"]:
        lines.append(f"set aside: {cards(result['set_aside'])}")
    lines.append(f"stub:   {len(result['stub'])} cards")
    for seat, info in result["seats"].items():
        marks = [flag for flag in ("folded", "mucked", "shown") if info.get(flag)]
        if info["won"]:
            marks.append(paint(f"won {info['won']}", "green"))
        button = " (button)" if int(seat) == result["button"] else ""
        extra = f"  [{', '.join(marks)}]" if marks else ""
        lines.append(
            f"seat {seat:>2}{button:<9} {cards(info['hole']):<8} chips {info['chips']}{extra}"
        )
    for i, pot in enumerate(result["pots"]):
        name = "main pot" if i == 0 else f"side pot {i}"
        winners = f" -> won by {', '.join(map(str, pot['winners']))}" if pot["winners"] else ""
        lines.append(
            f"{name}: {pot['amount']} (seats {', '.join(map(str, pot['eligible']))}){winners}"
        )
    for item in result["irregularities"]:
        text = f"irregularity: {item['kind']} [{item['rule']}] at event {item['event']}"
        lines.append(paint(text, "yellow"))
    if result["misdeals"]:
        lines.append(f"misdeals: {result['misdeals']}")
    if result["to_act"] is not None:
        lines.append(f"to act: seat {result['to_act']}")
    if result["expected_next"]:
        lines.append(f"next: {', '.join(result['expected_next'])}")
    return lines
