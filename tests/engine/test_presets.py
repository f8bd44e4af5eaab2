"""The rows of RULES.md's preset table: where Dansk, Dansk husregel and Svensk differ."""

import pytest

from hjerterfri.engine import Game, OutcomeKind, Phase, Reason, judge
from hjerterfri.rules import PRESETS, FirstTrick, Rules, RulesError, TieRule, UnknownPresetError, preset

from .helpers import BY_SUIT, PLAIN, deal, legal, play, refused

DANSK, HUS, SVENSK = preset("dansk"), preset("dansk-hus"), preset("svensk")


# Points on the first trick: Dansk (000) and Dansk husregel (001) forbid hearts and the queen.
@pytest.mark.parametrize("rules", [DANSK, HUS], ids=["dansk", "dansk-hus"])
@pytest.mark.parametrize("card", ["QS", "TH", "AH"])
def test_dansk_no_hearts_or_queen_discarded_on_the_first_trick(rules, card):
    r = deal(rules, PLAIN)
    play(r, "2C 7C AC")
    assert refused(r, card) is Reason.NO_POINTS_ON_FIRST_TRICK
    assert legal(r) == "JD QD KD AD JS KS AS"


# Svensk (004) states no restriction: the queen and hearts may fall on the first trick.
@pytest.mark.parametrize("card", ["QS", "TH", "AH"])
def test_svensk_points_may_be_discarded_on_the_first_trick(card):
    r = deal(SVENSK, PLAIN)
    play(r, "2C 7C AC " + card)
    assert r.taken[2] == (13 if card == "QS" else 1)
    assert r.hearts_broken == (card != "QS")


# A hand with only point cards on the first trick: Dansk "not covered; allow any of its cards",
# Dansk husregel "explicit: allowed". Seat 2 holds nothing but hearts.
@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_only_point_cards_on_the_first_trick_may_discard_any(rules):
    r = deal(rules, BY_SUIT)
    play(r, "2C 2D")
    assert r.legal_mask() == r.hands[2]
    play(r, "AH")
    assert r.hearts_broken, "a heart discarded on the first trick breaks hearts"


def test_only_point_cards_includes_the_queen_of_spades():
    texts = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
             "AC QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS AH"]  # fmt: skip
    r = deal(DANSK, texts)
    play(r, "2C 2D")
    assert "AC" in legal(r)  # seat 2 must follow
    r = deal(DANSK, [texts[0], texts[1], texts[2].replace("AC", "AS"), texts[3].replace("AS", "AC")])
    play(r, "2C 2D")
    assert legal(r) == "AS"  # not only points: the ace of spades is its one safe card
    assert refused(r, "QS") is Reason.NO_POINTS_ON_FIRST_TRICK
    r = deal(DANSK, [texts[0], texts[1], texts[2].replace("AC", "AH"), texts[3].replace("AH", "AC")])
    play(r, "2C 2D")
    assert r.legal_mask() == r.hands[2]  # the queen and hearts only: any of them


TOTALS = (104, 60, 60, 80)


def test_dansk_tie_for_lowest_is_a_draw():
    """Dansk (000): "Hvis to eller flere spillere deler laveste pointtal, er spillet uafgjort"."""
    outcome = judge(DANSK, TOTALS)
    assert outcome.kind is OutcomeKind.DRAW and outcome.winners == (1, 2)


def test_dansk_hus_tie_plays_more_rounds_until_one_is_lowest():
    """Dansk husregel (001): "spiller I flere runder, til der er én vinder"."""
    assert judge(HUS, TOTALS) is None
    assert judge(HUS, (110, 61, 60, 80)).winners == (2,)


def test_svensk_tied_players_share_the_win():
    """Svensk (004): "Om flera spelare skulle sluta på samma poäng delar de vinsten"."""
    outcome = judge(SVENSK, TOTALS)
    assert outcome.kind is OutcomeKind.SHARED_WIN and outcome.winners == (1, 2)


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_no_outcome_below_the_target_and_a_lone_lowest_wins(rules):
    assert judge(rules, (99, 0, 50, 99)) is None
    assert judge(rules, (100, 10, 50, 99)) == judge(rules, (100, 10, 50, 99))
    assert judge(rules, (100, 10, 50, 99)).kind is OutcomeKind.WIN


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_game_plays_on_past_the_tie_only_under_play_on(rules):
    """A whole game where the totals are tied at the end: found by playing seeded games."""
    for seed in range(400):
        game = Game(rules, seed)
        while True:
            r = game.round
            if r.phase is Phase.PASSING:
                for s in range(4):
                    r.pass_cards(s, r.hand_cards(s)[-3:])
            while not r.is_over:
                r.play(r.legal_plays()[0])
            totals = game.totals
            if max(totals) >= 100:
                break
            game.next_round()
        lowest = [s for s, t in enumerate(totals) if t == min(totals)]
        if len(lowest) > 1:
            break
    else:
        raise AssertionError("no tied game among the seeds")
    outcome = game.outcome()
    if rules.tie is TieRule.PLAY_ON:
        assert outcome is None
        game.next_round()
    else:
        assert outcome.winners == tuple(lowest)


def test_presets_found_by_name_and_an_unknown_name_lists_the_known():
    assert preset("dansk").first_trick is FirstTrick.NO_POINTS
    assert preset(" Svensk ").tie is TieRule.SHARED_WIN
    with pytest.raises(UnknownPresetError, match="known presets: dansk, dansk-hus, svensk") as e:
        preset("dansk_hus")
    assert "did you mean 'dansk-hus'" in str(e.value)
    assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_rules_to_dict_and_back(rules):
    assert Rules.from_dict(rules.to_dict()) == rules
    assert hash(rules) == hash(Rules.from_dict(rules.to_dict()))


@pytest.mark.parametrize(
    ("change", "message"),
    [({"tie": "coin-flip"}, "coin-flip"), ({"target": "100"}, "must be int"), ({"pase_count": 3}, "did you mean"),
     ({"players": 9}, "3 to 8 players"), ({"pass_count": 13}, "cannot pass")],
)  # fmt: skip
def test_rules_from_bad_dict_say_what_is_wrong(change, message):
    data = DANSK.to_dict() | change
    with pytest.raises(RulesError, match=message):
        Rules.from_dict(data)
