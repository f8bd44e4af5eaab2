"""The start screen: keys that come faster than the app (tmux send-keys, a quick typist, a paste), and
the form fitting the terminal."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input

from hjerterfri.gamelog import GameRecord, Seat
from hjerterfri.table import Setup
from hjerterfri.tui.screens.start import StartScreen
from hjerterfri.tui.screens.table import TableScreen
from hjerterfri.tui.widgets.choice import Choice

from ..logs.helpers import SEATS, STARTED, new_record
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
        burst(app, "down", "down", "down", "down", "down", "I", "d", "a", "enter")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                break
        assert isinstance(app.screen, TableScreen)
        assert app.screen.table.names[0] == "Ida"


@sync
async def test_enter_right_after_the_name_starts_with_the_whole_name():
    app = make_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "down", "down", "down")  # preset, players, passing, bots, target, the name
        assert app.focused is not None and app.focused.id == "name"
        burst(app, "B", "o", "enter")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                break
        assert app.screen.table.names[0] == "Bo"


@sync
async def test_a_change_queued_right_before_a_move_down_changes_the_line_it_was_pressed_on():
    """→ and ↓ in one burst left the rules alone and changed the number of players (↓ is a priority key
    and moved the focus before the → reached its line)."""
    app = make_app(seed=3, preset="dansk", players=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, "right", "down", "left", "down")
        for _ in range(10):
            await pilot.pause()
        screen = app.screen
        assert screen.query_one("#preset", Choice).value == "dansk-hus"
        assert screen.query_one("#players", Choice).value == 4
        assert app.focused is not None and app.focused.id == "passing"


@sync
async def test_left_and_right_still_move_the_cursor_in_the_name_field():
    app = make_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "down", "down", "down")
        name = app.screen.query_one("#name", Input)
        assert app.focused is name
        name.value = ""
        await pilot.press("B", "o", "left", "x", "right", "y")
        assert name.value == "Bxoy"
        lang = app.screen.query_one("#lang", Choice).value
        burst(app, "left", "down")  # the ← is the field's, not the language line's below it
        for _ in range(10):
            await pilot.pause()
        assert app.focused is not None and app.focused.id == "lang"
        assert app.screen.query_one("#lang", Choice).value == lang and name.cursor_position == 3


@pytest.mark.parametrize(
    ("preset", "players", "resume", "tightened"),
    [
        ("dansk", 4, False, {"tight"}),
        ("dansk", 4, True, {"tight", "tighter"}),
        ("dansk", 4, "no-pass", {"tight", "tighter"}),  # its passing on a line of its own
        ("svensk", 3, "no-pass", {"tight", "tighter"}),  # and the variant line
        ("dansk", 3, False, {"tight", "tighter"}),  # and two lines saying what the kitty is
        ("dansk", 5, True, {"tight", "tighter"}),
        ("svensk", 3, False, {"tight", "tighter"}),
        ("svensk", 3, True, {"tight", "tighter"}),
        ("svensk", 7, False, {"tight", "tighter"}),  # with the lines saying the table needs 100×30 and two decks
        ("svensk", 7, True, {"tight", "tighter"}),
    ],
)
@sync
async def test_the_form_fits_every_height_from_24_rows_and_opens_up_when_there_is_room(
    preset, players, resume, tightened
):
    """A saved game to continue and a variant line take rows: at 24 rows the form tightens just as far
    as it must to fit above the footer, at every height it fits, and a tall terminal gets the roomy form.
    The saved game has the longest label there is (English, the house rules)."""
    unfinished = new_record("dansk-hus") if resume else None
    if resume == "no-pass":
        unfinished = GameRecord.new(Setup(preset="dansk-hus", no_pass=True).rules(), 1, SEATS, STARTED)
    app = make_app(seed=3, lang="en", preset=preset, players=players, unfinished=unfinished)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = app.screen.query_one("#start")
        assert set(start.classes) == tightened
        for height in range(24, 41):
            await pilot.resize_terminal(80, height)
            await pilot.pause()
            assert start.region.y >= 0 and start.region.bottom <= height - 1, height
            assert app.screen.query_one("#name").region.height == 3
        assert not start.classes & {"tight", "tighter"}


@pytest.mark.parametrize(
    ("players", "variant", "says"),
    [
        (4, "standard", "2025-03-01 20:15 · Danish · 4 players · Round 1"),
        (5, "standard", "2025-03-01 20:15 · Danish · 5 players · Round 1"),
        (5, "left-right", "2025-03-01 20:15 · Danish · 5 players · Round 1\n3 cards: left, right"),
    ],
)
@sync
async def test_the_saved_game_to_continue_is_named_with_its_players_and_its_passing_when_not_the_usual(
    players, variant, says
):
    rules = Setup(preset="dansk", players=players, variant=variant).rules()
    unfinished = GameRecord.new(
        rules, 1, SEATS[:1] + tuple(Seat(f"B{i}", "let", i) for i in range(1, players)), STARTED
    )
    app = make_app(seed=3, lang="en", unfinished=unfinished)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert str(app.screen.query_one("#resume").label) == f"Continue the saved game (c)\n{says}"


@sync
async def test_the_start_screen_says_when_the_table_chosen_needs_a_larger_window():
    app = make_app(seed=3, lang="en", preset="svensk", players=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = app.screen.query_one("#preset-line")
        assert "Needs a window of 100×30 or more (this: 80×24)" in str(line.render())
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert "Needs" not in str(line.render())


@sync
async def test_a_window_too_small_for_the_form_says_so_instead_of_cutting_it_off():
    app = make_app(seed=3, lang="en")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("too-small") and not screen.query_one("#start").display
        assert str(screen.query_one("#too-small").render()) == "The window is too small: need 80×24 (now 60×20)"
        await pilot.press("enter", "u")  # the form is hidden: Enter started a game from it unseen
        await pilot.pause()
        assert app.screen is screen and app.table is None
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not screen.has_class("too-small") and screen.query_one("#start").region.right <= 80
        await pilot.press("enter")
        await pilot.pause()
        assert app.table is not None


@pytest.mark.parametrize(
    ("preset", "players", "said"),
    [
        ("dansk", 3, "The kitty: 1 card lies aside, and whoever takes the first trick takes it too."),
        ("dansk-hus", 5, "The kitty: 2 cards lie aside, and whoever takes the first trick takes them too."),
        ("dansk", 4, None),
        ("svensk", 3, None),
        ("svensk", 6, "Two decks: every card is there twice; of two equal cards in a trick, the one played first"),
        ("svensk", 5, "All cards are dealt: 2 players get a card more and play two cards to the first trick."),
    ],
)
@sync
async def test_the_start_screen_says_what_the_kitty_is_where_there_is_one(preset, players, said):
    """Only the header named it ("kitty: 1 card"), and only the rules viewer said what it is; at five players
    under svensk nothing said that two seats play two cards to the first trick (at three the variant line says)."""
    app = make_app(seed=3, lang="en", preset=preset, players=players)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = " ".join(str(app.screen.query_one("#preset-line").render()).split())
        assert (said in line) if said else ("kitty" not in line and "decks" not in line and "dealt" not in line)


@sync
async def test_the_title_writes_suits_as_letters_with_ascii():
    from hjerterfri.tui.app import HjerterfriApp

    from .helpers import fast_settings

    settings = fast_settings("en")
    settings.ascii = True
    app = HjerterfriApp(settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert str(app.screen.query_one("#title").render()) == "S H Hearts D C"  # it kept ♠ ♥ ♦ ♣


@sync
async def test_a_line_that_comes_with_a_choice_leaves_the_lines_above_it_where_they_were():
    """Five players under dansk-hus bring the kitty's sentence: the form centred itself again and moved up a
    row, so a click aimed at the line under the pointer landed on its neighbour."""
    app = make_app(seed=3, preset="dansk-hus", players=4)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()

        def rows() -> dict[str | None, int]:
            return {c.id: c.region.y for c in app.screen.query(Choice) if c.display}

        before = rows()
        await pilot.press("down", "right")
        await pilot.pause()
        assert app.screen.setup.players == 5
        after = rows()
        assert after["preset"] == before["preset"] and after["players"] == before["players"]
        assert after["passing"] > before["passing"]  # the sentence came between
        top = app.screen.query_one("#start").region.y
        assert top > 5  # centred in 40 rows
        app.screen.query_one("#lang", Choice).focus()
        await pilot.press("right")  # another language: the form is made anew, and centred again
        await pilot.pause()
        await pilot.pause()
        assert app.texts.lang != "da" and abs(app.screen.query_one("#start").region.y - top) <= 1


@sync
async def test_another_language_chosen_in_the_settings_leaves_the_start_screen_on_the_line_it_was_on():
    """With a saved game, the focus came back on "Continue" (Enter continued the old game, the footer had no
    start); and once the app froze, its focus on a line the new form had replaced."""
    from textual.widgets._footer import FooterKey

    from hjerterfri.tui.screens.dialogs import SettingsScreen

    unfinished = GameRecord.new(Setup().rules(), 1, SEATS, STARTED)
    app = make_app(seed=3, lang="en", unfinished=unfinished)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#name", Input).value = "Ida"
        app.screen.query_one("#players", Choice).focus()
        await pilot.press("o")
        await pilot.pause()
        settings = app.screen
        assert isinstance(settings, SettingsScreen)
        settings.query_one("#lang", Choice).focus()
        await pilot.press("right")
        await pilot.pause()
        assert app.texts.lang != "en" and app.screen is settings
        settings.query_one("#speed", Choice).focus()
        await pilot.press("right")  # the pace too: the start screen's line went on saying "normal"
        await pilot.pause()
        speed = app.settings.speed
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen) and app.focused is screen.query_one("#players", Choice)
        assert "enter" in [k.key for k in screen.query(FooterKey)]
        assert screen.query_one("#start").region.y > 3  # centred
        assert screen.query_one("#name", Input).value == "Ida"  # the name typed is still there
        assert screen.query_one("#speed", Choice).value == speed != "normal"
        before = screen.setup.players
        await pilot.press("right")
        assert screen.setup.players != before


@sync
async def test_o_opens_the_settings_from_the_start_screen_and_types_an_o_in_the_name_field():
    """A colour-blind player had to start a game to turn the four colours on."""
    from hjerterfri.tui.screens.dialogs import SettingsScreen

    app = make_app(seed=3, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        app.screen.query_one("#name", Input).focus()
        await pilot.press("B", "o")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen) and app.screen.query_one("#name", Input).value == "Bo"


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
@pytest.mark.parametrize(("preset", "players"), [("svensk", 3), ("svensk", 5), ("dansk", 3), ("dansk", 5)])
@sync
async def test_every_variant_of_the_deal_is_said_whole_on_its_line(lang, preset, players):
    """In Swedish at three players the variant without the 2 of clubs lost "spelar ut ›" at the frame."""
    app = make_app(seed=3, lang=lang, preset=preset, players=players)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        variant = app.screen.query_one("#variant", Choice)
        assert variant.display == (len(variant.options) > 1)
        for _ in variant.options if variant.display else ():
            line = str(variant.render())
            assert line.rstrip().endswith("›") and "…" not in line, line
            assert variant.content_region.width >= len(line.rstrip())
            variant.action_step(1)
            await pilot.pause()


@sync
async def test_six_to_eight_players_are_offered_under_any_rules_and_bring_the_swedish_ones():
    """Under Danish rules → on five players went back to three: six to eight were there only for a player who
    had first found the Swedish rules. Back from eight, the Danish rules took four players, not five; and ‹ on
    three goes round the Danish rules' own tables (it went to eight, and changed the rules)."""
    app = make_app(seed=3, lang="en", preset="dansk", players=5)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("down", "right")
        await pilot.pause()
        assert (screen.setup.preset, screen.setup.players) == ("svensk", 6)
        assert screen.query_one("#preset", Choice).value == "svensk" and app.texts.lang == "en"
        await pilot.press("right", "right", "up", "right")  # eight players, then the rules after svensk
        await pilot.pause()
        assert screen.setup.preset != "svensk" and screen.setup.players == 5
        assert screen.query_one("#players", Choice).value == 5
        rules = screen.setup.preset
        await pilot.press("down", "left", "left", "left")  # 4, 3, and round again
        await pilot.pause()
        assert (screen.setup.preset, screen.setup.players) == (rules, 5)


