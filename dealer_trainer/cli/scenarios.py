"""``dealer-trainer scenarios``: validate, list, show and write quiz scenarios.

``validate`` proves scenario files against the engine; ``list`` and ``show`` read the shipped
bank (or the files given); ``new`` is the authoring wizard (questionary prompts, or a flag for
every question when there is no terminal).
"""

# The imports inside functions are for start-up: the command registry imports this module to
# run the command, and what a subcommand needs (the engine, the store, questionary) is loaded
# only when that subcommand runs (tests/test_rules_cli.py, tests/test_quiz_cli.py).

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dealer_trainer.cli.render import Painter, columns, echo, plural, print_json, wrap
from dealer_trainer.errors import NotFound, ScriptError, UsageError
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.safetext import printable

__all__ = ["configure", "run"]

#: show progress on standard error when a bank has more files than this (and it is a terminal)
PROGRESS_FROM = 50
#: a folder is checked as a bank (the length cue) when it holds at least this many choice items
BANK_CHECK_FROM = 6


def configure(parser: argparse.ArgumentParser) -> None:
    """``scenarios`` and its subcommands."""
    from dealer_trainer.rules.rulesets import builtin_names
    from dealer_trainer.scenario.kinds import QUESTION_KINDS

    parser.description = (
        "Quiz scenarios (YAML, see docs/authoring.md): prove them against the engine, list "
        "and show the shipped bank, or write a new one with the wizard."
    )
    sub = parser.add_subparsers(dest="scenarios_command", metavar="COMMAND")

    validate = sub.add_parser(
        "validate",
        help="check scenario files: their format, and their answer keys against the engine",
        description=(
            "Check each scenario file: YAML syntax, fields and types (each error as "
            "file:line:col), then replay its setup through the engine and prove the answer key. "
            "Exit 1 if any file has an error."
        ),
    )
    validate.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")
    validate.add_argument("--json", action="store_true", help="print one JSON object")

    from dealer_trainer.cli import audit  # the audit's own subcommand, with its help

    audit.configure(sub)

    listing = sub.add_parser(
        "list",
        help="list the scenarios of the bank",
        description="List the shipped scenarios (or those under --bank): id, topic, level, title.",
    )
    listing.add_argument("--topic", help="only this topic (see 'dealer-trainer rules list')")
    listing.add_argument("--ruleset", help="only scenarios under this ruleset")
    listing.add_argument("--bank", metavar="PATH", help="a folder of scenarios (default: shipped)")
    listing.add_argument("--json", action="store_true", help="print a JSON list")

    show = sub.add_parser(
        "show",
        help="draw a scenario's table and question",
        description=(
            "Replay a scenario's setup and draw the table as the dealer sees it (seats, button, "
            "blinds, board, burns, exposed and set-aside cards, pot), then its question."
        ),
    )
    show.add_argument("id", help="a scenario id from the bank, or a scenario file")
    show.add_argument("--answer", action="store_true", help="show the answer key and explanation")
    show.add_argument("--bank", metavar="PATH", help="a folder of scenarios (default: shipped)")
    show.add_argument("--json", action="store_true", help="print one JSON object")

    new = sub.add_parser(
        "new",
        help="write a new scenario with the wizard",
        description=(
            "Write a scenario: choose the topic, ruleset, table and the dealer error to inject; "
            "the setup and the choices come from the engine, and the file written validates. "
            "Each question has a flag; without a terminal, every flag without a default is needed."
        ),
    )
    new.add_argument("--topic", help="the topic (a dealer-error topic)")
    new.add_argument("--error", help="the dealer error to inject (a situation name)")
    new.add_argument("--ruleset", help=f"{builtin_names(', ')} or a house ruleset file")
    new.add_argument("--seats", type=int, help="how many players (2-10)")
    new.add_argument("--button", type=int, help="the button's seat")
    new.add_argument("--blinds", help="small and big blind, as 1/2")
    new.add_argument("--stacks", type=int, help="every player's stack (default 200)")
    new.add_argument(
        "--structure",
        choices=("no-limit", "pot-limit", "limit"),
        help="the betting structure (default no-limit; limit: the bets from the blinds)",
    )
    new.add_argument(
        "--game", choices=("cash", "tournament"), help="the game (default: the ruleset's own)"
    )
    written = [str(kind) for kind, spec in QUESTION_KINDS.items() if spec.wizard_ask]
    new.add_argument("--kind", choices=written, help="the question's kind")
    new.add_argument("--difficulty", type=int, choices=(1, 2, 3), help="1 easy .. 3 hard")
    new.add_argument("--id", dest="ident", help="the scenario id (lower-case-hyphenated)")
    new.add_argument("--title", help="the title (default: the error's own)")
    new.add_argument("--ask", help="the question asked (default: one for the kind)")
    new.add_argument("--output", "-o", help="the file to write (default: scenarios/TOPIC/ID.yaml)")
    new.add_argument("--force", action="store_true", help="overwrite an existing file")
    new.add_argument("--yes", "-y", action="store_true", help="take defaults without asking")
    parser.set_defaults(scenarios_parser=parser)


