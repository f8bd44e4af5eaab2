"""A new game as chosen on the start screen or by flags: the rules, the opponents, the names, the seed."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from ..gamelog import Seat
from ..rules import Rules, RulesError
from .variants import game_rules, variants_for

SEED_STRIDE = 4
"""Bot seeds of seats 0 to 3 step by this per game seed (4, as when the app seated only four: a game dealt from
a seed gets the bots it always got)."""
WIDE_SEEDS = 1 << 48
"""Where the seeds of seats 4 to 7 start, in steps of 8 per game seed: apart from every other game's seats."""


def bot_seed(seed: int, seat: int) -> int:
    """A new bot's seed, fixed by the game's seed and its seat, never shared with another seat of this game or
    of a game of another seed (a saved game keeps its own)."""
    if seat < SEED_STRIDE:
        return seed * SEED_STRIDE + seat
    return WIDE_SEEDS + seed * 8 + seat


def new_seed() -> int:
    return secrets.randbelow(1_000_000)


def new_seats(
    seed: int, names: Sequence[str], bots: str | Sequence[str | None], human: int | None = 0
) -> tuple[Seat, ...]:
    """The human at seat ``human`` and a bot at every other seat, each with its own seed from ``seed``.

    ``bots`` is one spec for every bot seat, or one per seat (``None`` at the human's).
    """
    specs = [bots] * len(names) if isinstance(bots, str) else list(bots)
    return tuple(
        Seat(name) if s == human else Seat(name, specs[s], bot_seed(seed, s))  # type: ignore[arg-type]
        for s, name in enumerate(names)
    )


@dataclass(frozen=True)
class Setup:
    """Everything a new table is built from; any of it may be left to the start screen (None)."""

    preset: str = "dansk"
    players: int = 4
    variant: str = "standard"
    bots: str = "middel"
    name: str | None = None
    seed: int | None = None
    target: int | None = None
    no_pass: bool = False
    """Play without passing (004: any preset, any table)."""
    pass_count: int | None = None
    """Pass this many cards instead of three (004: not at four players)."""

    def rules(self, strict: bool = False) -> Rules:
        """The rules this setup plays. A variant or a passing option the table does not allow falls back to the
        preset's own (the start screen may have changed the table), or with ``strict`` raises ``RulesError``."""
        if strict:
            return game_rules(
                self.preset, self.players, self.variant, self.target, no_pass=self.no_pass, pass_count=self.pass_count
            )
        variant = self.variant if self.variant in variants_for(self.preset, self.players) else "standard"
        try:
            return game_rules(
                self.preset, self.players, variant, self.target, no_pass=self.no_pass, pass_count=self.pass_count
            )
        except RulesError:
            return game_rules(self.preset, self.players, variant, self.target)
