"""The ``hjerterfri`` command: play (the default), continue, replay, games, arena."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from . import __version__
from .literal import printable
from .rules import PRESETS, VARIANTS
from .settings import LANGUAGES, SPEEDS

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


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, without the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {printable(message, limit=None)} (see {self.prog} --help)\n")


def bot_level(text: str) -> str:
    """A bot level (``svaer`` is accepted for ``svær``), an import path ``module:Class``, or a program
    ``exec:COMMAND`` (kept as written)."""
    spec = text.strip()
    if spec.startswith(EXEC):
        if not spec[len(EXEC) :].strip():
            raise argparse.ArgumentTypeError(f"{text!r} names no program to run; write exec:COMMAND")
        return spec
    t = text.strip().lower().replace("svaer", "svær")
    if t in BOT_LEVELS or ":" in text:
        return t if t in BOT_LEVELS else text.strip()
    raise argparse.ArgumentTypeError(
        f"unknown bot {text!r}; choose from {', '.join(BOT_LEVELS)}, module:Class or exec:COMMAND"
    )


def player_name(text: str) -> str:
    """A name as a log would accept it."""
    from .gamelog import name_problem

    if (problem := name_problem(text)) is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def path(text: str) -> str:
    """A path as given; an empty one is refused (it would mean the current directory, or nothing)."""
    if not text:
        raise argparse.ArgumentTypeError("an empty path names no file or directory")
    return text


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="hjerterfri",
        description="Hjerterfri (Hearts) in the terminal: you against two, three or four bots. "
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
        help=f"the bots' strength: {', '.join(BOT_LEVELS)}, a bot class as module:Class, "
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
        "--no-pass", action="store_true", default=None, help="play without passing cards (004: any preset, any table)"
    )
    play.add_argument(
        "--pass-count",
        type=int,
        metavar="N",
        help="cards passed each round, when not four players (default 3; 004)",
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
    bot.add_argument("spec", type=bot_level, help=f"the bot: {', '.join(BOT_LEVELS)} or module:Class")
    bot.add_argument("--seed", type=int, help="the bot's seed (default: the one the table sends)")
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
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    for flag in ("ascii", "four_colour"):
        args.__dict__.setdefault(flag, False)
    args.__dict__.setdefault("speed", None)
    args.__dict__.setdefault("lang", None)
    try:
        return _handler(args.command or "play")(args)
    except KeyboardInterrupt:
        return 130
    except (OSError, ValueError) as e:
        print(f"hjerterfri: error: {printable(one_line(e), limit=None)}", file=sys.stderr)
        return 2


def one_line(error: Exception) -> str:
    """What went wrong, in one line: ``FILE: reason`` for a file that could not be read or written."""
    if isinstance(error, OSError) and error.strerror and error.filename and type(error).__str__ is OSError.__str__:
        text = f"{error.filename}: {error.strerror}"
    else:
        text = str(error)
    return " ".join(text.split())


if __name__ == "__main__":
    sys.exit(main())
