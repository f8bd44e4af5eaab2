"""A round built card by card, whose last decisions have a known cost."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

from hjerterfri.cards import Card, parse_cards
from hjerterfri.engine import Game
from hjerterfri.gamelog import GameRecord, Seat
from hjerterfri.rules import PassDirection, preset

NO_PASSING = dataclasses.replace(preset("dansk"), pass_cycle=(PassDirection.NONE,), pass_count=0)
SEATS = (Seat("Ida"), Seat("Nord", "middel", 1), Seat("Øst", "middel", 2), Seat("Vest", "middel", 3))

HANDS = (
    "2C 7C QC 5D 6D JD 7S TS QS 5H 9H JH 2H",
    "3C 8C KC 2D 7D QD AD 8S 9S 2S 6H 8H AH",
    "4C 9C TC AC 3D 8D KD 5S KS 3S 7H QH 3H",
    "5C 6C JC 4D 9D TD 6S JS AS 4S KH TH 4H",
)
TRICKS = (
    "2C 3C 4C 5C",  # Ida leads; Vest wins
    "6C 7C 8C 9C",  # Øst wins
    "TC JC QC KC",  # Nord wins
    "2D 3D 4D 5D",  # Ida wins
    "6D 7D 8D 9D",  # Vest wins
    "TD JD QD KD",  # Øst wins
    "5S 6S 7S 8S",  # Nord wins
    "9S KS JS TS",  # Øst wins
    "AC AS 5H 6H",  # Øst wins; hearts are broken
    "7H KH 9H 8H",  # Vest wins
    "TH JH AH QH",  # Nord wins, and leads the ace of diamonds
    "AD 3H 4H",  # Ida, void in diamonds, plays last: the queen of spades or the two of hearts
)
"""Eleven tricks and three cards: Ida (seat 0) holds the queen of spades and the two of hearts, and the
others one low spade each (2S, 3S, 4S; Ida cannot see who holds which). Discarding the queen now costs
Ida nothing; keeping her, Ida must play her on the last trick's low spade and takes 13 points."""


def blunder_record(last: str | None = None, hands: tuple[str, ...] = HANDS) -> GameRecord:
    """The round up to Ida's decision; with ``last`` (her card), played to its end."""
    game = Game(NO_PASSING, 5, [parse_cards(h) for h in hands])
    r = game.round
    for trick in TRICKS:
        for card in parse_cards(trick):
            r.play(card)
    if last is not None:
        r.play(Card.parse(last))
        for seat in (1, 2, 3, 0):  # the low spades, in seat order, and Ida's last card
            r.play(r.legal_plays()[0], seat)
    return GameRecord(game, SEATS, datetime(2025, 3, 1, tzinfo=UTC))
