"""``dealer-trainer scenarios new``: the authoring wizard.

Every question has a flag. A question whose flag is missing is asked with questionary when
standard input is a terminal; without one (or with ``--yes``) the default is taken, and a
question without a default must come as a flag. The draft comes from the engine
(:func:`dealer_trainer.authoring.draft`), is proved like any scenario, and only then written,
atomically: Ctrl-C at any prompt leaves no file behind.
"""

# The imports inside functions are for start-up: the command registry imports this module to
# run the command, and what a subcommand needs (the engine, the store, questionary) is loaded
# only when that subcommand runs (tests/test_rules_cli.py, tests/test_quiz_cli.py).

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from dealer_trainer.cli.prompts import Prompter, QuestionaryPrompter, interactive
from dealer_trainer.errors import ScriptError, UsageError

__all__ = ["Prompter", "QuestionaryPrompter", "run_wizard"]


class _Asker:
    """Takes each answer from its flag, else the prompter (none with ``use_defaults``), else
    the default."""

    def __init__(self, prompter: Prompter | None, use_defaults: bool) -> None:
        self.prompter = None if use_defaults else prompter
        self.missing: list[str] = []

    def select(
        self, flag: str, given: Any, message: str, choices: Sequence[tuple[str, str]], default: str
    ) -> str:
        values = [value for value, _ in choices]
        if given is not None:
            if str(given) not in values:
                raise UsageError(f"{flag} {given!r} is not one of: {', '.join(values)}")
            return str(given)
        if self.prompter is not None:
            return self.prompter.select(message, choices, default)
        if default in values:
            return default
        self.missing.append(flag)
        return values[0]

    def text(
        self,
        flag: str,
        given: Any,
        message: str,
        default: str | None,
        check: Callable[[str], str | None],
    ) -> str:
        if given is not None:
            problem = check(str(given))
            if problem is not None:
                raise UsageError(f"{flag}: {problem}")
            return str(given)
        if self.prompter is not None:
            return self.prompter.text(message, default or "", check)
        if default is None:
            self.missing.append(flag)
            return ""
        return default


def _number(low: int, high: int) -> Callable[[str], str | None]:
    def check(answer: str) -> str | None:
        if not answer.strip().isdigit() or not low <= int(answer) <= high:
            return f"a whole number from {low} to {high}"
        return None

    return check


def _blinds(answer: str) -> str | None:
    if not re.fullmatch(r"\s*\d+\s*/\s*\d+\s*", answer) or int(answer.split("/")[1]) < 1:
        return "small and big blind as two numbers, like 1/2"
    return None


def _ident(answer: str) -> str | None:
    from dealer_trainer.workbench import ident_problem

    return ident_problem(answer)


def _words(limit: str) -> Callable[[str], str | None]:
    def check(answer: str) -> str | None:
        from dealer_trainer.workbench import LIMITS, text_problem

        return text_problem(answer, limit=LIMITS[limit])

    return check


def _free_id(folder: Path, stem: str) -> str:
    n = 1
    while (folder / f"{stem}-{n}.yaml").exists():
        n += 1
    return f"{stem}-{n}"


