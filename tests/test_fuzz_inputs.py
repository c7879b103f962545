"""A seeded mutation fuzzer over every reader of user files (issue 14).

The seeds are the shipped inputs: the hand scripts of the docs (docs/engine.md,
docs/irregularities.md), the scenarios (scenarios/, tests/data/), the house rulesets
(docs/examples/) and answers files. Each input is a seed mutated a few times (bytes flipped,
inserted or cut, lines dropped or repeated, a value replaced by one that breaks loaders:
``2024-13-45``, ``!!int abc``, a 4,301-digit number, ``[roberts]``, an alias, a control
character ...), then read the way the tool reads it, in-process (fast): a hand script is
replayed, a scenario loaded and verified, a ruleset loaded, an answers file read line by line
and every line taken as option numbers. The special files come on top: a FIFO, ``/dev/zero``, a
folder, an empty file, 50 MB, binary, UTF-16, deep nesting and an alias bomb, for every reader;
and a few runs go through the installed command in a subprocess, under a memory limit.

What must hold: every input ends in a :class:`~dealer_trainer.errors.DealerTrainerError` whose
exit code is not 70 (a bug), or is read; nothing else is raised; no input takes more than
10 s; no run grows past 200 MB.

Profiles (environment variables):

* default, for CI: ``FUZZ_INPUTS=1500`` mutants, about 30 s in all;
* thorough: ``FUZZ_INPUTS=5000`` (or more) for a long run; ``FUZZ_SEED=N`` picks another
  sequence of mutants; ``FUZZ_OUT=folder`` keeps the reproducer of every failure there
  (default: the test's temporary folder). A failure names its reproducer file and the reader
  that failed on it.
"""

from __future__ import annotations

import os
import random
import re
import resource
import signal
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

import pytest

from dealer_trainer.errors import DealerTrainerError

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(sys.executable).parent / "dealer-trainer"
INPUTS = int(os.environ.get("FUZZ_INPUTS", "1500"))
SEED = int(os.environ.get("FUZZ_SEED", "14"))
#: the longest one input may take
PER_INPUT_SECONDS = 10
#: the most memory one run may grow by (in-process: the peak's growth; subprocess: its peak)
MAX_MEMORY = 200 * 1024 * 1024
#: the owners of code a failure can come from: the files the core helper rewrites
CORE_FILES = (
    "handscript.py",
    "script_events.py",
    "scenario.py",
    "engine.py",
    "authoring.py",
    "drill.py",
)
CORE_FOLDERS = ("procedure", "scenario")

#: values that break loaders and readers, put in place of a value
NASTY_VALUES = (
    "2024-13-45",
    "!!int abc",
    "!!timestamp x",
    "!!float y",
    "!!bool maybe",
    "!!binary '@@'",
    "!!set {a, b}",
    "!!omap [a: 1]",
    "!!python/object:os.system x",
    "7" * 4301,
    "9" * 40,
    "-1",
    "0",
    "1e999",
    ".nan",
    "-.inf",
    "[roberts]",
    "[burns]",
    "{a: 1}",
    "[[[[[1]]]]]",
    "[]",
    "{}",
    "null",
    "~",
    "''",
    "yes",
    "true",
    "*undefined",
    "&x [*x]",
    '"\\0"',
    '"a\\0b.yaml"',
    '"\\e]0;title\\a"',
    '"\\u202e"',
    "\u2460",
    "\xb2",
    "x" * 5000,
    "/dev/zero",
    "room.yaml",
    "../../etc/passwd",
    "[10, 2]",
    "[2, 1]",
    "[1, 2, 3]",
    "tda-2024",
    "roberts",
    "act",
    "show",
    "muck",
    "declare_board",
    "{seat: 99}",
    "{seat: [1]}",
    "{seat: 1, action: [call]}",
)
#: bytes that break decoders and YAML readers
NASTY_BYTES = (
    b"\x00",
    b"\x01",
    b"\x1b",
    b"\x7f",
    b"\x85",
    b"\xff",
    b"\xc3",
    b"\t",
    b"\r",
    b"\xef\xbb\xbf",
)
#: answer lines that break number readers
NASTY_ANSWERS = (
    "\xb2",
    "\u2460",
    "\u0661",
    "9" * 5000,
    "1 " * 3000,
    "0",
    "-1",
    "1.5",
    "1,2,,3",
    "\x1b]0;x\x07",
    "\udcff",
    "",
    "# only a comment",
    "1e3",
    "\uff11",  # fullwidth one
)


