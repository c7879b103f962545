"""Ranked, typo-tolerant search of the rules corpus, in the words a floor person uses.

Built on :mod:`rapidfuzz`. A question is first read in the corpus's own words, through the
floor's glossary: every alias of a term in ``glossary.yaml`` ("puck", "two-handed", "ship
it", "black chip") stands for its term (button, heads-up, all-in, chip), and every entry of
``slang.yaml`` for what it means ("rolled" -> turned or exposed, "4th" -> fourth, "guy" ->
player, "no word" -> silent). The longest phrase wins, and the words as typed stay in the
running beside their meaning. A few phrases are read as one word in the rules and the question
alike (``join`` in slang.yaml: "out of turn" is not about the turn card).

Each rule is then scored on two measures, both from rapidfuzz scorers:

* **phrase**: the question, as typed and in the corpus's words, against the rule's title and
  keywords as whole phrases (``fuzz.WRatio``: "premture flop" is one typo from "premature
  flop");
* **coverage**: how many of the question's words the rule speaks of. Each word (or its
  meaning) is matched (``fuzz.ratio``, so "bord" finds "board") against the words of the
  rule's title, keywords, topics and citation, and at half weight the words of its text;
  words that many rules share (card, dealer) weigh less than rare ones (flashed, boxed), and a
  word no rule knows (a seat number, an amount) weighs nothing.

An id or citation typed exactly (in any spelling that
:func:`dealer_trainer.rules.corpus.normalise` accepts) always comes first.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz, process

from dealer_trainer.rules.corpus import (
    Corpus,
    NotFound,
    Rule,
    derived,
    load_corpus,
    normalise,
    suggest,
)

__all__ = ["MIN_SCORE", "Hit", "read_question", "search", "search_or_suggest", "stem"]

#: a hit below this score (0..100) is no answer
MIN_SCORE = 45.0
#: the weight of the phrase measure; coverage has the rest
PHRASE_WEIGHT = 0.45
#: a word of the rule's text counts this much of a word of its title or keywords
TEXT_WEIGHT = 0.5
#: the longest phrase of the glossary or the slang looked for in a question, in words
LONGEST = 4

#: a rule of the ruleset in use that the glossary points to (``see``) for a term of the
#: question wins a close call by this much
POINTED = 3.0

#: with no ruleset asked for, the rules of the default ruleset win a close call by this much
PREFERENCE = 5.0
PREFERRED = "roberts"

# fmt: off
_STOP = frozenset(
    (
        "a", "an", "the", "of", "to", "on", "in", "is", "was", "were", "be", "been", "it", "its",
        "and", "or", "by", "at", "with", "for", "from", "what", "when", "if", "do", "does", "did",
        "i", "my", "we", "our", "he", "she", "they", "his", "her", "their", "then", "now", "there",
        "this", "that", "who", "how", "as", "up", "out", "off", "got", "get", "gets", "should",
        "has", "had", "have", "can", "so", "im", "s", "just", "still", "into", "are", "me",
        "t", "didn", "doesn", "wasn", "isn", "don", "aren", "weren", "ll", "ve", "re", "d", "m",
        "some", "any", "like", "about", "really", "actually", "ok", "okay", "pls", "please",
        "hey", "um", "lol", "would", "will", "could", "also", "which", "whats", "u", "ya",
    )
)
# fmt: on
_WORD = re.compile(r"[a-z0-9]+")
_DOUBLED = frozenset("bdgmnprt")


@cache
def stem(word: str) -> str:
    """A word without its ending, the same for the rules and the question: "flashed",
    "flashes" and "flash"; "raised", "raises", "raising" and "raise"; "cards" and "card".
    """
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("ing") and len(word) > 5:
        word = word[:-3]
    elif word.endswith("ed") and len(word) > 4:
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us")):
        word = word[:-1]
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] in _DOUBLED:
        word = word[:-1]  # "dropped", "drop"
    return word


@dataclass(frozen=True, slots=True)
class Hit:
    """One rule found, with its score (0..100; an exact id or citation scores 100)."""

    rule: Rule
    score: float


#: one place in a question: the ways to read it, each a group of words that must all match
Slot = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class _Lexicon:
    """The floor's words as the search reads them."""

    #: the phrases read as one word
    joins: re.Pattern[str] | None
    #: a phrase as typed (its words) -> its readings in the corpus's words, and whether the
    #: phrase as typed is a reading too (a glossary alias, a single word: yes; a phrase of the
    #: floor: no, "without a word" is not about words)
    meanings: dict[tuple[str, ...], tuple[tuple[str, ...], bool]]
    #: a glossary term or alias (its words) -> the rules the glossary points to for it
    see: dict[tuple[str, ...], frozenset[str]]

    def join(self, text: str) -> str:
        text = text.casefold()
        if self.joins is None:
            return text
        return self.joins.sub(lambda m: "".join(_WORD.findall(m.group(0))), text)

    def words(self, text: str) -> list[str]:
        """The words of ``text`` as compared: joined phrases as one word, stop words dropped,
        endings taken off (:func:`stem`).
        """
        return [stem(word) for word in _WORD.findall(self.join(text)) if word not in _STOP]

    def key(self, text: str) -> tuple[str, ...]:
        """How a phrase of the glossary or the slang is looked up: every word, stemmed."""
        return tuple(stem(word) for word in _WORD.findall(self.join(text)))


