"""The rules corpus: every rule the project knows, in its own words, and the glossary.

The corpus is package data (``dealer_trainer/rules/data/*.yaml``), read once per process::

    sources.yaml    where the rules come from (id, title, rulesets, note)
    rules.yaml      one entry per rule: id, cite, source, title, rulesets, topics,
                    situations, keywords, text
    glossary.yaml   one entry per term: term, aliases, text, see (rule ids)
    slang.yaml      the floor's way of saying things, for the search: say (what people
                    type), means (the corpus's words), join (read as one word); optional

A rule is found by its id or by the citation the engine writes (``rule(...)``), tolerantly:
``TDA24-39-A``, ``tda24-39a`` and ``TDA24 39-A`` are the same rule. An unknown id raises
:class:`NotFound`, which carries the closest ids as suggestions.

This module is on the path of ``dealer-trainer rules``, where start-up time counts: it imports
PyYAML only when its parsed copy of the data is stale (see :func:`read_corpus`) and rapidfuzz
only to suggest names for a miss; never the engine or the state machine.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

from dealer_trainer import errors
from dealer_trainer.errors import DealerTrainerError
from dealer_trainer.rules.kept import cache_file, keep
from dealer_trainer.safetext import excerpt

__all__ = [
    "Corpus",
    "CorpusError",
    "NotFound",
    "Rule",
    "Slang",
    "Source",
    "Term",
    "by_cite",
    "derived",
    "load_corpus",
    "normalise",
    "read_corpus",
    "rule",
    "suggest",
    "term",
]

_DROP = re.compile(r"[\s\-()._]+")


class CorpusError(DealerTrainerError):
    """The shipped corpus is malformed (a bug in the package data)."""

    exit_code = 70


class NotFound(errors.NotFound, KeyError):
    """An id, term, topic or situation the corpus does not know; ``suggestions`` are the
    closest names it does know (possibly none). Also a KeyError, as a mapping's miss is.
    """

    def __init__(self, what: str, name: str, suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(f"no {what} {excerpt(name)}", suggestions=suggestions)
        self.what = what
        self.name = name

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class Source:
    """A rulebook the corpus draws on."""

    id: str
    title: str
    rulesets: tuple[str, ...]
    note: str


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule, in the project's own words, with its citation."""

    id: str
    #: the citation as the engine writes it (``RRoP-HE 4``, ``TDA24 39-A``)
    cite: str
    #: the id of its :class:`Source`
    source: str
    title: str
    rulesets: tuple[str, ...]
    #: slugs of :data:`dealer_trainer.rules.topics.TOPICS`
    topics: tuple[str, ...]
    #: names of :data:`dealer_trainer.procedure.rulings.SITUATIONS` the rule governs
    situations: tuple[str, ...]
    #: the words a floor person uses for it
    keywords: tuple[str, ...]
    text: str

    def as_dict(self) -> dict[str, Any]:
        """A plain mapping (for JSON)."""
        return {
            "id": self.id,
            "cite": self.cite,
            "source": self.source,
            "title": self.title,
            "rulesets": list(self.rulesets),
            "topics": list(self.topics),
            "situations": list(self.situations),
            "keywords": list(self.keywords),
            "text": self.text,
        }


@dataclass(frozen=True, slots=True)
class Term:
    """A glossary entry."""

    term: str
    aliases: tuple[str, ...]
    text: str
    #: ids of related rules
    see: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        """A plain mapping (for JSON)."""
        return {
            "term": self.term,
            "aliases": list(self.aliases),
            "text": self.text,
            "see": list(self.see),
        }