# --- the seeds ----------------------------------------------------------------------------------


def _doc_scripts() -> list[str]:
    scripts = []
    for doc in ("engine.md", "irregularities.md", "authoring.md"):
        text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
        for block in re.findall(r"```yaml\n(.*?)```", text, flags=re.S):
            if "events:" in block and "table:" in block and "question:" not in block:
                scripts.append(block)
    return scripts


def _scenario_seeds() -> list[Path]:
    bank = sorted((ROOT / "scenarios").rglob("*.yaml"))
    tests = sorted((ROOT / "tests" / "data").rglob("*.yaml"))
    return [*bank[::6], *tests]


HOUSE = (ROOT / "docs" / "examples" / "house-ruleset.yaml").read_text(encoding="utf-8")
RULESETS = (
    HOUSE,
    "name: room\nbase: tda-2024\ndescription: x\noptions:\n  extra_card: burn\n"
    "  recut_after_premature_flop: true\n  board_claim: declare\n",
)
ANSWERS = ("1\n2\n# a comment\n3 1 2\n\n4\n", "1, 2\n2\n")


@dataclass(frozen=True)
class Seed:
    kind: str  # script | scenario | ruleset | answers
    name: str
    text: bytes


def _seeds() -> list[Seed]:
    seeds = [Seed("script", f"docs-script-{i}", s.encode()) for i, s in enumerate(_doc_scripts())]
    seeds += [Seed("scenario", str(p.relative_to(ROOT)), p.read_bytes()) for p in _scenario_seeds()]
    seeds += [Seed("ruleset", f"ruleset-{i}", s.encode()) for i, s in enumerate(RULESETS)]
    seeds += [Seed("answers", f"answers-{i}", s.encode()) for i, s in enumerate(ANSWERS)]
    return seeds


# --- mutations ----------------------------------------------------------------------------------


def _replace_value(rng: random.Random, text: bytes) -> bytes:
    lines = text.split(b"\n")
    places = [i for i, line in enumerate(lines) if re.search(rb"(:\s|-\s)\S", line)]
    if not places:
        return text
    i = rng.choice(places)
    match = list(re.finditer(rb"(:\s+|-\s+)", lines[i]))[-1]
    value = rng.choice(NASTY_VALUES).encode("utf-8", "surrogatepass")
    lines[i] = lines[i][: match.end()] + value
    return b"\n".join(lines)


def _wrap_value(rng: random.Random, text: bytes) -> bytes:
    """A value made a list or a mapping of itself: ``fact: burns`` becomes ``fact: [burns]``."""
    lines = text.split(b"\n")
    places = [i for i, line in enumerate(lines) if re.search(rb":\s+[^\s\[{&*|>]", line)]
    if not places:
        return text
    i = rng.choice(places)
    match = list(re.finditer(rb":\s+", lines[i]))[-1]
    value = lines[i][match.end() :]
    wrapped = b"[" + value + b"]" if rng.random() < 0.7 else b"{" + value + b": 1}"
    lines[i] = lines[i][: match.end()] + wrapped
    return b"\n".join(lines)


_WORD = re.compile(rb"[A-Za-z_][A-Za-z0-9_-]*|[0-9]+")


