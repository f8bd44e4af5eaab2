"""Messages the screens send up to the app (attributes down, messages up)."""

from __future__ import annotations

from textual.message import Message


class SettingChanged(Message):
    """The player changed a setting (``name`` is a ``Settings`` field); the app applies it, redraws and keeps it.

    ``chosen`` is False for a setting that only follows another choice (the language a preset suggests):
    the app applies it only while the player has not chosen one.
    """

    def __init__(self, name: str, value: object, chosen: bool = True) -> None:
        super().__init__()
        self.name = name
        self.value = value
        self.chosen = chosen
