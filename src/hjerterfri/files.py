"""Reading hjerterfri's own files safely, and locking a game's file while it is played.

``read_json`` is the one way logs and settings are read (``read_text``, the arena's results): only a
regular file (never a named pipe, a device or a directory, which could hang or flood the program),
checked before it is opened and again once it is, no larger than a limit, UTF-8 with or without a
BOM, strict JSON. Every problem is one ``FileError`` line naming the file, the place in it and the reason,
each a ``Message`` (said in the player's language on the command line; ``str`` is English).

``GameLock`` keeps two programs from playing the same game: an OS lock (``flock``) on a lock file
beside the game, ``.NAME.json.lock``, so it dies with the process that holds it.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

from .catalogue import Message, MessageError, os_reason, said

try:
    import fcntl
except ImportError:  # Windows: games are not locked there (see the README)
    fcntl = None  # type: ignore[assignment]


Place = tuple[Message | str, ...]
"""Where in a file: its parts from the outside in, each a message ("round 3") or a field's name
("winner"), said joined by commas ("round 3, trick 7, winner"); empty for the whole file."""


class FileError(MessageError, ValueError):
    """A file that cannot be read as what it should be: ``path``, ``place`` (e.g. "line 3, column 5")
    and ``why``; ``where`` and ``reason`` are those two in English. Its text is one line."""

    def __init__(self, path: str | os.PathLike[str], place: Place, why: Message) -> None:
        self.path = os.fspath(path)
        self.place = place
        self.why = why
        super().__init__(Message("file.error", path=self.path, reason=self.detail))

    @property
    def detail(self) -> Message:
        """The place and the reason, without the file: "round 3, trick 7: must follow suit ♦"."""
        return Message("file.at", where=self.place, reason=self.why) if self.place else self.why

    @property
    def where(self) -> str:
        return said(self.place)

    @property
    def reason(self) -> str:
        return str(self.why)


class MissingFile(FileError):
    """There is no file at the path (a reader may take that as "nothing saved yet")."""


_KINDS = (
    (stat.S_ISDIR, "directory"),
    (stat.S_ISFIFO, "fifo"),
    (stat.S_ISCHR, "character-device"),
    (stat.S_ISBLK, "block-device"),
    (stat.S_ISSOCK, "socket"),
)
"""What a path may be instead of a regular file: a test of ``stat`` and the kind's key, ``file.kind.KIND``."""


def _check(path: str, st: os.stat_result, limit: int, what: Message) -> None:
    """Refuse anything but a regular file of at most ``limit`` bytes."""
    if not stat.S_ISREG(st.st_mode):
        kind = next((Message(f"file.kind.{name}") for test, name in _KINDS if test(st.st_mode)), None)
        raise FileError(path, (), Message("file.irregular", kind=kind) if kind else Message("file.irregular.other"))
    if st.st_size > limit:
        raise FileError(path, (), Message("file.too-big", size=st.st_size, what=what, limit=limit))


