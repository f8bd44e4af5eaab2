"""The arena on a tiny run: sane figures, the same for a seed, JSON on request, one-line errors."""

from __future__ import annotations

import json
import sys

import pytest

from hjerterfri import arena
from hjerterfri.cli import main
from hjerterfri.rules import preset


def points(fig):
    return {t: f["points_per_round"] for t, f in fig["types"].items()}


def test_tiny_run_has_sane_figures():
    fig = arena.run(["middel", "let", "let", "let"], 2, 5, preset("dansk"))
    assert fig["deals"] == 2 and fig["seats"] == ["middel", "let", "let", "let"]
    m, let = fig["types"]["middel"], fig["types"]["let"]
    assert m["seats"] == 1 and let["seats"] == 3
    # 26 points go out in a round (78 when a moon is shot): per round the seats' averages add up to that.
    total = m["points_per_round"] + 3 * let["points_per_round"]
    moons = m["moons_shot"] + let["moons_shot"]
    assert total == pytest.approx(26 + 52 * moons / 8, abs=1e-6)
    for f in (m, let):
        lo, hi = f["ci95"]
        assert 0 <= f["points_per_round"] <= 26 and lo <= f["points_per_round"] <= hi
        assert f["play_ms_median"] >= 0 and f["play_ms_p95"] >= f["play_ms_median"]
        assert f["pass_ms_median"] is not None
        assert f["seat_rounds"] == 8 * f["seats"]


def test_same_seed_same_points_and_jobs_do_not_change_them():
    a = arena.run(["middel", "let", "middel", "let"], 2, 8, preset("svensk"))
    b = arena.run(["middel", "let", "middel", "let"], 2, 8, preset("svensk"), jobs=2)
    assert points(a) == points(b)
    assert a["types"]["middel"]["ci95"] == b["types"]["middel"]["ci95"]


def test_games_are_counted_over_consecutive_deals():
    fig = arena.run(["let", "let", "middel", "middel"], 12, 3, preset("dansk"))
    let, mid = fig["types"]["let"], fig["types"]["middel"]
    assert let["games"] == mid["games"] >= 1
    assert let["games_won"] + mid["games_won"] == pytest.approx(let["games"])


def figures(path):
    """The figures on the last line of a results file."""
    return json.loads(path.read_text().splitlines()[-1])["figures"]


def test_cli_prints_the_table_and_writes_json(tmp_path, capsys):
    out = tmp_path / "fig.json"
    assert main(["arena", "--seats", "middel,let,let,let", "--deals", "2", "--seed", "1", "--json", str(out)]) == 0
    table = capsys.readouterr().out
    assert "middel" in table and "points/round" in table and "95% CI" in table
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert lines[0]["format"] == "hjerterfri-arena" and lines[0]["lineups"] == [["middel", "let", "let", "let"]]
    assert [line["deal"] for line in lines[1:-1]] == [1, 2]
    assert set(figures(out)["types"]) == {"middel", "let"}
    assert list(tmp_path.iterdir()) == [out]


