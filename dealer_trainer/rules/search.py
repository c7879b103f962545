"""Ranked, typo-tolerant search of the rules corpus, in the words a floor person uses.

Built on :mod:`rapidfuzz`. Each rule is scored on two measures, both from rapidfuzz scorers:

* **phrase**: the query against the rule's title and keywords as whole phrases
  (``fuzz.WRatio``: "4 card flop" is a keyword of RRoP-HE 2; "premture flop" is one typo
  from "premature flop");
* **coverage**: how many of the query's words the rule speaks of. Each word of the query is
  matched (``fuzz.ratio``, so "bord" finds "board") against the words of the rule's title,
  keywords, topics and citation, and at half weight the words of its text; words that many
  rules share (card, dealer) weigh less than rare ones (flashed, boxed).

A small synonym map turns floor slang into the corpus's words first ("flashed" -> exposed,
"4" -> four, "early" -> premature). An id or citation typed exactly (in any spelling that
:func:`dealer_trainer.rules.corpus.normalise` accepts) always comes first.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from rapidfuzz import fuzz, process

from dealer_trainer.rules.corpus import Corpus, NotFound, Rule, load_corpus, normalise, suggest

__all__ = ["MIN_SCORE", "SYNONYMS", "Hit", "search", "search_or_suggest"]

#: a hit below this score (0..100) is no answer
MIN_SCORE = 45.0
#: the weight of the phrase measure; coverage has the rest
PHRASE_WEIGHT = 0.45
#: a word of the rule's text counts this much of a word of its title or keywords
TEXT_WEIGHT = 0.5

#: with no ruleset asked for, the rules of the default ruleset win a close call by this much
PREFERENCE = 5.0
PREFERRED = "roberts"
#: floor slang -> the words the corpus uses (each word of a query also matches itself)
SYNONYMS: dict[str, tuple[str, ...]] = {
    "flashed": ("exposed",),
    "flash": ("exposed",),
    "flashes": ("exposed",),
    "flipped": ("exposed",),
    "shown": ("exposed",),
    "showed": ("exposed",),
    "early": ("premature",),
    "soon": ("premature",),
    "fast": ("premature",),
    "before": ("premature",),
    "4": ("four",),
    "5": ("five",),
    "3": ("three",),
    "2": ("two",),
    "1": ("one",),
    "bb": ("big", "blind"),
    "sb": ("small", "blind"),
    "chop": ("split",),
    "chopped": ("split",),
    "allin": ("all", "in"),
    "shove": ("all", "in"),
    "upside": ("boxed",),
    "backwards": ("boxed",),
    "straddle": ("straddle", "blind"),
    "redeal": ("misdeal",),
    "mucked": ("muck",),
    "tabled": ("table",),
    "raises": ("raise", "cap"),
}

# fmt: off
_STOP = frozenset(
    (
        "a", "an", "the", "of", "to", "on", "in", "is", "was", "were", "be", "been", "it", "its",
        "and", "or", "by", "at", "with", "for", "from", "what", "when", "if", "do", "does", "did",
        "i", "my", "we", "our", "he", "she", "they", "his", "her", "their", "then", "now", "there",
        "this", "that", "who", "how", "as", "up", "out", "off", "got", "get", "gets", "should",
    )
)
# fmt: on
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True, slots=True)
class Hit:
    """One rule found, with its score (0..100; an exact id or citation scores 100)."""

    rule: Rule
    score: float


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


def _phrase(text: str) -> str:
    """A phrase as the phrase measure compares it: lower case, no punctuation or stop words."""
    return " ".join(word for word in _words(text) if word not in _STOP)


def _cutoff(word: str) -> float:
    """How close a word of the corpus must be to a word of the query (0..100)."""
    if len(word) <= 3:
        return 100.0  # "odd" is not "add"
    if len(word) <= 5:
        return 85.0  # "bord" is "board", "turn" is not "burn"
    return 80.0


@dataclass(frozen=True, slots=True)
class _Entry:
    rule: Rule
    phrases: tuple[str, ...]
    strong: frozenset[str]
    weak: frozenset[str]


@dataclass(frozen=True, slots=True)
class _Index:
    entries: tuple[_Entry, ...]
    vocabulary: tuple[str, ...]


@cache
def _index(corpus: Corpus) -> _Index:
    entries = []
    vocabulary: set[str] = set()
    for item in corpus.rules:
        phrases = tuple(_phrase(phrase) for phrase in (item.title, *item.keywords) if phrase)
        strong_text = " ".join(
            (item.title, *item.keywords, *item.topics, item.id, item.cite, *item.situations)
        )
        # a citation's parts run together as well: "39a" for TDA24 39-A
        parts = (normalise(part) for part in item.cite.split())
        strong = frozenset(_words(strong_text)) | frozenset(parts)
        weak = frozenset(_words(item.text)) - strong
        vocabulary |= strong | weak
        entries.append(_Entry(item, phrases, strong, weak))
    return _Index(tuple(entries), tuple(sorted(vocabulary)))


def _similar(word: str, vocabulary: Sequence[str]) -> dict[str, float]:
    """Every word of the vocabulary close to ``word``, with its similarity (0..1)."""
    found = process.extract(
        word, vocabulary, scorer=fuzz.ratio, score_cutoff=_cutoff(word), limit=None
    )
    return {choice: score / 100 for choice, score, _ in found}


def _query_words(query: str) -> list[list[str]]:
    """The query's words (stop words dropped), each with its synonyms."""
    out = []
    for word in _words(query):
        if word in _STOP:
            continue
        out.append([word, *SYNONYMS.get(word, ())])
    return out


