"""What a player can set: language, look, pace."""

from __future__ import annotations

from dataclasses import dataclass

SPEEDS = ("slow", "normal", "fast", "instant")
BOT_DELAY = {"slow": 1.2, "normal": 0.7, "fast": 0.3, "instant": 0.0}
"""Seconds between two bot cards at each pace."""
TRICK_PAUSES = (0.0, 0.5, 1.0, 1.5, 2.5, 4.0)


@dataclass
class Settings:
    """The player's choices for the look and pace of the table."""

    lang: str = "da"
    ascii: bool = False
    four_colour: bool = False
    speed: str = "normal"
    trick_pause: float = 1.5
    """Seconds a finished trick stays on the table."""
    hold_trick: bool = False
    """Leave a finished trick until a key is pressed."""
    hide_round_points: bool = False
    show_log: bool = False

    @property
    def bot_delay(self) -> float:
        return BOT_DELAY[self.speed]
