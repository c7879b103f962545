"""``dealer-trainer rules``: the rules lookup for the floor.

::

    dealer-trainer rules list [--topic T] [--ruleset R]
    dealer-trainer rules show ID
    dealer-trainer rules search TEXT [--ruleset R]
    dealer-trainer rules term WORD
    dealer-trainer rules what-if SITUATION [--ruleset R]
    dealer-trainer rules diff RULESET RULESET

Every command takes ``--json`` (one JSON document on standard output). The answer comes first
and short. Anything unknown (an id, a term, a situation, a ruleset, a search that finds
nothing) is refused with the closest names on standard error, exit code 1.

Start-up matters on the floor: this module imports only the standard library at the top;
``list``, ``show``, ``search`` and ``term`` read the corpus (PyYAML, rapidfuzz) and nothing of
the engine; ``what-if`` and ``diff`` read :mod:`dealer_trainer.procedure.rulings` too (data
only: no state machine).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from dealer_trainer.cli.render import Painter, columns, echo, print_json, wrap

if TYPE_CHECKING:
    from dealer_trainer.rules.corpus import Rule
    from dealer_trainer.rules.rulesets import Ruleset
    from dealer_trainer.whatif import Reading

__all__ = ["configure", "run"]

_JSON_HELP = "print one JSON document instead of text"


def configure(rules: argparse.ArgumentParser) -> None:
    """``rules`` and its subcommands."""
    # the built-in names are not listed here: reading them costs the lookup's start-up time
    ruleset_help = "a built-in ruleset's name or a house ruleset file (YAML)"
    rules.description = (
        "Look up the rules, in the project's own words with their citations: the "
        "irregularity rules and their recoveries, the dealing procedure, the glossary."
    )
    rules.epilog = "Run 'dealer-trainer rules SUBCOMMAND --help' for its options."
    rules.set_defaults(rules_parser=rules)
    sub = rules.add_subparsers(dest="rules_command", metavar="SUBCOMMAND")

    listing = sub.add_parser(
        "list",
        help="list the rules (id and title)",
        description="List the rules of the corpus, by id and title.",
    )
    listing.add_argument("--topic", help="only the rules of this topic (e.g. premature-turn)")
    listing.add_argument("--ruleset", help=f"only the rules of this ruleset: {ruleset_help}")

    show = sub.add_parser(
        "show",
        help="show one rule in full",
        description="Show one rule: its text, citation, source, rulesets and topics.",
    )
    show.add_argument(
        "id", nargs="+", metavar="ID", help="a rule id or citation (TDA24-39-A, 'RRoP-HE 4')"
    )

    search = sub.add_parser(
        "search",
        help="find the rule for a situation, in your own words",
        description=(
            "Find the rules that answer a situation, best first. Typos and floor words are "
            "fine: 'flashed card', '4 card flop', 'dealer turned the turn early'."
        ),
    )
    search.add_argument("text", nargs="+", metavar="TEXT", help="the words to search for")
    search.add_argument("--ruleset", help=f"only the rules of this ruleset: {ruleset_help}")
    search.add_argument(
        "--limit", type=_positive, default=5, help="show at most this many rules (default 5)"
    )

    term = sub.add_parser(
        "term",
        help="look a word up in the glossary",
        description="Look a word up in the glossary (burn, kicker, muck, play the board, ...).",
    )
    term.add_argument("word", nargs="+", metavar="WORD", help="the term or one of its aliases")

    what_if = sub.add_parser(
        "what-if",
        help="the recovery from a dealer error, step by step",
        description=(
            "The numbered recovery steps from a dealer error under a ruleset, as the engine "
            "performs them, with the rule and its citation. SITUATION is a situation name "
            "(premature_turn), an irregularity kind, a topic, or plain words ('4 card flop')."
        ),
    )
    what_if.add_argument(
        "situation", nargs="+", metavar="SITUATION", help="the dealer error, by name or in words"
    )
    what_if.add_argument("--ruleset", default="roberts", help=f"{ruleset_help} (default: roberts)")

    diff = sub.add_parser(
        "diff",
        help="where two rulesets recover differently",
        description=(
            "Every dealer error whose recovery differs between two rulesets, side by side, "
            "and the ruleset options on which they differ."
        ),
    )
    diff.add_argument("first", metavar="RULESET", help=ruleset_help)
    diff.add_argument("second", metavar="RULESET", help="the ruleset to compare it with")
    for each in (listing, show, search, term, what_if, diff):
        each.add_argument("--json", action="store_true", help=_JSON_HELP)


def _positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return number


def run(args: argparse.Namespace) -> int:
    """Run a ``rules`` subcommand: its JSON document with ``--json``, else its lines of text;
    return the exit code."""
    if args.rules_command is None:
        args.rules_parser.print_help()
        return 0
    answer = _COMMANDS[args.rules_command](args, Painter())
    if args.json:
        return print_json(answer, ascii_only=False)
    echo(*answer)
    return 0


# --- helpers ---------------------------------------------------------------------------------

#: what a subcommand gives: a JSON document (with ``--json``) or lines of text
_Answer = dict[str, Any] | list[str]


def _wrap(text: str, indent: str = "  ") -> list[str]:
    return wrap(indent + text, min(columns(), 88), hang=len(indent))


def _ruleset(value: str) -> Ruleset:
    """A ruleset by name or house file; an unknown name is refused with suggestions."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.rules.corpus import NotFound, suggest
    from dealer_trainer.rules.rulesets import BUILTIN, resolve

    try:
        return resolve(value)
    except KeyError:
        raise NotFound(
            "ruleset", value, suggest(value, list(BUILTIN), cutoff=0, limit=len(BUILTIN))
        ) from None


