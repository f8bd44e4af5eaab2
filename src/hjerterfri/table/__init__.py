"""The table: a game being played, with its seats, its bots, the turn driver and the autosave.

No Textual here: the app, the arena and the tests all play through ``Table``.
"""

from .players import Decision, Fault, FaultKind, LocalPlayer, ProcessPlayer, local_players, process_players
from .setup import Setup, bot_seed, new_seats, new_seed
from .table import Event, SeatingError, StaleDecision, Table

__all__ = [
    "Decision",
    "Event",
    "Fault",
    "FaultKind",
    "LocalPlayer",
    "ProcessPlayer",
    "SeatingError",
    "Setup",
    "StaleDecision",
    "Table",
    "bot_seed",
    "local_players",
    "new_seats",
    "new_seed",
    "process_players",
]
