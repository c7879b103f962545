"""docs/coverage.md: the rule-to-item index stays current, and every rule in scope for a hold'em
dealer has an item, or is on the explicit list of rules not covered yet (issue 16)."""

from __future__ import annotations

import shutil
from pathlib import Path

from dealer_trainer import coverage_doc
from dealer_trainer.coverage_doc import NOT_YET_COVERED, citations, in_scope, out_of_scope
from dealer_trainer.rules.corpus import load_corpus, rule

ROOT = Path(__file__).resolve().parent.parent


def test_coverage_doc_is_current() -> None:
    committed = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")
    assert committed == coverage_doc.render(), (
        f"docs/coverage.md is stale: run `{coverage_doc.COMMAND}`"
    )


def test_every_rule_in_scope_has_an_item_unless_listed_not_yet_covered() -> None:
    cited = citations()
    bare = [r.id for r in in_scope() if not cited.get(r.id) and r.id not in NOT_YET_COVERED]
    assert bare == [], f"rules in scope with no item: {', '.join(bare)}"


def test_not_yet_covered_lists_only_rules_in_scope_that_still_have_no_item() -> None:
    cited = citations()
    scope = {r.id for r in in_scope()}
    outside = sorted(NOT_YET_COVERED - scope)
    assert outside == [], f"not rules in scope: {', '.join(outside)}"
    done = sorted(ident for ident in NOT_YET_COVERED if cited.get(ident))
    assert done == [], (
        f"these rules have items now: take them off coverage_doc.NOT_YET_COVERED: {', '.join(done)}"
    )


def test_scope_leaves_out_buy_in_tournament_only_and_unfollowed_rules_only() -> None:
    assert out_of_scope(rule("RRoP-BUY-1")) is not None  # buying in only
    assert out_of_scope(rule("RRoP-BUY-2")) is None  # table stakes: side pots too
    assert out_of_scope(rule("T26-89")) is not None  # WSOP tournament rules
    assert out_of_scope(rule("LA26-109")) is not None  # rulesets: []
    for ident in ("TDA24-43", "TDA24-47-A", "RRoP-HE-4", "LA26-169", "RRoP-BET-7"):
        assert out_of_scope(rule(ident)) is None, ident
    corpus = load_corpus().rules
    assert len(in_scope()) + sum(out_of_scope(r) is not None for r in corpus) == len(corpus)
    assert len(in_scope()) >= 0.9 * len(corpus)


def test_an_item_cites_its_rule_or_else_the_rule_of_the_engines_recovery(tmp_path: Path) -> None:
    with_rule = ROOT / "scenarios" / "side-pots" / "side-pots-number-main-pot.yaml"
    shutil.copy(with_rule, tmp_path / with_rule.name)
    source = ROOT / "scenarios" / "premature-turn" / "premature-turn-basic.yaml"
    text = source.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.startswith("rule:")]
    (tmp_path / "premature-turn-basic.yaml").write_text("\n".join(lines) + "\n")
    assert citations(tmp_path) == {
        "RRoP-BET-7": ("side-pots-number-main-pot",),
        "RRoP-HE-4": ("premature-turn-basic",),  # the engine's rule for roberts' premature turn
    }


def test_the_page_lists_every_rule_in_scope_with_its_items_and_the_gaps() -> None:
    page = coverage_doc.render()
    for item in in_scope():
        assert f"| `{item.id}` |" in page
    assert "`side-pots-number-main-pot`" in page
    gaps = page.split("## Not covered yet", 1)[1].split("## Out of scope", 1)[0]
    assert sorted(line.split("`")[1] for line in gaps.splitlines() if line.startswith("- `")) == (
        sorted(NOT_YET_COVERED)
    )
    assert f"{len(in_scope())} rules in scope" in page
