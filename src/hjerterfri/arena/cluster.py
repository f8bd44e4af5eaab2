"""The arena's deals on a Dask distributed cluster: ``hjerterfri arena --scheduler ADDRESS``.

Each deal is one task, ``play.deal_task(lineups, deal)``: a pure function of its arguments, so a run
gives the same results as on one machine with the same seed, and the scheduler may run a deal again on
another worker when the one it was on is lost; the arena counts each deal once, by its number. Every
worker thread builds its own players at its first deal and keeps them for the next. Dask is an optional
extra (``pip install 'hjerterfri[cluster]'``); every worker needs hjerterfri, and the bots named, too.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator, Sequence

from ..catalogue import Message, os_reason
from .play import ArenaError, ArenaFault, DealResult, Lineup, deal_task

CONNECT_SECONDS = 20
"""How long to wait for the scheduler to answer."""
TRANSPORTS = ("tcp", "tls", "ws", "wss", "inproc", "ucx")
"""Dask's ways to reach a scheduler (``tcp://`` when the address names none)."""


def _reachable(address: str) -> None:
    """Refuse in one line an address Dask cannot use or a TCP scheduler nobody listens at, before a
    ``Client`` is built: one that fails half-built held the program for 40 s as it ended, with a traceback."""
    scheme, sep, rest = address.rpartition("://")
    host, colon, port = rest.rpartition(":")
    if (sep and scheme not in TRANSPORTS) or (scheme in ("", "tcp") and not (host and colon and port.isdigit())):
        raise ArenaError(Message("arena.scheduler.address", address=address))
    if scheme in ("", "tcp"):
        try:
            socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
        except (OSError, ValueError) as e:
            error = os_reason(e) if isinstance(e, OSError) else str(e)
            raise ArenaError(Message("arena.scheduler", address=address, error=error)) from None


def played_on_cluster(
    address: str, lineups: tuple[Lineup, ...], deals: Sequence[int]
) -> Iterator[tuple[int, list[DealResult]]]:
    """Each deal's number and results as the cluster at ``address`` finishes them (in any order)."""
    try:
        from dask.base import tokenize
        from distributed import Client, as_completed
    except ImportError:
        raise ArenaError(Message("arena.needs-dask")) from None
    _reachable(address)
    try:
        client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise ArenaError(Message("arena.scheduler", address=address, error=str(e))) from None
    with client:
        run = tokenize(lineups)
        futures = {client.submit(deal_task, lineups, d, key=f"hjerterfri-deal-{d}-{run}"): d for d in deals}
        try:
            for future in as_completed(futures, loop=client.loop):
                deal = futures[future]
                try:
                    results = future.result()
                except ArenaFault:
                    raise
                except Exception as e:  # a worker without a bot's module, a deal lost with too many workers
                    error = f"{type(e).__name__}: {e}"
                    raise ArenaError(Message("arena.cluster.failed", deal=deal, error=error)) from None
                yield deal, results
        finally:
            client.cancel(list(futures))
