"""Bytecode instructions the engine runs per part of a four-player round: a measure of its work that a busy,
shared machine does not disturb (timings there swing by a third). Compare two versions side by side:

    python benchmarks/engine_work.py                         # this checkout
    PYTHONPATH=/path/to/other/src python benchmarks/engine_work.py

The same seeds and the same cards every run, so equal counts mean the same work; the search path
(``copy``, ``legal_mask`` and ``push``) is what the bots run millions of times.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

from hjerterfri import preset
from hjerterfri.engine import Round

ROUNDS = 40


def instructions(work: Callable[[], object]) -> int:
    """How many bytecode instructions ``work()`` runs (every Python frame it enters, traced)."""
    count = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        if event == "opcode":
            count += 1
        return trace

    sys.settrace(trace)
    try:
        work()
    finally:
        sys.settrace(None)
    return count


def main() -> None:
    rules = preset("dansk")
    rng = random.Random(1)
    seeds = [rng.getrandbits(64) for _ in range(ROUNDS)]
    rounds: list[Round] = []
    copies: list[Round] = []

    def deal() -> None:
        rounds.extend(Round.deal(rules, s, 1) for s in seeds)

    def passing() -> None:
        for r in rounds:
            for seat in range(4):
                r.pass_cards(seat, r.hand_cards(seat)[:3])

    def copy() -> None:
        copies.extend(r.copy() for r in rounds)

    def play() -> None:
        for r in copies:
            while not r.is_over:
                m = r.legal_mask()
                r.push((m & -m).bit_length() - 1)

    def scores() -> None:
        for r in copies:
            r.scores()

    parts = [("deal", deal), ("hand_cards, pass, exchange", passing), ("copy", copy)]
    parts += [("legal_mask and push, 52 cards", play), ("scores", scores)]
    for name, work in parts:
        print(f"{name:30} {instructions(work) / ROUNDS:9.1f} instructions per round")


if __name__ == "__main__":
    main()
