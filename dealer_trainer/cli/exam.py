"""``dealer-trainer exam``: exams from blueprints (docs/exams.md).

``validate`` checks blueprint files: their fields (each error as ``file:line:col``), then
whether the bank (the shipped one, any ``--scenarios`` folders, and with ``--room NAME`` the
scenarios uploaded to that room, its retired items left out) can fill every section under the
blueprint's ruleset, one item per family. ``take`` sits an exam
(:mod:`~dealer_trainer.cli.exam_take`); ``list`` and ``results`` show the exams and the
attempts kept (:mod:`~dealer_trainer.cli.exam_results`); ``print`` and ``record`` are paper
exams (:mod:`~dealer_trainer.cli.exam_paper`).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_trainer.cli import certificates, exam_paper
from dealer_trainer.cli.render import Painter, echo, plural, print_json
from dealer_trainer.errors import ScriptError, UsageError
from dealer_trainer.safetext import printable

if TYPE_CHECKING:
    from dealer_trainer.training.catalogue import Entry

__all__ = ["configure", "run"]

#: exit codes of validate: every blueprint valid; one has errors; a path that is not a file
VALID, INVALID, BAD_PATH = 0, 1, 2


def configure(parser: argparse.ArgumentParser) -> None:
    """``exam`` and its subcommands."""
    parser.description = (
        "Exams drawn at random from the scenario bank, as a blueprint says (YAML, see "
        "docs/exams.md)."
    )
    sub = parser.add_subparsers(dest="exam_command", metavar="COMMAND")
    validate = sub.add_parser(
        "validate",
        help="check exam blueprints, and that the bank can fill their sections",
        description=(
            "Check each blueprint file: YAML syntax, fields and values (each error as "
            "file:line:col), then that the bank can fill every section under the blueprint's "
            "ruleset with one item per family (an error at each section it cannot). A folder "
            "is searched for *.yaml blueprints. Exit 0 if all are valid, 1 if any has an "
            "error, 2 if a path is missing or not a file."
        ),
    )
    validate.add_argument("paths", nargs="+", metavar="FILE", help="blueprint files or folders")
    validate.add_argument(
        "--scenarios",
        action="append",
        default=[],
        metavar="FOLDER",
        help="a folder of scenarios the exam may draw from besides the shipped bank (repeatable)",
    )
    validate.add_argument(
        "--retired",
        action="append",
        default=[],
        metavar="ID",
        help="a scenario id never to draw (repeatable)",
    )
    validate.add_argument(
        "--room",
        metavar="NAME",
        help=(
            "check against this training room's bank, as an exam in the room draws: the "
            "scenarios uploaded to it too, its retired items left out"
        ),
    )
    validate.add_argument(
        "--db",
        metavar="TARGET",
        help="the progress store that keeps the room (default: $DEALER_TRAINER_DB, else the file)",
    )
    validate.add_argument("--json", action="store_true", help="print one JSON object")
    # start-up: these modules only add their parsers here; what they run loads when it runs
    from dealer_trainer.cli.exam_results import configure_list, configure_results
    from dealer_trainer.cli.exam_take import configure_take

    configure_take(sub.add_parser("take", help="sit an exam: timed, feedback at the end"))
    configure_list(sub.add_parser("list", help="the exams there are (shipped, and a room's)"))
    configure_results(
        sub.add_parser("results", help="the attempts kept: score, passed, certificate")
    )
    certificates.configure(sub)  # certificate, revoke
    exam_paper.configure(sub)  # print, record: paper exams
    parser.set_defaults(exam_parser=parser)


def run(args: argparse.Namespace) -> int:
    """Run an ``exam`` subcommand; return the exit code."""
    if args.exam_command == "validate":
        uploads, room_retired = _room_bank(args)
        return _validate(
            [Path(p) for p in args.paths],
            folders=[Path(p) for p in args.scenarios],
            uploads=uploads,
            retired=frozenset(args.retired) | room_retired,
            as_json=args.json,
        )
    if args.exam_command in certificates.SUBCOMMANDS:
        return certificates.run(args)
    if args.exam_command in exam_paper.SUBCOMMANDS:
        return exam_paper.run(args)
    if args.exam_command == "take":
        # start-up: the command imports only what it runs, when it runs
        from dealer_trainer.cli.exam_take import take

        return take(args)
    if args.exam_command == "list":
        from dealer_trainer.cli.exam_results import list_exams  # start-up: as above

        return list_exams(args)
    if args.exam_command == "results":
        from dealer_trainer.cli.exam_results import results  # start-up: as above

        return results(args)
    args.exam_parser.print_help()
    return 0


@dataclass(frozen=True, slots=True)
class _Problem:
    file: str
    where: str | None
    message: str

    def as_dict(self) -> dict[str, Any]:
        line = col = None
        if self.where and self.where.startswith(self.file + ":"):
            parts = self.where[len(self.file) + 1 :].split(":")
            if len(parts) == 2 and all(p.isdigit() for p in parts):
                line, col = int(parts[0]), int(parts[1])
        return {"file": self.file, "line": line, "col": col, "message": self.message}

    def __str__(self) -> str:
        return f"{self.where or self.file}: {self.message}"


def _files(paths: list[Path]) -> tuple[list[Path], list[_Problem]]:
    """The blueprint files named (a folder's *.yaml and *.yml, house ruleset files left out),
    and a problem for each path that names none."""
    # start-up: the rulesets are read only when a folder is searched
    from dealer_trainer.rules.rulesets import SUFFIXES, is_ruleset_file

    files: list[Path] = []
    problems: list[_Problem] = []
    for path in paths:
        if path.is_dir():
            found = [
                p
                for p in sorted(path.iterdir())
                if p.suffix in SUFFIXES and p.is_file() and not is_ruleset_file(p)
            ]
            if not found:
                problems.append(_Problem(str(path), None, "no blueprint files (*.yaml) here"))
            files += found
        elif path.is_file():
            files.append(path)
        else:
            why = "no such file or folder" if not path.exists() else "not a regular file"
            problems.append(_Problem(printable(str(path)), None, why))
    return list(dict.fromkeys(files)), problems


def _summary(blueprint: Any, available: list[int]) -> dict[str, Any]:
    return {
        "file": blueprint.source,
        "id": blueprint.id,
        "title": blueprint.title,
        "ruleset": blueprint.ruleset.name,
        "items": blueprint.items,
        "time_limit": blueprint.time_limit_text,
        "pass_mark": blueprint.pass_mark,
        "attempts": blueprint.attempts,
        "valid_for": str(blueprint.valid_for),
        "sections": [
            {
                "topics": list(section.topics),
                "count": section.count,
                "difficulty": list(section.difficulty),
                "available": count,
            }
            for section, count in zip(blueprint.sections, available, strict=True)
        ],
    }


def _room_bank(args: argparse.Namespace) -> tuple[list[Entry], frozenset[str]]:
    """The room ``--room`` names: its uploads (as an exam in it draws them) and its retired
    items; none without ``--room``."""
    if args.room is None:
        return [], frozenset()
    # start-up: the store only for a room
    from dealer_trainer.cli.session import store_for
    from dealer_trainer.store import people
    from dealer_trainer.store.itemstats import retired_items
    from dealer_trainer.training.exam.roombank import room_uploads

    with store_for(args) as store:
        room = people.room_by_name(store, args.room)
        if room is None:
            raise UsageError(f"--room: no training room named {printable(args.room)!r}")
        uploads = room_uploads(store, room.id)
        retired = frozenset(item.item for item in retired_items(store, room.id))
    return uploads, retired


def _validate(
    paths: list[Path],
    *,
    folders: list[Path],
    uploads: list[Entry],
    retired: frozenset[str],
    as_json: bool,
) -> int:
    # start-up: the blueprint reader and the bank are loaded only when validate runs
    from dealer_trainer.training.exam.check import check_blueprint
    from dealer_trainer.training.exam.fill import bank_for_exams, pools
    from dealer_trainer.yamlio import FileRefused

    for folder in folders:
        if not folder.is_dir():
            raise UsageError(f"--scenarios: no such folder: {printable(str(folder))}")
    files, missing = _files(paths)
    entries, skipped = bank_for_exams(folders)
    entries += uploads
    for problem in skipped:
        print(f"dealer-trainer: skipped {printable(problem)}", file=sys.stderr)
    problems: list[_Problem] = list(missing)
    good: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    unreadable = False
    for path in files:
        shown = printable(str(path))
        try:
            checked = check_blueprint(path, entries, retired)
        except FileRefused as exc:
            unreadable = True
            problems.append(_Problem(shown, exc.where, exc.message))
            continue
        except ScriptError as exc:  # not YAML
            problems.append(_Problem(shown, exc.where, exc.message))
            continue
        problems += [_Problem(shown, error.where, error.message) for error in checked.errors]
        blueprint = checked.blueprint
        if blueprint is None:
            continue
        if blueprint.id in seen:
            message = f"duplicate id {blueprint.id!r}: {seen[blueprint.id]} has it too"
            problems.append(_Problem(shown, blueprint.where("id"), message))
            continue
        seen[blueprint.id] = shown
        available = [len(pool) for pool in pools(blueprint, entries, retired)]
        good.append(_summary(blueprint, available))
    bad_files = len({problem.file for problem in problems})
    if as_json:
        print_json(
            {
                "checked": len(files),
                "valid": len(good),
                "invalid": bad_files,
                "errors": [problem.as_dict() for problem in problems],
                "blueprints": good,
            }
        )
    else:
        _print(files, problems, good, bad_files)
    if missing or unreadable:
        return BAD_PATH
    return INVALID if problems else VALID


def _print(
    files: list[Path], problems: list[_Problem], good: list[dict[str, Any]], bad_files: int
) -> None:
    paint = Painter()
    for problem in problems:
        echo(printable(str(problem)))
    for blueprint in good:
        echo(
            printable(
                f"{blueprint['file']}: valid: {blueprint['id']}, {blueprint['items']} items in "
                f"{plural(len(blueprint['sections']), 'section')} under {blueprint['ruleset']}, "
                f"{blueprint['time_limit']}, pass mark {blueprint['pass_mark']}%, "
                f"{plural(blueprint['attempts'], 'attempt')}, valid for {blueprint['valid_for']}"
            )
        )
        for number, section in enumerate(blueprint["sections"], 1):
            echo(
                f"  section {number}: {section['count']} drawn of {section['available']} "
                f"(one per family) on {', '.join(section['topics'])}"
            )
    verdict = paint("all valid", "green") if not problems else paint("errors", "red")
    echo(
        f"{plural(len(files), 'blueprint file')} checked: {len(good)} valid, "
        f"{bad_files} with errors ({verdict})"
    )
