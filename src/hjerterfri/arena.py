"""``hjerterfri arena``: bots against each other on duplicate deals.

Deal ``d`` (1, 2, ...) is dealt from ``(seed, d)`` and played as round ``d``
(so the pass direction follows the cycle) once per seat rotation: with n seats
(3, 4 or 5: one bot listed per seat), in rotation ``k`` the bot listed ``i``-th
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
from typing import Any

from .bots import Bot, level_name, make_bot
from .engine import Round, deal_cards
from .rules import Rules, preset


@dataclass
class DealResult:
    """One deal played in every rotation: points per rotation per listed bot, moons, decision times."""

    deal: int
    points: list[list[int]]
    """``points[k][i]``: what the ``i``-th listed bot scored in rotation ``k``."""
    shooters: list[int | None]
    """Per rotation, the listed bot that shot the moon."""
    play_times: list[list[float]] = field(default_factory=list)
    pass_times: list[list[float]] = field(default_factory=list)


_WORKER: dict[str, Any] = {}


def _init_worker(specs: list[str], seed: int, rules: Rules) -> None:
    _WORKER["bots"] = [make_bot(spec, bot_seed(seed, i)) for i, spec in enumerate(specs)]
    _WORKER["rules"] = rules
    _WORKER["seed"] = seed


def bot_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th listed bot."""
    return seed * 16 + index


def _play_deal_task(deal: int) -> DealResult:
    return play_deal(_WORKER["bots"], _WORKER["rules"], _WORKER["seed"], deal)


def play_deal(bots: list[Bot], rules: Rules, seed: int, deal: int) -> DealResult:
    """Deal ``deal`` (1-based) played once per seat rotation."""
    hands, kitty = deal_cards(rules, seed, deal)
    n = rules.players
    result = DealResult(deal, [], [], [[] for _ in range(n)], [[] for _ in range(n)])
    clock = time.perf_counter
    for k in range(n):
        seat_bot = [(s - k) % n for s in range(n)]  # seat -> listed bot index
        r = Round(rules, hands, deal, kitty)
        if r.phase.value == "passing":
            for seat in range(n):
                i = seat_bot[seat]
                t0 = clock()
                cards = bots[i].choose_pass(r.view(seat))
                result.pass_times[i].append(clock() - t0)
                try:
                    r.pass_cards(seat, cards)
                except ValueError as e:
                    raise ValueError(f"bot {i + 1} passed badly: {e}") from None
        while not r.is_over:
            seat = r.turn
            i = seat_bot[seat]
            t0 = clock()
            card = bots[i].choose_play(r.view(seat))
            result.play_times[i].append(clock() - t0)
            try:
                r.play(card)
            except ValueError as e:
                raise ValueError(f"bot {i + 1} played badly: {e}") from None
        scores = r.scores()
        result.points.append([scores[(i + k) % n] for i in range(n)])
        shooter = r.moon_shooter()
        result.shooters.append(None if shooter is None else seat_bot[shooter])
    return result


def run(specs: list[str], deals: int, seed: int, rules: Rules, jobs: int = 1, progress: bool = False) -> dict[str, Any]:
    """Play the arena and return its figures (what ``--json`` writes)."""
    for i, spec in enumerate(specs):
        make_bot(spec, bot_seed(seed, i))  # fail early, with one line, on a bad spec
    results: list[DealResult] = []
    start = time.perf_counter()
    with _progress(progress, deals) as advance:
        if jobs <= 1:
            _init_worker(specs, seed, rules)
            for d in range(1, deals + 1):
                results.append(_play_deal_task(d))
                advance()
        else:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(jobs, _init_worker, (specs, seed, rules)) as pool:
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
    fair = 26 / len(fig["seats"])  # the 26 points of a round (a kitty's included), shared evenly
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
    if len(specs) not in (3, 4, 5) or not all(specs):
        raise ValueError(f"--seats needs 3, 4 or 5 comma-separated bots (one per seat), not {args.seats!r}")
    if args.deals < 1:
        raise ValueError(f"--deals must be at least 1, not {args.deals}")
    if args.jobs < 1:
        raise ValueError(f"--jobs must be at least 1, not {args.jobs}")
    rules = preset(args.preset, len(specs))
    fig = run(specs, args.deals, args.seed, rules, args.jobs, progress=sys.stderr.isatty())
    print(format_table(fig))
    if args.json:
        write_json(args.json, fig)
    return 0
