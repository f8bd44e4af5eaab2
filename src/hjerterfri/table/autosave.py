"""Every game played in the app goes to its log file as it is played.

``Autosave`` is the app's ``on_session`` hook: it gives each new session a
``GameRecord`` (a continued one keeps its own, and its file), saves at once, and
again after every pass, card and deal. No Textual here: a failed save is reported
through ``warn`` (the app shows one line) and the game goes on.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from ..gamelog import GameRecord, new_log_path, save
from .session import Action, Session


class Autosave:
    """Writes each session's game to a log file in the games directory, after every action."""

    def __init__(
        self, data_dir: str | os.PathLike[str] | None = None, warn: Callable[[OSError], None] | None = None
    ) -> None:
        self.data_dir = data_dir
        self.warn = warn
        """Called with the error when a save fails (once until a save succeeds again)."""
        self.failed = False

    def __call__(self, session: Session) -> None:
        """Start recording ``session`` (the app calls this for every game it opens)."""
        if session.record is None or session.record.game is not session.game:
            started = datetime.now().astimezone().replace(microsecond=0)
            session.record = GameRecord(session.game, session.seats, started)
        session.listeners.append(self._after_action)
        self.save(session)

    def _after_action(self, session: Session, _action: Action) -> None:
        self.save(session)

    def save(self, session: Session) -> Path | None:
        """Write the log; on failure warn once and carry on (the next action tries again)."""
        record = session.record
        assert record is not None
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
