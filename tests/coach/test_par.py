"""The par of a challenge, its table, its log, and a challenge made of a saved game."""

from __future__ import annotations

import dataclasses
import math

import pytest

from hjerterfri.bots.svaer import SvaerBot
from hjerterfri.challenge import Challenge, ChallengeError
from hjerterfri.engine import Game
from hjerterfri.gamelog import LogError, from_dict, to_dict
from hjerterfri.rules import PassDirection, preset
from hjerterfri.table import Table, local_players
from hjerterfri.table.par import challenge_of, challenge_rules, challenge_table, clockless, par


def tiny_svaer(seed: int = 0) -> SvaerBot:
    """svær on a small budget and without a clock: quick, and the same on any machine."""
    return SvaerBot(seed, playouts=60, min_samples=4, max_samples=8, pass_stages=(4, 8), time_cap=math.inf)


SHORT = Challenge("dansk", 4, "standard", 31, 2, ("middel", "let", "middel"))
NAMES = ["Ida", "Nord", "Øst", "Vest"]


def test_the_par_run_is_a_pure_function_of_the_challenge():
    first = par(SHORT)
    assert len(first) == 2 and all(0 <= p <= 26 for p in first)
    assert par(Challenge.parse(SHORT.code)) == first


def test_the_par_is_svaer_playing_the_challenge_game_from_the_human_seat():
    """Each deal on its own, as the arena plays deals, is the game the human plays (bots ignore the totals)."""
    table = challenge_table(SHORT, NAMES, clockless)
    table.run(human=SvaerBot(table.seats[1].seed - 1, time_cap=math.inf))  # svær's par seed: bot_seed(seed, 0)
    assert table.is_over() and len(table.game.rounds) == 2
    assert table.record.human_points() == par(SHORT)


def test_a_challenge_game_ends_after_its_last_deal_and_not_before():
    challenge = dataclasses.replace(SHORT, deals=3, opponents=("let",) * 3)
    table = challenge_table(challenge, NAMES, local_players())
    assert table.rules.target == 26 * 3 + 1
    table.run(human=tiny_svaer())
    assert table.is_over() and table.record.is_finished
    assert [r.number for r in table.game.rounds] == [1, 2, 3]
    assert not table.game.is_over()  # nobody reached the target: the challenge's deals ended it
    assert not table.step()


def test_a_challenge_game_is_dealt_as_the_code_says():
    table = challenge_table(SHORT, NAMES, local_players())
    assert table.seed == SHORT.seed and table.human == 0
    assert [s.bot for s in table.seats] == [None, "middel", "let", "middel"]
    assert table.round.dealt == challenge_table(Challenge.parse(SHORT.code), NAMES, local_players()).round.dealt


def test_the_code_and_the_par_go_into_the_log_and_back():
    table = challenge_table(SHORT, NAMES, local_players())
    data = to_dict(table.record)
    assert data["challenge"] == {"code": SHORT.code, "par": None}
    table.set_par([3, 0])
    data = to_dict(table.record)
    assert data["challenge"] == {"code": SHORT.code, "par": [3, 0]}
    back = from_dict(data)
    assert back.challenge == SHORT and back.par == (3, 0)


def test_a_log_without_a_challenge_writes_no_challenge_field():
    table = challenge_table(SHORT, NAMES, local_players())
    table.record.challenge = None
    assert "challenge" not in to_dict(table.record) and "branch" not in to_dict(table.record)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d["challenge"].update(code="HJ1-XXXX"), "challenge, code: 'HJ1-XXXX'|mistyped"),
        (lambda d: d["challenge"].update(code="HJ2-Y4G1-A700-4S"), "version 2 of the dealing"),
        (lambda d: d.update(seed=32), "the code's seed \\(31\\) is not the game's \\(32\\)"),
        (lambda d: d["seats"][2].update(player="svær"), "the code's seats"),
        (lambda d: d["challenge"].update(par=[1]), "a list of 2 points"),
        (lambda d: d["challenge"].update(par=[1, 27]), "from -26 to 26"),
        (lambda d: d["challenge"].update(extra=1), "unknown field 'extra'"),
    ],
)
def test_a_challenge_field_that_does_not_fit_the_log_is_refused_in_one_line(change, says):
    table = challenge_table(SHORT, NAMES, local_players())
    data = to_dict(table.record)
    change(data)
    with pytest.raises(LogError, match=says) as caught:
        from_dict(data, "game.json")
    assert "\n" not in str(caught.value)


