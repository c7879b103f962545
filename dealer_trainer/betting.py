"""The betting state of one hold'em hand: blinds, turn order, bet sizes, all-ins, caps.

The model knows chips, not cards. A :class:`Betting` is built from the seats in the hand
(clockwise, starting left of the button, so the button is ``order[-1]``), their stacks and the
:class:`Stakes`. Then::

    post_blinds()                 the blinds go in; the preflop round starts
    act(seat, action, amount)     one decision of the seat whose turn it is (``to_act``)
    start_street(FLOP/TURN/RIVER) once ``round_complete``: bets go back to 0, a new round starts

Every amount is a *total for the current round*: ``RAISE`` to 60 means the seat's bet for this
round becomes 60, whatever it had in before. ``CALL``, ``CHECK``, ``FOLD`` and ``ALL_IN`` need no
amount; when one is given it must be the seat's total after the action.

Chips live in three places: ``stacks`` (behind), ``bets`` (in front, this round) and
``contributed`` (in the pot this hand, this round included); ``pot`` is the sum of
``contributed``. Uncalled chips are not returned here: that is settling, not betting.

The rules are Robert's Rules of Poker and the TDA rules:

* the blinds are not actions: the big blind keeps its option when everyone just calls;
* a bet or raise is *full* when it is at least the last full bet or raise of the round (the big
  blind to begin with); a full bet or raise makes everyone act again and sets the minimum raise;
* an all-in for less than a full raise is *incomplete*: the others must call it, but it does not
  reopen the raising for a seat that has already acted, unless the all-ins since that seat acted
  add up to a full raise (no-limit and pot-limit: the full-bet rule);
* in limit the bet is the small bet preflop and on the flop, the big bet on the turn and river;
  a round allows one bet and ``max_raises`` raises (preflop the big blind is the bet); an all-in
  of at least half a bet counts as a full bet or raise (the half-bet rule); facing a smaller one,
  a seat that has not acted may complete it to the full size; a seat that has acted may raise
  again only when what it now faces is at least half a bet (RRoP Betting 6, TDA 47-B), however
  many short all-ins made it;
* pot-limit preflop under TDA 54-B (``Citations.full_blinds_preflop``): a short or dead blind
  counts as posted in full for the pot size;
* heads-up in limit (``heads_up_uncapped``, Robert's Rules betting rule 4): once no more than
  two seats not all-in are left before the cap is reached, the raising is unlimited for the
  round; a cap reached with three or more stays, even when a fold then leaves two;
* a dead small blind (``blinds=(None, big)``, a dead button): only the big blind is posted;
* nobody may raise when no other seat could call more (all others folded or all-in);
* a live straddle (:mod:`dealer_trainer.straddles` says who may post one) is a blind: the
  action starts to its left, the straddler acts last; the smallest raise is to twice it (LA26
  22); in limit it counts as no bet toward the cap (LA26 130).

A refused action raises :class:`~dealer_trainer.errors.IllegalAction` and changes nothing:
``verify`` works everything out before ``act`` assigns anything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dealer_trainer import raising, straddles
from dealer_trainer.errors import IllegalAction
from dealer_trainer.raising import _CHECK, _FOLD, _RAISE
from dealer_trainer.stakes import (
    ROBERTS_CITATIONS,
    RULE_ALL_IN,
    RULE_ALL_IN_LIMIT,
    RULE_BETTING,
    RULE_HEADS_UP,
    RULE_LIMITS,
    RULE_MIN_RAISE,
    RULE_STRADDLE,
    TDA_CITATIONS,
    Action,
    Citations,
    Ruling,
    Stakes,
    Street,
    Structure,
    blind_seats,
)

__all__ = [
    "ROBERTS_CITATIONS",
    "RULE_ALL_IN",
    "RULE_ALL_IN_LIMIT",
    "RULE_BETTING",
    "RULE_HEADS_UP",
    "RULE_LIMITS",
    "RULE_MIN_RAISE",
    "TDA_CITATIONS",
    "Action",
    "Betting",
    "Citations",
    "Ruling",
    "Stakes",
    "Street",
    "Structure",
    "blind_seats",
]

_NEXT_STREET = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN, Street.TURN: Street.RIVER}


class Betting:
    """The betting of one hand: whose turn it is, what each seat may do, where the chips are."""

    __slots__ = (
        "_acted",
        "_cap_rule",
        "_capped",
        "_cites",
        "_heads_up_uncapped",
        "_index",
        "_level",
        "_limit",
        "_min_inc",
        "_n_active",
        "_n_live",
        "_open_inc",
        "_open_level",
        "_phantom",
        "_posted",
        "_raises",
        "_size",
        "_straddle",
        "_straddle_rule",
        "all_in",
        "antes",
        "bets",
        "blinds",
        "contributed",
        "current_bet",
        "dead",
        "folded",
        "last_aggressor",
        "order",
        "stacks",
        "stakes",
        "straddles",
        "street",
        "to_act",
    )

    def __init__(
        self,
        order: Sequence[int],
        stacks: Mapping[int, int],
        stakes: Stakes,
        *,
        blinds: tuple[int | None, int] | None = None,
        heads_up_uncapped: bool = False,
        cap_rule: str = RULE_LIMITS,
        citations: Citations | None = None,
        straddle: str = "none",
        straddle_rule: str = RULE_STRADDLE,
    ) -> None:
        """Seats in ``order`` (clockwise from left of the button) with their ``stacks``.

        ``blinds``: the small and the big blind's seats when a dead button places them (the
        small blind None when it is dead); by default :func:`blind_seats` of the order.
        ``heads_up_uncapped``: in limit, no raise cap once the action is heads-up before the
        cap (:data:`RULE_HEADS_UP`). ``cap_rule``: the rule a capped raise is refused with.
        ``citations``: the rules the other refusals cite (:data:`ROBERTS_CITATIONS`,
        :data:`TDA_CITATIONS`); by default Robert's Rules' limits with the TDA's numbers.
        ``straddle``: who may straddle (``none``, ``utg``, ``button``, ``any``), under the rule
        ``straddle_rule`` (:mod:`dealer_trainer.straddles`).
        """
        self.order: tuple[int, ...] = tuple(order)
        if len(self.order) < 2:
            raise ValueError("a hand needs at least two seats")
        if len(set(self.order)) != len(self.order):
            raise ValueError(f"a seat appears twice in the order {self.order}")
        for seat in self.order:
            if stacks.get(seat, 0) <= 0:
                raise ValueError(f"seat {seat} needs a positive stack to be dealt in")
        self.blinds: tuple[int | None, int] = blinds or blind_seats(self.order)
        small, big = self.blinds
        if big not in self.order or (small is not None and small not in self.order):
            raise ValueError(f"the blinds {self.blinds} are not seats of the order {self.order}")
        self.stakes = stakes
        self.stacks: dict[int, int] = {seat: stacks[seat] for seat in self.order}
        self.bets: dict[int, int] = dict.fromkeys(self.order, 0)
        self.contributed: dict[int, int] = dict.fromkeys(self.order, 0)
        self.folded: set[int] = set()
        self.all_in: set[int] = set()
        #: each seat's ante (in ``contributed`` too, never in ``bets``: it is not live)
        self.antes: dict[int, int] = {}
        #: the big blind ante: dead money in the main pot, which every live hand can win
        self.dead = 0
        self.street = Street.PREFLOP
        self.current_bet = 0
        self.to_act: int | None = None
        self.last_aggressor: int | None = None
        self._index = {seat: i for i, seat in enumerate(self.order)}
        self._limit = stakes.structure is Structure.LIMIT
        self._size = stakes.bet_size(Street.PREFLOP) if self._limit else stakes.big_blind
        self._min_inc = self._size  # the last full bet or raise increment of this round
        self._level = 0  # the total of the last full bet or raise of this round
        self._raises = 0  # full bets and raises this round (the limit cap)
        self._heads_up_uncapped = heads_up_uncapped
        self._capped = False  # the cap was reached with three or more seats not all-in
        self._cap_rule = cap_rule
        self._cites = citations or Citations()
        self._phantom = 0  # pot-limit preflop: blind chips counted as posted but not in (54-B)
        self._acted: set[int] = set()  # seats that acted since the last full bet or raise
        self._n_live = len(self.order)  # not folded
        self._n_active = len(self.order)  # not folded, not all-in
        self._posted = False
        self._straddle, self._straddle_rule = straddle, straddle_rule
        self.straddles: list[tuple[int, int]] = []  # the live straddles posted: (seat, amount)
        self._open_level, self._open_inc = stakes.big_blind, self._size  # the preflop bring-in

    # -- the state, read-only ---------------------------------------------------------------

    @property
    def round_complete(self) -> bool:
        """True when nobody has to act any more in this round."""
        return self.to_act is None and self._posted

    @property
    def live_count(self) -> int:
        """How many seats have not folded."""
        return self._n_live

    @property
    def live(self) -> list[int]:
        """Seats that have not folded, in order."""
        folded = self.folded
        return [seat for seat in self.order if seat not in folded]

    @property
    def betting_over(self) -> bool:
        """True when no more betting is possible in this hand."""
        if self._n_live <= 1 or self._n_active == 0:
            return True
        if self._n_active == 1:
            for seat in self.order:
                if seat not in self.folded and seat not in self.all_in:
                    return self.bets[seat] >= self.current_bet
        return False

    @property
    def pot(self) -> int:
        """All chips put in during the hand, this round's bets and the antes included."""
        return sum(self.contributed.values()) + self.dead

    # -- the flow of the hand ---------------------------------------------------------------

    def post_blinds(self) -> list[tuple[int, int]]:
        """Post the blinds and start the preflop round; return ``[(seat, amount)]``, small first.

        Heads-up the button posts the small blind. A short stack posts what it has, all-in. A
        dead small blind is not posted.

        Antes first (``Stakes.ante``): every seat antes before the blinds, so a short stack's
        chips go to its ante first and what is left to its blind. A big blind ante
        (``Stakes.big_blind_ante``) comes after the big blind: a short big blind posts its blind
        first (TDA RP-11, big-blind-first). Ante chips are dead: in the pot, in no bet.
        """
        if self._posted:
            raise IllegalAction(
                "The blinds have already been posted in this hand.", rule=RULE_BETTING
            )
        small, big = self.blinds
        posted: list[tuple[int, int]] = []
        if self.stakes.ante:
            for anteing in self.order:
                self._ante(anteing, self.stakes.ante)
        for seat, blind in ((small, self.stakes.small_blind), (big, self.stakes.big_blind)):
            if seat is None or not self.stacks[seat]:  # no blind from a seat all-in on its ante
                continue
            amount = min(blind, self.stacks[seat])
            self._put(seat, amount)
            posted.append((seat, amount))
        if self.stakes.big_blind_ante and self.stacks[big]:
            self.dead = self._ante(big, self.stakes.big_blind_ante, dead=True)
        self.current_bet = self.stakes.big_blind
        self._level = self.stakes.big_blind
        self._raises = 1  # in limit the big blind is the round's bet
        if self._cites.full_blinds_preflop:
            nominal = self.stakes.small_blind + self.stakes.big_blind
            self._phantom = nominal - sum(amount for _, amount in posted)
        self._posted = True
        self.to_act = self._next_after(self._index[big])
        return posted

    def start_street(self, street: Street) -> None:
        """Start the betting round of ``street`` (the flop, turn or river) after a complete one."""
        expected = _NEXT_STREET.get(self.street)
        if not self._posted:
            raise IllegalAction("The blinds have not been posted yet.", rule=RULE_BETTING)
        if expected is None or street is not expected:
            after = expected.value if expected is not None else "nothing: the river was the last"
            raise IllegalAction(
                f"The {self.street.value} is followed by {after}, not the {street.value}.",
                rule=RULE_BETTING,
            )
        if self.to_act is not None:
            raise IllegalAction(
                f"The {self.street.value} betting round is not finished: "
                f"it is seat {self.to_act}'s turn.",
                rule=RULE_BETTING,
            )
        if self._n_live <= 1:
            raise IllegalAction(
                "The hand is over: everyone else has folded, so there is no more betting.",
                rule=RULE_BETTING,
            )
        bets = self.bets
        for seat in bets:
            bets[seat] = 0
        self.street = street
        self.current_bet = 0
        if self._limit:
            self._size = self.stakes.bet_size(street)
        self._min_inc = self._size
        self._level = 0
        self._raises = 0
        self._capped = False
        self._acted.clear()
        self._phantom = 0  # after the flop the pot is what it is (TDA 54-C)
        self.last_aggressor = None
        self.to_act = self._next_after(len(self.order) - 1)

    def verify_straddle(self, seat: int, amount: int | None, *, button: int | None) -> int:
        """The amount ``seat`` may straddle for now (:func:`straddles.judge`); change nothing."""
        return straddles.judge(self, seat, amount, button)

    def straddle(self, seat: int, amount: int | None, *, button: int | None) -> int:
        """Post ``seat``'s live straddle, a blind (:func:`straddles.post`); return its amount."""
        return straddles.post(self, seat, amount, button)

    def verify(self, seat: int, action: Action, amount: int | None = None) -> Ruling:
        """Raise :class:`IllegalAction` if ``seat`` may not take ``action`` now; change nothing.

        The returned :class:`Ruling` can be passed to :meth:`apply` (while nothing else has
        changed) to carry the action out without judging it a second time.
        """
        kind, to = raising.judge(self, seat, action, amount)
        return Ruling(seat, kind, to)

    def act(self, seat: int, action: Action, amount: int | None = None) -> None:
        """Verify the action, then apply it and pass the turn."""
        kind, to = raising.judge(self, seat, action, amount)
        self.apply(Ruling(seat, kind, to))

    def apply(self, ruling: Ruling) -> None:
        """Carry out an action that :meth:`verify` has just ruled legal."""
        seat, kind, to = ruling.seat, ruling.kind, ruling.to
        if kind == _FOLD:
            self.folded.add(seat)
            self._n_live -= 1
            self._n_active -= 1
        elif kind == _CHECK:
            self._acted.add(seat)
        else:
            before = self.current_bet
            self._put(seat, to - self.bets[seat])
            if kind == _RAISE:
                if self._limit:
                    full = 2 * (to - self._level) >= self._size  # the half-bet rule
                else:
                    full = to - before >= self._min_inc
                if full:
                    if not self._limit:
                        self._min_inc = to - before
                    self._level = to
                    self._raises += 1
                    if self._n_active > 2 and self._raises > self.stakes.max_raises:
                        self._capped = True
                    if not self._limit:  # limit: _raise_block weighs what each seat faces
                        self._acted.clear()
                self.current_bet = to
                self.last_aggressor = seat
            self._acted.add(seat)
        self.to_act = self._next_after(self._index[seat])

    def kill(self, seat: int) -> None:
        """Rule a hand dead out of turn: it is folded, its chips stay in the pot."""
        if seat in self.folded:
            return
        self.folded.add(seat)
        self._n_live -= 1
        if seat not in self.all_in:
            self._n_active -= 1
        if self.to_act is not None:
            self.to_act = self._next_after(self._index[self.to_act] - (self.to_act != seat))

    def return_uncalled(self, seat: int) -> int:
        """A folded ``seat``'s bet that no live seat has matched goes back to it (a hand the
        dealer killed, TDA24 65-A; :func:`raising.return_uncalled`); return the chips."""
        return raising.return_uncalled(self, seat)

    def verify_out_of_turn(self, seat: int, action: Action, amount: int | None = None) -> Ruling:
        """Judge ``seat``'s action as if its turn had come now, while another seat is to act;
        change nothing. Raise :class:`IllegalAction` if it would be illegal in turn too, or if
        the seat has no turn coming in this round."""
        due = self.to_act
        if due is None:
            raise IllegalAction(self._no_action_reason(), rule=RULE_BETTING)
        if seat in self._acted and seat in self._index and self.bets[seat] >= self.current_bet:
            raise IllegalAction(
                f"Seat {seat} has acted and owes nothing this round: it has no turn to act "
                "ahead of unless someone bets or raises.",
                rule=RULE_BETTING,
            )
        self.to_act = seat
        try:
            return self.verify(seat, action, amount)
        finally:
            self.to_act = due

    def skipped_by(self, seat: int) -> list[int]:
        """The seats an action by ``seat`` now would skip: those still to act this round, in
        turn from the seat to act up to ``seat`` (none when it is ``seat``'s turn)."""
        due = self.to_act
        if due is None or seat not in self._index:
            return []
        order, n, cb = self.order, len(self.order), self.current_bet
        skipped = []
        for k in range(self._index[due], self._index[due] + n):
            other = order[k % n]
            if other == seat:
                break
            if other in self.folded or other in self.all_in:
                continue
            if other not in self._acted or self.bets[other] < cb:
                skipped.append(other)
        return skipped

    def legal_actions(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now ([] when it is not its turn)."""
        return raising.legal_actions(self, seat)

    def min_raise_to(self) -> int:
        """The smallest total the seat to act may bet or raise to (its all-in if that is less)."""
        return raising.min_raise_to(self)

    def max_raise_to(self) -> int:
        """The largest total the seat to act may bet or raise to."""
        return raising.max_raise_to(self)

    # -- internals --------------------------------------------------------------------------

    def _put(self, seat: int, amount: int) -> None:
        stack = self.stacks[seat] - amount
        self.stacks[seat] = stack
        self.bets[seat] += amount
        self.contributed[seat] += amount
        if stack == 0:
            self.all_in.add(seat)
            self._n_active -= 1

    def _ante(self, seat: int, ante: int, *, dead: bool = False) -> int:
        """Take ``seat``'s ante (what it has, if short); a big blind ante is ``dead``: in the pot
        for every live hand, so not in the seat's ``contributed``. Return the chips taken."""
        amount = min(ante, self.stacks[seat])
        self.stacks[seat] -= amount
        self.antes[seat] = self.antes.get(seat, 0) + amount
        if not dead:
            self.contributed[seat] += amount
        if not self.stacks[seat]:
            self.all_in.add(seat)
            self._n_active -= 1
        return amount

    def _next_after(self, index: int) -> int | None:
        """The next seat clockwise after ``order[index]`` that still has to act, or None."""
        if self._n_live <= 1 or self._n_active == 0:
            return None
        cb = self.current_bet
        folded, all_in, bets, order = self.folded, self.all_in, self.bets, self.order
        if self._n_active == 1:  # a lone seat with chips only ever has to call
            for seat in order:
                if seat not in folded and seat not in all_in:
                    return seat if bets[seat] < cb else None
        acted = self._acted
        n = len(order)
        for k in range(index + 1, index + n + 1):
            seat = order[k % n]
            if seat in folded or seat in all_in:
                continue
            if seat not in acted or bets[seat] < cb:
                return seat
        return None

    def _require_turn(self) -> int:
        if self.to_act is None:
            raise IllegalAction(self._no_action_reason(), rule=RULE_BETTING)
        return self.to_act

    def _no_action_reason(self) -> str:
        if not self._posted:
            return "No action is due: the blinds have not been posted yet."
        if self._n_live <= 1:
            return "No action is due: everyone else has folded."
        if self.betting_over:
            return "No action is due: no more betting is possible in this hand."
        return f"No action is due: the {self.street.value} betting round is complete."
