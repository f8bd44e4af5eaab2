"""Logs written and read back give the same game, at the end and at any point in between."""

from __future__ import annotations

import json
import os

import pytest

from hjerterfri.engine import Phase
from hjerterfri.gamelog import GameRecord, LogError, Seat, dumps, latest_unfinished, load, new_log_path, save

from .helpers import STARTED, new_record, play_out, state, step


@pytest.mark.parametrize(("preset_name", "seed"), [("dansk", 1), ("dansk-hus", 2), ("svensk", 3), ("dansk", 4)])
def test_whole_games_read_back_equal(tmp_path, preset_name, seed):
    record = play_out(new_record(preset_name, seed), bot_seed=seed)
    assert record.is_finished
    path = tmp_path / "g.json"
    save(record, path)
    back = load(path)
    assert state(back.game) == state(record.game)
    assert back.seats == record.seats and back.started == record.started and back.program == record.program
    assert back.rules == record.rules and back.game.seed == record.game.seed
    assert back.path == path
    assert dumps(back) == path.read_text(encoding="utf-8")


def test_every_position_of_a_game_reads_back_equal(tmp_path):
    """Saved after every pass, card and deal, as the app does: each file loads to the same position."""
    record = new_record("dansk", 5, target=40)
    path = tmp_path / "g.json"
    positions = 0
    while True:
        save(record, path)
        assert state(load(path).game) == state(record.game)
        positions += 1
        if not step(record):
            break
    assert positions > 100


def test_a_partial_pass_survives(tmp_path):
    record = new_record()
    step(record)  # seat 0 chooses its pass
    step(record)  # seat 1 too
    save(record, tmp_path / "g.json")
    back = load(tmp_path / "g.json").game.round
    assert back.phase is Phase.PASSING
    assert back.passed[:2] == record.game.round.passed[:2] and back.passed[2:] == [None, None]


def test_cut_mid_trick_and_continue_to_the_end(tmp_path):
    """Kill the game mid-trick in round 2, load the log, play on: the same game as without the cut."""
    whole = play_out(new_record("svensk", 7), bot_seed=3)
    cut = new_record("svensk", 7)
    while not (cut.game.round.number == 2 and len(cut.game.round.tricks) == 4 and len(cut.game.round.trick) == 2):
        assert step(cut, bot_seed=3)
    path = new_log_path(cut)
    save(cut, path)
    del cut

    resumed = latest_unfinished(path.parent)
    assert resumed is not None and resumed.path == path
    assert len(resumed.game.round.trick) == 2 and resumed.game.round.turn == resumed.game.round.leader + 2 & 3
    while step(resumed, bot_seed=3):
        save(resumed, path)
    assert state(load(path).game) == state(whole.game)
    assert latest_unfinished(path.parent) is None


def test_new_log_path_is_fresh_and_in_the_games_dir(data_dir):
    record = new_record()
    first = new_log_path(record)
    assert first.parent == data_dir / "games" and first.name == "2025-03-01_201533_dansk.json"
    save(record, first)
    second = new_log_path(record)
    assert second != first and not second.exists()


def test_save_leaves_no_temporary_files_and_keeps_the_old_file_on_failure(tmp_path, monkeypatch):
    record = new_record()
    path = tmp_path / "g.json"
    save(record, path)
    before = path.read_bytes()
    step(record)

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save(record, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


def test_latest_unfinished_skips_finished_and_broken_logs(data_dir):
    games = data_dir / "games"
    games.mkdir(parents=True)
    unfinished = play_out(new_record(seed=8), actions=30)
    save(unfinished, games / "a.json")
    save(play_out(new_record(seed=9, target=20)), games / "b.json")
    (games / "c.json").write_text("{ broken")
    os.utime(games / "a.json", (1, 1))  # the oldest file
    found = latest_unfinished(games)
    assert found is not None and found.path == games / "a.json"
    assert state(found.game) == state(unfinished.game)


def test_latest_unfinished_of_no_directory(tmp_path):
    assert latest_unfinished(tmp_path / "nothing-here") is None


def test_a_hand_edited_deal_is_the_truth(tmp_path):
    """The log, not the seed, says what was dealt: swapping two cards between hands gives another legal game."""
    record = new_record(seed=10)
    save(record, tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text())
    deal = data["rounds"][0]["deal"]
    deal[1][5], deal[2][5] = deal[2][5], deal[1][5]
    (tmp_path / "g.json").write_text(json.dumps(data))
    back = load(tmp_path / "g.json")
    assert back.game.round.dealt != record.game.round.dealt


def test_seats_are_checked_against_the_rules():
    with pytest.raises(ValueError, match="3 seats"):
        GameRecord.new(new_record().rules, 1, [Seat("a"), Seat("b"), Seat("c")], STARTED)


def test_a_bot_spec_is_never_imported_on_load(tmp_path, monkeypatch):
    record = new_record()
    record.seats = (*record.seats[:3], Seat("Evil", "os:system", 5))
    save(record, tmp_path / "g.json")
    imported = []
    monkeypatch.setattr("importlib.import_module", lambda name: imported.append(name))
    back = load(tmp_path / "g.json")
    assert back.seats[3].bot == "os:system" and imported == []


def test_bad_bot_spec_is_refused(tmp_path):
    record = new_record()
    record.seats = (*record.seats[:3], Seat("X", "__import__('os')", 5))
    save(record, tmp_path / "g.json")
    with pytest.raises(LogError, match="unknown player"):
        load(tmp_path / "g.json")


@pytest.mark.parametrize(
    ("preset_name", "players", "odd"),
    [("dansk", 3, "kitty"), ("dansk-hus", 5, "kitty"), ("svensk", 3, "play-twice"), ("svensk", 5, "play-twice"),
     ("svensk", 3, "remove-two-of-clubs")],
)  # fmt: skip
def test_three_and_five_player_games_read_back_equal_at_every_step(tmp_path, preset_name, players, odd):
    """Issue 6: the kitty and a seat's two cards in the first trick are logged and replayed."""
    import dataclasses
    import random

    from hjerterfri.rules import OddCards, preset

    rules = dataclasses.replace(preset(preset_name, players), odd_cards=OddCards(odd), target=40)
    seats = (Seat("Ida"), *(Seat(f"Bot {i}", "let", i) for i in range(1, players)))
    record = GameRecord.new(rules, 5, seats, STARTED)
    rng = random.Random(5)
    path = tmp_path / "g.json"
    game = record.game
    while not game.is_over():
        r = game.round
        if r.phase is Phase.PASSING:
            seat = next(s for s, p in enumerate(r.passed) if p is None)
            r.pass_cards(seat, rng.sample(r.hand_cards(seat), rules.pass_count))
        elif r.phase is Phase.PLAYING:
            r.play(rng.choice(r.legal_plays()))
        else:
            game.next_round()
        if rng.random() < 0.2 or game.is_over():
            save(record, path)
            assert state(load(path).game) == state(game)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert ("kitty" in data["rounds"][0]) == (odd == "kitty")
