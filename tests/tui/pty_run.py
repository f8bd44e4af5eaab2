"""Run the real program in a pseudo-terminal: wait for the screen, press keys, read how it ended (POSIX)."""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import termios
import time
from dataclasses import dataclass
from pathlib import Path

ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-_]")
KEYS = {"space": b" ", "enter": b"\r", "right": b"\x1b[C", "left": b"\x1b[D", "up": b"\x1b[A", "down": b"\x1b[B"}


@dataclass
class Run:
    status: int
    """The exit status (a signal's number negated)."""
    screen: str
    """Everything written, control sequences taken out."""
    last_line: str
    """The last line with text on it (what a user reads after the program ends)."""
    seconds_after_last_key: float
    children_alive: list[int]
    """Processes started by the program that were still running after it ended."""


def _read(fd: int, seconds: float) -> bytes:
    ready, _, _ = select.select([fd], [], [], seconds)
    if not ready:
        return b""
    try:
        return os.read(fd, 65536)
    except OSError:
        return b""


def _plain(data: bytes) -> str:
    return ESCAPES.sub(b"", data).decode("utf-8", "replace")


def run_in_pty(command: list[str], ready: str, keys: list[str], env: dict[str, str], timeout: float = 20.0) -> Run:
    """Start ``command`` at 80x24, wait for ``ready`` on screen, press ``keys`` (names, letters,
    ``SLEEP:seconds`` or ``SIGNAL:TERM``), then wait for it to end (killing it after ``timeout``)."""
    marker = f"pty-run-{os.getpid()}-{time.monotonic_ns()}"
    full_env = {**os.environ, "TERM": "xterm-256color", **env, "HJERTERFRI_PTY_MARK": marker}
    pid, fd = pty_fork(command, full_env)
    seen = b""
    deadline = time.monotonic() + timeout
    while ready not in _plain(seen):
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            raise AssertionError(f"{ready!r} never appeared: {_plain(seen)[-400:]!r}")
        seen += _read(fd, 0.05)
    for key in keys:
        if key.startswith("SIGNAL:"):
            os.kill(pid, getattr(signal, f"SIG{key[7:]}"))
            continue
        if key.startswith("SLEEP:"):
            end = time.monotonic() + float(key[6:])
            while time.monotonic() < end:
                seen += _read(fd, 0.05)
            continue
        os.write(fd, KEYS.get(key, key.encode()))
        seen += _read(fd, 0.15)
    pressed = time.monotonic()
    status = None
    while status is None:
        chunk = _read(fd, 0.05)
        seen += chunk
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(code)
        elif time.monotonic() > deadline + 10:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            status = -9
    seconds = time.monotonic() - pressed
    while chunk := _read(fd, 0.1):
        seen += chunk
    os.close(fd)
    alive = _marked_processes(marker)
    for child in alive:
        os.kill(child, signal.SIGKILL)
    text = _plain(seen)
    lines = [line.strip() for line in text.replace("\r", "\n").split("\n") if line.strip()]
    return Run(status, text, lines[-1] if lines else "", seconds, alive)


def pty_fork(command: list[str], env: dict[str, str]) -> tuple[int, int]:
    import pty

    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(command[0], command, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def _marked_processes(marker: str) -> list[int]:
    """Processes whose environment carries ``marker`` (the program's and its children's)."""
    found = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            if marker.encode() in (proc / "environ").read_bytes():
                found.append(int(proc.name))
        except OSError:
            continue
    return found
