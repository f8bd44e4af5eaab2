"""The coach's why: what a costly choice and the better one led to (the queen, the hearts, a moon), from the
seat's view alone, in every language."""

from __future__ import annotations

import dataclasses
import random

import pytest

from hjerterfri.analysis import Budget, analyse, decisions, review_pass, review_play
from hjerterfri.bots.outcome import Outcomes, Tally
from hjerterfri.bots.playout import playout
from hjerterfri.cards import HEARTS_MASK, Card, parse_cards
from hjerterfri.coach import report, why_line
from hjerterfri.engine import Game, Round
from hjerterfri.i18n import Texts
from hjerterfri.rules import preset

from .positions import HANDS, blunder_record

SMALL = Budget(
    batch=8, select=2, measure=4, rounds=2, pass_select=(8, 16), pass_measure=32, explain=16, pass_explain=32
)


def review_at(record, trick: int):
    decision = next(d for d in decisions(record, 0) if d.trick == trick)
    return review_play(decision.view, decision.cards[0], SMALL, decision.round, decision.trick)


def test_a_low_heart_kept_instead_of_the_queen_is_explained_by_the_queen():
    review = review_at(blunder_record("2H"), 12)
    assert review.why is not None
    played, best = review.why
    assert (played.queen, best.queen) == (1.0, 0.0)
    assert (played.points, best.points) == (13.0, 0.0)
    assert why_line(Texts("en"), "Ida", review) == "Why, on the sampled deals: Ida takes Q♠ in 100% (with Q♠: 0%)"


def test_the_why_speaks_to_a_player_who_never_typed_a_name_in_each_language():
    review = review_at(blunder_record("2H"), 12)
    assert why_line(Texts("da"), "Du", review) == "Hvorfor, i prøvegivningerne: du tager Q♠ i 100 % (med Q♠: 0 %)"
    assert why_line(Texts("sv"), "Du", review) == "Varför, i de simulerade givarna: du tar Q♠ i 100 % (med Q♠: 0 %)"
    assert why_line(Texts("en", ascii_suits=True), "You", review) == (
        "Why, on the sampled deals: you take QS in 100% (with QS: 0%)"
    )


def test_a_choice_that_cost_nothing_has_no_why():
    review = review_at(blunder_record("QS"), 12)
    assert review.cost == 0.0 and review.why is None and why_line(Texts("en"), "Ida", review) is None


def test_the_why_sees_only_the_seats_view():
    """The others' hidden low spades dealt otherwise: the same view, the same why (trick 9, where they are
    still hidden and the outcome depends on them)."""
    swapped = list(HANDS)
    swapped[1] = swapped[1].replace("2S", "3S")
    swapped[2] = swapped[2].replace("3S", "2S")
    one = review_at(blunder_record("2H"), 9)
    two = review_at(blunder_record("2H", tuple(swapped)), 9)
    assert one.why is not None and one.why[0].queen > one.why[1].queen
    assert one.why == two.why


def test_the_why_is_in_the_analysis_json():
    review = review_at(blunder_record("2H"), 12)
    assert review.to_dict()["why"] == {
        "played": {"queen": 1.0, "hearts": 0.0, "moon_others": 0.0, "moon_own": 0.0, "points": 13.0},
        "best": {"queen": 0.0, "hearts": 0.0, "moon_others": 0.0, "moon_own": 0.0, "points": 0.0},
    }
    assert review_at(blunder_record("QS"), 12).to_dict()["why"] is None


def test_a_pass_that_keeps_the_queen_and_high_hearts_is_explained_by_what_they_take():
    hands = [
        "QS AH KH 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS 2H",
        "3H 4H 5H 6H 7H 8H 9H TH JH QH 7C 8C 9C",
        "TC JC QC KC AC 7D 8D 9D TD JD QD KD AD",
    ]
    view = Game(preset("dansk"), 5, [parse_cards(h) for h in hands]).round.view(0)
    review = review_pass(view, parse_cards("2C 3C 4C"), SMALL)
    assert set(review.best) >= {Card.parse("QS"), Card.parse("AH")} and review.why is not None
    played, best = review.why
    assert played.queen > best.queen and played.hearts > best.hearts and played.points > best.points
    line = why_line(Texts("en"), "Ida", review)
    assert line is not None and line.startswith("Why, on the sampled deals: Ida takes ") and "(with K♥ A♥ Q♠: " in line