@dataclass(frozen=True, slots=True)
class Slang:
    """How the floor says something, for the search: each of ``say`` means ``means``.

    ``join``: the words of ``means`` are read as one word wherever they stand, in the rules and
    in a question alike ("out of turn" is not about the turn card).
    """

    means: str
    say: tuple[str, ...]
    join: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class Corpus:
    """The whole corpus, with its lookup tables."""

    sources: tuple[Source, ...]
    rules: tuple[Rule, ...]
    terms: tuple[Term, ...]
    #: normalised id and normalised cite -> rule
    by_key: dict[str, Rule]
    #: exact cite -> rule
    by_cite: dict[str, Rule]
    #: normalised term and aliases -> term
    by_word: dict[str, Term]
    #: the floor's words the search reads (besides the glossary's terms and aliases)
    slang: tuple[Slang, ...] = ()

    def source(self, source_id: str) -> Source:
        """A source by id; ``KeyError`` when there is none."""
        for item in self.sources:
            if item.id == source_id:
                return item
        raise KeyError(source_id)


def normalise(name: str) -> str:
    """The lookup key of an id or citation: casefolded; spaces, hyphens, parentheses, dots
    and underscores dropped (``TDA24 39-A``, ``tda24-39a`` -> ``tda2439a``).
    """
    return _DROP.sub("", name.casefold())


def _word_key(word: str) -> str:
    return " ".join(word.casefold().replace("-", " ").replace("_", " ").split())


# --- loading --------------------------------------------------------------------------------


_FILES = ("sources.yaml", "rules.yaml", "glossary.yaml", "slang.yaml")
#: files a corpus folder may leave out (read as empty)
_OPTIONAL = frozenset({"slang.yaml"})
#: bump when the cache's layout changes
_CACHE_FORMAT = 2


def _parse(name: str, text: str) -> list[dict[str, Any]]:
    import yaml  # only when the cache is stale: PyYAML costs start-up time

    loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        data = yaml.load(text, Loader=loader)
    except yaml.YAMLError as exc:
        raise CorpusError(f"rules/data/{name}: {exc}") from None
    if not isinstance(data, list) or not all(isinstance(item, dict) for item in data):
        raise CorpusError(f"rules/data/{name}: expected a list of mappings")
    return data


def _stamp(folder: Path) -> list[list[Any]]:
    out: list[list[Any]] = []
    for path in (folder / name for name in _FILES):
        info = path.stat() if path.name not in _OPTIONAL or path.exists() else None
        out.append([path.name, info and info.st_mtime_ns, info and info.st_size])
    return out


def _read_all(folder: Traversable) -> dict[str, list[dict[str, Any]]]:
    """The files, parsed (an optional file that is absent is left out).

    A real folder keeps a JSON copy of the parse (:mod:`~dealer_trainer.rules.kept`), as
    Python keeps ``.pyc`` files: valid while the files keep their modification times and
    sizes, and not written under ``PYTHONDONTWRITEBYTECODE``. Reading it is some 30 times
    faster than parsing the YAML, and spares importing PyYAML.
    """
    cache = stamp = None
    if isinstance(folder, Path):
        cache = cache_file(folder, "corpus.json")
        try:
            stamp = _stamp(folder)
            cached = json.loads(cache.read_text(encoding="utf-8"))
            if cached["format"] == _CACHE_FORMAT and cached["stamp"] == stamp:
                return cast(dict[str, list[dict[str, Any]]], cached["data"])
        except (OSError, ValueError, KeyError, TypeError):
            pass
    data = {
        name: _parse(name, folder.joinpath(name).read_text(encoding="utf-8"))
        for name in _FILES
        if name not in _OPTIONAL or folder.joinpath(name).is_file()
    }
    if cache is not None and stamp is not None:
        keep(cache, {"format": _CACHE_FORMAT, "stamp": stamp, "data": data})
    return data


