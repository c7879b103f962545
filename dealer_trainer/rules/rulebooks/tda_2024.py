"""The Poker TDA Rules 2024 with its recommended procedures: the built-in ruleset
``tda-2024``. The records' ``tda-2024`` variants are its recoveries."""

from __future__ import annotations

from dealer_trainer.betting import TDA_CITATIONS
from dealer_trainer.rules.options import Ruleset

ORDER = 2

RULESET = Ruleset(
    name="tda-2024",
    base="tda-2024",
    description="Poker TDA 2024 rules and recommended procedures",
    extra_card="misdeal",
    flop_too_many="scramble",
    premature_turn="reshuffle",
    recut_after_premature_flop=False,
    board_claim="table",
    flop_without_burn="scramble",
    substantial_action="tda",
    heads_up_raises="capped",
    button="dead",
    all_in_tabled=True,
    skipped_hand="no_raise",
    game="tournament",
    straddle="button",
    re_straddle="by_stakes",
    run_it_twice="allowed",
    buy_button="allowed",
    see_hand="river_caller",
    family="tda-2024",
    cap_rule="TDA24 48",
    citations=TDA_CITATIONS,
    voided_no_raise=frozenset(),
    released_hand_dead=False,
    mucked_dead_rule="TDA24 14",
    verbal_rule="TDA24 51-A",
    declared_string_rule="TDA24 56",
    raise_takes_second_motion=False,
    straddle_rule="LA26 22",
    missed_blind_rule="LA26 160",
    entry_rule="LA26 158",
)
