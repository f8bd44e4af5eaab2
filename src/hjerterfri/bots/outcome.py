"""What a choice leads to, told as a player would tell it: the queen of spades taken, the hearts, a moon.

svær weighs a choice by the seat's expected points; the coach says why one choice costs more than another
by what the played-out rounds behind those points had in them (``Tally`` of finished rounds, then
``Outcomes``). The points are exactly ``13 * queen + hearts`` plus the moon's turn: a moon by another seat
gives the seat the round's points for none taken, the seat's own gives 0 for all.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import HEARTS_MASK, QS_BIT
from ..engine import Round


class Outcomes(NamedTuple):
    """One choice's rounds for one seat, as weighted averages over the sampled deals."""

    queen: float
    """The share of deals in which the seat took the queen of spades."""
    hearts: float
    """The hearts the seat took in the round, on average."""
    moon_others: float
    """The share in which another seat took every point (a moon against the seat)."""
    moon_own: float
    """The share in which the seat took every point itself."""
    points: float
    """The seat's points for the round, on average (the moon applied)."""


class Tally:
    """Finished rounds for ``seat``, added up with their weights."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.weight = 0.0
        self.sums = [0.0] * 5

    def add(self, r: Round, weight: float = 1.0) -> None:
        seat = self.seat
        mine = 0  # the seat's point cards: its tricks', and the kitty with the first trick
        for trick in r.tricks:
            if trick.winner == seat:
                for card in trick.cards:
                    mine |= 1 << card
        if r.kitty and r.tricks and r.tricks[0].winner == seat:
            mine |= r.kitty
        shooter = r.moon_shooter()
        values = (
            float(bool(mine & QS_BIT)),
            float((mine & HEARTS_MASK).bit_count()),
            float(shooter is not None and shooter != seat),
            float(shooter == seat),
            float(r.scores()[seat]),
        )
        self.weight += weight
        for i, v in enumerate(values):
            self.sums[i] += weight * v

    def outcomes(self) -> Outcomes:
        w = self.weight or 1.0
        return Outcomes(*(s / w for s in self.sums))
