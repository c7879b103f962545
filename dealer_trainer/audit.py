"""The bank-level checks a single item cannot show: can a trainee who never reads the question
pass by the shape of the options, and is the same hand asked twice in one sitting?

``dealer-trainer scenarios audit PATH...`` reads every scenario file under the paths (its own
words, not the engine's proof: ``scenarios validate`` does that) and reports:

- **length strategies**, over choice and fact items with three or more options: the expected
  score of "pick the longest", "pick the shortest" and "pick at random among the options that
  are neither", each beside blind guessing. Where several options tie for longest (or
  shortest) the strategy picks among them at random; where no option is neither, "middle"
  guesses blind. A strategy that beats blind guessing by more than :data:`MARGIN` points
  fails the audit.
- **key positions**: where the right option stands among the options, per option count.
- **non-parallel options**: some options led by a number and some not, or some with a reason
  after a colon and some bare.
- **families**: items with the same table, deck, seed and setup (the ruleset aside) are the
  same hand; they must declare one ``family:``. An undeclared family fails the audit.
- **giveaways**: a title or a question that holds the right option's distinctive words (the
  words no wrong option has). A title is shown with the feedback, and on the trainee's home
  among the misses, so a trainee sees it before answering the item again in review.

Pure: it reads files and returns figures; the command prints them.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dealer_trainer.errors import ScriptError
from dealer_trainer.scenario.bank import find_scenarios
from dealer_trainer.yamlio import load_file

__all__ = [
    "MARGIN",
    "Audit",
    "AuditItem",
    "Family",
    "Finding",
    "Strategy",
    "audit",
    "audit_items",
    "giveaway_problem",
    "item_of",
    "parallel_problem",
    "read_item",
    "scenario_files",
]

#: points a length strategy may beat blind guessing by before the audit fails
MARGIN = 5.0
#: question kinds whose options a trainee picks one of
_PICKED = ("choice", "fact")

_WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
_NUMBER_LED = re.compile(r"^\s*[-+]?\$?\d[\d,]*(?:\.\d+)?\b")
_BARE_NUMBER = re.compile(
    r"^\s*[-+]?\$?\d[\d,]*(?:\.\d+)?\s*(?:chips?|cards?|seats?|players?)?\s*\.?\s*$", re.I
)
#: a short answer, then its reason after a colon: "Yes: ...", "Seat 4: ...", "Nobody yet: ..."
#: (at most five words before it: a colon later in a sentence is punctuation, not this form)
_REASON = re.compile(r"^\s*(?:[^\s:]+\s+){0,4}[^\s:]+:\s+\S")
#: words too common to tell one option from another
_STOP_WORDS = """
    a an and are as at be been before but by can do does for from had has have he her him his
    if in into is it its no not of off on once one or out over she so than that the their them
    then there these they this those to two up was were what when where which while who why
    will with you your it's one's each every only still same other any all more most must
    should would could
