"""The arena's results file: each deal kept as it comes in; a rerun goes on where the last stopped and never
counts a deal twice; a file of another run is refused in one line."""

from __future__ import annotations

import json
import os

import pytest

from hjerterfri import arena
from hjerterfri.cli import main
from hjerterfri.rules import preset

SEATS = ["middel", "let", "let", "let"]


def deal_lines(path):
    return [json.loads(line) for line in path.read_text().splitlines() if '"deal"' in line[:8]]


def points(fig):
    return {t: (f["points_per_round"], f["ci95"], f["games_won"], f["moons_shot"]) for t, f in fig["types"].items()}


@pytest.fixture
def counted(monkeypatch):
    """The deals played in this process, in order."""
    played: list[int] = []
    play_deal = arena.play.play_deal

    def counting(lineup, players, deal):
        played.append(deal)
        return play_deal(lineup, players, deal)

    monkeypatch.setattr(arena.play, "play_deal", counting)
    return played


def test_a_rerun_plays_only_the_deals_not_yet_kept_and_counts_each_once(tmp_path, counted):
    out = tmp_path / "run.jsonl"
    arena.run(SEATS, 3, 5, preset("dansk"), results=out)
    assert counted == [1, 2, 3]
    fig = arena.run(SEATS, 6, 5, preset("dansk"), results=out)
    assert counted == [1, 2, 3, 4, 5, 6]
    assert [line["deal"] for line in deal_lines(out)] == [1, 2, 3, 4, 5, 6]
    counted.clear()
    again = arena.run(SEATS, 6, 5, preset("dansk"), results=out)
    assert counted == [] and fig["played"] == 3 and again["played"] == 0
    assert "6 deals x 4 rotations  (0 played in" in arena.format_table(again)
    whole = arena.run(SEATS, 6, 5, preset("dansk"))
    assert points(fig) == points(again) == points(whole)


def test_fewer_deals_than_the_file_holds_are_counted_and_the_rest_kept(tmp_path):
    out = tmp_path / "run.jsonl"
    arena.run(SEATS, 4, 5, preset("dansk"), results=out)
    fig = arena.run(SEATS, 2, 5, preset("dansk"), results=out)
    assert fig["deals"] == 2 and points(fig) == points(arena.run(SEATS, 2, 5, preset("dansk")))
    assert len(deal_lines(out)) == 4


def test_a_run_stopped_by_a_fault_keeps_the_deals_before_it(tmp_path, capsys):
    out = tmp_path / "run.jsonl"
    seats = "tests.bots.test_arena_results:FailsOnDealThree,let,let,let"
    assert main(["--lang", "en", "arena", "--seats", seats, "--deals", "5", "--json", str(out)]) == 2
    assert "on deal 3" in capsys.readouterr().err
    assert [line["deal"] for line in deal_lines(out)] == [1, 2]


class FailsOnDealThree:
    def __init__(self, seed: int = 0) -> None:
        pass

    def choose_pass(self, view):
        return view.hand[:3]

    def choose_play(self, view):
        if view.round_number == 3:
            raise ValueError("deal three")
        return view.legal_plays[0]


