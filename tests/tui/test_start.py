"""The start screen when keys come faster than the app (tmux send-keys, a quick typist, a paste)."""

from __future__ import annotations

from textual import events

from hjerterfri.tui.screens.start import StartScreen
from hjerterfri.tui.screens.table import TableScreen

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
        burst(app, "down", "down", "I", "d", "a", "enter")
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
        await pilot.press("down", "down")
        assert app.focused is not None and app.focused.id == "name"
        burst(app, "B", "o", "enter")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                break
        assert app.screen.session.names[0] == "Bo"
