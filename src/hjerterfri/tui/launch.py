"""The command-line handlers that open the app: ``play`` and ``continue``."""

from __future__ import annotations

import argparse
import importlib.util
import sys

from .i18n import PRESET_LANGUAGE, Texts
from .settings import Settings

START_FLAGS = ("preset", "bots", "seed", "name", "lang")


def settings_from(args: argparse.Namespace) -> Settings:
    """The display settings the flags ask for; the language defaults to the preset's."""
    lang = getattr(args, "lang", None) or PRESET_LANGUAGE.get(getattr(args, "preset", None) or "dansk", "da")
    return Settings(
        lang=lang,
        ascii=bool(getattr(args, "ascii", False)),
        four_colour=bool(getattr(args, "four_colour", False)),
        speed=getattr(args, "speed", None) or "normal",
    )


def play(args: argparse.Namespace) -> int:
    """Start a new game: the start screen, or straight to the table when flags fill it in."""
    from .app import HjerterfriApp

    bots = getattr(args, "bots", None)
    if bots is not None:
        from ..bots import make_bot

        make_bot(bots, 0)  # a bot that cannot be built is a one-line error here, not a crash later
    skip = any(getattr(args, flag, None) is not None for flag in START_FLAGS)
    app = HjerterfriApp(
        settings_from(args),
        preset_name=getattr(args, "preset", None),
        bots=bots,
        seed=getattr(args, "seed", None),
        name=getattr(args, "name", None),
        skip_start=skip,
    )
    app.run()
    return 0


def continue_game(args: argparse.Namespace) -> int:
    """Continue a saved game (once the game log exists; until then there is nothing to continue)."""
    if importlib.util.find_spec("hjerterfri.gamelog") is None:
        print(Texts(settings_from(args).lang)("no.saved"), file=sys.stderr)
        return 1
    print("hjerterfri: continue is not wired to the game log yet", file=sys.stderr)
    return 1