def test_a_line_cut_short_is_dropped_and_a_deal_written_twice_counted_once(tmp_path, counted):
    out = tmp_path / "run.jsonl"
    arena.run(SEATS, 3, 5, preset("dansk"), results=out)
    lines = out.read_text().splitlines(keepends=True)
    header, deals = lines[0], lines[1:4]
    out.write_text(header + deals[0] + deals[1] + deals[0] + deals[2][:40])  # deal 1 twice, deal 3 half written
    counted.clear()
    fig = arena.run(SEATS, 3, 5, preset("dansk"), results=out)
    assert counted == [3]
    assert [line["deal"] for line in deal_lines(out)] == [1, 2, 3]
    assert points(fig) == points(arena.run(SEATS, 3, 5, preset("dansk")))


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--seats", "middel,let,let,middel"], 'lineups: [["middel", "let", "let", "let"]] there'),  # JSON: not
        (["--seats", "middel,let,let,let", "--seed", "2"], "seed: 1 there, 2 here"),  # Python's [['middel', ...
        (["--seats", "middel,let,let,let", "--preset", "svensk"], 'rules.name: "dansk" there, "svensk" here'),
        (["--compare", "middel,let", "--against", "let,let,let"], "lineups: "),
    ],
)
def test_the_file_of_another_run_is_refused_in_one_line(argv, words, tmp_path, capsys):
    out = tmp_path / "run.jsonl"
    assert main(["arena", "--seats", "middel,let,let,let", "--deals", "1", "--json", str(out)]) == 0
    before = out.read_text()
    capsys.readouterr()
    assert main(["--lang", "en", "arena", *argv, "--deals", "1", "--json", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert "holds the results of another run" in err and words in err and "\n" not in err
    assert out.read_text() == before


def test_a_file_that_is_no_results_file_is_refused_in_one_line(tmp_path, capsys):
    out = tmp_path / "notes.txt"
    out.write_text("shopping list\n")
    assert main(["--lang", "en", "arena", "--seats", "middel,let,let,let", "--deals", "1", "--json", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert "line 1" in err and "\n" not in err
    assert out.read_text() == "shopping list\n"


def test_a_comparison_keeps_both_sides_of_each_deal_on_one_line(tmp_path):
    out = tmp_path / "cmp.jsonl"
    fig = arena.compare("middel", "let", ["let", "let", "let"], 2, 3, preset("dansk"), results=out)
    first = json.loads(out.read_text().splitlines()[0])
    assert first["lineups"] == [["middel", "let", "let", "let"], ["let", "let", "let", "let"]]
    assert all(len(line["results"]) == 2 for line in deal_lines(out))
    assert json.loads(out.read_text().splitlines()[-1])["figures"] == fig


def test_a_named_pipe_as_the_results_file_is_refused_not_waited_on(tmp_path, capsys):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert main(["--lang", "en", "arena", "--seats", "middel,let,let,let", "--deals", "1", "--json", str(fifo)]) == 2
    err = capsys.readouterr().err.strip()
    assert "named pipe" in err and "\n" not in err


def test_a_results_file_in_a_directory_that_does_not_exist_is_one_line(tmp_path, capsys):
    out = tmp_path / "nowhere" / "run.jsonl"
    assert main(["--lang", "en", "arena", "--seats", "middel,let,let,let", "--deals", "1", "--json", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert "does not exist" in err and "\n" not in err and not out.parent.exists()


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["results"][0].update(points="x"),
        lambda d: d.update(results=[]),
        lambda d: d["results"][0].update(shooters=5),
        lambda d: d["results"][0].pop("pass_times"),
        lambda d: d["results"][0]["points"][0].__setitem__(0, True),
        lambda d: d["results"][0]["play_times"][0].append("slow"),
        lambda d: d.update(deal=-1),
        lambda d: d.update(deal=True),
    ],
    ids=["points", "no-results", "shooters", "no-pass-times", "bool-point", "str-time", "deal-minus-1", "deal-true"],
)
def test_a_deal_line_edited_by_hand_is_one_line_on_the_rerun(change, tmp_path, capsys):
    """A deal line of the wrong shape gave a traceback (exit 1) when the run went on."""
    out = tmp_path / "run.jsonl"
    argv = ["--lang", "en", "arena", "--seats", "let,let,let,let", "--deals", "2", "--json", str(out)]
    assert main(argv) == 0
    capsys.readouterr()
    lines = out.read_text().splitlines()
    deal = json.loads(lines[1])
    change(deal)
    out.write_text("\n".join([lines[0], json.dumps(deal), *lines[2:]]) + "\n")
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "line 2" in err and "\n" not in err


def test_ctrl_c_on_a_run_with_a_results_file_says_how_to_go_on(tmp_path, capsys, monkeypatch):
    """Ctrl-C said nothing: that the deals played are kept, and that the same command goes on, was in the README."""
    from hjerterfri import arena

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(arena, "run", interrupted)
    out = tmp_path / "run.jsonl"
    argv = ["--lang", "en", "arena", "--seats", "let,let,let,let", "--deals", "3", "--json", str(out)]
    assert main(argv) == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"kept in {out}" in err and "the same command goes on" in err
