"""The bots at a table, supervised: whatever a bot does, the game goes on.

A bot is someone else's code. It may raise, answer junk, hang or crash. ``decide`` asks a
``Player`` for its pass or play, checks the answer against the view (the engine's legal cards and
the hand), and on any fault plays what ``let`` would play instead, returning a ``Decision`` that
says what went wrong. Two kinds of player:

- ``LocalPlayer``: a bot object in this process (the arena and the tests). A time limit is enforced
  with an alarm signal where the platform has one and the call is on the main thread; elsewhere a
  slow answer is only noticed afterwards.
- ``ProcessPlayer``: a program speaking the bot protocol (``hjerterfri bot SPEC`` for a bot class,
  or any program for ``exec:``). A bot that takes too long is killed and started again for the
  next decision; quitting kills it, whatever it is doing.
"""

from __future__ import annotations

import contextlib
import io
import os
import queue
import secrets
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import IO, Any, Literal, Protocol, cast

from .. import protocol
from ..bots import LEVELS, Bot, BotError, level_name, make_bot
from ..bots.let import LetBot
from ..cards import CARDS, Card, CardParseError, mask_of
from ..catalogue import Message, os_reason, printable
from ..view import PlayerView

Kind = Literal["pass", "play"]
EXEC = "exec:"
"""A bot spec that names a program to run: ``exec:python3 mybot.py``."""
START_LIMIT = 20.0
"""Seconds a bot program has to start and answer the hello."""
START_TRIES = 3
"""Starts in a row that may fail before a bot program is not started again (each decision tried to start it anew,
and a program that never said hello cost twenty seconds a decision: hours for an arena run)."""


class FaultKind(Enum):
    """What a bot did wrong."""

    RAISED = "raised"
    TIMEOUT = "timeout"
    JUNK = "junk"
    NOT_HELD = "not-held"
    ILLEGAL = "illegal"
    WRONG_COUNT = "wrong-count"
    CRASHED = "crashed"
    PROTOCOL = "protocol"


GROUPS = os.name == "posix"
"""A bot program runs in a process group of its own, ended as a whole (POSIX)."""
STDERR_LIMIT = 1 << 20
"""Bytes of a bot program's standard error its log keeps, each time it is started."""
DETAIL_LIMIT = 120
"""Characters of a fault's detail kept: one line on the screen or in the arena's report."""


@dataclass(frozen=True)
class Fault:
    """A bot's failure: its kind, and the detail (the error's text, what it answered) in English, for
    logs and results files; ``said``, the table's own words for it in any language (a bot's own error
    text, or the protocol's, has none)."""

    kind: FaultKind
    detail: str
    said: Message | None = field(default=None, compare=False)

    @classmethod
    def of(cls, kind: FaultKind, said: Message) -> Fault:
        return cls(kind, str(said), said)

    def __post_init__(self) -> None:
        if len(self.detail) > DETAIL_LIMIT:  # a bot's own error text may be of any length
            object.__setattr__(self, "detail", self.detail[: DETAIL_LIMIT - 1] + "…")

    def __str__(self) -> str:
        return f"{self.kind.value}: {self.detail}"

    @property
    def message(self) -> Message:
        """The fault as a line says it, in any language: its kind's keyword and the detail."""
        return Message("fault.line", kind=self.kind.value, detail=self.detail if self.said is None else self.said)


@dataclass(frozen=True)
class Decision:
    """A seat's pass or play as the table will apply it, and the fault that made it the fallback's."""

    seat: int
    kind: Kind
    cards: tuple[Card, ...]
    fault: Fault | None = None
    seconds: float = 0.0
    """How long the bot took (its thinking only)."""


class BotTimeout(BaseException):
    """Raised inside a bot when its time is up (a BaseException, so a bot's ``except Exception`` lets it by)."""


class BotFailed(Exception):
    """A bot program's failure: it ended, broke the protocol, or reported an error of its own."""

    def __init__(self, kind: FaultKind, detail: str | Message) -> None:
        super().__init__(str(detail))
        self.kind = kind
        self.said = detail if isinstance(detail, Message) else None


class Player(Protocol):
    """A seat's bot as the table asks it: the raw answer, or an exception."""

    def prepare(self) -> None:
        """Get ready to answer (a program is started), before the clock of a decision runs."""
        ...

    def ask(self, kind: Kind, view: PlayerView, limit: float | None) -> object: ...

    def note(self, text: str) -> None:
        """Add a line of the table's to the bot's log (what was wrong with an answer), if it keeps one."""
        ...

    def close(self) -> None: ...


