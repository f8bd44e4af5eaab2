"""What a bot is, and the randomness a bot may use: fixed by its seed and the position."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ..cards import Card
from ..catalogue import MessageError
from ..view import PlayerView


@runtime_checkable
class Bot(Protocol):
    """A player: given what its seat may know, it chooses cards."""

    def choose_pass(self, view: PlayerView) -> list[Card]:
        """The cards to pass (``view.rules.pass_count`` of them, from ``view.hand``)."""
        ...

    def choose_play(self, view: PlayerView) -> Card:
        """One of ``view.legal_plays``."""
        ...


class BotError(MessageError, ValueError):
    """A bot that cannot be found or built."""


def decision_rng(seed: int, view: PlayerView) -> random.Random:
    """A random generator fixed by the bot's seed and the position: the same choice every time it is asked."""
    played = view.played_mask.bit_count()
    return random.Random(f"{seed}:{view.seat}:{view.round_number}:{played}:{view.hand_mask}")


class RandomBot:
    """Plays a random legal card and passes random cards (for tests and as the weakest opponent)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_pass(self, view: PlayerView) -> list[Card]:
        return decision_rng(self.seed, view).sample(view.hand, view.rules.pass_count)

    def choose_play(self, view: PlayerView) -> Card:
        return decision_rng(self.seed, view).choice(view.legal_plays)
