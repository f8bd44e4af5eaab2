"""What a player can set: language, look, pace; kept in ``settings.json`` between runs."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields

LANGUAGES = ("da", "sv", "en")
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


ALLOWED: dict[str, tuple[object, ...]] = {
    "lang": LANGUAGES,
    "speed": SPEEDS,
    "trick_pause": TRICK_PAUSES,
}
"""The values a saved setting may take; every other setting is a yes/no."""


def load_settings(path: str | os.PathLike[str]) -> tuple[Settings | None, str | None]:
    """The settings saved at ``path`` (None if there are none) and, if the file is broken, one line
    saying what is wrong with it; a bad value leaves that setting at its default."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        return Settings(), f"{path}: not readable settings ({e}); using the defaults"
    if not isinstance(data, dict):
        return Settings(), f"{path}: not readable settings (not a JSON object); using the defaults"
    settings = Settings()
    wrong = []
    for field in fields(Settings):
        if field.name not in data:
            continue
        value = data[field.name]
        if field.name in ALLOWED:
            ok = not isinstance(value, bool) and value in ALLOWED[field.name]
        else:
            ok = isinstance(value, bool)  # the others are yes/no
        if ok:
            setattr(settings, field.name, value)
        else:
            wrong.append(f"{field.name}={value!r}")
    problem = f"{path}: ignored {', '.join(wrong)}" if wrong else None
    return settings, problem


def save_settings(settings: Settings, path: str | os.PathLike[str]) -> None:
    """Keep ``settings`` for the next run (written atomically)."""
    from ..paths import write_atomic

    write_atomic(path, json.dumps(asdict(settings), indent=2, ensure_ascii=False) + "\n")
