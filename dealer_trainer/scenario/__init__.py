"""Scenarios (contract 2): quiz items, read from YAML, checked, and proved against the engine.

A scenario puts the trainee at a table (``table``, ``deck`` or ``seed``), plays ``setup``
through the engine to reach a situation, and asks a :class:`Question`:

* ``choice``: one choice is correct. Where choices carry ``steps`` (the recovery as dealer
  events), the correct one must be the recovery the engine requires under the scenario's
  ruleset, and no other choice may be.
* ``order``: the trainee puts the recovery steps in order; the answer key (``order``) must be
  the engine's own step list.
* ``fact``: a fact of the table (who acts next, how many burns, who gets the odd chip, ...).
  Each choice carries an ``answer``; the engine's value decides which choice is correct.
* ``number``: an amount or a count of the table (a pot, a side pot, a raise's most, the chips
  to call, ...) that the trainee types. It has no choices: the engine's value is the answer
  (an ``answer`` the item states must be that value).

:func:`load_scenario` reads and checks the file (every error is a :class:`ScriptError` with
``file:line:col``); :func:`verify` replays ``setup`` and proves the answer key. Both raise on
the first error they find. The format is documented in docs/authoring.md.

The package's modules, one job each: :mod:`~dealer_trainer.scenario.kinds` (the question
kinds, defined once), :mod:`~dealer_trainer.scenario.model` (the types),
:mod:`~dealer_trainer.scenario.reader` and :mod:`~dealer_trainer.scenario.questions` (the
format), :mod:`~dealer_trainer.scenario.facts` (the facts a question may ask),
:mod:`~dealer_trainer.scenario.proof` (the engine's proof, and the proofs kept),
:mod:`~dealer_trainer.scenario.soundness` (moments, chance and giveaways),
:mod:`~dealer_trainer.scenario.lint` (how an item is written) and
:mod:`~dealer_trainer.scenario.bank` (the bank and its files). Everything public is
importable from ``dealer_trainer.scenario`` itself.
"""

from dealer_trainer.scenario.bank import (
    MAX_ROOM_SCENARIOS,
    MAX_UPLOAD_BYTES,
    bank_dir,
    find_scenarios,
    scenario_texts,
)
from dealer_trainer.scenario.facts import (
    AWARD_FACTS,
    FACT_ANSWERS,
    FACT_STATES,
    FACT_UNITS,
    FACTS,
    NUMBER_FACTS,
    fact_unit,
    fact_value,
)
from dealer_trainer.scenario.kinds import (
    KINDS,
    QUESTION_KINDS,
    Answered,
    Kind,
    QuestionKind,
    question_kind,
)
from dealer_trainer.scenario.lint import LENGTH_CUE_SHARE, bank_length_cues, length_cue, lint
from dealer_trainer.scenario.model import (
    CHOICE_FIELDS,
    DIFFICULTIES,
    FIELDS,
    QUESTION_FIELDS,
    REQUIRED,
    STEPS,
    Choice,
    Question,
    Scenario,
    ScenarioErrors,
    Verified,
    all_errors,
)
from dealer_trainer.scenario.proof import (
    MAX_PROOFS,
    check,
    forget_proofs,
    proof_of_file,
    proof_of_text,
    recovery_steps,
    verify,
)
from dealer_trainer.scenario.reader import (
    load_scenario,
    load_scenario_text,
    loads_scenario,
    parse_scenario,
)
from dealer_trainer.scenario.soundness import giveaways

__all__ = [
    "AWARD_FACTS",
    "CHOICE_FIELDS",
    "DIFFICULTIES",
    "FACTS",
    "FACT_ANSWERS",
    "FACT_STATES",
    "FACT_UNITS",
    "FIELDS",
    "KINDS",
    "LENGTH_CUE_SHARE",
    "MAX_PROOFS",
    "MAX_ROOM_SCENARIOS",
    "MAX_UPLOAD_BYTES",
    "NUMBER_FACTS",
    "QUESTION_FIELDS",
    "QUESTION_KINDS",
    "REQUIRED",
    "STEPS",
    "Answered",
    "Choice",
    "Kind",
    "Question",
    "QuestionKind",
    "Scenario",
    "ScenarioErrors",
    "Verified",
    "all_errors",
    "bank_dir",
    "bank_length_cues",
    "check",
    "fact_unit",
    "fact_value",
    "find_scenarios",
    "forget_proofs",
    "giveaways",
    "length_cue",
    "lint",
    "load_scenario",
    "load_scenario_text",
    "loads_scenario",
    "parse_scenario",
    "proof_of_file",
    "proof_of_text",
    "question_kind",
    "recovery_steps",
    "scenario_texts",
    "verify",
]
