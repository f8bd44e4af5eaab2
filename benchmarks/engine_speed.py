"""Random legal full rounds per second: hjerterfri's engine beside OpenSpiel's Hearts.

Both are driven from Python the same way: deal, pass three random cards per seat,
play random legal cards through 13 tricks, score. OpenSpiel's chance nodes (the
pass direction and the deal) are sampled from its chance outcomes.

    pip install -e '.[bench]'
    python benchmarks/engine_speed.py [--seconds 3] [--repeats 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from hjerterfri import preset
from hjerterfri.engine import Round


def hjerterfri_rounds(seconds: float, checked: bool) -> float:
    """Rounds per second through the engine: ``play`` (checked) or ``push`` (the search path)."""
    rules = preset("dansk")
    rng = random.Random(1)
    start = time.perf_counter()
    n = 0
    while (elapsed := time.perf_counter() - start) < seconds:
        r = Round.deal(rules, rng.getrandbits(64), n % 4 + 1)
        if r.passed:
            for seat in range(4):
                if r.phase.value == "passing":
                    r.pass_cards(seat, rng.sample(r.hand_cards(seat), 3))
        if checked:
            while not r.is_over:
                r.play(rng.choice(r.legal_plays()))
        else:
            while not r.is_over:
                m = r.legal_mask()
                k = int(rng.random() * m.bit_count())
                for _ in range(k):
                    m &= m - 1
                r.push((m & -m).bit_length() - 1)
        r.scores()
        n += 1
    return n / elapsed


def openspiel_rounds(seconds: float) -> float:
    """Rounds per second through OpenSpiel's Hearts (open-spiel from PyPI)."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = random.Random(1)
    start = time.perf_counter()
    n = 0
    while (elapsed := time.perf_counter() - start) < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.choice(s.chance_outcomes())[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        s.returns()
        n += 1
    return n / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="how long each measurement runs")
    parser.add_argument("--repeats", type=int, default=5, help="measurements per contender, interleaved")
    args = parser.parse_args()
    contenders: dict[str, Callable[[], float]] = {
        "hjerterfri push (search path)": lambda: hjerterfri_rounds(args.seconds, checked=False),
        "hjerterfri play (checked)": lambda: hjerterfri_rounds(args.seconds, checked=True),
    }
    try:
        import pyspiel  # noqa: F401

        contenders["OpenSpiel hearts"] = lambda: openspiel_rounds(args.seconds)
    except ImportError:
        print("open-spiel is not installed (pip install -e '.[bench]'): measuring hjerterfri alone")
    rates: dict[str, list[float]] = {name: [] for name in contenders}
    for _ in range(args.repeats):
        for name, run in contenders.items():
            rates[name].append(run())
    medians = {name: statistics.median(r) for name, r in rates.items()}
    base = medians.get("OpenSpiel hearts")
    for name, med in medians.items():
        spread = f"{min(rates[name]):.0f}-{max(rates[name]):.0f}"
        ratio = f"  {med / base:.2f}x OpenSpiel" if base else ""
        print(f"{name:32} {med:8.0f} rounds/s (median of {args.repeats}, range {spread}){ratio}")


if __name__ == "__main__":
    main()