@sync
async def test_a_choice_that_changes_another_says_so():
    """Six players and then the Danish rules: the count dropped to five with no word (pt-ai)."""
    app = make_app(seed=3, lang="en", preset="svensk", players=6)
    app.lang_fixed = True  # (English chosen: the Danish rules do not bring Danish)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right")  # svensk -> dansk
        await pilot.pause()
        assert app.screen.query_one("#players", Choice).value == 5
        assert [n.message for n in app._notifications] == ["Danish is played by 3 to 5: the table now has 5 players"]
        await pilot.press("down", "right")  # six players again: the Swedish rules
        await pilot.pause()
        assert app.screen.query_one("#preset", Choice).value == "svensk"
        assert [n.message for n in app._notifications][-1] == "6 players play the Swedish rules, with two decks"
        await pilot.press("right")  # seven, under the same rules: nothing to say
        await pilot.pause()
        assert len(app._notifications) == 2


@sync
async def test_browsing_the_counts_of_players_brings_the_rules_back():
    """Danish, then six players (the Swedish rules), then back to four: the rules stayed Swedish, and a player
    who had only looked at the counts started a Swedish game unawares (pt-ak)."""
    app = make_app(seed=3, lang="en", preset="dansk", players=4)
    app.lang_fixed = True
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("down", "right", "right")  # 5, then 6: the Swedish rules
        await pilot.pause()
        assert (screen.setup.preset, screen.setup.players) == ("svensk", 6)
        await pilot.press("right", "left", "left")  # 7, 6, then 5: the Danish rules again
        await pilot.pause()
        assert (screen.setup.preset, screen.setup.players) == ("dansk", 5)
        assert screen.query_one("#preset", Choice).value == "dansk"
        assert [n.message for n in app._notifications][-1] == "5 players: back to Danish"
