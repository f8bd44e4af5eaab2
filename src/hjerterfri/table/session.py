"""A game at the table: the engine's Game, who sits where, the bots, and one hook after every action.

No Textual here: the table screen drives a session, and the game log (or a test)
listens to it through ``listeners``, called once after every pass, every card and
every new deal.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..bots import Bot
from ..cards import Card
from ..engine import Game
from ..gamelog import GameRecord, Seat

HUMAN = 0
"""Where the human sits in a new game (a continued one keeps its own seat)."""
SEED_STRIDE = 4
"""Bot seeds step by this per game seed (4, as when the app seated only four: old games keep their bots)."""


@dataclass(frozen=True)
class Action:
    """One thing that happened: a seat passed cards or played one, or the next round was dealt."""

    kind: str
    """"pass", "play" or "deal" (``seat`` is -1 and ``cards`` empty for a deal)."""
    seat: int
    cards: tuple[Card, ...]


def bot_seed(seed: int, seat: int) -> int:
    """A new bot's seed, fixed by the game's seed and its seat (a saved game keeps its own)."""
    return seed * SEED_STRIDE + seat


def new_seed() -> int:
    return secrets.randbelow(1_000_000)


def new_seats(seed: int, names: Sequence[str], bot_level: str) -> tuple[Seat, ...]:
    """The human at seat 0 and a bot of ``bot_level`` at every other seat, each with its own seed."""
    return (Seat(names[0]), *(Seat(names[s], bot_level, bot_seed(seed, s)) for s in range(1, len(names))))


class SeatingError(ValueError):
    """A saved game the table cannot seat (it needs exactly one human, and bots at every other seat)."""


@dataclass
class Session:
    """One human against two, three or four bots, around an engine ``Game``."""

    game: Game
    names: list[str]
    bot_level: str
    bots: dict[int, Bot] = field(default_factory=dict)
    listeners: list[Callable[[Session, Action], None]] = field(default_factory=list)
    seats: tuple[Seat, ...] = ()
    """Who sits where as the log writes it; the bots are built from these seats' specs and seeds."""
    record: GameRecord | None = None
    """The game log this session writes to (set by the autosave, or by a continued game)."""

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = new_seats(self.game.seed, self.names, self.bot_level)

    @classmethod
    def new(cls, rules, seed: int, name: str, bot_names: tuple[str, ...], bot_level: str) -> Session:
        return cls.resume(Game(rules, seed), [name, *bot_names], bot_level)

    @classmethod
    def resume(cls, game: Game, names: list[str], bot_level: str) -> Session:
        """A session around an existing game with new bots of ``bot_level``."""
        return cls.seated(game, new_seats(game.seed, names, bot_level))

    @classmethod
    def seated(cls, game: Game, seats: Sequence[Seat], record: GameRecord | None = None) -> Session:
        """A session whose bots are built from ``seats`` (their specs and seeds): the one way bots are made."""
        bots = {s: seat.make_bot() for s, seat in enumerate(seats) if not seat.is_human}
        level = next((seat.bot for seat in seats if seat.bot is not None), "")
        return cls(game, [s.name for s in seats], level, bots, seats=tuple(seats), record=record)

    @staticmethod
    def seating_problem(record: GameRecord) -> str | None:
        """Why the table cannot seat ``record``'s players (it needs one human and bots elsewhere), or None."""
        humans = [s for s, seat in enumerate(record.seats) if seat.is_human]
        if len(humans) != 1:
            return f"the table needs exactly one human player; this game has {len(humans)}"
        return None

    @classmethod
    def from_record(cls, record: GameRecord) -> Session:
        """Continue a saved game exactly where it was left, with the same bots and seeds."""
        problem = cls.seating_problem(record)
        if problem is not None:
            raise SeatingError(problem)
        return cls.seated(record.game, record.seats, record)

    @property
    def round(self):
        return self.game.round

    @property
    def human(self) -> int:
        """The seat of the person at the keyboard (shown at the bottom of the table)."""
        return next((s for s, seat in enumerate(self.seats) if seat.is_human), HUMAN)

    @property
    def players(self) -> int:
        return self.game.rules.players

    def pass_cards(self, seat: int, cards: list[Card]) -> None:
        """Pass for ``seat`` through the engine (which may refuse with IllegalMoveError)."""
        self.game.round.pass_cards(seat, cards)
        self._after_action(Action("pass", seat, tuple(cards)))

    def play(self, seat: int, card: Card) -> None:
        """Play for ``seat`` through the engine (which may refuse with IllegalMoveError)."""
        self.game.round.play(card, seat)
        self._after_action(Action("play", seat, (card,)))

    def next_round(self) -> None:
        """Deal the next round (the engine refuses while the round is on or the game is over)."""
        self.game.next_round()
        self._after_action(Action("deal", -1, ()))

    def _after_action(self, action: Action) -> None:
        """The one place every pass, card and deal goes through: the game log hooks in here."""
        for listener in self.listeners:
            listener(self, action)