@pytest.mark.parametrize(
    ("seats", "words"),
    [("middel,let", "3 to 8 comma-separated"), ("middel,let,let,nobody", "unknown bot 'nobody'")],
)
def test_bad_seats_are_one_line(seats, words, capsys):
    assert main(["--lang", "en", "arena", "--seats", seats, "--deals", "2"]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err


@pytest.mark.parametrize("limit", ["0", "-1", "nan", "inf", "1e308"])
def test_a_move_limit_that_is_no_number_of_seconds_is_one_line(limit, capsys, tmp_path):
    """nan and inf were taken: every decision then failed, and the results file held NaN, which is no JSON."""
    out = tmp_path / "r.jsonl"
    assert main(["--lang", "en", "arena", "--seats", "let,let,let,let", "--move-limit", limit, "--json", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert "--move-limit must be a positive number of seconds" in err and "\n" not in err and not out.exists()


@pytest.mark.parametrize(("seats", "preset_name"), [("middel,let,let", "dansk"), ("svær,let,let,let,middel", "svensk")])
def test_three_and_five_seats_play_every_rotation(seats, preset_name, tmp_path, capsys):
    """Issue 6: the arena plays 3- and 5-player tables, one rotation per seat."""
    out = tmp_path / "fig.json"
    assert main(["arena", "--seats", seats, "--deals", "2", "--preset", preset_name, "--json", str(out)]) == 0
    fig = figures(out)
    n = len(seats.split(","))
    assert fig["rounds_per_deal"] == n
    assert sum(t["seat_rounds"] for t in fig["types"].values()) == 2 * n * n
    points = sum(t["points_per_round"] * t["seat_rounds"] for t in fig["types"].values())
    moons = sum(t["moons_shot"] for t in fig["types"].values())
    assert round(points) == 2 * n * 26 + moons * 26 * (n - 2)
    assert f"fair share: {26 / n:.1f} points" in capsys.readouterr().out


class RaisesOnPlay:
    def __init__(self, seed: int = 0) -> None:
        pass

    def choose_pass(self, view):
        return view.hand[:3]

    def choose_play(self, view):
        raise ValueError("a bug")


class Sleepy(RaisesOnPlay):
    def choose_play(self, view):
        import time

        time.sleep(5)


def test_a_faulty_bot_stops_the_arena_with_one_line_naming_it_and_the_deal(capsys):
    seats = "tests.bots.test_arena:RaisesOnPlay,let,let,let"
    status = main(["--lang", "en", "arena", "--seats", seats, "--deals", "2"])
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "bot 1 (tests.bots.test_arena:RaisesOnPlay) on deal 1, rotation 1" in err and "ValueError: a bug" in err


def test_a_faulty_program_is_named_with_the_log_that_holds_its_standard_error(capsys, tmp_path):
    """A program that cannot start said only "the program ended with exit status 2"; why (python's "can't
    open file") was in a log the line did not name."""
    missing = tmp_path / "typo.py"
    seats = f"exec:{sys.executable} {missing},let,let,let"
    status = main(["--lang", "en", "arena", "--data-dir", str(tmp_path), "--seats", seats, "--deals", "1"])
    assert status == 2
    err = capsys.readouterr().err
    log = tmp_path / "bots" / "arena" / "bot-1.txt"
    assert err.count("\n") == 1 and f"(its log: {log})" in err, err
    assert "can't open file" in log.read_text()


class PlaysIllegally(RaisesOnPlay):
    def choose_play(self, view):
        return next((c for c in view.hand if c not in view.legal_plays), view.legal_plays[0])


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("da", "i kortgivning 1, rotation 1: illegal: spillede 7H, som reglerne ikke tillader her"),
        (
            "sv",
            "bot 1 (tests.bots.test_arena:PlaysIllegally) i giv 1, rotation 1: illegal: spelade 7H, "
            "som reglerna inte tillåter här",
        ),
        ("en", "on deal 1, rotation 1: illegal: played 7H, which the rules do not allow here"),
    ],
)
def test_the_arenas_fault_line_is_in_one_language(capsys, lang, said):
    """It said "... i kortgivning 1, rotation 1: illegal: played 4C, which the rules do not allow here"."""
    seats = "tests.bots.test_arena:PlaysIllegally,let,let,let"
    assert main(["--lang", lang, "arena", "--seats", seats, "--deals", "1", "--seed", "3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err, err


def test_keep_going_plays_the_fallback_and_counts_the_faults(capsys):
    fig = arena.run(["tests.bots.test_arena:RaisesOnPlay", "let", "let", "let"], 2, 1, preset("dansk"), keep_going=True)
    raising = fig["types"]["tests.bots.test_arena:RaisesOnPlay"]
    assert raising["faults"] == 2 * 4 * 13 and "ValueError: a bug" in raising["fault_examples"][0]
    assert fig["types"]["let"]["faults"] == 0
    assert "104 faults, the fallback (let) played instead" in arena.format_table(fig)


class ExitsItsProcess(RaisesOnPlay):
    """Ends the process it plays in (as a crash in native code, or the system's OOM killer, would)."""

    def choose_play(self, view):
        import os

        os._exit(3)


class CallsExit(RaisesOnPlay):
    def choose_play(self, view):
        import sys

        sys.exit(3)


def test_a_worker_that_dies_is_one_line_not_a_wait_for_ever(capsys):
    seats = "tests.bots.test_arena:ExitsItsProcess,let,let,let"
    status = main(["--lang", "en", "arena", "--seats", seats, "--deals", "2", "--jobs", "2", "--keep-going"])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "a worker process ended unexpectedly during deal" in err


def test_an_arena_stopped_early_leaves_no_worker_playing_on(tmp_path):
    """Ctrl-C, a bot's fault or a caller that stops reading: the workers are ended, not left running."""
    import multiprocessing

    from hjerterfri.arena.play import Lineup, played

    before = set(multiprocessing.active_children())  # another test's, still being ended
    lineup = Lineup(("let", "let", "let", "let"), 1, preset("dansk"), data_dir=str(tmp_path))
    results = played((lineup,), range(1, 2001), jobs=2)
    deal, _ = next(results)
    assert 1 <= deal <= 2000 and len(set(multiprocessing.active_children()) - before) == 2
    results.close()  # as an exception from the loop reading it would
    assert set(multiprocessing.active_children()) - before == set()


def test_ctrl_c_ends_an_arena_with_workers_at_once(tmp_path):
    """Interrupted while it waits for the workers, the arena ends (status 130) and leaves none running;
    waiting on the futures themselves once left the pool's thread stuck on a lock, and the arena hung."""
    import signal
    import subprocess
    import sys
    import time

    command = [sys.executable, "-m", "hjerterfri", "--data-dir", str(tmp_path), "arena", "--seats", "let,let,let,let"]
    child = subprocess.Popen([*command, "--deals", "20000", "--jobs", "2"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, start_new_session=True)  # fmt: skip
    time.sleep(3)  # the workers are started and playing
    child.send_signal(signal.SIGINT)
    try:
        status = child.wait(timeout=30)
    finally:
        child.kill()
    assert status == 130

    def running() -> list[str]:
        ps = subprocess.run(["ps", "-o", "stat=,args=", "-s", str(child.pid)], capture_output=True, text=True).stdout
        return [line for line in ps.splitlines() if not line.strip().startswith("Z")]

    for _ in range(50):  # multiprocessing's resource tracker ends once it reads that the arena has gone
        if not running():
            break
        time.sleep(0.1)
    assert running() == []  # none left running


def test_a_bot_calling_sys_exit_is_a_fault_not_the_end_of_the_arena():
    fig = arena.run(["tests.bots.test_arena:CallsExit", "let", "let", "let"], 1, 1, preset("dansk"), keep_going=True)
    assert fig["types"]["tests.bots.test_arena:CallsExit"]["faults"] == 4 * 13
    assert "SystemExit: 3" in fig["types"]["tests.bots.test_arena:CallsExit"]["fault_examples"][0]


def test_the_move_limit_stops_a_slow_bot():
    import time

    start = time.perf_counter()
    fig = arena.run(
        ["tests.bots.test_arena:Sleepy", "let", "let", "let"], 1, 1, preset("dansk"), limit=0.05, keep_going=True
    )
    assert fig["types"]["tests.bots.test_arena:Sleepy"]["faults"] == 4 * 13
    assert "timeout" in fig["types"]["tests.bots.test_arena:Sleepy"]["fault_examples"][0]
    assert time.perf_counter() - start < 20


@pytest.mark.parametrize("seats", ["svær,middel,let,middel,middel,let", "middel,let,let,let,let,let,let,middel"])
def test_six_to_eight_seats_play_svensk_with_two_decks(seats, tmp_path, capsys):
    """Issue 17: 6 to 8 seats play svensk with two decks, 52 points a round; dansk is one line refused."""
    out = tmp_path / "fig.json"
    assert main(["arena", "--seats", seats, "--deals", "2", "--preset", "svensk", "--json", str(out)]) == 0
    fig = figures(out)
    n = len(seats.split(","))
    assert fig["rounds_per_deal"] == n and fig["round_points"] == 52
    points = sum(t["points_per_round"] * t["seat_rounds"] for t in fig["types"].values())
    moons = sum(t["moons_shot"] for t in fig["types"].values())
    assert round(points) == 2 * n * 52 + moons * 52 * (n - 2)
    assert f"fair share: {52 / n:.1f} points" in capsys.readouterr().out
    assert main(["--lang", "en", "arena", "--seats", seats, "--deals", "1"]) == 2
    assert "6 to 8 play svensk" in capsys.readouterr().err


def test_an_interval_reaching_below_zero_reads_as_a_range():
    fig = arena.run(["middel", "let", "let", "let"], 1, 5, preset("dansk"))
    fig["types"]["let"]["ci95"] = [-29.98, 36.73]
    fig["types"]["middel"]["ci95"] = [4.12, 4.56]
    table = arena.format_table(fig)
    assert "-29.98 to 36.73" in table and "4.12-4.56" in table and "-29.98-36.73" not in table


def test_one_fault_is_one_fault():
    fig = arena.run(["middel", "let", "let", "let"], 1, 5, preset("dansk"))
    fig["types"]["let"].update(faults=1, fault_examples=["timeout: no answer within 1 s"])
    assert "let: 1 fault, the fallback (let) played instead" in arena.format_table(fig)


def test_what_a_bot_prints_goes_to_standard_error_not_among_the_figures(tmp_path, monkeypatch, capsys):
    (tmp_path / "chatty_bot.py").write_text(
        "from hjerterfri.bots.let import LetBot\n"
        "print('chatty imported')\n"
        "class Chatty(LetBot):\n"
        "    def choose_play(self, view):\n"
        "        print('thinking about', view.legal_plays)\n"
        "        return super().choose_play(view)\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["arena", "--seats", "chatty_bot:Chatty,let,let,let", "--deals", "1", "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert "chatty imported" not in out and "thinking" not in out and "points/round" in out
    assert "chatty imported" in err and "thinking about" in err


@pytest.mark.parametrize("jobs", [1, 2])
def test_sigterm_ends_an_arena_and_its_bots_programs(tmp_path, jobs):
    """SIGTERM (a job killed, a terminal closed) ended the arena and left a thinking bot's program running for
    ever: it is in a session of its own, and a worker killed outright never ended it."""
    import contextlib
    import os
    import signal
    import subprocess
    import time

    from tests.tui.pty_run import _marked_processes

    badbot = os.path.join(os.path.dirname(__file__), "..", "data", "bots", "badbot.py")
    marker = f"arena-term-{os.getpid()}-{time.monotonic_ns()}"
    seats = f"exec:{sys.executable} {badbot} hang,let,let,let"
    command = [sys.executable, "-m", "hjerterfri", "--data-dir", str(tmp_path), "arena", "--seats", seats]
    # (a long limit: with the default 10 s, a loaded machine saw the first job's hung bot fault and end the run
    # before the second job's program had started)
    command += ["--move-limit", "120"]
    child = subprocess.Popen([*command, "--deals", str(jobs), "--jobs", str(jobs)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, env={**os.environ, "ARENA_MARK": marker})  # fmt: skip

    def bots() -> list[int]:
        found = []
        for pid in _marked_processes(marker):
            with contextlib.suppress(OSError), open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"badbot" in f.read():
                    found.append(pid)
        return found

    try:
        deadline = time.monotonic() + 30
        while len(bots()) < jobs and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(bots()) >= jobs
        time.sleep(1.5)  # passed, and now never answering its first play
        child.send_signal(signal.SIGTERM)
        status = child.wait(timeout=30)
        for _ in range(30):
            if not bots():
                break
            time.sleep(0.1)
        left = bots()
    finally:
        child.kill()
        for pid in bots():
            os.kill(pid, signal.SIGKILL)
    assert status == 128 + signal.SIGTERM
    assert b"Traceback" not in child.stderr.read()
    assert left == []


def test_each_job_keeps_its_own_bot_logs(tmp_path):
    """With --jobs 2 the two jobs' programs wrote their standard error into one bot-1.txt, line through
    line; each job now has its own, and a single job keeps the plain name."""
    import os

    noisy = os.path.join(os.path.dirname(__file__), "..", "data", "bots", "badbot.py")
    seats = f"exec:{sys.executable} {noisy} noisy,let,let,let"
    base = ["--data-dir", str(tmp_path), "arena", "--seats", seats, "--seed", "3"]
    assert main([*base, "--deals", "8", "--jobs", "2"]) == 0
    logs = sorted(p.name for p in (tmp_path / "bots" / "arena").iterdir())
    # (on a loaded machine one job may play every deal before the other has started: then there is one file)
    assert logs in (["bot-1.job-1.txt"], ["bot-1.job-2.txt"], ["bot-1.job-1.txt", "bot-1.job-2.txt"]), logs
    for log in logs:
        text = (tmp_path / "bots" / "arena" / log).read_text()
        assert text.count("--- ") == 1 and "thinking hard" in text  # one program started, and it wrote
    assert main([*base, "--deals", "1"]) == 0
    assert (tmp_path / "bots" / "arena" / "bot-1.txt").exists()


def test_a_worker_takes_the_number_put_a_moment_ago():
    """A multiprocessing queue's put reaches its pipe through a feeder thread: asking at once with get_nowait
    found it empty most times, and that worker's programs wrote the plain bot-1.txt beside another job's."""
    import multiprocessing

    from hjerterfri.arena.play import _job_number

    spawn = multiprocessing.get_context("spawn")
    for _ in range(20):
        numbers = spawn.Queue()
        numbers.put(7)
        assert _job_number(numbers) == [7]
