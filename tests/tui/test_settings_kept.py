"""Settings are kept between runs in settings.json; a broken file costs nothing but its own values."""

from __future__ import annotations

import json
import os

import pytest

from hjerterfri.launch import play_app
from hjerterfri.paths import settings_path
from hjerterfri.settings import KeptSettings, Settings, load_settings
from hjerterfri.tui.screens.dialogs import SettingsScreen
from hjerterfri.tui.screens.table import TableScreen

from .helpers import settle, sync
from .test_continue import args_for


def test_kept_settings_load_as_they_were_and_unchanged_ones_are_not_rewritten(tmp_path):
    path = tmp_path / "settings.json"
    kept = KeptSettings(path, {})
    assert (kept.saved, kept.problem) == ({}, None)
    chosen = Settings(lang="en", ascii=True, speed="fast", trick_pause=0.5, hold_trick=True)
    kept.keep(chosen, lang_chosen=True)
    assert KeptSettings(path, {}).settings("da") == chosen
    mtime = os.stat(path).st_mtime_ns
    kept.keep(chosen, lang_chosen=True)
    assert os.stat(path).st_mtime_ns == mtime
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_a_flagged_setting_changed_and_changed_back_keeps_the_last_choice(tmp_path):
    """Run with --speed fast --lang en, changed to instant and Danish, then back: saved as chosen last
    (it once kept the values in between, which a flag's value then pointed back to)."""
    path = tmp_path / "settings.json"
    kept = KeptSettings(path, {"speed": "fast", "lang": "en"})
    kept.keep(Settings(lang="da", speed="instant"), lang_chosen=True)
    kept.keep(Settings(lang="en", speed="fast"), lang_chosen=True)
    assert (KeptSettings(path, {}).saved["speed"], KeptSettings(path, {}).saved["lang"]) == ("fast", "en")
    untouched = KeptSettings(tmp_path / "other.json", {"speed": "fast"})
    untouched.keep(Settings(speed="fast", ascii=True), lang_chosen=False)
    assert "speed" not in KeptSettings(tmp_path / "other.json", {}).saved  # a flag alone holds for its run


def test_broken_files_give_the_defaults_and_one_line_naming_the_file(tmp_path):
    path = tmp_path / "settings.json"
    for text in ('{"lang": "en",', "[" * 100_000, "1" * 5000, '["a list"]', "\xff"):
        path.write_text(text, encoding="latin-1" if text == "\xff" else "utf-8")
        kept = KeptSettings(path, {})
        assert kept.saved == {}
        assert kept.problem is not None and str(path) in str(kept.problem) and "\n" not in str(kept.problem)
        assert kept.settings("sv") == Settings(lang="sv")  # the preset's language, not a default Danish
        assert not kept.lang_chosen


def test_bad_values_are_ignored_one_by_one_and_named(tmp_path):
    path = tmp_path / "settings.json"
    data = {"lang": "fr", "speed": "fast", "trick_pause": True, "ascii": "yes", "four_colour": True, "zoom": 3}
    path.write_text(json.dumps(data), encoding="utf-8")
    valid, problem = load_settings(path)
    assert valid == {"speed": "fast", "four_colour": True}
    assert problem is not None
    for bad in ('lang="fr"', "trick_pause=true", 'ascii="yes"'):  # as the file has them (it said True, 'yes')
        assert bad in str(problem)


@pytest.mark.parametrize("text", ['{"lang": "en", "speed": "slow", "name": "Keepme", "tracker": true,', "[1, 2]"])
def test_a_file_that_cannot_be_read_is_kept_aside_not_written_over(tmp_path, text):
    """A settings file cut short was replaced at the player's first change by the defaults and that change:
    the name and everything else in it were gone, with no copy."""
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    kept = KeptSettings(path, {})
    assert kept.problem is not None
    kept.keep(Settings(speed="fast"), lang_chosen=False)
    kept.keep(Settings(speed="slow"), lang_chosen=False)  # kept aside once: the copy is the player's file
    assert (tmp_path / "settings.json.broken").read_text(encoding="utf-8") == text
    assert json.loads(path.read_text(encoding="utf-8"))["speed"] == "slow"


def test_a_flag_holds_for_its_run_only(tmp_path):
    path = tmp_path / "settings.json"
    KeptSettings(path, {}).keep(Settings(speed="slow"), lang_chosen=False)
    kept = KeptSettings(path, {"speed": "fast", "ascii": True})
    settings = kept.settings("da")
    assert (settings.speed, settings.ascii) == ("fast", True)
    settings.four_colour = True  # the player changes something else
    kept.keep(settings, lang_chosen=False)
    assert load_settings(path) == ({"speed": "slow", "ascii": False, "four_colour": True, **_rest()}, None)


