"""The points a game is played to: the texts' 100, or another on the start screen's "Game to" line or with
--target N (a choice beyond the texts), shown in the header, kept in the log and remembered."""

from __future__ import annotations

import json

import pytest

from hjerterfri.cli import main
from hjerterfri.gamelog import GameRecord, Seat, load
from hjerterfri.launch import play_app
from hjerterfri.paths import settings_path
from hjerterfri.settings import load_settings
from hjerterfri.table import Setup
from hjerterfri.tui.screens.start import StartScreen
from hjerterfri.tui.screens.table import TableScreen
from hjerterfri.tui.widgets.choice import Choice

from ..logs.helpers import SEATS, STARTED
from .helpers import fast_settings, make_app, sync
from .test_continue import args_for


def header(app) -> str:
    return str(app.screen.query_one("#header").render())


@sync
async def test_the_target_flag_reaches_the_rules_and_the_header(tmp_path):
    app = play_app(
        args_for("--data-dir", str(tmp_path), "--lang", "en", "--seed", "4", "--bots", "let", "--target", "50")
    )
    app.settings = fast_settings("en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.table.rules.target == 50
        assert "Hearts · Danish · game to 50 · Round 1" in header(app)
        path = app.screen.table.record.path
    assert path is not None and load(path).rules.target == 50  # kept in the log


@sync
async def test_a_game_to_the_texts_100_says_nothing_of_it(tmp_path):
    app = play_app(args_for("--data-dir", str(tmp_path), "--seed", "4", "--bots", "let"))
    app.settings = fast_settings("en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.table.rules.target == 100 and "game to" not in header(app)


@pytest.mark.parametrize("value", ["0", "1001", "fifty", "-5"])
def test_a_target_out_of_range_is_one_line(value, tmp_path, capsys):
    with pytest.raises(SystemExit) as ended:
        main(["--lang", "en", "--data-dir", str(tmp_path), "--target", value])
    assert ended.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        f"hjerterfri: error: argument --target: the points that end a game are 1 to 1000, not {value!r}"
        " (see hjerterfri --help)"
    )


@pytest.mark.parametrize("code", [[], ["HJ1-Y4G1-A700-4S"]])
def test_a_challenge_has_no_target(code, tmp_path, capsys):
    assert main(["--lang", "en", "--data-dir", str(tmp_path), "--challenge", *code, "--target", "50"]) == 2
    err = capsys.readouterr().err.strip()
    assert "--target" in err and "\n" not in err and "Traceback" not in err


@sync
async def test_the_start_screen_chooses_the_target_and_the_next_one_offers_it_again(tmp_path):
    app = make_app(seed=3, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        target = app.screen.query_one("#target", Choice)
        assert target.value == 100
        target.focus()
        await pilot.press("left")  # 100 -> 75
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.table.rules.target == 75
        assert "game to 75" in header(app)
        assert app.settings.target == 75
    path = settings_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"target": 75}), encoding="utf-8")
    assert load_settings(path) == ({"target": 75}, None)
    args = args_for("--data-dir", str(tmp_path), "--lang", "en")
    again = play_app(args)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, StartScreen)
        assert again.screen.query_one("#target", Choice).value == 75


def test_a_kept_target_out_of_range_is_a_broken_setting(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"target": 5000, "players": 5}), encoding="utf-8")
    valid, problem = load_settings(path)
    assert valid == {"players": 5} and problem is not None


@sync
async def test_a_flags_other_number_is_offered_in_its_place_on_the_line():
    app = make_app(seed=3, lang="en", target=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        target = app.screen.query_one("#target", Choice)
        assert target.value == 60 and list(target.options) == [50, 60, 75, 100, 150, 200]


@sync
async def test_the_saved_game_to_continue_says_its_target():
    rules = Setup(preset="dansk", target=50).rules()
    seats = SEATS[:1] + tuple(Seat(f"B{i}", "let", i) for i in range(1, 4))
    app = make_app(seed=3, lang="en", unfinished=GameRecord.new(rules, 1, seats, STARTED))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        label = str(app.screen.query_one("#resume").label)
        assert label.endswith("2025-03-01 20:15 · Danish · 4 players · game to 50 · Round 1")


def test_the_list_of_games_says_a_target_other_than_100(tmp_path, capsys):
    """`games` listed a game to 50 as any other: the header and the offered game said it, the list did not."""
    from hjerterfri.gamelog import save

    (tmp_path / "games").mkdir()
    for target, name in ((50, "fifty.json"), (100, "hundred.json")):
        record = GameRecord.new(Setup(preset="dansk", target=target).rules(), 1, SEATS, STARTED)
        save(record, tmp_path / "games" / name)
    assert main(["--data-dir", str(tmp_path), "games", "--lang", "en"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.count("game to 50") == 1 and "game to 100" not in out
