"""The start screen: keys that come faster than the app (tmux send-keys, a quick typist, a paste), and
the form fitting the terminal."""

from __future__ import annotations

import pytest
from textual import events

from hjerterfri.tui.screens.start import StartScreen
from hjerterfri.tui.screens.table import TableScreen

from ..logs.helpers import new_record
from .helpers import make_app, sync


def burst(app, *keys: str) -> None:
    """Queue ``keys`` at once, as the terminal driver does when they arrive in one read."""
    for key in keys:
        char = key if len(key) == 1 else "\r" if key == "enter" else None
        app.post_message(events.Key(key, char))


@sync
async def test_a_name_typed_in_one_burst_after_moving_to_the_field_is_kept_whole():
    app = make_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        burst(app, "down", "down", "down", "I", "d", "a", "enter")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                break
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session.names[0] == "Ida"


@sync
async def test_enter_right_after_the_name_starts_with_the_whole_name():
    app = make_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "down")  # preset, players, bots, then the name
        assert app.focused is not None and app.focused.id == "name"
        burst(app, "B", "o", "enter")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                break
        assert app.screen.session.names[0] == "Bo"


@pytest.mark.parametrize(("players", "resume"), [(4, False), (4, True), (3, False), (3, True)])
@sync
async def test_the_form_fits_80x24_and_opens_up_when_the_terminal_grows(players, resume):
    """A saved game to continue and a variant line each take two rows: at 24 rows the form tightens
    until it fits above the footer, and a taller terminal gets the roomy form back."""
    app = make_app(seed=3, players=players, unfinished=new_record() if resume else None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = app.screen.query_one("#start")
        assert start.region.y >= 0 and start.region.bottom <= 23
        assert app.screen.query_one("#name").region.height == 3
        await pilot.resize_terminal(80, 40)
        await pilot.pause()
        assert not start.classes & {"tight", "tighter"}
        assert start.region.bottom <= 39
