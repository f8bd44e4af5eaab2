"""The coach's commands: analyse, challenge, --challenge, and challenges in the games list."""

from __future__ import annotations

import dataclasses
import json

import pytest

from hjerterfri.cards import parse_cards
from hjerterfri.challenge import Challenge
from hjerterfri.cli import build_parser, main
from hjerterfri.engine import Game
from hjerterfri.gamelog import new_log_path, save
from hjerterfri.launch import play_app
from hjerterfri.table import local_players
from hjerterfri.table.par import challenge_table

from .positions import HANDS, NO_PASSING, blunder_record
from .test_par import NAMES, SHORT


@pytest.fixture
def blunder(tmp_path):
    path = tmp_path / "blunder.json"
    save(blunder_record("2H"), path)
    return path


def test_analyse_names_the_costliest_choice_with_both_cards_and_the_numbers(capsys, blunder):
    assert main(["analyse", str(blunder), "--lang", "en", "--top", "1"]) == 0
    out = capsys.readouterr().out
    line = "Round 1, trick 12: Ida played 2♥ (expected 13.0 points), Q♠ expected 0.0: cost 13.0 ± 0.0"
    assert f"{line} (192 sampled deals)" in out
    assert out.count("Round 1, trick") == 1  # --top 1
    assert "Round 1: " in out and "points in round 1, each weighed on its own (13 decisions, 4 of them forced)" in out