def _rest() -> dict[str, object]:
    d = Settings().__dict__.copy()
    for name in ("lang", "speed", "ascii", "four_colour"):
        d.pop(name)
    return d


def test_the_language_is_kept_only_once_chosen(tmp_path):
    path = tmp_path / "settings.json"
    KeptSettings(path, {}).keep(Settings(lang="sv", speed="fast"), lang_chosen=False)
    assert "lang" not in load_settings(path)[0]
    assert KeptSettings(path, {}).settings("da").lang == "da"
    KeptSettings(path, {}).keep(Settings(lang="en"), lang_chosen=True)
    kept = KeptSettings(path, {})
    assert kept.lang_chosen and kept.settings("sv").lang == "en"


def test_flags_go_over_saved_settings_and_saved_language_over_the_presets():
    KeptSettings(settings_path(), {}).keep(Settings(lang="en", speed="slow", four_colour=True), lang_chosen=True)
    app = play_app(args_for("--preset", "svensk", "--seed", "2"))
    assert (app.settings.lang, app.settings.speed, app.settings.four_colour) == ("en", "slow", True)
    assert app.lang_fixed
    app = play_app(args_for("--lang", "sv", "--speed", "fast", "--seed", "2"))
    assert (app.settings.lang, app.settings.speed) == ("sv", "fast")


def test_with_nothing_saved_the_language_is_the_presets():
    app = play_app(args_for("--preset", "svensk", "--seed", "2"))
    assert app.settings.lang == "sv" and not app.lang_fixed


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LANGUAGE": "en_GB:en", "LANG": "da_DK.UTF-8"}, "en"),
        ({"LC_ALL": "da_DK.UTF-8", "LANG": "en_US.UTF-8"}, "da"),
        ({"LANG": "de_DE.UTF-8"}, None),  # not one of ours: the preset's
        ({"LANG": "C.UTF-8"}, None),
    ],
)
def test_with_nothing_saved_the_language_is_the_systems_where_it_is_ours(env, lang, monkeypatch, capsys):
    """An English player's first start, and its --help, were all in Danish (pt-ak: LANG=en_US.UTF-8). The
    system's language, once it has spoken, is not changed by a choice of rules on the start screen."""
    from hjerterfri.cli import main

    for name, value in env.items():
        monkeypatch.setenv(name, value)
    app = play_app(args_for("--preset", "svensk", "--seed", "2"))
    assert app.settings.lang == (lang or "sv") and app.lang_fixed == (lang is not None)
    with pytest.raises(SystemExit):
        main(["--help"])
    usage = {"da": "brug: ", "sv": "användning: ", "en": "usage: ", None: "brug: "}[lang]
    assert capsys.readouterr().out.startswith(usage)


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
    assert again.settings.speed == "normal"  # --speed was for that run only