def _read_bytes(path: str | os.PathLike[str], limit: int, what: Message) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them; ``what`` names the
    kind of file in messages ("a game log"). Opened without blocking, so a named pipe swapped in
    between the check and the open is refused as well, never waited on."""
    p = os.fspath(path)
    if not p:
        raise FileError("''", (), Message("file.empty-path"))
    try:
        _check(p, os.stat(p), limit, what)
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as f:
            _check(p, os.fstat(fd), limit, what)
            raw = f.read(limit + 1)
    except FileNotFoundError as e:
        raise MissingFile(p, (), Message("file.unreadable", error=os_reason(e))) from None
    except OSError as e:
        raise FileError(p, (), Message("file.unreadable", error=os_reason(e))) from None
    if len(raw) > limit:
        raise FileError(p, (), Message("file.grew", what=what, limit=limit))
    return raw


def read_text(path: str | os.PathLike[str], limit: int, what: Message) -> str:
    """The text of the file at ``path`` (see ``_read_bytes``): UTF-8 with or without a BOM."""
    p = os.fspath(path)
    raw = _read_bytes(p, limit, what)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise FileError(p, (Message("where.byte", offset=e.start),), Message("file.not-utf8", what=what)) from None


_JSON_ERRORS = {
    "Expecting value": "value",
    "Expecting ',' delimiter": "comma",
    "Expecting ':' delimiter": "colon",
    "Expecting property name enclosed in double quotes": "key",
    "Unterminated string starting at": "string",
    "Invalid control character at": "control",
    "Invalid \\escape": "escape",
    "Invalid \\uXXXX escape": "escape",
    "Extra data": "extra",
    "Illegal trailing comma before end of object": "trailing-comma",
    "Illegal trailing comma before end of array": "trailing-comma",
}
"""What Python's json says is wrong, by the texts that say it in the player's language."""


def _json_error(msg: str) -> Message | str:
    """The json module's reason in the player's language where the catalogue has it, else its own words."""
    key = _JSON_ERRORS.get(msg)
    return Message(f"json.{key}") if key else msg.removesuffix(" at")


def read_json(path: str | os.PathLike[str], limit: int, what: Message) -> Any:
    """The JSON data of the file at ``path`` (see ``_read_bytes``): UTF-8 with or without a BOM,
    no key twice in one object, no NaN or Infinity."""
    p = os.fspath(path)
    text = read_text(p, limit, what)
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        # json says "Invalid control character at" and puts the place after it; the place is said before
        where = (Message("where.line", line=e.lineno, column=e.colno),)
        raise FileError(p, where, Message("file.not-json", error=_json_error(e.msg))) from None
    except _DuplicateKey as e:
        raise FileError(p, (), Message("file.key-twice", key=repr(e.args[0]))) from None
    except _Constant as e:
        error = Message("file.constant", name=e.args[0])
        raise FileError(p, (), Message("file.not-what", what=what, error=error)) from None
    except RecursionError:
        raise FileError(p, (), Message("file.too-deep", what=what)) from None
    except ValueError as e:  # an integer with thousands of digits: Python's advice is for programmers
        said = Message("file.long-number", digits=sys.get_int_max_str_digits()) if "digits" in str(e) else str(e)
        raise FileError(p, (), Message("file.not-what", what=what, error=said)) from None


class _DuplicateKey(ValueError):
    pass


class _Constant(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for k, v in pairs:
        if k in d:
            raise _DuplicateKey(k)
        d[k] = v
    return d


def _no_constant(name: str) -> Any:
    raise _Constant(name)


# Locking a game while it is played


class GameInUse(MessageError, OSError):
    """Another hjerterfri holds the game's lock: it is being played there."""

    def __init__(self, path: str | os.PathLike[str], pid: int | None = None) -> None:
        self.why = Message("game.open", pid=pid) if pid else Message("game.open.somewhere")
        OSError.__init__(self, errno.EAGAIN, str(self.why), os.fspath(path))
        self.message = Message("file.error", path=os.fspath(path), reason=self.why)
        self.pid = pid


class GameLock:
    """An exclusive lock on a game's file while it is played, so two programs never write over
    each other's moves. The lock is ``flock`` on ``.NAME.json.lock`` beside the game (the game itself
    is replaced on every save, so it cannot hold the lock): the OS drops it when the process ends,
    however it ends. The lock file holds the holder's process id, for the message; it is removed on
    release, and one left by a killed process is simply locked again.

    A link is followed: the lock is on the file it points to. Where no lock file can be made (a
    read-only directory, where nothing can be saved either) and where there is no ``flock``
    (Windows), the game is played unlocked."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(os.path.realpath(path))
        self.lock_path = self.path.with_name(f".{self.path.name}.lock")
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> GameLock:
        """Take the lock, or raise ``GameInUse`` at once (never waits)."""
        if self._fd is not None or fcntl is None:
            return self
        while True:
            try:
                fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
            except OSError:
                return self  # no lock file can be made here: see the class docstring
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                pid = _pid_in(fd)
                os.close(fd)
                raise GameInUse(self.path, pid) from None
            except BaseException:
                os.close(fd)
                raise
            if _same_file(fd, self.lock_path):
                break
            os.close(fd)  # the last holder removed that file after we opened it: lock the new one
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd
        return self

    def release(self) -> None:
        """Give the lock up and remove the lock file (still holding it, so nobody locks a removed file)."""
        if self._fd is None:
            return
        with contextlib.suppress(OSError):  # a directory made read-only meanwhile: the file stays, unlocked
            self.lock_path.unlink(missing_ok=True)
        os.close(self._fd)
        self._fd = None

    def __enter__(self) -> GameLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()

    def __repr__(self) -> str:
        return f"<GameLock {self.path} {'held' if self.held else 'free'}>"


def _same_file(fd: int, path: Path) -> bool:
    try:
        on_disk = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (on_disk.st_dev, on_disk.st_ino) == (mine.st_dev, mine.st_ino)


def _pid_in(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None
