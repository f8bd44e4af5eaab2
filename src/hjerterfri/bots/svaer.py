"""``svær``: a search player (determinized Monte Carlo with heuristic playouts).

For a play it samples the hidden hands consistently with everything its seat
knows (``knowledge.sample_hands``), rebuilds each sample with
``Round.from_view``, and scores every legal card by playing the round out with
the fast heuristic policy of ``playout``: the same samples for every candidate.
When nobody else has taken points, it also plays each candidate out trying to
shoot the moon and takes that line when the samples say it scores better.

Determinism: the budget is a number of playouts, not a time, and the samples
come from ``decision_rng(seed, view)``, so a decision is a pure function of the
seed and the view. A wall-clock cap (``time_cap`` seconds) is only a safety net
on a very slow machine: when it is hit, the best card so far over the samples
done is played, and only then can a replay differ.
"""

from __future__ import annotations

import time

from ..cards import CARDS, HEARTS_MASK, Card, cards_of
from ..engine import Round
from ..view import PlayerView
from . import decision_rng
from .knowledge import Knowledge, sample_hands
from .middel import heuristic_pass, sure_winners
from .playout import playout


class SvaerBot:
    """Search by sampled playouts; ``playouts`` is the budget per decision (samples x candidates)."""

    level = "svær"

    def __init__(
        self,
        seed: int = 0,
        playouts: int = 480,
        min_samples: int = 16,
        max_samples: int = 80,
        time_cap: float = 0.8,
    ) -> None:
        self.seed = seed
        self.playouts = playouts
        self.min_samples = min_samples
        self.max_samples = max_samples
        self.time_cap = time_cap

    def choose_pass(self, view: PlayerView) -> list[Card]:
        return heuristic_pass(view)

    def choose_play(self, view: PlayerView) -> Card:
        values = self.evaluate(view)
        best = min(values, key=lambda c: (values[c], c))
        return best

    def evaluate(self, view: PlayerView) -> dict[Card, float]:
        """Each legal card's expected points for this seat over the samples (lower is better)."""
        candidates = cards_of(view.legal_mask)
        if len(candidates) == 1:
            return {candidates[0]: 0.0}
        seat = view.seat
        rng = decision_rng(self.seed, view)
        know = Knowledge.from_view(view)
        samples = max(self.min_samples, min(self.max_samples, self.playouts // len(candidates)))
        moon = _moon_worth_trying(view)
        normal = [0.0] * len(candidates)
        shoot = [0.0] * len(candidates)
        deadline = time.perf_counter() + self.time_cap
        done = 0
        for _ in range(samples):
            base = Round.from_view(view, sample_hands(know, rng))
            for i, card in enumerate(candidates):
                r = base.copy()
                r.push(card)
                playout(r)
                normal[i] += r.scores()[seat]
                if moon:
                    r = base.copy()
                    r.push(card)
                    playout(r, shooter=seat)
                    shoot[i] += r.scores()[seat]
            done += 1
            if time.perf_counter() > deadline:
                break
        if moon:
            return {c: min(normal[i], shoot[i]) / done for i, c in enumerate(candidates)}
        return {c: normal[i] / done for i, c in enumerate(candidates)}


def _moon_worth_trying(view: PlayerView) -> bool:
    """Only this seat has points so far and the hand has enough top cards to make a moon plausible."""
    if any(t for s, t in enumerate(view.taken) if s != view.seat):
        return False
    hand = view.hand_mask
    left = hand.bit_count()
    winners = sure_winners(hand, view.unseen_mask())
    high = sum(1 for c in cards_of(hand) if c % 13 >= 9)
    return winners >= left // 3 or high >= (left * 2) // 3 or (view.taken[view.seat] > 0 and hand & HEARTS_MASK > 0)


def best_card(view: PlayerView, seed: int = 0) -> Card:
    """svær's card for ``view``."""
    return CARDS[SvaerBot(seed).choose_play(view)]
