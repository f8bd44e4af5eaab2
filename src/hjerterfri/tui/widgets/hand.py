"""A hand of cards in a row: sorted by suit with alternating colours, playable ones bright."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...cardface import CARD_HEIGHT, CARD_WIDTH, CURSOR, HINT, RECEIVED, Deck
from ...cards import Card, Suit

GAP = 1
OVERLAP_PITCH = CARD_WIDTH - 1
"""Columns per card when a long hand (17 or 18 cards at three players) would not fit side by side:
each card hides the right edge of the one before it."""
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
    hinted: reactive[frozenset[Card]] = reactive(frozenset())
    """The cards a hint suggests: framed in green and marked with a ✓."""

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

    def pitch(self) -> int:
        """Columns per card: a card and a gap, or less where the hand would not fit the width."""
        n = len(self.cards)
        if n * (CARD_WIDTH + GAP) - GAP <= self.size.width or not self.size.width:
            return CARD_WIDTH + GAP
        return OVERLAP_PITCH

    def _left_edge(self) -> int:
        pitch = self.pitch()
        total = len(self.cards) * pitch + (CARD_WIDTH - pitch if self.cards else 0)
        return max((self.size.width - total) // 2, 0)

    def render(self) -> Text:
        lines = [Text() for _ in range(CARD_HEIGHT + 2)]
        pad = " " * self._left_edge()
        pitch = self.pitch()
        for line in lines:
            line.append(pad)
        for i, card in enumerate(self.cards):
            dim = self.playable is not None and card not in self.playable
            at_cursor = self.show_cursor and i == self.cursor
            hinted = card in self.hinted
            edge = CURSOR if at_cursor else HINT if hinted else RECEIVED if card in self.received else None
            box = self.deck.box(card, dim=dim and not hinted, edge=edge, heavy=at_cursor or hinted)
            last = i == len(self.cards) - 1
            shown = CARD_WIDTH if last or pitch > CARD_WIDTH else pitch
            top = 0 if card in self.chosen else 1
            for row in range(CARD_HEIGHT + 1):
                part = box[row - top] if 0 <= row - top < CARD_HEIGHT else Text(" " * CARD_WIDTH)
                lines[row].append_text(part[:shown])
            received = "•" if card in self.received else " "
            middle = "▲" if at_cursor else "✓" if hinted else " "
            if pitch > CARD_WIDTH:
                marks = f" {received}{middle}{received} "
            else:  # under the visible part of an overlapped card
                marks = f" {received}{middle}{received}".ljust(shown)
            colour = CURSOR if at_cursor else HINT if hinted else RECEIVED
            lines[CARD_HEIGHT + 1].append(marks, style=f"bold {colour}")
            if not last and pitch > CARD_WIDTH:
                for line in lines:
                    line.append(" " * (pitch - CARD_WIDTH))
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        x = event.x - self._left_edge()
        if x < 0:
            return
        pitch = self.pitch()
        index, within = divmod(x, pitch)
        if index >= len(self.cards) and x < (len(self.cards) - 1) * pitch + CARD_WIDTH:
            index = len(self.cards) - 1  # the last card's right edge
        elif within >= CARD_WIDTH:
            return
        if index < len(self.cards):
            self.cursor = index
            self.post_message(self.Picked(self.cards[index]))
