"""Bots for the table tests."""

from __future__ import annotations

from hjerterfri.bots.svaer import SvaerBot


class UncappedSvaer(SvaerBot):
    """svær without its wall-clock safety net, so that a busy machine cannot change a decision."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, time_cap=60)