def _replace_word(rng: random.Random, text: bytes) -> bytes:
    """One word or number anywhere (inside flow lists too) replaced by a nasty value."""
    words = list(_WORD.finditer(text))
    if not words:
        return text
    word = rng.choice(words)
    value = rng.choice(NASTY_VALUES).encode("utf-8", "surrogatepass")
    return text[: word.start()] + value + text[word.end() :]


_WITH_ARGUMENTS = re.compile(rb"\{\s*([a-z_]+):\s*\{[^{}]*\}\s*\}|(?<=- )([a-z_]+):\s*\{[^{}]*\}")


def _bare_event(rng: random.Random, text: bytes) -> bytes:
    """An event with arguments made bare: ``{act: {seat: 4, action: call}}`` becomes ``act``."""
    found = list(_WITH_ARGUMENTS.finditer(text))
    if not found:
        return text
    match = rng.choice(found)
    name = match.group(1) or match.group(2)
    return text[: match.start()] + name + text[match.end() :]


def _replace_answer(rng: random.Random, text: bytes) -> bytes:
    lines = text.split(b"\n")
    lines[rng.randrange(len(lines))] = rng.choice(NASTY_ANSWERS).encode("utf-8", "surrogatepass")
    return b"\n".join(lines)


def _flip(rng: random.Random, text: bytes) -> bytes:
    if not text:
        return text
    i = rng.randrange(len(text))
    return text[:i] + bytes([rng.randrange(256)]) + text[i + 1 :]


def _insert(rng: random.Random, text: bytes) -> bytes:
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(NASTY_BYTES) + text[i:]


def _cut(rng: random.Random, text: bytes) -> bytes:
    if not text:
        return text
    i = rng.randrange(len(text))
    return text[:i] + text[i + rng.randrange(1, 40) :]


def _truncate(rng: random.Random, text: bytes) -> bytes:
    return text[: rng.randrange(len(text) + 1)]


def _drop_line(rng: random.Random, text: bytes) -> bytes:
    lines = text.split(b"\n")
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def _repeat_line(rng: random.Random, text: bytes) -> bytes:
    lines = text.split(b"\n")
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return b"\n".join(lines)


def _indent(rng: random.Random, text: bytes) -> bytes:
    lines = text.split(b"\n")
    i = rng.randrange(len(lines))
    lines[i] = (b"  " if rng.random() < 0.5 else b"") + lines[i].lstrip()
    return b"\n".join(lines)


def _splice(rng: random.Random, text: bytes) -> bytes:
    """Part of the file repeated elsewhere in it (keys, events, choices out of place)."""
    if len(text) < 2:
        return text
    a, b = sorted(rng.sample(range(len(text)), 2))
    i = rng.randrange(len(text))
    return text[:i] + text[a:b] + text[i:]


MUTATIONS: tuple[Callable[[random.Random, bytes], bytes], ...] = (
    _replace_value,
    _replace_value,
    _replace_word,
    _replace_word,
    _wrap_value,
    _bare_event,
    _flip,
    _insert,
    _cut,
    _truncate,
    _drop_line,
    _repeat_line,
    _indent,
    _splice,
)


def _mutate(rng: random.Random, seed: Seed) -> tuple[bytes, list[str]]:
    text, done = seed.text, []
    for _ in range(rng.choice((1, 1, 2, 3))):
        mutation = _replace_answer if seed.kind == "answers" and rng.random() < 0.6 else None
        mutation = mutation or rng.choice(MUTATIONS)
        text = mutation(rng, text)
        done.append(mutation.__name__.strip("_"))
    return text, done


# --- reading, the way the tool reads ------------------------------------------------------------


def _read_script(path: Path) -> None:
    from dealer_trainer.engine import replay

    replay(path, auto_recover=True)


def _read_scenario(path: Path) -> None:
    from dealer_trainer.scenario import load_scenario, verify

    verify(load_scenario(path))


def _read_ruleset(path: Path) -> None:
    from dealer_trainer.rules.rulesets import load_ruleset

    load_ruleset(path)


