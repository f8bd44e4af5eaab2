"""The ``hjerterfri`` command: play (the default), continue, replay, games, arena."""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib
import io
import os
import re
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, NoReturn

from . import __version__
from .catalogue import LANGUAGES, Message, MessageError, os_reason, printable, say
from .rules import PRESETS, VARIANTS
from .settings import SPEEDS, TARGET_MOST

BOT_LEVELS = ("let", "middel", "svær")
EXEC = "exec:"
"""A bot that is a program speaking the bot protocol (as ``table.players.EXEC``, not imported: the CLI starts light)."""
MOVE_LIMIT = 10.0
"""Seconds a bot has for a decision in the arena (svær's worst case is well under one)."""

# Each command's handler, imported only when the command runs: "module:function",
# taking the parsed arguments and returning the exit status.
HANDLERS = {
    "play": "hjerterfri.launch:play",
    "continue": "hjerterfri.launch:continue_game",
    "replay": "hjerterfri.replay:main",
    "games": "hjerterfri.games:main",
    "arena": "hjerterfri.arena:main",
    "analyse": "hjerterfri.coach:analyse_main",
    "challenge": "hjerterfri.coach:challenge_main",
    "bot": "hjerterfri.botserver:main",
}


class UsageError(ValueError):
    """Arguments the parser refuses: ``prog`` (``hjerterfri arena``) and ``why``, said by ``main`` in one line."""

    def __init__(self, prog: str, why: Message | str) -> None:
        super().__init__(prog, why)
        self.prog = prog
        self.why = why

    def __str__(self) -> str:
        return say("en", "usage.line", prog=self.prog, message=self.why)


class BadValue(MessageError, argparse.ArgumentTypeError):
    """A flag's value that its type refuses (argparse names the flag)."""


_ARGPARSE = (
    (r"invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)", "usage.choice"),
    (r"invalid int value: (?P<value>.+)", "usage.value.int"),
    (r"invalid (?P<kind>\S+) value: (?P<value>.+)", "usage.value"),
    (r"expected one argument", "usage.one-value"),
    (r"ignored explicit argument (?P<value>.+)", "usage.no-value"),
    (r"the following arguments are required: (?P<names>.+)", "usage.required"),
    (r"unrecognized arguments: (?P<arguments>.+)", "usage.unrecognized"),
    (r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)", "usage.ambiguous"),
)
"""argparse's own messages (English), read back as messages of the catalogue; any other is shown as it is."""


