"""The rules pages, for anyone signed in: search as you type, a rule's page, what-if with
numbered steps, the glossary, and the diff of two rulesets (the person's rooms' house
rulesets included).

The answers come from the same screen-free functions as ``dealer-trainer rules``
(:mod:`dealer_trainer.rules.search`, :mod:`~dealer_trainer.rules.corpus`,
:mod:`~dealer_trainer.whatif`, :mod:`~dealer_trainer.rules.rulesets`). A ruleset is
named in a URL as a built-in name (``roberts``, ``tda-2024``) or as ``room-<id>``: the house
ruleset of a room the person belongs to. Another room's, or a room without one, is 404.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Response, abort, make_response, render_template, request

from dealer_trainer.accounts import Room
from dealer_trainer.errors import ScriptError
from dealer_trainer.procedure.rulings import SITUATIONS
from dealer_trainer.rules.corpus import NotFound, Rule, Term, load_corpus, normalise, rule
from dealer_trainer.rules.rulesets import BUILTIN, Ruleset, parse_ruleset
from dealer_trainer.rules.search import search_or_suggest
from dealer_trainer.rules.topics import TOPICS
from dealer_trainer.web.access import Access, policy
from dealer_trainer.web.htmx import is_htmx, page
from dealer_trainer.web.security import current_person
from dealer_trainer.web.store import accounts
from dealer_trainer.whatif import compare, outcome_doc, readings
from dealer_trainer.yamlio import load

__all__ = ["bp"]

bp = Blueprint("rules", __name__, url_prefix="/rules")

#: the longest search a person may type (longer is cut)
MAX_QUERY = 200
#: how many rules a search shows
LIMIT = 12
#: a room's house ruleset, in a URL
ROOM_PREFIX = "room-"


@dataclass(frozen=True, slots=True)
class Choice:
    """A ruleset a person may pick: its key in URLs, its label and the ruleset."""

    key: str
    label: str
    ruleset: Ruleset


def _house(room: Room) -> Ruleset | None:
    """The room's house ruleset, read from its YAML text by the rulesets loader (None: the
    room uses a built-in ruleset, or its text no longer reads)."""
    if room.house_yaml is None:
        return None

    try:
        data, locator = load(room.house_yaml, f"{room.name} house ruleset")
        return parse_ruleset(data, locator)
    except ScriptError:
        return None


def _choices() -> list[Choice]:
    """The built-in rulesets, then the house rulesets of the person's rooms."""
    out = [Choice(name, name, found) for name, found in BUILTIN.items()]
    for membership in accounts().memberships(current_person().id):
        house = _house(membership.room)
        if house is not None:
            label = f"{house.name} (house ruleset of {membership.room.name})"
            out.append(Choice(f"{ROOM_PREFIX}{membership.room.id}", label, house))
    return out


def _ruleset_or_404(key: str, choices: list[Choice]) -> Choice:
    """The ruleset ``key`` names among the person's choices; any other is 404 (another
    room's house ruleset is answered as one that does not exist)."""
    for choice in choices:
        if choice.key == key:
            return choice
    abort(404)


def _arg(name: str, default: str = "") -> str:
    return (request.args.get(name) or default).strip()[:MAX_QUERY]


# --- search ------------------------------------------------------------------------------------


@bp.route("")
@policy(Access.SIGNED_IN)
def search() -> Response:
    """The search page; for htmx, the results alone (search as you type)."""
    query = _arg("q")
    family = _arg("ruleset")
    if family not in BUILTIN:
        family = ""
    hits: list[Any] = []
    suggestions: tuple[str, ...] = ()
    if query:
        try:
            hits = search_or_suggest(query, family=family or None, limit=LIMIT)
        except NotFound as exc:
            suggestions = exc.suggestions
    context: dict[str, Any] = {
        "query": query,
        "family": family,
        "families": list(BUILTIN),
        "hits": hits,
        "suggestions": suggestions,
    }
    if is_htmx():
        response = make_response(render_template("rules/_results.html", oob=True, **context))
        response.vary.add("HX-Request")
        return response
    return page("rules/search.html", **context)


# --- glossary ----------------------------------------------------------------------------------


def term_anchor(item: Term) -> str:
    """The id of a term's entry on the glossary page (``term-burn-card``)."""
    words = "".join(ch if ch.isalnum() else " " for ch in item.term.casefold()).split()
    return "term-" + "-".join(words)


