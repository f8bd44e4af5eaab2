"""The app and the game log together: every action saved, a stopped game continued where it was left."""

from __future__ import annotations

import argparse
import copy
import dataclasses
import os
from pathlib import Path

import pytest

from hjerterfri.cli import build_parser, main
from hjerterfri.engine import Game, Phase
from hjerterfri.gamelog import GameRecord, Seat, latest_unfinished, load, log_files, save
from hjerterfri.launch import continue_app, play_app
from hjerterfri.paths import games_dir
from hjerterfri.rules import preset
from hjerterfri.table import Table, local_players
from hjerterfri.table.autosave import Autosave
from hjerterfri.tui.app import HjerterfriApp
from hjerterfri.tui.screens.dialogs import QuitScreen
from hjerterfri.tui.screens.start import StartScreen
from hjerterfri.tui.screens.summary import GameEndScreen, RoundSummaryScreen
from hjerterfri.tui.screens.table import TableScreen
from hjerterfri.tui.widgets.hand import HandView, sort_hand

from ..logs.helpers import state
from .helpers import HUMAN, fast_settings, human_waits, pass_with_keys, play_legal_with_keys, settle, sync

NAMES = ["Ida", "Mette", "Jens", "Sofie"]


def short_game(seed: int, target: int = 30) -> Table:
    """A new game against the middel bots, to a low target so that it ends soon."""
    rules = dataclasses.replace(preset("dansk"), target=target)
    return Table.new(rules, seed, NAMES, "middel", local_players())


def checked_autosave(checks: list[int], saver: Autosave | None = None):
    """The app's autosave (``saver``, or a new one), plus a check after every action that the file loads
    to the game on the table."""
    saver = saver or Autosave()

    def check(table: Table, _event) -> None:
        assert table.record.path is not None
        assert state(load(table.record.path).game) == state(table.game)
        checks.append(1)

    def hook(table: Table) -> None:
        saver(table)
        table.listeners.append(check)

    return hook


async def human_acts(pilot) -> None:
    """The scripted human: pass the first three cards of the hand, play the first legal card, go on after a round."""
    app = pilot.app
    screen = app.screen
    if isinstance(screen, RoundSummaryScreen):
        await pilot.press("enter")
    elif screen.table.round.phase is Phase.PASSING:
        screen.query_one(HandView).move_to(screen.query_one(HandView).cards[0])
        await pass_with_keys(pilot)
    else:
        await play_legal_with_keys(pilot)
    await pilot.pause()


async def play_until(pilot, done) -> None:
    for _ in range(2000):
        await settle(pilot)
        if done(pilot.app):
            return
        await human_acts(pilot)
    raise AssertionError("never reached")


def mid_trick(app) -> bool:
    r = app.screen.table.round if isinstance(app.screen, TableScreen) else None
    return r is not None and len(r.tricks) >= 2 and bool(r.trick) and human_waits(app)


def args_for(*argv: str) -> argparse.Namespace:
    args = build_parser().parse_args(list(argv))
    for flag, default in (("ascii", False), ("four_colour", False), ("speed", None), ("lang", None)):
        args.__dict__.setdefault(flag, default)
    return args


def position(game: Game) -> tuple:
    """Everything about where the game stands, copied (the engine's lists go on changing)."""
    r = game.round
    return copy.deepcopy((state(game), r.hand_cards(HUMAN), list(r.trick), r.turn))


