"""A cash game's pots: the kill blind, running the board twice, rabbit hunting (issue 25).

Each is a house option of the ruleset (:mod:`dealer_trainer.rules.options`): ``kill`` (none,
full, half), ``run_it_twice`` (none, twice, allowed: up to three runs) and ``rabbit_hunt``
(none, allowed); none of them is played in a tournament. The checks refuse with the rule that
says why (a :class:`~dealer_trainer.errors.Rejected` with its citation, nothing changed); the
effects post the kill blind and raise the limits for the hand, or deal the later runs of an
agreed board and split each pot between the boards.
"""

from __future__ import annotations

from dataclasses import replace

from dealer_trainer.betting import Betting, Structure
from dealer_trainer.cards import Card
from dealer_trainer.errors import Rejected
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.hand_state import HandState
from dealer_trainer.showdown import Pot, award, hand_strength

__all__ = [
    "KILL_DUE_RULE",
    "KILL_RULE",
    "KILL_RULES",
    "RABBIT_RULE",
    "RUN_TWICE_RULE",
    "CashPots",
    "post_kill",
    "run_share",
]

#: the kill pot: a limit game's kill blind and its place in the action (RRoP Kill Pots)
KILL_RULE = "RRoP-KP 2"
#: the kill's sizes, and one kill a deal with no straddle in it (WSOP live action)
KILL_RULES = {"size": "LA26 193", "once": "LA26 202", "straddle": "LA26 203"}
#: running the board twice: a cash game, everyone left agrees, an all-in, no bet pending
RUN_TWICE_RULE = "LA26 187"
#: no rabbit hunting: the undealt cards are never shown
RABBIT_RULE = "TDA24 28"
#: what makes a kill: two pots in a row, the second holding a full bet beyond the blinds
KILL_DUE_RULE = "LA26 195"
#: how many times a board may be run, as said
_TIMES = {2: "twice", 3: "three times"}


def run_share(amount: int, runs: int, run: int) -> int:
    """Board ``run``'s share (0: the first board) of a pot of ``amount`` run ``runs`` times:
    an equal part, and the odd chips one each to the first boards first (LA26 187): 302 run
    three times is 101, 101 and 100."""
    return amount // runs + (1 if run < amount % runs else 0)


#: the kill blind against the big blind, and the limits against the table's: (times, halves)
_KILL_TIMES = {"full": (2, 1), "half": (3, 2)}