def _heading(item: Rule, paint: Painter) -> str:
    return f"{paint(item.cite, 'cyan')}  {paint(item.title, 'bold')}"


# --- list ------------------------------------------------------------------------------------


def _list(args: argparse.Namespace, paint: Painter) -> _Answer:
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.rules.corpus import NotFound, load_corpus, suggest
    from dealer_trainer.rules.topics import TOPICS

    chosen = list(load_corpus().rules)
    if args.topic is not None:
        slugs = [item.slug for item in TOPICS]
        if args.topic not in slugs:
            raise NotFound("topic", args.topic, suggest(args.topic, slugs))
        chosen = [item for item in chosen if args.topic in item.topics]
    ruleset = _ruleset(args.ruleset) if args.ruleset is not None else None
    if ruleset is not None:
        chosen = [item for item in chosen if ruleset.family in item.rulesets]
    if args.json:
        return {
            "topic": args.topic,
            "ruleset": ruleset.name if ruleset else None,
            "rules": [
                {"id": r.id, "cite": r.cite, "title": r.title, "rulesets": list(r.rulesets)}
                for r in chosen
            ],
        }
    width = max((len(item.id) for item in chosen), default=0)
    lines = [
        line
        for item in chosen
        for line in wrap(
            f"{paint(item.id.ljust(width), 'cyan')}  {item.title}  "
            + paint(f"[{', '.join(item.rulesets) or '-'}]", "dim"),
            hang=min(width + 2, 24),
        )
    ]
    where = []
    if args.topic is not None:
        where.append(f"topic {args.topic}")
    if ruleset is not None:
        where.append(f"ruleset {ruleset.name}")
    lines.append(paint(f"{len(chosen)} rules" + (f" ({', '.join(where)})" if where else ""), "dim"))
    return lines


# --- show ------------------------------------------------------------------------------------


def _show(args: argparse.Namespace, paint: Painter) -> _Answer:
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.rules.corpus import load_corpus, rule

    item = rule(" ".join(args.id))
    source = load_corpus().source(item.source)
    if args.json:
        return {**item.as_dict(), "source_title": source.title}
    lines = [_heading(item, paint), *_wrap(item.text)]
    about = (
        f"id {item.id}; source: {source.title}; rulesets: {', '.join(item.rulesets) or '-'}; "
        f"topics: {', '.join(item.topics)}"
    )
    lines.extend(paint(line, "dim") for line in _wrap(about, ""))
    if item.situations:
        lines.append(paint(f"what-if: {', '.join(item.situations)}", "dim"))
    return lines


# --- search ----------------------------------------------------------------------------------


def _search(args: argparse.Namespace, paint: Painter) -> _Answer:
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.rules.search import search_or_suggest

    query = " ".join(args.text).strip()
    if not query:
        # start-up: the command imports only what it runs, when it runs
        from dealer_trainer.errors import ScriptError

        raise ScriptError("give some words to search for")
    ruleset = _ruleset(args.ruleset) if args.ruleset is not None else None
    hits = search_or_suggest(query, family=ruleset.family if ruleset else None, limit=args.limit)
    if args.json:
        return {
            "query": query,
            "ruleset": ruleset.name if ruleset else None,
            "results": [{**hit.rule.as_dict(), "score": hit.score} for hit in hits],
        }
    top = hits[0].rule
    lines = [_heading(top, paint), *_wrap(top.text)]
    if len(hits) > 1:
        lines.append(paint("also:", "dim"))
        width = max(len(hit.rule.id) for hit in hits[1:])
        for hit in hits[1:]:
            head = f"  {paint(hit.rule.id.ljust(width), 'cyan')}  "
            lines.extend(wrap(head + hit.rule.title, hang=min(width + 4, 24)))
    return lines


# --- term ------------------------------------------------------------------------------------


