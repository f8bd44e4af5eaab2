"""Which game ``continue`` picks, and a game played by two programs: the second is told, never overwrites."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from hjerterfri import files
from hjerterfri.cli import main
from hjerterfri.files import GameInUse, GameLock
from hjerterfri.gamelog import GameRecord, Seat, load, new_log_path, save
from hjerterfri.launch import continue_app, play_app
from hjerterfri.paths import games_dir
from hjerterfri.rules import preset
from hjerterfri.table import Table, local_players
from hjerterfri.table.autosave import Autosave
from hjerterfri.tui.app import HjerterfriApp

from ..logs.helpers import STARTED, new_record, play_out
from ..logs.test_files import lock_in_a_child
from .test_continue import args_for

posix = pytest.mark.skipif(files.fcntl is None, reason="games are locked on POSIX only")

IMPORTED = (Seat("Ida"), Seat("A", "evil.module:Bot", 1), Seat("B", "middel", 2), Seat("C", "middel", 3))


def done(app: HjerterfriApp) -> None:
    """What the app does when it ends: its table closes (the game's lock goes with it) and so does its autosave."""
    if app.table is not None:
        app.table.close()
    app.on_table.close()


def saved(name: str, age: int, seats: tuple[Seat, ...] | None = None, actions: int = 20) -> Path:
    """An unfinished game in the games directory, last written ``age`` hours ago."""
    record = new_record(seed=age + 1)
    if seats is not None:
        record = GameRecord.new(record.rules, record.game.seed, seats, STARTED)
    play_out(record, actions)
    path = games_dir() / name
    path.parent.mkdir(parents=True, exist_ok=True)
    save(record, path)
    stamp = 1_700_000_000 - age * 3600
    os.utime(path, (stamp, stamp))
    return path


def test_continue_picks_the_newest_game_that_can_be_continued_and_says_so(capsys):
    older = saved("older.json", age=2)
    newer = saved("newer.json", age=1, seats=IMPORTED)
    app = continue_app(args_for("continue", "--lang", "en"))
    assert isinstance(app, HjerterfriApp) and app.table is not None and app.table.record.path == older
    assert capsys.readouterr().err == ""  # said in the app, where it is read before the game, not after quitting
    err = app.notice or ""
    assert "\n" not in err
    assert f"continuing {older}, the newest unfinished game that can be continued; the newer {newer.name}" in err
    assert "--allow-import" in err
    done(app)


def test_continue_takes_the_newest_when_it_can_and_says_nothing(capsys):
    saved("older.json", age=2)
    newer = saved("newer.json", age=1)
    app = continue_app(args_for("continue"))
    assert isinstance(app, HjerterfriApp) and app.table.record.path == newer
    assert capsys.readouterr().err == ""
    done(app)


def test_continue_refuses_with_the_newest_games_reason_when_none_can_be_continued(capsys):
    saved("older.json", age=2, seats=IMPORTED)
    newer = saved("newer.json", age=1, seats=IMPORTED)
    assert continue_app(args_for("continue", "--lang", "en")) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"hjerterfri: error: {newer}: ") and "--allow-import" in err


@posix
def test_continue_passes_over_a_game_open_elsewhere(capsys):
    older = saved("older.json", age=2)
    newer = saved("newer.json", age=1)
    child = lock_in_a_child(newer)
    try:
        app = continue_app(args_for("continue", "--lang", "en"))
        assert isinstance(app, HjerterfriApp) and app.table.record.path == older
        err = app.notice or ""
        assert f"{newer.name} cannot be: the game is open in another hjerterfri (process {child.pid})" in err
        done(app)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)


@posix
def test_the_start_screen_offers_the_newest_game_that_can_be_continued_and_holds_it():
    older = saved("older.json", age=2)
    saved("newer.json", age=1, seats=IMPORTED)
    app = play_app(args_for())
    assert app.unfinished is not None and app.unfinished.path == older
    with pytest.raises(GameInUse):  # offered here, so not to a second program
        GameLock(older).acquire()
    done(app)
    GameLock(older).acquire().release()


