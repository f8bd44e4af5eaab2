"""``hjerterfri arena``: bots against each other on duplicate deals, or two bots compared on the same deals.

Deal ``d`` (1, 2, ...) is dealt from ``(seed, d)`` and played as round ``d``
(so the pass direction follows the cycle) once per seat rotation: with n seats
(3, 4 or 5: one bot listed per seat), in rotation ``k`` the bot listed ``i``-th
in ``--seats`` sits at seat ``(i + k) % n``. Every bot thus plays every hand from every seat. Each deal is
played on its own (the bots see game totals of 0), so deals can go to worker
processes or to a cluster; games are formed afterwards: in each rotation, consecutive deals are
summed until someone reaches the target (100), and the lowest total wins (a tie
shares the win). A game left unfinished by the last deal is not counted.

``--compare A,B --against X,Y,Z`` plays every deal twice, with A and with B listed first (the tested
seat) against the same opponents with the same seeds, and measures the difference A - B deal by deal
(``compare``). A deal is the unit of work: a pure function of the lineups and its number, so it can be
played anywhere, again after a lost worker, and its result kept in the results file (``Results``).
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import threading
import time
from argparse import Namespace
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import IO, Any

from .bots import level_name, make_bot
from .paths import data_dir, write_atomic
from .rules import Rules, preset
from .table import Event, Table, local_players
from .table.players import EXEC, Player

FORMAT = "hjerterfri-arena"
FORMAT_VERSION = 1
"""The results file's format: a header line naming the run, one line per deal, the figures last."""


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
        return cls(deal, **data)


class ArenaFault(ValueError):
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
        make = local_players(alarm=True, stderr_dir=data_dir(self.data_dir) / "bots" / self.label)
        return [make(i, spec, bot_seed(self.seed, i)) for i, spec in enumerate(self.specs)]


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
                    raise ArenaFault(
                        f"bot {i + 1} ({lineup.specs[i]}) on deal {deal}, rotation {rotation + 1}: {d.fault}"
                    )
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


# Where deals are played: here, in worker processes, or on a cluster

_LOCAL = threading.local()
"""Each thread's players: (the lineups, their players), built at the first deal and kept for the next."""


def deal_task(lineups: tuple[Lineup, ...], deal: int) -> list[DealResult]:
    """Deal ``deal`` played by every lineup: the unit of work, the same wherever and however often it runs."""
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
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            yield from pool.imap_unordered(partial(_numbered_task, lineups), deals)


# The results file


class ResultsError(ValueError):
    """A results file that is not this run's, or that cannot be read: one line naming it."""


class Results:
    """A run's results, one JSON line per deal, appended as each deal comes in, so a run stopped at any
    point goes on where it stopped: the first line names the run (a rerun of another run is refused),
    each further line is ``{"deal": d, "results": [...]}`` (one result per lineup), and once a run is
    complete a last line holds its figures, ``{"figures": {...}}``. A line cut short by a kill is dropped."""

    def __init__(self, path: str | Path, header: dict[str, Any]) -> None:
        self.path = Path(path)
        self.header = {"format": FORMAT, "version": FORMAT_VERSION, **header}
        self._file: IO[str] | None = None

    def load(self) -> dict[int, list[DealResult]]:
        """The deals kept so far (none for a new file); the file is left holding the header and those deals."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            text = ""
        except (OSError, UnicodeDecodeError) as e:
            raise ResultsError(f"{self.path}: cannot read the results: {e}") from None
        if not text.strip():
            self._rewrite({})
            return {}
        lines = text.split("\n")
        complete = text.endswith("\n")
        if not complete:
            lines = lines[:-1]  # the last line was being written when the run stopped
        header = self._parse(lines[0], 1) if lines else {}
        if header != self.header:
            raise ResultsError(f"{self.path} holds the results of another run ({_differs(header, self.header)})")
        done: dict[int, list[DealResult]] = {}
        tidy = complete
        for number, line in enumerate(lines[1:], 2):
            if not line.strip():
                continue
            data = self._parse(line, number)
            if "figures" in data:
                tidy = False
                continue
            deal, results = data.get("deal"), data.get("results")
            if not isinstance(deal, int) or not isinstance(results, list):
                raise ResultsError(f"{self.path}, line {number}: not a deal's results")
            try:
                entry = [DealResult.from_json(deal, r) for r in results]
            except TypeError:
                raise ResultsError(f"{self.path}, line {number}: not a deal's results") from None
            if deal in done:
                tidy = False
            done.setdefault(deal, entry)  # a deal is counted once
        if not tidy:
            self._rewrite(done)
        return done

    def append(self, deal: int, results: list[DealResult]) -> None:
        """Keep one deal's results (written and flushed at once)."""
        if self._file is None:
            self._file = self.path.open("a", encoding="utf-8")
        self._file.write(_line({"deal": deal, "results": [r.to_json() for r in results]}))
        self._file.flush()

    def finish(self, done: dict[int, list[DealResult]], figures: dict[str, Any]) -> None:
        """Write the file anew: the header, every deal in order, then the figures."""
        self.close()
        self._rewrite(done, figures)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _rewrite(self, done: dict[int, list[DealResult]], figures: dict[str, Any] | None = None) -> None:
        lines = [_line(self.header)]
        lines += [_line({"deal": d, "results": [r.to_json() for r in done[d]]}) for d in sorted(done)]
        if figures is not None:
            lines.append(_line({"figures": figures}))
        write_atomic(self.path, "".join(lines))

    def _parse(self, line: str, number: int) -> dict[str, Any]:
        try:
            data = json.loads(line)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            raise ResultsError(f"{self.path}, line {number}: not a JSON object; is it an arena results file?")
        return data


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def _differs(found: dict[str, Any], wanted: dict[str, Any], prefix: str = "") -> str:
    """The first field in which the run in a file differs from this run, in words."""
    key = next((k for k in wanted if found.get(k) != wanted[k]), "format")
    if isinstance(found.get(key), dict) and isinstance(wanted[key], dict):
        return _differs(found[key], wanted[key], f"{prefix}{key}.")
    return f"{prefix}{key}: {found.get(key)!r} there, {wanted[key]!r} here; name another file"


