"""Settings are kept between runs in settings.json; a broken file costs nothing but its own values."""

from __future__ import annotations

import json
import os

from hjerterfri.paths import settings_path
from hjerterfri.tui.launch import play_app
from hjerterfri.tui.screens.dialogs import SettingsScreen
from hjerterfri.tui.screens.table import TableScreen
from hjerterfri.tui.settings import Settings, load_settings, save_settings

from .helpers import settle, sync
from .test_continue import args_for


def test_saved_settings_load_as_they_were(tmp_path):
    path = tmp_path / "settings.json"
    assert load_settings(path) == (None, None)
    chosen = Settings(lang="en", ascii=True, speed="fast", trick_pause=0.5, hold_trick=True, show_log=True)
    save_settings(chosen, path)
    assert load_settings(path) == (chosen, None)
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_a_broken_settings_file_gives_defaults_and_one_line_naming_it(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"lang": "en",', encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None and str(path) in problem and "\n" not in problem
    assert path.read_text(encoding="utf-8") == '{"lang": "en",'  # left as it was


def test_bad_values_are_ignored_one_by_one_and_named(tmp_path):
    path = tmp_path / "settings.json"
    data = {"lang": "fr", "speed": "fast", "trick_pause": True, "ascii": "yes", "four_colour": True, "zoom": 3}
    path.write_text(json.dumps(data), encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings(speed="fast", four_colour=True)
    assert problem is not None
    for bad in ("lang='fr'", "trick_pause=True", "ascii='yes'"):
        assert bad in problem


def test_flags_go_over_saved_settings_and_saved_language_over_the_presets():
    save_settings(Settings(lang="en", speed="slow", four_colour=True), settings_path())
    app = play_app(args_for("--preset", "svensk", "--seed", "2"))
    assert (app.settings.lang, app.settings.speed, app.settings.four_colour) == ("en", "slow", True)
    assert app.lang_fixed
    app = play_app(args_for("--lang", "sv", "--speed", "fast", "--seed", "2"))
    assert (app.settings.lang, app.settings.speed) == ("sv", "fast")


def test_with_nothing_saved_the_language_is_the_presets():
    app = play_app(args_for("--preset", "svensk", "--seed", "2"))
    assert app.settings.lang == "sv" and not app.lang_fixed


@sync
async def test_a_setting_changed_in_the_app_is_there_next_run():
    app = play_app(args_for("--seed", "3", "--speed", "instant"))
    app.settings.trick_pause = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("down", "down", "down", "down", "right")  # four colours: yes
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("h")  # hide this round's points
        await pilot.pause()
    again = play_app(args_for("--seed", "3"))
    assert again.settings.four_colour and again.settings.hide_round_points
    assert again.settings.speed == "instant"
