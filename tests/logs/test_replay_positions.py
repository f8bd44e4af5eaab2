"""The replay viewer's positions (``timeline`` and ``position``) for every table the engine plays: each step
is the engine's own round, replayed from the log's deal (and kitty)."""

from __future__ import annotations

import pytest

from hjerterfri.rules import preset
from hjerterfri.tui.replay import position, timeline

from .test_two_decks import played_game


@pytest.mark.parametrize(("name", "players"), [("dansk", 3), ("dansk-hus", 5), ("svensk", 3), ("svensk", 7)])
def test_every_step_replays_to_the_logged_round(name, players):
    """A Danish table's kitty must come with the deal (without it the viewer could not step through a 3- or
    5-player Danish game); two decks replay with cards held and played twice."""
    game = played_game(preset(name, players), seed=2).game
    steps = timeline(game)
    for i, r in enumerate(game.rounds):
        last = max(k for k, s in enumerate(steps) if s.round_index == i)
        assert position(game, steps[last]) == r
        dealt = position(game, steps[min(k for k, s in enumerate(steps) if s.round_index == i)])
        assert dealt.kitty == r.kitty
        assert [dealt.held(s) for s in range(players)] == list(r.dealt)
    played = sum(len(t.cards) for r in game.rounds for t in r.tricks)
    assert sum(1 for s in steps if s.cards) == played