@cache
def _lexicon(corpus: Corpus) -> _Lexicon:
    joined = sorted({entry.means for entry in corpus.slang if entry.join}, key=len, reverse=True)
    pattern = None
    if joined:
        spelt = (r"[\s\-]+".join(map(re.escape, _WORD.findall(p.casefold()))) for p in joined)
        pattern = re.compile(r"\b(?:" + "|".join(spelt) + r")\b")
    bare = _Lexicon(pattern, {}, {})
    meanings: dict[tuple[str, ...], tuple[tuple[str, ...], bool]] = {}
    see: dict[tuple[str, ...], frozenset[str]] = {}
    for item in corpus.terms:  # a glossary alias means its term
        for name in (item.term, *item.aliases):
            see[bare.key(name)] = frozenset(item.see)
        for alias in item.aliases:
            key = bare.key(alias)
            if key and key != bare.key(item.term):
                meanings[key] = ((item.term,), True)
    for entry in corpus.slang:  # the slang has the last word
        readings = tuple(part.strip() for part in entry.means.split(",") if part.strip())
        for said in entry.say:
            key = bare.key(said)
            if key:
                meanings[key] = (readings, len(key) == 1)
    return _Lexicon(pattern, meanings, see)


def read_question(query: str, corpus: Corpus | None = None) -> list[Slot]:
    """The places of a question, each with its readings: the words as typed and, where the
    glossary or the slang knows a phrase (the longest first), what it means.
    """
    lexicon = _prepared(corpus or load_corpus())[0]
    raw = _WORD.findall(lexicon.join(query))
    stems = [stem(word) for word in raw]
    slots: list[Slot] = []
    i = 0
    while i < len(raw):
        for size in range(min(LONGEST, len(raw) - i), 0, -1):
            found = lexicon.meanings.get(tuple(stems[i : i + size]))
            if found is not None:
                readings, typed = found
                break
        else:
            size, readings, typed = 1, (), True
        groups = [tuple(lexicon.words(" ".join(raw[i : i + size])))] if typed else []
        groups += [tuple(lexicon.words(reading)) for reading in readings]
        slot = tuple(dict.fromkeys(group for group in groups if group))
        if slot:
            slots.append(slot)
        i += size
    return slots