def _read_answers(path: Path) -> None:
    from dealer_trainer.cli.answers import AnswerLines, option_numbers

    with AnswerLines(str(path)) as lines:
        while (text := lines.next()) is not None:
            option_numbers(text, 4, lines.where)


READERS: dict[str, Callable[[Path], None]] = {
    "script": _read_script,
    "scenario": _read_scenario,
    "ruleset": _read_ruleset,
    "answers": _read_answers,
}
SUFFIX = {"script": ".yaml", "scenario": ".yaml", "ruleset": ".yaml", "answers": ".txt"}


class _TookTooLong(BaseException):
    """Raised by the alarm inside a reader that runs past PER_INPUT_SECONDS."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _TookTooLong


@dataclass(frozen=True)
class Failure:
    kind: str
    reproducer: Path
    what: str
    error: str
    #: the project file the error came from (innermost dealer_trainer frame)
    origin: str

    @property
    def core(self) -> bool:
        """Whether the failure comes from code the core helper owns."""
        file = self.origin.rsplit(":", 1)[0]
        return file.endswith(CORE_FILES) or any(f in Path(file).parts for f in CORE_FOLDERS)

    def __str__(self) -> str:
        return f"{self.kind} {self.reproducer} ({self.what}): {self.error} [at {self.origin}]"


def _origin(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "dealer_trainer" in f.filename]
    if not ours:
        return "?"
    frame = ours[-1]
    return f"{Path(frame.filename).relative_to(ROOT)}:{frame.lineno}"


def _judge(kind: str, path: Path, what: str) -> Failure | None:
    """Read ``path`` as ``kind``; a Failure if the reader breaks the rules."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, PER_INPUT_SECONDS)
    try:
        READERS[kind](path)
    except _TookTooLong:
        return Failure(kind, path, what, f"took more than {PER_INPUT_SECONDS} s", "?")
    except DealerTrainerError as exc:
        if exc.exit_code == 70:
            return Failure(kind, path, what, f"exit 70: {str(exc)[:200]}", _origin(exc))
        if len(str(exc)) > 2000:
            size = len(str(exc))
            return Failure(kind, path, what, f"a {size:,}-character message", _origin(exc))
    except (RecursionError, MemoryError, Exception) as exc:
        return Failure(kind, path, what, f"{type(exc).__name__}: {str(exc)[:200]}", _origin(exc))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return None


# --- the inputs ---------------------------------------------------------------------------------


def _special_files(folder: Path) -> Iterator[tuple[str, Path]]:
    """The special files of the issue, made in ``folder``."""
    special = folder / "special"
    special.mkdir()
    fifo = special / "fifo.yaml"
    os.mkfifo(fifo)
    yield "a FIFO", fifo
    yield "/dev/zero", Path("/dev/zero")
    yield "a folder", special
    empty = special / "empty.yaml"
    empty.write_bytes(b"")
    yield "an empty file", empty
    big = special / "big.yaml"
    with big.open("wb") as stream:
        stream.write(b"a: 1\n")
        stream.truncate(50 * 1024 * 1024)
    yield "50 MB", big
    binary = special / "binary.yaml"
    binary.write_bytes(random.Random(1).randbytes(4096))
    yield "binary", binary
    wide = special / "utf16.yaml"
    wide.write_text(HOUSE, encoding="utf-16")
    yield "UTF-16", wide
    deep = special / "deep.yaml"
    deep.write_text("events: " + "[" * 5000 + "]" * 5000 + "\n")
    yield "deep nesting", deep
    deep_block = special / "deep-block.yaml"
    deep_block.write_text("".join("  " * i + f"k{i}:\n" for i in range(3000)))
    yield "deep block nesting", deep_block
    bomb = special / "bomb.yaml"
    lines = ["a0: &a0 [" + ", ".join(["x"] * 9) + "]"]
    lines += [f"a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 9) + "]" for n in range(1, 9)]
    bomb.write_text("\n".join(lines) + "\nid: *a8\ntopic: *a8\ndifficulty: *a8\n")
    yield "an alias bomb", bomb
    wide_bomb = special / "merge-bomb.yaml"
    merge = ["b0: &b0 {" + ", ".join(f"k{i}: x" for i in range(9)) + "}"]
    merge += [f"b{n}: &b{n} [" + ", ".join([f"*b{n - 1}"] * 9) + "]" for n in range(1, 9)]
    wide_bomb.write_text("\n".join(merge) + "\ntable: {<<: *b0, seats: 3}\nevents: *b8\n")
    yield "a merge-key bomb", wide_bomb


