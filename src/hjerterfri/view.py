"""What one seat may know: the PlayerView that bots and the app are given.

A view is a frozen value holding plain data. It never refers to the round it
was made from, so no path leads from it to another seat's hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import HEARTS_MASK, SUIT_MASKS, Card, Suit, cards_of

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
    passed_mask: int | None
    """What this seat passed, once chosen."""
    received_mask: int | None
    """What this seat received, once the exchange is done."""
    tricks: tuple[Trick, ...]
    trick_leader: int
    trick: tuple[Card, ...]
    turn: int
    """The seat to play (-1 while passing)."""
    hearts_broken: bool
    totals: tuple[int, ...]
    """The game's scores before this round."""
    taken: tuple[int, ...]
    """Points each seat has taken in this round so far."""
    hand_sizes: tuple[int, ...]
    void_masks: tuple[int, ...]
    """Per seat, the suits (as card masks) it has shown it does not hold."""
    legal_mask: int
    """What this seat may play now (0 when it is not its turn)."""

    @property
    def hand(self) -> list[Card]:
        return cards_of(self.hand_mask)

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

    def plays(self) -> list[tuple[int, Card]]:
        """Every card played so far in order, with the seat that played it."""
        n = self.players
        out = [(t.seat_of(i, n), c) for t in self.tricks for i, c in enumerate(t.cards)]
        out += [((self.trick_leader + i) % n, c) for i, c in enumerate(self.trick)]
        return out

    def voids(self, seat: int) -> list[Suit]:
        """The suits ``seat`` has shown it does not hold."""
        return [s for s in Suit if self.void_masks[seat] & SUIT_MASKS[s] == SUIT_MASKS[s]]

    def unseen_mask(self) -> int:
        """The cards this seat cannot see: held by the others."""
        return ((1 << 52) - 1) & ~self.hand_mask & ~self.played_mask


def make_view(r: Round, seat: int, totals: tuple[int, ...]) -> PlayerView:
    """The view of ``seat`` on round ``r``."""
    return PlayerView(
        seat=seat,
        rules=r.rules,
        round_number=r.number,
        pass_direction=r.pass_direction,
        phase=r.phase,
        hand_mask=r.hands[seat],
        passed_mask=r.passed[seat],
        received_mask=r.received(seat),
        tricks=tuple(r.tricks),
        trick_leader=r.leader,
        trick=tuple(r.trick),
        turn=r.turn,
        hearts_broken=r.hearts_broken,
        totals=totals,
        taken=tuple(r.taken),
        hand_sizes=tuple(h.bit_count() for h in r.hands),
        void_masks=_shown_voids(r),
        legal_mask=r.legal_mask() if r.turn == seat else 0,
    )


def _shown_voids(r: Round) -> tuple[int, ...]:
    """Per seat, the suits its plays have shown it lacks.

    Not following suit shows a void; so does leading a heart before hearts are
    broken, which only a hand of nothing but hearts may do.
    """
    n = r.rules.players
    voids = [0] * n
    broken = False
    for leader, cards in [(t.leader, t.cards) for t in r.tricks] + [(r.leader, tuple(r.trick))]:
        if not cards:
            continue
        led = cards[0] // 13
        if led == Suit.HEARTS and not broken:
            voids[leader] |= _NOT_HEARTS
        for i, c in enumerate(cards[1:], 1):
            if c // 13 != led:
                voids[(leader + i) % n] |= SUIT_MASKS[led]
                broken = broken or c // 13 == Suit.HEARTS
    return tuple(voids)


_NOT_HEARTS = ((1 << 52) - 1) & ~HEARTS_MASK
