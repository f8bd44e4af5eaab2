"""The arena's figures: points per round with their intervals, games, moons, decision times, faults; for a
comparison, the paired differences; and the text that shows them."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from ..bots import level_name
from ..literal import printable
from ..rules import Rules
from .play import DealResult

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
        "round_points": rules.round_points,
        "seconds": round(seconds, 1),
        "games_rule": f"per rotation, consecutive deals summed until someone reaches {rules.target}; "
        "lowest total wins, a tie shares the win (the arena's rule, whatever the preset's); bots see totals 0",
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
    won = [[a for a, _ in blocks], [b for _, b in blocks], [a - b for a, b in blocks]]
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
        "lowest total wins, a tie shares the win (the arena's rule, whatever the preset's); bots see totals 0",
    }
    for key, points, wins in zip(("a", "b", "a-b"), (*tested, diff), won, strict=True):
        mean, low, high = interval(points)
        out["points_per_round"][key] = {"mean": _r(mean), "ci95": [_r(low), _r(high)]}
        mean, low, high = interval(wins)
        if len(wins) < MIN_BLOCKS:
            low = high = math.nan
        out["games_won"][key] = {"share": _r(mean), "ci95": [_r(low), _r(high)]}
    for x, key in ((0, "a"), (1, "b")):
        results = [row[x] for row in rows]
        out[key] = _figures(results, [0], n, _games(results, n, rules.target))
    return out


def format_table(fig: dict[str, Any]) -> str:
    """The figures as a plain text table."""
    names = {t: printable(t) for t in fig["types"]}  # a bot's name is outside text: shown, never obeyed
    width = max(12, *(len(name) + 2 for name in names.values()))
    lines = [
        f"arena: {printable(','.join(fig['seats']))}  preset {fig['preset']}  seed {fig['seed']}  "
        f"{_deals(fig)} x {fig['rounds_per_deal']} rotations  ({_took(fig)})",
        f"{'seat type':<{width}}{'seats':>6}{'points/round':>14}{'95% CI':>16}{'games won':>14}"
        f"{'moons shot':>12}{'conceded':>10}{'play ms med/p95/max':>24}{'pass ms med/p95/max':>24}",
    ]
    for t, f in fig["types"].items():
        ci = _range(f["ci95"])
        won = f"{_fmt(f['games_won'], 1)}/{f['games']}"
        lines.append(
            f"{names[t]:<{width}}{f['seats']:>6}{_fmt(f['points_per_round']):>14}{ci:>16}{won:>14}"
            f"{f['moons_shot']:>12}{f['moons_conceded']:>10}{_times(f, 'play'):>24}{_times(f, 'pass'):>24}"
        )
    for t, f in fig["types"].items():
        if f.get("faults"):
            lines.append(_faults_line(names[t], f))
    fair = fig["round_points"] / len(fig["seats"])  # a round's points (a kitty's included), shared evenly
    lines.append(f"fair share: {fair:.1f} points per round per seat. games: {fig['games_rule']}.")
    lines.append("moons: shot = rounds a seat of the type shot; conceded = seat-rounds in which another seat shot.")
    return "\n".join(lines)


def format_compare(fig: dict[str, Any]) -> str:
    """A comparison's figures as plain text."""
    a, b = fig["compare"]
    points, games = fig["points_per_round"], fig["games_won"]
    lines = [
        f"compare: A {printable(a)}  B {printable(b)}  against {printable(','.join(fig['against']))}",
        f"preset {fig['preset']}  seed {fig['seed']}  {_deals(fig)} x {fig['rounds_per_deal']} rotations, "
        f"each played with A and with B in the tested seat  ({_took(fig)})",
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
        f"games won: the tested seat's share of the games, paired over {_blocks(games['blocks'])} of deals "
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


def _blocks(n: int) -> str:
    return "1 block" if n == 1 else f"{n} blocks"


def _took(fig: dict[str, Any]) -> str:
    """The time the run took; how many deals it played, when some were in the results file already."""
    played = fig.get("played", fig["deals"])
    return f"{fig['seconds']} s" if played == fig["deals"] else f"{played} played in {fig['seconds']} s"


def _times(f: dict[str, Any], kind: str) -> str:
    """Median, p95 and max to a tenth of a millisecond (a max in whole ones read as less than its p95)."""
    return "/".join(_fmt(f[f"{kind}_ms_{k}"], 1) for k in ("median", "p95", "max"))


def _deals(fig: dict[str, Any]) -> str:
    n = fig["deals"]
    return f"{n} deal{'' if n == 1 else 's'}"


def _faults_line(name: str, f: dict[str, Any]) -> str:
    example = printable(f["fault_examples"][0])  # a program's own words, maybe
    n = f["faults"]
    return f"{name}: {n} fault{'' if n == 1 else 's'}, the fallback (let) played instead; e.g. {example}"


def _fmt(x: float | None, digits: int = 2, sign: str = "") -> str:
    return "-" if x is None else f"{x:{sign}.{digits}f}"


def _range(ci: list[float | None]) -> str:
    """An interval as 4.12-4.56; with a lower bound below 0 (a few deals) as -1.20 to 3.40, not -1.20-3.40."""
    if ci[0] is None or ci[1] is None:
        return "-"
    low, high = _fmt(ci[0]), _fmt(ci[1])
    return f"{low} to {high}" if low.startswith("-") else f"{low}-{high}"


def _span(ci: list[float | None], sign: str = "") -> str:
    return f"{_fmt(ci[0], 3, sign)} to {_fmt(ci[1], 3, sign)}"
