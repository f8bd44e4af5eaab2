"""The table flags of a new game (issue 17): --players, --variant, --no-pass and --pass-count reach the
game's rules, and a table that cannot be played is one line and exit status 2."""

from __future__ import annotations

import pytest

from hjerterfri.cli import main
from hjerterfri.engine import Phase
from hjerterfri.launch import play_app
from hjerterfri.rules import OddCards, PassDirection
from hjerterfri.tui.screens.table import TableScreen

from .helpers import fast_settings, sync
from .test_continue import args_for


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--players", "4", "--pass-count", "2"], "four players pass 3 cards"),
        (["--players", "3", "--pass-count", "17"], "cannot pass 17 cards from a hand of 17"),
        (["--players", "5", "--pass-count", "0"], "cannot pass 0 cards; play without passing instead"),
        (["--no-pass", "--pass-count", "2"], "a game without passing passes no cards, not 2"),
        (["--players", "5", "--preset", "svensk", "--variant", "no-two"], "has no variant 'no-two'"),
        (["--players", "3", "--variant", "left-right", "--no-pass"], "cannot be played without passing"),
        (["--preset", "dansk", "--players", "6"], "dansk is played by 3 to 5 players; 6 to 8 play svensk"),
    ],
)
def test_a_table_that_cannot_be_played_is_one_line(argv, words, tmp_path, capsys):
    assert main(["--lang", "en", "--data-dir", str(tmp_path), *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err and "Traceback" not in err


async def first_rules(*argv: str):
    app = play_app(args_for("--seed", "4", "--bots", "let", *argv))
    app.settings = fast_settings()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        return table.table.game.rules, table.table.game.round.phase


@sync
async def test_five_players_passing_two_cards_from_the_flags():
    rules, phase = await first_rules("--players", "5", "--pass-count", "2")
    assert (rules.players, rules.pass_count, phase) == (5, 2, Phase.PASSING)


@sync
async def test_no_passing_from_the_flags_starts_with_the_first_trick():
    rules, phase = await first_rules("--no-pass", "--preset", "svensk")
    assert (rules.pass_cycle, rules.pass_count, phase) == ((PassDirection.NONE,), 0, Phase.PLAYING)


@sync
async def test_the_variants_from_the_flags():
    rules, _ = await first_rules("--players", "3", "--variant", "left-right")
    assert rules.pass_cycle == (PassDirection.LEFT, PassDirection.RIGHT)
    rules, _ = await first_rules("--players", "3", "--preset", "svensk", "--variant", "no-two")
    assert rules.odd_cards is OddCards.REMOVE_TWO_OF_CLUBS


@pytest.mark.parametrize(
    ("written", "level"), [("medel", "middel"), ("Svår", "svær"), ("hard", "svær"), ("lätt", "let"), ("svaer", "svær")]
)
def test_a_level_by_its_name_in_any_language(written, level):
    """The Swedish start screen says lätt, medel, svår; --bots medel was refused ("välj bland let, middel, svær")."""
    from hjerterfri.cli import bot_level

    assert bot_level(written) == level


def test_players_six_alone_plays_the_rules_that_play_six(tmp_path):
    """--help says "6 to 8 play svensk with two decks"; --players 6 alone was refused as Danish for six."""
    from hjerterfri.cli import build_parser

    app = play_app(build_parser().parse_args(["--data-dir", str(tmp_path), "--players", "6"]))
    assert (app.setup.preset, app.setup.players) == ("svensk", 6)
    app = play_app(build_parser().parse_args(["--data-dir", str(tmp_path), "--players", "3"]))
    assert (app.setup.preset, app.setup.players) == ("dansk", 3)  # last time's rules, where they play it


def test_a_first_game_in_swedish_offers_the_swedish_rules_and_a_kept_choice_stays(tmp_path):
    """`hjerterfri --lang sv` on a new machine opened on "Regler ‹ Dansk ›"."""
    import json

    from hjerterfri.cli import build_parser

    app = play_app(build_parser().parse_args(["--data-dir", str(tmp_path), "--lang", "sv"]))
    assert app.setup.preset == "svensk"
    app = play_app(build_parser().parse_args(["--data-dir", str(tmp_path / "en"), "--lang", "en"]))
    assert app.setup.preset == "dansk"
    kept = tmp_path / "kept"
    kept.mkdir()
    (kept / "settings.json").write_text(json.dumps({"preset": "dansk-hus"}))
    app = play_app(build_parser().parse_args(["--data-dir", str(kept), "--lang", "sv"]))
    assert app.setup.preset == "dansk-hus"  # what the player started last time