"""
_STOP = frozenset(_STOP_WORDS.split())


@dataclass(frozen=True, kw_only=True, slots=True)
class AuditItem:
    """What the audit reads of one scenario file."""

    id: str
    #: the file, for messages
    source: str
    kind: str
    options: tuple[str, ...] = ()
    #: the right option's index, or None
    key: int | None = None
    title: str = ""
    ask: str = ""
    explain: str = ""
    family: str | None = None
    #: the hand, the ruleset aside: items with one hand are one family
    hand: str = ""


@dataclass(frozen=True, kw_only=True, slots=True)
class Strategy:
    """The expected score of one way of answering without reading, beside blind guessing."""

    name: str
    #: percent
    score: float
    #: percent
    blind: float

    @property
    def margin(self) -> float:
        """Points above blind guessing."""
        return self.score - self.blind


@dataclass(frozen=True, kw_only=True, slots=True)
class Finding:
    """One item flagged, with why."""

    item: str
    source: str
    reason: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Family:
    """Items asked on one hand."""

    items: tuple[str, ...]
    sources: tuple[str, ...]
    #: the families they declare (an empty string where one declares none)
    declared: tuple[str, ...]

    @property
    def undeclared(self) -> bool:
        """Not all of them declare the same family."""
        return len(set(self.declared)) != 1 or not self.declared[0]


@dataclass(frozen=True, kw_only=True, slots=True)
class Audit:
    """A bank's figures."""

    items: int
    #: items with three or more options, of a kind picked from options
    measured: int
    strategies: tuple[Strategy, ...]
    #: option count -> key position (1-based) -> items
    positions: Mapping[int, Mapping[int, int]]
    non_parallel: tuple[Finding, ...]
    families: tuple[Family, ...]
    giveaways: tuple[Finding, ...]
    unreadable: tuple[Finding, ...] = field(default=())

    def failures(self, margin: float = MARGIN) -> list[str]:
        """What fails the audit: a length strategy too far above blind, an undeclared family."""
        found = [
            f"picking the {s.name} option scores {s.score:.1f}% against {s.blind:.1f}% blind"
            f" ({s.margin:+.1f} points, more than {margin:g})"
            for s in self.strategies
            if s.margin > margin
        ]
        found += [
            "the same hand, no one family declared: " + ", ".join(f.items)
            for f in self.families
            if f.undeclared
        ]
        return found

    def to_json(self, margin: float = MARGIN) -> dict[str, Any]:
        """The figures as JSON-ready data."""
        return {
            "items": self.items,
            "measured": self.measured,
            "strategies": [
                {
                    "name": s.name,
                    "score": round(s.score, 1),
                    "blind": round(s.blind, 1),
                    "margin": round(s.margin, 1),
                }
                for s in self.strategies
            ],
            "key_positions": {
                str(n): {str(p): c for p, c in sorted(by.items())}
                for n, by in sorted(self.positions.items())
            },
            "non_parallel": [_finding(f) for f in self.non_parallel],
            "families": [
                {
                    "items": list(f.items),
                    "sources": list(f.sources),
                    "declared": list(f.declared),
                    "undeclared": f.undeclared,
                }
                for f in self.families
            ],
            "giveaways": [_finding(f) for f in self.giveaways],
            "unreadable": [_finding(f) for f in self.unreadable],
            "failures": self.failures(margin),
            "ok": not self.failures(margin),
        }


def _finding(found: Finding) -> dict[str, str]:
    return {"item": found.item, "source": found.source, "reason": found.reason}


# --- reading ------------------------------------------------------------------------------------


def scenario_files(paths: Iterable[Path]) -> list[Path]:
    """Every scenario file under the paths (as ``scenarios validate`` finds them: house
    ruleset files left out), each once, in a stable order."""
    return list(dict.fromkeys(find_scenarios(list(paths))))


def _text(value: Any) -> str:
    return " ".join(str(value).split()) if isinstance(value, str | int | float) else ""


def _hand(data: Mapping[str, Any]) -> str:
    table = data.get("table")
    if isinstance(table, Mapping):
        table = {k: v for k, v in table.items() if k != "ruleset"}
    hand = {k: data.get(k) for k in ("deck", "seed", "setup")}
    return json.dumps({"table": table, **hand}, sort_keys=True, default=str)


def read_item(path: Path) -> AuditItem:
    """What the audit reads of one file; a ScriptError (with its place) if it is no scenario."""
    data, _ = load_file(path, "scenario")
    if not isinstance(data, Mapping):
        raise ScriptError(f"{path}: not a scenario (a mapping with id, question, ...)")
    return item_of(data, str(path))


def item_of(data: Mapping[str, Any], source: str) -> AuditItem:
    """What the audit reads of one scenario mapping (``source`` names it in messages)."""
    question = data.get("question")
    question = question if isinstance(question, Mapping) else {}
    choices = question.get("choices")
    choices = [c for c in choices if isinstance(c, Mapping)] if isinstance(choices, list) else []
    keys = [i for i, c in enumerate(choices) if c.get("correct") is True]
    family = data.get("family")
    return AuditItem(
        id=_text(data.get("id")) or Path(source).stem,
        source=source,
        kind=_text(question.get("kind")) or ("order" if "order" in question else "choice"),
        options=tuple(_text(c.get("text")) for c in choices),
        key=keys[0] if len(keys) == 1 else None,
        title=_text(data.get("title")),
        ask=_text(question.get("ask")),
        explain=_text(question.get("explain")),
        family=_text(family) or None,
        hand=_hand(data),
    )


# --- the checks ---------------------------------------------------------------------------------


def _measured(items: Sequence[AuditItem]) -> list[AuditItem]:
    return [i for i in items if i.kind in _PICKED and len(i.options) >= 3 and i.key is not None]


def _share(key: int, picked: Sequence[int]) -> float:
    return 1.0 / len(picked) if key in picked else 0.0


