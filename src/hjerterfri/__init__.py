"""hjerterfri: Danish Hjerterfri and Swedish Hjärter in the terminal."""

from .cards import Card, CardParseError, Suit
from .engine import Game, IllegalMoveError, Outcome, OutcomeKind, Phase, Reason, Round, Trick, UndoError
from .rules import PRESETS, Rules, UnknownPresetError, preset
from .view import PlayerView

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "Card",
    "CardParseError",
    "Game",
    "IllegalMoveError",
    "Outcome",
    "OutcomeKind",
    "Phase",
    "PlayerView",
    "Reason",
    "Round",
    "Rules",
    "Suit",
    "Trick",
    "UndoError",
    "UnknownPresetError",
    "preset",
]
