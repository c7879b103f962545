"""A cash game's blinds: seats that owe blinds to come in, and the blinds chopped (issue 25).

A seat of a cash game named in ``table: {owes: {seat: what}}`` sits out until it comes in:

* it posts what it owes (the ``post`` event, before the blinds go in): ``big`` a big blind,
  live, as its bet with the option when the action comes back to it (a new player, a player
  who changed seats, a missed big blind alone: RRoP-BLD 5; LA26 158, 163); ``both`` the big
  blind live and the small blind dead, into the pot and in nobody's bet (RRoP-BLD 6; LA26 160);
  ``small`` the small blind dead (live where the house's option missed_small_blind says so);
* or it waits for the big blind: when the big blind comes round to it, it posts that blind in
  its turn and owes nothing more. With a moving button that is the first seat owing after the
  small blind (the blinds skip nobody who could play); with a dead button the seat the big
  blind falls on;
* it never comes in on the button or between the button and the small blind: it would be
  dealt a hand the blinds have already passed (RRoP-BLD 5; LA26 158; TDA24 8-A, 10-A in a
  tournament), unless the house sells the button (option ``buy_button``; LA26 158): then the
  first player left of the button (the small blind's seat) may ``post: {seat, buy_button:
  true}``: a big blind live and a small blind dead. The button stays where it is and the buyer
  is the hand's one blind (the seats that would have posted the blinds post nothing); on the
  next hand the button goes to the buyer, as if it had played both blinds.

A tournament owes no blinds: every seat is dealt in and its blinds go in whether it is there
or not (TDA24 30); the reader refuses ``owes`` there and ``post`` has nothing to take.

A seat owing blinds dealt in anyway (``deal: {seat}``, the dealer's error; LA26 161): the round
is dealt with the seat among the players, its blinds unposted. When the floor hears of it
(``notice``) the player has seen the cards: a hand that has not acted with chips is dead
(``owing_seat_dealt``); one that has is live (``owing_seat_dealt_acted``). Either way the seat
posted nothing, so it still owes on the next hand.

The blinds chop (the ``chop`` event; option ``chop``, rule ``LA26 71``): in a cash game, when
everyone but the two blinds has folded before the small blind acts, with nothing in the pot
but the two blinds, each takes its own blind back and the hand is over. Anything else is
refused with the rule.
"""

from __future__ import annotations

from typing import Any

from dealer_trainer.betting import Street, blind_seats
from dealer_trainer.errors import Rejected
from dealer_trainer.procedure.cash_pots import post_kill
from dealer_trainer.procedure.events import Event
from dealer_trainer.procedure.hand_state import HOLE_CARDS, NO_CHIPS, HandState
from dealer_trainer.procedure.rulings import situation
from dealer_trainer.table import dealing_order

__all__ = ["CashBlinds", "owed_chips"]


def owed_chips(what: str, small: int, big: int, *, small_live: bool = False) -> tuple[int, int]:
    """What a seat owing ``what`` posts to come in: (live, dead) chips. A missed small blind
    alone is dead unless the house makes it live (``small_live``, option missed_small_blind).
    ``button``: the seat buys the button, a big blind live and a small blind dead whatever it
    owed (LA26 158): its live big blind is the hand's big blind."""
    if what == "small" and small_live:
        return small, 0
    live = big if what in ("big", "both", "button") else 0
    dead = small if what in ("both", "small", "button") else 0
    return live, dead


