"""A hand of cards in a row: sorted by suit with alternating colours, playable ones bright."""

from __future__ import annotations

from collections import Counter

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...cardface import CARD_HEIGHT, CARD_WIDTH, CURSOR, HINT, RECEIVED, Deck, sort_hand
from ...cards import Card

GAP = 1
OVERLAP_PITCH = CARD_WIDTH - 1
"""Columns per card when a long hand (17 or 18 cards at three players) would not fit side by side:
each card hides the right edge of the one before it."""


def marked(cards: tuple[Card, ...], which: tuple[Card, ...] | frozenset[Card]) -> list[bool]:
    """Per card of ``cards``, whether it is one of ``which``: a card named twice there marks two copies."""
    left = Counter(which)
    out = []
    for card in cards:
        out.append(left[card] > 0)
        left[card] -= 1
    return out


class HandView(Widget, can_focus=True):
    """Cards face up in a row, with a cursor, chosen cards raised and received cards marked."""

    DEFAULT_CSS = """
    HandView { height: 5; width: 1fr; }
    """

    cards: reactive[tuple[Card, ...]] = reactive((), layout=False)
    playable: reactive[frozenset[Card] | None] = reactive(None)
    """The cards that may be played now; the rest are dimmed. None: nothing is dimmed."""
    chosen: reactive[tuple[Card, ...]] = reactive(())
    """The cards chosen to pass (with two decks a card may be chosen twice: the first copies are raised)."""
    received: reactive[tuple[Card, ...]] = reactive(())
    cursor: reactive[int] = reactive(0)
    show_cursor: reactive[bool] = reactive(True)
    hinted: reactive[tuple[Card, ...]] = reactive(())
    """The cards a hint suggests: framed in green and marked with a ✓."""

    class Picked(Message):
        """A card was clicked (``index``: where in the hand, which tells two copies of a card apart)."""

        def __init__(self, card: Card, index: int) -> None:
            super().__init__()
            self.card = card
            self.index = index

    def __init__(self, deck: Deck | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.deck = deck or Deck()

    def set_cards(self, cards: list[Card]) -> None:
        """Show ``cards`` (sorted for display), keeping the cursor on the same card where possible."""
        old, at = self.current(), self.cursor
        ordered = tuple(sort_hand(cards))
        self.cards = ordered
        if old in ordered:  # the copy of it nearest where the cursor stood (a card may be held twice)
            self.cursor = min((i for i, c in enumerate(ordered) if c == old), key=lambda i: abs(i - at))
        else:
            self.cursor = min(self.cursor, max(len(ordered) - 1, 0))

    def current(self) -> Card | None:
        return self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None

    def move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)

    def move_to_end(self, last: bool) -> None:
        """The cursor to the first card, or the last."""
        self.cursor = len(self.cards) - 1 if last and self.cards else 0

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

    def is_chosen(self, index: int) -> bool:
        """Whether the card at ``index`` is shown as chosen (the first copies of a card chosen twice)."""
        return marked(self.cards, self.chosen)[index]

    def render(self) -> Text:
        lines = [Text() for _ in range(CARD_HEIGHT + 2)]
        pad = " " * self._left_edge()
        pitch = self.pitch()
        for line in lines:
            line.append(pad)
        chosen, received, hints = (marked(self.cards, m) for m in (self.chosen, self.received, self.hinted))
        for i, card in enumerate(self.cards):
            dim = self.playable is not None and card not in self.playable
            at_cursor = self.show_cursor and i == self.cursor
            hinted = hints[i]
            edge = CURSOR if at_cursor else HINT if hinted else RECEIVED if received[i] else None
            box = self.deck.box(card, dim=dim and not hinted, edge=edge, heavy=at_cursor or hinted)
            last = i == len(self.cards) - 1
            shown = CARD_WIDTH if last or pitch > CARD_WIDTH else pitch
            top = 0 if chosen[i] else 1
            for row in range(CARD_HEIGHT + 1):
                part = box[row - top] if 0 <= row - top < CARD_HEIGHT else Text(" " * CARD_WIDTH)
                lines[row].append_text(part[:shown])
            dot = "•" if received[i] else " "
            middle = "▲" if at_cursor else "✓" if hinted else " "
            left = "✓" if at_cursor and hinted else dot  # the cursor on a hinted card: both (on a card received too)
            marks = f" {left}{middle}{dot}" + (" " if pitch > CARD_WIDTH else "")
            marks = marks.ljust(shown)  # an overlapped card's marks stay under its visible part
            colour = CURSOR if at_cursor else HINT if hinted else RECEIVED
            lines[CARD_HEIGHT + 1].append(marks, style=f"bold {colour}")
            if not last and pitch > CARD_WIDTH:
                for line in lines:
                    line.append(" " * (pitch - CARD_WIDTH))
        return Text("\n").join(lines)

    def _index_at(self, x: int) -> int | None:
        """The card under column ``x`` (of an overlapped card, its visible part), or None."""
        x -= self._left_edge()
        if x < 0:
            return None
        pitch = self.pitch()
        index, within = divmod(x, pitch)
        if index >= len(self.cards) and x < (len(self.cards) - 1) * pitch + CARD_WIDTH:
            return len(self.cards) - 1  # the last card's right edge
        if within >= CARD_WIDTH or index >= len(self.cards):
            return None
        return index

    def on_click(self, event: events.Click) -> None:
        index = self._index_at(event.x)
        if index is not None:
            self.cursor = index
            self.post_message(self.Picked(self.cards[index], index))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The cursor follows the pointer over the cards: what a click would play is marked before it."""
        index = self._index_at(event.x)
        if index is not None:
            self.cursor = index
