"""``hjerterfri replay FILE``: the Textual viewer, or with ``--text`` a transcript for reading and pipes."""

from __future__ import annotations

import argparse

from .gamelog import load, open_log


def main(args: argparse.Namespace) -> int:
    """Replay ``args.file``. A broken log shows what is valid, then raises its LogError (one line, exit 2)."""
    if not args.text:
        from .tui.replay import run_viewer

        return run_viewer(load(args.file, lenient=True), args)
    from rich.console import Console

    from .transcript import CardStyle, transcript

    log = open_log(args.file)  # a log without even its headers: its LogError
    style = CardStyle(ascii=bool(getattr(args, "ascii", False)), four_colour=bool(getattr(args, "four_colour", False)))
    console = Console(highlight=False)
    for part in transcript(log, getattr(args, "lang", None), style):
        console.print(part)
    if log.error is not None:
        raise log.error
    return 0
