"""Driving the game with the mouse: what a click does where, and clicks that came at an awkward moment."""

from __future__ import annotations

import asyncio

import pytest
from textual import events
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from hjerterfri.table import Table
from hjerterfri.tui.app import HjerterfriApp
from hjerterfri.tui.screens.summary import RoundSummaryScreen
from hjerterfri.tui.screens.table import TableScreen

from ..coach.test_app import FakePar
from .helpers import fast_settings, fixed_table, lowest_players, make_app, plain, play_in_engine, settle, sync


def at_a_rounds_end() -> tuple[Table, HjerterfriApp]:
    """A table whose first round is over, and the app on it (it opens on the round's summary)."""
    table = fixed_table(seed=3, lang="en")
    play_in_engine(table, lambda g: g.round.is_over)
    return table, HjerterfriApp(fast_settings("en"), table=table, make_player=lowest_players)


def press(app, x: int, y: int, up: bool = False) -> None:
    """A mouse button pressed (or released) at ``x, y``, as the terminal reports it: not waited for."""
    kind = events.MouseUp if up else events.MouseDown
    app.post_message(kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))


@sync
async def test_a_click_while_the_summary_is_rebuilt_does_not_crash_the_app():
    """The summary fits itself to the window anew at every resize; a press on a widget it had just removed
    crashed the app inside Textual (a player clicked as the summary came up)."""
    _, app = at_a_rounds_end()
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