def header(lineups: tuple[Lineup, ...]) -> dict[str, Any]:
    """What makes a run's deals the same deals: the bots, the seed, the rules, the time limit."""
    first = lineups[0]
    return {
        "lineups": [list(lineup.specs) for lineup in lineups],
        "seed": first.seed,
        "rules": first.rules.to_dict(),
        "limit": first.limit,
    }


def collect(
    lineups: tuple[Lineup, ...],
    deals: int,
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    results: Results | None = None,
    progress: bool = False,
) -> dict[int, list[DealResult]]:
    """Deals 1 to ``deals`` played by every lineup, each counted once: those in ``results`` are kept,
    the others played and appended to it as they come in. Returns every deal known, by number (the
    results file may hold more than were asked for)."""
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
    return done


def _check_specs(specs: Sequence[str], seed: int) -> None:
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
    """Play the arena and return its figures (the last line of the results file)."""
    _check_specs(specs, seed)
    lineups = (Lineup(tuple(specs), seed, rules, limit, keep_going, data_dir),)
    store = None if results is None else Results(results, header(lineups))
    start = time.perf_counter()
    done = collect(lineups, deals, jobs=jobs, scheduler=scheduler, results=store, progress=progress)
    fig = summarize(specs, [done[d][0] for d in range(1, deals + 1)], seed, rules, time.perf_counter() - start)
    if store is not None:
        store.finish(done, fig)
    return fig


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
    the paired differences."""
    _check_specs([a, *against], seed)
    _check_specs([b], seed)
    lineups = tuple(
        Lineup((spec, *against), seed, rules, limit, keep_going, data_dir, label)
        for spec, label in ((a, "arena-a"), (b, "arena-b"))
    )
    store = None if results is None else Results(results, header(lineups))
    start = time.perf_counter()
    done = collect(lineups, deals, jobs=jobs, scheduler=scheduler, results=store, progress=progress)
    rows = [done[d] for d in range(1, deals + 1)]
    fig = summarize_compare(a, b, against, rows, seed, rules, time.perf_counter() - start)
    if store is not None:
        store.finish(done, fig)
    return fig


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


# The figures


MIN_BLOCKS = 10
"""Blocks of deals a comparison needs for an interval on the games won (fewer: the share alone)."""
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131)
"""Student's t at 97.5% for 1 to 15 degrees of freedom (beyond, a series in 1/df)."""


