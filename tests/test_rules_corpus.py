"""The rules corpus: every entry valid, every citation the engine writes resolves, the glossary
is complete enough, docs/rules.md is current, and the search answers floor words.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from dealer_trainer.errors import DealerTrainerError
from dealer_trainer.procedure.rulings import SITUATIONS
from dealer_trainer.rules import doc
from dealer_trainer.rules.corpus import (
    CorpusError,
    NotFound,
    load_corpus,
    normalise,
    read_corpus,
    rule,
    term,
)
from dealer_trainer.rules.rulesets import BUILTIN
from dealer_trainer.rules.search import search, search_or_suggest
from dealer_trainer.rules.topics import TOPICS
from tests.yamlfast import FAST_LOADER

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "dealer_trainer"
SEEDS = Path("/work/shared/seeds")
#: a string literal of the package that is a citation: "RRoP-HE 4", "TDA24 39-A", "RRoP limits"
CITATION = re.compile(r"(RRoP|TDA24|LA26|T26)(-[A-Z]+(\([a-z]\))?)?( [A-Za-z0-9-]+)?")

CORPUS = load_corpus()


def _engine_citations() -> set[str]:
    """Every citation the package writes: the string literals that are citations."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and CITATION.fullmatch(node.value)
            ):
                found.add(node.value)
    return found


# --- every entry valid -------------------------------------------------------------------------


def test_rule_ids_and_citations_are_unique_even_normalised() -> None:
    ids = [item.id for item in CORPUS.rules]
    assert len(ids) == len(set(ids))
    cites = [item.cite for item in CORPUS.rules]
    assert len(cites) == len(set(cites))
    keys = [normalise(i) for i in ids]
    assert len(keys) == len(set(keys))


def test_rule_id_is_its_citation_with_hyphens_for_spaces_and_parentheses() -> None:
    for item in CORPUS.rules:
        expected = re.sub(r"\((\w+)\)", r"-\1", item.cite).replace(" ", "-")
        assert item.id == expected, item.cite
        assert not re.search(r"\s", item.id)


def test_every_rule_names_a_known_source_ruleset_topic_and_situation() -> None:
    sources = {item.id for item in CORPUS.sources}
    slugs = {item.slug for item in TOPICS}
    situations = {item.name for item in SITUATIONS}
    for item in CORPUS.rules:
        assert item.source in sources, item.id
        assert item.id.startswith(item.source), item.id
        assert set(item.rulesets) <= set(BUILTIN), item.id
        assert item.topics, item.id
        assert set(item.topics) <= slugs, item.id
        assert set(item.situations) <= situations, item.id
        assert item.keywords, item.id
        assert item.title and item.text, item.id


def test_every_source_is_listed_with_its_rulesets() -> None:
    ids = {item.id for item in CORPUS.sources}
    assert {"RRoP", "TDA24", "LA26", "T26"} <= ids
    for item in CORPUS.sources:
        assert set(item.rulesets) <= set(BUILTIN), item.id
        assert item.title and item.note


def test_every_topic_has_a_rule() -> None:
    for item in TOPICS:
        assert any(item.slug in r.topics for r in CORPUS.rules), item.slug


def test_every_situation_is_governed_by_a_rule_that_names_it() -> None:
    named = {name for item in CORPUS.rules for name in item.situations}
    assert {item.name for item in SITUATIONS} <= named


def test_glossary_has_at_least_forty_terms_and_its_references_exist() -> None:
    assert len(CORPUS.terms) >= 40
    names = [item.term.casefold() for item in CORPUS.terms]
    assert len(names) == len(set(names))
    for item in CORPUS.terms:
        assert item.text, item.term
        for rule_id in item.see:
            assert rule(rule_id).id == rule_id, item.term


@pytest.mark.parametrize(
    "word", ["burn", "button", "kicker", "muck", "play the board", "flop", "turn", "river"]
)
def test_glossary_has_the_words_of_the_seeds(word: str) -> None:
    assert term(word).text


def test_rule_texts_are_short() -> None:
    for item in CORPUS.rules:
        assert len(item.text) <= 900, item.id


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts are not on this machine")
def test_no_rule_or_term_copies_a_run_of_ten_words_from_the_seeds() -> None:
    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", text.casefold())

    seen: set[tuple[str, ...]] = set()
    for path in SEEDS.glob("*.txt"):
        w = words(path.read_text(encoding="utf-8", errors="replace"))
        seen.update(tuple(w[i : i + 10]) for i in range(len(w) - 9))
    texts = [(r.id, r.text) for r in CORPUS.rules] + [(t.term, t.text) for t in CORPUS.terms]
    for name, text in texts:
        w = words(text)
        copied = [
            " ".join(w[i : i + 10]) for i in range(len(w) - 9) if tuple(w[i : i + 10]) in seen
        ]
        assert not copied, f"{name}: {copied[0]!r}"