@bp.app_template_filter("term_anchor")
def _term_anchor_filter(item: Term) -> str:
    return term_anchor(item)


@bp.route("/glossary")
@policy(Access.SIGNED_IN)
def glossary() -> Response:
    corpus = load_corpus()
    terms = sorted(corpus.terms, key=lambda item: item.term.casefold())
    rules = {normalise(item.id): item for item in corpus.rules}
    see = {item.term: [rules[k] for k in map(normalise, item.see) if k in rules] for item in terms}
    return page("rules/glossary.html", terms=terms, see=see)


# --- what-if -----------------------------------------------------------------------------------


@bp.route("/what-if")
@policy(Access.SIGNED_IN)
def what_if() -> Response:
    """Pick a dealer error and a ruleset: its recovery as numbered steps, with the rule."""
    choices = _choices()
    name = _arg("situation")
    key = _arg("ruleset", "roberts")
    chosen = _ruleset_or_404(key, choices)
    by_name = {item.name: item for item in SITUATIONS}
    titles = {item.slug: item.title for item in TOPICS}
    groups: dict[str, list[Any]] = {}
    for item in SITUATIONS:
        groups.setdefault(titles.get(item.topic, item.topic), []).append(item)
    docs: list[dict[str, Any]] = []
    error = ""
    status = 200
    if name:
        found = by_name.get(name)
        if found is None:
            error = "Choose a dealer error from the list."
            status = 422
        else:
            docs = [outcome_doc(reading) for reading in readings(found, chosen.ruleset)]
    return page(
        "rules/what_if.html",
        status,
        groups=groups,
        choices=choices,
        situation=name,
        chosen=chosen,
        docs=docs,
        error=error,
    )


# --- diff --------------------------------------------------------------------------------------


@bp.route("/diff")
@policy(Access.SIGNED_IN)
def diff() -> Response:
    """Where two rulesets recover differently, side by side, and the options they differ on."""
    choices = _choices()
    first = _ruleset_or_404(_arg("first", "roberts"), choices)
    second = _ruleset_or_404(_arg("second", "tda-2024"), choices)
    found = compare(first.ruleset, second.ruleset)
    differ = [
        {"situation": item, "first": outcome_doc(a), "second": outcome_doc(b)}
        for item, a, b in found.differ
    ]
    options = [
        {
            "option": option,
            "first": _word(x),
            "first_means": option.values[x],
            "second": _word(y),
            "second_means": option.values[y],
        }
        for option, x, y in found.options
    ]
    return page(
        "rules/diff.html",
        choices=choices,
        first=first,
        second=second,
        differ=differ,
        same=found.same,
        options=options,
        total=len(SITUATIONS),
    )


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


# --- one rule ----------------------------------------------------------------------------------


@bp.route("/<rule_id>")
@policy(Access.SIGNED_IN)
def show(rule_id: str) -> Response:
    """One rule: its text, citation, source, and the rules and terms related to it."""
    if len(rule_id) > MAX_QUERY:
        abort(404)
    try:
        item = rule(rule_id)
    except NotFound:
        abort(404)
    corpus = load_corpus()
    try:
        source = corpus.source(item.source).title
    except KeyError:
        source = item.source
    titles = {topic.slug: topic.title for topic in TOPICS}
    situations = {situation.name: situation.title for situation in SITUATIONS}
    key = normalise(item.id)
    terms = [t for t in corpus.terms if key in {normalise(see) for see in t.see}]
    return page(
        "rules/rule.html",
        rule=item,
        source=source,
        topics=[(slug, titles.get(slug, slug)) for slug in item.topics],
        situations=[(name, situations[name]) for name in item.situations if name in situations],
        related=_related(item, corpus.rules),
        whatif_ruleset=next((name for name in item.rulesets if name in BUILTIN), "roberts"),
        terms=terms,
    )


def _related(item: Rule, rules: tuple[Rule, ...]) -> list[Rule]:
    """Rules on the same dealer errors first, then rules on the same topics."""
    same_situation = [
        other
        for other in rules
        if other is not item and set(other.situations) & set(item.situations)
    ]
    same_topic = [
        other
        for other in rules
        if other is not item
        and other not in same_situation
        and set(other.topics) & set(item.topics)
    ]
    return [*same_situation, *same_topic]
