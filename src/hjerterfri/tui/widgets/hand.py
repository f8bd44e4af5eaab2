"""A hand of cards in a row: sorted by suit with alternating colours, playable ones bright."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...cards import Card, Suit
from .cardface import CARD_HEIGHT, CARD_WIDTH, CURSOR, RECEIVED, Deck

GAP = 1
SUIT_ORDER = (Suit.CLUBS, Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS)
"""Black, red, black, red: neighbouring suits never share a colour."""


def sort_hand(cards: list[Card]) -> list[Card]:
    """The hand in display order: by suit alternating black and red, then by rank."""
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(c.suit), c.rank))


class HandView(Widget, can_focus=True):
    """Cards face up in a row, with a cursor, chosen cards raised and received cards marked."""

    DEFAULT_CSS = """
    HandView { height: 5; width: 1fr; }
    """

    cards: reactive[tuple[Card, ...]] = reactive((), layout=False)
    playable: reactive[frozenset[Card] | None] = reactive(None)
    """The cards that may be played now; the rest are dimmed. None: nothing is dimmed."""
    chosen: reactive[frozenset[Card]] = reactive(frozenset())
    received: reactive[frozenset[Card]] = reactive(frozenset())
    cursor: reactive[int] = reactive(0)
    show_cursor: reactive[bool] = reactive(True)

    class Picked(Message):
        """A card was clicked."""

        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(self, deck: Deck | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.deck = deck or Deck()

    def set_cards(self, cards: list[Card]) -> None:
        """Show ``cards`` (sorted for display), keeping the cursor on the same card where possible."""
        old = self.current()
        ordered = tuple(sort_hand(cards))
        self.cards = ordered
        if old in ordered:
            self.cursor = ordered.index(old)
        else:
            self.cursor = min(self.cursor, max(len(ordered) - 1, 0))

    def current(self) -> Card | None:
        return self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None

    def move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)

    def move_to(self, card: Card) -> None:
        if card in self.cards:
            self.cursor = self.cards.index(card)

    def _left_edge(self) -> int:
        total = len(self.cards) * (CARD_WIDTH + GAP) - GAP
        return max((self.size.width - total) // 2, 0)

    def render(self) -> Text:
        lines = [Text() for _ in range(CARD_HEIGHT + 2)]
        pad = " " * self._left_edge()
        for line in lines:
            line.append(pad)
        for i, card in enumerate(self.cards):
            dim = self.playable is not None and card not in self.playable
            at_cursor = self.show_cursor and i == self.cursor
            edge = CURSOR if at_cursor else RECEIVED if card in self.received else None
            box = self.deck.box(card, dim=dim, edge=edge, heavy=at_cursor)
            top = 0 if card in self.chosen else 1
            for row in range(CARD_HEIGHT + 1):
                part = box[row - top] if 0 <= row - top < CARD_HEIGHT else Text(" " * CARD_WIDTH)
                lines[row].append_text(part)
            marks = ("•" if card in self.received else " ") + ("▲" if at_cursor else " ")
            marks += "•" if card in self.received else " "
            lines[CARD_HEIGHT + 1].append(f" {marks} ", style=f"bold {CURSOR if at_cursor else RECEIVED}")
            if i < len(self.cards) - 1:
                for line in lines:
                    line.append(" " * GAP)
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        x = event.x - self._left_edge()
        if x < 0:
            return
        index, within = divmod(x, CARD_WIDTH + GAP)
        if index < len(self.cards) and within < CARD_WIDTH:
            self.cursor = index
            self.post_message(self.Picked(self.cards[index]))
