"""The command-line handlers that open the app: ``play`` and ``continue``."""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from .catalogue import Message
from .challenge import Challenge, ChallengeError
from .files import GameInUse, GameLock
from .gamelog import GameRecord
from .i18n import Texts, default_language, system_language
from .paths import data_dir
from .rules import PRESETS, RulesError
from .settings import KeptSettings, Settings
from .table import Setup, Table, process_players
from .table.players import EXEC, anchored

if TYPE_CHECKING:
    from .tui.app import HjerterfriApp

START_FLAGS = ("preset", "bots", "seed", "name", "players", "variant", "no_pass", "pass_count", "target", "challenge")


def kept_settings(args: argparse.Namespace) -> KeptSettings:
    """The settings file in the data directory, with the look and pace flags of this run."""
    from .paths import settings_path

    flags = {name: getattr(args, name, None) for name in ("lang", "speed", "ascii", "four_colour")}
    flags = {name: value for name, value in flags.items() if value}  # --ascii and --four-colour only turn on
    return KeptSettings(settings_path(getattr(args, "data_dir", None)), flags)


def language(args: argparse.Namespace, preset_name: str | None = None) -> str:
    """The language a command speaks: the flag's, else the one the player chose and kept, else the system's
    where it is one of ours, else the preset's (``preset_name``, else the one started last time)."""
    kept = kept_settings(args)
    preset = preset_name or kept.settings("da").preset
    return kept.settings(default_language(preset)).lang


def _keep_settings(app: HjerterfriApp, kept: KeptSettings) -> None:
    """Save the settings whenever the player changes them; say once if that fails."""
    failed = False

    def keep(settings: Settings) -> None:
        nonlocal failed
        try:
            kept.keep(settings, app.lang_fixed, app.confirmed)
            failed = False
        except OSError as e:
            if not failed:
                error = app.error_text(e)  # in the player's language (it was the system's English)
                app.notify(app.texts("settings.save.failed", error=error), severity="warning", timeout=8, markup=False)
            failed = True

    app.on_settings = keep
    app.lang_fixed = kept.lang_chosen or system_language() is not None  # the rules do not change it then
    if kept.problem:
        app.notice = app.texts("settings.broken", error=kept.problem)


def imported_bots(record: GameRecord) -> list[str]:
    """The bots of ``record`` that are import paths (``module:Class``): code the log would have us run."""
    from .bots import LEVELS

    return [s.bot for s in record.seats if s.bot is not None and s.bot not in LEVELS and not s.bot.startswith(EXEC)]


def program_bots(record: GameRecord) -> list[str]:
    """The bots of ``record`` that are programs (``exec:COMMAND``): programs the log would have us start."""
    return [s.bot for s in record.seats if s.bot is not None and s.bot.startswith(EXEC)]


def can_continue(
    record: GameRecord, allow_import: bool = False, texts: Texts | None = None, allow_exec: bool = False
) -> str | None:
    """Why ``record`` cannot be continued at the table (in ``texts``' language), or None when it can."""
    t = texts or Texts("en")
    if record.is_finished:
        return t("continue.over")
    imported = imported_bots(record)
    if imported and not allow_import:
        return t("continue.imported", bots=", ".join(imported))
    programs = program_bots(record)
    if programs and not allow_exec:
        return t("continue.programs", bots=", ".join(programs))
    humans = sum(seat.is_human for seat in record.seats)
    if humans != 1:
        return t("continue.humans", n=humans)
    return None


@dataclass
class Choice:
    """The game ``continue`` picks: the newest unfinished game that can be continued here, loaded
    under its lock (held until the app gives it up), and the newer ones passed over with the reason."""

    record: GameRecord | None
    lock: GameLock | None
    passed: list[tuple[Path, str]]

    def note(self, t: Texts) -> str | None:
        """One line saying which game is continued when it is not simply the newest unfinished one."""
        if self.record is None or not self.passed:
            return None
        path, why = self.passed[0]
        key = "continue.picked" if len(self.passed) == 1 else "continue.picked.more"
        return t(key, path=self.record.path, newer=path.name, n=len(self.passed) - 1, why=why)


def pick_unfinished(
    directory: str | os.PathLike[str], allow_import: bool = False, texts: Texts | None = None, allow_exec: bool = False
) -> Choice:
    """The newest unfinished game in ``directory`` that can be continued: not open in another
    program (its lock is taken before it is loaded, so it is read as nobody will change it), loading
    cleanly, and one the table can seat (``can_continue``)."""
    from .gamelog import LogError, load, unfinished_logs

    passed: list[tuple[Path, str]] = []
    for path in unfinished_logs(directory):
        lock = GameLock(path)
        try:
            lock.acquire()
        except GameInUse as e:
            passed.append((path, (texts or Texts("en")).message(e.why)))
            continue
        try:
            record = load(path)
            why = can_continue(record, allow_import, texts, allow_exec)
        except LogError as e:  # its cards do not replay (the summary does not check them)
            why = (texts or Texts("en")).message(e.detail)
        if why is None:
            return Choice(record, lock, passed)
        lock.release()
        passed.append((path, why))
    return Choice(None, None, passed)


