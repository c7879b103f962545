"""The dealing procedure as one declarative table, and the machine built from it once.

Read the table against the rulebook line by line. Citations: ``RRoP-HEP n`` is step n of the
hold'em play in Robert's Rules (1 deal, 2 first betting round, 3 flop, 4 second round, 5 turn,
6 third round, 7 river, 8 last round, 9 showdown); ``TDA24 n`` is a Poker TDA 2024 rule.

Triggers are the script's event names. ``advance`` is the procedure's own move: the engine
fires it after every event, and it leaves a state only when one of its conditions holds (the
betting round is complete, every starting card is out, the showdown is settled, ...).

Conditions are pure questions about the hand; every effect lives in an ``after`` callback of
:class:`~dealer_trainer.procedure.hand.Hand`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from transitions import Event, Machine, Transition

__all__ = [
    "ADVANCE",
    "BETTING_STATES",
    "ERRORS_BY_ROW",
    "RECOGNISING_ROWS",
    "STATES",
    "TRANSITIONS",
    "State",
    "build_machine",
    "machine",
]

ADVANCE = "advance"


@dataclass(frozen=True, slots=True)
class State:
    """A step of the procedure: what the dealer is waiting for, and the rule behind it."""

    name: str
    waits_for: str
    rule: str


STATES: tuple[State, ...] = (
    State("shuffling", "the dealer shuffles the deck", "TDA24 23"),
    State("cutting", "the dealer cuts the deck", "TDA24 23"),
    State("blinds", "the blinds are posted", "RRoP-BLD 2"),
    State("dealing", "two hole cards are pitched to each player, button last", "RRoP-HEP 1"),
    State("preflop", "the first betting round, from the seat left of the big blind", "RRoP-HEP 2"),
    State("flop_burn", "the dealer burns one card for the flop", "RRoP-HEP 3"),
    State("flop_deal", "the dealer turns the three flop cards together", "RRoP-HEP 3"),
    State(
        "flop",
        "the second betting round, from the first live seat left of the button",
        "RRoP-HEP 4",
    ),
    State("turn_burn", "the dealer burns one card for the turn", "RRoP-HEP 5"),
    State("turn_deal", "the dealer turns the fourth board card", "RRoP-HEP 5"),
    State("turn", "the third betting round", "RRoP-HEP 6"),
    State("river_burn", "the dealer burns one card for the river", "RRoP-HEP 7"),
    State("river_deal", "the dealer turns the fifth board card", "RRoP-HEP 7"),
    State("river", "the last betting round", "RRoP-HEP 8"),
    State("showdown", "the live hands are shown or mucked, the last aggressor first", "RRoP-HEP 9"),
    State("hand_over", "the pot has been awarded; the next hand may start", "RRoP-BLD 1"),
)

BETTING_STATES = ("preflop", "flop", "turn", "river")
#: the states where a board card is burned or turned
_STREET_DEALING = ("flop_burn", "flop_deal", "turn_burn", "turn_deal", "river_burn", "river_deal")


def _t(trigger: str, source: str | list[str], dest: str | None, **extra: Any) -> dict[str, Any]:
    return {"trigger": trigger, "source": source, "dest": dest, **extra}


# One row a transition: trigger, from, to (None = stay), and when / what happens.
# Rows with the same trigger and source are tried in order; the first whose conditions hold fires.
# ``error=`` marks a row that recognises a dealer error (the situations of
# :mod:`~dealer_trainer.procedure.rulings` it may record); ``records=`` names those a row of the
# procedure itself may record (an error that comes to light there);
# ``step=True`` marks a recovery step, accepted only when a recovery calls for it (see rulings);
# ``floor=True`` a floor ruling; ``option=True`` a player's option the procedure never waits
# for (a straddle); ``slip=True`` a dealer slip, no error by itself (an early burn).
DEALING_AND_BETTING = ["dealing", *BETTING_STATES]
#: the situations a burn found face up in the stub or shown by the dealer may be
_BOXED_BOARD = ("boxed_board_card", "boxed_board_cards")
_FACE_UP_BURN = (*_BOXED_BOARD, "exposed_burn")
#: a wrong change for chips pushed out beyond the bet: too little, too much (LA26 141, 145)
_CHANGE = ("change_short", "change_over")
#: the errors made unnoticed that a floor's notice brings to light
_LATE = ("extra_card", "extra_cards", "wrong_first_seat", "missed_seat", "late_wrong_seat",
         "late_wrong_count", "empty_seat", "button_two_cards", "late_empty_seat", "stuck_cards",
         "missed_burn", "missed_burn_late", "extra_burn_turned", "extra_burn_late",
         "flop_without_burn_late", "button_short_card", "button_short_acted")  # fmt: skip
#: where the change for the last action is made: until the next street's cards are turned
_CHANGE_STATES = [*BETTING_STATES, *_STREET_DEALING, "showdown"]
#: a seat owing blinds dealt in: dead if it has not acted with chips, else live (LA26 161)
_OWING_DEALT = ("owing_seat_dealt", "owing_seat_dealt_acted")
# fmt: off
TRANSITIONS: tuple[dict[str, Any], ...] = (
    # --- shuffle, cut, blinds -------------------------------------------------------------------
    _t("shuffle", "shuffling", "cutting", after="shuffle_deck"),
    _t("cut", "cutting", "blinds", after="cut_deck"),
    _t("post_blinds", "blinds", "dealing", after="collect_blinds"),
    # blinds owed, posted before the first card (RRoP-BLD 5-6; LA26 158, 160, 163): an option
    _t("post", ["shuffling", "cutting", "blinds", "dealing"], None, after="take_post",
       option=True),
    # a live straddle before the first card, where the house allows one (RRoP-BLD 4; LA26 22)
    _t("straddle", "dealing", None, after="post_straddle", option=True),
    # --- the deal (RRoP-HEP 1) and its errors (RRoP-HE 1, RRoP-IR 7, RRoP-MD, TDA24 35) --------
    _t("pitch", "dealing", None, conditions="card_boxed", after="pitch_boxed",
       error=("boxed_card", "boxed_cards")),
    _t("pitch", "dealing", None, conditions="card_misdirected", after="pitch_misdirected",
       error=("wrong_first_seat", "missed_seat", "empty_seat", "button_two_cards")),
    _t("pitch", "dealing", None, conditions="card_exposed", after="pitch_exposed",
       error=("exposed_first_cards", "exposed_other_card", "exposed_two_cards", "dropped_card")),
    _t("pitch", "dealing", None, conditions="cards_stuck", after="pitch_stuck",
       error=("stuck_cards",)),
    _t("pitch", "dealing", None, after="pitch_card"),
    # the round dealt with a seat in that owes blinds, not posted (LA26 161; _OWING_DEALT)
    _t("deal", "dealing", None, conditions="deals_owing_seat", after="deal_owing_seat",
       error=_OWING_DEALT),
    _t("deal", "dealing", None, after="deal_rest"),
    # the betting starts (or the button speaks up) with the button's last card not dealt: the
    # button is a card short (RRoP-MD(e); TDA24 37)
    _t("act", "dealing", "preflop", conditions="button_short", after="deal_ended_short",
       error=("button_short_card", "button_short_acted")),
    _t("notice", "dealing", "preflop", conditions="button_short", after="notice_button_short",
       floor=True, records=("button_short_card",)),
    _t(ADVANCE, "dealing", "preflop", conditions="starting_hands_dealt", after="kill_absent_hands"),
    _t("pitch", "preflop", None, conditions="button_short", after="complete_button",
       error=("button_short_card", "button_short_acted")),
    _t("pitch", "preflop", None, conditions="no_action_yet", after="pitch_extra",
       error=("extra_card", "extra_cards")),
    _t("replace", ["dealing", "preflop", "flop_deal", "flop", "turn_deal", "turn", "river_deal",
                   "river"], None, after="replace_card", step=True),
    # a misdeal: every card back, shuffle, cut, and the deal starts again (TDA24 35-C)
    _t("retrieve", [*DEALING_AND_BETTING, *_STREET_DEALING], "dealing", conditions="misdeal_called",
       after="retrieve_cards", step=True),
    _t("retrieve", [*_STREET_DEALING, "showdown"], "dealing", conditions="misdeal_called",
       after="retrieve_cards", step=True),
    _t("reshuffle", "dealing", None, after="reshuffle_stub", step=True),
    _t("cut", "dealing", None, after="cut_deck", step=True),
    # --- betting rounds -------------------------------------------------------------------------
    # an action out of turn (``out_of_turn: true``) is held by the floor, then binding or void
    # as the action to that player changes or not (TDA24 53; RRoP Betting 11)
    _t(
        "act",
        list(BETTING_STATES),
        None,
        after="apply_action",
        records=("action_out_of_turn", "skipped_by_out_of_turn"),
    ),
    _t(ADVANCE, list(BETTING_STATES), "hand_over", conditions="one_player_left",
       after="award_to_last_player", records=_CHANGE),
    # everyone else folded to the blinds: they chop, each takes its blind back (LA26 71)
    _t("chop", "preflop", "hand_over", after="chop_blinds", option=True),
    # the floor learns of an error the dealer made unnoticed: misdeal, or after substantial
    # action the rulebook's alternative (RRoP-MD, RRoP Dead Hands; TDA24 35-D, 36, 38)
    # a flop turned without its burn, unnoticed, and noticed before anyone acted on it: the
    # dealer is back where the flop's burn was due (TDA24 39-B; LA26 168)
    _t("notice", "flop", "flop_burn", conditions="flop_burn_missed_unplayed",
       after="notice_flop_without_burn", floor=True, records=("flop_without_burn",)),
    _t("notice", list(BETTING_STATES), None, conditions="owing_dealt_unruled",
       after="notice_owing_dealt", floor=True, records=_OWING_DEALT),
    _t("notice", list(BETTING_STATES), None, conditions="error_unnoticed", after="notice_error",
       floor=True, records=_LATE),
    # a player shows a hole card: it plays (RRoP-IR 12, TDA24 68); the dealer kills a hand
    # that was not tabled: no redress (RRoP-IR 2, TDA24 65-A)
    _t("flash", DEALING_AND_BETTING, None, after="player_flash", error=("player_flashed_card",)),
    _t("kill", list(BETTING_STATES), None, after="kill_hand", error=("hand_killed",)),
    # a foul deck voids the hand (RRoP-IR 3-4, 8; TDA24 35-A-6, 35-D, 35-E; LA26 115)
    _t("foul_deck", ["dealing", *BETTING_STATES, *_STREET_DEALING, "showdown"], None,
       after="foul_deck_found", floor=True,
       error=("foul_deck_duplicate", "foul_deck_back", "joker_found", "joker_found_late")),
    # a burn before the betting is over stays on the table as that street's burn
    _t("burn", ["preflop", "flop", "turn"], None, conditions="burn_not_taken",
       after="burn_early", slip=True),
    _t("retrieve", list(BETTING_STATES), None, after="retrieve_cards", step=True),
    _t("set_aside", ["flop", "turn"], None, after="set_aside_cards", step=True),
    # the stub dropped and disordered: shuffled and cut (TDA24 RP-4)
    _t("drop_stub", [*DEALING_AND_BETTING[:-1], *_STREET_DEALING], None, after="drop_stub",
       error=("dropped_stub", "dropped_stub_mixed")),
    # --- the flop (RRoP-HEP 3; RRoP-HE 2-3, TDA24 39, RP-5) -------------------------------------
    _t("flop", "preflop", None, after="premature_flop", error=("premature_flop",)),
    _t(ADVANCE, "preflop", "flop_burn", conditions="betting_done"),
    _t(ADVANCE, "flop_burn", "flop_deal", conditions="burn_on_table"),
    # a burn card found face up in the stub (boxed) or shown by the dealer (RRoP-IR 7, LA26 23;
    # TDA24 RP-14)
    _t("burn", "flop_burn", "flop_deal", conditions="card_face_up", after="burn_face_up",
       error=_FACE_UP_BURN),
    _t("burn", "flop_burn", "flop_deal", after="burn_card"),
    # made unnoticed, the flop plays on until the floor hears of it (``notice``)
    _t("flop", "flop_burn", "flop", conditions="card_unnoticed", after="flop_unnoticed",
       error=("flop_without_burn_late",)),
    _t("flop", "flop_burn", None, after="flop_without_burn", error=("flop_without_burn",)),
    _t("flop", "flop_deal", None, conditions="too_many_cards", after="flop_too_many",
       error=("flop_too_many_cards", "flop_five_or_more_cards")),
    _t("flop", "flop_deal", "flop", conditions="card_boxed", after="flop_boxed",
       error=_BOXED_BOARD),
    _t("flop", "flop_deal", "flop", after="deal_flop"),
    _t("retrieve", ["flop_burn", "flop_deal", "turn_deal", "river_deal"], None,
       after="retrieve_cards", step=True),
    _t("scramble", ["flop_burn", "flop_deal"], "flop", after="scramble_flop", step=True),
    # --- the turn (RRoP-HEP 5; RRoP-HE 4, TDA24 RP-5B) ------------------------------------------
    _t("turn", "flop", None, after="premature_turn", error=("premature_turn",)),
    _t(ADVANCE, "flop", "turn_burn", conditions="betting_done"),
    _t(ADVANCE, "turn_burn", "turn_deal", conditions="burn_on_table"),
    _t("burn", "turn_burn", "turn_deal", conditions="card_face_up", after="burn_face_up",
       error=_FACE_UP_BURN),
    _t("burn", "turn_burn", "turn_deal", after="burn_card"),
    # no burn, or two: put right before any action on the card, else it stands (LA26 169)
    _t("turn", "turn_burn", "turn", after="turn_without_burn", error=("missed_burn",)),
    _t("burn", "turn_deal", None, after="burn_twice", error=("extra_burn",)),
    _t("turn", "turn_deal", "turn", conditions="card_boxed", after="turn_boxed",
       error=_BOXED_BOARD),
    _t("turn", "turn_deal", "turn", after="deal_turn"),
    # --- the river (RRoP-HEP 7; RRoP-HE 4, TDA24 RP-5C) -----------------------------------------
    _t("river", "turn", None, after="premature_river", error=("premature_river",)),
    _t(ADVANCE, "turn", "river_burn", conditions="betting_done"),
    _t(ADVANCE, "river_burn", "river_deal", conditions="burn_on_table"),
    _t("burn", "river_burn", "river_deal", conditions="card_face_up", after="burn_face_up",
       error=_FACE_UP_BURN),
    _t("burn", "river_burn", "river_deal", after="burn_card"),
    _t("river", "river_burn", "river", after="river_without_burn", error=("missed_burn",)),
    _t("burn", "river_deal", None, after="burn_twice", error=("extra_burn",)),
    _t("river", "river_deal", "river", conditions="card_boxed", after="river_boxed",
       error=_BOXED_BOARD),
    _t("river", "river_deal", "river", after="deal_river"),
    # a premature card goes back into the stub before its street is dealt again
    # (and a dropped stub is shuffled and cut where it fell: TDA24 RP-4)
    _t("reshuffle", [*_STREET_DEALING, *BETTING_STATES[:-1]], None, after="reshuffle_stub",
       step=True),
    _t("cut", [*_STREET_DEALING, *BETTING_STATES[:-1]], None, after="cut_deck", step=True),
    # --- showdown (RRoP-HEP 9; RRoP-HE 6, TDA24 12-19) ------------------------------------------
    _t(ADVANCE, "river", "showdown", conditions="betting_done"),
    _t("show", "showdown", None, after="show_hand",
       records=("late_wrong_count", "hand_partly_tabled")),
    # a player all-in and the betting over: the hands are tabled before the board is out, at
    # the floor's call, not only at the showdown (TDA24 16; option all_in_tabled)
    _t("show", list(_STREET_DEALING), None, conditions="tabling_early", after="show_hand",
       floor=True, records=("late_wrong_count", "hand_partly_tabled")),
    _t("declare_board", "showdown", None, after="record_declaration"),
    _t("muck", "showdown", None, after="muck_hand"),
    # a tabled hand cannot be killed (RRoP Showdown 2, TDA24 13-C): it is taken back
    _t("kill", "showdown", None, conditions="hand_tabled", after="kill_tabled_hand",
       error=("tabled_hand_killed",)),
    _t("kill", "showdown", None, after="kill_hand", error=("hand_killed",)),
    _t("retrieve", "showdown", None, after="retrieve_killed_hand", step=True),
    _t(ADVANCE, "showdown", "hand_over", conditions="showdown_settled", after="award_showdown",
       records=("board_not_declared", *_CHANGE)),
    _t("next_hand", "hand_over", "shuffling", after=["close_disputes", "start_next_hand"],
       records=("wrong_pot_award_late",)),
    # the pot pushed to the wrong player: corrected until the next hand begins (RRoP-DM 5-6,
    # TDA24 22); a deck found short after the hand: the result stands (RRoP-IR 10, LA26 121)
    _t("push", "hand_over", None, after="push_pot", error=("wrong_pot_award",)),
    _t("notice", "hand_over", None, conditions="push_unnoticed", after="notice_push",
       floor=True, records=("wrong_pot_award",)),
    _t("correct_award", "hand_over", None, after="correct_award", step=True),
    _t("short_deck", "hand_over", None, after="deck_found_short", floor=True,
       error=("short_deck",)),
    # --- the floor's rulings on what players do (issue 18) --------------------------------------
    # a player away from the seat when the deal ends: the hand is dead, its blinds stay in
    # (TDA24 30; RRoP Tournaments)
    _t("absent", ["dealing", "preflop"], None, after="seat_absent", floor=True,
       error=("absent_at_deal",)),
    # a hand let go face down, not yet in the muck (TDA24 14; RRoP Dead Hands); the floor
    # orders a hand tabled (TDA24 17-A; RRoP Showdown 7); one card tabled is no tabled hand
    # (TDA24 13-A, 15-A; RRoP Showdown 1): the ``show`` row records it
    _t("release", "showdown", None, after="release_hand", error=("hand_released",)),
    _t("order_show", "showdown", None, after="order_tabled", floor=True,
       error=("hand_ordered_tabled",)),
    # --- chips and counts (issue 25; chip_rulings.py) -------------------------------------------
    # chips pulled back: refused once they crossed the line (TDA24 50-A; LA26 69), except a
    # prior bet facing a raise, which binds the player to call or raise (TDA24 46-B)
    _t("pull_back", list(BETTING_STATES), None, after="pull_back_prior", option=True),
    # a count of a stack on request: any time in a cash game (LA26 76), in a tournament facing
    # that all-in in turn (TDA24 60)
    _t("count", list(BETTING_STATES), None, after="take_count", option=True),
    # a conditional statement of future action ("if you bet, I raise"): held binding where the
    # house says so (option conditional; TDA24 59-A, LA26 18)
    _t("conditional", list(BETTING_STATES), None, after="note_conditional", option=True),
    # --- a cash game's pots (issue 25; procedure/cash_pots.py) ---------------------------------
    # a limit game's kill blind before the first card, a player's option (RRoP-KP 2; LA26 193)
    _t("kill_blind", "dealing", None, after="post_kill_blind", option=True),
    # the board run twice, agreed by everyone left with an all-in and no bet pending (LA26 187)
    _t("run_twice", [*BETTING_STATES, *_STREET_DEALING], None, after="agree_run_twice",
       option=True),
    # rabbit hunting: only where the house allows it (TDA24 28; LA26 81)
    _t("rabbit", ["showdown", "hand_over"], None, after="hunt_rabbit", option=True),
    # --- the table itself (issue 25) ------------------------------------------------------------
    # the button found out of place: a misdeal, the button put right, before substantial action;
    # after it the hand plays on and the button is not moved back (RRoP-MD(g); TDA24 34-A)
    _t("wrong_button", [*DEALING_AND_BETTING, *_STREET_DEALING, "showdown"], None,
       after="button_misplaced", floor=True, error=("wrong_button", "wrong_button_late")),
    # before the blinds nothing is dealt: the button is simply put where it belongs
    _t("wrong_button", ["shuffling", "cutting", "blinds"], None, after="move_button", option=True),
    # a new deck comes in between hands only, shuffled before it is dealt (LA26 79)
    _t("deck_change", [state.name for state in STATES], None, after="change_deck", option=True),
    # hole cards off the table or hidden from view: back in sight, the hand live; under the
    # WSOP cash rule hidden through substantial action, the hand dead (RRoP-DEAL 2; LA26 75)
    _t("hidden_hand", list(BETTING_STATES), None, after="hand_hidden", floor=True,
       error=("hidden_hand", "hidden_hand_late")),
    # --- chips and hands at the table (issue 25; procedure/chip_conduct.py) ---------------------
    # chips splashed into the pot in turn: the amount worked out stands as the bet (LA26 42)
    _t("splash", list(BETTING_STATES), None, after="take_splash", floor=True,
       error=("splashed_chips",)),
    # a stack knocked over is no bet; a hidden big chip is brought into sight (LA26 50; TDA24 63)
    _t("knocked_over", DEALING_AND_BETTING, None, after="stack_knocked_over", floor=True,
       error=("stack_knocked_over",)),
    _t("hidden_chip", DEALING_AND_BETTING, None, after="chip_hidden", floor=True,
       error=("hidden_chip",)),
    # one player to a hand: a warning, or the hand dead where the house says so (LA26 20)
    _t("one_player", list(BETTING_STATES), None, after="second_player", floor=True,
       error=("one_player_to_a_hand",)),
    # --- showing hands (issue 25; procedure/showing.py) -----------------------------------------
    # a player asks to see a called hand: who may is the house's see_hand (RRoP-SD 5, TDA24 18);
    # asked during the betting, verify_see_hand refuses it with its rule
    _t("see_hand", [*BETTING_STATES, *_STREET_DEALING, "showdown", "hand_over"], None,
       after="see_hand_on_request", floor=True, error=("hand_seen", "shown_to_all")),
    # cards shown to one player are the table's, at once or after the betting (RRoP-SD 6; LA26 148)
    _t("show_one", [*BETTING_STATES, *_STREET_DEALING, "showdown"], None, after="show_to_one",
       floor=True, error=("shown_to_one",)),
    # --- the change for chips pushed out beyond the bet (issue 25; procedure/chip_conduct.py) ---
    # a wrong change is put right at once, on notice, or as the pot is counted (LA26 141, 145)
    _t("change", _CHANGE_STATES, None, after="give_change", error=_CHANGE),
    _t("notice", _CHANGE_STATES, None, conditions="change_unnoticed", after="notice_change",
       floor=True, records=_CHANGE),
    _t("correct_change", [*_CHANGE_STATES, "hand_over"], None, after="correct_change",
       step=True),
)
# fmt: on

#: keys of a row that describe it for the engine, not for transitions
_ROW_NOTES = ("error", "step", "slip", "floor", "option")


def _sources(row: dict[str, Any]) -> list[str]:
    source = row["source"]
    return list(source) if isinstance(source, list) else [source]


def _events(*, where: Any) -> dict[str, tuple[str, ...]]:
    return {
        state.name: tuple(
            dict.fromkeys(
                row["trigger"]
                for row in TRANSITIONS
                if row["trigger"] != ADVANCE and state.name in _sources(row) and where(row)
            )
        )
        for state in STATES
    }


#: per state, the events of the correct procedure there (advance excluded)
EVENTS_BY_STATE: dict[str, tuple[str, ...]] = _events(
    where=lambda row: not any(key in row for key in _ROW_NOTES)
)
#: per state, every event a row accepts there: the procedure, dealer errors, recovery steps
ALL_EVENTS_BY_STATE: dict[str, frozenset[str]] = {
    name: frozenset(events) for name, events in _events(where=lambda row: True).items()
}
#: the recovery steps (events only a recovery calls for)
STEP_EVENTS: frozenset[str] = frozenset(row["trigger"] for row in TRANSITIONS if row.get("step"))
#: the rows that recognise dealer errors: (trigger, source state, the situations it records)
RECOGNISING_ROWS: tuple[tuple[str, str, tuple[str, ...]], ...] = tuple(
    (row["trigger"], state, row.get("error", ()) + row.get("records", ()))
    for row in TRANSITIONS
    if "error" in row or "records" in row
    for state in _sources(row)
)
#: per (trigger, source state), the dealer errors its ``error=`` rows name: a callback that
#: serves several rows records the one its row names (:meth:`HandState.row_error`)
ERRORS_BY_ROW: dict[tuple[str, str], tuple[str, ...]] = {
    (trigger, state): tuple(
        name
        for row in TRANSITIONS
        if row["trigger"] == trigger and state in _sources(row)
        for name in row.get("error", ())
    )
    for trigger, state, _ in RECOGNISING_ROWS
}

#: per state, the conditions of its advance rows (to skip a trigger that cannot fire)
ADVANCE_CONDITIONS: dict[str, tuple[str, ...]] = {
    state.name: tuple(
        row["conditions"]
        for row in TRANSITIONS
        if row["trigger"] == ADVANCE and state.name in _sources(row)
    )
    for state in STATES
}

STATE_BY_NAME: dict[str, State] = {state.name: state for state in STATES}


class LeanTransition(Transition):
    """A transition that fires straight on the model: no event data, no empty callback lists,
    no debug logging; about a third of the cost of transitions' own ``execute``."""

    #: the conditions (method name, the value it must return) and the ``after`` methods, by
    #: name; set by :class:`ProcedureMachine` when every one is a name
    plan: tuple[tuple[tuple[str, bool], ...], tuple[str, ...]] = ((), ())

    def fire(self, model: Any, args: tuple[Any, ...]) -> bool:
        """Fire on the model if the conditions hold (for a table that names every condition
        and callback as a model method, and states without callbacks)."""
        conditions, after = self.plan
        for name, target in conditions:
            if getattr(model, name)(*args) != target:
                return False
        if self.dest:
            model.state = self.dest
        for name in after:
            getattr(model, name)(*args)
        return True


