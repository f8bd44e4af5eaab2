"""``hjerterfri replay FILE``: the Textual viewer, or with ``--text`` a transcript for reading and pipes."""

from __future__ import annotations

import argparse

from .gamelog import load


def main(args: argparse.Namespace) -> int:
    """Replay ``args.file``. A broken log shows what is valid, then raises its LogError (one line, exit 2)."""
    partial = load(args.file, lenient=True)
    if not args.text:
        from .tui.replay import run_viewer

        return run_viewer(partial, args)
    if partial.record is not None:
        from rich.console import Console

        from .transcript import CardStyle, render

        style = CardStyle(
            ascii=bool(getattr(args, "ascii", False)), four_colour=bool(getattr(args, "four_colour", False))
        )
        transcript = render(partial.record, getattr(args, "lang", None), style, partial.error)
        Console(highlight=False).print(transcript)
    if partial.error is not None:
        raise partial.error
    return 0
