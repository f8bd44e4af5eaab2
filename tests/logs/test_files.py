"""Hostile files and two programs: nothing hangs, nothing is silently overwritten, nothing is left behind."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from hjerterfri import files, paths
from hjerterfri.cli import main
from hjerterfri.files import FileError, GameInUse, GameLock, read_json
from hjerterfri.gamelog import LogError, dumps, list_games, load, new_log_path, open_log, save, summarize
from hjerterfri.i18n import Texts
from hjerterfri.paths import remove_stale_temporaries, write_atomic
from hjerterfri.settings import MAX_BYTES as SETTINGS_MAX
from hjerterfri.settings import KeptSettings, Settings, load_settings
from hjerterfri.transcript import transcript

from .helpers import new_record, play_out

posix = pytest.mark.skipif(files.fcntl is None or not hasattr(os, "mkfifo"), reason="POSIX only (flock, mkfifo)")


def within(seconds: float, call: Callable[[], object]) -> object:
    """``call()`` (its result or its exception), failing the test if it has not returned after ``seconds``
    (a blocked open never returns)."""
    outcome: list[tuple[bool, object]] = []

    def run() -> None:
        try:
            outcome.append((True, call()))
        except BaseException as e:
            outcome.append((False, e))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"still blocked after {seconds} s"
    ok, value = outcome[0]
    if not ok:
        raise value  # type: ignore[misc]
    return value


def one_line_error(capsys, argv: list[str]) -> str:
    """Run the command in English, which must fail at once with one line on stderr and status 2; that line."""
    status = within(20, lambda: main(["--lang", "en", *argv]))
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    return err


# Reading: only regular files, never blocking


@posix
@pytest.mark.parametrize(
    "argv", [["replay", "{}", "--text"], ["replay", "{}"], ["continue", "{}"]], ids=["text", "viewer", "continue"]
)
def test_a_named_pipe_is_refused_in_one_line_and_never_opened_for_long(capsys, tmp_path, argv):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    err = one_line_error(capsys, [a.format(fifo) for a in argv])
    assert f"{fifo}: is a named pipe (FIFO), not a regular file" in err


@posix
def test_a_named_pipe_swapped_in_after_the_check_is_refused_too(tmp_path, monkeypatch):
    """Opened without blocking and checked again once open, so the swap cannot hang the reader."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    regular = os.stat(__file__)
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda p, *a, **k: regular if str(p) == str(fifo) else real_stat(p, *a, **k))
    with pytest.raises(FileError, match="named pipe"):
        within(10, lambda: read_json(fifo, 1_000_000, "a test file"))


def test_a_directory_and_a_device_are_refused(tmp_path):
    with pytest.raises(LogError, match="is a directory, not a regular file"):
        load(tmp_path)
    if os.path.exists("/dev/zero"):
        with pytest.raises(LogError, match="is a character device, not a regular file"):
            within(10, lambda: load("/dev/zero"))


@posix
def test_a_named_pipe_as_settings_is_one_line_and_the_defaults(tmp_path):
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    valid, problem = within(10, lambda: load_settings(path))
    assert valid == {} and str(problem) == f"{path}: is a named pipe (FIFO), not a regular file"


def test_settings_have_a_size_limit_checked_before_reading(tmp_path):
    path = tmp_path / "settings.json"
    with open(path, "wb") as f:
        f.truncate(300 * 1024 * 1024)  # 300 MB that are never read (a sparse file)
    valid, problem = within(10, lambda: load_settings(path))
    assert valid == {} and str(problem) == f"{path}: the file is 314,572,800 bytes; a settings file is at most 65,536"
    path.write_text(json.dumps({"speed": "fast", "pad": "x" * SETTINGS_MAX}), encoding="utf-8")
    assert "at most 65,536" in str(load_settings(path)[1])


def test_settings_and_logs_accept_a_byte_order_mark(tmp_path):
    settings = tmp_path / "settings.json"
    settings.write_bytes(b"\xef\xbb\xbf" + json.dumps({"speed": "fast"}).encode())
    assert load_settings(settings) == ({"speed": "fast"}, None)
    log = tmp_path / "g.json"
    record = play_out(new_record(seed=3), actions=20)
    log.write_bytes(b"\xef\xbb\xbf" + dumps(record).encode())
    assert load(log).game.round.trick == record.game.round.trick


