"""``svær`` with one of its parts turned off, to measure that part on paired deals with ``arena --compare``.

Each keeps the samples ``svær`` had when it was measured (``FEWER``: before its rules got faster and it
took half as many again), so its figures in the README still come out of the same command.

    PYTHONPATH=benchmarks hjerterfri arena --compare svaer_variants:BeforeWalk,svaer_variants:FewerSamples \\
        --against middel,middel,middel --deals 300 --seed 7 --jobs 1
"""

from __future__ import annotations

from hjerterfri.bots.svaer import SvaerBot

FEWER = {"playouts": 960, "max_samples": 120, "max_fits": 480}


class BeforeWalk(SvaerBot):
    """``svær`` as it was before the walk: up to 1200 deals drawn to find those that explain every play,
    no walk to more (``walk``), and when too few are found, the best of the rest weighted by their
    surprises."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, exact_draws=1200, walk=0, **FEWER)


class WithoutExactFit(SvaerBot):
    """``svær`` drawing no deals beyond its first batch to find those that explain every play, and not
    walking to more (as before ``exact_draws`` and ``walk``)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, exact_draws=0, walk=0, **FEWER)


class Walk(SvaerBot):
    """``svær`` walking after only 1200 draws (as first measured at five players)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, exact_draws=1200, **FEWER)


class FewerSamples(SvaerBot):
    """``svær`` with the samples it had before its rules got faster: 960 playouts, up to 120 samples and 480
    deals fitted (two thirds of today's)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, **FEWER)