class LocalPlayer:
    """A bot object in this process."""

    def __init__(self, bot: Bot, alarm: bool = False) -> None:
        """``alarm``: enforce the time limit with SIGALRM (only on the main thread of a POSIX process)."""
        self.bot = bot
        self.alarm = alarm and hasattr(signal, "setitimer")

    def prepare(self) -> None:
        pass

    def ask(self, kind: Kind, view: PlayerView, limit: float | None) -> object:
        choose = self.bot.choose_pass if kind == "pass" else self.bot.choose_play
        if not (self.alarm and limit and threading.current_thread() is threading.main_thread()):
            return choose(view)
        previous = signal.signal(signal.SIGALRM, _time_up)
        signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            return choose(view)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)

    def note(self, text: str) -> None:
        pass

    def close(self) -> None:
        pass


def _time_up(signum: int, frame: object) -> None:
    raise BotTimeout()


class ProcessPlayer:
    """A bot program speaking the bot protocol over its standard input and output.

    It is started on the first question (and again after a crash or a timeout killed it); its
    standard error goes to ``stderr`` (a file), never to the screen.
    """

    def __init__(self, command: list[str], seat: int, seed: int, stderr: Path | None = None) -> None:
        self.command = command
        self.seat = seat
        self.seed = seed
        self.stderr = stderr
        self.name = ""
        """The name the bot gave in its hello."""
        self._process: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._number = 0
        self._lock = threading.Lock()
        self._failed_starts = 0
        self._closed = False

    def start(self) -> None:
        """Start the program and exchange hellos (``BotFailed`` if it cannot)."""
        self._stop()
        log: IO[bytes] | None = None
        if self.stderr is not None:
            with contextlib.suppress(OSError):
                self.stderr.parent.mkdir(parents=True, exist_ok=True)
                big = self.stderr.exists() and self.stderr.stat().st_size > STDERR_LIMIT
                log = self.stderr.open("wb" if big else "ab")  # begun afresh once large: at most twice the limit
                log.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} {shlex.join(self.command)}\n".encode())
                log.flush()
        try:
            process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL if log is None else subprocess.PIPE,
                bufsize=0,
                start_new_session=GROUPS,  # a group of its own: ``close`` ends what it started too
            )
        except OSError as e:
            if log is not None:
                log.close()
            said = Message("fault.cannot-start", command=shlex.join(self.command), reason=os_reason(e))
            raise BotFailed(FaultKind.CRASHED, said) from None
        if log is not None:
            threading.Thread(target=_keep_log, args=(process, log), name="bot-log", daemon=True).start()
        lines: queue.Queue[bytes | None] = queue.Queue()
        threading.Thread(target=_read_lines, args=(process, lines), name="bot-reader", daemon=True).start()
        self._process, self._lines = process, lines
        self._send(protocol.hello(seat=self.seat, seed=self.seed))
        try:
            answer = protocol.check_hello(self._receive(START_LIMIT))
        except protocol.ProtocolError as e:
            self._stop()
            raise BotFailed(FaultKind.PROTOCOL, str(e)) from None
        except BotTimeout:  # the start's own limit, not a decision's
            self._stop()
            raise BotFailed(FaultKind.TIMEOUT, Message("fault.no-hello", limit=f"{START_LIMIT:g}")) from None
        name = answer.get("name")
        self.name = name if isinstance(name, str) else ""

    def prepare(self) -> None:
        """Start the program if it is not running (``BotFailed`` if it cannot start or greet, or has failed to
        ``START_TRIES`` times in a row)."""
        with self._lock:
            if self._closed:
                raise BotFailed(FaultKind.CRASHED, Message("fault.closed"))
            if self._process is not None and self._process.poll() is None:
                return
            if self._failed_starts >= START_TRIES:
                raise BotFailed(FaultKind.CRASHED, Message("fault.given-up", n=self._failed_starts))
            try:
                self.start()
            except BotFailed:
                self._failed_starts += 1
                raise
            self._failed_starts = 0

    def ask(self, kind: Kind, view: PlayerView, limit: float | None) -> object:
        self.prepare()
        with self._lock:
            self._number += 1
            self._send(protocol.request(kind, self._number, view))
            try:
                message = self._receive(limit)
                if message.get("type") == "error" and message.get("id") == self._number:
                    raise BotFailed(FaultKind.RAISED, str(message.get("message", "")))
                texts = protocol.reply_cards(message, kind, self._number)
            except protocol.ProtocolError as e:
                self._stop()
                detail: str | Message = str(e)  # the protocol's own words, for bot writers
                if isinstance(e, protocol.NotJSON):  # most often a debug line: ours, in the player's language
                    detail = Message("fault.not-json", line=protocol.short(e.line, 40))
                raise BotFailed(FaultKind.PROTOCOL, detail) from None
            except BotTimeout:
                self._stop()
                raise
        try:
            cards = [Card.parse(t) for t in texts]
        except CardParseError as e:
            raise BotFailed(FaultKind.JUNK, e.message) from None
        return cards[0] if kind == "play" and len(cards) == 1 else cards

    def note(self, text: str) -> None:
        """A line in the program's log among its standard error, marked as the table's (``---``)."""
        if self.stderr is not None and not self._closed:
            with contextlib.suppress(OSError), self.stderr.open("ab") as log:  # appended whole: O_APPEND
                log.write(f"--- hjerterfri: {printable(text, limit=None)}\n".encode())

    def _send(self, message: dict[str, Any]) -> None:
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(protocol.encode(message))
            process.stdin.flush()
        except OSError:
            raise BotFailed(FaultKind.CRASHED, self._ended()) from None

    def _receive(self, limit: float | None) -> dict[str, Any]:
        try:
            line = self._lines.get(timeout=limit)
        except queue.Empty:
            raise BotTimeout() from None
        if line is None:
            raise BotFailed(FaultKind.CRASHED, self._ended())
        return protocol.decode(line)

    def _ended(self) -> Message:
        process = self._process
        code = None
        if process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = process.wait(timeout=1)
        self._stop()
        return Message("fault.ended") if code is None else Message("fault.ended.status", code=code)

    def close(self) -> None:
        """End the program for good (the game is closed): a decision in flight ends at once, and no program is
        started again, nor anything written to its log (quitting while the bots passed started the next
        seats' programs and waited out their time limits, and logged the quit as the bot's crash)."""
        self._closed = True
        self._stop()

    def _stop(self) -> None:
        """Say goodbye and end the program (killing it if it does not end at once); a later question starts
        it again."""
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            with contextlib.suppress(OSError):
                assert process.stdin is not None
                process.stdin.write(protocol.encode({"type": "bye"}))
                process.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=0.2)
        if process.poll() is None:
            process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=2)
        if GROUPS:  # what it started and left running (a wrapper's real bot, a forked child)
            with contextlib.suppress(OSError):
                os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            if process.stdin is not None:
                process.stdin.close()
        # Its output is closed by the reader thread at its end: closed here, while that thread may still be
        # in a read, its descriptor's number could go to the next program's output and the old thread would
        # read that program's first bytes.