def derived(name: str, version: list[Any], build: Callable[[], Any]) -> Any:
    """What ``build`` makes of the shipped corpus (JSON data), kept beside the corpus's parsed
    copy as ``name``: built once, not at every start, and again when the corpus files or
    ``version`` (what else it depends on) change.
    """
    folder = _data_folder()
    if not isinstance(folder, Path):
        return build()
    path = cache_file(folder, name)
    stamp: list[Any] | None = None
    try:
        stamp = [*_stamp(folder), version]
        kept = json.loads(path.read_text(encoding="utf-8"))
        if kept["stamp"] == stamp:
            return kept["data"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    data = build()
    if stamp is not None:
        keep(path, {"stamp": stamp, "data": data})
    return data


def _text(item: dict[str, Any], key: str, where: str, *, default: str | None = None) -> str:
    value = item.get(key, default)
    if not isinstance(value, str) or not value.strip():
        raise CorpusError(f"{where}: {key!r} must be non-empty text")
    return value.strip()


def _list(item: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = item.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, str | int) for v in value):
        raise CorpusError(f"{where}: {key!r} must be a list of text")
    return tuple(str(v) for v in value)


def _check_keys(item: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    unknown = sorted(str(key) for key in item if key not in allowed)
    if unknown:
        raise CorpusError(f"{where}: unknown field(s) {', '.join(unknown)}")


_SOURCE_KEYS = ("id", "title", "rulesets", "note")
_RULE_KEYS = (
    "id",
    "cite",
    "source",
    "title",
    "rulesets",
    "topics",
    "situations",
    "keywords",
    "text",
)
_TERM_KEYS = ("term", "aliases", "text", "see")
_SLANG_KEYS = ("means", "say", "join")


def _sources(data: list[dict[str, Any]]) -> tuple[Source, ...]:
    out = []
    for i, item in enumerate(data):
        where = f"sources.yaml item {i + 1}"
        _check_keys(item, _SOURCE_KEYS, where)
        out.append(
            Source(
                _text(item, "id", where),
                _text(item, "title", where),
                _list(item, "rulesets", where),
                _text(item, "note", where, default="-"),
            )
        )
    return tuple(out)


def _rules(data: list[dict[str, Any]]) -> tuple[Rule, ...]:
    out = []
    for i, item in enumerate(data):
        where = f"rules.yaml item {i + 1} ({item.get('id')})"
        _check_keys(item, _RULE_KEYS, where)
        out.append(
            Rule(
                id=_text(item, "id", where),
                cite=_text(item, "cite", where),
                source=_text(item, "source", where),
                title=_text(item, "title", where),
                rulesets=_list(item, "rulesets", where),
                topics=_list(item, "topics", where),
                situations=_list(item, "situations", where),
                keywords=_list(item, "keywords", where),
                text=" ".join(_text(item, "text", where).split()),
            )
        )
    return tuple(out)


def _terms(data: list[dict[str, Any]]) -> tuple[Term, ...]:
    out = []
    for i, item in enumerate(data):
        where = f"glossary.yaml item {i + 1} ({item.get('term')})"
        _check_keys(item, _TERM_KEYS, where)
        out.append(
            Term(
                _text(item, "term", where),
                _list(item, "aliases", where),
                " ".join(_text(item, "text", where).split()),
                _list(item, "see", where),
            )
        )
    return tuple(out)


def _slang(data: list[dict[str, Any]]) -> tuple[Slang, ...]:
    out = []
    for i, item in enumerate(data):
        where = f"slang.yaml item {i + 1} ({item.get('means')})"
        _check_keys(item, _SLANG_KEYS, where)
        join = item.get("join", False)
        if not isinstance(join, bool):
            raise CorpusError(f"{where}: 'join' must be true or false")
        say = _list(item, "say", where)
        if not say and not join:
            raise CorpusError(f"{where}: 'say' must list what people type")
        out.append(Slang(_text(item, "means", where), say, join))
    return tuple(out)


def _index(rules: tuple[Rule, ...]) -> tuple[dict[str, Rule], dict[str, Rule]]:
    by_key: dict[str, Rule] = {}
    by_cite: dict[str, Rule] = {}
    for item in rules:
        if item.cite in by_cite:
            raise CorpusError(f"rules.yaml: two rules cite {item.cite!r}")
        by_cite[item.cite] = item
        for key in {normalise(item.id), normalise(item.cite)}:
            other = by_key.get(key)
            if other is not None and other is not item:
                raise CorpusError(f"rules.yaml: {other.id} and {item.id} are both {key!r}")
            by_key[key] = item
    return by_key, by_cite


def _word_index(terms: tuple[Term, ...]) -> dict[str, Term]:
    by_word: dict[str, Term] = {}
    for item in terms:
        for word in (item.term, *item.aliases):
            key = _word_key(word)
            other = by_word.get(key)
            if other is not None and other is not item:
                raise CorpusError(f"glossary.yaml: {word!r} names {other.term!r} and {item.term!r}")
            by_word[key] = item
    return by_word


def read_corpus(folder: Traversable) -> Corpus:
    """Read a corpus from a folder holding sources.yaml, rules.yaml and glossary.yaml, and
    optionally slang.yaml.

    The folder keeps a parsed copy in ``__pycache__/corpus.json``, used while the files keep
    their modification times and sizes.
    """
    data = _read_all(folder)
    rules = _rules(data["rules.yaml"])
    terms = _terms(data["glossary.yaml"])
    sources = _sources(data["sources.yaml"])
    by_key, cites = _index(rules)
    slang = _slang(data.get("slang.yaml", []))
    return Corpus(sources, rules, terms, by_key, cites, _word_index(terms), slang)


@cache
def load_corpus() -> Corpus:
    """The corpus shipped with the package (read once, then cached)."""
    return read_corpus(_data_folder())


def _data_folder() -> Traversable:
    """The package data folder: next to this file when the package lies in a folder (the
    usual case, and the fast one: importlib.resources costs some 5 ms of start-up); through
    importlib.resources otherwise (a zipped package).
    """
    here = Path(__file__).with_name("data")
    if here.is_dir():
        return here
    from importlib.resources import files  # start-up: some 5 ms, only for a zipped package

    return files("dealer_trainer.rules").joinpath("data")


# --- lookup ---------------------------------------------------------------------------------


def suggest(
    word: str, choices: list[str], *, limit: int = 3, cutoff: float = 50
) -> tuple[str, ...]:
    """The names among ``choices`` closest to ``word`` (rapidfuzz), best first."""
    # start-up: rapidfuzz only when a name is not found (the rules lookup stays light)
    from rapidfuzz import fuzz, process, utils

    found = process.extract(
        word,
        choices,
        scorer=fuzz.WRatio,
        processor=utils.default_process,
        limit=limit,
        score_cutoff=cutoff,
    )
    return tuple(choice for choice, _score, _index in found)


def rule(id_or_cite: str) -> Rule:
    """A rule by id or citation, in any case and spacing; :class:`NotFound` with the closest
    ids when there is none.
    """
    corpus = load_corpus()
    found = corpus.by_key.get(normalise(id_or_cite))
    if found is not None:
        return found
    by_norm = {normalise(item.id): item.id for item in corpus.rules}
    close = suggest(normalise(id_or_cite), list(by_norm), cutoff=60)
    raise NotFound("rule", id_or_cite, tuple(by_norm[key] for key in close))


def by_cite() -> dict[str, Rule]:
    """Every rule by its exact citation (``RRoP-HE 4`` -> the rule)."""
    return load_corpus().by_cite


def term(word: str) -> Term:
    """A glossary term by its name or an alias (any case; a plural finds the singular);
    :class:`NotFound` with the closest terms when there is none.
    """
    corpus = load_corpus()
    key = _word_key(word)
    for candidate in (key, key.removesuffix("s"), key.removesuffix("es")):
        found = corpus.by_word.get(candidate)
        if found is not None:
            return found
    names = list(corpus.by_word)
    close = suggest(key, names)
    unique: dict[str, None] = {}
    for name in close:
        unique.setdefault(corpus.by_word[name].term, None)
    raise NotFound("glossary term", word, tuple(unique))