def post_kill(betting: Betting, seat: int, kind: str) -> int:
    """Post ``seat``'s kill blind of ``kind`` (full, half): the limits rise for the hand and
    the kill blind is the bet to call; the action starts left of it and it acts last before
    the flop, like a blind (RRoP-KP 2; LA26 194). Return the kill blind's amount."""
    times, per = _KILL_TIMES[kind]
    stakes = betting.stakes
    small = stakes.small_bet or stakes.big_blind
    big = stakes.big_bet or 2 * small
    betting.stakes = replace(stakes, small_bet=small * times // per, big_bet=big * times // per)
    size = stakes.big_blind * times // per
    betting._put(seat, size - betting.bets[seat])
    betting.current_bet = size
    betting._level = size
    betting._open_level = size
    betting._size = betting.stakes.small_bet
    betting._min_inc = betting._size
    betting._open_inc = betting._size
    betting.to_act = betting._next_after(betting._index[seat])
    return size


class CashPots(HandState):
    """The checks and effects of ``kill_blind``, ``run_twice`` and ``rabbit``."""

    # --- the kill blind ----------------------------------------------------------------------

    def _plays_kills(self) -> bool:
        """A limit cash game whose house plays kill pots."""
        return (
            self.spec.stakes.structure is Structure.LIMIT
            and self.spec.game == "cash"
            and self.ruleset.kill != "none"
        )

    def _streak_after(self) -> tuple[tuple[int, int] | None, bool]:
        """The run of pots won whole once this hand's pot is awarded, and whether this pot
        held at least one full bet beyond the blinds (LA26 195). A pot split, chopped or not
        won by one seat ends the run."""
        winners = [seat for seat, won in self.won.items() if won > 0]
        if not self.awarded or len(winners) != 1:
            return None, False
        seat = winners[0]
        run = self.kill_streak
        streak = (seat, run[1] + 1 if run is not None and run[0] == seat else 1)
        stakes = self.spec.stakes
        blinds = stakes.small_blind + stakes.big_blind
        full_bet = stakes.small_bet or stakes.big_blind
        beyond = sum(pot.amount for pot in self.pots) - blinds
        return streak, beyond >= full_bet

    def kill_due(self) -> int | None:
        """The seat that must kill the next hand (once this hand's pot is awarded), or this one
        (before it is): a player who won two pots in a row, the second with at least one full
        bet beyond the blinds (LA26 195). None where the table plays no kill pots."""
        if not self._plays_kills():
            return None
        if not self.awarded:
            return self.kill_owed
        streak, full = self._streak_after()
        return streak[0] if streak is not None and streak[1] >= 2 and full else None

    def close_kill_run(self) -> None:
        """At ``next_hand``: carry the run of pots won on to the next hand, and who owes it
        the kill blind."""
        self.kill_owed = self.kill_due()
        self.kill_streak = self._streak_after()[0] if self.awarded else None

    def kill_size(self) -> int:
        """What a kill blind costs at this table (the house's ``kill``: full or half)."""
        times, per = _KILL_TIMES[self.ruleset.kill]
        return self.spec.stakes.big_blind * times // per

    def verify_kill_blind(self, event: Event) -> None:
        """A kill blind: a limit cash game whose house plays kill pots, after the blinds and
        before the first card, one a deal, never with a straddle (RRoP-KP 2; LA26 193-203)."""
        assert self.betting is not None and event.seat is not None
        seat = event.seat
        # Robert's Rules' kill pot section; the tda-2024 ruleset takes the WSOP's (the TDA rules
        # have no kill)
        rule = KILL_RULE if self.ruleset.family == "roberts" else KILL_RULES["size"]
        if self.spec.stakes.structure is not Structure.LIMIT:
            raise Rejected(
                f"a kill pot is a limit game's: a {self.spec.stakes.structure.value} game has no "
                "kill blind",
                rule=rule,
            )
        if self.spec.game != "cash":
            raise Rejected("a tournament has no kill pots: its limits rise by level", rule=rule)
        if self.ruleset.kill == "none":
            raise Rejected(
                f"no kill pots at this table ({self.ruleset.name}: option kill is none)",
                rule=rule,
            )
        if self.dealt:
            raise Rejected(
                "the kill blind goes in before the first card is dealt; the deal has begun",
                rule=rule,
            )
        if self.kill_blind is not None:
            raise Rejected(
                f"seat {self.kill_blind[0]} has posted this deal's kill already: one kill a deal",
                rule=KILL_RULES["once"],
            )
        if self.bought is not None and seat in self.betting.blinds:
            raise Rejected(
                f"seat {self.bought} bought the button and is this hand's blind: the kill may "
                "not be in a blind (LA26 206)",
                rule=self.ruleset.entry_rule,
            )
        if self.betting.straddles:
            raise Rejected(
                "a kill pot has no straddle: the straddle is posted already",
                rule=KILL_RULES["straddle"],
            )
        if seat not in self.betting._index or seat in self.betting.folded:
            raise Rejected(f"seat {seat} is not in this hand", rule=rule)
        size = self.kill_size()
        if event.amount is not None and event.amount != size:
            raise Rejected(
                f"a {self.ruleset.kill} kill blind is {size} at this table, not {event.amount}",
                rule=KILL_RULES["size"],
            )
        owed = size - self.betting.bets[seat]
        if self.betting.stacks[seat] < owed:
            raise Rejected(
                f"seat {seat} has {self.betting.stacks[seat]} behind, less than the kill "
                f"blind of {size}",
                rule=rule,
            )

    def post_kill_blind(self, event: Event) -> None:
        """The kill blind goes in and the limits rise for this hand (checked first)."""
        assert self.betting is not None and event.seat is not None
        size = post_kill(self.betting, event.seat, self.ruleset.kill)
        self.kill_blind = (event.seat, size)

    # --- running the board twice (or three times) -------------------------------------------

    def verify_run_twice(self, event: Event) -> None:
        """Two or three boards: a cash game whose house allows it, a player all in, no bet
        pending, the board not complete, and every player left agreeing (LA26 187)."""
        assert self.betting is not None
        if self.spec.game != "cash":
            raise Rejected(
                "a tournament board is dealt once: no running it twice", rule=RUN_TWICE_RULE
            )
        if self.ruleset.run_it_twice == "none":
            raise Rejected(
                f"this house deals the board once ({self.ruleset.name}: option run_it_twice is "
                "none)",
                rule=RUN_TWICE_RULE,
            )
        if (event.runs or 2) > 2 and self.ruleset.run_it_twice == "twice":
            raise Rejected(
                f"this house runs a board twice at most ({self.ruleset.name}: option "
                "run_it_twice is twice)",
                rule=RUN_TWICE_RULE,
            )
        if self.runs > 1:
            raise Rejected(
                f"the players have agreed to run it {_TIMES[self.runs]} already",
                rule=RUN_TWICE_RULE,
            )
        if not self.betting.all_in & set(self.betting.live):
            raise Rejected("running it twice needs a player all in; nobody is", rule=RUN_TWICE_RULE)
        if not self.betting.betting_over:
            raise Rejected(
                "the betting is not over: a board is run twice only with no action pending",
                rule=RUN_TWICE_RULE,
            )
        if len(self.table.board) >= 5:
            raise Rejected(
                "the board is complete: there is nothing left to run", rule=RUN_TWICE_RULE
            )
        if event.declined:
            raise Rejected(
                f"every player left must agree to run it {_TIMES[event.runs or 2]}; one said "
                "no, so the board is dealt once",
                rule=RUN_TWICE_RULE,
            )

    def agree_run_twice(self, event: Event) -> None:
        """The players all agreed: the rest of the board is run twice, or three times."""
        self.runs = event.runs or 2
        self.run_from = len(self.table.board)

    def later_boards(self) -> list[list[Card]]:
        """The boards of the second run and the third (if any): the cards out when the players
        agreed, then the rest dealt again from the stub once the board before is complete, a
        burn before each street (LA26 213). Their new cards lie beside the first board (the
        set-aside zone, so every card stays accounted for). Dealt once."""
        if len(self.later_runs) < self.runs - 1:
            shared = self.run_from
            streets = [3] if shared < 3 else []
            streets += [1] * (5 - max(shared, 3))
            runs: list[tuple[Card, ...]] = []
            for _ in range(self.runs - 1):
                cards = [card for count in streets for card in self._run_street(count)]
                self.table.set_aside.extend(cards)
                runs.append(tuple(cards))
            self.later_runs = tuple(runs)
        shared_cards = self.table.board[: self.run_from]
        return [[*shared_cards, *run] for run in self.later_runs]

    def _run_street(self, count: int) -> list[Card]:
        """One street of a later run: a burn and ``count`` cards from the stub. A stub too
        short for both (LA26 215, 216) gives its cards down to the last one, unburned, and the rest
        come from the burn cards, then from the muck, in the order they went there."""
        table = self.table
        if len(table.stub) > count:
            table.burns.extend(table.take(1))
            return table.take(count)
        cards = table.take(len(table.stub))
        for zone in (table.burns, table.muck):
            while zone and len(cards) < count:
                cards.append(zone.pop(0))
        return cards

    def award_runs(
        self, pots: list[Pot], strengths: dict[int, int]
    ) -> tuple[list[Pot], dict[int, int]] | None:
        """Each pot in as many shares as runs, the odd chips one each to the first boards
        first (LA26 187): each share to the best claim on its board. None: the board is run
        once (no agreement)."""
        if self.runs < 2 or not strengths:
            return None
        per_board = [strengths]
        for board in self.later_boards():
            per_board.append(
                {
                    seat: hand_strength(
                        [*board, *(self.table.holes[seat] if seat in self.shown else ())]
                    )
                    for seat in strengths
                }
            )
        won: dict[int, int] = {}
        shares: list[tuple[Pot, ...]] = []
        for run, claims in enumerate(per_board):
            share = [replace(pot, amount=run_share(pot.amount, self.runs, run)) for pot in pots]
            settled, won_here = award(share, claims, self.order)
            shares.append(tuple(settled))
            for seat, chips in won_here.items():
                won[seat] = won.get(seat, 0) + chips
        self.run_pots = tuple(shares)
        settled = [
            replace(pot, winners=tuple(s for s in self.order if any(s in p.winners for p in run)))
            for pot, *run in zip(pots, *shares, strict=True)
        ]
        return settled, won

    # --- rabbit hunting -------------------------------------------------------------------------

    def verify_rabbit(self, event: Event) -> None:
        """The cards that would have come are shown only where the house allows it."""
        if self.ruleset.rabbit_hunt != "allowed":
            raise Rejected(
                "no rabbit hunting: the cards not dealt stay unseen "
                f"({self.ruleset.name}: option rabbit_hunt is none)",
                rule=RABBIT_RULE,
            )

    def hunt_rabbit(self, event: Event) -> None:
        """A house that allows it: the cards shown play no part in the hand; nothing changes."""