@posix
def test_a_continued_game_is_locked_until_the_app_gives_it_up():
    path = saved("g.json", age=1)
    app = continue_app(args_for("continue", str(path)))
    assert isinstance(app, HjerterfriApp)
    with pytest.raises(GameInUse):
        continue_app(args_for("continue", str(path)))
    done(app)
    second = continue_app(args_for("continue", str(path)))
    assert isinstance(second, HjerterfriApp)
    done(second)


@posix
def test_a_game_open_elsewhere_is_played_on_but_never_written(tmp_path):
    path = tmp_path / "g.json"
    save(play_out(new_record(seed=3), actions=20), path)
    before = path.read_bytes()
    warnings: list[OSError] = []
    table = Table(load(path), local_players())
    with GameLock(path):  # the other program
        saver = Autosave(warn=warnings.append)
        saver(table)
        for _ in range(5):
            table.play(table.game.round.turn, table.game.round.legal_plays()[0])
    assert path.read_bytes() == before
    assert len(warnings) == 1 and "open in another hjerterfri" in str(warnings[0]) and saver.failed
    assert saver.save(table) is None and path.read_bytes() == before  # not even once the other has quit


@posix
def test_a_new_game_never_takes_the_name_of_a_game_being_started_elsewhere(tmp_path):
    record = new_record()
    first = new_log_path(record, tmp_path)
    with GameLock(first):  # another program has the name, and has not written yet
        second = new_log_path(record, tmp_path)
    assert second != first and second.name == first.stem + "_2.json"


def test_a_continued_game_through_a_link_saves_into_the_file_it_points_to(tmp_path):
    real = tmp_path / "real.json"
    save(play_out(new_record(seed=3), actions=20), real)
    link = tmp_path / "link.json"
    link.symlink_to(real.name)
    table = Table(load(link), local_players())
    saver = Autosave()
    saver(table)
    table.play(table.game.round.turn, table.game.round.legal_plays()[0])
    saver.close()
    assert link.is_symlink() and os.readlink(link) == real.name
    assert load(real).game.round.trick == table.game.round.trick and table.game.round.trick


def test_a_dir_for_new_games_is_made_but_a_continued_games_is_not(tmp_path):
    """The games directory is hjerterfri's own; a continued file's directory removed meanwhile is refused."""
    path = tmp_path / "away" / "g.json"
    path.parent.mkdir()
    save(play_out(new_record(seed=3), actions=20), path)
    table = Table(load(path), local_players())
    path.unlink()
    path.parent.rmdir()
    warnings: list[OSError] = []
    saver = Autosave(warn=warnings.append)
    saver(table)
    assert len(warnings) == 1 and "does not exist" in str(warnings[0]) and not path.parent.exists()
    fresh = Table.new(preset("dansk"), 1, ["Ida", "A", "B", "C"], "let", local_players())
    Autosave(tmp_path / "new-data")(fresh)
    assert fresh.record.path.parent == tmp_path / "new-data" / "games"


def test_a_game_whose_cards_do_not_replay_is_passed_over_with_its_reason(capsys):
    """The listing's summary does not replay the cards; continue does, before it picks a game."""
    older = saved("older.json", age=2)
    newer = saved("newer.json", age=1, actions=10)  # four passes, a trick, two cards of the next
    data = json.loads(newer.read_text(encoding="utf-8"))
    trick = data["rounds"][0]["tricks"][1]
    trick["cards"][1] = data["rounds"][0]["tricks"][0]["cards"][0]  # a card already played
    newer.write_text(json.dumps(data), encoding="utf-8")
    os.utime(newer, (1_700_000_000, 1_700_000_000))
    app = continue_app(args_for("continue", "--lang", "en"))
    assert isinstance(app, HjerterfriApp) and app.table.record.path == older
    err = app.notice or ""
    assert "\n" not in err and f"the newer {newer.name} cannot be: round 1, trick 2: " in err
    done(app)


@posix
def test_a_named_pipe_among_the_games_is_never_opened(capsys):
    older = saved("older.json", age=2)
    os.mkfifo(games_dir() / "pipe.json")
    app = play_app(args_for())
    assert app.unfinished is not None and app.unfinished.path == older
    done(app)
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "older.json" in out and "pipe.json" not in out
