"""``svær`` with one of its parts turned off, to measure that part on paired deals with ``arena --compare``.

    PYTHONPATH=benchmarks hjerterfri arena --compare svaer_variants:WithoutExactFit,svær \\
        --against middel,middel,middel --deals 300 --seed 7 --jobs 1
"""

from __future__ import annotations

from hjerterfri.bots.svaer import SvaerBot


class WithoutExactFit(SvaerBot):
    """``svær`` drawing no deals beyond its first batch to find those that explain every play (as before
    ``exact_draws``)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, exact_draws=0)


class ExactOnly(SvaerBot):
    """``svær`` drawing up to 4000 deals for those that explain every play, and keeping only those when it
    finds at least ``min_samples`` of them."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, exact_draws=4000, exact_only=True)


class Walk(SvaerBot):
    """``svær`` walking (``fit.walk``, 30 steps a deal) to the deals still missing once its draws found some
    but too few that explain every play, and then keeping only such deals."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, walk=30)