@sync
async def test_a_stopped_game_continues_where_it_was_left_and_plays_to_the_end():
    checks: list[int] = []
    app = HjerterfriApp(
        fast_settings(),
        table=short_game(seed=21, target=20),
        on_table=checked_autosave(checks),
        make_player=local_players(),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, mid_trick)
        left = position(app.table.game)
        path = app.table.record.path
    # The app is gone (as after a crash): the file holds every card played.
    assert len(checks) >= 10 and path.parent == games_dir()
    assert latest_unfinished(games_dir()).path == path

    resumed = continue_app(args_for("continue"))
    assert isinstance(resumed, HjerterfriApp)
    resumed.settings = fast_settings()
    resumed.on_table = checked_autosave(checks, resumed.on_table)  # it holds the game's lock
    async with resumed.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = resumed.screen
        assert isinstance(table, TableScreen)
        assert position(table.table.game) == left
        assert table.table.names == NAMES and table.table.seats == load(path).seats
        assert human_waits(resumed) and table.table.round.turn == HUMAN
        assert list(table.query_one(HandView).cards) != [] and set(table.query_one(HandView).cards) == set(left[1])
        before = len(checks)
        await play_until(pilot, lambda a: isinstance(a.screen, GameEndScreen))
        assert len(checks) > before
        assert table.table.record.path == path
    finished = load(path)
    assert finished.is_finished and state(finished.game) == state(table.table.game)
    assert log_files(games_dir()) == [path]  # one game, one file


def engine_human(game: Game, seat: int, passing: bool) -> list:
    """What the scripted human of ``human_acts`` picks: the first cards in the order the hand is shown."""
    hand = sort_hand(game.round.hand_cards(seat))
    if passing:
        return hand[: game.rules.pass_count]
    legal = set(game.round.legal_plays())
    return [next(c for c in hand if c in legal)]


class EngineHuman:
    """The scripted human of ``human_acts``, without the app: the first cards in the order the hand is shown."""

    def choose_pass(self, view):
        return sort_hand(view.hand)[: view.rules.pass_count]

    def choose_play(self, view):
        return next(c for c in sort_hand(view.hand) if c in view.legal_plays)


def play_in_engine(table: Table, done) -> list[tuple]:
    """Play on without the app (bots and scripted human alike) until ``done(game)``; the actions taken."""
    seen: list[tuple] = []
    table.listeners.append(lambda t, e: seen.append((e.kind, e.seat, e.cards)))
    table.run(lambda t: done(t.game), human=EngineHuman())
    return seen


def late_in_round_one(game: Game) -> bool:
    r = game.round
    return r.number == 1 and len(r.tricks) == 10 and len(r.trick) == 2


def round_one_over(game: Game) -> bool:
    return game.round.number == 1 and game.round.is_over


def bots_passed_in_round_two(game: Game) -> bool:
    r = game.round
    return r.number == 2 and r.passed[HUMAN] is None and all(r.passed[s] is not None for s in (1, 2, 3))


def first_trick_of_round_two(game: Game) -> bool:
    return game.round.number == 2 and len(game.round.tricks) == 1


@pytest.mark.parametrize(
    "cut", [late_in_round_one, bots_passed_in_round_two, round_one_over], ids=["mid-trick", "mid-pass", "round"]
)
@sync
async def test_continuing_reproduces_the_bots_choices(tmp_path, cut):
    """The game played on without a break and the game continued from a log cut at ``cut`` make the same moves."""
    table = short_game(seed=8, target=100)
    Autosave()(table)
    play_in_engine(table, cut)
    cut_copy = tmp_path / "cut.json"
    save(table.record, cut_copy)
    at_cut = position(table.game)
    unbroken = play_in_engine(table, first_trick_of_round_two)
    bots_moves = [a for a in unbroken if a[1] not in (HUMAN, -1)]
    assert len(bots_moves) >= 3

    resumed = continue_app(args_for("continue", str(cut_copy)))
    assert isinstance(resumed, HjerterfriApp)
    resumed.settings = fast_settings()
    resumed.settings.finish_pointless = False  # the engine's game plays every card, so the app does too
    continued: list[tuple] = []
    opened: list[tuple] = []
    saver = resumed.on_table
    assert saver is not None

    def hook(table: Table) -> None:  # before the table is drawn and any bot thinks
        saver(table)
        opened.append(position(table.game))
        table.listeners.append(lambda t, e: continued.append((e.kind, e.seat, e.cards)))

    resumed.on_table = hook
    async with resumed.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda app: first_trick_of_round_two(app.table.game))
    assert opened == [at_cut]
    assert simultaneous(continued) == simultaneous(unbroken)


