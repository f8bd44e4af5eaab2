"""``arena --compare A,B --against ...``: the same deals and opponents for A and B, differences paired by deal,
games paired in blocks of deals."""

from __future__ import annotations

import pytest

from hjerterfri import arena
from hjerterfri.arena import DealResult, interval, paired_games, t95
from hjerterfri.cli import main
from hjerterfri.rules import preset

AGAINST = ["let", "let", "let"]


def test_a_bot_compared_with_itself_differs_by_nothing():
    """The same bot named two ways plays the same deals against the same opponents with the same seeds: every
    deal scores alike, so the difference is exactly zero (an opponent or a seed that differed would show)."""
    fig = arena.compare("middel", "hjerterfri.bots.middel:MiddelBot", AGAINST, 6, 4, preset("dansk"))
    assert fig["differing_deals"] == 0
    assert fig["points_per_round"]["a-b"] == {"mean": 0.0, "ci95": [0.0, 0.0]}
    assert fig["points_per_round"]["a"] == fig["points_per_round"]["b"]


def test_each_side_of_a_comparison_is_the_arena_of_that_bot_against_the_opponents():
    b = "hjerterfri.bots.let:LetBot"  # let under another name, a seat type of its own
    fig = arena.compare("middel", b, AGAINST, 5, 2, preset("dansk"))
    for key, spec in (("a", "middel"), ("b", b)):
        alone = arena.run([spec, *AGAINST], 5, 2, preset("dansk"))["types"][spec]
        assert fig["points_per_round"][key]["mean"] == alone["points_per_round"]
        assert fig["points_per_round"][key]["ci95"] == alone["ci95"]
        assert fig[key]["moons_shot"] == alone["moons_shot"]


def test_the_better_bot_shows_a_negative_difference_whose_interval_excludes_zero():
    fig = arena.compare("middel", "let", AGAINST, 40, 1, preset("dansk"))
    diff = fig["points_per_round"]["a-b"]
    assert diff["ci95"][1] < 0 and diff["mean"] == pytest.approx(
        fig["points_per_round"]["a"]["mean"] - fig["points_per_round"]["b"]["mean"], abs=2e-3
    )
    assert fig["differing_deals"] > 20


def test_three_players_compare_against_two():
    fig = arena.compare("middel", "let", ["let", "let"], 3, 1, preset("dansk", 3))
    assert fig["rounds_per_deal"] == 3 and fig["against"] == ["let", "let"]


def result(deal: int, tested_a: int, tested_b: int, n: int = 4) -> list[DealResult]:
    """A deal in which the tested seat scores ``tested_*`` and every other seat 26 - that, split evenly."""

    def one(tested: int) -> DealResult:
        rest = (26 - tested) / (n - 1)
        return DealResult(deal, [[tested] + [rest] * (n - 1) for _ in range(n)], [None] * n)  # type: ignore[list-item]

    return [one(tested_a), one(tested_b)]


def test_games_are_paired_in_blocks_that_end_with_the_last_game_of_either_bot():
    # A takes 0 a deal (never ends a game itself; the others reach 100 after 12 deals at 26/3 each).
    # B takes 20 a deal: it reaches 100 after 5 deals and loses. Each block lasts 12 deals: A wins, B does not.
    rows = [result(d, 0, 20) for d in range(1, 31)]
    blocks = paired_games(rows, 4, 100)
    assert blocks == [(1.0, 0.0), (1.0, 0.0)]  # 30 deals: two blocks of 12, the last 6 deals unfinished


def test_a_tie_for_lowest_shares_the_game():
    rows = [result(d, 26 // 4, 26 // 4) for d in range(1, 40)]
    for a, b in paired_games(rows, 4, 100):
        assert a == b and 0 < a <= 1


def test_games_get_no_interval_from_fewer_than_ten_blocks():
    fig = arena.compare("middel", "let", AGAINST, 40, 1, preset("dansk"))
    games = fig["games_won"]
    assert games["blocks"] < arena.MIN_BLOCKS
    assert games["a-b"]["ci95"] == [None, None] and games["a-b"]["share"] is not None
    assert "too few blocks" in arena.format_compare(fig)


def test_the_interval_uses_students_t():
    assert t95(1) == 12.706 and t95(10) == 2.228
    assert t95(30) == pytest.approx(2.042, abs=2e-3) and t95(200) == pytest.approx(1.972, abs=2e-3)
    mean, low, high = interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and high - mean == mean - low == pytest.approx(4.303 * 1 / 3**0.5, abs=1e-3)
    assert interval([5.0])[0] == 5.0 and interval([])[0] != interval([])[0]  # nan: no mean of nothing


def test_the_cli_prints_the_comparison(capsys):
    assert main(["arena", "--compare", "middel,let", "--against", "let,let,let", "--deals", "3"]) == 0
    out = capsys.readouterr().out
    assert "compare: A middel  B let  against let,let,let" in out
    assert "A - B" in out and "paired over 3 deals" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--compare", "middel,let"], "needs --against"),
        (["--compare", "middel", "--against", "let,let,let"], "two comma-separated bots"),
        (["--compare", "middel,let", "--against", "let"], "2 to 7 comma-separated"),
        (["--seats", "let,let,let,let", "--compare", "middel,let", "--against", "let,let,let"], "or two bots"),
        (["--seats", "let,let,let,let", "--against", "let,let,let"], "goes with --compare"),
        ([], "name the bots"),
    ],
)
def test_a_wrong_comparison_is_one_line(argv, words, capsys):
    assert main(["--lang", "en", "arena", "--deals", "1", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err


def test_a_bots_name_and_a_programs_words_are_shown_never_obeyed():
    fig = arena.compare("middel", "let", AGAINST, 1, 1, preset("dansk"))
    fig["compare"][1] = "exec:evil \x1b[2J\x07"
    fig["b"] = {**fig["b"], "faults": 1, "fault_examples": ["raised: \x1b]0;title\x07"]}
    text = arena.format_compare(fig)
    assert "\x1b" not in text and "\x07" not in text
    assert "exec:evil \\x1b[2J\\x07" in text and "raised: \\x1b]0;title\\x07" in text


def test_a_fault_of_the_bot_compared_names_it_by_its_letter():
    """B's fault read "bot 1 (…) on deal 1": the arena's number for the first bot listed, which B is not."""
    from hjerterfri.arena.play import ArenaFault

    with pytest.raises(ArenaFault) as caught:
        arena.compare("let", "tests.bots.test_arena:RaisesOnPlay", ["let", "let", "let"], 1, 1, preset("dansk"))
    assert str(caught.value).startswith("bot B (tests.bots.test_arena:RaisesOnPlay) on deal 1")
