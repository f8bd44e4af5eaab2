"""The table a new game is played at: the preset, the number of players and a variant the rule texts allow.

No Textual here: the start screen, the app and the command line share these.
"""

from __future__ import annotations

import dataclasses

from ..rules import OddCards, PassDirection, Rules, preset

VARIANTS = ("standard", "left-right", "no-two")
"""Start-screen variants of a 3- or 5-player game: the preset as it is, passing only left and right
(the Danish presets), or the 3-player Swedish deal without the two of clubs."""


def variants_for(preset_name: str, players: int) -> tuple[str, ...]:
    """The variants the rule texts allow for ``preset_name`` at ``players`` (just the preset at four)."""
    if players == 4:
        return ("standard",)
    if preset_name == "svensk":
        return ("standard", "no-two") if players == 3 else ("standard",)
    return ("standard", "left-right")


def game_rules(preset_name: str, players: int = 4, variant: str = "standard", target: int | None = None) -> Rules:
    """The rules of a new game: the preset for ``players``, with a start-screen variant and maybe another target."""
    rules = preset(preset_name, players)
    if variant not in variants_for(preset_name, players):
        raise ValueError(f"{preset_name} at {players} players has no variant {variant!r}")
    if variant == "left-right":
        rules = dataclasses.replace(rules, pass_cycle=(PassDirection.LEFT, PassDirection.RIGHT))
    elif variant == "no-two":
        rules = dataclasses.replace(rules, odd_cards=OddCards.REMOVE_TWO_OF_CLUBS)
    if target is not None:
        rules = dataclasses.replace(rules, target=target)
    return rules