def tidy(args: argparse.Namespace, *directories: str | os.PathLike[str]) -> None:
    """Remove what killed saves left behind in the data directory, the games directory and ``directories``."""
    from .paths import games_dir, remove_stale_temporaries

    override = getattr(args, "data_dir", None)
    for directory in (data_dir(override), games_dir(override), *directories):
        remove_stale_temporaries(directory)


def _app(args: argparse.Namespace, settings: Settings, lock: GameLock | None = None, **kwargs: object) -> HjerterfriApp:
    """The app with its bots in programs of their own (their errors in the data directory), saving every
    game it opens, keeping the settings, and writing a crash report beside the games."""
    from .table.autosave import Autosave
    from .tui.app import HjerterfriApp

    folder = data_dir(getattr(args, "data_dir", None))
    app = HjerterfriApp(settings, make_player=process_players(folder / "bots"), crash_dir=folder, **kwargs)  # type: ignore[arg-type]
    saver = Autosave(getattr(args, "data_dir", None), warn=app.save_failed, lock=lock)
    app.on_table = saver
    app.game_saved = lambda table: table.record.path is not None and not saver.failed
    return app


def _offer(args: argparse.Namespace) -> Choice:
    """The game the start screen offers to continue (locked while it is offered)."""
    from .paths import games_dir

    try:
        return pick_unfinished(games_dir(getattr(args, "data_dir", None)))
    except OSError:
        return Choice(None, None, [])


def _run(app: HjerterfriApp) -> int:
    """Run the app; its exit status (1 after a crash, whose report the app names in one line)."""
    try:
        app.run()
    finally:
        from .table.autosave import Autosave

        if app.table is not None:
            app.table.close()
        if isinstance(app.on_table, Autosave):
            app.on_table.close()  # the offered game's lock, if no table was opened
    if line := app.report_line(app.texts):
        print(line, file=sys.stderr)
    return app.return_code or 0


def play(args: argparse.Namespace) -> int:
    """Start a new game: the start screen (offering to continue the latest unfinished game),
    or straight to the table when flags fill it in."""
    return _run(play_app(args))


def play_app(args: argparse.Namespace) -> HjerterfriApp:
    """The app ``play`` runs."""
    bots = getattr(args, "bots", None)
    if bots is not None and bots.startswith(EXEC):
        bots = anchored(bots)  # a command that cannot be read or run is a one-line error here, not a crash later
    elif bots is not None:
        from .bots import make_bot

        make_bot(bots, 0)  # a bot that cannot be built is a one-line error here, not a crash later
    kept = kept_settings(args)
    last = kept.settings("da")  # the game the start screen started last time, and the player's name
    if "preset" not in kept.saved and getattr(args, "lang", None) == "sv":
        last.preset = "svensk"  # a first game in Swedish offers the Swedish rules (it offered the Danish)
    preset, players = _table(args, last)
    setup = checked(
        Setup(
            preset=preset,
            players=players,
            variant=getattr(args, "variant", None) or "standard",
            bots=bots or last.bots,
            name=getattr(args, "name", None) or last.name or None,
            seed=getattr(args, "seed", None),
            no_pass=bool(getattr(args, "no_pass", None)),
            pass_count=getattr(args, "pass_count", None),
            target=getattr(args, "target", None),
        )
    )
    setup = _as_last_time(setup, last, args)
    skip = any(getattr(args, flag, None) is not None for flag in START_FLAGS)
    challenge = _challenge(args, setup)
    tidy(args)
    offer = Choice(None, None, []) if skip else _offer(args)
    app = _app(
        args,
        kept.settings(default_language(challenge.preset if challenge else preset)),
        offer.lock,
        setup=setup,
        skip_start=skip,
        unfinished=offer.record,
        challenge=challenge,
    )
    _keep_settings(app, kept)
    return app


def _table(args: argparse.Namespace, last: Settings) -> tuple[str, int]:
    """The rules and the number of players: the flags', else those started last time. A remembered number
    that does not go with the rules (a settings file edited by hand, a --preset flag) gives way to four; a
    --players flag the rules do not play is left for ``checked`` to name."""
    flag_players = getattr(args, "players", None)
    flag_preset = getattr(args, "preset", None)
    preset, players = flag_preset or last.preset, flag_players or last.players
    if flag_players and not flag_preset and not _playable(Setup(preset=preset, players=players)):
        # --players 6 alone: the rules that play it (svensk, with two decks), not last time's Danish refused
        preset = next((p for p in PRESETS if _playable(Setup(preset=p, players=players))), preset)
    if flag_players or _playable(Setup(preset=preset, players=players)):
        return preset, players
    return preset, Settings.players