def simultaneous(actions: list[tuple]) -> list:
    """The actions with each run of passes as a set: passes are chosen at once, so their order is not the game's."""
    out: list = []
    for action in actions:
        if action[0] == "pass" and out and isinstance(out[-1], frozenset):
            out[-1] = out[-1] | {action}
        else:
            out.append(frozenset({action}) if action[0] == "pass" else action)
    return out


@sync
async def test_the_start_screen_offers_the_latest_unfinished_game(tmp_path):
    session = short_game(seed=5)
    saver = Autosave()
    saver(session)
    game = session.game
    for seat in range(4):  # everyone passes, the others play until the human is to follow
        session.pass_cards(seat, game.round.hand_cards(seat)[:3])
    while not (game.round.turn == HUMAN and game.round.trick):
        session.play(game.round.turn, game.round.legal_plays()[0])
    session.close()
    app = play_app(args_for())
    app.settings = fast_settings()
    assert app.unfinished is not None and app.unfinished.path == session.record.path
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        label = str(start.query_one("#resume").label)
        assert f"{session.record.started:%Y-%m-%d %H:%M}" in label and "Dansk" in label and "Runde 1" in label
        await pilot.press("c")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert state(table.table.game) == state(load(session.record.path).game)
        assert table.table.round.trick and table.table.round.turn == HUMAN
        await play_legal_with_keys(pilot)
        await settle(pilot)
        saved = load(session.record.path).game  # the cards after the offer went into the same file
        assert saved.round.tricks and state(saved) == state(table.table.game)
    # Flags that start a new game skip the offer.
    assert play_app(args_for("--preset", "svensk")).unfinished is None


