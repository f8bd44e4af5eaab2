"""``arena --scheduler``: deals played on a Dask cluster (here a local one) give what they give on one machine,
and a worker lost in the middle of a run loses no deal and counts none twice."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from distributed import LocalCluster

from hjerterfri import arena
from hjerterfri.bots.middel import MiddelBot
from hjerterfri.cli import main
from hjerterfri.rules import preset

MARKER = "HJERTERFRI_TEST_DIE_ONCE"
UNREACHABLE = ["--seats", "let,let,let,let", "--deals", "1", "--scheduler", "tcp://127.0.0.1:9"]
"""An arena on a scheduler nobody listens at."""


def same(fig):
    """The figures that do not depend on the clock."""
    return {t: {k: v for k, v in f.items() if "_ms_" not in k} for t, f in fig["types"].items()}


def test_a_run_on_a_cluster_gives_what_it_gives_here(tmp_path):
    seats = ["middel", "let", "hjerterfri.bots.let:LetBot", "middel"]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        out = tmp_path / "run.jsonl"
        there = arena.run(seats, 8, 3, preset("svensk"), scheduler=cluster.scheduler_address, results=out)
    here = arena.run(seats, 8, 3, preset("svensk"))
    assert same(there) == same(here) and there["deals"] == 8
    deals = [json.loads(line)["deal"] for line in out.read_text().splitlines()[1:-1]]
    assert sorted(deals) == list(range(1, 9))


def test_a_comparison_on_a_cluster_gives_what_it_gives_here():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        there = arena.compare("middel", "let", ["let"] * 3, 6, 2, preset("dansk"), scheduler=cluster.scheduler_address)
    here = arena.compare("middel", "let", ["let"] * 3, 6, 2, preset("dansk"))
    assert there["points_per_round"] == here["points_per_round"] and there["games_won"] == here["games_won"]


class DiesOnce(MiddelBot):
    """middel, except that its first card of deal 3 ends the process it runs in, once (a file marks it)."""

    def choose_play(self, view):
        marker = os.environ.get(MARKER)
        if view.round_number == 3 and marker and not Path(marker).exists():
            Path(marker).touch()
            os._exit(1)
        return super().choose_play(view)


def test_a_worker_lost_mid_run_loses_no_deal_and_doubles_none(tmp_path, monkeypatch):
    marker = tmp_path / "died"
    monkeypatch.setenv(MARKER, str(marker))  # the workers' processes inherit it
    seats = ["tests.bots.test_arena_cluster:DiesOnce", "let", "let", "let"]
    out = tmp_path / "run.jsonl"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        there = arena.run(seats, 6, 1, preset("dansk"), scheduler=cluster.scheduler_address, results=out)
    assert marker.exists()  # a worker did die on deal 3
    here = arena.run(seats, 6, 1, preset("dansk"))  # the marker is there: nobody dies here
    assert same(there) == same(here)
    deals = [json.loads(line)["deal"] for line in out.read_text().splitlines()[1:-1]]
    assert deals == [1, 2, 3, 4, 5, 6]


def test_an_unreachable_scheduler_is_one_line(capsys, monkeypatch):
    monkeypatch.setattr("hjerterfri.arena.cluster.CONNECT_SECONDS", 1)
    status = main(["--lang", "en", "arena", *UNREACHABLE])
    assert status == 2
    err = capsys.readouterr().err.strip()
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err and "\n" not in err


@pytest.mark.parametrize("address", ["nonsense", "foo://x:1", "tcp://:80"])
def test_an_address_dask_cannot_use_is_one_line_at_once(capsys, address):
    """It printed its line, then held the program 40 s as it ended, with a traceback (a half-built Client)."""
    import time

    start = time.monotonic()
    assert main(["--lang", "en", "arena", "--seats", "let,let,let,let", "--deals", "1", "--scheduler", address]) == 2
    err = capsys.readouterr().err.strip()
    assert f"--scheduler {address}: not an address Dask can use" in err and "\n" not in err
    assert time.monotonic() - start < 10


def test_jobs_and_a_scheduler_together_are_one_line(capsys):
    argv = ["arena", "--seats", "let,let,let,let", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:9"]
    assert main(["--lang", "en", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert "choose one" in err and "\n" not in err


def test_without_dask_the_scheduler_flag_says_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    assert main(["--lang", "en", "arena", *UNREACHABLE]) == 2
    assert "pip install 'hjerterfri[cluster]'" in capsys.readouterr().err