def run(args: argparse.Namespace) -> int:
    """Run a ``scenarios`` subcommand; return the exit code."""
    command = args.scenarios_command
    if command == "validate":
        return _validate([Path(p) for p in args.paths], as_json=args.json)
    if command == "audit":
        from dealer_trainer.cli import audit  # imported by the command that runs it (start-up)

        return audit.run(args)
    if command == "list":
        return _list(args)
    if command == "show":
        return _show(args)
    if command == "new":
        from dealer_trainer.cli.wizard import run_wizard

        return run_wizard(args)
    args.scenarios_parser.print_help()
    return 0


# --- validate ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Problem:
    file: str
    where: str | None
    message: str
    #: a problem of a bank as a whole (a folder), not of one file
    bank: bool = False

    def as_dict(self) -> dict[str, Any]:
        line = col = None
        if self.where and self.where.startswith(self.file + ":"):
            parts = self.where[len(self.file) + 1 :].split(":")
            if len(parts) == 2 and all(p.isdigit() for p in parts):
                line, col = int(parts[0]), int(parts[1])
        return {"file": self.file, "line": line, "col": col, "message": self.message}

    def __str__(self) -> str:
        return f"{self.where or self.file}: {self.message}"


class _Progress:
    """``validating 120/1000`` on standard error, for a terminal and a large bank only."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.on = total > PROGRESS_FROM and sys.stderr.isatty()

    def __call__(self, done: int) -> None:
        if self.on and (done % 25 == 0 or done == self.total):
            sys.stderr.write(f"\rvalidating {done}/{self.total}")
            if done == self.total:
                sys.stderr.write("\r" + " " * 30 + "\r")
            sys.stderr.flush()


def check_files(
    files: list[Path], progress: Callable[[int], None] | None = None
) -> tuple[list[tuple[Path, Any]], list[_Problem]]:
    """Load and verify every file; return the scenarios proved and the problems found (every
    error of a file, not only its first)."""
    from dealer_trainer.scenario import all_errors, check, lint, load_scenario

    good: list[tuple[Path, Any]] = []
    problems: list[_Problem] = []
    seen: dict[str, Path] = {}
    for done, path in enumerate(files, 1):
        found: list[ScriptError] = []
        try:
            scenario = load_scenario(path)
        except ScriptError as exc:
            found += all_errors(exc)
        else:
            proved, errors = check(scenario)
            found += errors
            if not found:  # how the item is written, once it is sound
                found += lint(scenario, proved)
            if scenario.id in seen:
                message = f"duplicate id {scenario.id!r}: {seen[scenario.id]} has it too"
                found.append(ScriptError(message, where=scenario.where("id")))
            else:
                seen[scenario.id] = path
            if not found:
                good.append((path, scenario))
        problems += [_Problem(str(path), error.where, error.message) for error in found]
        if progress is not None:
            progress(done)
    return good, problems


def bank_problems(folder: Path, scenarios: list[Any]) -> list[_Problem]:
    """The checks of a bank as a whole (a folder validated): the right option may be the only
    shortest or the only longest choice in at most a third of the choice items."""
    from dealer_trainer.scenario import bank_length_cues

    cued, items, most = bank_length_cues(scenarios)
    if items < BANK_CHECK_FROM or len(cued) <= most:
        return []
    names = ", ".join(sorted(scenario.id for scenario in cued))
    message = (
        f"the right option is the only shortest or the only longest choice in {len(cued)} of "
        f"{items} choice items; at most a third ({most}) may be, or a trainee wins by length: "
        f"{names}"
    )
    return [_Problem(str(folder), None, message, bank=True)]


def _warnings(path: Path, scenario: Any) -> list[_Problem]:
    """What does not make an item invalid but should be looked at: options not in one form
    (some with a reason and some bare, some led by a number and some not)."""
    from dealer_trainer.audit import parallel_problem

    question = scenario.question
    if question.ordered or question.typed:
        return []
    why = parallel_problem([choice.text for choice in question.choices])
    if why is None:
        return []
    return [_Problem(str(path), scenario.where("question"), f"options not in one form: {why}")]


def _validate(paths: list[Path], *, as_json: bool) -> int:
    from dealer_trainer.scenario import find_scenarios

    problems: list[_Problem] = []
    files: list[Path] = []
    for path in paths:
        named = list(find_scenarios([path])) if path.exists() else []
        if not named:
            why = "no scenario files (*.yaml) here" if path.exists() else "no such file or folder"
            problems.append(_Problem(str(path), None, why))
        files.extend(named)
    files = list(dict.fromkeys(files))  # a file named twice is checked once
    good, found = check_files(files, _Progress(len(files)))
    problems += found
    for path in paths:  # a folder is a bank: checked as a whole too
        if path.is_dir():
            inside = [s for p, s in good if p.is_relative_to(path)]
            problems += bank_problems(path, inside)
    bad_files = len({problem.file for problem in problems if not problem.bank})
    warnings = [warning for path, scenario in good for warning in _warnings(path, scenario)]
    if as_json:
        document: dict[str, Any] = {"checked": len(files), "valid": len(good)}
        document["invalid"] = bad_files
        document["errors"] = [problem.as_dict() for problem in problems]
        if warnings:  # only when there are some: a clean bank's report stays as it was
            document["warnings"] = [warning.as_dict() for warning in warnings]
        print_json(document)
    else:
        paint = Painter()
        for problem in problems:
            echo(printable(str(problem)))
        for warning in warnings:
            echo(printable(f"{warning.where or warning.file}: warning: {warning.message}"))
        verdict = paint("all valid", "green") if not problems else paint("errors", "red")
        echo(
            f"{plural(len(files), 'scenario file')} checked: "
            f"{len(good)} valid, {bad_files} with errors ({verdict})"
        )
    return 1 if problems else 0


# --- list and show ----------------------------------------------------------------------------


def _bank(folder: str | None) -> Path:
    from dealer_trainer.scenario import bank_dir

    if folder is None:
        return bank_dir()
    path = Path(folder)
    if not path.is_dir():
        from dealer_trainer.cli.files import what_is  # start-up: only for this refusal

        what = what_is(path) or ("a file" if path.exists() else None)
        if what is None:
            raise ScriptError(f"no such folder: {printable(folder)}")
        raise ScriptError(f"--bank: {printable(folder)} is not a folder: it is {what}")
    return path


def _load_all(folder: Path) -> Iterable[Any]:
    """Every scenario of a folder that loads; the others are named on standard error."""
    from dealer_trainer.scenario import find_scenarios, load_scenario

    for path in find_scenarios([folder]):
        try:
            yield load_scenario(path)
        except ScriptError as exc:
            print(f"dealer-trainer: skipped {exc}", file=sys.stderr)


def _check_topic(slug: str | None) -> None:
    slugs = [item.slug for item in TOPICS]
    if slug is not None and slug not in slugs:
        import difflib

        close = difflib.get_close_matches(slug, slugs, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UsageError(f"unknown topic {slug!r}{hint}; topics: {', '.join(slugs)}")


def _list(args: argparse.Namespace) -> int:
    _check_topic(args.topic)
    rows = [
        {
            "id": scenario.id,
            "topic": scenario.topic.slug,
            "difficulty": scenario.difficulty,
            "ruleset": scenario.ruleset.name,
            "kind": scenario.question.kind,
            "title": scenario.title,
            "file": scenario.source,
        }
        for scenario in _load_all(_bank(args.bank))
        if (not args.topic or scenario.topic.slug == args.topic)
        and (not args.ruleset or scenario.ruleset.name == args.ruleset)
    ]
    rows.sort(key=lambda row: (row["topic"], row["difficulty"], row["id"]))
    if args.json:
        return print_json(rows)
    if not rows:
        print("no scenarios match")
        return 1
    width, room = max(len(row["id"]) for row in rows), columns(0)
    for row in rows:
        level = "*" * row["difficulty"]
        line = f"{row['id']:<{width}}  {row['topic']:<17} {level:<3} {row['ruleset']:<9} "
        if room and len(line) + len(row["title"]) > room:  # narrow: the title goes under
            head = f"{row['id']}  {row['topic']} {level} {row['ruleset']}"
            print("\n".join(wrap(head, hang=4)))  # a long id: the rest of the row hangs too
            echo(f"    {row['title']}")
        else:
            print(line + row["title"])
    print(plural(len(rows), "scenario"))
    return 0


def _find(ident: str, folder: str | None) -> Any:
    from dealer_trainer.scenario import load_scenario

    path = Path(ident)
    if path.suffix in (".yaml", ".yml") or path.is_file():
        return load_scenario(path)
    ids = []
    for scenario in _load_all(_bank(folder)):
        if scenario.id == ident:
            return scenario
        ids.append(scenario.id)
    import difflib

    close = tuple(difflib.get_close_matches(ident, ids, n=3))
    after = "" if close else "; 'scenarios list' shows them"
    raise NotFound(f"no scenario {ident!r}", suggestions=close, after=after)


def _show(args: argparse.Namespace) -> int:
    """Draw exactly what the trainee sees (the table at the question's moment, with the fact
    asked hidden, the question and its options, no title nor topic); ``--answer`` adds the
    title, the topic, the answer key, the rule the quiz cites and the explanation."""
    from dealer_trainer.cli.table_view import draw_table
    from dealer_trainer.scenario import verify
    from dealer_trainer.training.quiz import step_label
    from dealer_trainer.view import table_facts

    scenario = _find(args.id, args.bank)
    proved = verify(scenario)
    question = scenario.question
    out: dict[str, Any] = {
        "id": scenario.id,
        "difficulty": scenario.difficulty,
        "ruleset": scenario.ruleset.name,
        "table": table_facts(proved),
        "question": {
            "kind": question.kind,
            "ask": question.ask,
            "choices": [choice.text for choice in question.choices],
            "order": sorted(question.order),
        },
    }
    if args.answer:
        out["title"] = scenario.title
        out["topic"] = scenario.topic.slug
        out["answer"] = _answer(proved)
    if args.json:
        return print_json(out)
    paint = Painter()
    level = "*" * scenario.difficulty
    lines = [f"{level} · {scenario.ruleset.name}", ""]
    lines += [*draw_table(out["table"], paint), "", paint(question.ask, "bold")]
    if question.ordered:
        lines += [
            f"  - {label}" for label in sorted(step_label(s, proved.hand) for s in question.order)
        ]
    if question.typed:  # typed: with --answer, the engine's number
        mark = paint(f"  <- {proved.fact}", "green") if args.answer else ""
        lines.append(f"  (type a number){mark}")
    for i, choice in enumerate(question.choices, 1):
        mark = paint("  <- correct", "green") if args.answer and choice.correct else ""
        lines.append(f"  {i}. {choice.text}{mark}")
    if args.answer:
        lines += ["", paint(scenario.title, "bold")]
        lines.append(f"{scenario.id} · {scenario.topic.slug} · {level} · {scenario.ruleset.name}")
        if question.ordered:
            lines.append("order: " + ", ".join(question.order))
        if out["answer"]["rule"]:
            lines.append(f"rule: {out['answer']['rule']}")
        lines.append(question.explain)
    echo(*lines)
    return 0


def _answer(proved: Any) -> dict[str, Any]:
    question = proved.scenario.question
    correct = question.correct
    return {
        "choice": None if correct is None else correct.text,
        "number": proved.fact if question.typed else None,
        "order": list(question.order),
        "steps": list(proved.steps),
        "rule": proved.scenario.rule or proved.rule,  # the rule the quiz cites
        "explain": question.explain,
    }