def test_continue_without_an_unfinished_game_is_one_line_and_status_1(capsys):
    assert main(["continue"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ufærdigt" in err


def test_continue_a_broken_file_is_its_log_error_and_status_2(capsys, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "hjerterfri-log", "version": 1,', encoding="utf-8")
    assert main(["--lang", "en", "continue", str(broken)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(broken) in err and "line 1" in err


def _saved(tmp_path: Path, seats, finished: bool = False) -> Path:
    record = GameRecord.new(dataclasses.replace(preset("dansk"), target=1), 4, seats)
    if finished:
        while not record.game.round.is_over:
            r = record.game.round
            if r.phase is Phase.PASSING:
                for s in range(4):
                    r.pass_cards(s, r.hand_cards(s)[:3])
            else:
                r.play(r.legal_plays()[0])
    path = tmp_path / "saved.json"
    save(record, path)
    return path


def test_a_bot_by_import_path_needs_allow_import(capsys, tmp_path, monkeypatch):
    imported: list[str] = []
    monkeypatch.setattr("hjerterfri.table.players.make_bot", lambda spec, seed=0: imported.append(spec))
    seats = (Seat("Ida"), Seat("A", "evil.module:Bot", 1), Seat("B", "middel", 2), Seat("C", "middel", 3))
    path = _saved(tmp_path, seats)
    assert main(["continue", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--allow-import" in err and "evil.module:Bot" in err
    assert imported == []
    # With the flag the log's bot is built (here a stand-in records the attempt; no app is run).
    app = continue_app(args_for("continue", "--allow-import", str(path)))
    assert isinstance(app, HjerterfriApp) and "evil.module:Bot" in imported


def test_a_bot_program_needs_allow_exec(capsys, tmp_path, monkeypatch):
    started: list[list[str]] = []
    monkeypatch.setattr("hjerterfri.table.players.ProcessPlayer.start", lambda self: started.append(self.command))
    seats = (Seat("Ida"), Seat("A", "exec:./evil --now", 1), Seat("B", "middel", 2), Seat("C", "middel", 3))
    path = _saved(tmp_path, seats)
    assert main(["continue", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--allow-exec" in err and "exec:./evil --now" in err
    assert main(["continue", "--allow-import", str(path)]) == 2  # the one flag does not allow the other
    capsys.readouterr()
    monkeypatch.chdir(tmp_path)
    assert main(["continue", "--allow-exec", str(path), "--lang", "en"]) == 2  # no ./evil here: one line
    assert "no program './evil' found" in capsys.readouterr().err
    (tmp_path / "evil").write_text("#!/bin/sh\n", encoding="utf-8")
    (tmp_path / "evil").chmod(0o755)
    # With the flag and the program there, the table is set up; nothing runs until a bot is asked.
    app = continue_app(args_for("continue", "--allow-exec", str(path)))
    assert isinstance(app, HjerterfriApp) and started == []
    assert app.table is not None and app.table.players[1].command == ["./evil", "--now"]


def test_a_new_game_takes_a_bot_program(tmp_path):
    app = play_app(args_for("--data-dir", str(tmp_path), "--bots", "exec:python3 bot.py", "--seed", "3"))
    assert app.setup is not None and app.setup.bots == "exec:python3 bot.py"  # no such file here: as written


def test_a_bot_programs_files_are_named_so_that_another_folder_finds_them(tmp_path, monkeypatch):
    """The README's "exec:python3 examples/ducking_bot.py", continued from another folder, found no file and
    played let's cards: the log now names the files by their absolute paths (the program on PATH stays)."""
    (tmp_path / "my bots").mkdir()
    (tmp_path / "my bots" / "bot.py").write_text("", encoding="utf-8")
    (tmp_path / "run").write_text("#!/bin/sh\n", encoding="utf-8")
    (tmp_path / "run").chmod(0o755)
    monkeypatch.chdir(tmp_path)
    spec = "exec:python3 'my bots/bot.py' --fast"
    app = play_app(args_for("--data-dir", str(tmp_path), "--bots", spec, "--seed", "3"))
    assert app.setup is not None and app.setup.bots == f"exec:python3 '{tmp_path}/my bots/bot.py' --fast"
    app = play_app(args_for("--data-dir", str(tmp_path), "--bots", "exec:./run 'my bots/bot.py'", "--seed", "3"))
    assert app.setup is not None and app.setup.bots == f"exec:{tmp_path}/run '{tmp_path}/my bots/bot.py'"


def test_a_finished_game_is_not_continued(capsys, tmp_path):
    seats = (Seat("Ida"), Seat("A", "let", 1), Seat("B", "middel", 2), Seat("C", "svær", 3))
    path = _saved(tmp_path, seats, finished=True)
    assert load(path).is_finished
    assert main(["continue", str(path), "--lang", "en"]) == 1
    assert "over" in capsys.readouterr().err


@sync
async def test_a_failed_save_warns_once_and_the_game_goes_on(monkeypatch):
    calls: list[int] = []

    def disk_full(record, path) -> None:
        calls.append(1)
        raise OSError(28, os.strerror(28), str(path))

    monkeypatch.setattr("hjerterfri.table.autosave.save", disk_full)
    app = play_app(args_for("--seed", "3", "--name", "Ida"))
    app.settings = fast_settings()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pass_with_keys(pilot)
        await settle(pilot)
        await play_legal_with_keys(pilot)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.table.round.hands[HUMAN].bit_count() == 12
        warnings = [n.message for n in app._notifications]
        assert len(warnings) == 1 and "der er ikke mere plads på enheden" in warnings[0] and "gemmes" in warnings[0]
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        assert not app.screen.query("#quit-saved"), "the quit dialog must not promise a save that failed"
    assert len(calls) > 8  # every action tried again


@sync
async def test_the_quit_dialog_says_the_game_is_saved():
    app = play_app(args_for("--seed", "3", "--name", "Ida"))
    app.settings = fast_settings()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        assert "hjerterfri continue" in str(app.screen.query_one("#quit-saved").render())
        assert app.focused is not None and app.focused.id == "no"  # the safe answer first
        await pilot.press("up")
        assert app.focused is not None and app.focused.id == "yes"  # the arrows move as Tab does
        await pilot.press("down")
        assert app.focused is not None and app.focused.id == "no"
        await pilot.press("y")
        await pilot.pause()
    assert latest_unfinished(games_dir()) is not None
