"""What a player can set: language, look, pace, and the game the start screen last started; kept in
``settings.json`` between runs."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Collection
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from .bots import LEVELS
from .catalogue import LANGUAGES, Message, printable
from .gamelog import name_problem
from .rules import PRESETS, VARIANTS

SPEEDS = ("slow", "normal", "fast", "instant")
BOT_DELAY = {"slow": 1.2, "normal": 0.7, "fast": 0.3, "instant": 0.0}
"""Seconds between two bot cards at each pace."""
TRICK_PAUSES = (0.0, 0.5, 1.0, 1.5, 2.5, 4.0)
BOT_LIMITS = (2.0, 5.0, 10.0, 30.0, 60.0)
"""Seconds a bot may think before the table plays let's card for it (svær needs well under one)."""


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
    undo: bool = True
    """``u`` takes back cards (off: a clean game)."""
    finish_pointless: bool = True
    """A round with no points left to take is played to its end at once."""
    play_forced: bool = False
    """A card that is the only legal one is played for the player."""
    tracker: bool = False
    """The card tracker under the table: the cards out, the voids shown, the queen of spades."""
    bot_limit: float = 10.0
    """Seconds a bot may take for a decision; after that the table plays let's card for it."""
    name: str = ""
    """The player's name as last typed on the start screen ("": the language's "you")."""
    preset: str = "dansk"
    players: int = 4
    bots: str = "middel"
    variant: str = "standard"
    no_pass: bool = False
    pass_count: int = 0
    """The cards passed, when the start screen chose another number than the preset's (0: the preset's)."""
    target: int = 0
    """The points that end the game, when the start screen chose another than the rules' (0: the rules')."""

    @property
    def bot_delay(self) -> float:
        return BOT_DELAY[self.speed]


TARGET_MOST = 1000
"""The most points a game may be played to (``--target``)."""
ALLOWED: dict[str, tuple[object, ...]] = {
    "lang": LANGUAGES,
    "speed": SPEEDS,
    "trick_pause": TRICK_PAUSES,
    "bot_limit": BOT_LIMITS,
    "preset": tuple(PRESETS),
    "players": (3, 4, 5, 6, 7, 8),
    "bots": tuple(LEVELS),
    "variant": VARIANTS,
    "pass_count": tuple(range(13)),
    "target": tuple(range(TARGET_MOST + 1)),
}
"""The values a saved setting may take; the name is checked as a log checks it; every other setting is a yes/no."""
BROKEN_SUFFIX = ".broken"
"""A settings file that could not be read is kept beside the new one under its name and this."""
MAX_BYTES = 64 * 1024
"""A settings file larger than this is refused before it is read (one is a few hundred bytes)."""


def load_settings(path: str | os.PathLike[str]) -> tuple[dict[str, object], Message | None]:
    """The valid settings saved at ``path``, by name (none if there is no file), and a message (one line)
    saying what was wrong if the file or some value in it is broken (those are left out)."""
    valid, problem, _ = _load(path)
    return valid, problem


def _load(path: str | os.PathLike[str]) -> tuple[dict[str, object], Message | None, dict[str, object]]:
    """``load_settings``, and the settings this version does not know (a newer version's), kept as they are."""
    from .files import FileError, MissingFile, read_json

    try:
        data = read_json(path, MAX_BYTES, Message("file.what.settings"))
    except MissingFile:
        return {}, None, {}
    except FileError as e:
        return {}, e.message, {}
    if not isinstance(data, dict):
        return {}, Message("file.error", path=os.fspath(path), reason=Message("settings.not-object")), {}
    valid: dict[str, object] = {}
    wrong = []
    for field in fields(Settings):
        if field.name not in data:
            continue
        value = data[field.name]
        if field.name in ALLOWED:  # the type too: 4.0 == 4, but a float slices nothing
            ok = not isinstance(value, bool) and value in ALLOWED[field.name]
            ok = ok and type(value) is type(ALLOWED[field.name][0])
        elif field.name == "name":
            ok = isinstance(value, str) and (value == "" or name_problem(value) is None)
        else:
            ok = isinstance(value, bool)  # the others are yes/no
        if ok:
            valid[field.name] = value
        else:
            wrong.append(f"{field.name}={printable(json.dumps(value, ensure_ascii=False), limit=40)}")  # as written
    known = {field.name for field in fields(Settings)}
    unknown = {k: v for k, v in data.items() if k not in known}
    ignored = Message("file.error", path=os.fspath(path), reason=Message("settings.ignored", values=tuple(wrong)))
    return valid, ignored if wrong else None, unknown


class KeptSettings:
    """The settings file: what it held at the start, this run's flags on top, and saving what the
    player changes. A flag holds for its run only: a setting still at the flag's value is saved as it
    was before. The language is saved only once chosen (otherwise it follows the preset)."""

    def __init__(self, path: str | os.PathLike[str], flags: dict[str, object]) -> None:
        self.path = path
        self.saved, self.problem, self.unknown = _load(path)
        self.unreadable = self.problem is not None and not self.saved and not self.unknown
        """The file is there but none of it could be read: it is kept aside, not written over, at the first save."""
        self.flags = flags
        self.moved: set[str] = set()
        """Flagged settings the player has changed this run: from then on their value is theirs to keep."""

    def settings(self, preset_lang: str) -> Settings:
        """This run's settings: the preset's language, then what was saved, then the flags."""
        return Settings(**{"lang": preset_lang, **self.saved, **self.flags})  # type: ignore[arg-type]

    @property
    def lang_chosen(self) -> bool:
        return "lang" in self.saved or "lang" in self.flags

    def keep(self, settings: Settings, lang_chosen: bool, confirmed: Collection[str] = ()) -> None:
        """Save ``settings`` if they differ from the file (raises OSError when it cannot be written).
        ``confirmed``: settings the player chose as they are, a flag's value too (the start screen's
        language and pace, when a game is started from it)."""
        data = asdict(settings)
        self.moved |= {name for name, value in self.flags.items() if data[name] != value or name in confirmed}
        for name, value in self.flags.items():
            if data[name] == value and name not in self.moved:  # moved off the flag's value and back: chosen
                if name in self.saved:
                    data[name] = self.saved[name]
                else:
                    del data[name]
        if not lang_chosen:
            data.pop("lang", None)
        if data == self.saved:
            return
        from .paths import write_atomic

        Path(self.path).parent.mkdir(parents=True, exist_ok=True)  # the data directory is ours to make
        if self.unreadable:  # a file cut short lost every setting the player had, for good, at the next change
            with contextlib.suppress(FileNotFoundError):
                os.replace(self.path, f"{os.fspath(self.path)}{BROKEN_SUFFIX}")
            self.unreadable = False
        write_atomic(self.path, json.dumps({**data, **self.unknown}, indent=2, ensure_ascii=False) + "\n")
        self.saved = data
