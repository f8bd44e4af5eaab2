"""How long the coach takes: the analysis of a 10-round game, and the par of an 8-deal challenge.

Everything runs in this one process, on one core. The game is played by bots from fixed seeds (the seat
analysed by ``--player``, ``middel`` by default, the others by ``middel``), so every run times the same
work; the par is that of a fixed challenge. Wall-clock and CPU seconds are both printed: on a machine
shared with other work the CPU time is the steadier figure.

    python benchmarks/coach.py [--rounds 10] [--deals 8] [--repeats 1] [--player let] [--seed 1]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time

from hjerterfri.analysis import analyse
from hjerterfri.challenge import Challenge
from hjerterfri.gamelog import GameRecord
from hjerterfri.rules import preset
from hjerterfri.table import Table, local_players
from hjerterfri.table.par import par


def game(rounds: int, player: str, seed: int) -> GameRecord:
    """A game of ``rounds`` rounds (the target out of reach), seat 0 played by ``player``."""
    rules = dataclasses.replace(preset("dansk"), target=10_000)
    table = Table.new(
        rules, seed, ["Ida", "Nord", "Øst", "Vest"], [player, "middel", "middel", "middel"], local_players(), human=None
    )
    table.run(lambda t: len(t.game.rounds) == rounds and t.round.is_over)
    return table.record


def timed(work) -> tuple[float, float, object]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--player", default="middel", help="the bot whose play is analysed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    record = game(args.rounds, args.player, args.seed)
    walls, cpus = [], []
    for _ in range(args.repeats):
        wall, cpu, review = timed(lambda: analyse(record, 0))
        walls.append(wall)
        cpus.append(cpu)
    decisions = review.decisions  # type: ignore[attr-defined]
    forced = sum(d.forced for d in decisions)
    print(
        f"analysis of {args.rounds} rounds ({args.player} at seat 0, seed {args.seed}): "
        f"{len(decisions)} decisions ({forced} forced); median of {args.repeats}: "
        f"{statistics.median(walls):.1f} s wall, {statistics.median(cpus):.1f} s CPU; "
        f"lost {review.cost:.1f} ± {review.margin:.1f} points"  # type: ignore[attr-defined]
    )

    challenge = Challenge("dansk", 4, "standard", args.seed, args.deals, ("middel",) * 3)
    walls, cpus = [], []
    for _ in range(args.repeats):
        wall, cpu, points = timed(lambda: par(challenge))
        walls.append(wall)
        cpus.append(cpu)
    print(
        f"par of {challenge.code} ({args.deals} deals): {points}; median of {args.repeats}: "
        f"{statistics.median(walls):.1f} s wall, {statistics.median(cpus):.1f} s CPU"
    )


if __name__ == "__main__":
    main()