# --- the engine's citations resolve ------------------------------------------------------------


def test_the_citation_pattern_finds_the_engines_citations() -> None:
    found = _engine_citations()
    assert {"RRoP-HE 1", "RRoP-HEP 9", "RRoP-MD(c)", "TDA24 39-A", "LA26 168"} <= found
    assert {"RRoP betting", "RRoP limits", "TDA24 RP-5B", "TDA24 35-A-7"} <= found


def test_every_citation_the_engine_writes_has_exactly_one_rule() -> None:
    for cite in sorted(_engine_citations()):
        assert cite in CORPUS.by_cite, f"{cite} is cited by the engine but not in the corpus"


def test_every_outcome_of_every_situation_cites_a_rule_of_its_ruleset() -> None:
    for item in SITUATIONS:
        for variant, outcome in item.variants.items():
            cited = CORPUS.by_cite[outcome.rule]
            assert item.name in cited.situations, (item.name, variant, outcome.rule)


def test_scenario_files_cite_only_known_rules() -> None:
    folder = ROOT / "scenarios"
    if not folder.is_dir():
        pytest.skip("no scenario bank yet")

    pattern = re.compile(r"\b(?:RRoP|TDA24|LA26|T26)[-\w()]*(?: [-\w()]+)?")
    for path in folder.rglob("*.yaml"):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=FAST_LOADER)
        rules = data.get("rules", []) if isinstance(data, dict) else []
        for cited in [rules] if isinstance(rules, str) else rules:
            assert pattern.match(str(cited)), (path, cited)
            rule(str(cited))


# --- lookup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("spelling", ["TDA24-39-A", "tda24-39a", "TDA24 39-A", "TDA24-39A"])
def test_a_rule_is_found_in_any_spelling_of_its_id_or_citation(spelling: str) -> None:
    assert rule(spelling) is CORPUS.by_cite["TDA24 39-A"]


def test_a_misdeal_list_item_is_found_with_or_without_parentheses() -> None:
    assert rule("RRoP-MD(c)") is rule("RRoP-MD-c") is rule("rrop md c")


def test_an_unknown_id_is_not_found_with_suggestions() -> None:
    with pytest.raises(NotFound) as caught:
        rule("TDA24-39-Z")
    assert isinstance(caught.value, KeyError)
    assert isinstance(caught.value, DealerTrainerError)
    assert caught.value.exit_code == 1
    assert caught.value.suggestions
    assert "TDA24-39-A" in caught.value.suggestions
    assert "did you mean" in str(caught.value)


def test_a_term_is_found_by_alias_case_and_plural() -> None:
    burn = term("burn card")
    assert term("BURN") is burn
    assert term("burn cards") is burn


def test_an_unknown_term_is_not_found_with_suggestions() -> None:
    with pytest.raises(NotFound) as caught:
        term("kiker")
    assert "kicker" in caught.value.suggestions


def _write(folder: Path, rules: str, glossary: str = "[]\n") -> Path:
    (folder / "sources.yaml").write_text("- {id: X, title: X rules, rulesets: [roberts]}\n")
    (folder / "rules.yaml").write_text(rules)
    (folder / "glossary.yaml").write_text(glossary)
    return folder


_ONE = "- {id: X-1, cite: X 1, source: X, title: t, text: words}\n"


def test_a_corpus_is_read_from_any_folder(tmp_path: Path) -> None:
    corpus = read_corpus(_write(tmp_path, _ONE))
    assert corpus.by_cite["X 1"].id == "X-1"
    assert corpus.by_key["x1"].text == "words"


def test_a_corpus_field_the_format_does_not_have_is_refused(tmp_path: Path) -> None:
    bad = "- {id: X-1, cite: X 1, source: X, title: t, text: w, txet: w}\n"
    with pytest.raises(CorpusError, match=r"unknown field.*txet"):
        read_corpus(_write(tmp_path, bad))


def test_a_citation_given_twice_is_refused(tmp_path: Path) -> None:
    twice = _ONE + "- {id: X-2, cite: X 1, source: X, title: t, text: w}\n"
    with pytest.raises(CorpusError, match="two rules cite 'X 1'"):
        read_corpus(_write(tmp_path, twice))


def test_two_ids_that_normalise_alike_are_refused(tmp_path: Path) -> None:
    alike = _ONE + "- {id: X1, cite: X-1 , source: X, title: t, text: w}\n"
    with pytest.raises(CorpusError, match="both"):
        read_corpus(_write(tmp_path, alike))


def test_a_rule_without_text_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="'text' must be non-empty"):
        read_corpus(_write(tmp_path, "- {id: X-1, cite: X 1, source: X, title: t}\n"))


