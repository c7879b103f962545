"""Showdown: hand ranking, main and side pots, awarding, odd chips and showdown order."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pokerkit import StandardHighHand
from strategies import examples

from dealer_trainer.cards import STANDARD_DECK, Card, parse_cards
from dealer_trainer.errors import InvariantError
from dealer_trainer.showdown import (
    Pot,
    award,
    award_uncontested,
    best_five,
    build_pots,
    hand_category,
    hand_strength,
    showdown_order,
)


def strength(text: str) -> int:
    return hand_strength(parse_cards(text))


def text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards)


# --- ranking -----------------------------------------------------------------------------


def test_wheel_straight_is_the_lowest_straight() -> None:
    wheel = strength("Ah 2c 3d 4s 5h")
    six_high = strength("2c 3d 4s 5h 6c")
    assert wheel < six_high
    assert wheel > strength("Ah Ad Ac Ks Qh")  # still beats three of a kind
    assert hand_category(parse_cards("Ah 2c 3d 4s 5h")) == "straight"


def test_flush_beats_straight() -> None:
    board = "9h 8h 7c 2h Kd"
    assert strength("Ah 3h " + board) > strength("Tc 6d " + board)
    assert strength("Ah 3h " + board) > strength("Jc Td " + board)  # even the best straight


def test_kicker_decides() -> None:
    board = "Ac 7d 5h 3s 2c"
    assert strength("Ah Kd " + board) > strength("As Qd " + board)
    assert strength("Ah Kd " + board) == strength("As Kc " + board)  # suits never break ties


def test_best_five_only_counts() -> None:
    # a sixth and seventh card cannot improve a hand beyond its best five
    assert strength("Ah Ad Ac As Kh") == strength("Ah Ad Ac As Kh Qd Jc")


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("Ts Js Qs Ks As 2c 3d", "straight flush"),
        ("Ah 2h 3h 4h 5h", "straight flush"),
        ("9c 9d 9h 9s 2c", "four of a kind"),
        ("9c 9d 9h 2s 2c 3d", "full house"),
        ("2d 7d 9d Jd Kd Ac Ah", "flush"),
        ("Tc Jd Qh Ks Ad", "straight"),
        ("7c 7d 7h Ks 2d", "three of a kind"),
        ("7c 7d Kh Ks 2d 2c", "two pair"),
        ("7c 7d Kh Qs 2d", "one pair"),
        ("2c 3d 4h 5s 7d", "high card"),
    ],
)
def test_hand_category(cards: str, category: str) -> None:
    assert hand_category(parse_cards(cards)) == category


def test_hand_strength_needs_five_to_seven_cards() -> None:
    with pytest.raises(ValueError):
        hand_strength(parse_cards("Ah Kh Qh Jh"))
    with pytest.raises(ValueError):
        hand_strength(parse_cards("Ah Kh Qh Jh Th 9h 8h 7h"))


def test_best_five_in_display_order() -> None:
    assert text(best_five(parse_cards("2c 9d 9h Ks 2s 9s 3d"))) == "9d 9h 9s 2c 2s"
    assert text(best_five(parse_cards("Ah Kd 2c 3d 4s 5h 9c"))) == "5h 4s 3d 2c Ah"
    assert text(best_five(parse_cards("Ah Kd Qh Jh 8h 3h 3c"))) == "Ah Qh Jh 8h 3h"


def test_hand_strength_orders_hands_like_pokerkit() -> None:
    rng = random.Random(20240617)
    deck = list(STANDARD_DECK)
    for _ in range(300):
        cards = rng.sample(deck, 9)
        board, hole_a, hole_b = cards[:5], cards[5:7], cards[7:]
        ours = hand_strength(hole_a + board) - hand_strength(hole_b + board)
        theirs_a = StandardHighHand.from_game(text(hole_a), text(board))
        theirs_b = StandardHighHand.from_game(text(hole_b), text(board))
        theirs = (theirs_a > theirs_b) - (theirs_a < theirs_b)
        assert (ours > 0) - (ours < 0) == theirs, (text(board), text(hole_a), text(hole_b))
        label = str(theirs_a).split(" (")[0].lower()
        assert hand_category(hole_a + board) == label


# --- pots ----------------------------------------------------------------------------------

ORDER = [1, 2, 3, 4, 5, 0]  # seat 0 has the button


def test_side_pots_are_settled_separately() -> None:
    # seat 2 is all in for 50; seats 4 and 5 put in 200 each
    pots, uncalled = build_pots({2: 50, 4: 200, 5: 200}, (), ORDER)
    assert pots == [Pot(150, (2, 4, 5)), Pot(300, (4, 5))]
    assert uncalled == {}
    board = "Kc 8d 4h 3s 2c"
    strengths = {
        2: strength("Ks Kd " + board),  # the short all-in: best hand
        4: strength("Ac 8s " + board),  # second best
        5: strength("Qc Jd " + board),
    }
    settled, won = award(pots, strengths, ORDER)
    assert won == {2: 150, 4: 300}
    assert [pot.winners for pot in settled] == [(2,), (4,)]


def test_side_pots_form_in_order_of_all_in_size() -> None:
    contributed = {1: 300, 2: 100, 3: 300, 4: 40, 5: 300}
    pots, uncalled = build_pots(contributed, (5,), ORDER)
    assert pots == [
        Pot(200, (1, 2, 3, 4)),  # 40 from each of five seats
        Pot(240, (1, 2, 3)),  # 60 from each of seats 1, 2, 3, 5
        Pot(600, (1, 3)),  # 200 from each of seats 1, 3, 5
    ]
    assert uncalled == {}


def test_uncalled_bet_is_returned_not_a_pot() -> None:
    # seat 3 is all in for 100; seat 4 had bet 500: 400 of it was never called
    pots, uncalled = build_pots({3: 100, 4: 500}, (), ORDER)
    assert pots == [Pot(200, (3, 4))]
    assert uncalled == {4: 400}
    # everyone folds to a raise: only the chips the blinds put in are a pot
    pots, uncalled = build_pots({1: 1, 2: 2, 3: 100}, (1, 2), ORDER)
    assert pots == [Pot(5, (3,))]
    assert uncalled == {3: 98}
    settled, won = award_uncontested(pots, uncalled, 3)
    assert won == {3: 5}
    assert settled == [Pot(5, (3,), (3,))]


def test_folded_chips_stay_in_pot_but_folded_seat_cannot_win() -> None:
    pots, uncalled = build_pots({1: 100, 2: 200, 3: 200}, (1,), ORDER)
    assert pots == [Pot(500, (2, 3))]
    assert uncalled == {}
    strengths = {1: 7462, 2: strength("2c 3d 4h 5s 7d"), 3: strength("2c 3d 4h 5s 8d")}
    settled, won = award(pots, strengths, ORDER)
    assert won == {3: 500}
    assert settled[0].winners == (3,)


def test_folded_chips_above_an_all_in_go_to_the_side_pot_and_the_rest_is_uncalled() -> None:
    # seat 1 bet 200 and folded to seat 3's raise to 300; seat 2 is all in for 50
    pots, uncalled = build_pots({1: 200, 2: 50, 3: 300}, (1,), ORDER)
    assert pots == [Pot(150, (2, 3)), Pot(300, (3,))]
    assert uncalled == {3: 100}


def test_folded_chips_above_every_live_seat_go_to_the_last_pot() -> None:
    pots, uncalled = build_pots({1: 500, 2: 100, 3: 200}, (1,), ORDER)
    assert pots == [Pot(300, (2, 3)), Pot(500, (3,))]
    assert uncalled == {}


def test_build_pots_rejects_unknown_seat_and_negative_chips() -> None:
    with pytest.raises(InvariantError):
        build_pots({1: 10, 9: 10}, (), ORDER)
    with pytest.raises(InvariantError):
        build_pots({1: 10, 2: -5}, (), ORDER)
    with pytest.raises(InvariantError):
        build_pots({1: 10, 2: 10}, (1, 2), ORDER)


# --- awarding ------------------------------------------------------------------------------


def test_tda24_20_odd_chip_goes_to_first_winner_left_of_button() -> None:
    order = [3, 4, 5, 1, 2]  # seat 2 has the button; seat 3 is first left of it
    board = "Ah Kh 7d 4c 2s"
    strengths = {
        2: strength("Ac Qd " + board),
        5: strength("As Qs " + board),
        4: strength("9c 8c " + board),
    }
    settled, won = award([Pot(5, (4, 5, 2))], strengths, order)
    assert won == {5: 3, 2: 2}
    assert settled[0].winners == (5, 2)


def test_split_pot_three_ways_odd_chips() -> None:
    order = [4, 5, 0, 1, 2, 3]  # seat 3 has the button
    strengths = {1: 900, 3: 900, 5: 900, 0: 100}
    settled, won = award([Pot(101, (0, 1, 3, 5))], strengths, order)
    assert won == {5: 34, 1: 34, 3: 33}  # 33 each, the 2 odd chips to seats 5 then 1
    assert settled[0].winners == (5, 1, 3)
    _, won = award([Pot(100, (0, 1, 3, 5))], strengths, order)
    assert won == {5: 34, 1: 33, 3: 33}


def test_board_plays_split() -> None:
    board = "As Ks Qd Jc Th"  # broadway on the board
    holes = {1: "2c 3d", 2: "4h 5h", 3: "7s 8d"}
    strengths = {seat: strength(hole + " " + board) for seat, hole in holes.items()}
    assert len(set(strengths.values())) == 1
    _, won = award([Pot(300, (1, 2, 3))], strengths, ORDER)
    assert won == {1: 100, 2: 100, 3: 100}


def test_mucked_hand_cannot_win() -> None:
    # TDA24 12 / RRoP showdown: only hands shown (in `strengths`) can win
    _, won = award([Pot(200, (1, 2))], {2: 10}, ORDER)
    assert won == {2: 200}


def test_pot_with_every_eligible_seat_mucked_goes_to_first_eligible_seat() -> None:
    settled, won = award([Pot(200, (2, 4))], {}, [3, 4, 5, 0, 1, 2])
    assert won == {4: 200}
    assert settled[0].winners == (4,)


def test_award_uncontested_checks_uncalled_chips() -> None:
    with pytest.raises(InvariantError):
        award_uncontested([Pot(10, (1,))], {2: 5}, 1)


# --- showdown order ------------------------------------------------------------------------


def test_tda24_17a_last_aggressor_shows_first() -> None:
    order = [3, 4, 5, 0, 1, 2]  # seat 2 has the button
    assert showdown_order([1, 4, 5], 5, order) == [5, 1, 4]
    assert showdown_order([1, 4, 5], 1, order) == [1, 4, 5]


def test_tda24_17a_no_bet_first_live_seat_left_of_button_shows_first() -> None:
    order = [3, 4, 5, 0, 1, 2]
    assert showdown_order([2, 4, 0], None, order) == [4, 0, 2]
    # an aggressor who is no longer live does not change the order
    assert showdown_order([2, 4, 0], 3, order) == [4, 0, 2]


# --- properties ----------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn) -> tuple[dict[int, int], set[int], dict[int, int], list[int]]:
    n = draw(st.integers(min_value=2, max_value=9))
    order = draw(st.permutations(list(range(n))))
    contributed = {seat: draw(st.integers(min_value=0, max_value=1000)) for seat in range(n)}
    folded = draw(st.sets(st.sampled_from(range(n)), max_size=n - 1))
    live = [seat for seat in range(n) if seat not in folded]
    showing = draw(st.sets(st.sampled_from(live)))
    strengths = {seat: draw(st.integers(min_value=1, max_value=20)) for seat in showing}
    return contributed, folded, strengths, list(order)


@settings(max_examples=examples(300))
@given(hands())
def test_chips_are_conserved(
    hand: tuple[dict[int, int], set[int], dict[int, int], list[int]],
) -> None:
    contributed, folded, strengths, order = hand
    total = sum(contributed.values())
    pots, uncalled = build_pots(contributed, folded, order)
    assert sum(pot.amount for pot in pots) + sum(uncalled.values()) == total
    position = {seat: i for i, seat in enumerate(order)}
    for pot in pots:
        assert pot.amount > 0
        assert pot.eligible
        assert not set(pot.eligible) & folded
        assert list(pot.eligible) == sorted(pot.eligible, key=position.__getitem__)
    for later, earlier in zip(pots[1:], pots, strict=False):
        assert set(later.eligible) < set(earlier.eligible)
    assert not set(uncalled) & folded
    assert len(uncalled) <= 1
    settled, won = award(pots, strengths, order)
    assert sum(won.values()) + sum(uncalled.values()) == total
    for pot in settled:
        assert set(pot.winners) <= set(pot.eligible)
    live = [seat for seat in order if seat not in folded]
    if len(live) == 1:
        _, won = award_uncontested(pots, uncalled, live[0])
        assert sum(won.values()) + sum(uncalled.values()) == total


@settings(max_examples=examples(200))
@given(hands())
def test_a_player_wins_from_each_opponent_at_most_what_he_put_in(
    hand: tuple[dict[int, int], set[int], dict[int, int], list[int]],
) -> None:
    contributed, folded, strengths, order = hand
    live = [seat for seat in order if seat not in folded]
    most_live = max(contributed[seat] for seat in live)
    assume(all(contributed[seat] <= most_live for seat in folded))  # as in any real hand
    pots, uncalled = build_pots(contributed, folded, order)
    # the best hand shown, if it is the only one of its strength, scoops what it covers
    for seat in live:
        others = [s for s in live if s != seat]
        strengths = {seat: 2, **{s: 1 for s in others}}
        _, won = award(pots, strengths, order)
        covered = sum(min(chips, contributed[seat]) for chips in contributed.values())
        assert won.get(seat, 0) + uncalled.get(seat, 0) == covered


def test_rrop_side_pot_forms_only_at_an_all_in_not_at_a_call_still_owed() -> None:
    """Mid-round, a raise not yet called is no side pot: one pot until someone is all-in."""
    from dealer_trainer import replay

    events = ["post_blinds", "deal", {"act": {"seat": 1, "action": "raise", "amount": 6}}]
    result = replay(
        {"table": {"seats": 3, "button": 1, "blinds": [1, 2]}, "deck": [], "events": events}
    )
    assert [pot["amount"] for pot in result["pots"]] == [9]
    assert result["pots"][0]["eligible"] == [2, 3, 1]
    short = {
        "table": {"seats": {1: 200, 2: 200, 3: 4}, "button": 1, "blinds": [1, 2]},
        "deck": [],
        "events": [
            *events,
            {"act": {"seat": 2, "action": "call"}},
            {"act": {"seat": 3, "action": "all_in"}},
        ],
    }
    pots = replay(short)["pots"]
    assert [pot["eligible"] for pot in pots] == [[2, 3, 1], [2, 1]]
    assert [pot["amount"] for pot in pots] == [12, 4]
