"""A built-in rulebook is one module of ``dealer_trainer/rules/rulebooks/``, even one of a new
family: every record decided by the family gives it the variant its ``follows`` (or its
``recoveries``) names, its ``cites`` put its own numbers on the rules it shares, and everything
that lists the built-in rulesets (the CLI's choices, the generated docs) reads ``BUILTIN``.

The made-up rulebook below is registered as a real one is (a module in the package's path,
found by ``rulebooks.collect``): nothing else is edited for it.
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer import irregularities_doc
from dealer_trainer.cli.main import main
from dealer_trainer.engine import replay
from dealer_trainer.procedure.rulings import SITUATIONS, Situation, situation
from dealer_trainer.rules import rulebooks, rulesets
from dealer_trainer.rules.corpus import load_corpus
from dealer_trainer.rules.options import Ruleset
from dealer_trainer.rules.rulesets import BUILTIN

NEW = "made-up-2027"
#: a rulebook of its own family: the TDA's recoveries, but Robert's for a premature river, and
#: its own number (here WSOP's LA26 171) where the TDA's recovery cites RP-5B
MODULE = '''"""A made-up rulebook (tests only)."""

from __future__ import annotations

from dataclasses import replace

from dealer_trainer.rules.rulebooks import tda_2024

ORDER = 99

RULESET = replace(
    tda_2024.RULESET,
    name="made-up-2027",
    base="made-up-2027",
    description="A made-up rulebook: the TDA's, a premature river as Robert's",
    family="made-up-2027",
    follows="tda-2024",
    recoveries={"premature_river": "roberts"},
    cites={"TDA24 RP-5B": "LA26 171"},
)
'''


def _by_family() -> tuple[Situation, ...]:
    return tuple(item for item in SITUATIONS if item.decided_by == "family")


def unresolved(ruleset: Ruleset) -> list[str]:
    """What in ``ruleset`` names no variant: a departure for an unknown situation or one not
    decided by the family, or a situation whose record has no variant for it."""
    names = {item.name for item in _by_family()}
    problems = [f"recoveries: {name} is no situation decided by the family"
                for name in ruleset.recoveries if name not in names]  # fmt: skip
    for item in SITUATIONS:
        key = item.variant_of(ruleset)
        if key not in item.variants:
            problems.append(
                f"{item.name}: no variant {key!r} (has {', '.join(map(str, item.variants))})"
            )
    return problems


def uncited(ruleset: Ruleset) -> list[str]:
    """The corpus entries ``ruleset``'s recoveries need and lack: each rule it cites for a
    situation is in the corpus, names the situation and lists the ruleset's family."""
    corpus = load_corpus()
    problems = []
    for item in SITUATIONS:
        cited = item.outcome(ruleset).rule
        found = corpus.by_cite.get(cited)
        if found is None:
            problems.append(f"{cited}: not in the corpus ({item.name})")
        elif item.name not in found.situations:
            problems.append(f"{found.id}: situations lack {item.name}")
        elif ruleset.family not in found.rulesets:
            problems.append(f"{found.id}: rulesets lack {ruleset.family}")
    return sorted(set(problems))


# --- the built-in rulebooks --------------------------------------------------------------------


def test_the_built_in_rulesets_are_the_modules_of_the_rulebooks_package_in_their_order() -> None:
    assert rulebooks.collect() == BUILTIN
    assert list(BUILTIN)[:2] == ["roberts", "tda-2024"]  # roberts first: the default
    folder = Path(rulebooks.__file__).parent
    for name, ruleset in BUILTIN.items():
        assert ruleset.name == ruleset.base == name
        assert (folder / f"{name.replace('-', '_')}.py").is_file(), name
    for name in ("roberts", "tda-2024"):
        assert BUILTIN[name].family == BUILTIN[name].follows == name


def test_every_built_in_ruleset_resolves_every_situation_to_a_variant_of_its_record() -> None:
    for ruleset in BUILTIN.values():
        assert unresolved(ruleset) == [], ruleset.name


def test_every_rule_a_built_in_ruleset_cites_names_the_situation_and_its_family() -> None:
    for ruleset in BUILTIN.values():
        assert uncited(ruleset) == [], ruleset.name


def test_a_departure_to_a_variant_no_record_has_is_found() -> None:
    from dataclasses import replace

    wrong = replace(BUILTIN["tda-2024"], recoveries={"premature_river": "nobody", "nothing": "x"})
    assert unresolved(wrong) == [
        "recoveries: nothing is no situation decided by the family",
        "premature_river: no variant 'nobody' (has roberts, tda-2024)",
    ]


def test_a_ruleset_follows_its_own_family_unless_told_and_stays_hashable_and_copyable() -> None:
    departures = {"a": "roberts"}
    made = Ruleset(name="x", base="x", description="x", family="x", recoveries=departures)
    assert made.follows == "x" and made.variant("a") == "roberts" and made.variant("b") == "x"
    assert hash(made) == hash(Ruleset(name="x", base="x", description="x", family="x"))
    assert copy.deepcopy(made) == made  # a hand's state is copied with its ruleset
    departures["b"] = "tda-2024"
    assert made.variant("b") == "x"  # the caller's dict is not shared