class CashBlinds(HandState):
    """The checks and effects of ``post`` and ``chop`` (the mixin :class:`Hand` takes)."""

    # --- who is dealt in --------------------------------------------------------------------

    def _sitting_in(self) -> tuple[int, ...]:
        """The seats with chips that owe nothing, in dealing order."""
        return tuple(s for s in self.table.players() if s not in self.owing)

    def _blinds_among(self, active: tuple[int, ...]) -> tuple[int | None, int]:
        """The blinds' seats among ``active``: where a dead button placed them, or the first
        two left of the button (heads-up the button has the small blind)."""
        placed: tuple[int | None, int] = self._blinds_due(active) or blind_seats(active)
        return placed

    def _waited_for_big(self) -> int | None:
        """The owing seat the big blind comes round to this hand, if any (it waited)."""
        players = self.table.players()
        owing = [s for s in players if s in self.owing and s not in self.posting]
        active = self._sitting_in()
        if not owing or len(active) < 2 or self.bought is not None:  # the buyer is the blind
            return None
        placed = self.table.blinds
        if placed is not None:  # a dead button put the big blind on a seat
            return placed[1] if placed[1] in owing else None
        small, big = self._blinds_among(active)
        start = players.index(small) if small is not None else -1
        between = players[start + 1 : players.index(big)]
        return next((s for s in between if s in owing), None)

    def dealt_in(self) -> tuple[int, ...]:
        """This hand's players: those owing nothing, those who posted, and the seat the big blind
        came round to; dealing order. Without seats owing, every seat with chips."""
        players = self.table.players()
        if not self.owing:
            return players
        active = self._sitting_in()
        if len(active) < 2:  # nobody to skip them for: everyone with chips plays
            return players
        waited = self._waited_for_big()
        entering = {*self.posting, *self.dealt_owing, *([waited] if waited is not None else [])}
        # a seat that posted owes nothing once the blinds are in (settle_owing), and is then
        # among the active: the blinds taken again (deal: {seat}) must not count it twice
        return dealing_order(sorted({*active, *entering}), self.table.button)

    def post_owed(self) -> None:
        """The posts of the seats that came in (after the blinds): the live part in the seat's
        bet, the dead part in the pot. A seat that took a blind in its turn owes nothing more.
        A kill blind posted before the blinds were taken again (a post, a seat dealt in, the
        button put right) goes in again too, its limits with it: it is owed wherever the
        button is (LA26 194)."""
        betting = self.betting
        assert betting is not None
        stakes = self.spec.stakes
        live_small = self.ruleset.missed_small_blind == "live"
        for seat, what in self.posting.items():
            if what == "button":  # its live big blind is the hand's: the small blind dead
                live, dead = 0, stakes.small_blind
            elif seat in betting.blinds:
                continue
            else:
                live, dead = owed_chips(
                    what, stakes.small_blind, stakes.big_blind, small_live=live_small
                )
            if live:  # a blind: the seat's bet, no action, so it keeps its option
                betting._put(seat, live)
            if dead:  # in the pot, in nobody's bet
                betting.stacks[seat] -= dead
                betting.dead += dead
                if not betting.stacks[seat]:
                    betting.all_in.add(seat)
                    betting._n_active -= 1
        if self.posting:  # a post may have put a seat all-in: the first to act is found again
            betting.to_act = betting._next_after(betting._index[betting.blinds[1]])
        if self.kill_blind is not None:
            post_kill(betting, self.kill_blind[0], self.ruleset.kill)

    def settle_owing(self) -> None:
        """After the blinds: a seat that came in owes nothing any more (one dealt in by the
        dealer's mistake posted nothing: it still owes, LA26 161)."""
        for seat in self.order:
            if seat not in self.dealt_owing:
                self.owing.pop(seat, None)

    # --- post ---------------------------------------------------------------------------------

    def _passed_by_blinds(self, seat: int) -> str | None:
        """Where ``seat`` sits when the blinds have passed it this hand: ``on the button`` or
        ``between the button and the small blind``; None elsewhere, and with fewer than two
        players sitting in (all of them play). Once the button is bought, only the button's
        seat: the buyer, the hand's one blind, sits next to it."""
        active = self._sitting_in()
        if len(active) < 2:
            return None
        button = self.table.button  # a buy leaves it where it is (LA26 158)
        if seat == button:
            return "on the button"
        if self.bought is not None:
            return None
        # heads-up the seat left of the button takes the small blind
        small, big = self._blinds_among(active)
        first_blind = active[0] if len(active) == 2 else small
        players = dealing_order(self.table.players(), button)
        first = players.index(big if first_blind is None else first_blind)
        if seat in players[:first]:  # left of the button, before the small blind
            return "between the button and the small blind"
        return None

    def verify_post(self, event: Event) -> None:
        """A seat owing blinds posts them to come in (RRoP-BLD 5-6; LA26 158, 160, 163), or buys
        the button where the house sells it (``buy_button``; LA26 158)."""
        seat = event.seat
        assert seat is not None
        rule = self.ruleset.missed_blind_rule
        if self.spec.game != "cash":
            raise Rejected(
                "a tournament owes no blinds: every seat is dealt in and posts when due",
                rule="TDA24 30",
            )
        what = self.owing.get(seat)
        if what is None:
            raise Rejected(
                f"seat {seat} owes no blind: it is dealt in without posting anything",
                rule=rule,
            )
        if seat in self.posting:
            raise Rejected(f"seat {seat} has already posted what it owes", rule=rule)
        if self.dealt:
            raise Rejected(
                f"the deal has begun: seat {seat} sits this hand out and may post before the next",
                rule=rule,
            )
        where = self._passed_by_blinds(seat)
        if event.buy_button:
            self._verify_buy(seat, where)
            what, rule = "button", self.ruleset.entry_rule
        elif where is not None and not self._posts_behind_button(what, where):
            sold = self.ruleset.buy_button == "allowed" and self.bought is None
            raise Rejected(
                f"seat {seat} cannot come in {where}: the blinds have passed it; it waits "
                "until the button has gone by" + (", or buys the button" if sold else ""),
                rule=self.ruleset.entry_rule,
            )
        stakes = self.spec.stakes
        small_live = self.ruleset.missed_small_blind == "live"
        live, dead = owed_chips(what, stakes.small_blind, stakes.big_blind, small_live=small_live)
        if event.amount is not None and event.amount != live + dead:
            parts = " and ".join(
                f"{chips} {kind}" for chips, kind in ((live, "live"), (dead, "dead")) if chips
            )
            owes = "buys the button for" if event.buy_button else "owes"
            raise Rejected(
                f"seat {seat} {owes} {live + dead} ({parts}), not {event.amount}", rule=rule
            )
        # the seat antes too once it is in; a buyer, the big blind, posts a big blind ante
        ante = stakes.ante + (stakes.big_blind_ante if event.buy_button else 0)
        if self.table.stacks[seat] < live + dead + ante:
            owed = f"the {live + dead} it owes" + (f" and the {ante} ante" if ante else "")
            raise Rejected(
                f"seat {seat} has {self.table.stacks[seat]}, less than {owed}", rule=rule
            )

    def _posts_behind_button(self, what: str, where: str) -> bool:
        """LA26 158's other way in for a new player the blinds have passed: a big blind alone,
        posted between the button and the small blind, where the house sells the button and
        plays a dead button (the next hand's button then passes the seat)."""
        return (
            self.ruleset.buy_button == "allowed"
            and self.ruleset.button == "dead"
            and what == "big"
            and where.startswith("between")
        )

    def _verify_buy(self, seat: int, where: str | None) -> None:
        """Only where the house sells the button, once a hand, with three players or more
        sitting in, from the first player left of the button when the blinds have passed it,
        before any straddle, and not with the kill in a blind (LA26 206)."""
        rule = self.ruleset.entry_rule
        if self.ruleset.buy_button != "allowed":
            raise Rejected(
                f"this house does not sell the button ({self.ruleset.name}: buy_button none): "
                f"seat {seat} posts or waits as it owes",
                rule=rule,
            )
        if self.bought is not None:
            raise Rejected(
                f"seat {self.bought} has bought the button this hand: it is sold once", rule=rule
            )
        if len(self._sitting_in()) < 3:
            raise Rejected(
                "fewer than three players sit in: heads-up the button posts the small blind, "
                "and there is no button to buy",
                rule=rule,
            )
        if where is None:
            raise Rejected(
                f"seat {seat} is not between the button and the small blind: it posts what it "
                "owes to come in, without buying the button",
                rule=rule,
            )
        first = dealing_order(self.table.players(), self.table.button)[0]
        if seat != first:
            raise Rejected(
                f"seat {seat} is {where}, but only the first player left of the button (seat "
                f"{first}, the small blind's seat) may buy it: seat {seat} waits for the button",
                rule=rule,
            )
        if self.betting is not None and self.betting.straddles:
            raise Rejected(
                "a straddle is in: the button is bought before a straddle is posted", rule=rule
            )
        killed = self.kill_blind  # posted after the blinds: the betting is there
        if killed is not None and self.betting is not None and killed[0] in self.betting.blinds:
            raise Rejected(
                f"the kill is in a blind (seat {killed[0]}): the button is not sold in "
                "this hand (LA26 206)",
                rule=rule,
            )

    def take_post(self, event: Event) -> None:
        """The seat comes in. After the blinds (before the first card) the blinds are taken
        again with the seat among the players, and any straddle stays posted. A seat buying the
        button is the hand's one blind: the button stays, the seats that would have posted the
        blinds post nothing (taken back if posted), and the button is the buyer's next hand."""
        seat = event.seat
        assert seat is not None
        if not event.buy_button and self._passed_by_blinds(seat) and self.table.blinds is None:
            # a big blind posted behind the button (LA26 158): the blinds stay where they fell
            # without the seat, and the dead button passes it next hand
            small, big = self._blinds_among(self._sitting_in())
            if small is not None:
                self.table.blinds = (small, big)
        self.posting[seat] = "button" if event.buy_button else self.owing[seat]
        if event.buy_button:
            self.bought = seat
        if self.betting is not None:
            self._blinds_again(event)

    def _blinds_again(self, event: Event) -> None:
        """The blinds taken again with a new seat among the players (a post, a seat dealt in):
        a straddle stays posted (and the kill blind: ``post_owed``)."""
        assert self.betting is not None
        straddles = self.betting.straddles
        self.collect_blinds(event)
        for straddler, amount in straddles:
            self.betting.straddle(straddler, amount, button=self.table.button)

    # --- a seat owing blinds dealt in (LA26 161) ------------------------------------------------

    def verify_deal_owing(self, event: Event) -> None:
        """The dealer may deal in, by mistake, a cash game's seat that owes blinds and has not
        posted them: from the deal's first card, with cards enough for it."""
        seat = event.seat
        rule = situation("owing_seat_dealt").outcome(self.ruleset).rule
        if self.spec.game != "cash":
            raise Rejected("a tournament owes no blinds: every seat is dealt in", rule="TDA24 30")
        if seat not in self.owing or seat in self.posting or seat in self.order:
            raise Rejected(
                f"seat {seat} owes no blind this hand: it is dealt in by a plain deal", rule=rule
            )
        if self.dealt:
            raise Rejected(
                f"the deal has begun: seat {seat} is dealt in from the first card or not at all",
                rule=rule,
            )
        if self.table.stacks.get(seat, 0) <= 0:
            raise Rejected(f"seat {seat} has no chips: nobody is dealt in without any", rule=rule)
        self.table.require(HOLE_CARDS * (len(self.order) + 1))

    def deals_owing_seat(self, event: Event) -> bool:
        """Is the round dealt with a seat owing blinds in (``deal: {seat}``)?"""
        return event.seat is not None

    def deal_owing_seat(self, event: Event) -> None:
        """The seat is dealt in, its blinds unposted: the blinds are taken again with it among
        the players (a straddle and a kill blind stay posted), and the round is dealt. Nothing
        is ruled until the floor hears of it."""
        assert event.seat is not None and self.betting is not None
        self.dealt_owing[event.seat] = False
        self._blinds_again(event)
        while self.dealt < HOLE_CARDS * len(self.order):
            self.pitch_one()

    def owing_dealt_unruled(self, *_: Any) -> bool:
        """Is a seat owing blinds dealt in this hand, not yet ruled on?"""
        return not all(self.dealt_owing.values())

    def acted_with_chips(self, seat: int) -> bool:
        """Has ``seat`` acted in turn with chips (a call, bet or raise) this hand?"""
        return any(
            refused is None
            and done.name == "act"
            and done.seat == seat
            and not done.out_of_turn
            and done.action not in NO_CHIPS
            for done, refused in self._log
        )

    def notice_owing_dealt(self, event: Event) -> None:
        """The floor hears that a seat owing blinds was dealt in; its player has seen the cards
        (LA26 161). Not yet acted with chips: the hand is dead, into the muck. Acted with chips:
        the hand is live. Either way the seat still owes its blinds on the next hand."""
        betting = self.betting
        assert betting is not None
        for seat in [seat for seat, ruled in self.dealt_owing.items() if not ruled]:
            self.dealt_owing[seat] = True
            if self.acted_with_chips(seat):
                self.irregular("owing_seat_dealt_acted", event, seat=seat)
                continue
            self.irregular("owing_seat_dealt", event, seat=seat)
            if seat not in betting.folded:
                betting.kill(seat)
                self.table.to_muck(seat)
                self.held.pop(seat, None)

    # --- chop ---------------------------------------------------------------------------------

    def verify_chop(self, event: Event) -> None:
        """The blinds chop only in a cash game whose house allows it, when everyone else has
        folded to the small blind and the pot holds the two blinds alone (LA26 71)."""
        rule = self.ruleset.chop_rule
        if self.spec.game != "cash":
            raise Rejected("the blinds never chop in a tournament: the hand is played", rule=rule)
        if self.ruleset.chop != "allowed":
            raise Rejected(
                f"this house does not let the blinds chop ({self.ruleset.name}: chop never)",
                rule=rule,
            )
        betting = self.betting
        if betting is None or betting.street is not Street.PREFLOP or not self.dealt:
            raise Rejected("the blinds chop before the flop, once the cards are dealt", rule=rule)
        small, big = betting.blinds
        others = [s for s in betting.order if s not in (small, big)]
        if small is None or small in betting.folded or big in betting.folded:
            raise Rejected("a chop takes both blinds, each still in the hand", rule=rule)
        if any(s not in betting.folded for s in others):
            raise Rejected(
                "the blinds chop only when everyone else has folded; players are still in",
                rule=rule,
            )
        if self.kill_blind is not None and self.kill_blind[0] in (small, big):
            raise Rejected(
                f"the kill is in a blind (seat {self.kill_blind[0]}): a kill pot is played, "
                "the blinds do not chop",
                rule="LA26 204",
            )
        if betting.straddles or betting.current_bet != self.spec.stakes.big_blind:
            raise Rejected("a bet beyond the big blind is in: there is no chop", rule=rule)
        if betting.to_act != small:
            raise Rejected("the blinds chop before the small blind acts", rule=rule)
        blinds_only = sum(betting.contributed[s] for s in (small, big))
        # a seat's ante is counted in what it put in: the pot must hold no ante either
        if betting.pot != blinds_only or any(betting.antes.values()):
            raise Rejected(
                "the pot holds more than the two blinds (antes or dead money): it is played",
                rule=rule,
            )

    def chop_blinds(self, *_: Any) -> None:
        """Each blind takes its own blind back: nothing is left in the pot, nobody is to act,
        and the hand is over with no winner."""
        betting = self.betting
        assert betting is not None
        for seat in self.order:
            back = betting.contributed[seat]
            betting.stacks[seat] += back
            betting.bets[seat] = 0
            betting.contributed[seat] = 0
            self.table.stacks[seat] = betting.stacks[seat]
        betting.current_bet = 0
        betting.to_act = None
        self.won = {}
        self.awarded = True