def argparse_message(text: str) -> Message | str:
    """One of argparse's messages as a message of the catalogue (else as argparse wrote it)."""
    for pattern, key in _ARGPARSE:
        if found := re.fullmatch(pattern, text, re.DOTALL):
            return Message(key, **{k: printable(v, limit=60) for k, v in found.groupdict().items()})  # one line
    return text


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one ``UsageError`` line (no usage block), said by ``main``
    in the player's language, and whose --help is in ``lang`` (argparse's own words too)."""

    def __init__(self, *args: Any, lang: str | None = "en", **kwargs: Any) -> None:
        kwargs["exit_on_error"] = False  # its errors come to parse_known_args below
        if lang is not None:  # (None: a parser whose help is never shown)
            kwargs["formatter_class"] = functools.partial(_Formatter, usage=say(lang, "args.usage"))
            kwargs["add_help"] = False  # added below, in ``lang``
        super().__init__(*args, **kwargs)
        if lang is not None:
            self._positionals.title = say(lang, "args.positionals")
            self._optionals.title = say(lang, "args.options")
            self.add_argument("-h", "--help", action="help", help=say(lang, "args.help"))

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        try:
            return super().parse_known_args(args, namespace)
        except argparse.ArgumentError as e:
            refused = e.__context__  # a BadValue from a type function, wrapped by argparse
            why = refused.message if isinstance(refused, BadValue) else argparse_message(e.message)
            raise UsageError(self.prog, Message("usage.argument", argument=e.argument_name or "", why=why)) from None

    def parse_args(self, args: Any = None, namespace: Any = None) -> Any:
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:  # named with the command they came with ("see hjerterfri games --help", not the top's help)
            command = getattr(parsed, "command", None)
            prog = f"{self.prog} {command}" if command else self.prog
            raise UsageError(prog, argparse_message(f"unrecognized arguments: {' '.join(extras)}"))
        return parsed

    def error(self, message: str) -> NoReturn:
        raise UsageError(self.prog, argparse_message(message))


class _Formatter(argparse.HelpFormatter):
    """argparse's help, its "usage: " in the reader's language."""

    def __init__(self, prog: str, usage: str = "usage: ", **kwargs: Any) -> None:
        super().__init__(prog, **kwargs)
        self._usage_word = usage

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, self._usage_word if prefix is None else prefix)


def bot_level(text: str) -> str:
    """A bot level (by its name in any language; ``svaer`` for ``svær``), an import path ``module:Class``, or a program
    ``exec:COMMAND`` (kept as written)."""
    spec = text.strip()
    if spec.startswith(EXEC):
        if not spec[len(EXEC) :].strip():
            raise BadValue(Message("usage.bot.no-program", spec=repr(text)))
        return spec
    t = text.strip().lower().replace("svaer", "svær")
    t = _level_names().get(t, t)
    if t in BOT_LEVELS or ":" in text:
        return t if t in BOT_LEVELS else text.strip()
    raise BadValue(Message("usage.bot.unknown", spec=repr(text), levels=_levels_said()))


@cache
def _level_names() -> dict[str, str]:
    """Each level by its name in every language ("medel" and "medium" are middel, "svår" and "hard" svær)."""
    return {say(lang, f"level.{level}").lower(): level for lang in LANGUAGES for level in BOT_LEVELS}


def _levels_said() -> tuple[Message, ...]:
    """The levels as the reader's language names them (a Swedish error listed the Danish let, middel, svær)."""
    return tuple(Message(f"level.{level}") for level in BOT_LEVELS)


def served_bot(text: str) -> str:
    """A bot ``hjerterfri bot`` can serve: a level or an import path (a program serves itself)."""
    if text.strip().startswith(EXEC):
        raise BadValue(Message("bot.exec.here", spec=repr(text.strip())))
    try:
        return bot_level(text)
    except BadValue:
        raise BadValue(Message("usage.bot.served", spec=repr(text), levels=_levels_said())) from None


def player_name(text: str) -> str:
    """A name as a log would accept it."""
    from .gamelog import name_problem

    if (problem := name_problem(text)) is not None:
        raise BadValue(problem)
    return text


def target_points(text: str) -> int:
    """The points that end a game: 1 to ``TARGET_MOST``."""
    try:
        points = int(text)
    except ValueError:
        points = 0
    if not 1 <= points <= TARGET_MOST:
        raise BadValue(Message("usage.target", value=repr(text), most=TARGET_MOST))
    return points


def path(text: str) -> str:
    """A path as given; an empty one is refused (it would mean the current directory, or nothing)."""
    if not text:
        raise BadValue(Message("usage.path.empty"))
    return text