def t95(df: int) -> float:
    """The half-width factor of a two-sided 95% interval of a mean over ``df + 1`` units."""
    if df <= len(T95):
        return T95[df - 1]
    z = 1.959964
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def interval(xs: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``xs`` (one value per independent unit) and its 95% interval (nan with fewer than two)."""
    if not xs:
        return math.nan, math.nan, math.nan
    mean = statistics.fmean(xs)
    if len(xs) < 2:
        return mean, math.nan, math.nan
    half = t95(len(xs) - 1) * statistics.stdev(xs) / math.sqrt(len(xs))
    return mean, mean - half, mean + half


def _quantile(xs: list[float], q: float) -> float:
    if not xs:
        return math.nan
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def summarize(specs: list[str], results: list[DealResult], seed: int, rules: Rules, seconds: float) -> dict[str, Any]:
    """The figures per seat type from the played deals."""
    names = [level_name(s) for s in specs]
    types = list(dict.fromkeys(names))
    n = len(specs)
    out: dict[str, Any] = {
        "seats": names,
        "deals": len(results),
        "rounds_per_deal": n,
        "seed": seed,
        "preset": rules.name,
        "target": rules.target,
        "seconds": round(seconds, 1),
        "games_rule": f"per rotation, consecutive deals summed until someone reaches {rules.target}; "
        "lowest total wins, a tie shares the win; bots see totals 0",
        "types": {},
    }
    games = _games(results, n, rules.target)
    for t in types:
        out["types"][t] = _figures(results, [i for i in range(n) if names[i] == t], n, games)
    return out


def _figures(results: list[DealResult], idx: list[int], n: int, games: list[dict[int, float]]) -> dict[str, Any]:
    """The figures of the listed bots ``idx`` (the seats of one type) together."""
    mean, low, high = interval([statistics.fmean(r.points[k][i] for k in range(n) for i in idx) for r in results])
    plays = [x for res in results for i in idx for x in res.play_times[i]]
    passes = [x for res in results for i in idx for x in res.pass_times[i]]
    faults = [f for res in results for i in idx for f in res.faults[i]] if results and results[0].faults else []
    return {
        "seats": len(idx),
        "points_per_round": _r(mean),
        "ci95": [_r(low), _r(high)],
        "games": len(games),
        "games_won": _r(sum(w for g in games for i, w in g.items() if i in idx)),
        "fair_share_of_games": _r(len(games) * len(idx) / n),
        "moons_shot": sum(1 for res in results for s in res.shooters if s in idx),
        "moons_conceded": sum(1 for res in results for s in res.shooters for i in idx if s is not None and s != i),
        "seat_rounds": len(results) * n * len(idx),
        "play_ms_median": _r(_quantile(plays, 0.5) * 1000),
        "play_ms_p95": _r(_quantile(plays, 0.95) * 1000),
        "play_ms_max": _r(max(plays, default=math.nan) * 1000),
        "pass_ms_median": _r(_quantile(passes, 0.5) * 1000),
        "pass_ms_p95": _r(_quantile(passes, 0.95) * 1000),
        "pass_ms_max": _r(max(passes, default=math.nan) * 1000),
        "faults": len(faults),
        "fault_examples": faults[:3],
    }


def _r(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 3)


def _games(results: list[DealResult], n: int, target: int) -> list[dict[int, float]]:
    """Finished games in every rotation: per game, each listed bot's share of the win."""
    games = []
    for k in range(n):
        totals = [0] * n
        for res in results:
            for i in range(n):
                totals[i] += res.points[k][i]
            if max(totals) >= target:
                low = min(totals)
                winners = [i for i in range(n) if totals[i] == low]
                games.append({i: 1 / len(winners) for i in winners})
                totals = [0] * n
    return games


def paired_games(rows: list[list[DealResult]], n: int, target: int) -> list[tuple[float, float]]:
    """The games of a comparison, in blocks of consecutive deals: from a block's first deal, every rotation
    plays a game with A and one with B until someone reaches ``target``; the block ends with the last of
    these games, and the next block starts after it. Per block, the tested seat's share of the wins with A
    and with B, each averaged over the rotations (blocks share no deal, so they are independent units)."""
    blocks: list[tuple[float, float]] = []
    start = 0
    while start < len(rows):
        wins: dict[tuple[int, int], float] = {}
        totals = {(k, x): [0] * n for k in range(n) for x in (0, 1)}
        end = start
        while end < len(rows) and len(wins) < len(totals):
            for (k, x), t in totals.items():
                if (k, x) in wins:
                    continue
                for i in range(n):
                    t[i] += rows[end][x].points[k][i]
                if max(t) >= target:
                    low = min(t)
                    wins[k, x] = (1 / t.count(low)) if t[0] == low else 0.0
            end += 1
        if len(wins) < len(totals):
            break  # the last block is unfinished: not counted
        blocks.append((statistics.fmean(wins[k, 0] for k in range(n)), statistics.fmean(wins[k, 1] for k in range(n))))
        start = end
    return blocks


def summarize_compare(
    a: str, b: str, against: list[str], rows: list[list[DealResult]], seed: int, rules: Rules, seconds: float
) -> dict[str, Any]:
    """The figures of a comparison: A's and B's, and the paired differences A - B with their 95% intervals,
    over deals for the points and over blocks of deals for the games."""
    n = rules.players
    tested = [[statistics.fmean(row[x].points[k][0] for k in range(n)) for row in rows] for x in (0, 1)]
    diff = [pa - pb for pa, pb in zip(*tested, strict=True)]
    blocks = paired_games(rows, n, rules.target)
    won = [[block[x] for block in blocks] for x in (0, 1)]
    out: dict[str, Any] = {
        "compare": [level_name(a), level_name(b)],
        "against": [level_name(s) for s in against],
        "deals": len(rows),
        "rounds_per_deal": n,
        "seed": seed,
        "preset": rules.name,
        "target": rules.target,
        "seconds": round(seconds, 1),
        "points_per_round": {},
        "games_won": {"blocks": len(blocks), "games": len(blocks) * n},
        "differing_deals": sum(1 for d in diff if d),
        "games_rule": f"blocks of consecutive deals: from a block's first deal every rotation plays a game with A "
        f"and one with B until someone reaches {rules.target}; the next block starts after the last of them; "
        "lowest total wins, a tie shares the win; bots see totals 0",
    }
    for key, points, wins in (("a", tested[0], won[0]), ("b", tested[1], won[1]), ("a-b", diff, _minus(won))):
        mean, low, high = interval(points)
        out["points_per_round"][key] = {"mean": _r(mean), "ci95": [_r(low), _r(high)]}
        mean, low, high = interval(wins) if len(wins) >= MIN_BLOCKS else (interval(wins)[0], math.nan, math.nan)
        out["games_won"][key] = {"share": _r(mean), "ci95": [_r(low), _r(high)]}
    for x, key in ((0, "a"), (1, "b")):
        results = [row[x] for row in rows]
        out[key] = _figures(results, [0], n, _games(results, n, rules.target))
    return out


def _minus(won: list[list[float]]) -> list[float]:
    return [x - y for x, y in zip(won[0], won[1], strict=True)]


def format_table(fig: dict[str, Any]) -> str:
    """The figures as a plain text table."""
    width = max(12, *(len(t) + 2 for t in fig["types"]))
    lines = [
        f"arena: {','.join(fig['seats'])}  preset {fig['preset']}  seed {fig['seed']}  "
        f"{fig['deals']} deals x {fig['rounds_per_deal']} rotations  ({fig['seconds']} s)",
        f"{'seat type':<{width}}{'seats':>6}{'points/round':>14}{'95% CI':>16}{'games won':>14}"
        f"{'moons shot':>12}{'conceded':>10}{'play ms med/p95/max':>22}{'pass ms med/p95/max':>22}",
    ]
    for t, f in fig["types"].items():
        ci = f"{_fmt(f['ci95'][0])}-{_fmt(f['ci95'][1])}"
        won = f"{_fmt(f['games_won'], 1)}/{f['games']}"
        lines.append(
            f"{t:<{width}}{f['seats']:>6}{_fmt(f['points_per_round']):>14}{ci:>16}{won:>14}"
            f"{f['moons_shot']:>12}{f['moons_conceded']:>10}{_times(f, 'play'):>22}{_times(f, 'pass'):>22}"
        )
    for t, f in fig["types"].items():
        if f.get("faults"):
            lines.append(_faults_line(t, f))
    fair = 26 / len(fig["seats"])  # the 26 points of a round (a kitty's included), shared evenly
    lines.append(f"fair share: {fair:.1f} points per round per seat. games: {fig['games_rule']}.")
    lines.append("moons: shot = rounds a seat of the type shot; conceded = seat-rounds in which another seat shot.")
    return "\n".join(lines)


def format_compare(fig: dict[str, Any]) -> str:
    """A comparison's figures as plain text."""
    a, b = fig["compare"]
    points, games = fig["points_per_round"], fig["games_won"]
    lines = [
        f"compare: A {a}  B {b}  against {','.join(fig['against'])}",
        f"preset {fig['preset']}  seed {fig['seed']}  {fig['deals']} deals x {fig['rounds_per_deal']} rotations, "
        f"each played with A and with B in the tested seat  ({fig['seconds']} s)",
        f"{'':<8}{'points/round':>14}{'95% CI':>22}{'games won':>14}{'95% CI':>22}",
    ]
    for key, name, sign in (("a", "A", ""), ("b", "B", ""), ("a-b", "A - B", "+")):
        p, g = points[key], games[key]
        lines.append(
            f"{name:<8}{_fmt(p['mean'], 3, sign):>14}{_span(p['ci95'], sign):>22}"
            f"{_fmt(g['share'], 3, sign):>14}{_span(g['ci95'], sign):>22}"
        )
    lines.append(
        f"points: the tested seat's per round (lower is better), paired over {fig['deals']} deals "
        f"(A and B scored differently on {fig['differing_deals']})."
    )
    lines.append(
        f"games won: the tested seat's share of the games, paired over {games['blocks']} blocks of deals "
        f"({games['games']} games each for A and B): {fig['games_rule']}."
    )
    if games["blocks"] < MIN_BLOCKS:
        lines.append(f"games won: too few blocks for an interval ({games['blocks']}; it takes {MIN_BLOCKS}).")
    for key, name in (("a", "A"), ("b", "B")):
        f = fig[key]
        lines.append(
            f"{name}: moons shot {f['moons_shot']}, conceded {f['moons_conceded']}; "
            f"ms per play {_times(f, 'play')}, per pass {_times(f, 'pass')} (median/p95/max)"
        )
        if f.get("faults"):
            lines.append(_faults_line(name, f))
    return "\n".join(lines)


def _times(f: dict[str, Any], kind: str) -> str:
    return f"{_fmt(f[kind + '_ms_median'], 1)}/{_fmt(f[kind + '_ms_p95'], 1)}/{_fmt(f[kind + '_ms_max'], 0)}"


def _faults_line(name: str, f: dict[str, Any]) -> str:
    return f"{name}: {f['faults']} faults, the fallback (let) played instead; e.g. {f['fault_examples'][0]}"


def _fmt(x: float | None, digits: int = 2, sign: str = "") -> str:
    return "-" if x is None else f"{x:{sign}.{digits}f}"


def _span(ci: list[float | None], sign: str = "") -> str:
    return f"{_fmt(ci[0], 3, sign)} to {_fmt(ci[1], 3, sign)}"


def _bots(text: str, flag: str, counts: tuple[int, ...], wanted: str) -> list[str]:
    """The bots of a comma-separated flag, ``counts`` of them (a ValueError that says ``wanted`` otherwise)."""
    specs = [s.strip() for s in text.split(",")]
    if len(specs) not in counts or not all(specs):
        raise ValueError(f"{flag} needs {wanted}, not {text!r}")
    return specs


def main(args: Namespace) -> int:
    """The ``arena`` command: play, print the figures, keep every deal's results if asked."""
    if (args.seats is None) == (args.compare is None):
        raise ValueError("name the bots with --seats, or two bots with --compare A,B and the others with --against")
    if args.compare is not None and args.against is None:
        raise ValueError("--compare A,B needs --against: the opponents, one per other seat (2 to 4 bots)")
    if args.seats is not None and args.against is not None:
        raise ValueError("--against goes with --compare, not with --seats")
    if args.deals < 1:
        raise ValueError(f"--deals must be at least 1, not {args.deals}")
    if args.jobs < 1:
        raise ValueError(f"--jobs must be at least 1, not {args.jobs}")
    if args.move_limit <= 0:
        raise ValueError(f"--move-limit must be a positive number of seconds, not {args.move_limit:g}")
    options: dict[str, Any] = {
        "progress": sys.stderr.isatty(),
        "limit": args.move_limit,
        "keep_going": args.keep_going,
        "results": args.json,
        "scheduler": args.scheduler,
        "data_dir": getattr(args, "data_dir", None),
    }
    if args.seats is not None:
        specs = _bots(args.seats, "--seats", (3, 4, 5), "3, 4 or 5 comma-separated bots (one per seat)")
        fig = run(specs, args.deals, args.seed, preset(args.preset, len(specs)), args.jobs, **options)
        print(format_table(fig))
    else:
        a, b = _bots(args.compare, "--compare", (2,), "two comma-separated bots, A,B")
        against = _bots(args.against, "--against", (2, 3, 4), "2, 3 or 4 comma-separated bots (one per other seat)")
        rules = preset(args.preset, len(against) + 1)
        fig = compare(a, b, against, args.deals, args.seed, rules, args.jobs, **options)
        print(format_compare(fig))
    return 0
