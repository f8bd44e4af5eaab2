"""Seconds from starting ``hjerterfri`` to the table on screen, in a real pseudo-terminal of 80x24.

Each run starts the command (flags fill in the start screen, so it goes straight to the table),
reads what it writes to the terminal until the table's header shows the round, and stops it.

    python benchmarks/startup.py [--repeats 7] [--command "hjerterfri --seed 1 --name Ida" ...]

Several ``--command``s are run in turn, one run of each per repeat, so that a busy machine slows them alike
(e.g. today's checkout beside an older one: ``--command "env PYTHONPATH=/tmp/old/src python -m hjerterfri ..."``).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import re
import select
import shlex
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-_]")


def seconds_to_table(command: list[str], marker: bytes, timeout: float = 30.0) -> float:
    """Start ``command`` in a pty and return the seconds until ``marker`` appears in its screen text."""
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "TERM": "xterm-256color", "HJERTERFRI_DATA_DIR": data, "COLUMNS": "80", "LINES": "24"}
        start = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: the game
            os.execvpe(command[0], command, env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        seen = b""
        try:
            while time.perf_counter() - start < timeout:
                ready, _, _ = select.select([fd], [], [], 0.05)
                if not ready:
                    continue
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
                if marker in ESCAPES.sub(b"", seen):
                    return time.perf_counter() - start
            raise SystemExit(f"no {marker!r} on screen within {timeout} s: {ESCAPES.sub(b'', seen)[-300:]!r}")
        finally:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(fd)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--command", action="append", help="a command to time (repeatable)")
    parser.add_argument("--marker", default="Round 1", help="text that shows the table is drawn")
    args = parser.parse_args()
    commands = args.command or [f"{sys.executable} -m hjerterfri --seed 1 --name Ida --lang en"]
    times: dict[str, list[float]] = {c: [] for c in commands}
    for _ in range(args.repeats):
        for c in commands:
            times[c].append(seconds_to_table(shlex.split(c), args.marker.encode()))
    for c, ts in times.items():
        print(f"{c}: to the table in {statistics.median(ts):.3f} s median", end="")
        print(f" (min {min(ts):.3f}, max {max(ts):.3f}, {args.repeats} runs)")


if __name__ == "__main__":
    main()