def _read_lines(process: subprocess.Popen[bytes], lines: queue.Queue[bytes | None]) -> None:
    """Pass the program's output on line by line; ``None`` at its end (or a line too long to be one).
    Buffered: the pipe itself is not (``bufsize=0``), and its ``readline`` read a byte at a time (0.7 s of CPU
    for a line of a megabyte)."""
    assert process.stdout is not None
    stdout = io.BufferedReader(cast(io.RawIOBase, process.stdout), 1 << 16)
    with contextlib.suppress(OSError, ValueError):
        while line := stdout.readline(protocol.MAX_LINE + 1):
            lines.put(line)
            if len(line) > protocol.MAX_LINE:
                break
    lines.put(None)
    with contextlib.suppress(OSError):
        stdout.close()  # here, not in ``close``: this thread is the only reader


def _keep_log(process: subprocess.Popen[bytes], log: IO[bytes]) -> None:
    """Copy the program's standard error to its log, up to ``STDERR_LIMIT`` bytes; the rest is read and
    dropped (a bot writing without end must neither fill the disk nor block on a full pipe)."""
    stream = process.stderr
    assert stream is not None
    kept = 0
    with log:
        while chunk := _read_some(stream):
            if kept >= STDERR_LIMIT:
                continue  # read and dropped, so the program never waits on a full pipe
            with contextlib.suppress(OSError, ValueError):  # a full disk stops the log, not the reading
                log.write(chunk[: STDERR_LIMIT - kept])
                if kept + len(chunk) >= STDERR_LIMIT:
                    log.write(f"\n--- cut here: the log keeps {STDERR_LIMIT} bytes a start\n".encode())
                log.flush()
            kept += len(chunk)
    with contextlib.suppress(OSError):
        stream.close()


def _read_some(stream: IO[bytes]) -> bytes:
    """What the pipe has (up to 64 KiB), or b"" at its end or on an error."""
    try:
        return stream.read(1 << 16) or b""
    except (OSError, ValueError):
        return b""


