"""The topics: one vocabulary for the scenario bank, the rules corpus and the quiz.

A topic is a slug (``premature-turn``). Irregularity topics cover dealer errors: each error's
record (:mod:`dealer_trainer.procedure.rulings`) names its topic, and
:func:`~dealer_trainer.procedure.rulings.situations_of` reads them back (the rules know nothing
of the engine's records). Procedure topics cover the normal dealing procedure. This module imports
nothing else of the package when it loads: the rules lookup reads it at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TOPICS", "Topic", "topic"]


@dataclass(frozen=True, slots=True)
class Topic:
    """One topic: its slug, a title, and its kind."""

    slug: str
    title: str
    #: ``irregularity`` (a dealer error and its recovery) or ``procedure`` (normal dealing)
    kind: str
    #: what a scenario of the topic must set up, where its errors do not say it (docs)
    note: str = ""


TOPICS: tuple[Topic, ...] = (
    # dealer errors and their recoveries
    Topic("exposed-card", "A hole card exposed during the deal", "irregularity"),
    Topic("extra-card", "Extra cards dealt", "irregularity"),
    Topic("boxed-card", "A card found face up in the deck", "irregularity"),
    Topic("wrong-seat", "Cards to the wrong seat, a missed seat or an empty seat", "irregularity"),
    Topic("flop-too-many", "A flop with too many cards", "irregularity"),
    Topic("flop-without-burn", "A flop turned without a burn", "irregularity"),
    Topic("premature-flop", "The flop turned before betting ends", "irregularity"),
    Topic("premature-turn", "The turn shown before flop betting ends", "irregularity"),
    Topic("premature-river", "The river shown before turn betting ends", "irregularity"),
    Topic("burn-error", "A burn card missed, doubled or shown", "irregularity"),
    Topic("dropped-stub", "A dropped or disordered stub", "irregularity"),
    # a showdown topic: a scenario names ``situation: board_not_declared`` to require the error
    Topic("play-the-board", "Playing the board at the showdown", "procedure"),
    Topic(
        "misdeal",
        "Misdeals in general: when, and the exact replay",
        "irregularity",
        note="any error that ends in a misdeal (the setup must end in one)",
    ),
    Topic("pot-award", "A pot pushed to the wrong player, a misread hand", "irregularity"),
    Topic("killed-hand", "A hand killed by the dealer", "irregularity"),
    Topic(
        "foul-deck",
        "A foul deck: a joker, a duplicate card, another back, a card short",
        "irregularity",
    ),
    # the normal procedure
    Topic("pitch-order", "The order of the deal", "procedure"),
    Topic("blinds-button", "Blinds and the button", "procedure"),
    Topic("big-blind-option", "The big blind's option", "procedure"),
    Topic("action-order", "Who acts first on each street", "procedure"),
    Topic("betting", "Bets, raises, limits and the raise cap", "procedure"),
    Topic("burns", "Burn cards", "procedure"),
    Topic("showdown-order", "Who shows first at the showdown", "procedure"),
    Topic("odd-chip", "The odd chip of a split pot", "procedure"),
    Topic("side-pots", "All-ins and side pots", "procedure"),
    Topic("hand-rankings", "Hand rankings", "procedure"),
    Topic("buy-in", "Buying in", "procedure"),
    Topic("straddle", "Straddles: who may post one, the order of action, the raise", "procedure"),
    Topic("verbal-raise", "A raise said out loud with no amount", "procedure"),
    Topic(
        "missed-blinds",
        "A cash game's blinds: missed blinds, new players, seat changes",
        "procedure",
    ),
    Topic("chopping", "Chopping the blinds", "procedure"),
    # chips, counts, conditional statements (issue 25): a block of its own, for the merge
    Topic(
        "chips",
        "Chips: splashed, knocked over, pulled back, hidden behind a stack",
        "procedure",
    ),
    Topic("counts", "Counts on request, a dealer's miscount or wrong change", "procedure"),
    Topic(
        "conditional-statements",
        "Conditional statements and forward motion: what binds a player",
        "procedure",
    ),
    # a cash game's pots (issue 25)
    Topic("run-it-twice", "Running it twice and rabbit hunting", "procedure"),
    Topic("kill-pot", "Kill pots in limit games: the kill blind and the limits", "procedure"),
    Topic("showing-hands", "Asking to see a called hand; show one, show all", "procedure"),
    # the table itself (issue 25): the button, the cards in view, the deck, the clock
    Topic(
        "wrong-button",
        "The button out of place or moved wrongly",
        "irregularity",
        note="the floor finds the button out of place (wrong_button: {seat: N})",
    ),
    Topic("cards-on-table", "Hole cards kept on the table; one player to a hand", "procedure"),
    Topic("deck-change", "Deck changes: on request, on schedule, after a foul deck", "procedure"),
    Topic("clock", "The clock on a slow player, and time banks", "procedure"),
)

_BY_SLUG = {item.slug: item for item in TOPICS}


def topic(slug: str) -> Topic:
    """The topic of this slug; ``KeyError`` when there is none."""
    return _BY_SLUG[slug]