def _playable(setup: Setup) -> bool:
    """Whether the rules texts allow the table ``setup`` asks for."""
    try:
        setup.rules(strict=True)
    except RulesError:
        return False
    return True


def _as_last_time(setup: Setup, last: Settings, args: argparse.Namespace) -> Setup:
    """``setup`` with the deal's variant, the passing and the points the game is played to as the start screen
    started last time, where no flag says otherwise and the table allows them (another table than last time's
    may not)."""
    if not getattr(args, "target", None):
        setup = replace(setup, target=last.target or None)
    if any(getattr(args, flag, None) for flag in ("variant", "no_pass", "pass_count")):
        return setup
    again = replace(setup, variant=last.variant, no_pass=last.no_pass, pass_count=last.pass_count or None)
    return again if _playable(again) else setup


def checked(setup: Setup) -> Setup:
    """``setup`` as the flags chose it, if its rules can be played (else ``RulesError``, one line)."""
    setup.rules(strict=True)
    return setup


def _challenge(args: argparse.Namespace, setup: Setup) -> Challenge | None:
    """The challenge ``--challenge`` asks for: the code's, or new deals with the setup's choices (a code or
    choices no challenge can carry: one line)."""
    from .table.par import challenge_rules, new_challenge

    code = getattr(args, "challenge", None)
    if code is None:
        return None
    if getattr(args, "target", None) is not None:  # a challenge is its deals, played to no score
        raise ChallengeError(Message("challenge.target"))
    if code.strip():  # the code fixes the table: a flag that would change it is said, not quietly dropped
        for flag in ("preset", "players", "bots", "variant", "no_pass", "pass_count", "seed"):
            if getattr(args, flag, None) is not None:
                raise ChallengeError(Message("challenge.flag", flag="--" + flag.replace("_", "-")))
    challenge = Challenge.parse(code) if code.strip() else new_challenge(setup)
    challenge_rules(challenge)
    return challenge


def continue_game(args: argparse.Namespace) -> int:
    """Continue FILE, or the latest unfinished game, exactly where it was left, saving into the same file."""
    app = continue_app(args)
    if isinstance(app, int):
        return app
    return _run(app)


def continue_app(args: argparse.Namespace) -> HjerterfriApp | int:
    """The app that continues the game ``continue`` names, or the exit status after a one-line message."""
    from .gamelog import load
    from .paths import games_dir

    file = getattr(args, "file", None)
    allow_import = bool(getattr(args, "allow_import", False))
    allow_exec = bool(getattr(args, "allow_exec", False))
    t = Texts(language(args))
    note: str | None = None
    if file is not None:
        tidy(args, os.path.dirname(os.path.realpath(file)))
        lock = GameLock(file).acquire()  # another program plays it: one line, exit 2
        try:
            record = load(file)  # a broken file: its LogError, one line, exit 2
        except BaseException:
            lock.release()
            raise
        why = can_continue(record, allow_import, t, allow_exec)
    else:
        tidy(args)
        choice = pick_unfinished(games_dir(getattr(args, "data_dir", None)), allow_import, t, allow_exec)
        if choice.record is None or choice.lock is None:
            if not choice.passed:
                print(t("cli.says", message=t("no.unfinished")), file=sys.stderr)
                return 1
            path, why = choice.passed[0]
            print(t("cli.error", message=f"{path}: {why}"), file=sys.stderr)
            return 2
        record, lock, why = choice.record, choice.lock, None
        note = choice.note(t)  # shown in the app: printed here, it would be read only after quitting
    try:
        if why is not None:
            print(t("cli.error", message=f"{record.path}: {why}"), file=sys.stderr)
            lock.release()
            return 1 if record.is_finished else 2
        kept = kept_settings(args)
        settings = kept.settings(default_language(record.rules.name))
        folder = data_dir(getattr(args, "data_dir", None))
        table = Table(
            record, process_players(folder / "bots"), settings.bot_limit
        )  # a bot that cannot be built: one line
        app = _app(args, settings, lock, table=table)
    except BaseException:
        lock.release()
        raise
    _keep_settings(app, kept)
    if note:
        app.notice = "\n".join(filter(None, [app.notice, note]))
    return app


def play_branch(args: argparse.Namespace, record: GameRecord) -> int:
    """Play a game branched from a replay (``hjerterfri replay FILE``, then ``b``): saved to a new file."""
    kept = kept_settings(args)
    settings = kept.settings(default_language(record.rules.name))
    folder = data_dir(getattr(args, "data_dir", None))
    app = _app(args, settings, table=Table(record, process_players(folder / "bots"), settings.bot_limit))
    _keep_settings(app, kept)
    return _run(app)
