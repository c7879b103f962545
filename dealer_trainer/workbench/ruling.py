"""A player's ruling asked as a question: the author plays what a player did (an action out of
turn, a player away at the deal, a hand let go face down, tabled one card only or ordered
tabled by the floor) and asks what the floor's ruling makes of the table, as the bank's
player-ruling items do: a ``fact`` question (who is to act now, who wins the pot) whose key the
engine answers under the table's ruleset. The options are drafted from the engine too: the key,
the answer the other rulebook's ruling gives where it differs, and the answers a floor that
misread the ruling would give (the action standing where it was made, nobody, the next seats)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import suppress
from dataclasses import replace
from typing import Any

from dealer_trainer.authoring import dump
from dealer_trainer.errors import ScriptError
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.rules.rulesets import other_family
from dealer_trainer.scenario import Kind, load_scenario_text
from dealer_trainer.scenario.facts import FACTS, fact_hand
from dealer_trainer.workbench.draft import AuthoringError, Draft, OptionDraft
from dealer_trainer.workbench.moves import played, stock
from dealer_trainer.workbench.table import ruleset_of

__all__ = [
    "PLAYER_SITUATIONS",
    "RULING",
    "RULING_FACTS",
    "RULING_WORDS",
    "draft_ruling",
    "ruled_situation",
    "ruling_mapping",
    "ruling_question",
]

#: the question kind the workbench offers for a player's ruling (written as a ``fact`` question)
RULING = "ruling"
RULING_WORDS = "a player's ruling: what the floor's ruling makes of the table (who acts, who wins)"
#: the situations the floor's rulings on what players do raise (procedure/player_rulings.py)
PLAYER_SITUATIONS: tuple[str, ...] = (
    "action_out_of_turn",
    "skipped_by_out_of_turn",
    "absent_at_deal",
    "hand_ordered_tabled",
    "hand_partly_tabled",
    "hand_released",
)
#: the facts a player's ruling is asked as, with the question asked by default
RULING_FACTS: dict[str, str] = {
    "to_act": "Who is to act now?",
    "winners": "Who wins the pot?",
}
#: the most options drafted
_MOST = 4


def ruled_situation(draft: Draft, house_yaml: str | None = None) -> str | None:
    """The first player's ruling the engine made on the draft's moves (None: none)."""
    with played(draft, house_yaml) as hand:
        found = [i.situation for i in hand.irregularities if i.situation in PLAYER_SITUATIONS]
    return found[0] if found else None


def _words(fact: str, value: Any) -> str:
    if fact == "winners":
        seats = list(value or [])
        if not seats:
            return "Nobody wins it yet"
        if len(seats) == 1:
            return f"Seat {seats[0]} wins it"
        return "Seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]} split it"
    return "Nobody: the betting round is over" if value is None else f"Seat {value}"


def _fact_of(draft: Draft, fact: str, house_yaml: str | None) -> Any:
    """The engine's value of ``fact`` at the end of the draft's moves (the award played on to,
    for a pot asked at the showdown: the quiz's proof reads it so)."""
    data = {
        "id": "ruling-draft",
        "title": "draft",
        "topic": "action-order",
        "difficulty": 2,
        "ruleset": draft.table.ruleset,
        "table": draft.table.mapping(),
        **stock(draft.moves),
        "setup": list(draft.moves),
        "question": {
            "kind": "fact",
            "fact": fact,
            "ask": "?",
            "choices": [
                {"text": "a", "answer": [] if fact == "winners" else None, "correct": True},
                {"text": "b", "answer": [0] if fact == "winners" else 0},
            ],
            "explain": ".",
        },
    }
    rulesets = {draft.table.ruleset: house_yaml} if house_yaml else None
    try:
        scenario = load_scenario_text(dump(data), "ruling.yaml", rulesets=rulesets)
    except ScriptError as exc:
        raise AuthoringError(str(exc.message), place="kind") from None
    with played(draft, house_yaml) as hand:
        return FACTS[fact][1](fact_hand(scenario, hand))


def _fact_here(draft: Draft, house_yaml: str | None) -> str:
    with played(draft, house_yaml) as hand:
        if hand.to_act is not None:
            return "to_act"
        if hand.state == "showdown":
            return "winners"
    raise AuthoringError(
        "ask a player's ruling while a player is to act or at the showdown: play on to there",
        place="kind",
    )


def _out_of_turn(moves: tuple[Any, ...]) -> int | None:
    """The seat of the last action out of turn among the moves (None: none)."""
    for move in reversed(moves):
        args = move.get("act") if isinstance(move, dict) else None
        if isinstance(args, dict) and args.get("out_of_turn"):
            return int(args["seat"])
    return None


def _misread(hand: Hand, fact: str, standing: int | None) -> Iterator[Any]:
    """The answers a floor that misread the ruling would give: for whose turn it is, the seat
    after an action out of turn (as if it stood), the seats around the player to act and
    nobody; for who wins, each live hand alone."""
    betting = hand.betting
    if fact == "to_act":
        order = list(betting.order) if betting is not None else []
        if standing in order:
            yield order[(order.index(standing) + 1) % len(order)]
        seat = hand.to_act
        if seat in order:
            at = order.index(seat)
            yield from (order[(at + step) % len(order)] for step in (1, 2, -1))
        yield None
        return
    if betting is not None:
        yield from ([seat] for seat in sorted(betting.live))
    yield []


def ruling_question(draft: Draft, house_yaml: str | None = None) -> tuple[str, list[OptionDraft]]:
    """The fact asked and its options: the engine's answer (the key), the other rulebook's where
    it differs, then the misread answers, :data:`_MOST` in all."""
    fact = _fact_here(draft, house_yaml)
    key = _fact_of(draft, fact, house_yaml)
    values: list[Any] = [key]
    other = other_family(ruleset_of(draft.table, house_yaml))
    elsewhere = replace(draft, table=replace(draft.table, ruleset=other.name))
    with suppress(AuthoringError):  # the moves may not play under it: no answer of its own
        values.append(_fact_of(elsewhere, fact, None))
    with played(draft, house_yaml) as hand:
        values += list(_misread(hand, fact, _out_of_turn(draft.moves)))
    options: list[OptionDraft] = []
    for value in values:
        if len(options) < _MOST and all(o.answer != value for o in options):
            answer = list(value) if isinstance(value, list | tuple) else value
            options.append(OptionDraft(text=_words(fact, value), answer=answer,
                                       correct=not options))  # fmt: skip
    if len(options) < 2:
        raise AuthoringError("the ruling leaves only one answer here: play on", place="kind")
    return fact, options


def _cards_said(draft: Draft, fact: str, house_yaml: str | None) -> str:
    """For who wins: the board and every live hand's cards, in words (the trainee cannot see a
    hand let go face down), before the question."""
    if fact != "winners":
        return ""
    with played(draft, house_yaml) as hand:
        board = " ".join(card.text for card in hand.table.board)
        live = sorted(hand.betting.live) if hand.betting is not None else []
        hands = "; ".join(
            f"seat {seat} holds {' '.join(c.text for c in hand.table.holes[seat])}"
            for seat in live
            if hand.table.holes.get(seat)
        )
    return f"Board {board}; {hands}. " if board and hands else ""


def draft_ruling(draft: Draft, house_yaml: str | None = None) -> Draft:
    """The draft asking the player's ruling its moves made, its options drafted by the engine
    (the title and id the author typed kept)."""
    name = ruled_situation(draft, house_yaml)
    if name is None:
        raise AuthoringError(
            "no player's ruling yet: play what the player did (an action out of turn, a player "
            "away at the deal, a hand let go or tabled one card only)",
            place="kind",
        )
    fact, options = ruling_question(draft, house_yaml)
    found = situation(name)
    ruleset = ruleset_of(draft.table, house_yaml)
    outcome = found.outcome(ruleset)
    explain = f"{found.title}: under {ruleset.name} the rule is {outcome.rule}. " + " ".join(
        outcome.words
    )
    family = ruleset.family.split("-")[0]
    return replace(
        draft,
        error=name,
        kind=RULING,
        fact=fact,
        ask=_cards_said(draft, fact, house_yaml) + RULING_FACTS[fact],
        explain=explain.strip(),
        options=tuple(options),
        order=(),
        title=draft.title or found.title,
        ident=draft.ident or f"{found.topic}-{family}-{len(draft.moves)}",
    )


def ruling_mapping(draft: Draft) -> dict[str, Any]:
    """The question of a player's ruling as a scenario writes it: a fact question."""
    return {"kind": Kind.FACT.value, "fact": draft.fact}
