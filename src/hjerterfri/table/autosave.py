"""Every game played in the app goes to its log file as it is played.

``Autosave`` listens to a table: it saves at once (a new game gets a fresh file in the games
directory, a continued one keeps its own), and again after every pass, card, deal and undo. A failed
save is reported through ``warn`` (the app shows one line) and the game goes on.

While a table plays a game, its file is locked (``files.GameLock``), so no other hjerterfri writes
over its moves; a game another program holds is played on but never written.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ..files import GameInUse, GameLock
from ..gamelog import GameRecord, new_log_path, save
from .table import Event, Table


class Autosave:
    """Writes each table's game to its log file, after every action."""

    def __init__(
        self,
        data_dir: str | os.PathLike[str] | None = None,
        warn: Callable[[OSError], None] | None = None,
        lock: GameLock | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.warn = warn
        """Called with the error when a save fails (once until a save succeeds again)."""
        self.failed = False
        self.lock = lock
        """The lock on the file of the game being played (a continued game's is taken before it is read)."""
        self._blocked: GameRecord | None = None
        """A game whose file another program holds: never written."""

    def __call__(self, table: Table) -> None:
        """Start recording ``table`` (the app calls this for every game it opens)."""
        self._blocked = None
        if table.record.path is not None:
            try:
                self._hold(table.record.path)
            except GameInUse as e:
                self._blocked = table.record
                self._failed(e)
        table.listeners.append(self._after_event)
        table.on_close.append(self._closed)
        self.save(table)

    def _after_event(self, table: Table, _event: Event) -> None:
        self.save(table)

    def save(self, table: Table) -> Path | None:
        """Write the log; on failure warn once and carry on (the next action tries again)."""
        record = table.record
        if record is self._blocked:
            return None
        try:
            if record.path is None:
                record.path = self._new_path(record)
            save(record, record.path)
        except OSError as e:
            self._failed(e)
            return None
        self.failed = False
        return record.path

    def _failed(self, error: OSError) -> None:
        if not self.failed and self.warn is not None:
            self.warn(error)
        self.failed = True

    def _hold(self, path: str | os.PathLike[str]) -> None:
        """Hold the lock of the game at ``path`` (``GameInUse`` if another program does), and give up
        the one held before: the app plays one game at a time."""
        if self.lock is not None and self.lock.held and self.lock.path == Path(os.path.realpath(path)):
            return
        lock = GameLock(path).acquire()
        self.close()
        self.lock = lock

    def _new_path(self, record: GameRecord) -> Path:
        """A fresh file for a new game, locked before it is first written."""
        while True:
            path = new_log_path(record, self.data_dir)  # skips names in use, locked ones too
            try:
                self._hold(path)
            except GameInUse:
                continue  # another program took the same name a moment ago
            if not path.exists():
                return path

    def _closed(self, table: Table) -> None:
        """The table is closed: its game is no longer played here."""
        path = table.record.path
        if self.lock is not None and path is not None and self.lock.path == Path(os.path.realpath(path)):
            self.close()

    def close(self) -> None:
        """Give up the lock of the game last played (the OS does it too, when the program ends)."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None
