"""Validating a bank of scenarios, engine replay included, against parsing it with CSafeLoader.

The bank: ``--count`` scenario files (default 1,000) written to a temporary folder, made from
the shipped bank (``scenarios/``) in turn, each with its own id. Two measurements of the same
files, alternating in rounds (after a warm-up) so drift in the machine's speed hits both alike:

* **parse**: read each file and ``yaml.load(text, Loader=yaml.CSafeLoader)``: nothing else;
* **validate**: what ``dealer-trainer scenarios validate`` does for each file: read it, parse
  it with places (``file:line:col``), check every field, replay ``setup`` through the engine
  and prove the answer key (:func:`dealer_trainer.scenario.load_scenario` and
  :func:`~dealer_trainer.scenario.verify`).

Each is the median over the rounds; the figure is the ratio validate / parse. Goal: at most 3.

    python benchmarks/scenarios.py                    # 1,000 files, 5 rounds
    python benchmarks/scenarios.py --count 2000 --rounds 7 --json
    python benchmarks/scenarios.py --profile          # validation under cProfile
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import platform
import pstats
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

from dealer_trainer.scenario import bank_dir, find_scenarios, load_scenario, verify

GOAL = 3.0  # validate / parse, at most


def make_bank(folder: Path, count: int) -> list[Path]:
    """Write ``count`` scenario files made from the shipped bank, each with its own id."""
    sources = [path.read_text(encoding="utf-8") for path in find_scenarios([bank_dir()])]
    if not sources:
        raise SystemExit("the shipped bank is empty")
    files = []
    for i in range(count):
        text = sources[i % len(sources)]
        text = re.sub(r"^id: (\S+)", lambda m, n=i: f"id: {m.group(1)}-copy-{n}", text, flags=re.M)
        path = folder / f"scenario-{i:05}.yaml"
        path.write_text(text, encoding="utf-8")
        files.append(path)
    return files


def parse_only(files: list[Path]) -> None:
    for path in files:
        yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


def validate(files: list[Path]) -> None:
    seen: set[str] = set()
    for path in files:
        scenario = verify(load_scenario(path)).scenario
        if scenario.id in seen:
            raise SystemExit(f"duplicate id {scenario.id}")
        seen.add(scenario.id)


def timed(work: Any, files: list[Path]) -> float:
    gc.collect()
    start = time.perf_counter()
    work(files)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000, help="scenario files (default 1000)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds (default 5)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--profile", action="store_true", help="profile one validation round")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        files = make_bank(Path(tmp), args.count)
        validate(files)  # warm-up, and proof that every file validates
        parse_only(files)
        if args.profile:
            profile = cProfile.Profile()
            profile.runcall(validate, files)
            pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
            return 0
        parse_times, validate_times = [], []
        for _ in range(args.rounds):
            parse_times.append(timed(parse_only, files))
            validate_times.append(timed(validate, files))
    parse_s = statistics.median(parse_times)
    validate_s = statistics.median(validate_times)
    ratio = validate_s / parse_s
    result = {
        "files": args.count,
        "rounds": args.rounds,
        "parse_seconds": round(parse_s, 4),
        "validate_seconds": round(validate_s, 4),
        "parse_ms_per_file": round(1000 * parse_s / args.count, 4),
        "validate_ms_per_file": round(1000 * validate_s / args.count, 4),
        "ratio": round(ratio, 2),
        "goal": GOAL,
        "met": ratio <= GOAL,
        "python": platform.python_version(),
        "libyaml": yaml.__with_libyaml__,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{args.count} scenario files, median of {args.rounds} rounds")
        print(
            f"  parse (CSafeLoader only): {parse_s:.3f} s  ({result['parse_ms_per_file']} ms/file)"
        )
        print(
            f"  validate (engine replay): {validate_s:.3f} s  "
            f"({result['validate_ms_per_file']} ms/file)"
        )
        verdict = "met" if result["met"] else "NOT met"
        print(f"  ratio validate / parse: {ratio:.2f}x (goal: at most {GOAL:g}x, {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
