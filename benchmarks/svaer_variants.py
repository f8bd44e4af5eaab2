"""``svær`` with one of its parts turned off, to measure that part on paired deals with ``arena --compare``.

    PYTHONPATH=benchmarks hjerterfri arena --compare svaer_variants:BeforeWalk,svær \\
        --against middel,middel,middel --deals 300 --seed 7 --jobs 1
"""

from __future__ import annotations

from hjerterfri.bots.svaer import SvaerBot


class BeforeWalk(SvaerBot):
    """``svær`` as it was before the walk: up to 1200 deals drawn to find those that explain every play,
    no walk to more (``walk``), and when too few are found, the best of the rest weighted by their
    surprises."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, exact_draws=1200, walk=0)


class WithoutExactFit(SvaerBot):
    """``svær`` drawing no deals beyond its first batch to find those that explain every play, and not
    walking to more (as before ``exact_draws`` and ``walk``)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, exact_draws=0, walk=0)


class Walk(SvaerBot):
    """``svær`` walking after only 1200 draws (as first measured at five players)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, exact_draws=1200)


class MoreSamples(SvaerBot):
    """``svær`` with half as many samples again (playouts, samples and deals fitted): about the time a play
    took before its rules got faster."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, playouts=1440, max_samples=180, max_fits=720)
