"""The ``hjerterfri`` command: play (the default), continue, replay, games, arena."""

from __future__ import annotations

import argparse
import contextlib
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
from .settings import SPEEDS

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
    in the player's language. Its usage and --help are English."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["exit_on_error"] = False  # its errors come to parse_known_args below
        super().__init__(*args, **kwargs)

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


def path(text: str) -> str:
    """A path as given; an empty one is refused (it would mean the current directory, or nothing)."""
    if not text:
        raise BadValue(Message("usage.path.empty"))
    return text


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="hjerterfri",
        description="Hjerterfri (Hearts) in the terminal: you against two to seven bots. "
        "Without a command, starts a new game; flags fill in the start screen and skip it.",
    )
    parser.add_argument("--version", action="version", version=f"hjerterfri {__version__}")
    parser.add_argument(
        "--data-dir",
        type=path,
        metavar="DIR",
        help="where games are saved (default: the user data dir; also $HJERTERFRI_DATA_DIR)",
    )
    _add_display_flags(parser)
    play = parser.add_argument_group("a new game")
    play.add_argument("--preset", choices=list(PRESETS), help="the rules: dansk, dansk-hus (house rules) or svensk")
    play.add_argument(
        "--bots",
        type=bot_level,
        metavar="LEVEL",
        help=f"the bots' strength: {', '.join(BOT_LEVELS)} (easy, medium, hard), a bot class as module:Class, "
        "or a program speaking the bot protocol as exec:COMMAND (docs/bot-protocol.md)",
    )
    play.add_argument(
        "--players",
        type=int,
        choices=range(3, 9),
        metavar="{3..8}",
        help="players at the table, you included (default 4; 6 to 8 play svensk with two decks)",
    )
    play.add_argument(
        "--variant",
        choices=VARIANTS,
        help="at 3 or 5 players: left-right (Danish presets: pass only left and right) "
        "or no-two (svensk at 3: without the two of clubs)",
    )
    play.add_argument(
        "--no-pass",
        action="store_true",
        default=None,
        help="play without passing cards (the Swedish text allows it: any preset, any table)",
    )
    play.add_argument(
        "--pass-count",
        type=int,
        metavar="N",
        help="cards passed each round, when not four players (default 3; the Swedish text allows it)",
    )
    play.add_argument("--seed", type=int, help="the seed of the deals (the same seed, the same cards)")
    play.add_argument("--name", type=player_name, help="your name at the table (1 to 40 printable characters)")
    play.add_argument(
        "--challenge",
        nargs="?",
        const="",
        metavar="CODE",
        help="play a challenge: the deals of CODE, or without CODE 8 new deals with these choices; "
        "at the end, your points beside svær's from your seat (the par)",
    )

    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    cont = sub.add_parser("continue", help="continue the latest unfinished game, or FILE")
    cont.add_argument("file", nargs="?", type=path, help="a saved game (default: the latest unfinished one)")
    cont.add_argument("--data-dir", type=path, metavar="DIR", default=argparse.SUPPRESS, help="where games are saved")
    cont.add_argument(
        "--allow-import",
        action="store_true",
        help="continue a game whose bots are import paths (module:Class): runs that code, so only if you trust it",
    )
    cont.add_argument(
        "--allow-exec",
        action="store_true",
        help="continue a game whose bots are programs (exec:COMMAND): runs them, so only if you trust them",
    )
    _add_display_flags(cont)

    replay = sub.add_parser("replay", help="replay a saved game")
    replay.add_argument("file", type=path, help="the game log to replay")
    replay.add_argument("--text", action="store_true", help="print a transcript instead of opening the viewer")
    _add_display_flags(replay)

    analyse = sub.add_parser("analyse", help="what each of your choices in a saved game cost, by svær's evaluation")
    analyse.add_argument("file", type=path, help="the game log to analyse")
    analyse.add_argument("--seat", type=int, metavar="N", help="the seat to analyse (default: the human's; bots too)")
    analyse.add_argument("--round", type=int, metavar="N", help="only round N")
    analyse.add_argument("--top", type=int, default=10, metavar="K", help="the K costliest choices (default 10)")
    analyse.add_argument("--json", action="store_true", help="every decision as JSON, for programs")
    _add_display_flags(analyse)

    challenge = sub.add_parser(
        "challenge", help="a challenge code for a saved game's deals (or a code read back), and its par"
    )
    challenge.add_argument("source", metavar="FILE|CODE", help="a saved game, or a challenge code")
    challenge.add_argument("--par", action="store_true", help="work out the par: svær's points from your seat")
    challenge.add_argument("--json", action="store_true", help="the code, the challenge and the par as JSON")
    _add_display_flags(challenge)

    games = sub.add_parser("games", help="list saved games and your statistics")
    games.add_argument("--data-dir", type=path, metavar="DIR", default=argparse.SUPPRESS, help="where games are saved")
    games.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help="the language of the list")

    arena = sub.add_parser(
        "arena",
        help="measure bots against each other on duplicate deals, or compare two bots on the same deals",
    )
    arena.add_argument(
        "--seats",
        help="one bot per seat, 3 to 8 of them (levels, module:Class or exec:COMMAND), e.g. svær,middel,middel,middel",
    )
    arena.add_argument(
        "--compare",
        metavar="A,B",
        help="two bots to compare in the tested seat, on the same deals against the same --against bots",
    )
    arena.add_argument(
        "--against", metavar="BOTS", help="with --compare: the opponents, one per other seat, e.g. middel,middel,middel"
    )
    arena.add_argument("--deals", type=int, default=100, help="deals to play, each once per seat rotation")
    arena.add_argument("--seed", type=int, default=1, help="the seed of the deals")
    arena.add_argument("--preset", choices=list(PRESETS), default="dansk", help="the rules (default dansk)")
    arena.add_argument("--jobs", type=int, default=1, help="worker processes on this machine")
    arena.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play the deals on the Dask cluster at ADDRESS, e.g. tcp://HOST:8786 "
        "(pip install 'hjerterfri[cluster]'); instead of --jobs",
    )
    arena.add_argument(
        "--json",
        type=path,
        metavar="FILE",
        help="keep every deal's results in FILE (JSON lines, the figures last; in a directory that exists) as "
        "they come in; the same command again goes on where it stopped",
    )
    arena.add_argument(
        "--data-dir", type=path, metavar="DIR", default=argparse.SUPPRESS, help="where exec: bots' stderr goes"
    )
    arena.add_argument(
        "--move-limit",
        type=float,
        default=MOVE_LIMIT,
        metavar="SECONDS",
        help=f"seconds a bot has for a pass or a card before it counts as a fault (default {MOVE_LIMIT:g})",
    )
    arena.add_argument(
        "--keep-going",
        action="store_true",
        help="when a bot fails (raises, answers junk, breaks a rule, times out), play let's card for it and "
        "count the fault, instead of stopping with an error",
    )

    bot = sub.add_parser("bot", help="serve one bot over standard input and output (the bot protocol)")
    bot.add_argument("spec", type=served_bot, help=f"the bot: {', '.join(BOT_LEVELS)} or module:Class")
    bot.add_argument("--seed", type=int, help="the bot's seed (default: the one the table sends)")
    for command in (arena, bot):  # the others take it with their display flags
        command.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help="the language of errors")
    return parser


