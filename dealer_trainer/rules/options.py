"""What a ruleset is: the options a house may set (:data:`OPTIONS`), the fields only a
built-in rulebook sets (:data:`RULEBOOK`), and the :class:`Ruleset` record holding both.

The built-in rulebooks themselves are modules of :mod:`dealer_trainer.rules.rulebooks`; house
rulesets are read by :mod:`dealer_trainer.rules.rulesets`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dealer_trainer.betting import ROBERTS_CITATIONS, RULE_LIMITS, Action, Citations
from dealer_trainer.rules.rake import Rake

__all__ = ["OPTIONS", "RULEBOOK", "Option", "Ruleset"]


@dataclass(frozen=True, slots=True)
class Option:
    """One choice a ruleset makes, with the values it may take and what each means."""

    name: str
    question: str
    values: Mapping[Any, str]


#: every option a ruleset sets, in the order the docs list them
OPTIONS: tuple[Option, ...] = (
    Option(
        "exposed_misdeal_cards",
        "How many of the first cards off the deck make a misdeal when exposed?",
        {
            2: "the first or the second card (RRoP-HE 1 as most copies give it; TDA24 35-A-7)",
            1: "the first card only (the older copies of RRoP-HE 1)",
        },
    ),
    Option(
        "extra_card",
        "One extra card pitched to the first player after the deal: what then?",
        {
            "burn": "it goes back on top of the stub as the flop's burn card (RRoP-HE 5)",
            "misdeal": "a wrong number of cards is a misdeal (TDA24 35-A-5)",
        },
    ),
    Option(
        "flop_too_many",
        "A flop of four cards: what then?",
        {
            "redeal": "board into the stub, burn stays, shuffle, cut, new flop (RRoP-HE 2-3)",
            "scramble": "scramble the four, one at random is the turn's burn (TDA24 39-A)",
        },
    ),
    Option(
        "premature_turn",
        "The turn card comes before the flop betting is over: what then?",
        {
            "set_aside": "set aside; next card is the turn; shuffled in later (RRoP-HE 4)",
            "reshuffle": "back into the stub; reshuffle; the turn again, no burn (TDA24 RP-5B)",
        },
    ),
    Option(
        "recut_after_premature_flop",
        "After a premature flop is reshuffled, is the deck cut again?",
        {
            True: "yes: shuffle and cut (RRoP-HE 3)",
            False: "not required: shuffle; a cut is allowed (TDA24 RP-5A is silent on it)",
        },
    ),
    Option(
        "board_claim",
        "How does a player claim the pot with the board?",
        {
            "declare": "declare it before throwing the cards away (RRoP-HE 6)",
            "table": "table the cards: only tabled hands win (TDA24 19)",
        },
    ),
    Option(
        "flop_without_burn",
        "The flop is turned with no burn: what then?",
        {
            "reshuffle": "board into the stub, shuffle, cut, burn and flop again (LA26 168)",
            "scramble": "scramble the three, one is the burn, the next card completes (TDA24 39-B)",
        },
    ),
    Option(
        "substantial_action",
        "Until when can a misdeal be called?",
        {
            "two_players": "until two players after the blinds have acted (RRoP misdeal rules)",
            "tda": "until substantial action: two actions, one with chips, or three (TDA24 36)",
        },
    ),
    Option(
        "heads_up_raises",
        "Fixed limit, two players left in the betting: is the raising still capped?",
        {
            "unlimited": "no cap once the action is heads-up before the cap (RRoP Betting 4)",
            "capped": "a bet and three raises, heads-up too, until the event's last two (TDA24 48)",
        },
    ),
    Option(
        "button",
        "A player busts: where do the button and the blinds go next hand?",
        {
            "moving": "the button moves to the next player, the blinds follow it (RRoP Blinds 2)",
            "dead": "the big blind is due first; button and small blind may be dead (TDA24 32)",
        },
    ),
    Option(
        "all_in_tabled",
        "A player is all-in and the betting is over: may a hand still in be mucked unshown?",
        {
            False: "yes: a hand may be mucked unshown, as at any showdown (RRoP-HEP 9)",
            True: "no: every hand still in is tabled, main pot and side pots (TDA24 16)",
        },
    ),
    Option(
        "exposed_burn",
        "The dealer shows a burn card (no rule covers it; the floor decides, TDA24 RP-14)",
        {
            "stays": "it stays the street's burn, shown to the whole table; deal on (TDA24 RP-14)",
            "reburn": "set it aside and burn the next card face down in its place (TDA24 RP-14)",
        },
    ),
    Option(
        "skipped_hand",
        "A player skipped by action out of turn says nothing while substantial action comes in "
        "after them: what then?",
        {
            "acts": "the player acts with every right; an early action binds only while the "
            "action to it is unchanged (RRoP Betting 11)",
            "no_raise": "the early actions bind; the player may check, call or fold, not bet or "
            "raise (TDA24 53-B, the floor's choice)",
            "dead": "the early actions bind; the skipped hand is dead (TDA24 53-B, the floor's "
            "choice)",
        },
    ),
    Option(
        "game",
        "A table that does not say its game: is it a cash game or a tournament?",
        {
            "cash": "a cash game (Robert's Rules are written for the card room's ring games)",
            "tournament": "a tournament (the TDA rules are tournament rules)",
        },
    ),
    Option(
        "straddle",
        "A cash game: who may post a live straddle before the cards are dealt?",
        {
            "none": "nobody: a straddle is refused",
            "utg": "the player under the gun (left of the big blind) only (RRoP-BLD 4)",
            "button": "under the gun or the button (Mississippi), the button first (LA26 22)",
            "any": "any player but the blinds (a house's any-seat straddle)",
        },
    ),
    Option(
        "tournament_straddle",
        "A tournament: who may post a live straddle?",
        {
            "none": "nobody: tournament rules provide no straddle (the TDA rules have none)",
            "utg": "the player under the gun only",
            "button": "under the gun or the button (Mississippi), the button first",
            "any": "any player but the blinds",
        },
    ),
    Option(
        "re_straddle",
        "A straddle is posted: how many more straddles may follow it, each from the seat left "
        "of the last, twice it?",
        {
            "unlimited": "as many as the players left of it want, one after another (the "
            "straddle rule the ruleset cites sets no number)",
            "one": "one re-straddle at most",
            "by_stakes": "one re-straddle where the big blind is 10 or more (a 5-5-10 game and "
            "up), none where it is less (a 1-2-5 game: one straddle) (LA26 22)",
            "none": "none: one straddle a hand",
        },
    ),
    Option(
        "missed_small_blind",
        "A cash game: a player who missed only the small blind makes it up to come in. Is it "
        "dead or live?",
        {
            "dead": "dead: in the pot, in nobody's bet; only a big blind is ever live (LA26 160)",
            "live": "live: the player's bet, as all blinds made up are up to the big blind (a "
            "reading of RRoP-BLD 6)",
        },
    ),
    Option(
        "chop",
        "A cash game: everyone folds to the blinds. May the two blinds chop (take their blinds "
        "back)?",
        {
            "allowed": "yes, if both agree, when everyone else has folded (LA26 71)",
            "never": "no: the hand is played out (a house that does not let the blinds chop)",
        },
    ),
    Option(
        "buy_button",
        "A cash game: a player owing blinds sits between the button and the small blind. May "
        "the first player left of the button buy the button to be dealt in now?",
        {
            "none": "no: the blinds have passed that seat; the player waits for the button to "
            "go by (RRoP-BLD 5)",
            "allowed": "yes: a big blind live and a small blind dead, the hand's one blind (the "
            "others post none), and the player has the button next hand (LA26 158)",
        },
    ),
    # conditional statements (issue 25; procedure/chip_rulings.py)
    Option(
        "conditional",
        "A player says what they will do later ('if you bet, I raise'): are they held to it?",
        {
            "binding": "held to it: facing a bet made since, the stated action is the only one "
            "taken on that turn (TDA24 59-A; LA26 18: the floor may hold it binding)",
            "not_binding": "not held: only the action taken in turn counts",
        },
    ),
    # --- cash-game pots (issue 25): run it twice, rabbit hunting, kill pots -------------------
    Option(
        "run_it_twice",
        "A cash game: may the players all in agree to run the rest of the board twice (or "
        "three times)?",
        {
            "none": "no: the board is dealt once (Robert's Rules provide no second run)",
            "twice": "twice at most, when every player left agrees, with an all-in and no bet "
            "pending; never in a tournament (a house that does not run it three times)",
            "allowed": "twice or three times, when every player left agrees, with an all-in and "
            "no bet pending (LA26 187); never in a tournament",
        },
    ),
    Option(
        "rabbit_hunt",
        "After the hand, may the dealer show the cards that would have come (rabbit hunting)?",
        {
            "none": "no: the undealt cards stay unseen (TDA24 28; LA26 81)",
            "allowed": "yes, a house that permits rabbit hunting",
        },
    ),
    # asking to see a called hand (issue 25; procedure/showing.py)
    Option(
        "see_hand",
        "At the showdown, who may ask to see a called hand?",
        {
            "any_player": "any player dealt in, even of a hand mucked; asked by the pot's "
            "winner the hand shown is live, by anyone else a mucked hand shown is dead "
            "(RRoP-SD 5)",
            "river_caller": "only a player who called the last bet and still holds or has "
            "tabled cards, of the last aggressor's hand; anything else is the floor's call "
            "(TDA24 18)",
            "floor_only": "no player may simply ask: the floor looks at a mucked hand only when "
            "it fears collusion (LA26 147, the WSOP's live games)",
        },
    ),
    Option(
        "kill",
        "A limit cash game with a kill: how big is the kill blind?",
        {
            "none": "no kill pots at this table: a kill blind is refused",
            "full": "a full kill: twice the big blind, and the limits double for the hand "
            "(RRoP Kill Pots; LA26 193)",
            "half": "a half kill: one and a half times the big blind, the limits half as high "
            "again (LA26 193)",
        },
    ),
    # --- one player to a hand (issue 25; procedure/chip_conduct.py) ----------------------------
    Option(
        "one_player",
        "Someone else helps play a live hand (advice, a look at the cards, a decision made for "
        "the player): what does the floor do to the hand?",
        {
            "warning": "the player is warned and the hand plays on (LA26 20: a warning or a "
            "penalty, the floor's choice)",
            "dead": "the hand is ruled dead, its chips staying in the pot (a house that takes "
            "LA26 20's penalty at once)",
        },
    ),
)

#: what a built-in ruleset's rulebook itself says (a house ruleset keeps its base's): the fields
#: of :class:`Ruleset` that are no house option, with what each decides
RULEBOOK: dict[str, str] = {
    "family": "the rulebook it is (a house ruleset: its base's): the rules corpus lists the "
    "rules of each family (a rule's rulesets), and the lookup filters by it",
    "follows": "the family whose recovery it takes from a record decided by the family (the "
    "record's variants are keyed by family); its own family when it has recoveries of its own",
    "recoveries": "where it departs from the family it follows: situation name -> the "
    "variant (a family) it takes there",
    "cites": "where its own text gives the same ruling under another number: a rule another "
    "rulebook's recovery cites -> the rule it cites instead",
    "cap_rule": "the rule a raise refused at the limit cap cites",
    "citations": "the rules the other refusals of a bet size cite, and TDA 54-B's pot count",
    "voided_no_raise": "the actions out of turn that, freed by a changed action, bar a bet or "
    "raise on the player's turn (RRoP Betting 11: a check or a call; TDA24 53-A: none)",
    "released_hand_dead": "whether a hand let go face down is dead at once (RRoP Dead Hands) "
    "or live until the dealer mucks it (TDA24 14)",
    "mucked_dead_rule": "the rule a show after a muck is refused with",
    "verbal_rule": "the rule behind a player's words (a verbal declaration binds)",
    "declared_string_rule": "the rule behind a declared raise made with chips in two motions",
    "straddle_rule": "the rule a straddle is posted and refused under (its place, its size, "
    "the straddler's option)",
    "missed_blind_rule": "the rule a cash game's blinds owed on return are posted under (the big "
    "blind live, the small blind dead)",
    "entry_rule": "the rule a new player, or one who changed seats, comes in under (post or "
    "wait for the big blind; never between the button and the blinds)",
    "chop_rule": "the rule the blinds chop under (only when everyone else has folded)",
    "raise_takes_second_motion": "whether a player who said raise may bring the chips in "
    "more than one motion (RRoP No-Limit 6) or the second motion does not count (TDA24 56)",
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A named set of choices for every option (see :data:`OPTIONS`)."""

    name: str
    base: str
    description: str
    exposed_misdeal_cards: int = 2
    extra_card: str = "burn"
    flop_too_many: str = "redeal"
    premature_turn: str = "set_aside"
    recut_after_premature_flop: bool = True
    board_claim: str = "declare"
    flop_without_burn: str = "reshuffle"
    substantial_action: str = "two_players"
    heads_up_raises: str = "unlimited"
    button: str = "moving"
    all_in_tabled: bool = False
    exposed_burn: str = "stays"
    skipped_hand: str = "acts"
    game: str = "cash"
    straddle: str = "utg"
    tournament_straddle: str = "none"
    re_straddle: str = "unlimited"
    missed_small_blind: str = "dead"
    chop: str = "allowed"
    buy_button: str = "none"
    conditional: str = "binding"
    run_it_twice: str = "none"
    rabbit_hunt: str = "none"
    kill: str = "full"
    one_player: str = "warning"
    see_hand: str = "any_player"
    # --- what the rulebook itself says (:data:`RULEBOOK`): no house option changes it ---------
    #: the rulebook it is (a built-in's own name); a house ruleset keeps its base's
    family: str = "roberts"
    #: the family whose variant a record decided by the family gives it; left empty, its own
    #: family (set at construction)
    follows: str = ""
    #: where it departs from :attr:`follows`: situation name -> the variant it takes there
    recoveries: Mapping[str, str] = field(default_factory=dict, hash=False)
    #: a rule another rulebook's recovery cites -> the rule of its own that says the same
    cites: Mapping[str, str] = field(default_factory=dict, hash=False)
    cap_rule: str = RULE_LIMITS
    citations: Citations = ROBERTS_CITATIONS
    voided_no_raise: frozenset[Action] = frozenset({Action.CHECK, Action.CALL})
    released_hand_dead: bool = True
    mucked_dead_rule: str = "RRoP Dead Hands"
    verbal_rule: str = "RRoP Betting 8"
    declared_string_rule: str = "RRoP No-Limit 6"
    raise_takes_second_motion: bool = True
    straddle_rule: str = "RRoP-BLD 4"
    missed_blind_rule: str = "RRoP-BLD 6"
    entry_rule: str = "RRoP-BLD 5"
    chop_rule: str = "LA26 71"
    #: the room's rake (a house ruleset file's ``rake``); None: no rake (the rulebooks set none)
    rake: Rake | None = None
    source: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        # an empty ``follows`` is the ruleset's own family; the mappings are copied, so that
        # the caller's dict is not shared (read as Mappings, they are left out of the hash)
        if not self.follows:
            object.__setattr__(self, "follows", self.family)
        object.__setattr__(self, "recoveries", dict(self.recoveries))
        object.__setattr__(self, "cites", dict(self.cites))

    def variant(self, situation: str) -> str:
        """The variant (a family) a record decided by the family gives it for ``situation``."""
        return self.recoveries.get(situation, self.follows)

    def cite(self, rule: str) -> str:
        """The rule it cites for a recovery whose record cites ``rule``."""
        return self.cites.get(rule, rule)

    def options(self) -> dict[str, Any]:
        """Every option's value, by name."""
        return {option.name: getattr(self, option.name) for option in OPTIONS}
