"""``let``: a beginner. Legal and mostly sensible, but it plays low out of habit and
wanders now and then, so a thinking player beats it."""

from __future__ import annotations

from ..cards import CARDS, Card, cards_of
from ..view import PlayerView
from .base import decision_rng


class LetBot:
    """Passes its highest cards, follows with its lowest, discards its highest; a random card one time in five."""

    level = "let"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_pass(self, view: PlayerView) -> list[Card]:
        rng = decision_rng(self.seed, view)
        hand = sorted(view.hand, key=lambda c: (c.rank + (2 if c.suit == 2 else 0) + rng.random() * 3, c))
        return hand[-view.rules.pass_count :] if view.rules.pass_count else []

    def choose_play(self, view: PlayerView) -> Card:
        legal = cards_of(view.legal_mask)
        rng = decision_rng(self.seed, view)
        if len(legal) == 1:
            return legal[0]
        if rng.random() < 0.2:
            return rng.choice(legal)
        if view.trick and legal[0].suit != view.trick[0].suit:
            return max(legal, key=lambda c: (c.points > 0, c.rank))
        return CARDS[min(legal, key=lambda c: (c.rank, c))]
