"""The trick on the table: each seat's card at its side (you at the bottom, left, across, right)."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...cards import Card
from .cardface import CARD_HEIGHT, CARD_WIDTH, WINNER, Deck

TRICK_HEIGHT = 3 * CARD_HEIGHT


class TrickView(Widget):
    """Cards placed by seat (0 bottom, 1 left, 2 across, 3 right, and 4 across right at a table of five,
    when 2 is across left); the winner's card framed."""

    DEFAULT_CSS = """
    TrickView { height: 9; width: 1fr; }
    """

    plays: reactive[tuple[tuple[int, Card], ...]] = reactive(())
    winner: reactive[int | None] = reactive(None)
    two_across: bool = False
    """A table of five: two seats across, 2 on the left and 4 on the right."""

    def __init__(self, deck: Deck | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.deck = deck or Deck()

    def show(self, plays: list[tuple[int, Card]], winner: int | None = None) -> None:
        """Show ``plays`` as (seat, card) pairs; ``winner`` frames the card that took the trick."""
        self.plays = tuple(plays)
        self.winner = winner

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
        rows: list[list[tuple[int, list[Text], int]]] = [[] for _ in range(3)]
        for seat, card in self.plays:
            top, col = places[seat]
            won = self.winner == seat
            rows[top // CARD_HEIGHT].append((col, self.deck.box(card, edge=WINNER if won else None, heavy=won), seat))
        lines: list[Text] = []
        for band in rows:
            band.sort(key=lambda item: item[0])
            for r in range(CARD_HEIGHT):
                line = Text()
                for col, box, _seat in band:
                    line.append(" " * (col - line.cell_len))
                    line.append_text(box[r])
                lines.append(line)
        return Text("\n").join(lines)
