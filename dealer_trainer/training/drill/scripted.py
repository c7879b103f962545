"""A hand the drill deals through the engine while it writes the hand script that reaches it.

:class:`ScriptedHand` opens an engine :class:`~dealer_trainer.procedure.hand.Hand` and hands it
one event at a time; every event is written down as a hand script writes it (contract 1), so
that a generated item carries the script that reaches its moment, and replaying that script
through the engine reaches the same moment. An event the engine refuses is a bug of the
generator (:class:`~dealer_trainer.errors.InvariantError`), never an item.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from dealer_trainer.betting import Action, Betting, Stakes, Structure
from dealer_trainer.cards import Card, stacked_deck
from dealer_trainer.errors import InvariantError
from dealer_trainer.procedure.events import Event, EventName
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.procedure.script import HandScript, TableSpec
from dealer_trainer.rules.rulesets import BUILTIN, Ruleset
from dealer_trainer.script_events import script_item

__all__ = ["ScriptedHand", "dealing_order"]

_WORDS = {
    Action.FOLD: "folds",
    Action.CHECK: "checks",
    Action.CALL: "calls",
    Action.BET: "bets",
    Action.RAISE: "raises to",
    Action.ALL_IN: "is all in for",
}


def dealing_order(seats: Sequence[int], button: int) -> list[int]:
    """The seats clockwise from the first left of the button (the button last)."""
    ordered = sorted(seats)
    at = ordered.index(button)
    return ordered[at + 1 :] + ordered[: at + 1]


class ScriptedHand:
    """One hand dealt through the engine, and the script (and the story) that reached it."""

    def __init__(
        self,
        *,
        stacks: Mapping[int, int],
        button: int,
        blinds: tuple[int, int],
        structure: Structure,
        ruleset: Ruleset,
        rng: random.Random,
        deck: Sequence[Card] | None = None,
    ) -> None:
        self.stacks = dict(sorted(stacks.items()))
        self.button = button
        self.blinds = blinds
        self.structure = structure
        #: the script names a built-in ruleset: a house ruleset's base (money is the same)
        self.ruleset_name = ruleset.name if ruleset.name in BUILTIN else ruleset.base
        self.deck_top = tuple(deck) if deck is not None else None
        self.seed = None if deck is not None else rng.randrange(2**31)
        table = TableSpec(
            stacks=tuple(self.stacks.items()),
            button=button,
            stakes=Stakes(structure, *blinds),
            ruleset=BUILTIN[self.ruleset_name],
        )
        full = tuple(stacked_deck(list(deck))) if deck is not None else None
        self.hand = Hand(HandScript(table=table, deck=full, seed=self.seed, events=()))
        self.events: list[str | dict[str, dict[str, Any]]] = []
        #: what happened, in words, for the question
        self.story: list[str] = []

    def close(self) -> None:
        """Detach the engine's hand."""
        self.hand.close()

    @property
    def betting(self) -> Betting:
        """The hand's betting (once the blinds are in)."""
        if self.hand.betting is None:
            raise InvariantError("the blinds have not been posted")
        return self.hand.betting

    def do(self, name: EventName, **args: Any) -> None:
        """Hand the engine one event; it must accept it."""
        event = Event(name=name, index=len(self.events), **args)
        verdict = self.hand.handle(event)
        if verdict.outcome != "accepted":
            raise InvariantError(f"the engine refused {event.describe()}: {verdict.reason}")
        self.events.append(script_item(event))

    def start(self) -> None:
        """Shuffle and cut (unless the deck is stacked), post the blinds, deal."""
        if self.deck_top is None:
            self.do(EventName.SHUFFLE)
            self.do(EventName.CUT)
        self.do(EventName.POST_BLINDS)
        small, big = self.betting.blinds
        posted = self.betting.contributed
        if small is not None:
            self.story.append(f"Seat {small} posts the small blind ({posted[small]}).")
        self.story.append(f"Seat {big} posts the big blind ({posted[big]}).")
        self.do(EventName.DEAL)

    def act(self, seat: int, action: Action, amount: int | None = None) -> None:
        """A player's action (``amount``: the total bet this round, for a bet or raise)."""
        betting = self.betting
        before = betting.bets[seat]
        self.do(EventName.ACT, seat=seat, action=action, amount=amount)
        total = betting.bets[seat]
        if action in (Action.FOLD, Action.CHECK):
            self.story.append(f"Seat {seat} {_WORDS[action]}.")
        elif action is Action.CALL:
            self.story.append(f"Seat {seat} calls {total - before}.")
        elif action is Action.ALL_IN:
            self.story.append(f"Seat {seat} is all in for {total} in all this round.")
        else:
            self.story.append(f"Seat {seat} {_WORDS[action]} {total}.")

    def street(self) -> None:
        """Burn and turn the next street's cards."""
        self.do(EventName.BURN)
        name = {0: EventName.FLOP, 3: EventName.TURN, 4: EventName.RIVER}[
            len(self.hand.table.board)
        ]
        self.do(name)
        board = " ".join(card.text for card in self.hand.table.board)
        self.story.append(f"The {name.value}: the board is {board}.")

    def script(self) -> dict[str, Any]:
        """The hand script (contract 1) that reaches this moment."""
        table: dict[str, Any] = {
            "seats": dict(self.stacks),
            "button": self.button,
            "blinds": list(self.blinds),
            "structure": self.structure.value,
            "ruleset": self.ruleset_name,
        }
        script: dict[str, Any] = {"table": table}
        if self.deck_top is not None:
            script["deck"] = [card.text for card in self.deck_top]
        else:
            script["seed"] = self.seed
        script["events"] = list(self.events)
        return script

    def table_words(self) -> str:
        """The table in words: the structure, blinds, button and stacks."""
        stacks = ", ".join(f"seat {seat} {chips}" for seat, chips in self.stacks.items())
        small, big = self.blinds
        return (
            f"{self.structure.value.capitalize()}, blinds {small}/{big}, the button on seat "
            f"{self.button}; stacks: {stacks}."
        )