def _add_display_flags(parser: argparse.ArgumentParser) -> None:
    look = parser.add_argument_group("display")
    look.add_argument(
        "--ascii", action="store_true", default=argparse.SUPPRESS, help="suits as S H D C instead of ♠♥♦♣"
    )
    look.add_argument(
        "--four-colour",
        action="store_true",
        default=argparse.SUPPRESS,
        help="a four-colour deck (clubs green, diamonds blue), for colour-blind players",
    )
    look.add_argument("--speed", choices=SPEEDS, default=argparse.SUPPRESS, help="the bots' pace")
    look.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=argparse.SUPPRESS,
        help="interface language (default: the one chosen last time, else the preset's)",
    )


def _handler(command: str) -> Callable[[argparse.Namespace], int]:
    module, _, name = HANDLERS[command].partition(":")
    return getattr(importlib.import_module(module), name)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (argument errors exit with 2, as argparse's do).
    Every error is one line in the player's language (``launch.language``)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    _tolerate_encoding()
    try:
        args = build_parser().parse_args(argv)
    except UsageError as e:
        early = argparse.Namespace(lang=_flag(argv, "--lang"), data_dir=_flag(argv, "--data-dir") or None)
        if early.lang not in LANGUAGES:
            early.lang = None
        lang = _language(early)
        print(one_line(say(lang, "usage.line", prog=e.prog, message=e.why)), file=sys.stderr)
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
