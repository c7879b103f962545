"""The author's workbench: writing a scenario by dealing the hand, with no screen of its own.

The terminal wizard (``dealer-trainer scenarios new``) and the room's "Write a scenario" page
call these same functions; each takes a :class:`Draft` and returns a new one (or raises
:class:`AuthoringError` naming the field or step it concerns):

- :func:`set_table` (:mod:`.table`): seats, stacks, the button, the blinds, the structure
  (no-limit, pot-limit, limit), the game (cash or tournament), the ruleset
  (built-in, or the room's house ruleset);
- :func:`play`, :func:`undo`, :func:`make_error`, :func:`stage_error`, :func:`position`
  (:mod:`.moves`): the hand played move by move, each judged by the engine;
- :func:`ask`, :func:`edit_words` (:mod:`.question`): what to ask, the options the engine
  drafts (:mod:`dealer_trainer.authoring`; a player's ruling: :mod:`.ruling`), the author's
  words;
- :func:`check_draft` (:mod:`.checks`): proved like an upload, linted, audited (the family
  checked against the room's other items), and written as YAML that ``scenarios validate``
  accepts; :func:`preview_item`: the item laid out by the quiz's own code, as a trainee gets it;
- :func:`reopen` (:mod:`.reopen`): a kept scenario opened again as a draft.

A draft is plain data: :func:`to_json` and :func:`from_json` give the text the store keeps.
"""

from dealer_trainer.workbench.checks import (
    Checked,
    Problem,
    check_draft,
    family_problem,
    preview_item,
)
from dealer_trainer.workbench.draft import (
    AuthoringError,
    Draft,
    OptionDraft,
    TableSettings,
    from_json,
    to_json,
)
from dealer_trainer.workbench.moves import (
    MAX_MOVES,
    PLAYER_MOVES,
    Position,
    asked_error,
    make_error,
    move_item,
    play,
    position,
    stage_error,
    undo,
)
from dealer_trainer.workbench.number import NUMBER, NUMBER_ASKED
from dealer_trainer.workbench.question import (
    LIMITS,
    ask,
    edit_words,
    ident_problem,
    kinds_here,
    scenario_of,
    text_problem,
    word_problems,
)
from dealer_trainer.workbench.reopen import reopen
from dealer_trainer.workbench.ruling import PLAYER_SITUATIONS, RULING, ruled_situation
from dealer_trainer.workbench.table import GAMES, HOUSE, STRUCTURES, ruleset_of, set_table

__all__ = [
    "GAMES",
    "HOUSE",
    "LIMITS",
    "MAX_MOVES",
    "NUMBER",
    "NUMBER_ASKED",
    "PLAYER_MOVES",
    "PLAYER_SITUATIONS",
    "RULING",
    "STRUCTURES",
    "AuthoringError",
    "Checked",
    "Draft",
    "OptionDraft",
    "Position",
    "Problem",
    "TableSettings",
    "ask",
    "asked_error",
    "check_draft",
    "edit_words",
    "family_problem",
    "from_json",
    "ident_problem",
    "kinds_here",
    "make_error",
    "move_item",
    "play",
    "position",
    "preview_item",
    "reopen",
    "ruled_situation",
    "ruleset_of",
    "scenario_of",
    "set_table",
    "stage_error",
    "text_problem",
    "to_json",
    "undo",
    "word_problems",
]