@sync
async def test_a_game_started_from_the_start_screen_keeps_the_language_it_showed():
    """Run with --lang sv, started from the start screen, then `continue`: the game came back in Danish
    (a flag held for its run only, though the start screen showed svenska when the game was started)."""
    app = play_app(args_for("--lang", "sv"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
    assert load_settings(settings_path())[0]["lang"] == "sv"
    assert play_app(args_for("--seed", "3")).settings.lang == "sv"


@sync
async def test_a_broken_settings_file_is_named_on_screen_and_the_game_starts():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("{oops", encoding="utf-8")
    app = play_app(args_for("--seed", "3", "--speed", "instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        shown = [n.message for n in app._notifications]
        assert any("settings.json" in m and "standard" in m for m in shown)


@sync
async def test_the_start_screen_remembers_the_game_it_started_and_the_name():
    from hjerterfri.tui.screens.start import StartScreen

    app = play_app(args_for())
    app.settings.speed = "instant"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("right", "right")  # svensk
        await pilot.press("down", "left")  # three players
        await pilot.press("down", "right")  # the deal without the two of clubs
        await pilot.press("down", "right")  # the next passing option
        await pilot.press("down", "right")  # svær
        await pilot.press("down", "left")  # a game to 75
        await pilot.press("down", "ctrl+u", *"Ida", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        table = app.screen.table
        chosen = app.setup
        assert (chosen.variant, chosen.pass_count or chosen.no_pass) != ("standard", None)
        assert table.rules.target == 75
        assert (table.rules.name, table.rules.players, table.names[0], table.seats[1].bot) == (
            "svensk",
            3,
            "Ida",
            "svær",
        )
    again = play_app(args_for())
    assert (again.setup.preset, again.setup.players, again.setup.bots, again.setup.name) == ("svensk", 3, "svær", "Ida")
    assert again.setup.variant == "no-two" and again.setup.rules() == table.rules  # the deal and the passing too
    # Flags hold for one run and are not remembered.
    flagged = play_app(args_for("--preset", "dansk", "--players", "4", "--bots", "let", "--name", "Bo"))
    assert (flagged.setup.preset, flagged.setup.players, flagged.setup.bots, flagged.setup.name) == (
        "dansk",
        4,
        "let",
        "Bo",
    )
    assert play_app(args_for()).setup.name == "Ida"


def test_a_saved_setup_that_is_no_game_is_ignored_and_named(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"preset": "[/]", "players": 9, "bots": "evil:Bot", "name": "x" * 41}), encoding="utf-8")
    valid, problem = load_settings(path)
    assert valid == {}
    assert problem is not None and all(k in str(problem) for k in ("preset=", "players=", "bots=", "name="))


def test_a_saved_number_of_the_wrong_type_is_ignored_and_named(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"players": 4.0, "pass_count": True, "bots": "svær"}), encoding="utf-8")
    valid, problem = load_settings(path)
    assert valid == {"bots": "svær"}  # 4.0 == 4, but a float is no count of players (it crashed the table)
    assert problem is not None and "players=4.0" in str(problem) and "pass_count=true" in str(problem)


def test_saved_rules_and_players_that_do_not_go_together_start_a_table_that_does():
    """A settings file edited by hand: Dansk at seven players. The start screen opens at four, not an error
    (a --players flag the rules do not play is still an error that says so: test_errors_said)."""
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"preset": "dansk", "players": 7}), encoding="utf-8")
    assert (play_app(args_for()).setup.preset, play_app(args_for()).setup.players) == ("dansk", 4)
    flagged = play_app(args_for("--preset", "dansk"))
    assert (flagged.setup.preset, flagged.setup.players) == ("dansk", 4)


def test_a_bad_name_flag_is_one_line_and_status_2(capsys):
    from hjerterfri.cli import main

    for bad in ("", "   ", "x" * 41, "tab\there", "esc\x1b[2J"):
        try:
            main(["--name", bad])
        except SystemExit as e:
            assert e.code == 2
        else:
            raise AssertionError(f"{bad!r} was accepted")
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--name" in err and "\x1b" not in err, err


def test_settings_of_a_newer_version_survive_a_save_by_this_one(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"speed": "fast", "zoom": 3, "theme": {"dark": True}}), encoding="utf-8")
    kept = KeptSettings(path, {})
    kept.keep(Settings(speed="slow"), lang_chosen=False)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["speed"] == "slow" and data["zoom"] == 3 and data["theme"] == {"dark": True}


@sync
async def test_a_game_started_with_lang_flags_speaks_that_language_afterwards():
    """`hjerterfri --lang sv --players 3 ...` (Danish rules), then `continue` and every error: Danish (the flag
    held for its run only, and the preset's language came back)."""
    app = play_app(args_for("--preset", "svensk", "--seed", "4"))  # no --lang: no language is kept
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
    assert "lang" not in load_settings(settings_path())[0]
    app = play_app(args_for("--lang", "sv", "--players", "3", "--seed", "3", "--speed", "fast"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
    assert load_settings(settings_path())[0]["lang"] == "sv"
    assert play_app(args_for("--seed", "3")).settings.lang == "sv"
    assert load_settings(settings_path())[0].get("speed") != "fast"  # the pace flag holds for its run only


@sync
async def test_a_game_started_by_flags_is_the_one_the_next_start_screen_offers():
    """A Swedish player's games, all started with --preset svensk: the start screen went on offering the Danish
    rules, and Enter dealt a Danish game. A bot of one's own is no level to offer."""
    app = play_app(args_for("--lang", "sv", "--preset", "svensk", "--players", "3", "--seed", "2", "--bots", "let"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
    again = play_app(args_for("--lang", "sv"))
    assert (again.setup.preset, again.setup.players, again.setup.bots) == ("svensk", 3, "let")
    app = play_app(args_for("--seed", "2", "--bots", "tests.tui.helpers:LowestBot"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
    assert load_settings(settings_path())[0]["bots"] == "let"