def command_for(spec: str) -> list[str]:
    """The command that runs bot ``spec`` over the protocol: the program of ``exec:``, else ``hjerterfri bot``."""
    if spec.startswith(EXEC):
        try:
            command = shlex.split(spec[len(EXEC) :], posix=os.name != "nt")
        except ValueError:  # shlex's only complaints: an unclosed quotation, a backslash at the end
            raise BotError(Message("bot.exec.unreadable", spec=repr(spec))) from None
        if not command:
            raise BotError(Message("bot.exec.empty", spec=repr(spec)))
        if shutil.which(command[0]) is None:  # refused before the game, not a fault at every card
            program = command[0]
            named = os.sep in program or (os.altsep is not None and os.altsep in program)
            if not os.path.exists(program):
                raise BotError(Message("bot.exec.missing", spec=repr(spec), program=repr(program)))
            if named:  # a file that cannot be run: a directory, or not executable
                raise BotError(Message("bot.exec.not-runnable", spec=repr(spec), program=repr(program)))
            here = repr(f".{os.sep}{program}")  # a file here, which a bare name does not look for
            raise BotError(Message("bot.exec.not-on-path", spec=repr(spec), program=repr(program), here=here))
        return command
    return [sys.executable, "-m", "hjerterfri", "bot", spec]


def anchored(spec: str) -> str:
    """``spec`` with the files its program's command names by a relative path made absolute, so that the game's
    log starts the same program when it is continued from another folder (the README's ``exec:python3
    examples/ducking_bot.py`` played ``let``'s cards there). A bare program name is left to the PATH, and a
    word that names no file here is left as it is. As written on Windows, whose quoting ``shlex`` does not
    write."""
    command = command_for(spec)
    if not spec.startswith(EXEC) or os.name == "nt":
        return spec
    words = [command[0] if os.path.basename(command[0]) == command[0] else _absolute(command[0])]
    words += [_absolute(word) for word in command[1:]]
    return spec if words == command else EXEC + shlex.join(words)


def _absolute(word: str) -> str:
    """``word`` as an absolute path where it is a relative path to a file here, else as it is."""
    return os.path.abspath(word) if not os.path.isabs(word) and os.path.isfile(word) else word


# Asking and checking


def fallback(kind: Kind, view: PlayerView) -> tuple[Card, ...]:
    """What ``let`` would pass or play: the seat's choice when its bot fails."""
    bot = LetBot(0)
    if kind == "pass":
        return tuple(bot.choose_pass(view))
    return (bot.choose_play(view),)


def decide(player: Player, seat: int, kind: Kind, view: PlayerView, limit: float | None = None) -> Decision:
    """Ask ``player`` for ``seat``'s pass or play in ``view``; on any fault, the fallback's, with the fault."""
    start = None
    try:
        player.prepare()  # a program's start is not the bot's thinking time, nor is a start that failed
        start = time.perf_counter()
        answer = player.ask(kind, view, limit)
        fault = None
    except BotTimeout:
        answer, fault = None, Fault.of(FaultKind.TIMEOUT, Message("fault.no-answer", limit=f"{limit:g}"))
    except BotFailed as e:
        answer, fault = None, Fault(e.kind, str(e), e.said)
    except RecursionError:
        answer, fault = None, Fault.of(FaultKind.RAISED, Message("fault.recursion"))
    except (Exception, SystemExit) as e:  # a bot's sys.exit() ends its decision, not the game
        answer, fault = None, Fault(FaultKind.RAISED, f"{type(e).__name__}: {e}")
    seconds = 0.0 if start is None else time.perf_counter() - start
    if fault is not None and fault.kind is FaultKind.TIMEOUT and start is not None and limit is not None:
        seconds = min(seconds, limit)  # the wait, not the program's ending after it (the arena showed 0.5 s at 0.3)
    if limit is not None and fault is None and seconds > limit:
        fault = Fault.of(FaultKind.TIMEOUT, Message("fault.late", seconds=f"{seconds:.1f}", limit=f"{limit:g}"))
    if fault is None:
        cards, fault = check(kind, view, answer)
        if fault is None:
            return Decision(seat, kind, cards, None, seconds)
    cards = fallback(kind, view)
    instead = f"{'passed' if kind == 'pass' else 'played'} {' '.join(map(str, cards))} instead, as let would"
    player.note(f"round {view.round_number}, seat {view.seat}, {_moment(kind, view)}: {fault}; {instead}")
    return Decision(seat, kind, cards, fault, seconds)


def _moment(kind: Kind, view: PlayerView) -> str:
    return "the pass" if kind == "pass" else f"trick {len(view.tricks) + 1}"