def test_outcomes_add_up_to_the_points_moons_included():
    """points = 13 x queen + hearts, plus 26 for another's moon, less 26 for one's own: round by round, on
    random deals and on deals where seat 0 holds a hand to shoot with (and tries to)."""
    rules = preset("dansk")
    strong = parse_cards("AS KS QS AH KH QH JH TH 9H 8H AC AD KD")
    moons = 0
    for seed in range(200):
        rng = random.Random(seed)
        deck = [c for c in range(52) if seed % 2 or c not in strong]
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[i * 13 : (i + 1) * 13]) for i in range(4)]
        if not seed % 2:
            hands = [sum(1 << c for c in strong), *hands[:3]]
        r = Round(rules, hands, 4)  # the fourth round passes nothing
        playout(r, shooter=0)
        moons += r.moon_shooter() is not None
        for seat in range(4):
            tally = Tally(seat)
            tally.add(r)
            o = tally.outcomes()
            assert o.points == pytest.approx(13 * o.queen + o.hearts + 26 * o.moon_others - 26 * o.moon_own)
            assert o.points == r.scores()[seat]
    assert moons >= 50  # the identity was checked on moons too


@pytest.mark.parametrize("name", ["[/]", "[link=file:///etc/passwd]x[/link]", "\x1b[2J"])
def test_a_hostile_name_in_the_why_is_shown_literally(name):
    line = why_line(Texts("en"), name, review_at(blunder_record("2H"), 12))
    assert line is not None and "\x1b" not in line
    assert (name if name.isprintable() else "\\x1b[2J") in line


@pytest.mark.parametrize("players", [3, 5])
def test_outcomes_count_the_kitty_to_the_seat_that_took_it(players):
    """At three and five Danish players the kitty goes to the first trick's winner: its hearts and queen are
    that seat's outcomes, and the points still add up."""
    rules = preset("dansk", players)
    size = 52 // players
    kitty_hearts = 0
    for seed in range(100):
        rng = random.Random(seed)
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[i * size : (i + 1) * size]) for i in range(players)]
        kitty = sum(1 << c for c in deck[players * size :])
        r = Round(rules, hands, 3, kitty)  # (the third round passes nothing at both sizes)
        playout(r)
        kitty_hearts += (kitty & HEARTS_MASK).bit_count()
        outcomes = []
        for seat in range(players):
            tally = Tally(seat)
            tally.add(r)
            outcomes.append(o := tally.outcomes())
            assert o.points == 13 * o.queen + o.hearts + 26 * o.moon_others - 26 * o.moon_own == r.scores()[seat]
        assert sum(o.queen for o in outcomes) == 1 and sum(o.hearts for o in outcomes) == 13
    assert kitty_hearts > 0  # the kitty held hearts on some deals


def test_what_pulls_the_other_way_is_said_where_it_offsets_more_than_the_cost():
    """A tester read "you take Q♠ in 100% and 10.3 hearts" under a cost of 0.9 and could not make sense of it:
    the moon the worse choice made likelier (the queen and the hearts are then the seat's own) pulls back."""
    review = review_at(blunder_record("2H"), 12)
    mine = Outcomes(queen=1.0, hearts=10.3, moon_others=0.0, moon_own=0.5, points=7.9)
    theirs = Outcomes(queen=0.14, hearts=5.6, moon_others=0.0, moon_own=0.05, points=7.0)
    told = dataclasses.replace(review, why=(mine, theirs))
    assert why_line(Texts("en"), "You", told) == (
        "Why, on the sampled deals: you take Q♠ in 100% (with Q♠: 14%); you take 10.3 hearts on average"
        " (with Q♠: 5.6); though you take all the points in 50% (with Q♠: 5%)"
    )
    assert why_line(Texts("da"), "Du", told, most=1).endswith("; men du tager alle point (samler) i 50 % (med Q♠: 5 %)")
    plain = dataclasses.replace(review, why=(mine._replace(moon_own=0.05, points=19.0), theirs))
    assert "though" not in (why_line(Texts("en"), "You", plain) or "")


def test_a_seat_never_named_is_you_in_the_language_of_the_report():
    """'Du led 9♥' and 'Du: what the choices cost' in an English report of a Danish game."""
    review = analyse(blunder_record("2H"), budget=SMALL)
    lines = report(Texts("en"), dataclasses.replace(review, name="Du"), 3)
    assert lines[0] == "You: what the choices cost"
    assert lines[1].startswith("The hard bot weighs each choice from what you could see")
    assert any(line.startswith("  Round 1, trick 12: You played 2♥") for line in lines)
    assert not any("Du" in line for line in lines)
