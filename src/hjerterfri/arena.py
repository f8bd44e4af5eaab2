"""``hjerterfri arena``: bots against each other on duplicate deals.

Deal ``d`` (1, 2, ...) is dealt from ``(seed, d)`` and played as round ``d``
(so the pass direction follows the cycle) once per seat rotation: with n seats
(3 to 8: one bot listed per seat; 6 to 8 play svensk with two decks), in rotation ``k`` the bot listed ``i``-th
in ``--seats`` sits at seat ``(i + k) % n``. Every bot thus plays every hand from every seat. Each deal is
played on its own (the bots see game totals of 0), so deals can go to worker
processes; games are formed afterwards: in each rotation, consecutive deals are
summed until someone reaches the target (100), and the lowest total wins (a tie
shares the win). A game left unfinished by the last deal is not counted.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from argparse import Namespace
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from .bots import level_name, make_bot
from .rules import Rules, preset
from .table import Event, Table, local_players
from .table.players import EXEC, Player


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


class ArenaFault(ValueError):
    """A bot failed (raised, answered junk, broke a rule, took too long): one line naming it, the deal and the fault."""


@dataclass(frozen=True)
class Lineup:
    """The listed bots and how they play: each worker process builds its own players from it."""

    specs: tuple[str, ...]
    seed: int
    rules: Rules
    limit: float | None = None
    """Seconds a bot has for a decision before the fallback is played (None: no limit)."""
    keep_going: bool = False
    """Play the fallback and count the fault, instead of stopping at the first fault."""

    def players(self) -> list[Player]:
        """One player per listed bot, seated in turn at every seat."""
        make = local_players(alarm=True)
        return [make(i, spec, bot_seed(self.seed, i)) for i, spec in enumerate(self.specs)]


_WORKER: dict[str, Any] = {}


def _init_worker(lineup: Lineup) -> None:
    _WORKER["lineup"] = lineup
    _WORKER["players"] = lineup.players()


def bot_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th listed bot."""
    return seed * 16 + index


def _play_deal_task(deal: int) -> DealResult:
    return play_deal(_WORKER["lineup"], _WORKER["players"], deal)


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


def run(
    specs: list[str],
    deals: int,
    seed: int,
    rules: Rules,
    jobs: int = 1,
    progress: bool = False,
    limit: float | None = None,
    keep_going: bool = False,
) -> dict[str, Any]:
    """Play the arena and return its figures (what ``--json`` writes)."""
    for i, spec in enumerate(specs):
        if not spec.startswith(EXEC):
            make_bot(spec, bot_seed(seed, i))  # fail early, with one line, on a bad spec
    lineup = Lineup(tuple(specs), seed, rules, limit, keep_going)
    results: list[DealResult] = []
    start = time.perf_counter()
    with _progress(progress, deals) as advance:
        if jobs <= 1:
            _init_worker(lineup)
            try:
                for d in range(1, deals + 1):
                    results.append(_play_deal_task(d))
                    advance()
            finally:
                for player in _WORKER.pop("players"):
                    player.close()
        else:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(jobs, _init_worker, (lineup,)) as pool:
                for res in pool.imap_unordered(_play_deal_task, range(1, deals + 1)):
                    results.append(res)
                    advance()
    results.sort(key=lambda r: r.deal)
    return summarize(specs, results, seed, rules, time.perf_counter() - start)


