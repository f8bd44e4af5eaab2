"""``hjerterfri arena``: bots against each other on duplicate deals, or two bots compared on the same deals.

Every deal is played once per seat rotation, so every bot plays every hand from every seat (``play``).
Each deal is played on its own (the bots see game totals of 0), so deals can go to worker processes or
to a Dask cluster (``cluster``); games are formed afterwards: in each rotation, consecutive deals are
summed until someone reaches the target (100), and the lowest total wins (a tie shares the win). A game
left unfinished by the last deal is not counted (``figures``).

``--compare A,B --against X,Y,Z`` plays every deal twice, with A and with B listed first (the tested
seat) against the same opponents with the same seeds, and measures the difference A - B deal by deal.
``--json FILE`` keeps each deal's results as they come in (``results``); the same command again goes
on where it stopped.
"""

from __future__ import annotations

import contextlib
import sys
import time
from argparse import Namespace
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..catalogue import Message
from ..rules import Rules, preset
from ..table.players import EXEC
from .figures import (
    MIN_BLOCKS,
    format_compare,
    format_table,
    interval,
    paired_games,
    summarize,
    summarize_compare,
    t95,
)
from .play import ArenaError, ArenaFault, DealResult, Lineup, bot_seed, play_deal, played
from .results import Results, ResultsError, header

__all__ = [
    "MIN_BLOCKS",
    "ArenaError",
    "ArenaFault",
    "DealResult",
    "Lineup",
    "Results",
    "ResultsError",
    "collect",
    "compare",
    "format_compare",
    "format_table",
    "interval",
    "main",
    "paired_games",
    "play_deal",
    "run",
    "summarize",
    "summarize_compare",
    "t95",
]


def collect(
    lineups: tuple[Lineup, ...],
    deals: int,
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    results: Results | None = None,
    progress: bool = False,
) -> tuple[dict[int, list[DealResult]], int]:
    """Deals 1 to ``deals`` played by every lineup, each counted once: those in ``results`` are kept,
    the others played and appended to it as they come in. Returns every deal known, by number (the
    results file may hold more than were asked for), and how many were played now."""
    done = results.load() if results is not None else {}
    todo = [d for d in range(1, deals + 1) if d not in done]
    try:
        with _progress(progress, deals, deals - len(todo)) as advance:
            for d, res in played(lineups, todo, jobs, scheduler):
                if d in done:
                    continue
                done[d] = res
                if results is not None:
                    results.append(d, res)
                advance()
    finally:
        if results is not None:
            results.close()
    return done, len(todo)


Figures = Callable[[list[list[DealResult]], float], dict[str, Any]]
"""The figures of deals 1 to N (each a result per lineup), given the seconds they took."""


def _arena(
    lineups: tuple[Lineup, ...], deals: int, figures: Figures, results: str | Path | None, **where: Any
) -> dict[str, Any]:
    """Play (or take from ``results``) deals 1 to ``deals`` and sum them up with ``figures``."""
    store = None if results is None else Results(results, header(lineups))
    start = time.perf_counter()
    done, now = collect(lineups, deals, results=store, **where)
    fig = figures([done[d] for d in range(1, deals + 1)], time.perf_counter() - start)
    fig["played"] = now
    if store is not None:
        store.finish(done, fig)
    return fig


def _check_specs(specs: Sequence[str], seed: int) -> None:
    with contextlib.redirect_stdout(sys.stderr):  # what a bot module prints as it is imported is its log
        for i, spec in enumerate(specs):
            if not spec.startswith(EXEC):
                make_bot(spec, bot_seed(seed, i))  # fail early, with one line, on a bad spec


def run(
    specs: list[str],
    deals: int,
    seed: int,
    rules: Rules,
    jobs: int = 1,
    progress: bool = False,
    limit: float | None = None,
    keep_going: bool = False,
    *,
    results: str | Path | None = None,
    scheduler: str | None = None,
    data_dir: str | None = None,
) -> dict[str, Any]:
    """Play the arena and return its figures (also the last line of the results file)."""
    _check_specs(specs, seed)
    lineups = (Lineup(tuple(specs), seed, rules, limit, keep_going, data_dir),)

    def figures(rows: list[list[DealResult]], seconds: float) -> dict[str, Any]:
        return summarize(specs, [row[0] for row in rows], seed, rules, seconds)

    return _arena(lineups, deals, figures, results, jobs=jobs, scheduler=scheduler, progress=progress)