def test_analyse_json_has_every_decision(capsys, blunder):
    assert main(["analyse", str(blunder), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    decisions = data["rounds"][0]["decisions"]
    assert [d["trick"] for d in decisions] == list(range(1, 14))
    twelve = decisions[11]
    assert twelve["played"] == ["2H"] and twelve["best"] == ["QS"] and twelve["cost"] == 13.0
    assert twelve["margin95"] == 0.0 and twelve["deals"] == 192
    assert data["seat"] == 0 and data["cost"] >= 13.0


def test_analyse_of_a_round_not_yet_played_says_so_and_its_cost_is_a_float(capsys, tmp_path):
    """A game saved as its first round was dealt: no empty 'Round by round:' heading, no 0 in the JSON."""
    path = tmp_path / "dealt.json"
    save(dataclasses.replace(blunder_record(), game=Game(NO_PASSING, 5, [parse_cards(h) for h in HANDS])), path)
    assert main(["analyse", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "No choices to weigh yet." in out and "Round by round" not in out and "Round 1:" not in out
    assert main(["analyse", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data["cost"], float) and isinstance(data["rounds"][0]["cost"], float)


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (["--seat", "4"], "--seat 4: the game has seats 0 to 3"),
        (["--round", "2"], "--round 2: the game has rounds 1 to 1"),
        (["--top", "0"], "--top must be at least 1"),
        (["--top", "0", "--lang", "da"], "--top skal være mindst 1, ikke 0"),
        (["--seat", "4", "--lang", "sv"], "--seat 4: spelet har platserna 0 till 3"),
    ],
)
def test_analyse_refuses_a_bad_flag_in_one_line(capsys, blunder, flags, says):
    """In the language asked for (English here unless a flag says otherwise; the game's own is Danish)."""
    lang = [] if "--lang" in flags else ["--lang", "en"]
    assert main(["analyse", str(blunder), *flags, *lang]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err


def test_analyse_of_a_broken_log_is_one_line(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main(["analyse", str(bad)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_challenge_of_a_saved_game_prints_its_code(capsys, tmp_path):
    table = challenge_table(SHORT, NAMES, local_players())
    table.set_par([4, 6])
    path = tmp_path / "c.json"
    save(table.record, path)
    assert main(["challenge", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert f"Challenge {SHORT.code}" in out and f"hjerterfri --challenge {SHORT.code}" in out
    assert "Deal  You  Par" in out and "   1    -    4" in out
    assert "Par: the hard bot's points from your seat, on the same deals against the same opponents\n" in out


def test_challenge_of_a_code_works_out_its_par_as_json(capsys):
    one = Challenge("svensk", 4, "standard", 9, 1, ("let", "let", "let"))
    assert main(["challenge", one.code.lower(), "--par", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["code"] == one.code and data["challenge"]["preset"] == "svensk" and data["scores"] is None
    assert len(data["par"]) == 1
    assert main(["challenge", one.code, "--par", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["par"] == data["par"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["challenge", "HJ2-Y4G1-A700-4S"], "version 2 of the dealing"),
        (["challenge", "HJ1-Y4G1-A700-4T"], "mistyped"),
        (["challenge", "hej"], r"hej: no saved game of that name, nor a challenge code \(a code begins with HJ\)"),
        (["--challenge", "HJ1-Y4G1-A700-4T"], "mistyped"),
        (["--challenge", "--bots", "mybot:Bot"], "cannot load bot|let, middel or svær"),
        (["--challenge", SHORT.code, "--players", "5"], "--players is not used with a challenge code"),
        (["--challenge", SHORT.code, "--seed", "5"], "--seed is not used with a challenge code"),
    ],
)
def test_a_bad_challenge_is_one_line_and_status_2(capsys, args, says):
    import re

    assert main(["--lang", "en", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and re.search(says, err)


def test_challenge_flag_opens_the_codes_deals_or_new_ones(tmp_path):
    args = build_parser().parse_args(["--data-dir", str(tmp_path), "--challenge", SHORT.code])
    assert play_app(args).challenge == SHORT
    args = build_parser().parse_args(["--data-dir", str(tmp_path), "--challenge", "--seed", "5", "--bots", "let"])
    assert play_app(args).challenge == Challenge("dansk", 4, "standard", 5, 8, ("let",) * 3)
    args = build_parser().parse_args(["--data-dir", str(tmp_path), "--seed", "5"])
    assert play_app(args).challenge is None


def test_games_lists_a_challenge_with_the_score_and_the_par(capsys, tmp_path):
    from hjerterfri.bots.let import LetBot

    table = challenge_table(SHORT, NAMES, local_players())
    table.run(human=LetBot(0))
    table.set_par([3, 4])
    table.record.path = new_log_path(table.record, tmp_path)
    save(table.record, table.record.path)
    assert main(["games", "--data-dir", str(tmp_path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    you = sum(r.scores()[0] for r in table.game.rounds)
    assert "challenge" in out and SHORT.code in out and f"you {you} · par 7" in out


@pytest.mark.parametrize(
    ("lang", "decisions", "forced", "fallbacks", "said"),
    [
        ("da", 3, 1, 0, "(3 valg, heraf 1 tvunget)"),
        ("da", 3, 2, 0, "(3 valg, heraf 2 tvungne)"),
        ("sv", 3, 1, 0, "(3 val, varav 1 tvunget)"),
        ("en", 1, 0, 0, "(1 decision)"),
        ("en", 13, 4, 0, "(13 decisions, 4 of them forced)"),
        ("en", 11, 0, 3, "(11 decisions; 3 more not weighed: the bot failed and the easy bot chose them)"),
        ("en", 12, 0, 1, "(12 decisions; 1 more not weighed: the bot failed and the easy bot chose it)"),
        ("da", 11, 1, 3, "(11 valg, heraf 1 tvunget; 3 mere ikke vejet: botten fejlede, og let valgte i stedet)"),
        ("sv", 11, 0, 3, "(11 val; 3 till inte vägda: boten gjorde fel och lätt valde i stället)"),
    ],
)
def test_the_games_cost_counts_its_decisions_in_good_grammar(lang, decisions, forced, fallbacks, said):
    """It said "heraf 1 tvungne" and "1 decisions"; the fallback's choices (a bot's fault) are not weighed."""
    from types import SimpleNamespace

    from hjerterfri.coach import game_line
    from hjerterfri.i18n import Texts

    made = [SimpleNamespace(forced=i < forced) for i in range(decisions)]
    review = SimpleNamespace(decisions=made, cost=1.0, margin=0.5, rounds=[1, 2], fallbacks=fallbacks)
    assert game_line(Texts(lang), review).endswith(said)  # type: ignore[arg-type]


def test_analyse_in_a_terminal_wraps_at_words(capsys, blunder, monkeypatch):
    """Every costly choice's line is longer than 80 columns, and the terminal broke it inside a word."""
    import sys

    monkeypatch.setenv("COLUMNS", "60")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["analyse", str(blunder), "--lang", "en", "--top", "1"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert all(len(line) <= 60 for line in lines) and any(
        line.strip().startswith("Round 1, trick 12: Ida") for line in lines
    )
    line = "Round 1, trick 12: Ida played 2♥ (expected 13.0 points), Q♠ expected 0.0: cost 13.0 ± 0.0"
    assert line in " ".join(out.split())  # broken between words only


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("da", "Runde 1, stik 3: Ida spillede 3♥ ud ("),
        ("en", "Round 1, trick 3: Ida led 3♥ ("),
        ("sv", "Ida spelade ut 3♥"),
    ],
)
def test_a_card_led_is_said_as_led(lang, said):
    """The coach wrote "Du spillede 3♥" for a card led, where the table itself says "spillede 3♥ ud"."""
    from hjerterfri.analysis import Option, Review
    from hjerterfri.coach import review_line
    from hjerterfri.i18n import Texts

    r = Game(blunder_record("2H").rules, 1).round
    view = r.view(0)
    assert not view.trick  # no card on the table: the seat leads
    three, two = parse_cards("3H 2C")
    d = Review(
        1, 3, "play", (three,), (two,), 2.0, 1.0, 1.0, 0.5, 96, (Option((two,), 1.0), Option((three,), 2.0)), view
    )
    assert said in review_line(Texts(lang), "Ida", d)


def test_the_challenge_of_a_game_not_played_as_one_shows_the_games_own_points(capsys, tmp_path):
    """`challenge FILE --par` of an ordinary game listed only the par: the player's points on the same deals
    are in the file, and they are what the par is for."""
    from hjerterfri.bots.let import LetBot
    from hjerterfri.rules import preset
    from hjerterfri.table import Table

    table = Table.new(preset("dansk"), 5, ["Ida", "A", "B", "C"], [None, "let", "let", "let"], local_players())
    table.run(lambda t: len(t.game.rounds) > 2, human=LetBot(0))
    path = tmp_path / "g.json"
    save(table.record, path)
    assert main(["challenge", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["scores"] == table.record.human_points() and len(data["scores"]) >= 2
    table.close()