def build_parser(lang: str | None = "en") -> argparse.ArgumentParser:
    """The command line's parser, its help in ``lang`` (None: without help texts, for a run that shows none:
    reading the catalogue for them cost every start a tenth of its time)."""

    h = functools.partial(_help, lang)
    levels = ", ".join(BOT_LEVELS)
    parser = _Parser(prog="hjerterfri", description=h("description"), lang=lang)
    parser.add_argument("--version", action="version", version=f"hjerterfri {__version__}", help=h("version"))
    parser.add_argument("--data-dir", type=path, metavar="DIR", help=h("data-dir"))
    _add_display_flags(parser, lang)
    play = parser.add_argument_group(h("group.game"))
    play.add_argument("--preset", choices=list(PRESETS), help=h("preset"))
    play.add_argument("--bots", type=bot_level, metavar="LEVEL", help=h("bots", levels=levels))
    play.add_argument("--players", type=int, choices=range(3, 9), metavar="{3..8}", help=h("players"))
    play.add_argument("--variant", choices=VARIANTS, help=h("variant"))
    play.add_argument("--no-pass", action="store_true", default=None, help=h("no-pass"))
    play.add_argument("--pass-count", type=int, metavar="N", help=h("pass-count"))
    play.add_argument("--target", type=target_points, metavar="POINTS", help=h("target"))
    play.add_argument("--seed", type=int, help=h("seed"))
    play.add_argument("--name", type=player_name, help=h("name"))
    play.add_argument("--challenge", nargs="?", const="", metavar="CODE", help=h("challenge"))

    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    cont = sub.add_parser("continue", help=h("continue"), lang=lang)
    cont.add_argument("file", nargs="?", type=path, help=h("continue.file"))
    _add_data_dir(cont, h("data-dir.short"))
    cont.add_argument("--allow-import", action="store_true", help=h("continue.allow-import"))
    cont.add_argument("--allow-exec", action="store_true", help=h("continue.allow-exec"))
    _add_display_flags(cont, lang)

    replay = sub.add_parser("replay", help=h("replay"), lang=lang)
    replay.add_argument("file", nargs="?", type=path, help=h("replay.file"))
    replay.add_argument("--text", action="store_true", help=h("replay.text"))
    _add_display_flags(replay, lang)

    analyse = sub.add_parser("analyse", help=h("analyse"), lang=lang)
    analyse.add_argument("file", nargs="?", type=path, help=h("analyse.file"))
    analyse.add_argument("--seat", type=int, metavar="N", help=h("analyse.seat"))
    analyse.add_argument("--round", type=int, metavar="N", help=h("analyse.round"))
    analyse.add_argument("--top", type=int, default=10, metavar="K", help=h("analyse.top"))
    analyse.add_argument("--json", action="store_true", help=h("analyse.json"))
    _add_display_flags(analyse, lang, pace=False)

    challenge = sub.add_parser("challenge", help=h("challenge.command"), lang=lang)
    challenge.add_argument("source", metavar="FILE|CODE", help=h("challenge.source"))
    challenge.add_argument("--par", action="store_true", help=h("challenge.par"))
    challenge.add_argument("--json", action="store_true", help=h("challenge.json"))
    _add_display_flags(challenge, lang, pace=False)

    games = sub.add_parser("games", help=h("games"), lang=lang)
    _add_data_dir(games, h("data-dir.short"))
    games.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=h("games.lang"))

    arena = sub.add_parser("arena", help=h("arena"), lang=lang)
    arena.add_argument("--seats", help=h("arena.seats"))
    arena.add_argument("--compare", metavar="A,B", help=h("arena.compare"))
    arena.add_argument("--against", metavar="BOTS", help=h("arena.against"))
    arena.add_argument("--deals", type=int, default=100, help=h("arena.deals"))
    arena.add_argument("--seed", type=int, default=1, help=h("arena.seed"))
    arena.add_argument("--preset", choices=list(PRESETS), default="dansk", help=h("arena.preset"))
    arena.add_argument("--jobs", type=int, default=1, help=h("arena.jobs"))
    arena.add_argument("--scheduler", metavar="ADDRESS", help=h("arena.scheduler"))
    arena.add_argument("--json", type=path, metavar="FILE", help=h("arena.json"))
    _add_data_dir(arena, h("arena.data-dir"))
    arena.add_argument(
        "--move-limit",
        type=float,
        default=MOVE_LIMIT,
        metavar="SECONDS",
        help=h("arena.move-limit", limit=f"{MOVE_LIMIT:g}"),
    )
    arena.add_argument("--keep-going", action="store_true", help=h("arena.keep-going"))

    bot = sub.add_parser("bot", help=h("bot"), lang=lang)
    bot.add_argument("spec", type=served_bot, help=h("bot.spec", levels=levels))
    bot.add_argument("--seed", type=int, help=h("bot.seed"))
    for command in (arena, bot):  # the others take it with their display flags
        command.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=h("lang.errors"))
    return parser


