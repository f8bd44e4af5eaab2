"""Bots for the table tests."""

from __future__ import annotations

from hjerterfri.bots.let import LetBot
from hjerterfri.bots.svaer import SvaerBot


class UncappedSvaer(SvaerBot):
    """svær without its wall-clock safety net, so that a busy machine cannot change a decision."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, time_cap=60)


class Chatty(LetBot):
    """A Python bot that prints while it thinks, to standard output and to its file descriptor."""

    def choose_play(self, view):
        import os

        print("thinking about", view.legal_plays)
        os.write(1, b"and more\n")
        return super().choose_play(view)
