"""Outside text is text: hostile names, rules names, program fields, paths and settings values go through
every place that shows them (the app, the viewer, replay --text, games, continue) and come out literally:
markup as written, control sequences as visible escapes, nothing crashes, nothing reaches the terminal raw."""

from __future__ import annotations

import dataclasses
import json

import pytest

from hjerterfri.cli import main
from hjerterfri.gamelog import GameRecord, Seat, load, save
from hjerterfri.literal import printable
from hjerterfri.paths import games_dir, settings_path
from hjerterfri.rules import preset
from hjerterfri.table import Table
from hjerterfri.tui.app import HjerterfriApp
from hjerterfri.tui.replay import ReplayApp
from hjerterfri.tui.screens.summary import GameEndScreen, RoundSummaryScreen
from hjerterfri.tui.screens.table import TableScreen
from hjerterfri.tui.widgets.fitline import FitLine

from ..logs.helpers import STARTED, play_out
from .helpers import LOWEST, LowestBot, fast_settings, lowest_players, plain, settle, sync

MARKUP = ["[/]", "[link=file:///etc/passwd]x[/link]", "[bold red]x[/]", "[red]", ":smile:", "a]b[c"]
"""Printable: valid as names (a log allows them), and must show as written."""
CONTROL = ["\x1b[2J", "\x1b]0;pwned\x07", "\x07", "\u202eevil", "\x1b[31mred", "x" * 10_000]
"""Not printable, or far too long: allowed in free log fields (the program, the rules' name)."""
RAW = ("\x1b", "\x07", "\u202e")


def hostile_record(target: int = 15) -> GameRecord:
    """A game whose every name is markup, whose rules' name and program field carry control sequences."""
    rules = dataclasses.replace(preset("dansk"), name="".join(CONTROL[:5]) + "[/]", target=target)
    seats = (Seat(MARKUP[0]), Seat(MARKUP[1], LOWEST, 1), Seat(MARKUP[2], LOWEST, 2), Seat(MARKUP[3], LOWEST, 3))
    record = GameRecord(GameRecord.new(rules, 4, seats, STARTED).game, seats, STARTED, program="".join(CONTROL))
    return record


def saved_hostile(tmp_path, finished: bool, name: str = "game.json"):
    record = hostile_record()
    play_out(record, None if finished else 30)
    path = tmp_path / name
    save(record, path)
    assert load(path).rules.name == record.rules.name  # the log keeps the text as it was
    return path


def assert_literal(out: str) -> None:
    for raw in RAW:
        assert raw not in out, repr(raw)
    assert "\\x1b[2J" in out or "\\x1b" in out


@pytest.mark.parametrize("finished", [True, False])
def test_replay_text_shows_every_field_literally(capsys, tmp_path, finished):
    path = saved_hostile(tmp_path, finished)
    assert main(["replay", str(path), "--text", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert_literal(out)
    for name in MARKUP[:4]:
        assert name in out


def test_games_shows_names_rules_paths_and_file_names_literally(capsys, tmp_path):
    data = tmp_path / "[/] [red]data"
    (data / "games").mkdir(parents=True)
    saved_hostile(data / "games", finished=True, name="\x1b[2J[red]x\x07.json")
    saved_hostile(data / "games", finished=False, name="unfinished.json")
    assert main(["--data-dir", str(data), "games", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert_literal(out)
    assert "[/] [red]data" in out.replace("\n", "") and "[/]" in out
    assert main(["--data-dir", str(tmp_path / "[/] empty"), "games", "--lang", "en"]) == 0
    assert "[/] empty" in capsys.readouterr().out


def test_an_error_naming_a_hostile_path_is_one_printable_line(capsys, tmp_path):
    path = tmp_path / "\x1b]0;pwned\x07[red].json"
    path.write_text("{", encoding="utf-8")
    assert main(["replay", str(path), "--text"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert_literal(err)


@sync
async def test_the_app_shows_a_hostile_game_literally_to_its_end(tmp_path):
    record = hostile_record(target=10)
    table = Table(record, lowest_players)
    settings = fast_settings("en")
    settings.tracker = True  # the tracker names the seats (voids, points), the exchange line too
    app = HjerterfriApp(settings, table=table, make_player=lowest_players)
    seen: list[str] = []
    undone = False
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await settle(pilot)
            screen = app.screen
            seen.append(shown_on(screen))
            if isinstance(screen, GameEndScreen):
                break
            if isinstance(screen, RoundSummaryScreen):
                await pilot.press("enter")
            elif isinstance(screen, TableScreen):
                view = screen.view
                if view.phase.value == "passing":
                    screen.chosen = LowestBot().choose_pass(view)
                    await pilot.press("p")
                else:
                    screen.pick(LowestBot().choose_play(view))
                if not undone and len(view.tricks) >= 2 and table.can_undo():
                    undone = True  # a card taken back, named on the status line
                    await settle(pilot)
                    await pilot.press("u")
                    seen.append(shown_on(app.screen))
                for key in ("s", "escape", "t", "escape", "l", "escape"):  # the score sheet, card list, last trick
                    await pilot.press(key)
                    seen.append(shown_on(app.screen))
            await pilot.pause()
        assert isinstance(app.screen, GameEndScreen)
    assert undone and table.record.undos
    shown = "\n".join(seen)
    assert "Still out:" in shown and "Taken back:" in shown and "You passed" in shown
    assert_literal(shown)
    for name in MARKUP[:4]:
        assert name[:14] in shown


@sync
async def test_the_start_screen_offers_a_hostile_saved_game_literally():
    record = hostile_record()
    play_out(record, 20)
    games_dir().mkdir(parents=True, exist_ok=True)
    save(record, games_dir() / "hostile.json")
    app = HjerterfriApp(fast_settings("en"), unfinished=load(games_dir() / "hostile.json"), make_player=lowest_players)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        label = plain(app.screen.query_one("#resume").render())
        assert printable(record.rules.name)[:20] in label.replace("\n", "")
        assert_literal(label)


@sync
async def test_the_viewer_shows_a_hostile_game_literally(tmp_path):
    path = saved_hostile(tmp_path, finished=True)
    app = ReplayApp(load(path, lenient=True), "en")
    async with app.run_test(size=(120, 30)) as pilot:
        shown = []
        for _ in range(60):
            await pilot.press("down")
            shown.append(shown_on(app.screen))
        text = "\n".join(shown)
    assert_literal(text)
    for name in MARKUP[:4]:
        assert name[:12] in text


def shown_on(screen) -> str:
    """Every text a screen shows: its Statics' contents, and each line a FitLine may choose."""
    texts = [plain(w.content) for w in screen.query("Static")]
    texts += [t.plain for line in screen.query(FitLine) for t in line.texts]
    return "\n".join(texts)


@pytest.mark.parametrize("value", ["[/]", "[link=file:///etc/passwd]x[/link]", "\x1b[2J", "x" * 10_000])
@sync
async def test_a_hostile_settings_value_is_named_in_one_literal_line_and_the_game_starts(value):
    from hjerterfri.launch import play_app

    from .test_continue import args_for

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"lang": value, "speed": value}), encoding="utf-8")
    app = play_app(args_for("--seed", "3", "--speed", "instant"))
    app.make_player = lowest_players
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        notices = [n.message for n in app._notifications]
        assert len(notices) == 1 and "settings.json" in notices[0]
        if "\x1b" in value:  # named as the file writes it, an escape that shows: "\u001b[2J"
            assert '"\\u001b[2J"' in notices[0], notices[0]
        assert all(raw not in notices[0] for raw in RAW)