def check(kind: Kind, view: PlayerView, answer: object) -> tuple[tuple[Card, ...], Fault | None]:
    """The cards of a bot's answer if the view allows them, else the fault."""
    if kind == "play":
        if not _is_card(answer):
            return (), Fault.of(
                FaultKind.JUNK, Message("fault.not-a-card", answer=_shown(answer), hint=_text_hint(answer))
            )
        card = CARDS[cast(int, answer)]
        if not view.hand_mask >> card & 1:
            return (), Fault.of(FaultKind.NOT_HELD, Message("fault.played-not-held", card=str(card)))
        if not view.legal_mask >> card & 1:
            return (), Fault.of(FaultKind.ILLEGAL, Message("fault.played-illegal", card=str(card)))
        return (card,), None
    if not isinstance(answer, list | tuple | set | frozenset) or not all(_is_card(c) for c in answer):
        return (), Fault.of(FaultKind.JUNK, Message("fault.not-cards", answer=_shown(answer), hint=_text_hint(answer)))
    cards = tuple(CARDS[cast(int, c)] for c in answer)
    count = view.rules.pass_count
    if len(cards) != count:
        said = Message("fault.count", n=len(cards), answer=_shown(answer), count=count)
        return (), Fault.of(FaultKind.WRONG_COUNT, said)
    if view.rules.decks == 1 and mask_of(cards).bit_count() != count:
        return (), Fault.of(FaultKind.WRONG_COUNT, Message("fault.twice", answer=_shown(answer)))
    hand = view.hand  # with two decks a card may be held, and passed, twice
    missing = [c for c in cards if cards.count(c) > hand.count(c)]
    if missing:
        key = "fault.passed-held-once" if hand.count(missing[0]) else "fault.passed-not-held"
        return (), Fault.of(FaultKind.NOT_HELD, Message(key, card=str(missing[0])))
    return cards, None


def _text_hint(answer: object) -> Message | str:
    """For an answer of card texts (as the protocol's): how a bot in this process gives a card."""
    texts = answer if isinstance(answer, list | tuple) else [answer]
    return Message("fault.hint.parse") if any(isinstance(x, str) for x in texts) else ""


def _is_card(x: object) -> bool:
    return isinstance(x, Card)  # a Card is an int, but an int (an index into the hand, say) is not a card


def _shown(answer: object) -> str:
    """The answer as a fault names it: cards as cards ("[3D, 4D]"), anything else as Python writes it."""
    if isinstance(answer, list | tuple) and all(isinstance(x, Card) for x in answer):
        text = f"[{', '.join(str(x) for x in answer)}]"
    else:
        text = repr(answer)
    return text if len(text) <= 60 else text[:59] + "…"


PlayerFactory = Callable[[int, str, int], Player]
"""Builds the player of a seat from its seat number, bot spec and seed."""


def local_players(
    alarm: bool = False, stderr_dir: Path | None = None, log: Callable[[int], str] = "seat-{}.txt".format
) -> PlayerFactory:
    """Every bot in this process (``exec:`` bots still run as programs, their stderr in ``stderr_dir``, in
    the file ``log`` names from the seat the player is built for)."""

    def make(seat: int, spec: str, seed: int) -> Player:
        if spec.startswith(EXEC):
            return ProcessPlayer(command_for(spec), seat, hello_seed(spec, seed), _stderr_file(stderr_dir, log(seat)))
        return LocalPlayer(make_bot(spec, seed), alarm)

    return make


def process_players(stderr_dir: Path | None = None) -> PlayerFactory:
    """Every bot in a program of its own, so that a stuck bot can be stopped (the app)."""

    def make(seat: int, spec: str, seed: int) -> Player:
        if not spec.startswith(EXEC) and level_name(spec) not in LEVELS:
            make_bot(spec, seed)  # an import path that cannot be built is an error now, not a fault at every turn
        return ProcessPlayer(
            command_for(spec), seat, hello_seed(spec, seed), _stderr_file(stderr_dir, f"seat-{seat}.txt")
        )

    return make


def hello_seed(spec: str, seed: int) -> int:
    """The seed a program's hello carries: the seat's own for hjerterfri's bots (they decide as a function of
    it); for an ``exec:`` program, a random one. The seat's seed is worked out from the game's, which deals
    every round: a program given it could deal the round again and see every hand."""
    return secrets.randbelow(2**31) if spec.startswith(EXEC) else seed


def _stderr_file(folder: Path | None, name: str) -> Path | None:
    """Where a program writes its standard error: the file ``name`` in ``folder``."""
    return None if folder is None else folder / name
