"""How a card is drawn, for eyes that see less: contrast on the paper, colours a colour-blind player tells apart."""

from __future__ import annotations

import math

from hjerterfri.cardface import PAPER
from hjerterfri.cards import Card


def _luminance(colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def test_a_card_that_may_not_be_played_still_reads_at_the_contrast_of_body_text():
    """Its rank and suit were 2.5:1 on its grey, and faint: a player with low vision could not read the hand
    when it mattered. WCAG asks 4.5:1 of text."""
    from hjerterfri.cardface import Deck

    (middle,) = [line for line in Deck().box(Card.parse("QS"), dim=True) if "Q" in line.plain]
    face = next(span.style for span in middle.spans if "Q" in middle.plain[span.start : span.end])
    ink, paper = face.color.triplet.hex, face.bgcolor.triplet.hex  # type: ignore[union-attr]
    darker, lighter = sorted((_luminance(ink), _luminance(paper)))
    assert (lighter + 0.05) / (darker + 0.05) >= 4.5
    assert not face.dim


def test_the_four_colour_decks_hearts_and_clubs_stay_apart_to_a_red_green_colour_blind_eye():
    """Red hearts and grass-green clubs came out alike under deuteranopia (Machado et al. 2009): the deck
    offered to colour-blind players set apart the two suits the two-colour deck had kept apart."""
    from hjerterfri.cardface import FOUR_COLOURS
    from hjerterfri.cards import Suit

    deuteranopia = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))

    def seen(colour: str) -> tuple[float, float, float]:
        def linear(c: float) -> float:
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

        rgb = [linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5)]
        r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in deuteranopia)
        x, y, z = (
            (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
            0.2126 * r + 0.7152 * g + 0.0722 * b,
            (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
        )

        def f(t: float) -> float:
            return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

        return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))  # CIELAB

    hearts, clubs = seen(FOUR_COLOURS[Suit.HEARTS]), seen(FOUR_COLOURS[Suit.CLUBS])
    assert math.dist(hearts, clubs) > 40  # grass green: 18
    for suit in Suit:
        colour = FOUR_COLOURS[suit]
        assert (_luminance(PAPER) + 0.05) / (_luminance(colour) + 0.05) >= 4.5  # and each reads on the card's paper
