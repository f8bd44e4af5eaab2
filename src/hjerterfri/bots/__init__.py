"""Bots: anything with ``choose_pass`` and ``choose_play`` that takes a PlayerView.

``make_bot("middel", seed)`` builds a level; ``make_bot("mypkg.mybot:MyBot", seed)``
loads a bot class by import path.
"""

from __future__ import annotations

import importlib
import random
from typing import Protocol, runtime_checkable

from ..cards import Card
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


class BotError(ValueError):
    """A bot that cannot be found or built."""


def decision_rng(seed: int, view: PlayerView) -> random.Random:
    """A random generator fixed by the bot's seed and the position: the same choice every time it is asked."""
    played = len(view.tricks) * view.players + len(view.trick)
    return random.Random(f"{seed}:{view.seat}:{view.round_number}:{played}:{view.hand_mask}")


class RandomBot:
    """Plays a random legal card and passes random cards (a stand-in until the levels exist)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_pass(self, view: PlayerView) -> list[Card]:
        return decision_rng(self.seed, view).sample(view.hand, view.rules.pass_count)

    def choose_play(self, view: PlayerView) -> Card:
        return decision_rng(self.seed, view).choice(view.legal_plays)


LEVELS: dict[str, type] = {"let": RandomBot, "middel": RandomBot, "svær": RandomBot}


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from a level name (``let``, ``middel``, ``svær``) or an import path ``module:Class``."""
    if spec in LEVELS:
        return LEVELS[spec](seed)
    module_name, sep, class_name = spec.partition(":")
    if not sep:
        raise BotError(f"unknown bot {spec!r}; choose from {', '.join(LEVELS)} or module:Class")
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as e:
        raise BotError(f"cannot load bot {spec!r}: {e}") from None
    try:
        bot = cls(seed)
    except TypeError:
        bot = cls()
    if not isinstance(bot, Bot):
        raise BotError(f"{spec!r} is no bot: it needs choose_pass(view) and choose_play(view)")
    return bot
