"""The commands as a player runs them: replay --text, games, and broken logs as one line and status 2."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hjerterfri.cli import main
from hjerterfri.gamelog import GameRecord, load, new_log_path, save
from hjerterfri.rules import preset

from .helpers import finished_challenge, new_record, play_out

DATA = Path(__file__).parent.parent / "data" / "logs"


@pytest.mark.parametrize(
    "name", ["not-json-truncated", "not-a-log", "not-following-suit-round-3-trick-6", "wrong-result-winner"]
)
def test_a_broken_log_is_one_line_on_stderr_and_status_2(capsys, tmp_path, name):
    status = main(["--lang", "en", "--data-dir", str(tmp_path), "replay", str(DATA / f"{name}.json"), "--text"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("hjerterfri: error: ") and str(DATA / name) in err
    assert "Traceback" not in err


def test_a_missing_file_is_one_line_too(capsys, tmp_path):
    assert main(["replay", str(tmp_path / "gone.json"), "--text"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize(
    ("lang", "said"), [("da", "filen eller mappen findes ikke"), ("sv", "filen eller mappen finns inte")]
)
def test_a_missing_file_is_said_in_the_players_language(capsys, tmp_path, lang, said):
    assert main(["--lang", lang, "replay", str(tmp_path / "gone.json"), "--text"]) == 2
    err = capsys.readouterr().err
    assert said in err and "No such file" not in err


def test_a_reader_gone_away_ends_the_command_quietly(tmp_path):
    """``hjerterfri challenge CODE | head -0``: no error line, no traceback, status 1 (as rich's output gives)."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "hjerterfri", "--data-dir", str(tmp_path), "challenge", "HJ1-2SA5-006X"]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    err = child.stderr.read()
    assert (child.wait(timeout=60), err) == (1, b"")


def test_replay_text_shows_the_valid_part_of_a_broken_log(capsys):
    main(["replay", str(DATA / "not-following-suit-round-3-trick-6.json"), "--text", "--lang", "en"])
    out = capsys.readouterr().out
    assert "Round 2 · pass right" in out and "Round 3 · pass across" in out
    assert "The rest of the log was refused: round 3, trick 6" in out


def test_replay_text_transcript(capsys, tmp_path):
    record = play_out(new_record(seed=2, target=30))
    path = tmp_path / "g.json"
    save(record, path)
    assert main(["replay", str(path), "--text", "--lang", "en", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" not in out  # no colour in a pipe
    assert "Ida (human) · Nord (medium) · Øst (easy) · Vest (hard)" in out
    rounds = record.game.rounds
    for r in rounds:
        assert f"Round {r.number} · pass {r.pass_direction.value}" in out
    last = rounds[-1]
    totals = record.game.totals
    assert ("totals   " + "     ".join(map(str, totals))).split() == next(
        line.split() for line in out.splitlines()[::-1] if line.startswith("totals")
    )
    first = rounds[0].tricks[0]
    row = next(line for line in out.splitlines() if line.strip().startswith("1 ") and ">2C" in line)
    assert record.seats[first.winner].name in row
    winner = record.seats[record.game.outcome().winners[0]].name
    assert out.rstrip().endswith(f"{winner} wins with {min(totals)}.")
    assert len(last.tricks) == 13


def test_replay_text_of_an_unfinished_game_says_who_is_to_play(capsys, tmp_path):
    record = play_out(new_record(seed=4), actions=20)
    save(record, tmp_path / "g.json")
    assert main(["replay", str(tmp_path / "g.json"), "--text", "--lang", "da"]) == 0
    out = capsys.readouterr().out
    name = record.seats[record.game.round.turn].name
    assert out.rstrip().endswith(f"Ikke færdigt: runde 1, {name} spiller.")


def test_games_lists_games_and_figures(capsys, data_dir):
    finished = [play_out(new_record(seed=s, target=30), bot_seed=s) for s in (1, 2, 3)]
    for i, rec in enumerate(finished):
        rec.started = rec.started.replace(day=i + 2)
        save(rec, new_log_path(rec))
    unfinished = play_out(new_record("svensk", seed=5), actions=70)
    save(unfinished, new_log_path(unfinished))
    shutil.copy(DATA / "wrong-result-winner.json", data_dir / "games" / "broken.json")

    assert main(["games", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "unfinished, round" in out and "broken" in out and out.count(" 20:15") == 4
    won = sum(r.game.outcome().winners == (0,) for r in finished)
    assert f"won:                {won} of 3 ({100 * won / 3:.0f}%)" in out
    rounds = [r for rec in [*finished, unfinished] for r in rec.game.rounds if r.is_over]
    average = sum(r.scores()[0] for r in rounds) / len(rounds)
    assert f"points per round:   {average:.1f} over {len(rounds)} rounds (a fair share: 6.5)" in out
    assert "games played:       3 (and 1 unfinished)" in out
    # In the player's language: Danish, with its plurals.
    assert main(["games", "--lang", "da"]) == 0
    out = capsys.readouterr().out
    assert "ikke færdigt, runde" in out and "ulæselig" in out and "(og 1 ufærdigt)" in out
    assert f"vundet:                   {won} af 3 ({100 * won / 3:.0f} %)" in out


def test_games_keeps_names_whole_at_80_columns_in_swedish(capsys, data_dir, monkeypatch):
    """The file's name and a long result (a challenge's, as here) once squeezed the players' column to
    nothing at 80 columns; the players now keep a least width and the result's lines are short."""
    from hjerterfri import games
    from hjerterfri.gamelog import Seat

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(games, "result_text", lambda t, rec: "utmaning\nHJ1-23Q7-HA70-06S")
    monkeypatch.setattr(games, "score_text", lambda t, rec: "du 0 · par 0\n0/8 givar\n↶ ångrat 1 gång")
    seats = (Seat("Ida"), Seat("Astrid", "middel", 1), Seat("Olle", "middel", 2), Seat("Karin", "middel", 3))
    record = play_out(GameRecord.new(preset("svensk"), 5, seats, new_record().started), actions=40)
    save(record, new_log_path(record))
    assert main(["games", "--lang", "sv"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in ("Astrid", "Olle", "Karin", "Svensk")) and "HJ1-23Q7-HA70-06S" in out


def test_games_at_80_columns_shows_the_rules_every_player_the_whole_file_name_and_result(capsys, data_dir, monkeypatch):
    """With five players and a long name, the rules and the players had no column at all, the file's name
    (which replay needs) ended in "…" and so did "won" after a long winner's name."""
    from hjerterfri.gamelog import Seat

    monkeypatch.setenv("COLUMNS", "80")
    long = "Mette-Marie Kristoffersen-Østergaard Bøg"
    seats = (Seat(long), *(Seat(n, "svær", i) for i, n in enumerate(["Anders", "Jens", "Sofie", "Karen"], 1)))
    record = play_out(GameRecord.new(preset("dansk-hus", 5), 5, seats, new_record().started), actions=40)
    save(record, path := new_log_path(record))
    monkeypatch.setattr(games_module(), "result_text", lambda t, rec: f"{long} won")
    assert main(["games", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    words = out.split()
    assert path.name in words and "Danish house rule" in out and "won" in words
    assert all(name in out for name in ("Anders", "Jens", "Sofie", "Karen"))


def games_module():
    from hjerterfri import games

    return games


def test_replay_text_at_three_players_shows_the_kitty_and_who_took_it(capsys, tmp_path):
    """Its points are in the round's points: without it the tricks did not add up to them."""
    from hjerterfri.gamelog import Seat

    seats = (Seat("Ann"), Seat("Bo", "middel", 1), Seat("Cy", "middel", 2))
    record = play_out(GameRecord.new(preset("dansk", 3), 31, seats, new_record().started), actions=60)
    path = tmp_path / "three.json"
    save(record, path)
    assert main(["replay", str(path), "--text", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    first = record.game.rounds[0]
    assert first.kitty and out.count("\nKitty ") == len(record.game.rounds)  # each round laid some aside
    assert f"{seats[first.tricks[0].winner].name} also takes the kitty: " in out


def test_a_data_dir_that_is_a_file_is_one_line(capsys, tmp_path):
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    assert main(["--data-dir", str(tmp_path / "a-file"), "games", "--lang", "en"]) == 2
    err = capsys.readouterr().err  # not "No saved games in .../a-file/games"
    assert err.count("\n") == 1 and "a-file is not a directory" in err


def test_games_with_no_games(capsys, tmp_path):
    assert main(["--data-dir", str(tmp_path / "empty"), "games", "--lang", "en"]) == 0
    assert "No saved games" in capsys.readouterr().out


@pytest.mark.parametrize("after", [False, True])
def test_games_uses_the_data_dir_flag(capsys, tmp_path, after):
    """Before or after the command, as ``continue`` takes it."""
    record = play_out(new_record(seed=6), actions=10)
    path = new_log_path(record, tmp_path / "elsewhere")
    save(record, path)
    flag = ["--data-dir", str(tmp_path / "elsewhere")]
    assert main(["games", *flag] if after else [*flag, "games"]) == 0
    assert path.name in capsys.readouterr().out
    assert load(path).game.round.number == 1


def test_games_counts_the_default_name_in_every_language_as_one_player(capsys, data_dir):
    """Games begun in Danish ("Du") and in English ("You") by a player who never typed a name were two players."""
    from hjerterfri.gamelog import Seat

    for seed, you in ((5, "Du"), (6, "You")):
        seats = (Seat(you), Seat("Nord", "let", 1), Seat("Øst", "let", 2), Seat("Vest", "let", 3))
        record = play_out(GameRecord.new(preset("dansk"), seed, seats, new_record(seed=seed).started), actions=40)
        save(record, new_log_path(record))
    assert main(["games", "--lang", "sv"]) == 0
    out = capsys.readouterr().out
    assert "\nDu\n  spelade spel:               0 (och 2 oavslutade)" in out and "\nYou\n  " not in out


def test_the_fair_share_follows_the_tables_the_rounds_were_played_at(tmp_path):
    """A points-per-round figure over three- and four-player games needs its fair share beside it."""
    from hjerterfri.gamelog import summarize
    from hjerterfri.games import stats

    from .helpers import SEATS, STARTED

    three = play_out(GameRecord.new(preset("dansk", 3), 4, SEATS[:3], STARTED), actions=200)
    four = play_out(new_record(seed=5), actions=200)
    summaries = []
    for i, record in enumerate((three, four)):
        save(record, tmp_path / f"{i}.json")
        summaries.append(summarize(tmp_path / f"{i}.json"))
    (st,) = stats(summaries, "You")
    n3, n4 = (len(s.points) for s in summaries)
    assert n3 and n4 and st.fair_share == pytest.approx((n3 * 26 / 3 + n4 * 26 / 4) / (n3 + n4))


def test_games_speaks_the_language_of_the_game_played_last_unless_one_was_chosen(capsys, data_dir):
    """After Swedish games started with --lang sv (a flag, kept for its run only), `games` spoke Danish."""
    swedish = play_out(new_record("svensk", seed=5), actions=40)
    save(swedish, new_log_path(swedish))
    assert main(["games"]) == 0
    assert "Sparade spel i" in capsys.readouterr().out
    assert main(["games", "--lang", "en"]) == 0
    assert "Saved games in" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("lang", "par", "said"),
    [
        ("sv", (0, 0), "Utmaningen är spelad: Du {you}, par 0: {you} poäng sämre än par."),
        ("en", None, "Challenge played: you {you} · par ?."),
    ],
)
def test_replay_text_of_a_finished_challenge_says_how_it_went(capsys, tmp_path, lang, par, said):
    """It said "Unfinished: round 2, the next round is not dealt yet" after a challenge's last deal; its
    heading said "Hjerterfri" in Swedish and "seed" where the texts say "slumpfrö"."""
    record = finished_challenge(par)
    you = sum(r.scores()[record.challenge.human] for r in record.game.rounds if r.is_over)
    assert you > 0
    path = tmp_path / "challenge.json"
    save(record, path)
    assert main(["replay", "--text", "--lang", lang, str(path)]) == 0
    out = capsys.readouterr().out
    assert said.format(you=you) in out
    if lang == "sv":
        assert out.startswith("Hjärter · ") and "· slumpfrö 42 ·" in out


def test_a_name_from_the_games_list_opens_that_game_from_anywhere(capsys, data_dir, tmp_path, monkeypatch):
    """`games` lists file names alone; `replay NAME` said the file did not exist outside the games directory."""
    record = play_out(new_record("svensk", seed=5), actions=40)
    path = new_log_path(record)
    save(record, path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert main(["replay", "--text", "--lang", "en", path.name]) == 0
    assert "Unfinished" in capsys.readouterr().out
    assert main(["replay", "--text", "--lang", "en", path.stem]) == 0  # without .json too
    assert "Unfinished" in capsys.readouterr().out
    assert main(["replay", "--text", "--lang", "en", "no-such-game.json"]) == 2  # a name not there: as before
    assert "no-such-game.json" in capsys.readouterr().err


def test_games_on_an_output_that_cannot_encode_a_dot_shows_a_question_mark(data_dir):
    """With PYTHONIOENCODING=ascii, games (and replay --text) ended in the codec's error instead of their text."""
    import os
    import subprocess
    import sys

    record = play_out(new_record(seed=1, target=30), bot_seed=1)
    save(record, new_log_path(record))
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "HJERTERFRI_DATA_DIR": str(data_dir)}
    done = subprocess.run(
        [sys.executable, "-m", "hjerterfri", "games", "--lang", "en"], capture_output=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert b"won:" in done.stdout and b" ? " in done.stdout and not done.stderr


@pytest.mark.parametrize("command", ["replay", "analyse", "continue", "challenge"])
def test_a_name_too_long_for_the_system_is_one_line(capsys, data_dir, command):
    """A bare name is looked for in the games directory too: one longer than a file name may be ended in a
    traceback (OSError: File name too long)."""
    (data_dir / "games").mkdir(parents=True)
    assert main(["--lang", "en", command, "x" * 300]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("field", ["pass", "unknown key", "started"])
def test_a_long_value_in_a_log_is_cut_in_its_error(capsys, tmp_path, field):
    """A pass of 5000 characters made an error line of 5000, and in the replay a banner that hid the table."""
    import json

    record = play_out(new_record(seed=6), actions=10)
    path = tmp_path / "long.json"
    save(record, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    if field == "pass":
        data["rounds"][0]["pass"] = "W" * 5000
    elif field == "started":
        data["started"] = "W" * 5000
    else:
        data["W" * 5000] = 1
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["--lang", "en", "replay", "--text", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "WWW…" in err and len(err) < 300, err


def test_a_long_flag_value_is_cut_in_its_error(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "en", "--seed", "x" * 5000])
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--seed" in err and len(err) < 200, err


def test_games_at_80_columns_folds_a_long_file_name_and_leaves_room_for_the_rest(capsys, data_dir, monkeypatch):
    """A game saved under a name of 70 characters took the whole width: the players and the result were
    three letters wide ("ikke færdigt, runde " lost its number)."""
    monkeypatch.setenv("COLUMNS", "80")
    record = play_out(new_record(seed=6), actions=40)
    save(record, path := new_log_path(record).with_name("a" * 70 + ".json"))
    assert main(["games", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "".join(w for w in out.split() if w.strip("a") in ("", ".json")) == path.name  # whole, over lines
    assert "unfinished, round 1" in out and " vs " in out


def test_replay_and_analyse_without_a_file_take_the_game_saved_last(capsys, tmp_path):
    """Both asked for a path that a player had to look up with `games`; `continue` needs none."""
    import os

    assert main(["--lang", "en", "--data-dir", str(tmp_path), "replay", "--text"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("hjerterfri: error: No saved games in ")
    (tmp_path / "games").mkdir()
    older, newer = play_out(new_record(seed=2, target=30)), play_out(new_record(seed=4), actions=20)
    save(older, tmp_path / "games" / "older.json")
    save(newer, tmp_path / "games" / "newer.json")
    os.utime(tmp_path / "games" / "older.json", (1, 1))
    assert main(["--lang", "da", "--data-dir", str(tmp_path), "replay", "--text"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("spiller.")  # the newer, unfinished one
    os.utime(tmp_path / "games" / "newer.json", (0, 0))
    assert main(["--lang", "en", "--data-dir", str(tmp_path), "replay", "--text"]) == 0
    assert " wins with " in capsys.readouterr().out