def test_settings_are_read_as_strictly_as_logs(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"speed": "fast", "speed": "slow"}', encoding="utf-8")
    valid, problem = load_settings(path)
    assert (valid, str(problem)) == ({}, f"{path}: the key 'speed' appears twice in one object")


# Writing: atomic, durable, through links, never into a missing directory


def test_a_write_through_a_link_writes_the_file_it_points_to(tmp_path):
    target = tmp_path / "real" / "g.json"
    target.parent.mkdir()
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(Path("real") / "g.json")  # a relative link, as users make them
    write_atomic(link, "new")
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "new"
    assert sorted(p.name for p in target.parent.iterdir()) == ["g.json"]


def test_a_write_syncs_the_directory_after_the_rename(tmp_path, monkeypatch):
    synced: list[bool] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    write_atomic(tmp_path / "g.json", "text")
    assert synced == [False, True]  # the file, then its directory


def test_no_writer_makes_a_missing_directory(capsys, tmp_path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        write_atomic(tmp_path / "nope" / "g.json", "text")
    out = tmp_path / "nope" / "figures.json"
    err = one_line_error(capsys, ["arena", "--seats", "let,let,let,let", "--deals", "1", "--json", str(out)])
    assert f"{out}: the directory {out.parent} does not exist" in err
    assert not out.parent.exists()


def test_the_data_directory_is_made_when_first_needed(tmp_path):
    """hjerterfri's own directories are the exception: made, with their parents, on the first save."""
    record = new_record()
    path = new_log_path(record, tmp_path / "a" / "b")
    assert path.parent == tmp_path / "a" / "b" / "games" and path.parent.is_dir()
    settings = tmp_path / "c" / "d" / "settings.json"
    KeptSettings(settings, {}).keep(Settings(speed="fast"), lang_chosen=False)
    assert json.loads(settings.read_text(encoding="utf-8"))["speed"] == "fast"


def test_a_crash_report_goes_into_the_data_directory_even_before_it_exists(tmp_path):
    from hjerterfri.tui.crash import write_crash_report

    report = write_crash_report(RuntimeError("a bug"), tmp_path / "fresh" / "data")
    assert report is not None and report.parent == tmp_path / "fresh" / "data" and "a bug" in report.read_text()


# Temporary files a killed save leaves behind


def test_a_killed_save_leaves_a_temporary_file_that_the_next_start_removes(tmp_path):
    """The child is killed between writing the temporary file and renaming it, as a kill -9 would."""
    child = textwrap.dedent(
        """
        import os, signal, sys
        from hjerterfri import paths
        os.replace = lambda src, dst: os.kill(os.getpid(), signal.SIGKILL)
        paths.write_atomic(sys.argv[1], "a save cut short")
        """
    )
    target = tmp_path / "g.json"
    for _ in range(3):
        done = subprocess.run([sys.executable, "-c", child, str(target)], timeout=60)
        assert done.returncode == -signal.SIGKILL
    left = sorted(p.name for p in tmp_path.iterdir())
    assert len(left) == 3 and all(n.startswith(".g.json.") and n.endswith(".tmp") for n in left)
    assert remove_stale_temporaries(tmp_path) == 0  # too fresh: they could be saves under way elsewhere
    for name in left:
        os.utime(tmp_path / name, (time.time() - paths.STALE_AFTER - 1,) * 2)
    assert remove_stale_temporaries(tmp_path) == 3
    assert list(tmp_path.iterdir()) == []


def test_only_our_own_temporary_files_are_removed(tmp_path):
    names = [".g.json.abcd_123.tmp", ".g.json.abcd1234.tmp", "g.json.abcd1234.tmp", ".notes.txt.abcd1234.tmp"]
    for name in names:
        (tmp_path / name).write_text("x", encoding="utf-8")
        os.utime(tmp_path / name, (1, 1))
    assert remove_stale_temporaries(tmp_path) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names[2:])