def _pointed(query: str, lexicon: _Lexicon) -> frozenset[str]:
    """The ids of the rules the glossary points to (``see``) for the terms of a question."""
    stems = [stem(word) for word in _WORD.findall(lexicon.join(query))]
    found: set[str] = set()
    for size in range(1, LONGEST + 1):
        for i in range(len(stems) - size + 1):
            found |= lexicon.see.get(tuple(stems[i : i + size]), frozenset())
    return frozenset(found)


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
    lexicon = _lexicon(corpus)
    entries = []
    vocabulary: set[str] = set()
    for item in corpus.rules:
        phrases = tuple(
            " ".join(lexicon.words(phrase)) for phrase in (item.title, *item.keywords) if phrase
        )
        strong_text = " ".join((item.title, *item.keywords, *item.topics, *item.situations))
        # the id and the citation, and its parts run together ("39a" for TDA24 39-A), but no
        # bare number of theirs: "2 boxed cards" is not about RRoP-HE 2
        marks = _WORD.findall(f"{item.id} {item.cite}".casefold())
        marks += [normalise(part) for part in item.cite.split()]
        strong = frozenset(lexicon.words(strong_text)) | {m for m in marks if not m.isdigit()}
        weak = frozenset(lexicon.words(item.text)) - strong
        vocabulary |= strong | weak
        entries.append(_Entry(item, phrases, strong, weak))
    return _Index(tuple(entries), tuple(sorted(vocabulary)))


@cache
def _prepared(corpus: Corpus) -> tuple[_Lexicon, _Index]:
    """The lexicon and the index of ``corpus``; for the shipped corpus, read from the copy
    kept on disk (:func:`dealer_trainer.rules.corpus.derived`) when this module and the corpus
    files are those it was made from.
    """
    if corpus is not load_corpus():
        return _lexicon(corpus), _index(corpus)
    here = Path(__file__).stat()
    kept = derived(
        "search.json",
        [here.st_mtime_ns, here.st_size],
        lambda: _dump(_lexicon(corpus), _index(corpus)),
    )
    try:
        return _load(kept, corpus)
    except (KeyError, TypeError, ValueError, re.error):  # a damaged copy: build it
        return _lexicon(corpus), _index(corpus)


def _dump(lexicon: _Lexicon, index: _Index) -> dict[str, Any]:
    return {
        "joins": lexicon.joins.pattern if lexicon.joins else None,
        "meanings": [[k, list(r), typed] for k, (r, typed) in lexicon.meanings.items()],
        "see": [[key, sorted(ids)] for key, ids in lexicon.see.items()],
        "entries": [[e.phrases, sorted(e.strong), sorted(e.weak)] for e in index.entries],
        "vocabulary": index.vocabulary,
    }


def _load(kept: dict[str, Any], corpus: Corpus) -> tuple[_Lexicon, _Index]:
    if len(kept["entries"]) != len(corpus.rules):
        raise ValueError("the kept index is of another corpus")
    lexicon = _Lexicon(
        re.compile(kept["joins"]) if kept["joins"] else None,
        {tuple(k): (tuple(r), bool(typed)) for k, r, typed in kept["meanings"]},
        {tuple(key): frozenset(ids) for key, ids in kept["see"]},
    )
    entries = tuple(
        _Entry(item, tuple(phrases), frozenset(strong), frozenset(weak))
        for item, (phrases, strong, weak) in zip(corpus.rules, kept["entries"], strict=True)
    )
    return lexicon, _Index(entries, tuple(kept["vocabulary"]))


def _similar(word: str, vocabulary: Sequence[str]) -> dict[str, float]:
    """Every word of the vocabulary close to ``word``, with its similarity (0..1)."""
    found = process.extract(
        word, vocabulary, scorer=fuzz.ratio, score_cutoff=_cutoff(word), limit=None
    )
    return {choice: score / 100 for choice, score, _ in found}


def _strength(entry: _Entry, close: dict[str, float]) -> float:
    """How well ``entry`` speaks of one word, given the vocabulary's words close to it."""
    best = 0.0
    for choice, score in close.items():
        if choice in entry.strong:
            best = max(best, score)
        elif choice in entry.weak:
            best = max(best, TEXT_WEIGHT * score)
    return best


def _rarity(found_in: float, total: int) -> float:
    """How much a word found in ``found_in`` of ``total`` rules tells (BM25's idf): a word
    every other rule has (card, dealer) little, a word of a few rules (boxed, puck) much, a
    word of none (a seat number, an amount) nothing. A rule that has the word only in its
    text, or only in part, counts in part.
    """
    if found_in <= 0:
        return 0.0
    return math.log(1 + (total - found_in + 0.5) / (found_in + 0.5))


