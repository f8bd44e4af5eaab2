"""Cards: canonical text, parsing, masks."""

import random

import pytest

from hjerterfri.cards import (
    CARDS,
    Card,
    CardParseError,
    Suit,
    cards_of,
    highest_rank,
    lowest_rank,
    mask_of,
    parse_cards,
    points_of,
    winning,
)


@pytest.mark.parametrize("card", CARDS)
def test_canonical_text_parses_back(card):
    assert Card.parse(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize(
    ("text", "expected"),
    [("QS", "QS"), ("qs", "QS"), ("10H", "TH"), ("th", "TH"), ("Q♠", "QS"), ("♠Q", "QS"), ("♣2", "2C"),
     ("A♥", "AH"), (" 7d ", "7D"), ("♦10", "TD")],
)  # fmt: skip
def test_parse_accepts_lower_case_ten_and_symbols(text, expected):
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "Q", "S", "1S", "11H", "QX", "QSS", "ZZ", "🂡", "0C"])
def test_bad_text_is_a_value_error_naming_the_input(text):
    with pytest.raises(CardParseError, match="not a card") as e:
        Card.parse(text)
    assert isinstance(e.value, ValueError)
    assert repr(text) in str(e.value)


def test_ace_is_the_highest_rank():
    assert Card.parse("AS").rank == 14 > Card.parse("KS").rank > Card.parse("2S").rank == 2


def test_52_distinct_cards_in_four_suits_of_thirteen():
    assert len(set(CARDS)) == 52
    for suit in Suit:
        assert sum(1 for c in CARDS if c.suit is suit) == 13


def test_points_hearts_one_queen_of_spades_thirteen():
    assert sum(c.points for c in CARDS) == 26
    assert Card.parse("QS").points == 13
    assert all(c.points == 1 for c in CARDS if c.suit is Suit.HEARTS)
    assert points_of(mask_of(parse_cards("QS AH 2H KS 2C"))) == 15


def test_masks_round_trip_sorted_by_suit_then_rank():
    cards = parse_cards("AS 2C QH TD 3C")
    assert [str(c) for c in cards_of(mask_of(cards))] == ["2C", "3C", "TD", "QH", "AS"]


def test_lowest_and_highest_rank_across_suits_prefer_the_lowest_suit_on_a_tie() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        mask = rng.getrandbits(52) or 1
        cards = cards_of(mask)
        assert lowest_rank(mask) == min(cards, key=lambda c: (c % 13, c))
        assert highest_rank(mask) == max(cards, key=lambda c: (c % 13, -c))
    assert highest_rank(mask_of(parse_cards("KC AD AS"))) == Card.parse("AD")
    assert lowest_rank(mask_of(parse_cards("2H 2S 3C"))) == Card.parse("2H")


@pytest.mark.parametrize(
    ("trick", "at"),
    [("7D", 0), ("7D 9D 2D", 1), ("7D AS KH 8D", 3), ("QS KS AS", 2), ("TC TC", 0), ("5H 2C AD", 0)],
)
def test_the_trick_is_won_by_the_highest_of_the_suit_led_the_first_of_two_equal(trick, at):
    """A higher card of another suit never wins; with two decks the first of two equal cards does."""
    assert winning(parse_cards(trick)) == at
