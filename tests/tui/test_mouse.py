"""Driving the game with the mouse: what a click does where, and clicks that came at an awkward moment."""

from __future__ import annotations

import asyncio

from textual import events

from hjerterfri.tui.app import HjerterfriApp
from hjerterfri.tui.screens.summary import RoundSummaryScreen

from .helpers import fast_settings, fixed_table, lowest_players, play_in_engine, settle, sync


def press(app, x: int, y: int, up: bool = False) -> None:
    """A mouse button pressed (or released) at ``x, y``, as the terminal reports it: not waited for."""
    kind = events.MouseUp if up else events.MouseDown
    app.post_message(kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))


@sync
async def test_a_click_while_the_summary_is_rebuilt_does_not_crash_the_app():
    """The summary fits itself to the window anew at every resize; a press on a widget it had just removed
    crashed the app inside Textual (a player clicked as the summary came up)."""
    table = fixed_table(seed=3, lang="en")
    play_in_engine(table, lambda g: g.round.is_over)
    app = HjerterfriApp(fast_settings("en"), table=table, make_player=lowest_players)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RoundSummaryScreen)
        for _ in range(10):
            app.screen.refresh(recompose=True)
            await asyncio.sleep(0)
            for _ in range(3):
                press(app, 48, 9)
                press(app, 48, 9, up=True)
                await asyncio.sleep(0.01)
        await pilot.pause()
        assert isinstance(app.screen, RoundSummaryScreen)
    assert app.return_code in (None, 0) and app.crash_report is None