# Empty paths


def test_an_empty_data_dir_is_refused_never_the_default(capsys, monkeypatch):
    def no_default(*args, **kwargs):
        raise AssertionError("the user's real data directory was used")

    monkeypatch.setattr("platformdirs.user_data_path", no_default)
    with pytest.raises(ValueError, match="--data-dir is empty"):
        paths.data_dir("")
    monkeypatch.setenv(paths.ENV_DATA_DIR, "")
    with pytest.raises(ValueError, match="HJERTERFRI_DATA_DIR is set but empty"):
        paths.games_dir()
    for argv in (["games"], ["continue"], ["--seed", "1"], []):
        err = one_line_error(capsys, argv)
        assert "HJERTERFRI_DATA_DIR is set but empty; name a directory, or unset it" in err
    monkeypatch.delenv(paths.ENV_DATA_DIR)
    for argv in (["--data-dir", "", "games"], ["games", "--data-dir", ""], ["continue", ""], ["replay", "", "--text"]):
        with pytest.raises(SystemExit) as exit:
            main(["--lang", "en", *argv])
        assert exit.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "an empty path names no file or directory" in err


# The lock on a game being played


@posix
def test_a_game_is_locked_once_and_the_lock_file_goes_with_the_lock(tmp_path):
    game = tmp_path / "g.json"
    lock = GameLock(game).acquire()
    assert (tmp_path / ".g.json.lock").read_text() == f"{os.getpid()}\n"
    with pytest.raises(GameInUse) as refused:
        GameLock(game).acquire()
    assert str(refused.value) == f"{game}: the game is open in another hjerterfri (process {os.getpid()})"
    lock.release()
    assert not (tmp_path / ".g.json.lock").exists()
    with GameLock(game):
        pass


@posix
def test_a_link_and_the_file_it_points_to_share_one_lock(tmp_path):
    game = tmp_path / "g.json"
    link = tmp_path / "link.json"
    link.symlink_to(game)
    with GameLock(link), pytest.raises(GameInUse):
        GameLock(game).acquire()


@posix
def test_a_game_with_a_link_to_it_in_the_folder_is_listed_once_by_its_own_name(tmp_path):
    """games listed it twice and counted it twice in the statistics."""
    from hjerterfri.gamelog import log_files, save

    from .helpers import new_record

    game = tmp_path / "a.json"
    save(new_record(), game)
    (tmp_path / "0-link.json").symlink_to(game)
    (tmp_path / "z-link.json").symlink_to(game)
    assert log_files(tmp_path) == [game]


LOCKER = """
import sys, time
from hjerterfri.files import GameLock
GameLock(sys.argv[1]).acquire()
print("locked", flush=True)
time.sleep(120)
"""


