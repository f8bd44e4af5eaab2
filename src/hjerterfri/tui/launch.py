"""The command-line handlers that open the app: ``play`` and ``continue``."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..gamelog import GameRecord
from .i18n import PRESET_LANGUAGE, Texts
from .settings import KeptSettings, Settings

if TYPE_CHECKING:
    from .app import HjerterfriApp

START_FLAGS = ("preset", "bots", "seed", "name", "lang", "players")


def kept_settings(args: argparse.Namespace) -> KeptSettings:
    """The settings file in the data directory, with the look and pace flags of this run."""
    from ..paths import settings_path

    flags = {name: getattr(args, name, None) for name in ("lang", "speed", "ascii", "four_colour")}
    flags = {name: value for name, value in flags.items() if value}  # --ascii and --four-colour only turn on
    return KeptSettings(settings_path(getattr(args, "data_dir", None)), flags)


def _keep_settings(app: HjerterfriApp, kept: KeptSettings) -> None:
    """Save the settings whenever the player changes them; say once if that fails."""
    failed = False

    def keep(settings: Settings) -> None:
        nonlocal failed
        try:
            kept.keep(settings, app.lang_fixed)
            failed = False
        except OSError as e:
            if not failed:
                app.notify(app.texts("settings.save.failed", error=str(e)), severity="warning", timeout=8)
            failed = True

    app.on_settings = keep
    app.lang_fixed = kept.lang_chosen
    if kept.problem:
        app.notice = app.texts("settings.broken", error=kept.problem)


def imported_bots(record: GameRecord) -> list[str]:
    """The bots of ``record`` that are import paths (``module:Class``): code the log would have us run."""
    from ..bots import LEVELS

    return [seat.bot for seat in record.seats if seat.bot is not None and seat.bot not in LEVELS]


def can_continue(record: GameRecord, allow_import: bool = False) -> str | None:
    """Why ``record`` cannot be continued at the table, or None when it can."""
    from ..table.session import Session

    if record.is_finished:
        return "the game is over; nothing to continue (see hjerterfri replay)"
    imported = imported_bots(record)
    if imported and not allow_import:
        return (
            f"the game's bots are imported code ({', '.join(imported)}); "
            "continue it with --allow-import only if you trust that code"
        )
    return Session.seating_problem(record)


def _autosave(args: argparse.Namespace, app) -> None:
    """Every game the app opens is saved as it is played, in --data-dir or the default games dir."""
    from ..table.autosave import Autosave

    saver = Autosave(getattr(args, "data_dir", None), warn=app.save_failed)
    app.on_session = saver


def _latest_unfinished(args: argparse.Namespace) -> GameRecord | None:
    from ..gamelog import latest_unfinished
    from ..paths import games_dir

    try:
        record = latest_unfinished(games_dir(getattr(args, "data_dir", None)))
    except OSError:
        return None
    return record if record is not None and can_continue(record) is None else None


def play(args: argparse.Namespace) -> int:
    """Start a new game: the start screen (offering to continue the latest unfinished game),
    or straight to the table when flags fill it in."""
    play_app(args).run()
    return 0


def play_app(args: argparse.Namespace) -> HjerterfriApp:
    """The app ``play`` runs, saving every game it opens."""
    from .app import HjerterfriApp

    bots = getattr(args, "bots", None)
    if bots is not None:
        from ..bots import make_bot

        make_bot(bots, 0)  # a bot that cannot be built is a one-line error here, not a crash later
    skip = any(getattr(args, flag, None) is not None for flag in START_FLAGS)
    kept = kept_settings(args)
    app = HjerterfriApp(
        kept.settings(PRESET_LANGUAGE.get(getattr(args, "preset", None) or "dansk", "da")),
        preset_name=getattr(args, "preset", None),
        bots=bots,
        seed=getattr(args, "seed", None),
        name=getattr(args, "name", None),
        skip_start=skip,
        unfinished=None if skip else _latest_unfinished(args),
        players=getattr(args, "players", None) or 4,
    )
    _autosave(args, app)
    _keep_settings(app, kept)
    return app


def continue_game(args: argparse.Namespace) -> int:
    """Continue FILE, or the latest unfinished game, exactly where it was left, saving into the same file."""
    app = continue_app(args)
    if isinstance(app, int):
        return app
    app.run()
    return 0


def continue_app(args: argparse.Namespace) -> HjerterfriApp | int:
    """The app that continues the game ``continue`` names, or the exit status after a one-line message."""
    from ..gamelog import latest_unfinished, load
    from ..paths import games_dir
    from ..table.session import Session
    from .app import HjerterfriApp

    file = getattr(args, "file", None)
    if file:
        record = load(file)  # a broken file: its LogError, one line, exit 2
    else:
        record = latest_unfinished(games_dir(getattr(args, "data_dir", None)))
        if record is None:
            lang = getattr(args, "lang", None) or "da"
            print(f"hjerterfri: {Texts(lang)('no.unfinished')}", file=sys.stderr)
            return 1
    why = can_continue(record, bool(getattr(args, "allow_import", False)))
    if why is not None:
        print(f"hjerterfri: error: {record.path}: {why}", file=sys.stderr)
        return 1 if record.is_finished else 2
    session = Session.from_record(record)  # builds the bots: a bot that cannot be built is one line, exit 2
    kept = kept_settings(args)
    app = HjerterfriApp(
        kept.settings(PRESET_LANGUAGE.get(record.rules.name, "da")),
        preset_name=record.rules.name,
        bots=session.bot_level,
        seed=record.game.seed,
        name=session.names[0],
        session=session,
    )
    _autosave(args, app)
    _keep_settings(app, kept)
    return app
