"""``hjerterfri bot SPEC``: serve one bot over standard input and output with the bot protocol.

The table writes a hello (with the seat and the bot's seed), then one request per decision; this
answers each with the bot's cards, and ends at ``bye`` or at the end of its input. A bot that raises
is answered with an error line, and the table plays its fallback; the server goes on.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import IO, Any

from . import protocol
from .bots import Bot, make_bot


def serve(spec: str, stdin: IO[bytes], stdout: IO[bytes], seed: int | None = None) -> int:
    """Answer the table on ``stdin``/``stdout`` until it says bye; returns the exit status."""

    def send(message: dict[str, Any]) -> None:
        stdout.write(protocol.encode(message))
        stdout.flush()

    try:
        if not (line := stdin.readline(protocol.MAX_LINE + 1)):
            raise protocol.ProtocolError("the input ended before the table's hello")
        first = protocol.check_hello(protocol.decode(line))
    except protocol.ProtocolError as e:
        print(f"hjerterfri bot: {e}", file=sys.stderr)
        return 2
    given = first.get("seed")
    bot: Bot = make_bot(spec, seed if seed is not None else given if isinstance(given, int) else 0)
    send(protocol.hello(name=spec))
    while line := stdin.readline(protocol.MAX_LINE + 1):
        message: dict[str, Any] = {}
        try:
            message = protocol.decode(line)
            kind = message["type"]
            if kind == "bye":
                return 0
            if kind not in ("pass", "play"):
                raise protocol.ProtocolError(f"unknown request {kind!r}")
            view = protocol.view_from_json(message.get("view"))
        except protocol.ProtocolError as e:  # answered as the request's error, when it has an id
            send({"type": "error", **({"id": message["id"]} if "id" in message else {}), "message": str(e)})
            continue
        try:
            answer = bot.choose_pass(view) if kind == "pass" else [bot.choose_play(view)]
            cards = [str(c) for c in answer]
        except (Exception, SystemExit) as e:  # the table plays the fallback and says why; a bot may not end us
            send({"type": "error", "id": message.get("id"), "message": f"{type(e).__name__}: {e}"})
            continue
        send({"type": kind, "id": message.get("id"), "cards": cards})
    return 0


def main(args: argparse.Namespace) -> int:
    """The ``bot`` command. The protocol keeps standard output to itself: what the bot prints (``print``, or
    written to file descriptor 1) goes to standard error, the bot's log, and cannot break a line."""
    sys.stdout.flush()
    protocol_out = os.fdopen(os.dup(sys.stdout.fileno()), "wb", buffering=0)
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    with protocol_out:
        return serve(args.spec, sys.stdin.buffer, protocol_out, args.seed)