def test_the_parsed_copy_is_kept_and_follows_the_yaml(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "prefix"))
    read_corpus(_write(folder, _ONE))
    [kept] = (tmp_path / "prefix").rglob("corpus.json")
    assert kept.parent.name == "data"
    assert read_corpus(folder).by_cite["X 1"].text == "words"
    (folder / "rules.yaml").write_text(_ONE.replace("words", "other words"))
    assert read_corpus(folder).by_cite["X 1"].text == "other words"
    kept.write_text("{not json")
    assert read_corpus(folder).by_cite["X 1"].text == "other words"


def test_no_parsed_copy_is_written_under_dont_write_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.setattr(sys, "pycache_prefix", None)
    read_corpus(_write(tmp_path, _ONE))
    assert not (tmp_path / "__pycache__").exists()


# --- docs/rules.md -----------------------------------------------------------------------------


def test_rules_md_is_current() -> None:
    committed = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert committed == doc.render(), f"docs/rules.md is stale: run `{doc.COMMAND}`"


def test_rules_md_lists_the_sources_every_rule_and_every_term() -> None:
    text = doc.render()
    assert "## Sources" in text
    for item in CORPUS.sources:
        assert item.title in text
    for r in CORPUS.rules:
        assert f'<a id="{r.id.casefold()}"></a>{r.cite}: {r.title}' in text
    for t in CORPUS.terms:
        assert f"- **{t.term}**" in text


def test_rules_doc_runs_as_a_module() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dealer_trainer.rules.doc"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == doc.render()


# --- search ------------------------------------------------------------------------------------

#: colloquial and misspelt questions, and the rule that must come first
TOP_RESULTS: list[tuple[str, str | tuple[str, ...] | None]] = [
    ("flashed card", "RRoP-HE-1"),
    # Robert's Rules answer it twice: HE 1 (the procedure) and MD(a), whose keyword it is
    ("dealer flashed the first card", ("RRoP-HE-1", "RRoP-MD-a")),
    ("4 card flop", "RRoP-HE-2"),
    ("four cards on the flop", "RRoP-HE-2"),
    ("dealer turned the turn early", "RRoP-HE-4"),
    ("river dealt too soon", "RRoP-HE-4"),
    ("premture flop", "RRoP-HE-3"),
    ("flopped before the big blind acted", "RRoP-HE-3"),
    ("extra card", "RRoP-HE-5"),
    ("play the bord", "RRoP-HE-6"),
    ("boxed card", "RRoP-IR-7"),
    ("card face up in the deck", "RRoP-IR-7"),
    ("card to an empty seat", "RRoP-MD-i"),
    ("flop with no burn", "LA26-168"),
    ("odd chip", None),
    ("side pot", None),
    ("big blind option", None),
    ("string raise", None),
]


def _expected_by_topic(query: str) -> set[str]:
    """For the procedure questions: any rule of the matching topic is right."""
    topic = {
        "odd chip": "odd-chip",
        "side pot": "side-pots",
        "big blind option": "big-blind-option",
        "string raise": "betting",
    }[query]
    return {r.id for r in CORPUS.rules if topic in r.topics}


@pytest.mark.parametrize(("query", "expected"), TOP_RESULTS)
def test_search_puts_the_right_rule_first(
    query: str, expected: str | tuple[str, ...] | None
) -> None:
    hits = search(query)
    assert hits, query
    if expected is None:
        assert hits[0].rule.id in _expected_by_topic(query), (query, hits[0].rule.id)
    elif isinstance(expected, tuple):
        assert hits[0].rule.id in expected, [(h.rule.id, h.score) for h in hits]
    else:
        assert hits[0].rule.id == expected, [(h.rule.id, h.score) for h in hits]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("4 card flop", "TDA24-39-A"),
        ("flop with no burn", "TDA24-39-B"),
        ("play the bord", "TDA24-19"),
        ("premature turn", "TDA24-RP-5B"),
    ],
)
def test_search_of_a_ruleset_puts_its_own_rule_first(query: str, expected: str) -> None:
    hits = search(query, family="tda-2024")
    assert hits[0].rule.id == expected, [(h.rule.id, h.score) for h in hits]
    assert all("tda-2024" in h.rule.rulesets for h in hits)


def test_search_puts_the_tda_four_card_flop_rule_near_the_top() -> None:
    ids = [hit.rule.id for hit in search("4 card flop")]
    assert "TDA24-39-A" in ids[:3]


def test_search_of_an_id_or_citation_finds_that_rule_first() -> None:
    assert search("tda 39a")[0].rule.id == "TDA24-39-A"
    assert search("RRoP-HE 4")[0].rule.id == "RRoP-HE-4"


def test_search_scores_are_ranked_and_bounded() -> None:
    hits = search("card", limit=None)
    scores = [hit.score for hit in hits]
    assert scores == sorted(scores, reverse=True)
    assert all(0 <= s <= 100 for s in scores)


def test_search_that_finds_nothing_suggests_floor_words() -> None:
    assert search("zqxv wkjh") == []
    with pytest.raises(NotFound) as caught:
        search_or_suggest("zqxv wkjh")
    assert caught.value.suggestions