def test_a_challenge_log_with_a_round_beyond_its_deals_is_refused():
    challenge = dataclasses.replace(SHORT, deals=1, opponents=("let",) * 3)
    table = challenge_table(challenge, NAMES, local_players())
    table.run(human=tiny_svaer())
    data = to_dict(table.record)
    data["rounds"].append(dict(data["rounds"][0], round=2))
    with pytest.raises(LogError, match="a challenge of 1 deal has no round 2"):
        from_dict(data, "game.json")


def test_a_saved_game_becomes_a_challenge_of_its_deals():
    from hjerterfri.table import Table

    rules = dataclasses.replace(challenge_rules(SHORT), target=100)
    table = Table.new(rules, 77, NAMES, "let", local_players())
    table.run(
        lambda t: len(t.game.rounds) == 3,
        human=tiny_svaer(),
    )
    challenge = challenge_of(table.record)
    assert challenge == Challenge("dansk", 4, "standard", 77, 3, ("let",) * 3)
    again = challenge_table(challenge, NAMES, local_players())
    for _ in range(2):
        again.run(lambda t: t.round.is_over, human=tiny_svaer())
        again.next_round()
    assert [r.dealt for r in again.game.rounds] == [r.dealt for r in table.game.rounds]


def test_a_game_no_code_can_carry_is_refused_in_one_line():
    from .positions import blunder_record

    own = blunder_record()
    own.game = Game(dataclasses.replace(preset("dansk"), name="mine"), 5, own.game.rounds[0].dealt)
    with pytest.raises(ChallengeError, match="rules of its own"):
        challenge_of(own)
    hand_dealt = blunder_record()
    hand_dealt.game = Game(preset("dansk"), 5, hand_dealt.game.rounds[0].dealt)
    with pytest.raises(ChallengeError, match="round 1 was not dealt from the game's seed"):
        challenge_of(hand_dealt)
    made = challenge_table(SHORT, NAMES, local_players()).record
    made.challenge = None
    made.seats = (made.seats[0], dataclasses.replace(made.seats[1], bot="mybot:Bot"), *made.seats[2:])
    with pytest.raises(ChallengeError, match="let, middel, svær"):
        challenge_of(made)
    two_decks = Table.new(preset("svensk", 6), 3, [*NAMES, "E", "F"], "let", local_players()).record
    with pytest.raises(ChallengeError, match=r"^the game has 6 players and two decks; a challenge is played with one"):
        challenge_of(two_decks)  # it named a code, then refused it


def test_a_game_without_passing_becomes_a_challenge_without_passing():
    from .positions import NO_PASSING

    table = Table.new(NO_PASSING, 12, NAMES, "let", local_players())
    challenge = challenge_of(table.record)
    assert challenge.no_pass and challenge.pass_count is None and challenge.deals == 1
    assert challenge_rules(challenge) == dataclasses.replace(NO_PASSING, target=27)
    again = challenge_table(Challenge.parse(challenge.code), NAMES, local_players())
    assert again.round.dealt == table.round.dealt and again.round.pass_direction is PassDirection.NONE


def test_new_deals_for_a_table_with_two_decks_are_refused_before_a_code_is_made():
    """The start screen's challenge at six players named a new code, then refused it (pt-ai)."""
    from hjerterfri.table import Setup
    from hjerterfri.table.par import new_challenge

    with pytest.raises(ChallengeError) as refused:
        new_challenge(Setup(preset="svensk", players=6, bots="middel"))
    said = str(refused.value)
    assert said == "6 players play with two decks; a challenge is played with one deck, by 3 to 5 players"
    assert "HJ1" not in said