@dataclass
class Campaign:
    inputs: int = 0
    failures: list[Failure] | None = None
    peak_growth: int = 0
    seconds: float = 0.0


def _peak() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kB on Linux


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> Campaign:
    """The whole fuzz run, once for the module's tests."""
    out = Path(os.environ.get("FUZZ_OUT") or tmp_path_factory.mktemp("fuzz"))
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(SEED)
    seeds = _seeds()
    failures: list[Failure] = []
    found = Campaign(failures=failures)
    start, before = time.monotonic(), _peak()
    for what, path in _special_files(out):
        for kind in READERS:
            found.inputs += 1
            failure = _judge(kind, path, what)
            if failure is not None:
                failures.append(failure)
    for number in range(INPUTS):
        seed = seeds[number % len(seeds)] if number < len(seeds) else rng.choice(seeds)
        text, done = _mutate(rng, seed)
        folder = out / f"{number:05d}"
        folder.mkdir(exist_ok=True)
        (folder / "room.yaml").write_text(HOUSE)  # what a ruleset file name may point to
        path = folder / f"{seed.kind}{SUFFIX[seed.kind]}"
        path.write_bytes(text)
        found.inputs += 1
        failure = _judge(seed.kind, path, f"{seed.name} + {', '.join(done)}")
        if failure is not None:
            failures.append(failure)
        else:
            path.unlink()  # keep only the reproducers
            (folder / "room.yaml").unlink()
            folder.rmdir()
    found.seconds = time.monotonic() - start
    found.peak_growth = _peak() - before
    return found


def _listing(failures: list[Failure]) -> str:
    lines = [str(f) for f in failures[:40]]
    more = f"\n... and {len(failures) - 40} more" if len(failures) > 40 else ""
    return "\n".join(lines) + more


def test_no_input_makes_an_internal_error_in_the_file_readers(campaign: Campaign) -> None:
    """yamlio, rulesets, cards, answers: every input ends in a clear error or is read."""
    assert campaign.failures is not None
    ours = [f for f in campaign.failures if not f.core]
    assert not ours, f"{len(ours)} of {campaign.inputs} inputs failed:\n{_listing(ours)}"


def test_no_input_makes_an_internal_error_in_the_script_and_scenario_readers(
    campaign: Campaign,
) -> None:
    assert campaign.failures is not None
    core = [f for f in campaign.failures if f.core]
    assert not core, f"{len(core)} of {campaign.inputs} inputs failed:\n{_listing(core)}"


def test_no_input_takes_more_than_10_seconds_or_200_mb(campaign: Campaign) -> None:
    assert campaign.failures is not None
    slow = [f for f in campaign.failures if "took more than" in f.error]
    assert not slow, _listing(slow)
    assert campaign.peak_growth < MAX_MEMORY, f"the peak grew by {campaign.peak_growth:,} bytes"


# --- through the installed command --------------------------------------------------------------


