"""A player's place at the table: name, cards left, points, and whether it is their turn."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from ...cardface import SUIT_ORDER, Deck
from ...cards import Card
from ...i18n import Texts
from ...literal import literal

NAME_LIMIT = 14
"""Characters of a name a seat's panel shows (a longer one ends in an ellipsis)."""
NARROW_WIDTH = 15
"""The columns inside the narrowest panel across at six to eight players, before it is laid out."""
SIDE_WIDTH = 20
"""The columns inside a side seat's panel (its frame and padding taken off), before it is laid out."""


@dataclass(frozen=True)
class SeatInfo:
    """Plain data for one seat's panel."""

    name: str
    cards_left: int
    total: int
    round_points: int | None
    """Points taken this round, or None when hidden."""
    to_play: bool = False
    thinking: bool = False
    hand: tuple[Card, ...] | None = None
    """The seat's cards, shown face up (the replay viewer), or None: only how many there are."""
    kitty: bool = False
    """The seat took the kitty, face down: its points are not in ``round_points`` (its "+0" misled a tester)."""


def show_text(widget: Static, text: Text, *, layout: bool = False) -> None:
    """Update ``widget`` only when its text changes: each update costs a redraw, and a layout when asked for
    or when the text has another shape: another number of lines (a panel whose height follows its text: a
    hand turned face up) or another widest line (one whose width does: the seat across, its points hidden)."""
    shown = widget.__dict__.get("_shown_text")
    if shown != text:
        widget.__dict__["_shown_text"] = text
        widget.update(text, layout=layout or shown is None or _shape(shown) != _shape(text))


def _shape(text: Text) -> tuple[int, int]:
    lines = text.plain.split("\n")
    return len(lines), max(cell_len(line) for line in lines)


class SeatPanel(Static):
    """A framed panel for a bot's seat; ``wide`` puts it on one line (the seat across)."""

    def __init__(self, texts: Texts, *, wide: bool = False, deck: Deck | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.texts = texts
        self.wide = wide
        self.deck = deck or Deck()

    def hand_lines(self, cards: tuple[Card, ...]) -> list[Text]:
        """The cards by suit, highest first: "♠ A J 6" (a suit with no cards is left out)."""
        lines = []
        for suit in SUIT_ORDER:
            ranks = sorted((c for c in cards if c.suit is suit), key=lambda c: -c.rank)
            if ranks:
                line = Text(self.deck.suit(suit), style=f"bold {self.deck.colour(suit)}")
                line.append(" " + " ".join(self.deck.rank(c) for c in ranks))
                lines.append(line)
        return lines

    def show(self, info: SeatInfo) -> None:
        t = self.texts
        name = Text("▶ " if info.to_play else "", style="bold")
        name.append_text(literal(info.name, style="bold", limit=NAME_LIMIT))
        parts = [t("cards.left", n=info.cards_left), t("points.total", n=info.total)]
        if info.round_points is not None:
            parts.append(t("points.round.kitty" if info.kitty else "points.round", n=info.round_points))
        if self.wide and self.has_class("three-lines"):  # across at six to eight: three to five panels side by side
            # name and cards on one line of a narrow panel: no ▶ (the heavy frame says whose turn it is), and
            # the name cut short enough that its line does not wrap and push the round's points out of sight
            room = (self.content_size.width or NARROW_WIDTH) - len(" · ") - len(parts[0])
            short = literal(info.name, style="bold", limit=max(3, min(NAME_LIMIT, room)))
            first = Text(" · ").join([short, Text(parts[0])])
            body = Text("\n").join([first, *(Text(p) for p in parts[1:]), *self.hand_lines(info.hand or ())])
        elif self.wide and self.has_class("two-lines"):  # across at a table of five: two panels side by side
            first = Text(" · ").join([name, Text(parts[0])])
            second = Text(" · ").join(Text(p) for p in parts[1:])
            suits = self.hand_lines(info.hand or ())  # two suits a line: the table's height has no room for four
            body = Text("\n").join(
                [first, second, *(Text("  ").join(suits[i : i + 2]) for i in range(0, len(suits), 2))]
            )
        elif self.wide:
            body = Text(" · ").join([name, *(Text(p) for p in parts)])
            if info.hand is not None:
                body = Text("\n").join([body, Text("  ").join(self.hand_lines(info.hand))])
        else:
            body = Text("\n").join([name, *(Text(p) for p in parts)])
            if info.hand is not None:  # the figures packed into as few lines as hold them whole, then the hand
                figures = [Text(line) for line in packed(parts, self.content_size.width or SIDE_WIDTH)]
                body = Text("\n").join([name, *figures, *self.hand_lines(info.hand)])
        if self.has_class("to-play") != info.to_play:
            self.set_class(info.to_play, "to-play")
        show_text(self, body, layout=self.wide)


def packed(parts: list[str], width: int) -> list[str]:
    """``parts`` joined by " · " into lines of at most ``width`` (a part longer than that has a line of its own)."""
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + 3 + len(part) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return lines
