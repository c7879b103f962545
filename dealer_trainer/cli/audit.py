"""``dealer-trainer scenarios audit PATH... [--json]``: the bank-level checks a single item
cannot show (:mod:`dealer_trainer.audit`): the length strategies beside blind guessing, the
key's positions, options not in one form, families and giveaways. Exit 1 when a length
strategy beats blind guessing by more than the margin or a family is undeclared; 2 when a
path names nothing."""

from __future__ import annotations

import argparse
from pathlib import Path

from dealer_trainer.audit import MARGIN, Audit, Finding, audit
from dealer_trainer.cli.render import Painter, echo, plural, print_json
from dealer_trainer.errors import UsageError
from dealer_trainer.safetext import printable

__all__ = ["configure", "run"]


def configure(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``audit`` to the ``scenarios`` subcommands."""
    command = sub.add_parser(
        "audit",
        help="check a bank as a whole: can options be guessed by their shape? families?",
        description=(
            "For the choice and fact items with three or more options: the score of picking "
            "the longest, the shortest or a middle-length option, each beside blind guessing; "
            "where the right option stands; options not in one form; items on one hand that "
            "declare no family; titles and questions holding the right option's words. "
            f"Exit 1 when a length strategy beats blind guessing by more than {MARGIN:g} points "
            "or a family is undeclared."
        ),
    )
    command.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")
    command.add_argument("--json", action="store_true", help="print one JSON object")


def _findings(title: str, found: tuple[Finding, ...]) -> list[str]:
    if not found:
        return []
    return [f"{title} ({len(found)}):"] + [
        f"  {f.source}: {f.item}: {printable(f.reason)}" for f in found
    ]


def _text(report: Audit) -> list[str]:
    paint = Painter()
    lines = [
        f"{plural(report.items, 'item')}, {report.measured} with three or more options to pick"
    ]
    for strategy in report.strategies:
        mark = "red" if strategy.margin > MARGIN else "green"
        lines.append(
            f"  pick the {strategy.name:<8} {strategy.score:5.1f}%   blind {strategy.blind:5.1f}%"
            f"   {paint(f'{strategy.margin:+.1f} points', mark)}"
        )
    for count, where in report.positions.items():
        spread = ", ".join(f"{n}: {where.get(n, 0)}" for n in range(1, count + 1))
        lines.append(f"  key position among {count} options: {spread}")
    lines += _findings("options not in one form", report.non_parallel)
    undeclared = [f for f in report.families if f.undeclared]
    lines.append(
        f"families: {plural(len(report.families), 'hand')} asked more than once,"
        f" {len(undeclared)} undeclared"
    )
    lines += [f"  undeclared: {', '.join(f.items)}" for f in undeclared]
    lines += _findings("titles or questions holding the key's words", report.giveaways)
    lines += _findings("files not read", report.unreadable)
    failures = report.failures()
    verdict = paint("fails", "red") if failures else paint("passes", "green")
    lines.append(f"the audit {verdict}" + "".join(f"\n  {printable(f)}" for f in failures))
    return lines


def run(args: argparse.Namespace) -> int:
    """Audit the paths; the exit code says whether the bank passes."""
    paths = [Path(p) for p in args.paths]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise UsageError(f"no such file or folder: {', '.join(missing)}")
    report = audit(paths)
    if report.items == 0 and not report.unreadable:
        raise UsageError(f"no scenario files (*.yaml) in {', '.join(args.paths)}")
    if args.json:
        print_json(report.to_json())
    else:
        for line in _text(report):
            echo(line)
    return 1 if report.failures() else 0
