"""The table a new game is played at: the preset, the number of players and the options the rule texts allow.

No Textual here: the start screen, the app and the command line share these.
"""

from __future__ import annotations

import dataclasses

from ..catalogue import Message
from ..rules import VARIANTS, OddCards, PassDirection, Rules, RulesError, preset

__all__ = ["VARIANTS", "game_rules", "variants_for"]


def variants_for(preset_name: str, players: int) -> tuple[str, ...]:
    """The variants the rule texts allow for ``preset_name`` at ``players`` (just the preset at 4 and 6 to 8)."""
    if players not in (3, 5):
        return ("standard",)
    if preset_name == "svensk":
        return ("standard", "no-two") if players == 3 else ("standard",)
    return ("standard", "left-right")


def game_rules(
    preset_name: str,
    players: int = 4,
    variant: str = "standard",
    target: int | None = None,
    *,
    no_pass: bool = False,
    pass_count: int | None = None,
) -> Rules:
    """The rules of a new game: the preset for ``players``, with a variant, maybe another target, and the
    passing options the texts allow: no passing at all (004, "hoppa över att skicka kort"), or another
    number of cards when not four players (004, "Om man inte är 4 spelare"). ``RulesError`` (one line)
    for what cannot be played."""
    rules = preset(preset_name, players)
    allowed = variants_for(rules.name, players)
    if variant not in allowed:
        raise RulesError(
            Message("rules.variant.unknown", name=rules.name, players=players, variant=repr(variant), variants=allowed)
        )
    if variant == "left-right":
        if no_pass:
            raise RulesError(Message("rules.variant.left-right"))
        rules = dataclasses.replace(rules, pass_cycle=(PassDirection.LEFT, PassDirection.RIGHT))
    elif variant == "no-two":
        rules = dataclasses.replace(rules, odd_cards=OddCards.REMOVE_TWO_OF_CLUBS)
    if no_pass:
        if pass_count:
            raise RulesError(Message("rules.no-passing.count", count=pass_count))
        rules = dataclasses.replace(rules, pass_cycle=(PassDirection.NONE,), pass_count=0)
    elif pass_count is not None and pass_count != rules.pass_count:
        if players == 4:
            raise RulesError(Message("rules.pass-count.four", count=rules.pass_count))
        rules = dataclasses.replace(rules, pass_count=pass_count)
    if target is not None:
        rules = dataclasses.replace(rules, target=target)
    return rules
