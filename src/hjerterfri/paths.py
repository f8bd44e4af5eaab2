"""Where hjerterfri keeps its files, and how it writes them."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

ENV_DATA_DIR = "HJERTERFRI_DATA_DIR"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The data directory: ``override``, else $HJERTERFRI_DATA_DIR, else the user's data dir."""
    if override:
        return Path(override)
    if env := os.environ.get(ENV_DATA_DIR):
        return Path(env)
    from platformdirs import user_data_path

    return user_data_path("hjerterfri", appauthor=False)


def games_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the game logs are kept."""
    return data_dir(override) / "games"


def settings_path(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the player's settings are kept between runs."""
    return data_dir(override) / "settings.json"


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: a temporary file in the same directory, synced,
    then renamed over the target, so a crash leaves the old file or the new one, never half of one."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