def _coverage(entries: Iterable[_Entry], words: list[list[str]], index: _Index) -> list[float]:
    entries = list(entries)
    if not words:
        return [0.0] * len(entries)
    # per query word: the similarity of each vocabulary word to it or to one of its synonyms
    matches: list[dict[str, float]] = []
    for alternatives in words:
        merged: dict[str, float] = {}
        for alternative in alternatives:
            for choice, score in _similar(alternative, index.vocabulary).items():
                merged[choice] = max(merged.get(choice, 0.0), score)
        matches.append(merged)
    total = len(index.entries)
    weights = []
    for merged in matches:
        found_in = sum(
            1
            for entry in index.entries
            if any(w in entry.strong or w in entry.weak for w in merged)
        )
        weights.append(math.log(1 + total / (1 + found_in)))
    whole = sum(weights) or 1.0
    out = []
    for entry in entries:
        got = 0.0
        for merged, weight in zip(matches, weights, strict=True):
            best = 0.0
            for choice, score in merged.items():
                if choice in entry.strong:
                    best = max(best, score)
                elif choice in entry.weak:
                    best = max(best, TEXT_WEIGHT * score)
            got += weight * best
        out.append(100 * got / whole)
    return out


def search(query: str, *, family: str | None = None, limit: int | None = 5) -> list[Hit]:
    """The rules that best answer ``query``, best first (only rules of the ruleset
    ``family`` when given); hits under :data:`MIN_SCORE` are left out.
    """
    corpus = load_corpus()
    index = _index(corpus)
    entries = [e for e in index.entries if family is None or family in e.rule.rulesets]
    exact = corpus.by_key.get(normalise(query))
    words = _query_words(query)
    # the query as typed, and with the first synonym of each slang word put in its place
    texts = {" ".join(w[0] for w in words), " ".join(w[1] if len(w) == 2 else w[0] for w in words)}
    texts.discard("")
    coverage = _coverage(entries, words, index)
    hits: list[Hit] = []
    ranked: list[tuple[float, Hit]] = []
    for entry, covered in zip(entries, coverage, strict=True):
        if entry.rule is exact:
            hits.append(Hit(entry.rule, 100.0))
            continue
        phrase = 0.0
        for text in texts:
            best = process.extractOne(text, entry.phrases, scorer=fuzz.WRatio, processor=None)
            phrase = max(phrase, best[1] if best else 0.0)
        score = PHRASE_WEIGHT * phrase + (1 - PHRASE_WEIGHT) * covered
        if family is None and PREFERRED in entry.rule.rulesets:
            score += PREFERENCE
        if score >= MIN_SCORE:
            ranked.append((score, Hit(entry.rule, round(min(score, 99.9), 1))))
    ranked.sort(key=lambda pair: -pair[0])  # stable: corpus order breaks ties
    hits += [hit for _score, hit in ranked]
    return hits[:limit] if limit is not None else hits


def search_or_suggest(query: str, *, family: str | None = None, limit: int | None = 5) -> list[Hit]:
    """:func:`search`, or :class:`~dealer_trainer.rules.corpus.NotFound` (with the closest
    keywords and titles as suggestions) when nothing answers.
    """
    hits = search(query, family=family, limit=limit)
    if hits:
        return hits
    corpus = load_corpus()
    phrases: dict[str, None] = {}
    for item in corpus.rules:
        if family is None or family in item.rulesets:
            for phrase in (*item.keywords, item.title):
                phrases.setdefault(phrase, None)
    raise NotFound("rule matches", query, suggest(query, list(phrases), cutoff=0))
