"""Cards, the deck order, shuffle and cut, and the table's 52-card invariant."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer_trainer.cards import STANDARD_DECK, Card, Rank, Suit, cut, parse_cards, stacked_deck
from dealer_trainer.errors import InvariantError, ScriptError
from dealer_trainer.table import Table, dealing_order, next_seat


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("As", Rank.ACE, Suit.SPADES),
        ("Td", Rank.TEN, Suit.DIAMONDS),
        ("10d", Rank.TEN, Suit.DIAMONDS),
        ("7c", Rank.SEVEN, Suit.CLUBS),
        ("kh", Rank.KING, Suit.HEARTS),
        (" 2S ", Rank.TWO, Suit.SPADES),
    ],
)
def test_card_notation_is_rank_then_suit(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card(rank, suit) or card == Card(rank, suit)


@pytest.mark.parametrize("text", ["", "A", "1s", "Ax", "sA", "11d", "AsK"])
def test_a_bad_card_is_a_clear_script_error(text: str) -> None:
    with pytest.raises(ScriptError, match="is not a card"):
        Card.parse(text)


def test_cards_print_in_contract_notation() -> None:
    assert [str(card) for card in parse_cards("As 10d 7c")] == ["As", "Td", "7c"]
    assert [str(card) for card in parse_cards("AsKd")] == ["As", "Kd"]


def test_standard_deck_order_is_clubs_diamonds_hearts_spades_two_to_ace() -> None:
    names = [str(card) for card in STANDARD_DECK]
    assert len(set(names)) == 52
    assert names[:3] == ["2c", "3c", "4c"]
    assert names[12:14] == ["Ac", "2d"]
    assert names[-1] == "As"
    assert [card.index for card in STANDARD_DECK] == list(range(52))


def test_a_stacked_deck_puts_the_named_cards_on_top_then_the_standard_order() -> None:
    deck = stacked_deck(parse_cards("As Kd 7c"))
    assert [str(card) for card in deck[:5]] == ["As", "Kd", "7c", "2c", "3c"]
    assert len(deck) == 52 and len(set(deck)) == 52


def test_a_card_named_twice_in_a_stacked_deck_is_refused() -> None:
    with pytest.raises(ScriptError, match="twice"):
        stacked_deck(parse_cards("As Kd As"))


@given(st.integers(1, 51), st.integers(0, 2**32))
def test_a_cut_moves_the_top_cards_to_the_bottom_and_loses_none(at: int, seed: int) -> None:
    deck = list(STANDARD_DECK)
    random.Random(seed).shuffle(deck)
    result = cut(deck, at)
    assert result == deck[at:] + deck[:at]
    assert sorted(result, key=lambda card: card.index) == list(STANDARD_DECK)


def test_dealing_order_starts_left_of_the_button_and_ends_on_it() -> None:
    assert dealing_order([1, 2, 3, 4, 5, 6], 4) == (5, 6, 1, 2, 3, 4)
    assert dealing_order([1, 3, 8], 3) == (8, 1, 3)
    assert next_seat([1, 3, 8], 8) == 1


def test_table_audit_finds_a_card_in_two_places_and_a_missing_card() -> None:
    table = Table({1: 100, 2: 100}, 1)
    table.audit()
    table.board.append(table.stub[0])
    with pytest.raises(InvariantError, match="both in"):
        table.audit()
    table.board.clear()
    table.stub.pop()
    with pytest.raises(InvariantError, match="unaccounted"):
        table.audit()


def test_gather_brings_every_card_back_to_the_stub() -> None:
    table = Table({1: 100, 2: 100}, 1)
    table.holes[1].extend(table.take(2))
    table.burns.extend(table.take(1))
    table.board.extend(table.take(3))
    table.to_muck(1)
    table.gather()
    assert len(table.stub) == 52
    table.audit()


def test_taking_more_cards_than_the_stub_holds_is_refused() -> None:
    table = Table({1: 100, 2: 100}, 1)
    table.take(50)
    with pytest.raises(Exception, match="holds 2 card"):
        table.take(3)