class _progress:
    """A rich progress bar on stderr (imported only when shown), or nothing."""

    def __init__(self, show: bool, total: int) -> None:
        self.show = show
        self.total = total

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
        task = self.bar.add_task("deals", total=self.total)
        return lambda: self.bar.advance(task)

    def __exit__(self, *exc: object) -> None:
        if self.show:
            self.bar.stop()


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
        "round_points": rules.round_points,
        "seconds": round(seconds, 1),
        "games_rule": f"per rotation, consecutive deals summed until someone reaches {rules.target}; "
        "lowest total wins, a tie shares the win; bots see totals 0",
        "types": {},
    }
    games = _games(results, n, rules.target)
    for t in types:
        idx = [i for i in range(n) if names[i] == t]
        per_deal = [statistics.fmean(res.points[k][i] for k in range(n) for i in idx) for res in results]
        mean = statistics.fmean(per_deal) if per_deal else math.nan
        half = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal)) if len(per_deal) > 1 else math.nan
        plays = [x for res in results for i in idx for x in res.play_times[i]]
        passes = [x for res in results for i in idx for x in res.pass_times[i]]
        shot = sum(1 for res in results for s in res.shooters if s in idx)
        conceded = sum(1 for res in results for s in res.shooters for i in idx if s is not None and s != i)
        won = sum(w for g in games for i, w in g.items() if i in idx)
        faults = [f for res in results for i in idx for f in res.faults[i]] if results and results[0].faults else []
        out["types"][t] = {
            "seats": len(idx),
            "points_per_round": _r(mean),
            "ci95": [_r(mean - half), _r(mean + half)],
            "games": len(games),
            "games_won": _r(won),
            "fair_share_of_games": _r(len(games) * len(idx) / n),
            "moons_shot": shot,
            "moons_conceded": conceded,
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
    return out


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


def format_table(fig: dict[str, Any]) -> str:
    """The figures as a plain text table."""
    lines = [
        f"arena: {','.join(fig['seats'])}  preset {fig['preset']}  seed {fig['seed']}  "
        f"{fig['deals']} deals x {fig['rounds_per_deal']} rotations  ({fig['seconds']} s)",
        f"{'seat type':<12}{'seats':>6}{'points/round':>14}{'95% CI':>16}{'games won':>14}"
        f"{'moons shot':>12}{'conceded':>10}{'play ms med/p95/max':>22}{'pass ms med/p95/max':>22}",
    ]
    for t, f in fig["types"].items():
        ci = f"{_fmt(f['ci95'][0])}-{_fmt(f['ci95'][1])}"
        won = f"{_fmt(f['games_won'], 1)}/{f['games']}"
        play = f"{_fmt(f['play_ms_median'], 1)}/{_fmt(f['play_ms_p95'], 1)}/{_fmt(f['play_ms_max'], 0)}"
        pas = f"{_fmt(f['pass_ms_median'], 1)}/{_fmt(f['pass_ms_p95'], 1)}/{_fmt(f['pass_ms_max'], 0)}"
        lines.append(
            f"{t:<12}{f['seats']:>6}{_fmt(f['points_per_round']):>14}{ci:>16}{won:>14}"
            f"{f['moons_shot']:>12}{f['moons_conceded']:>10}{play:>22}{pas:>22}"
        )
    for t, f in fig["types"].items():
        if f.get("faults"):
            lines.append(f"{t}: {f['faults']} faults, the fallback (let) played instead; e.g. {f['fault_examples'][0]}")
    fair = fig["round_points"] / len(fig["seats"])  # a round's points (a kitty's included), shared evenly
    lines.append(f"fair share: {fair:.1f} points per round per seat. games: {fig['games_rule']}.")
    lines.append("moons: shot = rounds a seat of the type shot; conceded = seat-rounds in which another seat shot.")
    return "\n".join(lines)


def _fmt(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def write_json(path: str, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` atomically."""
    from .paths import write_atomic

    write_atomic(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def main(args: Namespace) -> int:
    """The ``arena`` command: play, print the table, write JSON if asked."""
    specs = [s.strip() for s in args.seats.split(",")]
    if not 3 <= len(specs) <= 8 or not all(specs):
        raise ValueError(f"--seats needs 3 to 8 comma-separated bots (one per seat), not {args.seats!r}")
    if args.deals < 1:
        raise ValueError(f"--deals must be at least 1, not {args.deals}")
    if args.jobs < 1:
        raise ValueError(f"--jobs must be at least 1, not {args.jobs}")
    if args.move_limit <= 0:
        raise ValueError(f"--move-limit must be a positive number of seconds, not {args.move_limit:g}")
    rules = preset(args.preset, len(specs))
    fig = run(
        specs,
        args.deals,
        args.seed,
        rules,
        args.jobs,
        progress=sys.stderr.isatty(),
        limit=args.move_limit,
        keep_going=args.keep_going,
    )
    print(format_table(fig))
    if args.json:
        write_json(args.json, fig)
    return 0