class LeanEvent(Event):
    """An event that goes straight to its transitions' :meth:`LeanTransition.fire` (no queue,
    no finalize callbacks); transitions' own way when the machine is not ``direct``."""

    def trigger(self, model: Any, *args: Any, **kwargs: Any) -> bool:
        rows: list[LeanTransition] | None = (
            self.transitions.get(model.state)  # type: ignore[assignment]
            if self.machine.direct and not kwargs
            else None
        )
        if rows is None:  # the general way (it raises for a trigger the state does not know)
            return bool(super().trigger(model, *args, **kwargs))
        for trans in rows:  # noqa: SIM110 (hot path: no generator)
            if trans.fire(model, args):
                return True
        return False


class ProcedureMachine(Machine):
    """The machine class of the procedure: transitions' Machine with lean dispatch.

    A hand fires every event through ``hand.trigger(name, event)``, and the table names every
    callback, so attaching a hand binds only ``trigger`` (and ``may_trigger``): no per-trigger
    methods, no ``is_<state>`` helpers, no ``on_enter_<state>`` lookup. That makes attaching a
    hand five times cheaper, which matters when thousands of hands share the machine.
    """

    transition_cls = LeanTransition
    event_cls = LeanEvent

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rows = [row for event in self.events.values() for rows in event.transitions.values()
                for row in rows]  # fmt: skip
        #: may events fire straight on the model? Yes when every condition and callback is a
        #: method's name and nothing else is hooked on the machine, its states or its rows
        self.direct = self.model_attribute == "state" and not any(
            (self.before_state_change, self.after_state_change, self.prepare_event,
             *(state.on_enter or state.on_exit for state in self.states.values()),
             *(row.prepare or row.before for row in rows),
             *(not isinstance(func, str) for row in rows
               for func in (*(c.func for c in row.conditions), *row.after)))
        )  # fmt: skip
        for row in rows if self.direct else ():
            conditions = tuple((str(c.func), bool(c.target)) for c in row.conditions)
            cast(LeanTransition, row).plan = (conditions, tuple(map(str, row.after)))

    def _add_trigger_to_model(self, trigger: str, model: object) -> None:
        """Bind nothing per trigger: hands call ``trigger(name, ...)``."""

    def _add_model_to_state(self, state: object, model: object) -> None:
        """Bind no per-state helpers: the table names every callback."""


def build_machine(machine_class: type[Machine] = ProcedureMachine, **options: Any) -> Machine:
    """A machine over the procedure table, with no model attached."""
    return machine_class(
        model=None,
        states=[state.name for state in STATES],
        transitions=[
            {key: value for key, value in row.items() if key not in (*_ROW_NOTES, "records")}
            for row in TRANSITIONS
        ],
        initial="shuffling",
        auto_transitions=False,
        send_event=False,
        **options,
    )


_MACHINE: Machine | None = None


def machine() -> Machine:
    """The one machine every hand attaches to (built on first use)."""
    global _MACHINE
    if _MACHINE is None:
        _MACHINE = build_machine()
    return _MACHINE
