"""Replaying a hand script through the procedure: the engine's public face (contract 1).

:func:`replay` returns one JSON-ready mapping with every key of the contract present:
``state``, ``hand_over``, ``button``, ``stub``, ``board``, ``burns``, ``muck``, ``set_aside``,
``seats``, ``pots``, ``irregularities``, ``rejected``, ``misdeals``, ``expected_next``.
Two keys extend it: ``to_act`` (the seat whose turn it is to bet, or null) and
``showdown_order`` (who shows first, then who next, once the hand reaches the showdown).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from dealer_trainer.cards import Card
from dealer_trainer.handscript import HandScript, load_script
from dealer_trainer.procedure.hand import Hand
from dealer_trainer.rules.rulesets import Ruleset

__all__ = ["play", "replay", "snapshot"]

ScriptSource = str | Path | Mapping[str, Any] | HandScript


def _cards(cards: Sequence[Card]) -> list[str]:
    return [card.text for card in cards]


def play(
    script: ScriptSource,
    *,
    auto_recover: bool = False,
    check: bool = False,
    ruleset: Ruleset | None = None,
) -> Hand:
    """Run every event of a script; return the hand, detached from the machine.

    ``ruleset`` plays the hand under that ruleset instead of the table's.

    ``check`` proves the card and chip invariants after every event (slower; for tests).
    ``auto_recover`` has the engine perform, before each event and at the end, the recovery
    steps that have fallen due and are not a player's action or a normal dealing step.
    """
    parsed = script if isinstance(script, HandScript) else load_script(script)
    if ruleset is not None:
        parsed = replace(parsed, table=replace(parsed.table, ruleset=ruleset))
    with Hand(parsed, check=check) as hand:
        for event in parsed.events:
            if auto_recover and hand.recoveries:
                hand.recover(event, event.index)
            hand.handle(event)
        if auto_recover:
            hand.recover(None, len(parsed.events))
        hand.audit()
    return hand


def snapshot(hand: Hand) -> dict[str, Any]:
    """The contract-1 mapping for a hand."""
    table = hand.table
    betting = hand.betting
    seats: dict[str, dict[str, Any]] = {}
    for seat in sorted(table.stacks):
        seats[str(seat)] = {
            "hole": _cards(table.holes[seat]),
            "folded": betting is not None and seat in betting.folded,
            "chips": hand.chips(seat),
            "won": hand.won.get(seat, 0),
            "shown": seat in hand.shown,
            "mucked": seat in hand.mucked,
        }
    return {
        "state": hand.state,
        "hand_over": hand.hand_over,
        "button": table.button,
        "stub": _cards(table.stub),
        "board": _cards(table.board),
        "burns": _cards(table.burns),
        "muck": _cards(table.muck),
        "set_aside": _cards(table.set_aside),
        "seats": seats,
        "pots": [
            {"amount": pot.amount, "eligible": list(pot.eligible), "winners": list(pot.winners)}
            for pot in hand.current_pots()
        ],
        "irregularities": [
            {"kind": item.kind, "rule": item.rule, "event": item.event}
            for item in hand.irregularities
        ],
        "rejected": [
            {"event": r.event, "name": r.name, "reason": r.reason, "rule": r.rule}
            for r in hand.rejected
        ],
        "misdeals": hand.misdeals,
        "floor_rulings": [
            {
                "event": index,
                "seat": seat,
                "action": ruling.action.value,
                "amount": ruling.amount,
                "rule": ruling.rule,
                "why": ruling.why,
            }
            for index, seat, ruling in hand.floor_rulings
        ],
        "expected_next": hand.expected_next(),
        "to_act": hand.to_act,
        "showdown_order": hand.showing_order() if hand.state == "showdown" else [],
        "kill_due": hand.kill_due(),
        "change_owed": {str(seat): owed for seat, owed in hand.change_owed().items()},
        "runs": _runs(hand),
    }


def _runs(hand: Hand) -> list[dict[str, Any]]:
    """A board run more than once, once awarded: each run's board (the first run's first) and
    each pot's share of it with the seats that won that share; [] for a board run once."""
    if not hand.run_pots:
        return []
    shared = hand.table.board[: hand.run_from]
    boards = [hand.table.board, *([*shared, *run] for run in hand.later_runs)]
    return [
        {
            "board": _cards(board),
            "pots": [{"amount": pot.amount, "winners": list(pot.winners)} for pot in pots],
        }
        for board, pots in zip(boards, hand.run_pots, strict=True)
    ]


def replay(script: str | Path | Mapping[str, Any], *, auto_recover: bool = False) -> dict[str, Any]:
    """Replay a hand script (a path, YAML text or a parsed mapping); return contract 1's mapping.

    Raises :class:`~dealer_trainer.errors.ScriptError` for a script that cannot be read.
    """
    return snapshot(play(script, auto_recover=auto_recover))