def lock_in_a_child(game: Path) -> subprocess.Popen:
    """Another program holding the game's lock."""
    child = subprocess.Popen([sys.executable, "-c", LOCKER, str(game)], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline() == "locked\n"
    return child


@posix
def test_a_lock_dies_with_its_process_even_by_kill_9(tmp_path):
    game = tmp_path / "g.json"
    child = lock_in_a_child(game)
    try:
        with pytest.raises(GameInUse, match=f"process {child.pid}"):
            GameLock(game).acquire()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    assert (tmp_path / ".g.json.lock").exists()  # left behind by the kill, but nobody holds it
    with GameLock(game) as lock:
        assert lock.held


@posix
def test_continue_of_a_game_open_elsewhere_is_one_line(capsys, tmp_path):
    game = tmp_path / "g.json"
    record = play_out(new_record(seed=3), actions=20)
    save(record, game)
    before = game.read_bytes()
    child = lock_in_a_child(game)
    try:
        err = one_line_error(capsys, ["continue", str(game)])
        assert err == f"hjerterfri: error: {game}: the game is open in another hjerterfri (process {child.pid})\n"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    assert game.read_bytes() == before


# Reading many games, and long ones


def test_replay_text_shows_each_round_as_soon_as_it_is_checked(tmp_path):
    record = play_out(new_record(seed=2, target=60))
    path = tmp_path / "g.json"
    save(record, path)
    log = open_log(path)
    parts = transcript(log, Texts("en"))
    next(parts)  # the header: no round replayed yet
    assert len(log.record.game.rounds) == 1 and not log.record.game.round.tricks
    next(parts), next(parts)  # a blank line and round 1, once it is checked
    assert len(log.record.game.rounds) == 1 and log.record.game.round.is_over
    rest = list(parts)
    assert len(log.record.game.rounds) == len(record.game.rounds) > 2 and log.error is None
    assert len(rest) == 2 * len(record.game.rounds)  # each later round and its blank line, then the ending


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("actions", [None, 0, 45, 130])
def test_a_summary_says_what_a_full_load_says(tmp_path, seed, actions):
    record = play_out(new_record("svensk" if seed == 2 else "dansk", seed=seed, target=40), actions, bot_seed=seed)
    path = tmp_path / "g.json"
    save(record, path)
    summary, game = summarize(path), load(path).game
    assert summary.started == record.started and summary.rules == game.rules and summary.seats == record.seats
    assert summary.round_number == game.round.number and summary.totals == game.totals
    assert summary.points == tuple(r.scores() for r in game.rounds if r.is_over)
    assert summary.moons == tuple(r.moon_shooter() for r in game.rounds if r.is_over)
    assert summary.outcome == game.outcome() and summary.is_finished == game.is_over()


DATA = Path(__file__).parent.parent / "data" / "logs"


@pytest.mark.parametrize(
    "name",
    [
        "points-dont-add-up-round-2",
        "totals-dont-add-up-round-3",
        "wrong-result-winner",
        "result-missing-after-game-over",
        "round-2-after-unfinished-round-1",
        "missing-seats",
        "not-json-truncated",
    ],
)
def test_a_summary_refuses_figures_that_do_not_add_up(name):
    with pytest.raises(LogError):
        summarize(DATA / f"{name}.json")


def test_the_listing_does_not_replay_the_cards_but_opening_a_game_does(tmp_path):
    """A summary is unchecked card by card: a wrong card with figures that add up is listed as a game,
    and refused when the game is opened."""
    path = DATA / "not-following-suit-round-3-trick-6.json"
    (entry,) = list_games_of(tmp_path, path)
    assert entry.summary is not None and entry.error is None
    with pytest.raises(LogError, match="round 3, trick 6"):
        load(path)


def list_games_of(directory: Path, *logs: Path) -> list:
    for log in logs:
        (directory / log.name).write_bytes(log.read_bytes())
    return list(list_games(directory))


@pytest.mark.parametrize("fails", ["mkstemp", "replace"])
def test_a_failed_write_names_the_file_not_its_temporary(tmp_path, monkeypatch, fails):
    """A settings file that could not be saved was said as '.settings.json.89eph5x_.tmp': a name the player
    never heard of."""

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(tmp_path / ".settings.json.x1y2z3.tmp"))

    target = "tempfile.mkstemp" if fails == "mkstemp" else "os.replace"
    monkeypatch.setattr(target, refuse)
    with pytest.raises(PermissionError) as caught:
        write_atomic(tmp_path / "settings.json", "{}")
    assert caught.value.filename == str(tmp_path / "settings.json")
    assert [p.name for p in tmp_path.iterdir()] == []  # and nothing left behind


def test_a_games_folder_that_cannot_be_read_is_not_said_to_be_empty(capsys, tmp_path):
    """A data directory under a file (XDG_DATA_HOME set to one) said "no saved games"; so did a games folder
    the user may not read."""
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    with pytest.raises(NotADirectoryError):
        list(list_games(tmp_path / "a-file" / "games"))
    assert list(list_games(tmp_path / "not-yet")) == []  # none saved yet: no games, no error
    assert main(["--lang", "en", "--data-dir", str(tmp_path / "a-file" / "x"), "games"]) == 2
    err = capsys.readouterr().err
    assert "games: Not a directory" in err.splitlines()[-1] and "No saved games" not in err
