"""A new game from a position of an old one: in the replay viewer (w, b), in the log, and played to its end."""

from __future__ import annotations

import argparse
import re

import pytest

from hjerterfri.bots.let import LetBot
from hjerterfri.cards import cards_of
from hjerterfri.gamelog import Branch, LogError, from_dict, load, save, to_dict
from hjerterfri.launch import continue_app
from hjerterfri.rules import preset
from hjerterfri.table import Table, local_players
from hjerterfri.table.branch import branch
from hjerterfri.table.par import challenge_table
from hjerterfri.tui.replay import ReplayApp, position, timeline

from ..tui.helpers import sync
from .test_par import NAMES, SHORT, tiny_svaer

SEATS_LEVELS = ["middel", "let", "middel"]


def finished_game(seed: int = 4) -> Table:
    import dataclasses

    rules = dataclasses.replace(preset("dansk"), target=40)
    table = Table.new(rules, seed, NAMES, [None, *SEATS_LEVELS], local_players())
    table.run(human=LetBot(1))
    assert table.is_over()
    return table


def test_a_branch_keeps_the_game_up_to_the_position_and_swaps_the_human_into_the_seat():
    old = finished_game().record
    new = branch(old, 1, True, 17, 2, "Du", "old.json")
    game = new.game
    assert len(game.rounds) == 2
    r = game.round
    assert r.dealt == old.game.rounds[1].dealt and r.passed == old.game.rounds[1].passed
    assert sum(len(t.cards) for t in r.tricks) + len(r.trick) == 17
    assert [p for t in r.tricks for p in t.cards] + r.trick == (
        [p for t in old.game.rounds[1].tricks for p in t.cards]
    )[:17]
    assert game.rounds[0].scores() == old.game.rounds[0].scores()
    assert [s.name for s in new.seats] == ["Øst", "Nord", "Ida", "Vest"]
    assert new.human_seat == 2 and new.seats[0].bot == "let" and new.seats[1] == old.seats[1]
    assert new.branch == Branch("old.json", 2, 17, 2)


def test_a_branch_at_the_deal_has_no_passes_yet():
    old = finished_game().record
    new = branch(old, 1, False, 0, 0, "Du", "old.json")
    assert all(p is None for p in new.game.round.passed) and new.seats == old.seats
    assert new.branch == Branch("old.json", 2, 0, 0)


def test_a_branch_is_played_to_its_end_and_continued_from_its_log(tmp_path):
    old = finished_game().record
    new = branch(old, 2, True, 30, 0, "Du", "old.json")
    path = tmp_path / "branch.json"
    save(new, path)
    back = load(path)
    assert back.branch == new.branch and to_dict(back) == to_dict(new)
    args = argparse.Namespace(
        file=str(path), data_dir=str(tmp_path), lang="en", speed=None, ascii=False, four_colour=False
    )
    assert not isinstance(continue_app(args), int)  # hjerterfri continue takes it like any game
    table = Table(back, local_players())
    table.run(human=LetBot(2))
    assert table.is_over() and table.game.outcome() is not None
    save(table.record, path)
    done = load(path)
    assert done.is_finished and done.branch == Branch("old.json", 3, 30, 0)
    assert done.game.rounds[2].tricks[:7] == old.game.rounds[2].tricks[:7]


def test_a_branch_of_a_challenge_from_its_seat_keeps_the_challenge_and_its_par():
    table = challenge_table(SHORT, NAMES, local_players())
    table.set_par([1, 2])
    table.run(lambda t: len(t.round.tricks) == 3, human=tiny_svaer())
    mine = branch(table.record, 0, True, 12, 0, "Du", "c.json")
    assert mine.challenge == SHORT and mine.par == (1, 2)
    other = branch(table.record, 0, True, 12, 1, "Du", "c.json")
    assert other.challenge is None and other.par is None


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda b: b.update(seat=4), "branch, seat: must be from 0 to 3"),
        (lambda b: b.update({"from": ""}), "must name a file"),
        (lambda b: b.update(round=0), "branch, round"),
        (lambda b: b.pop("cards"), "'cards' is missing"),
    ],
)
def test_a_broken_branch_field_is_one_line(change, says):
    new = branch(finished_game().record, 1, True, 5, 0, "Du", "old.json")
    data = to_dict(new)
    change(data["branch"])
    with pytest.raises(LogError, match=says):
        from_dict(data, "b.json")


