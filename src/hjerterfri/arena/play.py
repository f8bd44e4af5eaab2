"""A deal played by the arena's bots in every seat rotation, and where deals are played: here, in worker
processes, or on a cluster.

Deal ``d`` (1, 2, ...) is dealt from ``(seed, d)`` and played as round ``d`` (so the pass direction
follows the cycle) once per seat rotation: with n seats (3 to 8; 6 to 8 play svensk with two decks),
in rotation ``k`` the bot listed ``i``-th sits at seat ``(i + k) % n``. A deal is the unit of work: a
pure function of the lineups and its number (``deal_task``), so it can be played anywhere, and again
after a lost worker.
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import threading
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from multiprocessing.queues import Queue
from queue import Empty
from typing import Any

from ..catalogue import Message, MessageError
from ..paths import data_dir
from ..rules import Rules
from ..table import Event, Table, local_players
from ..table.players import Player, ProcessPlayer

WORKER_GRACE = 3.0
"""Seconds a worker told to end has to end its bots' programs before it is killed."""
JOB_WAIT = 10.0
"""Seconds a starting worker waits for its job's number (all are put before the pool starts)."""


@dataclass
class DealResult:
    """One deal played in every rotation: points per rotation per listed bot, moons, decision times, faults."""

    deal: int
    points: list[list[int]]
    """``points[k][i]``: what the ``i``-th listed bot scored in rotation ``k``."""
    shooters: list[int | None]
    """Per rotation, the listed bot that shot the moon."""
    play_times: list[list[float]] = field(default_factory=list)
    pass_times: list[list[float]] = field(default_factory=list)
    faults: list[list[str]] = field(default_factory=list)
    """Per listed bot, its faults (the fallback was played instead)."""

    def to_json(self) -> dict[str, Any]:
        """The result as plain JSON data (times in seconds, to the microsecond)."""
        data = asdict(self)
        del data["deal"]
        for key in ("play_times", "pass_times"):
            data[key] = [[round(t, 6) for t in times] for times in data[key]]
        return data

    @classmethod
    def from_json(cls, deal: int, data: dict[str, Any]) -> DealResult:
        """What ``to_json`` wrote; ``TypeError`` for anything of another shape (a file edited by hand)."""
        keys = {"points", "shooters", "play_times", "pass_times", "faults"}
        if not isinstance(data, dict) or set(data) != keys or deal < 1:
            raise TypeError("not a deal's result")
        rotations = data["points"]
        if not (_rows(rotations, int) and rotations and _row(data["shooters"], int, none=True)):
            raise TypeError("not a deal's result")
        if len(data["shooters"]) != len(rotations) or len({len(r) for r in rotations}) != 1:
            raise TypeError("not a deal's result")
        if not (_rows(data["play_times"], float) and _rows(data["pass_times"], float) and _rows(data["faults"], str)):
            raise TypeError("not a deal's result")
        return cls(deal, **data)


def _row(values: Any, kind: type, none: bool = False) -> bool:
    """A list of ``kind`` (an int is a float too; a bool is neither), or None where ``none``."""
    kinds = (int, float) if kind is float else (kind,)
    return isinstance(values, list) and all(
        (none and v is None) or (type(v) in kinds and (kind is not float or math.isfinite(v))) for v in values
    )


def _rows(values: Any, kind: type) -> bool:
    return isinstance(values, list) and all(_row(v, kind) for v in values)


class ArenaError(MessageError, ValueError):
    """An arena that cannot be run as asked (its flags, the cluster): one line."""


class ArenaFault(MessageError, ValueError):
    """A bot failed (raised, answered junk, broke a rule, took too long): one line naming it, the deal and the fault."""


@dataclass(frozen=True)
class Lineup:
    """The listed bots and how they play: each worker builds its own players from it."""

    specs: tuple[str, ...]
    seed: int
    rules: Rules
    limit: float | None = None
    """Seconds a bot has for a decision before the fallback is played (None: no limit)."""
    keep_going: bool = False
    """Play the fallback and count the fault, instead of stopping at the first fault."""
    data_dir: str | None = None
    """The data directory given (None: the default, wherever the players are built)."""
    label: str = "arena"
    """The folder under ``bots/`` in the data directory that takes the standard error of ``exec:`` bots."""

    def players(self) -> list[Player]:
        """One player per listed bot, seated in turn at every seat."""
        folder = data_dir(self.data_dir) / "bots" / self.label
        make = local_players(alarm=True, stderr_dir=folder, log=_bot_log)
        return [make(i, spec, bot_seed(self.seed, i)) for i, spec in enumerate(self.specs)]


