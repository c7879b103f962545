"""Start-up time: a floor lookup, and the first quiz prompt, beside a bare ``python -c pass``.

Every target is a fresh process, timed from start to exit (wall clock). The targets and the
bare start run interleaved, round after round (the order rotates each round, after one
warm-up round), and each time is the median over the rounds, so drift in the machine's speed
hits them all alike. Each target is given as a ratio to the bare start. The goals: a rules
lookup within 3 times the bare start; the first quiz prompt on screen within 300 ms.

By default compiled modules are cached, as for an installed package (pip compiles them), in a
temporary ``PYTHONPYCACHEPREFIX`` warmed by the warm-up round; ``--bytecode off`` times the
worst case, nothing cached (see :func:`environment`).

Targets are named; each is a function that runs once and returns its wall time. The quiz
targets run the real command in a pseudo-terminal (pexpect) and stop the clock when the first
prompt is on screen: ``quiz-first-question`` with every setting given as a flag (the first
prompt is the first question), ``quiz-first-prompt`` with none (the first prompt asks the
trainee's name).

    python benchmarks/startup.py                    # 20 rounds, every target
    python benchmarks/startup.py --runs 40 --json
    python benchmarks/startup.py --target rules-search --query "4 card flop"
    python benchmarks/startup.py --bytecode off     # nothing cached: the worst case
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

GOAL = 3.0  # at most this many times the bare start (a rules lookup)
PROMPT_GOAL_MS = 300.0  # the first quiz prompt on screen within this many milliseconds
BARE = "python -c pass"
QUERY = "flashed card"


@dataclass(frozen=True, slots=True)
class Target:
    """Something to time: ``run()`` does it once and returns its wall time in seconds."""

    name: str
    description: str
    run: Callable[[], float]
    #: the goal: ``ratio`` (at most GOAL times the bare start) or ``ms`` (PROMPT_GOAL_MS)
    goal: str = "ratio"


def environment(bytecode: str, cache_dir: str) -> dict[str, str]:
    """The environment of every timed process (the same for the bare start and the targets).

    ``cached``: compiled modules (and the corpus's parsed copy) are written on the warm-up
    round and read from then on, as for an installed package, but under a temporary
    ``PYTHONPYCACHEPREFIX`` so that the source tree stays clean. ``off``: nothing is cached
    (``PYTHONDONTWRITEBYTECODE=1``): every module of the package is compiled, and the corpus's
    YAML parsed, on every run; the worst case, a source checkout that may not write.
    """
    env = {**os.environ, "NO_COLOR": "1"}
    if bytecode == "cached":
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache_dir
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    return env


def _command(argv: list[str], env: dict[str, str]) -> Callable[[], float]:
    def run() -> float:
        start = time.perf_counter()
        done = subprocess.run(
            argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, check=False
        )
        elapsed = time.perf_counter() - start
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr!r}")
        return elapsed

    return run


def _prompt(argv: list[str], env: dict[str, str], expected: str) -> Callable[[], float]:
    """Time from the start of ``argv`` in a pseudo-terminal until ``expected`` is on screen."""
    import pexpect

    def run() -> float:
        start = time.perf_counter()
        child = pexpect.spawn(
            argv[0], argv[1:], env=env, encoding="utf-8", timeout=20, dimensions=(40, 120)
        )
        try:
            child.expect(expected)
            elapsed = time.perf_counter() - start
        except (pexpect.EOF, pexpect.TIMEOUT) as exc:
            raise SystemExit(
                f"{' '.join(argv)}: no {expected!r} on screen: {child.before!r}"
            ) from exc
        finally:
            child.terminate(force=True)
        return elapsed

    return run


def _quiz_targets(env: dict[str, str]) -> list[Target]:
    home = tempfile.mkdtemp(prefix="startup-quiz-")
    quiet = {
        **env,
        "TERM": "xterm",
        "PROMPT_TOOLKIT_NO_CPR": "1",
        "XDG_DATA_HOME": os.path.join(home, "data"),
        "XDG_CONFIG_HOME": os.path.join(home, "config"),
        "DEALER_TRAINER_DB": os.path.join(home, "progress.sqlite3"),
    }
    quiz = [sys.executable, "-m", "dealer_trainer", "quiz"]
    flags = ["--trainee", "bench", "--topic", "all", "--difficulty", "any", "--ruleset", "any"]
    flags += ["--length", "5", "--seed", "1"]
    return [
        Target(
            "quiz-first-question",
            "python -m dealer_trainer quiz (every setting a flag): until question 1 asks",
            _prompt(quiz + flags, quiet, "Your answer:|Step 1 of"),
            goal="ms",
        ),
        Target(
            "quiz-first-prompt",
            "python -m dealer_trainer quiz (no flags): until it asks the trainee's name",
            _prompt(quiz, quiet, "Your name:"),
            goal="ms",
        ),
    ]


def targets(query: str, env: dict[str, str]) -> list[Target]:
    """Every target: the bare start first, then what is set against it."""
    python = sys.executable
    found = [
        Target(BARE, "the bare interpreter start", _command([python, "-c", "pass"], env)),
        Target(
            "rules-search",
            f'python -m dealer_trainer rules search "{query}"',
            _command([python, "-m", "dealer_trainer", "rules", "search", query], env),
        ),
    ]
    script = Path(python).parent / "dealer-trainer"
    if script.exists():
        found.append(
            Target(
                "rules-search-script",
                f'dealer-trainer rules search "{query}" (the console script)',
                _command([str(script), "rules", "search", query], env),
            )
        )
    return found + _quiz_targets(env)


def measure(chosen: list[Target], runs: int) -> dict[str, list[float]]:
    """Every target ``runs`` times, interleaved (one warm-up round first, not counted)."""
    times: dict[str, list[float]] = {target.name: [] for target in chosen}
    for target in chosen:
        target.run()
    for round_ in range(runs):
        shift = round_ % len(chosen)
        for target in chosen[shift:] + chosen[:shift]:
            times[target.name].append(target.run())
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=20, help="rounds to time (default 20)")
    parser.add_argument("--query", default=QUERY, help=f"the search words (default {QUERY!r})")
    parser.add_argument(
        "--target",
        action="append",
        help="time only this target (repeatable); the bare start is always timed",
    )
    parser.add_argument(
        "--bytecode",
        choices=("cached", "off"),
        default="cached",
        help="cached: compiled modules kept (as installed; the default); off: nothing cached",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="startup-pycache-") as cache_dir:
        return _report(args, parser, environment(args.bytecode, cache_dir))


def _report(args: argparse.Namespace, parser: argparse.ArgumentParser, env: dict[str, str]) -> int:
    every = targets(args.query, env)
    names = [target.name for target in every]
    for name in args.target or ():
        if name not in names:
            parser.error(f"unknown target {name!r}; known: {', '.join(names[1:])}")
    chosen = [t for t in every if t.name == BARE or not args.target or t.name in args.target]
    times = measure(chosen, args.runs)
    bare = statistics.median(times[BARE])
    report: dict[str, dict[str, Any]] = {}
    for target in chosen:
        if target.name == BARE:
            continue
        median = statistics.median(times[target.name])
        meets = median / bare <= GOAL if target.goal == "ratio" else median * 1000 <= PROMPT_GOAL_MS
        report[target.name] = {
            "description": target.description,
            "median_ms": round(median * 1000, 1),
            "min_ms": round(min(times[target.name]) * 1000, 1),
            "max_ms": round(max(times[target.name]) * 1000, 1),
            "ratio": round(median / bare, 2),
            "goal": f"{GOAL:g}x" if target.goal == "ratio" else f"{PROMPT_GOAL_MS:g} ms",
            "meets_goal": meets,
        }
    result = {
        "runs": args.runs,
        "bytecode": args.bytecode,
        "goal_ratio": GOAL,
        "goal_prompt_ms": PROMPT_GOAL_MS,
        "python": platform.python_version(),
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs",
        "bare_ms": round(bare * 1000, 1),
        "targets": report,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(
        f"{BARE}: {result['bare_ms']} ms (median of {args.runs}, bytecode {args.bytecode}; "
        f"min {min(times[BARE]) * 1000:.1f}, max {max(times[BARE]) * 1000:.1f})"
    )
    for name, info in report.items():
        verdict = "meets" if info["meets_goal"] else "MISSES"
        print(
            f"{name}: {info['median_ms']} ms (min {info['min_ms']}, max {info['max_ms']}) = "
            f"{info['ratio']}x the bare start; {verdict} the goal of {info['goal']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