def run_wizard(args: argparse.Namespace, prompter: Prompter | None = None) -> int:
    """Ask, draft, prove and write a scenario; return the exit code."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer import workbench
    from dealer_trainer.authoring import ASKS, dump, find_error, kinds, situations
    from dealer_trainer.cli.files import check_replaceable, write_atomically
    from dealer_trainer.cli.render import echo
    from dealer_trainer.procedure.rulings import situation
    from dealer_trainer.rules.rulesets import BUILTIN, builtin_names, resolve
    from dealer_trainer.rules.topics import TOPICS, topic
    from dealer_trainer.safetext import excerpt
    from dealer_trainer.scenario import loads_scenario, verify

    if prompter is None and interactive():
        prompter = QuestionaryPrompter()
    ask = _Asker(prompter, args.yes)
    names = situations()
    topics = [(t.slug, t.title) for t in TOPICS if any(situation(n).topic == t.slug for n in names)]
    given_topic = args.topic
    if args.error is not None:  # the error names its topic (the closest ones if it is unknown)
        given_topic = situation(find_error(args.error, args.topic)).topic
    chosen = topic(ask.select("--topic", given_topic, "Topic:", topics, ""))
    titled = [(n, situation(n).title) for n in names]
    in_topic = [(n, title) for n, title in titled if situation(n).topic == chosen.slug] or titled
    name = ask.select("--error", args.error, "The dealer error to inject:", in_topic, "")
    rulesets = [(name, f"{name}: {known.description}") for name, known in BUILTIN.items()]
    ruleset_name = args.ruleset
    if ruleset_name is not None and ruleset_name not in BUILTIN:
        rulesets.append((ruleset_name, ruleset_name))
    chosen_ruleset = ask.select("--ruleset", ruleset_name, "Ruleset:", rulesets, "roberts")
    try:
        ruleset = resolve(chosen_ruleset, relative_to=Path.cwd())
    except KeyError:
        raise UsageError(
            f"--ruleset {excerpt(chosen_ruleset)}: not {builtin_names(', ')} or a ruleset file"
        ) from None
    house_yaml = None
    if ruleset.source is not None:
        house_yaml = Path(ruleset.source).read_text(encoding="utf-8")
    seats = int(ask.text("--seats", args.seats, "Players at the table:", "6", _number(2, 10)) or 6)
    button = int(ask.text("--button", args.button, "Button seat:", "1", _number(1, seats)) or 1)
    blinds = ask.text("--blinds", args.blinds, "Blinds (small/big):", "1/2", _blinds) or "1/2"
    stacks = int(ask.text("--stacks", args.stacks, "Stacks:", "200", _number(1, 10**9)) or 200)
    kind = ask.select("--kind", args.kind, "Question kind:", kinds(name, ruleset), "choice")
    levels = [("1", "1 easy"), ("2", "2 medium"), ("3", "3 hard")]
    given_level = None if args.difficulty is None else str(args.difficulty)
    difficulty = int(ask.select("--difficulty", given_level, "Difficulty:", levels, "2"))
    folder = Path(args.output).parent if args.output else Path("scenarios") / chosen.slug
    default_id = _free_id(folder, f"{chosen.slug}-{ruleset.family.split('-')[0]}")
    ident = ask.text("--id", args.ident, "Scenario id:", default_id, _ident)
    title = ask.text("--title", args.title, "Title:", situation(name).title, _words("title"))
    question = ask.text("--ask", args.ask, "The question:", ASKS[kind], _words("ask"))
    if ask.missing:
        raise UsageError("no terminal to ask in: give " + ", ".join(ask.missing) + " (see --help)")
    small, big = (part.strip() for part in blinds.split("/"))
    flags = {"small_blind": "--blinds", "big_blind": "--blinds", "kind": "--kind"}
    try:  # the screen-free core the room's page calls too
        drafted = workbench.set_table(
            workbench.Draft(),
            seats=seats,
            button=button,
            small_blind=small,
            big_blind=big,
            stacks=stacks,
            structure=getattr(args, "structure", None) or "no-limit",
            game=getattr(args, "game", None) or "",
            ruleset=ruleset.name if ruleset.name in BUILTIN else workbench.HOUSE,
            house_yaml=house_yaml,
        )
        drafted = workbench.stage_error(drafted, name, house_yaml)
        drafted = workbench.ask(drafted, kind, house_yaml)
    except workbench.AuthoringError as exc:
        if exc.place == "error":
            raise
        raise UsageError(f"{flags.get(exc.place, '--' + exc.place)} {exc.message}") from None
    drafted = workbench.edit_words(
        drafted,
        ident=ident,
        title=title,
        question=question,
        explain=drafted.explain,
        difficulty=difficulty,
        options=[option.text for option in drafted.options],
    )
    checked = workbench.check_draft(drafted, house_yaml)
    if checked.problems:
        first = checked.problems[0]
        raise ScriptError(f"{first.place}: {first.message}")
    data = workbench.scenario_of(drafted, house_yaml)
    output = Path(args.output) if args.output else folder / f"{ident}.yaml"
    if ruleset.source is not None:  # a house file is looked up beside the scenario only
        data["ruleset"] = os.path.relpath(Path(ruleset.source).resolve(), output.parent.resolve())
    text = dump(data)
    verify(loads_scenario(text, str(output)))  # never write a file that does not validate
    check_replaceable(output, "--output" if args.output else None)  # even with --force
    if output.exists() and not args.force:
        raise UsageError(f"{output} exists: choose another --id or --output, or add --force")
    try:
        write_atomically(output, text)  # a crash leaves the old file or the new one
    except OSError as exc:
        raise ScriptError(f"cannot write {output}: {exc}") from None
    echo(f"wrote {output}: it validates. Edit the wording, then run")
    echo(f"  dealer-trainer scenarios validate {output}")
    return 0