#: runs the command from a small process and writes its exit code and peak memory to a file.
#: Linux keeps a process's peak memory across exec, and a child forked from the test worker
#: starts from the worker's (hundreds of MB late in a run): the command is therefore forked
#: from this launcher, a fresh interpreter of a few MB, and measured there.
_LAUNCHER = """
import os, resource, sys, time
report, limit, seconds, *argv = sys.argv[1:]
pid = os.fork()
if pid == 0:
    limit = int(limit)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    os.execv(argv[0], argv)
deadline = time.monotonic() + float(seconds)
while True:
    done, status, usage = os.wait4(pid, os.WNOHANG)
    if done:
        code = os.waitstatus_to_exitcode(status)
        break
    if time.monotonic() > deadline:
        os.kill(pid, 9)
        done, status, usage = os.wait4(pid, 0)
        code = -9
        break
    time.sleep(0.01)
with open(report, "w") as out:
    out.write(f"{code} {usage.ru_maxrss * 1024}")
"""


def _launch(report: Path) -> list[str]:
    return [str(report), str(MAX_MEMORY), str(PER_INPUT_SECONDS)]


def _run(argv: list[str], folder: Path) -> tuple[int, str, int]:
    """The command's exit code, its standard error and its peak memory (bytes), with at most
    MAX_MEMORY of address space (a run that would grow past it fails: MemoryError, exit 70);
    killed after PER_INPUT_SECONDS."""
    report = folder / "report"
    report.unlink(missing_ok=True)
    with (folder / "stderr").open("w+b") as err, (folder / "stdout").open("wb") as out:
        subprocess.run(
            [sys.executable, "-c", _LAUNCHER, *_launch(report), str(SCRIPT), *argv],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            cwd=folder,
            env={**os.environ, "NO_COLOR": "1"},
            check=True,
            timeout=PER_INPUT_SECONDS + 30,
        )
        err.seek(0)
        code, peak = (int(word) for word in report.read_text().split())
        message = (
            "killed after the time limit" if code == -9 else err.read().decode("utf-8", "replace")
        )
        return code, message, peak


def test_the_command_refuses_special_files_at_once_and_in_little_memory(tmp_path: Path) -> None:
    specials = dict(_special_files(tmp_path))
    db = str(tmp_path / "p.sqlite3")
    hand = tmp_path / "hand.yaml"
    hand.write_text("table: {seats: 3, ruleset: zero.yaml}\nevents: [shuffle]\n")
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    runs = [
        ["replay", str(specials["an alias bomb"])],
        ["replay", str(specials["a merge-key bomb"])],
        ["replay", str(specials["a FIFO"])],
        ["replay", str(specials["50 MB"])],
        ["replay", str(hand)],
        ["scenarios", "validate", str(specials["a folder"])],
        ["scenarios", "list", "--bank", str(specials["a folder"])],
        ["drill", "--trainee", "Ana", "--db", db, "--answers", str(specials["a FIFO"])],
        ["drill", "--trainee", "Ana", "--db", db, "--answers", "/dev/zero"],
        ["quiz", "--trainee", "Ana", "--db", db, "--answers", str(specials["binary"])],
        ["quiz", "--trainee", "Ana", "--db", db, "--bank", str(specials["a folder"])],
        ["report", "--db", str(specials["binary"])],
    ]
    problems = []
    for argv in runs:
        code, err, peak = _run(argv, tmp_path)
        if code in (70, -9) or code < 0 or "Traceback" in err or peak > MAX_MEMORY:
            problems.append(f"{' '.join(argv)}: exit {code}, {peak:,} bytes: {err[-300:]}")
    assert not problems, "\n".join(problems)


def test_mutants_through_the_command_never_make_an_internal_error(tmp_path: Path) -> None:
    rng = random.Random(SEED + 1)
    seeds = [seed for seed in _seeds() if seed.kind in ("script", "scenario")]
    problems = []
    for number in range(8):
        seed = rng.choice(seeds)
        text, done = _mutate(rng, seed)
        path = tmp_path / f"{number}.yaml"
        path.write_bytes(text)
        command = ["replay", str(path)] if seed.kind == "script" else ["scenarios", "validate"]
        if seed.kind == "scenario":
            command.append(str(path))
        code, err, peak = _run(command, tmp_path)
        if code == 70 or code < 0 or "Traceback" in err or peak > MAX_MEMORY:
            problems.append(f"{path} ({seed.name} + {', '.join(done)}): exit {code}: {err[-300:]}")
    assert not problems, "\n".join(problems)


