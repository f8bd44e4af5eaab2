"""A game at the table: the engine's Game, who sits where, the bots, and one hook after every action.

No Textual here: the table screen drives a session, and the game log (or a test)
listens to it through ``listeners``, called once after every pass and every card.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

from ..bots import Bot, make_bot
from ..cards import Card
from ..engine import Game
from ..rules import Rules

HUMAN = 0
SEATS = 4


@dataclass(frozen=True)
class Action:
    """One thing that happened: a seat passed cards, or played one."""

    kind: str
    """"pass" or "play"."""
    seat: int
    cards: tuple[Card, ...]


def bot_seed(seed: int, seat: int) -> int:
    """Each bot's own seed, fixed by the game's seed and its seat."""
    return seed * SEATS + seat


def new_seed() -> int:
    return secrets.randbelow(1_000_000)


@dataclass
class Session:
    """One human (seat 0) against three bots, around an engine ``Game``."""

    game: Game
    names: list[str]
    bot_level: str
    bots: dict[int, Bot] = field(default_factory=dict)
    listeners: list[Callable[[Session, Action], None]] = field(default_factory=list)

    @classmethod
    def new(cls, rules: Rules, seed: int, name: str, bot_names: tuple[str, ...], bot_level: str) -> Session:
        return cls.resume(Game(rules, seed), [name, *bot_names], bot_level)

    @classmethod
    def resume(cls, game: Game, names: list[str], bot_level: str) -> Session:
        """A session around an existing game, which may be in the middle of a round (for continue)."""
        bots = {seat: make_bot(bot_level, bot_seed(game.seed, seat)) for seat in range(1, SEATS)}
        return cls(game=game, names=list(names), bot_level=bot_level, bots=bots)

    @property
    def round(self):
        return self.game.round

    def pass_cards(self, seat: int, cards: list[Card]) -> None:
        """Pass for ``seat`` through the engine (which may refuse with IllegalMoveError)."""
        self.game.round.pass_cards(seat, cards)
        self._after_action(Action("pass", seat, tuple(cards)))

    def play(self, seat: int, card: Card) -> None:
        """Play for ``seat`` through the engine (which may refuse with IllegalMoveError)."""
        self.game.round.play(card, seat)
        self._after_action(Action("play", seat, (card,)))

    def _after_action(self, action: Action) -> None:
        """The one place every pass and every card goes through: the game log hooks in here."""
        for listener in self.listeners:
            listener(self, action)
