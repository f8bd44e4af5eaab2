"""Cards, suits and ranks, and sets of cards as integer bit masks.

A card is a small int (0-51): ``suit * 13 + rank - 2``, so it doubles as the
index of its bit in a card mask. ``Card.parse("QS")`` reads the canonical text,
``str(card)`` writes it back.

Six to eight players play with two decks (004), where a hand, a pass or a deal may
hold a card twice. The two copies are the same card in every rule and are written
the same way; a *two-deck mask* holds the cards once in bits 0-51 and the cards held
twice again in bits 52-103 (``twice_mask``). ``cards_of`` reads both kinds of mask.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from enum import IntEnum

from .catalogue import Message, MessageError


class Suit(IntEnum):
    """The four suits, in the order a hand is sorted: clubs, diamonds, hearts, spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


RANK_LETTERS = "23456789TJQKA"
SUIT_LETTERS = "CDHS"
_SUIT_BY_TEXT = {**{c: Suit(i) for i, c in enumerate("CDHS")}, **{c: Suit(i) for i, c in enumerate("♣♦♥♠")}}
_SUIT_BY_TEXT.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})
_RANK_BY_TEXT = {c: i + 2 for i, c in enumerate(RANK_LETTERS)} | {"10": 10}


class CardParseError(MessageError, ValueError):
    """Text that is no card."""

    def __init__(self, text: str) -> None:
        super().__init__(Message("card.unreadable", text=repr(text)))
        self.text = text


class CardsError(MessageError, ValueError):
    """Cards that cannot be together: one named more often than the decks hold it."""


class Card(int):
    """One playing card; an int from 0 to 51 that is also its bit index in a mask."""

    __slots__ = ()

    @classmethod
    def of(cls, suit: Suit | int, rank: int) -> Card:
        """The card of a suit and a rank (2-14, ace high)."""
        if not 2 <= rank <= 14 or not 0 <= suit <= 3:
            raise ValueError(f"no card has suit {suit!r} and rank {rank!r}")
        return CARDS[suit * 13 + rank - 2]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``QS``, ``qs``, ``10H``, ``TH``, ``Q♠`` or ``♠Q``."""
        t = text.strip().upper()
        for rank_text, suit_text in ((t[:-1], t[-1:]), (t[1:], t[:1])):
            rank = _RANK_BY_TEXT.get(rank_text)
            suit = _SUIT_BY_TEXT.get(suit_text)
            if rank is not None and suit is not None:
                return CARDS[suit * 13 + rank - 2]
        raise CardParseError(text)

    @property
    def suit(self) -> Suit:
        return _SUITS[self // 13]

    @property
    def rank(self) -> int:
        """2-14; the ace is 14."""
        return self % 13 + 2

    @property
    def rank_text(self) -> str:
        return RANK_LETTERS[self % 13]

    @property
    def mask(self) -> int:
        return 1 << self

    @property
    def points(self) -> int:
        """What the card is worth to whoever takes it: 1 a heart, 13 the queen of spades."""
        return POINTS[self]

    def __str__(self) -> str:
        return RANK_LETTERS[self % 13] + SUIT_LETTERS[self // 13]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_SUITS = tuple(Suit)
CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))

TWO_OF_CLUBS = CARDS[0]
QUEEN_OF_SPADES = CARDS[3 * 13 + 10]
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
HEARTS_MASK = SUIT_MASKS[Suit.HEARTS]
SPADES_MASK = SUIT_MASKS[Suit.SPADES]
FULL_DECK = (1 << 52) - 1
NOT_HEARTS = FULL_DECK & ~HEARTS_MASK
QS_BIT = 1 << QUEEN_OF_SPADES
POINTS_MASK = HEARTS_MASK | QS_BIT
NOT_POINTS = FULL_DECK & ~POINTS_MASK
HIGH_SPADES = QS_BIT << 1 | QS_BIT << 2
"""The king and ace of spades: the cards that catch the queen."""
LOW_SPADES = SPADES_MASK & (QS_BIT - 1)
"""The spades below the queen: the cards that flush her out."""
POINTS: tuple[int, ...] = tuple(13 if c == QUEEN_OF_SPADES else 1 if c // 13 == 2 else 0 for c in range(52))


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of some cards (a card named twice is in it once)."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _suit_cards(suit: int) -> tuple[tuple[Card, ...], ...]:
    """For each of the 8192 sets of a suit's 13 bits, its cards, lowest first."""
    table: list[tuple[Card, ...]] = [()]
    for rank in range(13):  # the sets with this rank as their highest: the sets below it, and it
        card = (CARDS[13 * suit + rank],)
        table += [cards + card for cards in table]
    return tuple(table)


