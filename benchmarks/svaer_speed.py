"""``svær``'s decisions timed beside another version's on the same positions: how fast, and the same cards?

The positions are those of rounds played by ``middel`` (fixed deals): each round's passing hand and
every play with a choice of one seat, a different seat each round. Each version decides them in a
process of its own, from its own source: this checkout's ``src``, and ``--baseline``, a git revision of
this repository (read with ``git archive``) or a directory holding the ``hjerterfri`` package. The two
take turns, ``--repeats`` times each, so a busy machine slows them alike; the figures are medians of the
runs' mean times. The time cap is lifted, so a decision is a pure function of the seed and the view and
a change meant only to be faster must choose every card as before: the last line says whether it does.

    python benchmarks/svaer_speed.py --baseline 5576f4f [--players 4] [--preset dansk] [--rounds 6] [--repeats 3]

About 15 s per run of each version at four players on the development machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def worker(players: int, preset_name: str, rounds: int) -> None:
    """Decide every position with the ``svær`` on ``sys.path``; print the times and the choices as JSON."""
    from hjerterfri.bots.middel import MiddelBot
    from hjerterfri.bots.svaer import SvaerBot
    from hjerterfri.engine import Phase, Round
    from hjerterfri.rules import preset

    rules = preset(preset_name, players)
    middel = MiddelBot()
    passes, plays = [], []
    for n in range(rounds):
        seat = n % players
        r = Round.deal(rules, 100 + n, n % 4 + 1)
        if r.phase is Phase.PASSING:
            passes.append(r.view(seat))
            for s in range(players):
                r.pass_cards(s, middel.choose_pass(r.view(s)))
        while r.phase is Phase.PLAYING:
            view = r.view(r.turn)
            if r.turn == seat and view.legal_mask & (view.legal_mask - 1):
                plays.append(view)
            r.play(middel.choose_play(view))
    bot = SvaerBot(1, time_cap=1e9)
    start = time.perf_counter()
    chosen = [[int(c) for c in bot.choose_pass(v)] for v in passes]
    middle = time.perf_counter()
    chosen += [[int(bot.choose_play(v))] for v in plays]
    end = time.perf_counter()
    print(
        json.dumps(
            {
                "pass_ms": 1000 * (middle - start) / max(1, len(passes)),
                "play_ms": 1000 * (end - middle) / max(1, len(plays)),
                "passes": len(passes),
                "plays": len(plays),
                "chosen": chosen,
            }
        )
    )


def baseline_source(spec: str, scratch: Path) -> Path:
    """The directory to put on ``sys.path`` for ``spec``: a directory with the package, or a git revision."""
    path = Path(spec)
    if path.is_dir():
        for root in (path, path / "src"):
            if (root / "hjerterfri" / "__init__.py").is_file():
                return root
        raise SystemExit(f"svaer_speed: no hjerterfri package in {spec!r} (nor in its src)")
    if spec.startswith("-"):  # never an option to git
        raise SystemExit(f"svaer_speed: {spec!r} is neither a directory nor a revision of this repository")
    archive = scratch / "baseline.tar"
    with archive.open("wb") as out:
        done = subprocess.run(
            ["git", "-C", str(REPO), "archive", "--format=tar", spec, "src"], stdout=out, stderr=subprocess.PIPE
        )
    if done.returncode:
        raise SystemExit(f"svaer_speed: {spec!r} is neither a directory nor a revision of this repository")
    with tarfile.open(archive) as tar:
        tar.extractall(scratch, filter="data")
    return scratch / "src"


def run(source: Path, args: argparse.Namespace) -> dict:
    """One run of the worker with ``source`` first on its path."""
    env = dict(os.environ, PYTHONPATH=str(source))
    command = [sys.executable, __file__, "--worker", "--players", str(args.players), "--preset", args.preset]
    done = subprocess.run([*command, "--rounds", str(args.rounds)], env=env, capture_output=True, text=True)
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise SystemExit(f"svaer_speed: the run from {source} failed: {last}")
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="HEAD", help="a git revision or a directory (default HEAD)")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--preset", default="dansk", choices=("dansk", "dansk-hus", "svensk"))
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.players, args.preset, args.rounds)
        return
    with tempfile.TemporaryDirectory() as scratch:
        baseline = baseline_source(args.baseline, Path(scratch))
        sources = {f"baseline {args.baseline}": baseline, "this checkout": REPO / "src"}
        runs: dict[str, list[dict]] = {name: [] for name in sources}
        for _ in range(args.repeats):
            for name, source in sources.items():
                runs[name].append(run(source, args))
    first = runs["this checkout"][0]
    print(
        f"svær on {first['plays']} plays and {first['passes']} passes ({args.players} players, {args.preset},"
        f" {args.rounds} rounds), {args.repeats} runs of each version in turn; medians:"
    )
    width = max(len(name) for name in runs)
    print(f"{'':{width}}  play ms  pass ms")
    medians = {}
    for name, results in runs.items():
        medians[name] = [statistics.median(r[k] for r in results) for k in ("play_ms", "pass_ms")]
        print(f"{name:{width}}  {medians[name][0]:7.1f}  {medians[name][1]:7.1f}")
    base, this = medians[f"baseline {args.baseline}"], medians["this checkout"]
    print(f"{'speed-up':{width}}  {base[0] / this[0]:6.2f}x  {base[1] / max(this[1], 1e-9):6.2f}x")
    theirs, ours = runs[f"baseline {args.baseline}"][0]["chosen"], first["chosen"]
    differ = sum(a != b for a, b in zip(theirs, ours, strict=False))
    if len(theirs) != len(ours):
        print(f"decisions: not comparable, the baseline met {len(theirs)} positions and this checkout {len(ours)}")
    elif differ:
        print(f"decisions: {differ} of {len(ours)} differ from the baseline's")
    else:
        print(f"decisions: all {len(ours)} the same as the baseline's")


if __name__ == "__main__":
    main()