def _add_data_dir(command: argparse.ArgumentParser, help: str | None) -> None:
    """A command's own --data-dir (the top's applies when it is not given)."""
    command.add_argument("--data-dir", type=path, metavar="DIR", default=argparse.SUPPRESS, help=help)


def _help(lang: str | None, key: str, **values: object) -> str | None:
    """The help text ``args.KEY`` in ``lang`` (None: none)."""
    return None if lang is None else say(lang, f"args.{key}", **values)


def _add_display_flags(parser: argparse.ArgumentParser, lang: str | None, pace: bool = True) -> None:
    """The look and language flags; ``pace``: the bots' pace too, where bots play (not for ``analyse``)."""
    h = functools.partial(_help, lang)
    look = parser.add_argument_group(h("group.display"))
    look.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS, help=h("ascii"))
    look.add_argument("--four-colour", action="store_true", default=argparse.SUPPRESS, help=h("four-colour"))
    if pace:
        look.add_argument("--speed", choices=SPEEDS, default=argparse.SUPPRESS, help=h("speed"))
    look.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=h("lang"))


def _handler(command: str) -> Callable[[argparse.Namespace], int]:
    module, _, name = HANDLERS[command].partition(":")
    return getattr(importlib.import_module(module), name)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (argument errors exit with 2, as argparse's do).
    Every error is one line in the player's language (``launch.language``)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    _tolerate_encoding()
    wants_help = any(a in ("-h", "--help") for a in argv)  # (its language asks the kept settings: only then)
    try:
        args = build_parser(_early_language(argv) if wants_help else None).parse_args(argv)
    except UsageError as e:
        print(one_line(say(_early_language(argv), "usage.line", prog=e.prog, message=e.why)), file=sys.stderr)
        raise SystemExit(2) from None
    for flag in ("ascii", "four_colour"):
        args.__dict__.setdefault(flag, False)
    args.__dict__.setdefault("speed", None)
    args.__dict__.setdefault("lang", None)
    if args.command not in (None, "play", "continue"):  # the game says it on its own screen
        _warn_of_broken_settings(args)
    _find_in_games(args)
    kept = _end_on_signals()
    try:
        _latest_game(args)
        status = _handler(args.command or "play")(args)
        sys.stdout.flush()  # here, so that a reader gone away is met below, not at exit
        return status
    except KeyboardInterrupt as e:
        return e.status if isinstance(e, Ended) else 130
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly, with the status rich gives
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush at exit
        return 1
    except (OSError, ValueError) as e:
        print(one_line(say(_language(args), "cli.error", message=error_message(e))), file=sys.stderr)
        return 2
    finally:
        for number, handler in kept.items():
            signal.signal(number, handler)


class Ended(KeyboardInterrupt):
    """SIGTERM or SIGHUP, met as Ctrl-C is: what the command started (an arena's bot programs) ends with it; they
    left a thinking bot's program running for ever. The status is the shell's for the signal (143 for SIGTERM)."""

    def __init__(self, number: int) -> None:
        super().__init__()
        self.status = 128 + number


def _end_on_signals() -> dict[int, Any]:
    """Raise ``Ended`` on SIGTERM and SIGHUP (an app sets its own: ``ReportingApp.end_on_signals``); the
    handlers it replaced, to be put back."""
    kept: dict[int, Any] = {}
    if threading.current_thread() is not threading.main_thread():
        return kept
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            kept[number] = signal.signal(number, _raise_ended)
    return kept


def _raise_ended(number: int, frame: object) -> NoReturn:
    raise Ended(number)


def _tolerate_encoding() -> None:
    """Output that cannot encode a character (``PYTHONIOENCODING=ascii``) shows a ``?`` for it: ``games`` and
    ``replay --text`` ended with the codec's error instead of their text."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="replace")


def _find_in_games(args: argparse.Namespace) -> None:
    """A bare file name that is not here but is in the games directory (with or without ``.json``) means that
    file (``games`` lists the names alone; ``replay NAME`` said the file did not exist)."""
    for name in ("file", "source"):
        given = getattr(args, name, None)
        if not given or os.sep in given or (os.altsep and os.altsep in given) or os.path.lexists(given):
            continue
        from .paths import games_dir

        try:  # a name too long for the system, a games directory that cannot be read or is none: not there
            folder = games_dir(getattr(args, "data_dir", None))
            saved = next((folder / n for n in (given, f"{given}.json") if (folder / n).is_file()), None)
        except (OSError, ValueError):  # (the command says what is wrong with the name, if anything is)
            continue
        if saved is not None:
            setattr(args, name, str(saved))


class NoGames(MessageError, ValueError):
    """``replay`` or ``analyse`` without a file, and no game saved."""


def _latest_game(args: argparse.Namespace) -> None:
    """``replay`` and ``analyse`` without a file take the game saved last, finished or not (as ``continue``
    takes the latest unfinished one; they asked for a path a player had to look up with ``games``)."""
    if args.command not in ("replay", "analyse") or args.file is not None:
        return
    from .gamelog import log_files
    from .paths import games_dir

    folder = games_dir(getattr(args, "data_dir", None))
    newest = next(iter(log_files(folder)), None)
    if newest is None:
        raise NoGames(Message("games.none", dir=str(folder)))
    args.file = str(newest)


def error_message(error: Exception) -> Message | str:
    """What went wrong: the error's message, or ``FILE: reason`` for a file the system could not read or write."""
    if isinstance(error, MessageError):
        return error.message
    if isinstance(error, OSError) and error.strerror and error.filename:
        return Message("file.error", path=str(error.filename), reason=os_reason(error))
    if isinstance(error, OSError) and error.strerror:  # no file named (a full disk as a write is flushed)
        return os_reason(error)
    return str(error)


def one_line(text: str) -> str:
    return " ".join(text.split())


def _early_language(argv: list[str]) -> str:
    """The language of a run whose arguments have not been parsed (for --help, or they did not parse): as
    ``_language`` says it, from the flags as written."""
    lang, preset = _flag(argv, "--lang"), _flag(argv, "--preset")
    early = argparse.Namespace(
        lang=lang if lang in LANGUAGES else None,
        data_dir=_flag(argv, "--data-dir") or None,
        preset=preset if preset in PRESETS else None,
    )
    return _language(early)


def _language(args: argparse.Namespace) -> str:
    """The language this run speaks (``launch.language``: the flag, the kept choice, the preset's)."""
    if args.lang:
        return str(args.lang)
    from .launch import language

    try:
        return language(args, getattr(args, "preset", None))
    except (OSError, ValueError):  # no data directory to read the settings from
        return args.lang or "da"


def _warn_of_broken_settings(args: argparse.Namespace) -> None:
    """One line on standard error when the kept settings (the language, for a command) cannot all be read."""
    from .launch import kept_settings

    try:
        problem = kept_settings(args).problem
    except (OSError, ValueError):  # no data directory: nothing kept to be broken
        return
    if problem is not None:
        text = say(_language(args), "settings.broken", error=problem)
        print(one_line(f"hjerterfri: {text}"), file=sys.stderr)


def _flag(argv: list[str], flag: str) -> str | None:
    """The value of ``flag`` as written (``--lang da`` or ``--lang=da``), for arguments that did not parse."""
    for i, arg in enumerate(argv):
        if arg == flag and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith(flag + "="):
            return arg[len(flag) + 1 :]
    return None


if __name__ == "__main__":
    sys.exit(main())
