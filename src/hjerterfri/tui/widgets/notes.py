"""The lines under the trick: what you passed and received, where the kitty went, and the card tracker.

Everything here comes from the human's ``PlayerView``: the tracker counts the cards still out (held by the
others or lying in a kitty you have not seen), the voids the others have shown, where the queen of spades
is, and the points taken this round as far as you can know them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from ...cardface import SUIT_ORDER, Deck
from ...cards import CARDS, QUEEN_OF_SPADES, TWICE_SHIFT, Card
from ...i18n import Texts
from ...literal import printable
from ...view import PlayerView
from .seat import NAME_LIMIT, show_text

SHORT_NAME = 6
"""Characters of a name the tracker keeps when its line would not fit otherwise."""
SHORTEST_NAME = 4
"""Three letters and "…", where the voids of five or more others do not fit otherwise (six to eight)."""


class Notes(Static):
    """A few lines of plain text under the trick (none: the widget takes no room)."""

    def show(self, lines: Sequence[Text]) -> None:
        show_text(self, Text("\n").join(lines), layout=True)
        self.display = bool(lines)


def exchange_line(t: Texts, view: PlayerView, names: Sequence[str]) -> Text | None:
    """What you passed, to whom, and what you received, from whom (None before you pass, or with no passing)."""
    if view.passed_mask is None:
        return None
    n = view.players
    target = printable(names[view.pass_direction.target(view.seat, n)], limit=NAME_LIMIT)
    passed = t.cards_sorted(view.passed)
    if view.received_mask is None:
        return Text(t("exchange.giving", cards=passed, name=target))
    giver = printable(names[view.pass_direction.source(view.seat, n)], limit=NAME_LIMIT)
    received = t("exchange.received", cards=t.cards_sorted(view.received), name=giver)
    return Text(f"{t('exchange.passed', cards=passed, name=target)} · {received}")


def kitty_line(t: Texts, view: PlayerView, names: Sequence[str]) -> str | None:
    """Where the kitty went, once the first trick is won (its cards, if you took it)."""
    taker = view.kitty_taker
    if not view.kitty_size or taker is None:
        return None
    if taker == view.seat and view.kitty_mask is not None:
        return t("kitty.note.you", cards=t.cards_sorted(copies(view.kitty_mask)))
    return t("kitty.note.taken", n=view.kitty_size, name=printable(names[taker], limit=NAME_LIMIT))


def copies(mask: int) -> list[Card]:
    """The cards of a mask, a two-deck mask's twice-held cards twice, lowest first."""
    once = [CARDS[i] for i in range(52) if mask >> i & 1]
    return sorted(once + [CARDS[i] for i in range(52) if mask >> (i + TWICE_SHIFT) & 1])


def out(view: PlayerView) -> Counter[Card]:
    """The cards still out, as the view sees them: in the deck, not in your hand, not played, not in a kitty
    you have seen (with two decks, how many copies)."""
    count = Counter({CARDS[i]: view.rules.decks for i in range(52) if view.rules.deck_mask >> i & 1})
    count.subtract(copies(view.held_mask))
    count.subtract(c for _, c in view.plays())
    if view.kitty_mask is not None:
        count.subtract(copies(view.kitty_mask))
    return +count


def tracker_lines(
    t: Texts, deck: Deck, view: PlayerView, names: Sequence[str], width: int, hide_points: bool, rows: int = 2
) -> list[Text]:
    """The card tracker in two lines that fit ``width``: the cards out by suit (ranks run together where
    spaced ones do not fit, and only how many where those do not either, as with two decks), then the queen
    of spades, the voids shown and the points taken this round (unless hidden; left out, and names
    shortened, where the line would not fit). In one row: the cards out, the queen and the voids, run
    together and cut at ``width``."""
    left = out(view)
    spaced, compact, counted = [], [], []  # run together, a ten is T ("♠AKQJ109875432", "1010" could not be read)
    for suit in SUIT_ORDER:
        cards = sorted((c for c in left.elements() if c.suit is suit), reverse=True)
        sign = Text(deck.suit(suit), style=f"bold {deck.ink(suit)}")
        spaced.append(Text.assemble(sign, " ", " ".join(deck.rank(c) for c in cards) or "–"))
        joint = ":" if deck.ascii else ""  # a letter does not stand out from the ranks as a sign does ("CT98")
        compact.append(Text.assemble(sign, joint, "".join(c.rank_text for c in cards) or "–"))
        counted.append(Text.assemble(sign, f"({len(cards)})"))  # how many: "♥ 6" read as the six of hearts
    label = t("tracker.out") + " "
    first = Text.assemble(label, Text(" · ").join(spaced))
    if first.cell_len > width or rows == 1:
        first = Text.assemble(label, Text(" ").join(compact))
    if first.cell_len > (width if rows == 2 else width // 2):  # two decks: how many, so the rest is seen too
        first = Text.assemble(label, Text(" ").join(counted))
    queen = queen_text(t, deck, view, left, names)
    others = [s for s in range(view.players) if s != view.seat and view.voids(s)]
    second = ""
    for limit in (NAME_LIMIT, SHORT_NAME, SHORTEST_NAME):
        voids = ", ".join(
            f"{printable(names[s], limit=limit)} {''.join(deck.suit(x) for x in view.voids(s))}" for s in others
        )
        parts = [queen, t("tracker.voids", seats=voids) if voids else t("tracker.voids.none")]
        if not hide_points:
            taken = ", ".join(f"{printable(names[s], limit=limit)} {view.taken[s]}" for s in range(view.players))
            with_points = " · ".join([*parts, t("tracker.points", seats=taken)])
            if len(with_points) <= width and rows == 2:  # (in one row the points are left out)
                return [first, Text(with_points)]
        second = " · ".join(parts)
        if len(second) <= width or rows == 1:
            break
    line = Text.assemble(first, " · ", second) if rows == 1 else Text(second)
    line.truncate(width, overflow="ellipsis")  # where even the shortest names do not fit: said to be cut
    return [line] if rows == 1 else [first, line]


def queen_text(t: Texts, deck: Deck, view: PlayerView, left: Counter[Card], names: Sequence[str]) -> str:
    """Where the queen of spades is: fallen, with you, with the player you passed it to, or still out."""
    card = deck.short(QUEEN_OF_SPADES)
    played = [s for s, c in view.plays() if c == QUEEN_OF_SPADES]
    if view.rules.decks == 2:
        return t("tracker.queens", card=card, fallen=len(played), out=left[QUEEN_OF_SPADES])
    if played:
        return t("tracker.queen.fallen", card=card)
    if view.hand_mask >> QUEEN_OF_SPADES & 1:
        return t("tracker.queen.mine", card=card)
    if (view.passed_mask or 0) >> QUEEN_OF_SPADES & 1:  # you passed it: it is with them until they play it
        holder = names[view.pass_direction.target(view.seat, view.players)]
        return t("tracker.queen.passed", card=card, name=printable(holder, limit=NAME_LIMIT))
    return t("tracker.queen.out", card=card)
