"""How one card looks: a small box of 5×3 cells, in red and black (or four colours), or ASCII."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from .cards import Card, Suit

CARD_WIDTH = 5
CARD_HEIGHT = 3
SUIT_ORDER = (Suit.CLUBS, Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS)
"""The order suits are shown in, everywhere: black, red, black, red, so neighbours never share a colour."""


def sort_hand(cards: list[Card] | tuple[Card, ...]) -> list[Card]:
    """Cards in the order a hand shows them: by suit (``SUIT_ORDER``), then by rank."""
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(c.suit), c.rank))


PAPER = "#f4f1e8"
PAPER_DIM = "#a29f96"
INK = "#1c1c1c"
INK_DIM = "#262522"
"""A card that may not be played: grey paper, and ink that still reads at 5.8:1 (it was 2.5:1, and faint)."""
EDGE = "#9a968c"
CURSOR = "#f2c14e"
RECEIVED = "#5fa8d3"
WINNER = "#f2c14e"
HINT = "#7fd37f"
BACK = "#6b2b2b"
BACK_INK = "#b86a5a"

TWO_COLOURS = {Suit.CLUBS: INK, Suit.DIAMONDS: "#c8102e", Suit.HEARTS: "#c8102e", Suit.SPADES: INK}
FOUR_COLOURS = {Suit.CLUBS: "#0b7a75", Suit.DIAMONDS: "#1f5fbf", Suit.HEARTS: "#c8102e", Suit.SPADES: INK}
"""Clubs a blue-green: a grass green looked like the hearts' red to the most common colour blindness."""

_ROUND = ("╭", "─", "╮", "│", "╰", "╯")
_HEAVY = ("┏", "━", "┓", "┃", "┗", "┛")
_PLAIN = ("+", "-", "+", "|", "+", "+")
_DASHED = ("┌", "┄", "┐", "┆", "└", "┘")
_DOTTED = (".", ".", ".", ":", "'", "'")
"""Cards that may not be played get a broken frame: a cue that needs no colour (NO_COLOR)."""


@dataclass(frozen=True)
class Deck:
    """How cards are drawn: ASCII or suit signs, two or four colours."""

    ascii: bool = False
    four_colour: bool = False

    def rank(self, card: Card) -> str:
        if card.rank == 10 and not self.ascii:
            return "10"
        return card.rank_text

    def suit(self, suit: Suit) -> str:
        return suit.letter if self.ascii else suit.symbol

    def short(self, card: Card) -> str:
        """The card as text: rank and suit, "Q♠", "10♥" (or "QS", "TH" in ASCII)."""
        return self.rank(card) + self.suit(card.suit)

    def ink(self, suit: Suit) -> str:
        """The suit's colour as text on the terminal's own background (a transcript, a line of text)."""
        if self.four_colour:
            return ("cyan", "blue", "red", "default")[suit]  # clubs as the cards have them: blue-green
        return "red" if suit.is_red else "default"

    def text(self, card: Card, mark: str = "") -> Text:
        """The card as coloured text on the terminal's background: "Q♠" in the suit's ink."""
        return Text(mark + self.short(card), style=self.ink(card.suit))

    def colour(self, suit: Suit) -> str:
        return (FOUR_COLOURS if self.four_colour else TWO_COLOURS)[suit]

    def label(self, card: Card, *, dim: bool = False) -> Text:
        """The card as a short coloured label, e.g. "Q♠"."""
        colour = INK_DIM if dim else self.colour(card.suit)
        return Text(self.rank(card) + self.suit(card.suit), style=Style(color=colour, bold=not dim))

    def box(self, card: Card, *, dim: bool = False, edge: str | None = None, heavy: bool = False) -> list[Text]:
        """The three lines of a card: top edge, rank and suit, bottom edge."""
        if dim and not heavy:
            tl, h, tr, v, bl, br = _DOTTED if self.ascii else _DASHED
        else:
            tl, h, tr, v, bl, br = _PLAIN if self.ascii else _HEAVY if heavy else _ROUND
        paper = PAPER_DIM if dim else PAPER
        frame = Style(color=edge or (INK_DIM if dim else EDGE), bgcolor=paper, bold=heavy)
        face = Style(color=INK_DIM if dim else self.colour(card.suit), bgcolor=paper, bold=not dim)
        middle = Text(v, style=frame)
        middle.append(f"{self.rank(card):>2}{self.suit(card.suit)}", style=face)
        middle.append(v, style=frame)
        return [Text(tl + h * 3 + tr, style=frame), middle, Text(bl + h * 3 + br, style=frame)]

    def back(self) -> list[Text]:
        """A card face down (the kitty): a patterned back, the same for every card."""
        tl, h, tr, v, bl, br = _PLAIN if self.ascii else _ROUND
        frame = Style(color=EDGE, bgcolor=BACK)
        pattern = Style(color=BACK_INK, bgcolor=BACK)
        middle = Text(v, style=frame)
        middle.append("###" if self.ascii else "░░░", style=pattern)
        middle.append(v, style=frame)
        return [Text(tl + h * 3 + tr, style=frame), middle, Text(bl + h * 3 + br, style=frame)]

    def blank(self) -> list[Text]:
        """An empty place, as wide as a card."""
        return [Text(" " * CARD_WIDTH) for _ in range(CARD_HEIGHT)]