# --- a rulebook of a new family, one module ----------------------------------------------------


@pytest.fixture
def made_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Ruleset]:
    """The made-up rulebook as a module in the rulebooks package's path, and BUILTIN as the
    package then finds it."""
    (tmp_path / "made_up_2027.py").write_text(MODULE, encoding="utf-8")
    monkeypatch.setattr(rulebooks, "__path__", [*rulebooks.__path__, str(tmp_path)])
    found = rulebooks.collect()
    for name, ruleset in found.items():
        monkeypatch.setitem(BUILTIN, name, ruleset)
    yield BUILTIN[NEW]
    sys.modules.pop(f"{rulebooks.__name__}.made_up_2027", None)


def _example(item: Situation, ruleset: str) -> dict[str, Any]:
    example = irregularities_doc.example_script(item)
    return {**example, "table": {**irregularities_doc.example_table(item), "ruleset": ruleset}}


def test_a_rulebook_module_of_a_new_family_is_a_built_in_ruleset(made_up: Ruleset) -> None:
    assert list(BUILTIN)[:2] == ["roberts", "tda-2024"] and list(BUILTIN)[-1] == NEW
    assert made_up.family == NEW and made_up.follows == "tda-2024"
    assert rulesets.builtin_names().endswith(f" or {NEW}")
    assert rulesets.resolve(NEW) is made_up
    assert rulesets.other_family(made_up).name == "roberts"
    assert unresolved(made_up) == []


def test_under_a_new_family_the_engine_recovers_from_every_dealer_error(made_up: Ruleset) -> None:
    for item in SITUATIONS:
        result = replay(_example(item, NEW), auto_recover=True)
        assert result["rejected"] == [], item.name
        recorded = {(found["kind"], found["rule"]) for found in result["irregularities"]}
        assert (item.kind, item.outcome(made_up).rule) in recorded, item.name


def test_a_new_family_takes_the_recovery_its_departures_name(made_up: Ruleset) -> None:
    item = situation("premature_river")
    assert item.outcome(made_up) == item.outcome(BUILTIN["roberts"])
    played = {name: replay(_example(item, name), auto_recover=True) for name in BUILTIN}
    cards = {name: [found[key] for key in ("board", "burns", "stub", "set_aside")]
             for name, found in played.items()}  # fmt: skip
    assert cards[NEW] == cards["roberts"] != cards["tda-2024"]  # the early river set aside
    assert played[NEW]["irregularities"][0]["rule"] == "RRoP-HE 4"
    # elsewhere it follows the TDA
    flop = situation("premature_flop")
    assert flop.outcome(made_up) == flop.outcome(BUILTIN["tda-2024"])


def test_a_new_family_cites_its_own_rule_for_a_ruling_it_shares(made_up: Ruleset) -> None:
    item = situation("premature_turn")
    assert item.outcome(BUILTIN["tda-2024"]).rule == "TDA24 RP-5B"
    assert item.outcome(made_up).rule == "LA26 171"
    assert item.outcome(made_up).steps == item.outcome(BUILTIN["tda-2024"]).steps
    result = replay(_example(item, NEW), auto_recover=True)
    assert {"kind": "premature_turn", "rule": "LA26 171"}.items() <= result["irregularities"][
        0
    ].items()


def test_the_corpus_check_names_the_entries_a_new_family_needs(made_up: Ruleset) -> None:
    """Until the corpus lists the new family beside each rule it cites, the check says which."""
    missing = uncited(made_up)
    assert missing and all(line.endswith(f"rulesets lack {NEW}") for line in missing)
    assert "LA26-171: rulesets lack made-up-2027" in missing


def test_the_cli_offers_a_new_rulebook(
    made_up: Ruleset, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["admin", "room-add", "--help"])
    assert "{" + ",".join(BUILTIN) + "}" in capsys.readouterr().out
    assert list(BUILTIN)[-1] == NEW
    db = str(tmp_path / "room.db")
    assert main(["admin", "room-add", "Late shift", "--ruleset", NEW, "--db", db]) == 0
    assert f"({NEW})" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["quiz", "--help"])
    assert f"{', '.join(BUILTIN)}, any" in " ".join(capsys.readouterr().out.split())


def test_the_generated_docs_list_a_new_rulebook(made_up: Ruleset) -> None:
    page = irregularities_doc.render()
    columns = " | ".join(f"`{name}`" for name in BUILTIN)
    assert list(BUILTIN)[-1] == NEW
    assert f"| situation | kind | {columns} |" in page
    assert f"`{NEW}` takes the `roberts` recovery" in page
    others = ", ".join(f"`{name}`" for name in list(BUILTIN)[1:])
    assert f"Example (add `ruleset: NAME` to the table for another column: {others}):" in page
    assert ", ".join(f"`{name}`" for name in BUILTIN) + "." in page  # the house rulesets' bases
