"""The trick on the table: each seat's card at its place (you at the bottom, then left, across, right).

Places are counted from the bottom seat in the direction of play: 0 bottom, 1 left,
2 across (across left at a table of five), 3 right, 4 across right. A seat that plays
two cards in the first trick (004 at 3 or 5 players) gets its second card beside the
first; the kitty (001 at 3 or 5 players) lies face down in the middle until it is taken.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...cardface import CARD_HEIGHT, CARD_WIDTH, WINNER, Deck
from ...cards import Card

TRICK_HEIGHT = 3 * CARD_HEIGHT
PLACES = {3: (0, 1, 3), 4: (0, 1, 2, 3), 5: (0, 1, 2, 4, 3)}
"""For each table size, the place of the seats after the bottom one, in the order of play."""
SECOND_CARD = {0: CARD_WIDTH + 1, 1: CARD_WIDTH + 1, 2: -(CARD_WIDTH + 1), 3: -(CARD_WIDTH + 1), 4: CARD_WIDTH + 1}
"""Where a seat's second card in the trick goes, in columns from its first: inwards at the sides,
outwards across (at five), to the right at the bottom."""


def place_of(seat: int, bottom: int, players: int) -> int:
    """The place on screen of ``seat`` when ``bottom`` sits at the bottom (see ``PLACES``)."""
    return PLACES[players][(seat - bottom) % players]


class TrickView(Widget):
    """Cards placed by place (0 bottom, 1 left, 2 across, 3 right, and 4 across right at a table of five,
    when 2 is across left); the winner's cards framed; the kitty face down in the middle."""

    DEFAULT_CSS = """
    TrickView { height: 9; width: 1fr; }
    """

    plays: reactive[tuple[tuple[int, Card], ...]] = reactive(())
    winner: reactive[int | None] = reactive(None)
    kitty: reactive[int] = reactive(0)
    """Cards lying face down in the middle."""
    two_across: bool = False
    """A table of five: two seats across, 2 on the left and 4 on the right."""

    def __init__(self, deck: Deck | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.deck = deck or Deck()

    def show(self, plays: list[tuple[int, Card]], winner: int | None = None, kitty: int = 0) -> None:
        """Show ``plays`` as (place, card) pairs; ``winner`` frames the cards of the place that took the
        trick; ``kitty`` cards lie face down in the middle."""
        self.plays = tuple(plays)
        self.winner = winner
        self.kitty = kitty

    def render(self) -> Text:
        width = max(self.size.width, 3 * CARD_WIDTH + 2)
        centre = (width - CARD_WIDTH) // 2
        side = max(centre - CARD_WIDTH - 4, 0)
        places = {
            2: (0, centre),
            1: (CARD_HEIGHT, side),
            3: (CARD_HEIGHT, width - side - CARD_WIDTH),
            0: (2 * CARD_HEIGHT, centre),
        }
        if self.two_across:
            places[2] = (0, centre - CARD_WIDTH // 2 - 2)
            places[4] = (0, centre + CARD_WIDTH // 2 + 2)
        rows: list[list[tuple[int, list[Text]]]] = [[] for _ in range(3)]
        seen: set[int] = set()
        for place, card in self.plays:
            top, col = places[place]
            if place in seen:
                col = min(max(col + SECOND_CARD[place], 0), width - CARD_WIDTH)
            seen.add(place)
            won = self.winner == place
            rows[top // CARD_HEIGHT].append((col, self.deck.box(card, edge=WINNER if won else None, heavy=won)))
        for i in range(self.kitty):
            rows[1].append((centre - (self.kitty - 1) + 2 * i, self.deck.back()))
        lines: list[Text] = []
        for band in rows:
            band.sort(key=lambda item: item[0])
            for r in range(CARD_HEIGHT):
                line = Text()
                for col, box in band:
                    if col < line.cell_len:  # overlapping (the kitty's cards): the later one covers
                        line = line[:col]
                    line.append(" " * (col - line.cell_len))
                    line.append_text(box[r])
                lines.append(line)
        return Text("\n").join(lines)