@sync
async def test_with_the_mouse_in_the_name_field_the_footer_still_starts_the_game():
    """In the name field the footer showed only "Esc quit": nothing a mouse could start the game with, and a
    click beside the lines left the focus (and the keys) in the field."""
    app = make_app(seed=3, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#name")
        assert app.focused is app.screen.query_one("#name")
        await pilot.click(".hint")  # beside the lines
        assert app.focused is None
        await pilot.click("#name")
        await pilot.press("I", "d", "a")
        keys = {k.key: k for k in app.screen.query(FooterKey)}
        assert keys["enter"].description == "start"
        await pilot.click(keys["enter"])
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.table.names[0] == "Ida"


@sync
async def test_a_challenge_can_be_started_with_the_mouse():
    """The challenge dialog had a field and "Esc close": no ⏎ to click for new deals or the code typed."""
    app = make_app(seed=3, lang="en")
    app.par_run = FakePar([0] * 8)  # (the real par is svær in a program of its own)
    async with app.run_test(size=(80, 24)) as pilot:
        keys = {k.key: k for k in app.screen.query(FooterKey)}
        await pilot.click(keys["u"])
        await pilot.pause()
        keys = {k.key: k for k in app.screen.query(FooterKey)}
        assert keys["enter"].description == "play"
        await pilot.click(keys["enter"])
        for _ in range(20):
            await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.table.record.challenge is not None
        assert app.par_run.asked


@sync
async def test_a_click_on_the_left_mark_or_with_the_right_button_steps_a_line_back():
    """Every click stepped forward: one step back took a click round the whole cycle."""
    from hjerterfri.tui.widgets.choice import Choice

    app = make_app(seed=3, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        speed = app.screen.query_one("#speed", Choice)
        first = speed.index
        await pilot.click("#speed", offset=(speed.label_width + 10, 0))
        assert speed.index == (first + 1) % len(speed.options)
        await pilot.click("#speed", offset=(speed.label_width, 0))  # on ‹
        assert speed.index == first
        await pilot.click("#speed", offset=(speed.label_width + 10, 0), button=3)
        assert speed.index == (first - 1) % len(speed.options)


@sync
async def test_a_click_beside_a_dialog_closes_it_and_beside_the_quit_question_says_no():
    """Dialogs closed only with the footer's "Esc close"."""
    from hjerterfri.tui.screens.dialogs import HelpScreen, QuitScreen, ScoresScreen

    app = HjerterfriApp(fast_settings("en"), table=fixed_table(lang="en"), make_player=lowest_players)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key, dialog in [("question_mark", HelpScreen), ("s", ScoresScreen)]:
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, dialog)
            if dialog is HelpScreen:  # outside a challenge the hint is there
                assert "hint's cards" in "".join(plain(w.content) for w in app.screen.query(Static))
            await pilot.click(offset=(1, 1))
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.click(offset=(1, 1))
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.is_running


@sync
async def test_the_cursor_follows_the_pointer_over_the_hand():
    """Nothing showed which card a click would take before the click."""
    from hjerterfri.tui.widgets.hand import HandView

    app = HjerterfriApp(fast_settings("en"), table=fixed_table(lang="en"), make_player=lowest_players)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one(HandView)
        hand.cursor = 0
        x = next(x for x in range(hand.size.width) if hand._index_at(x) == 5)
        await pilot.hover(HandView, offset=(x, 2))
        await pilot.pause()
        assert hand.cursor == 5 and not app.screen.chosen  # marked, not chosen


@sync
async def test_esc_in_the_name_field_leaves_the_field_and_then_quits():
    """Esc in the name field quit the program at once (Esc is the usual way out of a text field)."""
    app = make_app(seed=3, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#name")
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and app.focused is None
        await pilot.press("escape")
        await pilot.pause()
        assert not app.is_running


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
@sync
async def test_the_tables_help_fits_80_by_24_without_scrolling(lang):
    """Its last line, the legend of the marks, went below the dialog's edge once a line was added."""
    from textual.containers import VerticalScroll

    from hjerterfri.tui.screens.dialogs import HelpScreen

    app = HjerterfriApp(fast_settings(lang), table=fixed_table(lang=lang), make_player=lowest_players)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one(VerticalScroll).max_scroll_y == 0


@sync
async def test_the_summarys_footer_stays_through_a_resize():
    """The summary, fitted anew to a new size, came back with an empty footer: nothing to click on."""
    _, app = at_a_rounds_end()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RoundSummaryScreen)
        for size in ((100, 30), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            keys = [k.key for k in app.screen.query(FooterKey)]
            assert "enter" in keys, keys


@sync
async def test_help_on_a_summary_and_at_the_games_end_names_their_keys():
    """? on a round's summary showed the table's keys, and at the game's end did nothing, then the round's."""
    from hjerterfri.tui.screens.dialogs import HelpScreen
    from hjerterfri.tui.screens.summary import GameEndScreen

    table, app = at_a_rounds_end()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RoundSummaryScreen)
        for screen in (app.screen, GameEndScreen(table)):
            if app.screen is not screen:
                await app.push_screen(screen)
                await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            text = "".join(plain(w.content) for w in app.screen.query(Static))
            assert "pass the chosen cards" not in text
            if isinstance(screen, GameEndScreen):  # the round's keys there do nothing (pt-ak read them)
                assert "a new game at the same table" in text and "next round" not in text and "settings" not in text
            else:
                assert "on to the next round" in text and "a new game" not in text
            await pilot.press("escape")
            await pilot.pause()
            if isinstance(screen, RoundSummaryScreen):  # the settings before the next round, too
                from hjerterfri.tui.screens.dialogs import SettingsScreen

                await pilot.press("o")
                await pilot.pause()
                assert isinstance(app.screen, SettingsScreen)
                await pilot.press("escape")
                await pilot.pause()
                assert app.screen is screen


@sync
async def test_with_two_decks_no_help_offers_the_review():
    """At six players there is no review (svær weighs one deck), yet the table's, the summary's and the end's
    help listed v, and v at the table said "after the round" (pt-an)."""
    from hjerterfri.tui.screens.dialogs import HelpScreen
    from hjerterfri.tui.screens.summary import GameEndScreen

    from .test_play_aids import status

    def help_text() -> str:
        assert isinstance(app.screen, HelpScreen)
        return "".join(plain(w.content) for w in app.screen.query(Static))

    table = fixed_table(seed=3, preset_name="svensk", lang="en", players=6)
    app = HjerterfriApp(fast_settings("en"), table=table, make_player=lowest_players)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("v")
        await pilot.pause()
        assert status(app) == "No review with two decks: the hard bot weighs games of one deck only"
        await pilot.press("question_mark")
        await pilot.pause()
        assert "undo" in help_text() and "what your choices cost" not in help_text()
    play_in_engine(table, lambda g: g.round.is_over)
    app = HjerterfriApp(fast_settings("en"), table=table, make_player=lowest_players)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for screen in (app.screen, GameEndScreen(table)):
            assert isinstance(screen, (RoundSummaryScreen, GameEndScreen))
            if app.screen is not screen:
                await app.push_screen(screen)
                await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert "this help" in help_text() and "what your choices cost" not in help_text()
            await pilot.press("escape")
            await pilot.pause()