def strategies(items: Sequence[AuditItem]) -> tuple[Strategy, ...]:
    """Longest, shortest and middle, each beside blind guessing, in percent."""
    measured = _measured(items)
    if not measured:
        return ()
    longest = shortest = middle = blind = 0.0
    for item in measured:
        assert item.key is not None
        sizes = [len(o) for o in item.options]
        every = range(len(sizes))
        top = [i for i in every if sizes[i] == max(sizes)]
        bottom = [i for i in every if sizes[i] == min(sizes)]
        between = [i for i in every if i not in top and i not in bottom] or list(every)
        longest += _share(item.key, top)
        shortest += _share(item.key, bottom)
        middle += _share(item.key, between)
        blind += 1.0 / len(sizes)
    count = len(measured)
    base = 100 * blind / count
    return tuple(
        Strategy(name=name, score=100 * total / count, blind=base)
        for name, total in (("longest", longest), ("shortest", shortest), ("middle", middle))
    )


def positions(items: Sequence[AuditItem]) -> dict[int, dict[int, int]]:
    """Option count -> the key's position (1-based) -> how many items."""
    found: dict[int, Counter[int]] = defaultdict(Counter)
    for item in items:
        if item.kind in _PICKED and item.key is not None and len(item.options) >= 2:
            found[len(item.options)][item.key + 1] += 1
    return {n: dict(by) for n, by in sorted(found.items())}


def parallel_problem(options: Sequence[str]) -> str | None:
    """Why the options are not in one form, or None."""
    if len(options) < 2:
        return None
    led = [bool(_NUMBER_LED.match(o)) for o in options]
    if any(led) and not all(led):
        return "some options start with a number and some do not"
    if all(led):
        bare = [bool(_BARE_NUMBER.match(o)) for o in options]
        if any(bare) and not all(bare):
            return "some options are a bare number and some give a reason"
    reason = [bool(_REASON.match(o)) for o in options]
    if any(reason) and not all(reason):
        return 'some options give a reason after a colon ("Yes: ...") and some do not'
    return None


def _words(text: str) -> set[str]:
    return {w.strip("'-") for w in _WORD.findall(text.lower())} - _STOP - {""}


def _distinctive(item: AuditItem) -> set[str]:
    if item.key is None:
        return set()
    others: set[str] = set()
    for index, option in enumerate(item.options):
        if index != item.key:
            others |= _words(option)
    return {w for w in _words(item.options[item.key]) - others if len(w) >= 4 and not w.isdigit()}


def giveaway_problem(item: AuditItem) -> str | None:
    """The title or the question holds the right option's distinctive words."""
    if item.kind not in _PICKED:
        return None
    words = _distinctive(item)
    if not words:
        return None
    # a title names the situation, so two of the key's own words there say which option it is;
    # a question must set the table, so it takes three
    for place, text, enough in (("title", item.title, 2), ("question", item.ask, 3)):
        shown = sorted(words & _words(text))
        if len(shown) >= min(enough, len(words)):
            return f"the {place} holds the right option's words: {', '.join(shown)}"
    return None


def families(items: Sequence[AuditItem]) -> tuple[Family, ...]:
    """Groups of items asked on one hand (two or more)."""
    by_hand: dict[str, list[AuditItem]] = defaultdict(list)
    for item in items:
        by_hand[item.hand].append(item)
    return tuple(
        Family(
            items=tuple(i.id for i in group),
            sources=tuple(i.source for i in group),
            declared=tuple(i.family or "" for i in group),
        )
        for group in by_hand.values()
        if len(group) >= 2
    )


def audit_items(items: Sequence[AuditItem], unreadable: Sequence[Finding] = ()) -> Audit:
    """The figures of a list of items."""
    flagged = [(i, parallel_problem(i.options)) for i in items if i.kind in _PICKED]
    given = [(i, giveaway_problem(i)) for i in items]
    return Audit(
        items=len(items),
        measured=len(_measured(items)),
        strategies=strategies(items),
        positions=positions(items),
        non_parallel=tuple(Finding(item=i.id, source=i.source, reason=r) for i, r in flagged if r),
        families=families(items),
        giveaways=tuple(Finding(item=i.id, source=i.source, reason=r) for i, r in given if r),
        unreadable=tuple(unreadable),
    )


def audit(paths: Iterable[Path]) -> Audit:
    """Read every scenario file under the paths and audit them."""
    items: list[AuditItem] = []
    unreadable: list[Finding] = []
    for path in scenario_files(paths):
        try:
            items.append(read_item(path))
        except ScriptError as exc:
            unreadable.append(Finding(item=path.stem, source=str(path), reason=str(exc)))
    return audit_items(items, unreadable)
