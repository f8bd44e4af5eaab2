"""How an app ends other than by a key: a crash (the traceback goes to a report file, the terminal gets one line,
the status is 1; one crash of Textual's is avoided) or a signal (it ends as on ``q``).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import tempfile
import traceback
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App
from textual.screen import Screen

from .. import __version__
from ..paths import write_atomic

if TYPE_CHECKING:
    from ..i18n import Texts


class ReportingApp(App[None]):
    """An app that, on an uncaught error, writes a crash report and exits with status 1 (``report_line``
    is the one line the command prints after it)."""

    crash_dir: Path | None = None
    """Where a crash report is written (the data directory; the temporary directory if None)."""
    crash_report: Path | None = None
    """Where the report of a crash was written (set when the app crashed)."""

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.MouseDown) and not event.is_forwarded and self._on_a_removed_widget(event):
            return  # Textual (8.2) would crash starting a text selection in a widget without a parent
        await super().on_event(event)

    def _on_a_removed_widget(self, event: events.MouseDown) -> bool:
        """A press on a widget just removed: a screen rebuilt under the pointer (a summary fitted to a new
        size, the start screen in another language), before the screen's map of widgets caught up."""
        widget, _ = self.screen.get_widget_and_offset_at(event.x, event.y)
        return widget is not None and not isinstance(widget, Screen) and widget.parent is None

    def _handle_exception(self, error: Exception) -> None:
        self.crash_report = write_crash_report(error, self.crash_dir)
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        """Textual would print the whole traceback; the report holds it."""
        self._close_messages_no_wait()

    ended_by: int | None = None
    """The signal that ended the app (SIGTERM, SIGHUP), if one did."""

    def end_on_signals(self) -> None:
        """SIGTERM and SIGHUP (a closed terminal) end the app as ``q`` does, so that what it started (a bot's
        program, the par's search) ends with it; they left a thinking bot's program running for ever."""
        loop = asyncio.get_running_loop()
        for name in ("SIGTERM", "SIGHUP"):
            number = getattr(signal, name, None)
            if number is not None:
                with contextlib.suppress(ValueError, RuntimeError, NotImplementedError):  # not the main thread
                    loop.add_signal_handler(number, self._ended, number)

    def _ended(self, number: int) -> None:
        self.ended_by = number
        self.exit(return_code=128 + number)

    def report_line(self, texts: Texts) -> str | None:
        """After the app ran: the one line a crash ends with (in ``texts``' language), or None."""
        if not self.return_code or self.ended_by is not None:
            return None
        if self.crash_report is None:
            return texts("crash.nowhere")
        return texts("crash.report", path=self.crash_report)


def write_crash_report(error: BaseException, directory: Path | None) -> Path | None:
    """Write ``error``'s traceback to a new file in ``directory`` (or the temporary directory); its path."""
    folder = directory or Path(tempfile.gettempdir())
    now = datetime.now()
    path = folder / f"crash-{now:%Y-%m-%d_%H%M%S}.txt"
    text = f"hjerterfri {__version__} crashed at {now.isoformat(timespec='seconds')}\n\n"
    text += "".join(traceback.format_exception(error))
    try:
        folder.mkdir(parents=True, exist_ok=True)  # the data directory is ours to make
        write_atomic(path, text)
    except OSError:
        return None
    return path