def _coverage(entries: list[_Entry], slots: list[Slot], index: _Index) -> list[float]:
    total = len(index.entries)
    close: dict[str, dict[str, float]] = {}
    rarity: dict[str, float] = {}
    for slot in slots:
        for group in slot:
            for word in group:
                if word not in close:
                    close[word] = _similar(word, index.vocabulary)
                    found_in = sum(_strength(e, close[word]) for e in index.entries)
                    rarity[word] = _rarity(found_in, total)

    def slot_score(entry: _Entry, slot: Slot) -> float:
        """The best reading of ``slot`` for ``entry``: in a reading of several words, each
        counts by its rarity ("no burn": the burn matters, the no hardly).
        """
        best = 0.0
        for group in slot:
            weight = sum(rarity[w] for w in group)
            if weight:
                got = sum(rarity[w] * _strength(entry, close[w]) for w in group) / weight
                best = max(best, got)
        return best

    # a place weighs what its words tell: a reading of several words the sum of theirs
    weights = [max(sum(rarity[w] for w in group) for group in slot) for slot in slots]
    whole = sum(weights)
    if not whole:
        return [0.0] * len(entries)
    pairs = list(zip(weights, slots, strict=True))
    return [100 * sum(w * slot_score(entry, s) for w, s in pairs if w) / whole for entry in entries]


def _plain(slot: Slot, index: _Index) -> tuple[str, ...]:
    """A place of the question in the corpus's words: as typed, unless the corpus does not
    know a word of it; then its first reading.
    """
    typed = slot[0]
    if len(slot) > 1 and not all(_similar(word, index.vocabulary) for word in typed):
        return slot[1]
    return typed


def search(query: str, *, family: str | None = None, limit: int | None = 5) -> list[Hit]:
    """The rules that best answer ``query``, best first (only rules of the ruleset
    ``family`` when given); hits under :data:`MIN_SCORE` are left out.
    """
    corpus = load_corpus()
    lexicon, index = _prepared(corpus)
    entries = [e for e in index.entries if family is None or family in e.rule.rulesets]
    exact = corpus.by_key.get(normalise(query))
    slots = read_question(query, corpus)
    # the question as typed, and with each word the corpus does not know ("puck", "rolled")
    # in the corpus's words (its first reading)
    texts = {" ".join(" ".join(slot[0]) for slot in slots)}
    texts.add(" ".join(" ".join(_plain(slot, index)) for slot in slots))
    texts.discard("")
    # for a tie, the question wholly in the corpus's words too ("4" -> four)
    full = texts | {" ".join(" ".join(slot[1] if len(slot) > 1 else slot[0]) for slot in slots)}
    coverage = _coverage(entries, slots, index)
    pointed = _pointed(query, lexicon)
    hits: list[Hit] = []
    ranked: list[tuple[float, float, Hit]] = []
    for entry, covered in zip(entries, coverage, strict=True):
        if entry.rule is exact:
            hits.append(Hit(entry.rule, 100.0))
            continue
        phrase = strict = 0.0
        for text in texts:
            best = process.extractOne(text, entry.phrases, scorer=fuzz.WRatio, processor=None)
            phrase = max(phrase, best[1] if best else 0.0)
        score = PHRASE_WEIGHT * phrase + (1 - PHRASE_WEIGHT) * covered
        if family is None and PREFERRED in entry.rule.rulesets:
            score += PREFERENCE + (POINTED if entry.rule.id in pointed else 0.0)
        elif family is not None and entry.rule.id in pointed:
            score += POINTED
        if score >= MIN_SCORE:
            for text in full:  # for a tie: the phrase that says no more than the question
                best = process.extractOne(
                    text, entry.phrases, scorer=fuzz.token_sort_ratio, processor=None
                )
                strict = max(strict, best[1] if best else 0.0)
            ranked.append((score, strict, Hit(entry.rule, round(min(score, 99.9), 1))))
    ranked.sort(key=lambda row: (-row[0], -row[1]))  # stable: then corpus order
    hits += [row[-1] for row in ranked]
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
