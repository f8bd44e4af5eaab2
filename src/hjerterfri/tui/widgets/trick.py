"""The trick on the table: each seat's card at its place (you at the bottom, then left, across, right).

Places are counted from the bottom seat in the direction of play: 0 bottom, 1 left,
2 across (across left at a table of five), 3 right, 4 across right; at six to eight players the
seats across are places 10 to 14, left to right. A seat that plays two cards in the first trick
(004 at 3, 5, 6 and 7 players) gets its second card beside the first; the kitty (001 at 3 or 5
players) lies face down in the middle until it is taken. At six to eight players the cards lie in
a row in the order they were played, each under its player's name (``labels``).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...cardface import CARD_HEIGHT, CARD_WIDTH, WINNER, Deck
from ...cards import Card
from ...engine import Trick

TRICK_HEIGHT = 3 * CARD_HEIGHT
PLACES = {
    3: (0, 1, 3),
    4: (0, 1, 2, 3),
    5: (0, 1, 2, 4, 3),
    6: (0, 1, 10, 11, 12, 3),
    7: (0, 1, 10, 11, 12, 13, 3),
    8: (0, 1, 10, 11, 12, 13, 14, 3),
}
"""For each table size, the place of each seat from the bottom one, in the order of play."""
ACROSS = (10, 11, 12, 13, 14)
"""The places across at six to eight players, left to right."""
WIDEST = CARD_WIDTH + 4
"""The widest column a card gets in the row of a trick at six to eight players (its name above it, cut to
one letter less than its columns)."""
SECOND_CARD = {0: CARD_WIDTH + 1, 1: CARD_WIDTH + 1, 2: -(CARD_WIDTH + 1), 3: -(CARD_WIDTH + 1), 4: CARD_WIDTH + 1}
"""Where a seat's second card in the trick goes, in columns from its first: inwards at the sides,
outwards across (at five), to the right at the bottom."""


def across(players: int) -> tuple[int, ...]:
    """The places of the seats across (the top row), left to right; at up to five, the two the table has
    room for (2 and 4, shown as the table needs them)."""
    return PLACES[players][2:-1] if players >= 6 else (2, 4)


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
    winning: reactive[int | None] = reactive(None)
    """Which of the plays took the trick (framed)."""
    kitty: reactive[int] = reactive(0)
    """Cards lying face down in the middle."""
    two_across: bool = False
    """A table of five: two seats across, 2 on the left and 4 on the right."""
    order: tuple[int, ...] = ()
    """The places in the order the whole trick is played, a seat that plays twice twice (in a row: the slots)."""
    labels: dict[int, str]
    """At six to eight players, the short name shown above each place's card: set, the cards lie in a row."""

    def __init__(self, deck: Deck | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.deck = deck or Deck()
        self.labels = {}

    def show(
        self, plays: list[tuple[int, Card]], winning: int | None = None, kitty: int = 0, order: tuple[int, ...] = ()
    ) -> None:
        """Show ``plays`` as (place, card) pairs; ``winning`` (an index in ``plays``) frames the card that took
        the trick; ``kitty`` cards lie face down in the middle; ``order``, the places in the order the whole
        trick is played (in a row, each card's slot is kept for it)."""
        self.order = order
        self.plays = tuple(plays)
        self.winning = winning
        self.kitty = kitty

    def show_trick(self, trick: Trick, place: Callable[[int], int]) -> None:
        """A finished trick, each card at its player's ``place``, the card that took it framed (only that
        one, where a seat played two cards to the first trick)."""
        self.show([(place(trick.seat_of(i)), card) for i, card in enumerate(trick.cards)], trick.best)

    def render(self) -> Text:
        if self.labels:
            return self._row()
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
        twice = {p for p in places if sum(place == p for place, _ in self.plays) > 1}
        seen: set[int] = set()
        for i, (place, card) in enumerate(self.plays):
            top, col = places[place]
            # a seat's two cards read left to right in the order played: where the second would go to the left
            # (the seat on the right, across left), the first moves over instead ("J♥ J♣" read as a heart first)
            if place in twice and (place in seen) == (SECOND_CARD[place] > 0):
                col = min(max(col + SECOND_CARD[place], 0), width - CARD_WIDTH)
            seen.add(place)
            won = self.winning == i
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

    def _row(self) -> Text:
        """The trick as a row of cards in the order played (six to eight), a seat's two cards in the first trick
        under one name. Each card keeps the slot the whole trick has for it (``order``), so nothing moves as
        cards are played; where the row is short of room (thirteen cards at seven players) the cards overlap
        like a fanned hand, each later card covering the right edge of the one before."""
        width = self.size.width or 80
        order = list(self.order) if len(self.order) >= len(self.plays) else [place for place, _ in self.plays]
        slots = max(len(order), len(self.labels), 1)
        per_row = min(slots, max(1, width // (CARD_WIDTH - 1)))  # a card at the least shows its rank and suit
        lines: list[Text] = []
        for start in range(0, slots, per_row):
            count = min(per_row, slots - start)
            pitch = min(WIDEST, width // count)
            row_width = pitch * (count - 1) + max(CARD_WIDTH, pitch)
            left = max(0, (width - row_width) // 2) + max(0, pitch - CARD_WIDTH) // 2
            names = Text()
            boxes = [Text() for _ in range(CARD_HEIGHT)]
            groups: list[tuple[int, int, int]] = []  # (place, first slot, slots): a seat's run of cards
            for slot in range(start, start + count):
                place = order[slot] if slot < len(order) else -1
                if groups and groups[-1][0] == place and place >= 0:
                    groups[-1] = (place, groups[-1][1], groups[-1][2] + 1)
                else:
                    groups.append((place, slot, 1))
            for place, first, size in groups:
                if first >= len(self.plays):
                    continue
                won = self.winning is not None and first <= self.winning < first + size
                col = left + (first - start) * pitch - max(0, pitch - CARD_WIDTH) // 2
                span = size * pitch
                label = Text(self.labels.get(place, ""), style="bold" if won else "dim")
                label.truncate(span - 1)
                label.align("center", span)
                _put(names, col, label)
            shown = range(start, min(start + count, len(self.plays)))
            for i in sorted(shown, key=lambda i: i == self.winning):  # the card that took it whole, on top
                won = self.winning == i
                col = left + (i - start) * pitch
                for r, part in enumerate(self.deck.box(self.plays[i][1], edge=WINNER if won else None, heavy=won)):
                    _put(boxes[r], col, part)
            lines.extend([names, *boxes])
        return Text("\n").join(lines)


def _put(line: Text, col: int, part: Text) -> None:
    """``part`` written over ``line`` from column ``col`` (a card's cells are one column each)."""
    line.append(" " * max(0, col - line.cell_len))
    after = line[col + part.cell_len :]
    line.truncate(col)
    line.append_text(part)
    line.append_text(after)
