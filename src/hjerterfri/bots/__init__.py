"""Bots: anything with ``choose_pass`` and ``choose_play`` that takes a PlayerView.

``make_bot("middel", seed)`` builds a level (``let``, ``middel``, ``svær``);
``make_bot("mypkg.mybot:MyBot", seed)`` loads a bot class by import path.
``svaer.best_card(view)`` is the card ``svær`` would play (the app's hint).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from ..catalogue import Message
from .base import Bot, BotError, RandomBot, decision_rng

__all__ = [
    "ALIASES",
    "LEVELS",
    "Bot",
    "BotError",
    "RandomBot",
    "decision_rng",
    "level_name",
    "make_bot",
    "reads_others",
]


LEVELS: dict[str, str] = {
    "let": "hjerterfri.bots.let:LetBot",
    "middel": "hjerterfri.bots.middel:MiddelBot",
    "svær": "hjerterfri.bots.svaer:SvaerBot",
}
ALIASES = {"svaer": "svær", "random": "hjerterfri.bots.base:RandomBot"}


READ_AS_MIDDEL = ("middel", "svær")
"""The bots whose play svær's reading of the others models: a seat that ducked lacks the cards in between,
and deals are fitted to middel's play."""


def reads_others(specs: Iterable[str | None]) -> bool:
    """Whether svær's reading of the others fits the other seats, played by ``specs`` (None: a person).
    Against ``let`` it ruled out the real deal, and the coach called a card that lost nothing a sure 12-point
    loss: elsewhere the coach and the hint read nothing into the others' play but what the rules show."""
    return all(spec in READ_AS_MIDDEL for spec in specs)


def level_name(spec: str) -> str:
    """The canonical name of a level or alias, else ``spec`` unchanged (stripped)."""
    t = spec.strip()
    low = t.lower()
    return ALIASES.get(low, low) if low in LEVELS or low in ALIASES else t


def _is_part_of(missing: str | None, module_name: str) -> bool:
    """Whether the module found missing is ``module_name`` or a package it is in (not one it imports)."""
    return missing is not None and (module_name == missing or module_name.startswith(missing + "."))


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from a level name (``let``, ``middel``, ``svær``/``svaer``) or an import path ``module:Class``."""
    if spec.startswith("exec:"):  # a program: the table runs it (``table.players``), never this process
        raise BotError(Message("bot.exec.here", spec=repr(spec)))
    name = level_name(spec)
    path = LEVELS.get(name, name)
    module_name, sep, class_name = path.partition(":")
    if not sep or not module_name or not class_name:
        raise BotError(Message("bot.unknown", spec=repr(spec), levels=tuple(LEVELS)))
    try:
        module = importlib.import_module(module_name)
    except (Exception, SystemExit) as e:
        if isinstance(e, ModuleNotFoundError) and _is_part_of(e.name, module_name):
            raise BotError(Message("bot.no-module", spec=repr(spec), module=repr(module_name), error=str(e))) from None
        # the module's own code failed as it was imported (an import of its own, a SyntaxError, sys.exit)
        error = f"{type(e).__name__}: {e}"
        raise BotError(Message("bot.import-failed", spec=repr(spec), module=repr(module_name), error=error)) from None
    try:
        cls = getattr(module, class_name)
    except AttributeError:
        raise BotError(
            Message("bot.no-class", spec=repr(spec), module=repr(module_name), name=repr(class_name))
        ) from None
    try:
        bot = cls(seed)
    except TypeError:
        try:
            bot = cls()
        except Exception as e:
            raise BotError(Message("bot.cannot-build", spec=repr(spec), error=str(e))) from None
    except Exception as e:
        raise BotError(Message("bot.cannot-build", spec=repr(spec), error=str(e))) from None
    if not isinstance(bot, Bot):
        raise BotError(Message("bot.not-a-bot", spec=repr(spec)))
    return bot