# --- what the fuzzer found in the core's readers, as plain reproducers ---------------------------

_FLOP_AND_ON = "[post_blinds, deal, {act: {seat: 1, action: call}}, {act: {seat: 2, action: check}}"
REPRODUCERS = {
    # handscript.py: a bare name skips the _REQUIRED check; procedure/hand.py asserts
    "bare-act": ("table: {seats: 3, button: 1}\nevents: [shuffle, cut, post_blinds, deal, act]\n"),
    "bare-declare-board": (
        "table: {seats: 2, button: 1, stacks: 2}\n"
        "deck: [As, Ks, Ad, Kd, 2c, 3h, 4d, 5s, 7c, 8h, 9d, Jc, Qh]\n"
        f"events: {_FLOP_AND_ON}, burn, flop, burn, turn, burn, river, declare_board]\n"
    ),
    # handscript.py: the small bet may not be larger than the big bet
    "limit-bets-10-2": "table: {seats: 3, structure: limit, bets: [10, 2]}\nevents: [shuffle]\n",
    # handscript.py: a whole value formatted into the message
    "long-event-name": "table: {seats: 3}\nevents: [" + "x" * 5000 + "]\n",
}
SCENARIO_REPRODUCERS = {
    # scenario.py: `fact not in FACTS` with a list
    "fact-list": ("fact: odd_chip", "fact: [odd_chip]"),
    # scenario.py: a whole value formatted into the message
    "long-topic": ("topic: odd-chip", "topic: " + "y" * 5000),
}


def _clear_error(code: int, out: str, err: str) -> bool:
    text = out + err
    return code in (1, 2) and "internal error" not in text and len(text) < 1000


@pytest.mark.parametrize("name", sorted(REPRODUCERS))
def test_script_reproducers_end_in_a_clear_error(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dealer_trainer.cli.main import main

    path = tmp_path / f"{name}.yaml"
    path.write_text(REPRODUCERS[name])
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert _clear_error(code, out, err), (code, err[:300])


@pytest.mark.parametrize("name", sorted(SCENARIO_REPRODUCERS))
def test_scenario_reproducers_end_in_a_clear_error(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from dealer_trainer.cli.main import main

    monkeypatch.setenv("NO_COLOR", "1")  # render.use_colour's default stream is bound at import

    old, new = SCENARIO_REPRODUCERS[name]
    text = (ROOT / "scenarios" / "odd-chip" / "odd-chip-two-way.yaml").read_text()
    assert old in text
    path = tmp_path / f"{name}.yaml"
    path.write_text(text.replace(old, new))
    code = main(["scenarios", "validate", str(path)])
    out, err = capsys.readouterr()
    assert _clear_error(code, out, err), (code, out[:300], err[:300])


def test_validating_a_bank_folder_skips_its_ruleset_and_an_empty_folder_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from dealer_trainer.cli.main import main

    monkeypatch.setenv("NO_COLOR", "1")  # render.use_colour's default stream is bound at import

    bank, empty = tmp_path / "bank", tmp_path / "empty"
    bank.mkdir()
    empty.mkdir()
    (bank / "room.yaml").write_text(HOUSE)
    (bank / "scenario.yaml").write_bytes(
        (ROOT / "scenarios" / "odd-chip" / "odd-chip-two-way.yaml").read_bytes()
    )
    assert main(["scenarios", "validate", str(bank)]) == 0, capsys.readouterr()
    capsys.readouterr()
    assert main(["scenarios", "validate", str(empty)]) != 0
