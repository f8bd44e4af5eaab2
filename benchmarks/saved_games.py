"""How fast the commands read saved games: ``games`` over a folder of ordinary games, and
``replay --text`` (and the viewer's first frame) on a very long log just under the size limit and on
its beginnings (an eighth, a quarter, a half of it), to see how the time grows with the log.

The games are played by the bots from fixed seeds, so every run writes the same files:

    python benchmarks/saved_games.py make /tmp/hjerterfri-bench    # 1000 games and the long logs
    python benchmarks/saved_games.py run /tmp/hjerterfri-bench --repeats 3 [--against /work/main]

``run`` starts each command as its own process (as a player would) and reports the median wall
time and the median peak memory (maximum resident set size) over the repeats; ``--against`` runs
another checkout's code beside this one, alternately, and gives the ratio of their times.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hjerterfri.bots import make_bot
from hjerterfri.engine import Game, Phase
from hjerterfri.gamelog import MAX_BYTES, GameRecord, Seat, dumps
from hjerterfri.rules import preset

LEVELS = ("let", "middel")
LONG = (300, 600, 1200, 2400)
"""The long game is written after each of these rounds: its beginnings, and the whole, just under the limit."""


def seats(seed: int) -> tuple[Seat, ...]:
    level = LEVELS[seed % len(LEVELS)]
    return (Seat("Ida"), *(Seat(name, level, seed * 10 + i) for i, name in enumerate(("Nord", "Øst", "Vest"), 1)))


def play(record: GameRecord, rounds: int | None = None, at: Callable[[int], None] | None = None) -> None:
    """The bots play every seat (the human's too) to the end, or until ``rounds`` rounds are over;
    ``at(n)`` is called after round n. Views are built from running totals, so a long game costs the
    same per round throughout."""
    game: Game = record.game
    bots = [make_bot(s.bot or "middel", s.seed) for s in record.seats]
    totals = [0] * game.rules.players
    while True:
        r = game.round
        if r.phase is Phase.PASSING:
            seat = next(s for s, p in enumerate(r.passed) if p is None)
            r.pass_cards(seat, bots[seat].choose_pass(r.view(seat, tuple(totals))))
        elif r.phase is Phase.PLAYING:
            r.play(bots[r.turn].choose_play(r.view(r.turn, tuple(totals))))
        else:
            for s, p in enumerate(r.scores()):
                totals[s] += p
            if at is not None:
                at(r.number)
            if game.is_over() or (rounds is not None and r.number >= rounds):
                return
            game.next_round()


def make(directory: Path, games: int) -> None:
    """``games`` ordinary games (one in ten left unfinished) in ``directory/games``, and the long logs."""
    folder = directory / "games"
    folder.mkdir(parents=True, exist_ok=True)
    start = datetime(2025, 1, 1, 18, 0, tzinfo=UTC)
    for n in range(games):
        record = GameRecord.new(preset("dansk"), n, seats(n), start + timedelta(hours=n))
        play(record, rounds=3 if n % 10 == 9 else None)
        path = folder / f"{record.started:%Y-%m-%d_%H%M%S}_dansk.json"
        path.write_text(dumps(record), encoding="utf-8")
        os.utime(path, (record.started.timestamp(), record.started.timestamp()))
    print(f"{games} games in {folder}")
    rules = dataclasses.replace(preset("dansk"), target=1_000_000)
    record = GameRecord.new(rules, 7, seats(1), start)

    def write_long(n: int) -> None:
        if n in LONG:
            data = dumps(record).encode()
            (directory / f"long-{n}.json").write_bytes(data)
            print(f"long-{n}.json: {n} rounds, {len(data):,} bytes (the limit is {MAX_BYTES:,})")
            if len(data) > MAX_BYTES:
                sys.exit("over the limit: fewer rounds")

    play(record, rounds=LONG[-1], at=write_long)


def measure(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and peak resident MB of one run of ``argv`` (its output thrown away)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        sys.exit(f"{' '.join(argv)} failed: {proc.stderr.read().decode() if proc.stderr else ''}")
    return elapsed, usage.ru_maxrss / 1024  # ru_maxrss is in kB on Linux


VIEWER = """
import asyncio, sys
from hjerterfri.gamelog import load
from hjerterfri.tui.replay import ReplayApp

async def main():
    app = ReplayApp(load(sys.argv[1], lenient=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
asyncio.run(main())
"""


def run(directory: Path, repeats: int, against: Path | None) -> None:
    """Time each case; with ``against`` (another checkout), each repeat runs its code right after
    this one's, so both see the same machine, and the ratio is printed."""
    env = {**os.environ, "COLUMNS": "120", "HJERTERFRI_DATA_DIR": str(directory)}
    versions = {"this": env}
    if against is not None:
        versions["other"] = {**env, "PYTHONPATH": str(against / "src")}
    py = sys.executable
    games = len(list((directory / "games").glob("*.json")))
    cases = {f"games ({games} games)": [py, "-m", "hjerterfri", "games"]}
    logs = {n: str(directory / f"long-{n}.json") for n in LONG}
    for n, log in logs.items():
        cases[f"replay --text, {n} rounds"] = [py, "-m", "hjerterfri", "replay", log, "--text"]
    for n, log in logs.items():
        cases[f"viewer's first frame, {n} rounds"] = [py, "-c", VIEWER, log]
    header = "".join(f"{name + ' s':>10}{name + ' MB':>10}" for name in versions)
    print(f"{'':<36}{header}" + ("   ratio" if against else ""))
    for name, argv in cases.items():
        runs: dict[str, list[tuple[float, float]]] = {v: [] for v in versions}
        for _ in range(repeats):
            for version, version_env in versions.items():
                runs[version].append(measure(argv, version_env))
        medians = {v: tuple(map(statistics.median, zip(*rs, strict=True))) for v, rs in runs.items()}
        line = f"{name:<36}" + "".join(f"{s:10.2f}{mb:10.0f}" for s, mb in medians.values())
        if against is not None:
            line += f"   {medians['other'][0] / medians['this'][0]:5.1f}x"
        print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("make", help="write the games")
    m.add_argument("directory", type=Path)
    m.add_argument("--games", type=int, default=1000)
    r = sub.add_parser("run", help="time the commands on them")
    r.add_argument("directory", type=Path)
    r.add_argument("--repeats", type=int, default=3)
    r.add_argument("--against", type=Path, help="another checkout (e.g. /work/main) to time beside this one")
    args = parser.parse_args()
    if args.command == "make":
        make(args.directory, args.games)
    else:
        run(args.directory, args.repeats, args.against)


if __name__ == "__main__":
    main()
