"""What one seat may know: the PlayerView that bots and the app are given.

A view is a frozen value holding plain data. It never refers to the round it
was made from, so no path leads from it to another seat's hidden cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import NOT_HEARTS, SUIT_MASKS, TWICE_SHIFT, Card, Suit, cards_of, points_of, twice_add

if TYPE_CHECKING:
    from .engine import Phase, Round, Trick
    from .rules import PassDirection, Rules


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything seat ``seat`` may know of a round, and nothing more."""

    seat: int
    rules: Rules
    round_number: int
    pass_direction: PassDirection
    phase: Phase
    hand_mask: int
    """The cards this seat holds (with two decks, each card it holds once or twice)."""
    passed_mask: int | None
    """What this seat passed, once chosen (a two-deck mask with two decks)."""
    received_mask: int | None
    """What this seat received, once the exchange is done (a two-deck mask with two decks)."""
    tricks: tuple[Trick, ...]
    trick_leader: int
    trick: tuple[Card, ...]
    trick_seats: tuple[int, ...]
    """The seats in the order they play the current trick."""
    opening_card: Card
    """The card that leads the first trick: the lowest club in play."""
    turn: int
    """The seat to play (-1 while passing)."""
    hearts_broken: bool
    totals: tuple[int, ...]
    """The game's scores before this round."""
    taken: tuple[int, ...]
    """Points each seat has taken in this round so far, as far as this seat can know (a kitty's
    points only for whoever took it, until the round is over)."""
    hand_sizes: tuple[int, ...]
    void_masks: tuple[int, ...]
    """Per seat, the suits (as card masks) it has shown it does not hold."""
    legal_mask: int
    """What this seat may play now (0 when it is not its turn)."""
    kitty_size: int = 0
    """Cards laid aside for the winner of the first trick (3 or 5 players, 001)."""
    kitty_taker: int | None = None
    """Who took the kitty, once the first trick is won."""
    kitty_mask: int | None = None
    """The kitty's cards, known only to whoever took it (and to all once the round is over)."""
    hand_twice: int = 0
    """With two decks, the cards this seat holds twice (also in ``hand_mask``)."""

    @property
    def hand(self) -> list[Card]:
        """The cards this seat holds, lowest first (a card held twice, twice)."""
        return cards_of(self.held_mask)

    @property
    def held_mask(self) -> int:
        """This seat's hand as a two-deck mask: ``hand_mask``, and ``hand_twice`` 52 bits higher."""
        return self.hand_mask | self.hand_twice << TWICE_SHIFT

    @property
    def legal_plays(self) -> list[Card]:
        return cards_of(self.legal_mask)

    @property
    def passed(self) -> list[Card]:
        return cards_of(self.passed_mask or 0)

    @property
    def received(self) -> list[Card]:
        return cards_of(self.received_mask or 0)

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def played_mask(self) -> int:
        """Every card played in this round so far."""
        m = 0
        for t in self.tricks:
            for c in t.cards:
                m |= 1 << c
        for c in self.trick:
            m |= 1 << c
        return m

    @property
    def played_twice_mask(self) -> int:
        """Every card played in this round so far, as a two-deck mask (a card played twice, twice)."""
        m = 0
        for t in self.tricks:
            for c in t.cards:
                m = twice_add(m, 1 << c)
        for c in self.trick:
            m = twice_add(m, 1 << c)
        return m

    def plays(self) -> list[tuple[int, Card]]:
        """Every card played so far in order, with the seat that played it."""
        out = [(s, c) for t in self.tricks for s, c in zip(t.seats, t.cards, strict=True)]
        out += list(zip(self.trick_seats, self.trick, strict=False))
        return out

    def voids(self, seat: int) -> list[Suit]:
        """The suits ``seat`` has shown it does not hold."""
        return [s for s in Suit if self.void_masks[seat] & SUIT_MASKS[s] == SUIT_MASKS[s]]

    def unseen_mask(self) -> int:
        """The cards this seat cannot see: held by the others, or lying unseen in the kitty. With two decks,
        the cards of which a copy is unseen."""
        if self.rules.decks == 2:
            seen = twice_add(self.held_mask, self.played_twice_mask)
            return self.rules.deck_mask & ~(seen >> TWICE_SHIFT)
        return self.rules.deck_mask & ~self.hand_mask & ~self.played_mask & ~(self.kitty_mask or 0)


def make_view(r: Round, seat: int, totals: tuple[int, ...]) -> PlayerView:
    """The view of ``seat`` on round ``r``."""
    taker = r.tricks[0].winner if r.kitty and r.tricks else None
    sees_kitty = taker == seat or r.is_over
    taken = list(r.taken)
    if taker is not None and not sees_kitty:
        taken[taker] -= points_of(r.kitty)
    return PlayerView(
        seat=seat,
        rules=r.rules,
        round_number=r.number,
        pass_direction=r.pass_direction,
        phase=r.phase,
        hand_mask=r.hands[seat],
        hand_twice=r.held(seat) >> TWICE_SHIFT,
        passed_mask=r.passed[seat],
        received_mask=r.received(seat),
        tricks=tuple(r.tricks),
        trick_leader=r.leader,
        trick=tuple(r.trick),
        trick_seats=r.trick_seats,
        opening_card=r.opening_card,
        turn=r.turn,
        hearts_broken=r.hearts_broken,
        totals=totals,
        taken=tuple(taken),
        hand_sizes=tuple(r.held(s).bit_count() for s in range(r.rules.players)),
        void_masks=tuple(round_voids(r)[0]),
        legal_mask=r.legal_mask() if r.turn == seat else 0,
        kitty_size=r.kitty.bit_count(),
        kitty_taker=taker,
        kitty_mask=r.kitty if taker is not None and sees_kitty else None,
    )


def note_play(voids: list[int], broken: bool, trick: Sequence[int], seat: int, card: int) -> bool:
    """Add what ``seat`` playing ``card`` on ``trick`` (the cards before it) shows to ``voids``;
    returns whether hearts are broken after it (``broken`` before).

    Not following suit shows a void; so does leading a heart before hearts are broken, which only
    a hand of nothing but hearts may do. A heart discarded breaks hearts.
    """
    if not trick:
        if card // 13 == Suit.HEARTS and not broken:
            voids[seat] |= NOT_HEARTS
        return broken
    led = trick[0] // 13
    if card // 13 != led:
        voids[seat] |= SUIT_MASKS[led]
        return broken or card // 13 == Suit.HEARTS
    return broken


def shown_voids(tricks: Iterable[tuple[Sequence[int], Sequence[int]]], players: int) -> tuple[list[int], bool]:
    """Per seat, the suits (as card masks) its plays have shown it lacks, and whether hearts are
    broken, from the tricks played so far in order (each as its seats and its cards)."""
    voids = [0] * players
    broken = False
    for seats, cards in tricks:
        for i, (seat, card) in enumerate(zip(seats, cards, strict=False)):
            broken = note_play(voids, broken, cards[:i], seat, card)
    return voids, broken


def round_voids(r: Round) -> tuple[list[int], bool]:
    """``shown_voids`` of everything played in ``r`` so far."""
    tricks: list[tuple[Sequence[int], Sequence[int]]] = [(t.seats, t.cards) for t in r.tricks]
    tricks.append((r.trick_seats, r.trick))
    return shown_voids(tricks, r.rules.players)
