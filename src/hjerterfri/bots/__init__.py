"""Bots: anything with ``choose_pass`` and ``choose_play`` that takes a PlayerView.

``make_bot("middel", seed)`` builds a level (``let``, ``middel``, ``svær``);
``make_bot("mypkg.mybot:MyBot", seed)`` loads a bot class by import path.
``hint(view)`` is the card ``svær`` would play.
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
    """Plays a random legal card and passes random cards (for tests and as the weakest opponent)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_pass(self, view: PlayerView) -> list[Card]:
        return decision_rng(self.seed, view).sample(view.hand, view.rules.pass_count)

    def choose_play(self, view: PlayerView) -> Card:
        return decision_rng(self.seed, view).choice(view.legal_plays)


LEVELS: dict[str, str] = {
    "let": "hjerterfri.bots.let:LetBot",
    "middel": "hjerterfri.bots.middel:MiddelBot",
    "svær": "hjerterfri.bots.svaer:SvaerBot",
}
ALIASES = {"svaer": "svær", "random": "hjerterfri.bots:RandomBot"}


def level_name(spec: str) -> str:
    """The canonical name of a level or alias, else ``spec`` unchanged (stripped)."""
    t = spec.strip()
    low = t.lower()
    return ALIASES.get(low, low) if low in LEVELS or low in ALIASES else t


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from a level name (``let``, ``middel``, ``svær``/``svaer``) or an import path ``module:Class``."""
    name = level_name(spec)
    path = LEVELS.get(name, name)
    module_name, sep, class_name = path.partition(":")
    if not sep or not module_name or not class_name:
        raise BotError(f"unknown bot {spec!r}; choose from {', '.join(LEVELS)} or module:Class")
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except ImportError as e:
        raise BotError(f"cannot load bot {spec!r}: no module {module_name!r} ({e})") from None
    except AttributeError:
        raise BotError(f"cannot load bot {spec!r}: module {module_name!r} has no {class_name!r}") from None
    try:
        bot = cls(seed)
    except TypeError:
        try:
            bot = cls()
        except Exception as e:
            raise BotError(f"cannot build bot {spec!r}: {e}") from None
    except Exception as e:
        raise BotError(f"cannot build bot {spec!r}: {e}") from None
    if not isinstance(bot, Bot):
        raise BotError(f"{spec!r} is no bot: it needs choose_pass(view) and choose_play(view)")
    return bot


def hint(view: PlayerView) -> Card:
    """The card ``svær`` would play in this position (the app's hint key)."""
    from .svaer import SvaerBot

    return SvaerBot(0).choose_play(view)
