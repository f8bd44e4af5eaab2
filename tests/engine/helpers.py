"""Deals and helpers for rule tests. Seats play in order 0, 1, 2, 3; round 4 passes nothing."""

from __future__ import annotations

import pytest

from hjerterfri.cards import Card, mask_of, parse_cards
from hjerterfri.engine import IllegalMoveError, Reason, Round
from hjerterfri.rules import Rules

# Seat 3 is void in clubs: it discards on the first trick, which seat 2 wins with the ace.
PLAIN = ["2C 3C 4C 5C 6C 2D 3D 4D 2S 3S 4S 2H 3H",
         "7C 8C 9C TC 5D 6D 8D 5S 6S 7S 4H 5H 6H",
         "JC QC KC AC 7D 9D TD 8S 9S TS 7H 8H 9H",
         "JD QD KD AD JS QS KS AS TH JH QH KH AH"]  # fmt: skip

# Seat 3 is void in clubs and diamonds.
VOID = ["2C 3C 4C 5C 6C 2D 3D 4D 2S 3S 2H 3H 4H",
        "7C 8C 9C TC 5D 6D 8D 9D 4S 5S 5H 6H 7H",
        "JC QC KC AC 7D TD JD QD KD AD 8H 9H TH",
        "6S 7S 8S 9S TS JS QS KS AS JH QH KH AH"]  # fmt: skip

# Seat 0 wins the second trick and is left with nothing but hearts, before hearts are broken.
HEARTS_ONLY = ["2C AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
               "KC QC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
               "JC TC 9C 8C KD 2S 3S 4S 5S 6S 7S 8S 9S",
               "7C 6C 5C 4C 3C TS JS QS KS AS AD KH AH"]  # fmt: skip

# Every seat one suit: seat 2 holds nothing but point cards on the first trick.
BY_SUIT = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
           "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]  # fmt: skip

NO_PASS_ROUND = 4


def deal(rules: Rules, texts: list[str]) -> Round:
    """A round of the fourth kind (no passing) with these hands."""
    return Round(rules, [mask_of(parse_cards(t)) for t in texts], NO_PASS_ROUND)


def play(r: Round, text: str) -> None:
    """Play cards in order, each for the seat to play, checked."""
    for c in parse_cards(text):
        r.play(c)


def refused(r: Round, text: str) -> Reason:
    """The reason a card is refused; and the refusal changed nothing."""
    before = (r.hands[:], r.trick[:], len(r.tricks), r.turn, r.hearts_broken)
    with pytest.raises(IllegalMoveError) as e:
        r.play(Card.parse(text))
    assert (r.hands, r.trick, len(r.tricks), r.turn, r.hearts_broken) == before
    return e.value.reason


def legal(r: Round) -> str:
    return " ".join(map(str, r.legal_plays()))


def deal_round(rules: Rules, texts: list[str], number: int, kitty: str = "") -> Round:
    """Round ``number`` with exactly these hands (a card may come twice with two decks) and kitty."""
    return Round(rules, [parse_cards(t) for t in texts], number, parse_cards(kitty))


def finish(r: Round, high: tuple[int, ...] = ()) -> Round:
    """Play the round to its end, checked: the seats in ``high`` play their highest legal card, the others
    their lowest."""
    while not r.is_over:
        legal = r.legal_plays()
        r.play(legal[-1] if r.turn in high else legal[0])
    return r
