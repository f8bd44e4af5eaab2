"""Every game played in the app goes to its log file as it is played.

``Autosave`` listens to a table: it saves at once (a new game gets a fresh file in the games
directory, a continued one keeps its own), and again after every pass, card, deal and undo. A failed
save is reported through ``warn`` (the app shows one line) and the game goes on.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ..gamelog import new_log_path, save
from .table import Event, Table


class Autosave:
    """Writes each table's game to its log file, after every action."""

    def __init__(
        self, data_dir: str | os.PathLike[str] | None = None, warn: Callable[[OSError], None] | None = None
    ) -> None:
        self.data_dir = data_dir
        self.warn = warn
        """Called with the error when a save fails (once until a save succeeds again)."""
        self.failed = False

    def __call__(self, table: Table) -> None:
        """Start recording ``table`` (the app calls this for every game it opens)."""
        table.listeners.append(self._after_event)
        self.save(table)

    def _after_event(self, table: Table, _event: Event) -> None:
        self.save(table)

    def save(self, table: Table) -> Path | None:
        """Write the log; on failure warn once and carry on (the next action tries again)."""
        record = table.record
        try:
            if record.path is None:
                record.path = new_log_path(record, self.data_dir)
            save(record, record.path)
        except OSError as e:
            if not self.failed and self.warn is not None:
                self.warn(e)
            self.failed = True
            return None
        self.failed = False
        return record.path