def _term(args: argparse.Namespace, paint: Painter) -> _Answer:
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.rules.corpus import load_corpus, normalise, term

    item = term(" ".join(args.word))
    corpus = load_corpus()
    see = [corpus.by_key[key] for key in map(normalise, item.see) if key in corpus.by_key]
    if args.json:
        return {**item.as_dict(), "see_titles": {r.id: r.title for r in see}}
    also = f" (also: {', '.join(item.aliases)})" if item.aliases else ""
    lines = [paint(item.term, "bold") + paint(also, "dim"), *_wrap(item.text)]
    lines.extend(f"  see {paint(r.id, 'cyan')}: {r.title}" for r in see)
    return lines


# --- what-if ---------------------------------------------------------------------------------


def _what_if(args: argparse.Namespace, paint: Painter) -> _Answer:
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.whatif import find_situations, outcome_doc

    ruleset = _ruleset(args.ruleset)
    words = " ".join(args.situation)
    found, how = find_situations(words, ruleset)
    docs = [outcome_doc(reading) for reading in found]
    if args.json:
        return {"query": words, "ruleset": ruleset.name, "found_by": how, "situations": docs}
    lines: list[str] = []
    for doc in docs:
        if lines:
            lines.append("")
        verdict = paint(" MISDEAL", "red") if doc["misdeal"] else ""
        rule = paint(f"  [{doc['rule']}; {ruleset.name}]", "yellow")
        lines.extend(wrap(paint(doc["title"], "bold") + verdict + rule))
        if doc["when"]:
            lines.extend(_wrap(f"covers: {doc['when']}"))
        for number, step in enumerate(doc["words"], 1):
            lines.extend(wrap(f"{number:>3}. {step}", min(columns(), 88)))
        events = " -> ".join(doc["steps"]) if doc["steps"] else "none (play goes on)"
        lines.extend(paint(line, "dim") for line in _wrap(f"dealer events: {events}"))
        if doc["rule_text"]:
            lines.extend(_wrap(f"{paint(doc['rule'], 'cyan')} {paint(doc['rule_title'], 'bold')}"))
            lines.extend(_wrap(doc["rule_text"], "    "))
    return lines


# --- diff ------------------------------------------------------------------------------------


def _diff(args: argparse.Namespace, paint: Painter) -> _Answer:
    # start-up: the command imports only what it runs, when it runs
    from itertools import zip_longest

    from dealer_trainer.procedure.rulings import SITUATIONS
    from dealer_trainer.whatif import compare, outcome_doc

    first, second = _ruleset(args.first), _ruleset(args.second)
    found = compare(first, second)
    if args.json:
        return {
            "rulesets": [first.name, second.name],
            "differ": [
                {
                    "situation": item.name,
                    "title": item.title,
                    first.name: outcome_doc(a),
                    second.name: outcome_doc(b),
                }
                for item, a, b in found.differ
            ],
            "same": [item.name for item in found.same],
            "options": [
                {
                    "option": option.name,
                    "question": option.question,
                    first.name: _plain(x),
                    second.name: _plain(y),
                }
                for option, x, y in found.options
            ],
        }
    lines = wrap(
        paint(
            f"{len(found.differ)} of {len(SITUATIONS)} dealer errors recover differently "
            f"under {first.name} and {second.name}",
            "bold",
        )
    )
    width = min(columns(), 123)
    column = (width - 3) // 2 if width >= 70 else width  # side by side, or one under the other
    for item, a, b in found.differ:
        lines.append("")
        lines.extend(wrap(paint(item.title, "bold") + paint(f"  ({item.name})", "dim"), width))
        left, right = _column(first.name, a, column), _column(second.name, b, column)
        if column == width:
            lines.extend([*left, *right])
            continue
        for cell_a, cell_b in zip_longest(left, right, fillvalue=""):
            lines.append(f"{cell_a.ljust(column)} | {cell_b}".rstrip())
    if found.same:
        names = ", ".join(item.name for item in found.same)
        lines.extend(["", *wrap(f"Same recovery under both: {names}.", width)])
    if found.options:
        lines.extend(["", paint("Options that differ:", "bold")])
        for option, x, y in found.options:
            lines.extend(_wrap(f"{option.name}: {first.name} {_word(x)}; {second.name} {_word(y)}"))
            lines.extend(_wrap(f"{_word(x)}: {option.values[x]}", "    "))
            lines.extend(_wrap(f"{_word(y)}: {option.values[y]}", "    "))
    return lines


def _plain(value: Any) -> Any:
    return value if isinstance(value, bool | int | str) else str(value)


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _column(name: str, reading: Reading, width: int) -> list[str]:
    outcome = reading.outcome
    head = f"{name} [{outcome.rule}]" + (" MISDEAL" if outcome.misdeal else "")
    out = wrap(head, width)
    if reading.when:
        out.extend(wrap(f"covers: {reading.when}", width, hang=2))
    for number, step in enumerate(outcome.words, 1):
        out.extend(wrap(f"{number}. {step}", width))
    return out


_COMMANDS = {
    "list": _list,
    "show": _show,
    "search": _search,
    "term": _term,
    "what-if": _what_if,
    "diff": _diff,
}