_CLUBS, _DIAMONDS, _HEARTS, _SPADES = (_suit_cards(suit) for suit in range(4))
"""The cards of each suit's bits: ``cards_of`` reads a mask suit by suit (some 3 MB, built in a few ms)."""


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, lowest first (clubs 2 up to the ace of spades); a card a two-deck
    mask holds twice comes twice."""
    if mask > FULL_DECK:
        return sorted(cards_of(mask & FULL_DECK) + cards_of(mask >> TWICE_SHIFT))
    return [*_CLUBS[mask & 8191], *_DIAMONDS[mask >> 13 & 8191], *_HEARTS[mask >> 26 & 8191], *_SPADES[mask >> 39]]


TWICE_SHIFT = 52
"""How far a two-deck mask shifts the bits of the cards it holds twice."""


def twice_mask(cards: Iterable[int]) -> int:
    """The two-deck mask of some cards, each named at most twice: once in bits 0-51, the second
    time again in bits 52-103."""
    m = 0
    for c in cards:
        if m >> c & 1:
            if m >> (c + TWICE_SHIFT) & 1:
                raise CardsError(Message("cards.three-times", card=str(CARDS[c])))
            m |= 1 << (c + TWICE_SHIFT)
        else:
            m |= 1 << c
    return m


def twice_add(a: int, b: int) -> int:
    """Two-deck masks ``a`` and ``b`` together (no card more than twice in all)."""
    once_a, once_b = a & FULL_DECK, b & FULL_DECK
    return once_a | once_b | (a >> TWICE_SHIFT | b >> TWICE_SHIFT | once_a & once_b) << TWICE_SHIFT


def twice_remove(a: int, b: int) -> int:
    """Two-deck mask ``a`` without the cards of ``b`` (which ``a`` holds: see ``twice_holds``)."""
    once_a, once_b = a & FULL_DECK, b & FULL_DECK
    two_a, two_b = a >> TWICE_SHIFT, b >> TWICE_SHIFT
    return once_a & ~once_b | two_a & ~two_b | (two_a & ~once_b) << TWICE_SHIFT


def twice_holds(a: int, b: int) -> bool:
    """Does two-deck mask ``a`` hold every card of ``b``, as often as ``b`` names it?"""
    return not (b & ~a)


def iter_cards(mask: int) -> Iterator[Card]:
    """The cards of a mask, lowest first, lazily."""
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def low_card(mask: int) -> int:
    """The lowest card (by index) of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def high_card(mask: int) -> int:
    """The highest card (by index) of a non-empty mask."""
    return mask.bit_length() - 1


def winning(trick: Sequence[int]) -> int:
    """Where in a non-empty ``trick`` the card that wins it so far lies: the highest of the suit led (the
    first of two equal cards)."""
    led = trick[0] // 13
    best = trick[0]
    at = 0
    for i, c in enumerate(trick):
        if c > best and c // 13 == led:
            best, at = c, i
    return at


def lowest_rank(mask: int) -> int:
    """The card of lowest rank in a non-empty single-deck mask (the lowest suit on a tie)."""
    best, best_rank = -1, 99
    for suit_mask in SUIT_MASKS:
        s = mask & suit_mask
        if s:
            c = (s & -s).bit_length() - 1
            if c % 13 < best_rank:
                best, best_rank = c, c % 13
    return best


def highest_rank(mask: int) -> int:
    """The card of highest rank in a non-empty single-deck mask (the lowest suit on a tie)."""
    best, best_rank = -1, -1
    for suit_mask in SUIT_MASKS:
        s = mask & suit_mask
        if s:
            c = s.bit_length() - 1
            if c % 13 > best_rank:
                best, best_rank = c, c % 13
    return best


def points_of(mask: int) -> int:
    """The points in a set of cards."""
    return (mask & HEARTS_MASK).bit_count() + (13 if mask >> QUEEN_OF_SPADES & 1 else 0)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Cards from ``"QS AH 2C"`` (spaces or commas) or from a list of card texts."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(p) for p in parts]
