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

    from .cardface import Deck
    from .i18n import Texts
    from .launch import language
    from .transcript import transcript

    log = open_log(args.file)  # a log without even its headers: its LogError
    deck = Deck(ascii=bool(getattr(args, "ascii", False)), four_colour=bool(getattr(args, "four_colour", False)))
    texts = Texts(language(args, log.record.rules.name), ascii_suits=deck.ascii)
    console = Console(highlight=False)
    for part in transcript(log, texts, deck):
        console.print(part)
    if log.error is not None:
        args.lang = texts.lang  # the error's line (cli.main) speaks the transcript's language
        raise log.error
    return 0
