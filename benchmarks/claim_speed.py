"""How long the engine takes to decide a claim: positions from seeded random rounds at the second trick
(twelve tricks to go, the earliest a claim is made) and late in the round, at four, five and eight players;
the claimant is the seat to play. Reports the median, the 95th percentile and the slowest, and how many held.

    python benchmarks/claim_speed.py [--positions 300]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from hjerterfri.claim import claim
from hjerterfri.engine import Phase, Round
from hjerterfri.rules import Rules, preset
from hjerterfri.view import PlayerView


def position(rules: Rules, seed: int, tricks: int) -> PlayerView:
    """Round 1 from ``seed``, passed and played at random until ``tricks`` tricks are done and one more begun
    (a random number of cards into it)."""
    rng = random.Random(seed)
    r = Round.deal(rules, seed, 1)
    while r.phase is Phase.PASSING:
        seat = next(s for s, p in enumerate(r.passed) if p is None)
        r.pass_cards(seat, rng.sample(r.hand_cards(seat), rules.pass_count))
    while len(r.tricks) < tricks:
        r.push(rng.choice(r.legal_plays()))
    for _ in range(rng.randrange(rules.players)):
        r.push(rng.choice(r.legal_plays()))
    return r.view(r.turn)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    args = parser.parse_args()
    for rules in (preset("dansk"), preset("dansk", 5), preset("svensk", 8)):
        hand = rules.hand_size
        for tricks, label in ((1, "second trick"), (hand - 3, "three tricks left")):
            times, held = [], 0
            for seed in range(args.positions):
                view = position(rules, seed, tricks)
                start = time.perf_counter()
                held += claim(view).holds
                times.append(time.perf_counter() - start)
            times.sort()
            ms = [1000 * x for x in (statistics.median(times), times[int(0.95 * len(times))], times[-1])]
            print(
                f"{rules.players} players, {label}: median {ms[0]:.2f} ms, 95% {ms[1]:.2f} ms, slowest {ms[2]:.2f} ms"
                f" ({held} of {len(times)} held)"
            )


if __name__ == "__main__":
    main()
