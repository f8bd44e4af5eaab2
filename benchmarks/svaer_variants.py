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