def _bot_name(lineup: Lineup, index: int) -> str:
    """How the arena's lines name the ``index``-th listed bot: by its number, the bot compared by its letter
    ("bot A", "bot B": B's fault was "bot 1")."""
    if index == 0 and lineup.label.startswith("arena-"):
        return lineup.label.removeprefix("arena-").upper()
    return str(index + 1)


_JOB: list[int] = []
"""This worker's number (1 to ``--jobs``) when several play at once: each job's programs get logs of their own."""


def _bot_log(index: int) -> str:
    """The log of the ``index``-th listed bot, by the name the arena's lines give it ("bot 1" for the first),
    and the job's number when several play at once (two jobs' programs wrote into one file, line through line)."""
    job = f".job-{_JOB[0]}" if _JOB else ""
    return f"bot-{index + 1}{job}.txt"


def bot_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th listed bot."""
    return seed * 16 + index


def play_deal(lineup: Lineup, players: list[Player], deal: int) -> DealResult:
    """Deal ``deal`` (1-based, dealt from the seed as round ``deal``) played once per seat rotation."""
    n = lineup.rules.players
    result = DealResult(deal, [], [], [[] for _ in range(n)], [[] for _ in range(n)], [[] for _ in range(n)])
    names = [f"bot {i + 1}" for i in range(n)]
    for k in range(n):
        listed = [(s - k) % n for s in range(n)]  # seat -> listed bot index
        seated = [players[i] for i in listed]
        table = Table.new(
            lineup.rules,
            lineup.seed,
            [names[i] for i in listed],
            [lineup.specs[i] for i in listed],
            partial(_seated, seated),
            human=None,
            limit=lineup.limit,
            first_round=deal,
        )

        def note(_table: Table, event: Event, rotation: int = k, listed: list[int] = listed) -> None:
            d = event.decision
            if d is None:
                return
            i = listed[d.seat]
            (result.pass_times if d.kind == "pass" else result.play_times)[i].append(d.seconds)
            if d.fault is not None:
                if not lineup.keep_going:
                    bot = _bot_name(lineup, i)
                    said = {"bot": bot, "spec": lineup.specs[i], "deal": deal, "rotation": rotation + 1}
                    player = players[i]
                    log = player.stderr if isinstance(player, ProcessPlayer) else None
                    if log is None:  # a bot in this process, or a program without a log
                        raise ArenaFault(Message("arena.fault", **said, fault=d.fault.message))
                    raise ArenaFault(Message("arena.fault.log", **said, fault=d.fault.message, log=str(log)))
                result.faults[i].append(str(d.fault))

        table.listeners.append(note)
        r = table.play_round()
        scores = r.scores()
        result.points.append([scores[(i + k) % n] for i in range(n)])
        shooter = r.moon_shooter()
        result.shooters.append(None if shooter is None else listed[shooter])
    return result


def _seated(seated: list[Player], seat: int, _spec: str, _seed: int) -> Player:
    """The player at ``seat`` in this rotation (the lineup's players, built once, take every seat in turn)."""
    return seated[seat]


_LOCAL = threading.local()
"""Each thread's players: (the lineups, their players), built at the first deal and kept for the next."""


def deal_task(lineups: tuple[Lineup, ...], deal: int) -> list[DealResult]:
    """Deal ``deal`` played by every lineup: the unit of work, the same wherever and however often it runs.
    What a bot prints goes to standard error, its log: standard output is the arena's figures."""
    with contextlib.redirect_stdout(sys.stderr):
        kept = getattr(_LOCAL, "players", None)
        if kept is None or kept[0] != lineups:
            close_players()
            kept = _LOCAL.players = (lineups, [lineup.players() for lineup in lineups])
        return [play_deal(lineup, players, deal) for lineup, players in zip(lineups, kept[1], strict=True)]


def close_players() -> None:
    """End this thread's players (their programs, for ``exec:`` bots)."""
    kept = getattr(_LOCAL, "players", None)
    _LOCAL.players = None
    for players in kept[1] if kept else []:
        for player in players:
            player.close()


def _numbered_task(lineups: tuple[Lineup, ...], deal: int) -> tuple[int, list[DealResult]]:
    return deal, deal_task(lineups, deal)


def played(
    lineups: tuple[Lineup, ...], deals: Sequence[int], jobs: int = 1, scheduler: str | None = None
) -> Iterator[tuple[int, list[DealResult]]]:
    """Each deal's number and results as they come in (in any order): on a Dask cluster at ``scheduler``,
    in ``jobs`` worker processes, or here."""
    if scheduler is not None:
        from .cluster import played_on_cluster

        yield from played_on_cluster(scheduler, lineups, deals)
    elif jobs <= 1:
        try:
            for d in deals:
                yield d, deal_task(lineups, d)
        finally:
            close_players()
    else:
        yield from _played_in_workers(lineups, deals, jobs)


def _worker_start(jobs: Queue[int]) -> None:
    """A worker takes its job's number, and ends its players as it exits, or when it is told to end (SIGTERM,
    from ``_played_in_workers``): a bot program that outlives its input would be left running."""
    import signal
    from multiprocessing.util import Finalize

    _JOB[:] = _job_number(jobs)
    Finalize(None, close_players, exitpriority=10)
    signal.signal(signal.SIGTERM, _end_worker)


def _job_number(jobs: Queue[int]) -> list[int]:
    """The number this worker takes, or none if none comes. A number put a moment ago may not have reached the
    queue's pipe yet (a feeder thread writes it): ``get_nowait`` then found it empty, and the worker wrote
    the log without a job's number that another job was writing too."""
    try:
        return [jobs.get(timeout=JOB_WAIT)]
    except Empty:
        return []


def _end_worker(number: int, frame: object) -> None:
    close_players()
    os._exit(128 + number)


def _played_in_workers(
    lineups: tuple[Lineup, ...], deals: Sequence[int], jobs: int
) -> Iterator[tuple[int, list[DealResult]]]:
    """``played`` in ``jobs`` worker processes. A worker that dies (a bot that ends its process, the system
    killing it) is one line naming a deal it was playing, not a wait for a result that never comes.

    A few deals a worker are in flight at a time, and finished ones come back through a queue: waiting
    on it holds no future's lock, so Ctrl-C here cannot leave the pool's own thread stuck on one."""
    import multiprocessing
    import queue
    from concurrent.futures import Future, ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    spawn = multiprocessing.get_context("spawn")
    numbers = spawn.Queue()
    for number in range(1, jobs + 1):
        numbers.put(number)
    pool = ProcessPoolExecutor(jobs, mp_context=spawn, initializer=_worker_start, initargs=(numbers,))
    finished: queue.SimpleQueue[Future[tuple[int, list[DealResult]]]] = queue.SimpleQueue()
    waiting: dict[Future[tuple[int, list[DealResult]]], int] = {}
    ahead = iter(deals)
    try:
        while True:
            while len(waiting) < 16 * jobs and (deal := next(ahead, None)) is not None:
                future = pool.submit(_numbered_task, lineups, deal)
                waiting[future] = deal
                future.add_done_callback(finished.put)
            if not waiting:
                break
            future = finished.get()
            deal = waiting.pop(future)
            try:
                yield future.result()
            except BrokenProcessPool:
                raise ArenaError(Message("arena.worker-died", deal=deal)) from None
    except BaseException:  # a bot's fault, Ctrl-C, SIGTERM, the caller stopping: no worker is left playing on
        workers = list((getattr(pool, "_processes", None) or {}).values())
        for process in workers:
            process.terminate()  # each ends its bots' programs first (``_worker_start``); killed, it left them
        for process in workers:
            process.join(WORKER_GRACE)
            if process.is_alive():
                process.kill()
        pool.shutdown(wait=True, cancel_futures=True)  # the pool, broken now, ends and joins every worker
        raise
    pool.shutdown(wait=True)
