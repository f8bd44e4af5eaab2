"""Where hjerterfri keeps its files."""

from __future__ import annotations

import os
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