def compare(
    a: str,
    b: str,
    against: list[str],
    deals: int,
    seed: int,
    rules: Rules,
    jobs: int = 1,
    progress: bool = False,
    limit: float | None = None,
    keep_going: bool = False,
    *,
    results: str | Path | None = None,
    scheduler: str | None = None,
    data_dir: str | None = None,
) -> dict[str, Any]:
    """Bots ``a`` and ``b`` on the same deals, listed first against the same ``against``: their figures and
    the paired differences (also the last line of the results file)."""
    _check_specs([a, *against], seed)
    _check_specs([b], seed)
    lineups = tuple(
        Lineup((spec, *against), seed, rules, limit, keep_going, data_dir, label)
        for spec, label in ((a, "arena-a"), (b, "arena-b"))
    )

    def figures(rows: list[list[DealResult]], seconds: float) -> dict[str, Any]:
        return summarize_compare(a, b, against, rows, seed, rules, seconds)

    return _arena(lineups, deals, figures, results, jobs=jobs, scheduler=scheduler, progress=progress)


class _progress:
    """A rich progress bar on stderr (imported only when shown), or nothing."""

    def __init__(self, show: bool, total: int, done: int = 0) -> None:
        self.show = show
        self.total = total
        self.done = done

    def __enter__(self):
        if not self.show:
            return lambda: None
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.bar = Progress(
            TextColumn("arena"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("deals"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self.bar.start()
        task = self.bar.add_task("deals", total=self.total, completed=self.done)
        return lambda: self.bar.advance(task)

    def __exit__(self, *exc: object) -> None:
        if self.show:
            self.bar.stop()


def _bots(text: str, flag: str, counts: Sequence[int], wanted: str) -> list[str]:
    """The bots of a comma-separated flag, ``counts`` of them (an ArenaError that says ``wanted``,
    a key ``arena.wanted.WANTED``, otherwise)."""
    specs = [s.strip() for s in text.split(",")]
    if len(specs) not in counts or not all(specs):
        raise ArenaError(Message("arena.bots", flag=flag, wanted=Message(f"arena.wanted.{wanted}"), text=repr(text)))
    return specs


def main(args: Namespace) -> int:
    """The ``arena`` command: play, print the figures, keep every deal's results if asked."""
    if (args.seats is None) == (args.compare is None):
        raise ArenaError(Message("arena.no-bots"))
    if args.compare is not None and args.against is None:
        raise ArenaError(Message("arena.compare.alone"))
    if args.seats is not None and args.against is not None:
        raise ArenaError(Message("arena.against.seats"))
    if args.deals < 1:
        raise ArenaError(Message("arena.deals", deals=args.deals))
    if args.jobs < 1:
        raise ArenaError(Message("arena.jobs", jobs=args.jobs))
    if args.jobs > 1 and args.scheduler is not None:
        raise ArenaError(Message("arena.jobs.scheduler"))
    if not 0 < args.move_limit < 1e6:  # nan and inf too: every decision failed, and the results file broke
        raise ArenaError(Message("arena.move-limit", limit=args.move_limit))
    options: dict[str, Any] = {
        "progress": sys.stderr.isatty(),
        "limit": args.move_limit,
        "keep_going": args.keep_going,
        "results": args.json,
        "scheduler": args.scheduler,
        "data_dir": getattr(args, "data_dir", None),
    }
    try:
        if args.seats is not None:
            specs = _bots(args.seats, "--seats", range(3, 9), "seats")
            fig = run(specs, args.deals, args.seed, preset(args.preset, len(specs)), args.jobs, **options)
            print(format_table(fig))
        else:
            a, b = _bots(args.compare, "--compare", (2,), "compare")
            against = _bots(args.against, "--against", range(2, 8), "against")
            rules = preset(args.preset, len(against) + 1)
            fig = compare(a, b, against, args.deals, args.seed, rules, args.jobs, **options)
            print(format_compare(fig))
    except KeyboardInterrupt:  # Ctrl-C said nothing: that the deals are kept, and how to go on, is worth a line
        if args.json is not None:
            from ..i18n import Texts
            from ..launch import language

            t = Texts(language(args, args.preset))
            print(t("cli.says", message=t("arena.stopped.json", file=args.json)), file=sys.stderr)
        raise
    return 0