@sync
async def test_the_viewer_branches_from_its_position_with_the_seat_at_the_bottom(tmp_path):
    old = finished_game().record
    path = tmp_path / "old.json"
    save(old, path)
    app = ReplayApp(load(path, lenient=True), "en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("pagedown", "right", "right", "right", "right", "right")
        step = app.steps[app.index]
        assert step.round_index == 1 and step.cards == 4
        await pilot.press("w")
        assert app.bottom == 1
        await pilot.press("b")
        await pilot.pause()
    new = app.branched
    assert new is not None and new.branch == Branch(str(path), 2, 4, 1)
    assert new.human_seat == 1 and new.seats[0].name == "Nord" and new.seats[0].bot == "middel"
    r = position(old.game, step)
    assert new.game.round.hands == r.hands and new.game.round.trick == r.trick


@sync
async def test_the_viewer_refuses_a_branch_where_the_game_is_over(tmp_path):
    old = finished_game().record
    app = ReplayApp(from_dict(to_dict(old), tmp_path / "old.json", lenient=True), "en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("end", "b")
        await pilot.pause()
        assert app.branched is None and app.is_running


def test_the_viewer_shows_a_danish_three_player_game_with_its_kitty():
    table = Table.new(preset("dansk", 3), 5, NAMES[:3], [None, "let", "let"], local_players())
    table.run(lambda t: len(t.round.tricks) == 2, human=LetBot(0))
    steps = timeline(table.game)
    r = position(table.game, steps[-1])
    assert cards_of(r.kitty) == cards_of(table.round.kitty) and r.hands == table.round.hands


def test_the_transcript_says_where_a_branch_was_played_on_from(capsys, tmp_path):
    from hjerterfri.cli import main

    new = branch(finished_game().record, 1, True, 17, 2, "Du", "old[/].json")
    save(new, tmp_path / "b.json")
    assert main(["replay", str(tmp_path / "b.json"), "--text", "--lang", "en"]) == 0
    assert "Played on from old[/].json, round 2, after 17 cards" in capsys.readouterr().out
    assert main(["replay", str(tmp_path / "b.json"), "--text", "--lang", "da"]) == 0
    assert "old[/].json" in capsys.readouterr().out


def test_the_transcript_names_a_challenge_by_its_code(capsys, tmp_path):
    from hjerterfri.cli import main

    table = challenge_table(SHORT, NAMES, local_players())
    table.run(lambda t: len(t.round.tricks) == 3, human=tiny_svaer())
    save(table.record, tmp_path / "c.json")
    assert main(["replay", str(tmp_path / "c.json"), "--text", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert f"Challenge {SHORT.code}: {SHORT.deals} deal" in out and f"--challenge {SHORT.code}" in out


def test_a_branch_is_marked_in_the_games_list_and_left_out_of_the_statistics(tmp_path):
    """Its first rounds are another game's: `games` counted them twice, and listed the branch as a plain game."""
    from hjerterfri.gamelog import summarize
    from hjerterfri.games import score_text, stats
    from hjerterfri.i18n import Texts

    old = finished_game().record
    save(old, tmp_path / "old.json")
    new = branch(old, 1, True, 17, 0, "Du", str(tmp_path / "old.json"))
    save(new, tmp_path / "new.json")
    summaries = [summarize(tmp_path / "old.json"), summarize(tmp_path / "new.json")]
    assert score_text(Texts("en"), summaries[1]).endswith("\n↳ played on from round 2")
    (st,) = stats(summaries, "You")
    assert st.rounds == len(summaries[0].points) and st.games == 1


def test_the_games_list_gives_each_total_beside_its_players_name_when_the_human_took_another_seat(tmp_path):
    """The list names the human first; the totals were in seat order, so a branch from another seat read
    "Ida vs Astrid, Olle, Karin · 102-21-27-6" with Astrid's 102 beside Ida."""
    from hjerterfri.gamelog import summarize
    from hjerterfri.games import players_text, score_text
    from hjerterfri.i18n import Texts

    old = finished_game().record
    save(old, tmp_path / "old.json")
    new = branch(old, 1, True, 17, 2, "Du", str(tmp_path / "old.json"))
    save(new, tmp_path / "new.json")
    summary = summarize(tmp_path / "new.json")
    t = Texts("en")
    names = [n.strip() for n in re.split(r" vs |, ", players_text(t, summary).split(" (")[0])]
    totals = score_text(t, summary).splitlines()[0].split("-")
    seat = {(t.person(s.name)): i for i, s in enumerate(summary.seats)}
    assert [summary.totals[seat[n]] for n in names] == [int(x) for x in totals]
    assert summary.seats[2].is_human and names[0] == summary.seats[2].name
