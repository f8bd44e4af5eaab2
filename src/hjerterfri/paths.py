"""Where hjerterfri keeps its files, and how it writes them.

hjerterfri makes its own data directory (and ``games/`` in it) when it first saves there; every
other file it writes (``arena --json FILE``, a game continued from FILE) goes into a directory that
must already exist, and a missing one is one line, never made silently.
"""

from __future__ import annotations

import errno
import os
import re
import tempfile
import time
from pathlib import Path

from .catalogue import Message, MessageError

ENV_DATA_DIR = "HJERTERFRI_DATA_DIR"
STALE_AFTER = 300.0
"""Seconds after which a temporary file of ours is taken as left by a killed save (a save takes
milliseconds)."""
_TEMPORARY = re.compile(r"^\..+\.json\.[A-Za-z0-9_]{8}\.tmp$")
"""``write_atomic``'s temporary files: ``.NAME.json.XXXXXXXX.tmp``."""


class PathError(MessageError, ValueError):
    """A path that names nothing (an empty one), or a data directory that is a file."""


class MissingDirectory(MessageError, FileNotFoundError):
    """The directory a file is to be written in does not exist (one line; it is never made silently)."""

    def __init__(self, path: str | os.PathLike[str], directory: Path) -> None:
        why = Message("path.no-directory", directory=str(directory))
        FileNotFoundError.__init__(self, errno.ENOENT, str(why), os.fspath(path))
        self.message = Message("file.error", path=os.fspath(path), reason=why)


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The data directory: ``override``, else $HJERTERFRI_DATA_DIR, else the user's data dir.
    An empty path is refused (``PathError``, one line), never taken as the default."""
    if override is not None:
        if not os.fspath(override):
            raise PathError(Message("path.data-dir.empty"))
        return _directory(Path(override))
    env = os.environ.get(ENV_DATA_DIR)
    if env is not None:
        if not env:
            raise PathError(Message("path.env.empty", name=ENV_DATA_DIR))
        return _directory(Path(env))
    from platformdirs import user_data_path

    return user_data_path("hjerterfri", appauthor=False)


def _directory(path: Path) -> Path:
    """``path``, unless it is something other than a directory (a file, where games would be looked for in it)."""
    if path.exists() and not path.is_dir():
        raise PathError(Message("path.not-directory", path=str(path)))
    return path


def games_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the game logs are kept."""
    return data_dir(override) / "games"


def settings_path(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the player's settings are kept between runs."""
    return data_dir(override) / "settings.json"


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: a temporary file in the same directory, synced,
    renamed over the target, and the directory synced, so a crash or a power loss leaves the old
    file or the new one, never half of one. Through a symbolic link, the file it points to is
    written (the link stays). The directory must exist (``MissingDirectory``, a FileNotFoundError naming it)."""
    if not os.fspath(path):
        raise PathError(Message("path.empty"))
    target = Path(os.path.realpath(path))
    if not target.parent.is_dir():
        raise MissingDirectory(path, target.parent)
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as e:
        raise _naming(e, path) from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException as e:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(e, OSError):
            raise _naming(e, path) from None
        raise
    _sync_directory(target.parent)


def _naming(error: OSError, path: str | os.PathLike[str]) -> OSError:
    """``error`` naming the file written, not the temporary file the player never heard of."""
    if error.errno is None:
        return error
    return OSError(error.errno, error.strerror, os.fspath(path))


def _sync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (POSIX; elsewhere a directory cannot be opened)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a directory; the rename itself is done
    finally:
        os.close(fd)


def remove_stale_temporaries(directory: str | os.PathLike[str], older_than: float = STALE_AFTER) -> int:
    """Remove ``write_atomic``'s temporary files that a killed save left in ``directory`` (only ours,
    only older than ``older_than`` seconds, so a save under way elsewhere keeps its own); how many."""
    try:
        names = [e for e in os.scandir(directory) if _TEMPORARY.match(e.name)]
    except OSError:
        return 0
    now = time.time()
    removed = 0
    for entry in names:
        try:
            if entry.is_file(follow_symlinks=False) and now - entry.stat(follow_symlinks=False).st_mtime > older_than:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed
