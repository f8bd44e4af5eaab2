"""The analysis of a player's decisions: a blunder of known cost, forced cards, the view alone, determinism."""

from __future__ import annotations

import pytest

from hjerterfri.analysis import Budget, analyse, decisions, equivalent_cards, review, review_play
from hjerterfri.cards import Card, parse_cards
from hjerterfri.gamelog import from_dict, to_dict

from .positions import HANDS, blunder_record

SMALL = Budget(batch=8, select=2, measure=4, rounds=2, pass_select=(8, 16), pass_measure=32)


def last_decision(record):
    return decisions(record, 0)[-2]  # the last is the forced last card


def test_discarding_a_low_heart_instead_of_the_queen_under_a_lost_trick_costs_13_points():
    record = blunder_record("2H")
    decision = last_decision(record)
    assert decision.trick == 12 and decision.cards == (Card.parse("2H"),)
    review = review_play(decision.view, decision.cards[0], SMALL, decision.round, decision.trick)
    assert review.best == (Card.parse("QS"),)
    assert review.played_points == pytest.approx(13.0)
    assert review.best_points == pytest.approx(0.0)
    assert review.cost == pytest.approx(13.0)
    assert review.margin == pytest.approx(0.0)  # every sampled deal says the same
    assert review.deals == SMALL.batch * SMALL.measure


def test_discarding_the_queen_there_costs_nothing():
    record = blunder_record("QS")
    decision = last_decision(record)
    review = review_play(decision.view, decision.cards[0], SMALL)
    assert review.cost == 0.0 and review.best == (Card.parse("QS"),)
    assert [o.cards for o in review.options] == [(Card.parse("QS"),), (Card.parse("2H"),)]


def test_the_whole_round_analysed_names_the_blunder_and_its_cost():
    record = blunder_record("2H")
    review = analyse(record, budget=SMALL)
    assert [d.trick for d in review.decisions] == list(range(1, 14))
    assert review.costliest(1)[0].trick == 12
    assert review.rounds[0].cost == pytest.approx(review.cost)
    assert review.cost >= 13.0
    forced = [d for d in review.decisions if d.forced]
    assert forced and all(d.cost == 0.0 and d.deals == 0 for d in forced)
    assert review.decisions[0].forced  # the two of clubs leads


def test_the_analysis_sees_only_the_seats_view():
    """Other seats' hidden cards dealt otherwise (the same view for Ida) give the same analysis."""
    swapped = list(HANDS)
    swapped[1] = swapped[1].replace("2S", "3S")
    swapped[2] = swapped[2].replace("3S", "2S")
    one = review_play(last_decision(blunder_record("2H")).view, Card.parse("2H"), SMALL)
    other_record = blunder_record("2H", tuple(swapped))
    two = review_play(last_decision(other_record).view, Card.parse("2H"), SMALL)
    assert one == two


def test_an_analysis_repeats_exactly():
    record = blunder_record("2H")
    again = from_dict(to_dict(record))
    assert analyse(record, budget=SMALL).to_dict() == analyse(again, budget=SMALL).to_dict()


def test_cards_that_play_alike_are_one_choice():
    record = blunder_record()
    view = decisions(record, 0)[1].view  # trick 2: Ida holds 7C and QC, with 8C-JC still out
    assert [tuple(map(str, g)) for g in equivalent_cards(view)] == [("7C",), ("QC",)]
    later = decisions(record, 0)[9].view  # trick 10, hearts led: 9H, JH, 2H; TH is out, 3H-8H partly out
    groups = [tuple(map(str, g)) for g in equivalent_cards(later)]
    assert groups == [("2H",), ("9H",), ("JH",)]


def test_touching_cards_group_when_nothing_unseen_lies_between():
    from hjerterfri.engine import Round
    from hjerterfri.rules import preset

    hands = [parse_cards("2C 3C 4C 6C 5D 6D JD 7S TS QS 5H 9H JH")]
    rest = sorted(set(range(52)) - set(hands[0]))
    hands += [rest[i::3] for i in range(3)]
    r = Round(preset("svensk"), hands, 4)  # no passing
    groups = [tuple(map(str, g)) for g in equivalent_cards(r.view(0))]
    assert groups == [("2C",)]  # the opening lead is forced
    r.play(Card.parse("2C"))
    r.play(r.legal_plays()[0])
    r.play(r.legal_plays()[0])
    r.play(r.legal_plays()[0])
    while r.turn != 0:
        r.play(r.legal_plays()[0])
    view = r.view(0)
    groups = equivalent_cards(view)
    assert sum(len(g) for g in groups) == len(view.legal_plays)
    for g in groups:
        assert len({c.suit for c in g}) == 1 and len({c.points for c in g}) == 1


def test_one_legal_card_is_no_decision_to_weigh():
    record = blunder_record("2H")
    last = decisions(record, 0)[-1]
    review = review_play(last.view, last.cards[0], SMALL)
    assert review.forced and review.cost == 0.0 and review.deals == 0


def test_a_seat_the_game_lacks_is_one_clear_error():
    with pytest.raises(ValueError, match="no seat 7"):
        analyse(blunder_record("2H"), seat=7, budget=SMALL)


def test_a_two_deck_game_is_refused_in_one_line():
    from hjerterfri.rules import preset
    from hjerterfri.table import Table, local_players

    table = Table.new(preset("svensk", 6), 3, [f"p{i}" for i in range(6)], "let", local_players())
    with pytest.raises(ValueError, match="one deck"):
        analyse(table.record, budget=SMALL)


def test_cards_played_at_once_after_an_ending_are_no_decisions():
    """A claim, or a round with no points left played to its end at once: the rest was no one's choice."""
    from ..logs.test_undo_and_endings import a_game_with_undos

    record = a_game_with_undos().record
    (ending,) = record.endings
    first = record.game.rounds[0]
    mine = decisions(record, 0, [first.number])
    plays = [d for d in mine if d.kind == "play"]
    seats = [s for t in first.tricks for s in t.seats]
    assert len(plays) == seats[: ending.at].count(0) < seats.count(0)  # the cards after the ending left out


def test_a_cost_within_its_margin_is_not_named_but_still_counts():
    """The review named "cost 0.3 ± 0.5" a costly choice, though the interval says it may be none."""
    import dataclasses

    from hjerterfri.analysis import GameReview, RoundReview

    review = analyse(blunder_record(), budget=Budget(batch=8, select=2, measure=2, rounds=1))
    base = review.decisions[0]
    pairs = ((3.0, 1.0), (0.3, 0.5), (0.6, 0.2), (0.93, 0.88))  # the last reads "0.9 ± 0.9": not named either
    made = [dataclasses.replace(base, cost=c, margin=m) for c, m in pairs]
    game = GameReview(0, "Ida", (RoundReview(1, tuple(made)),), review.budget)
    assert [d.cost for d in game.costliest()] == [3.0, 0.6]
    assert game.cost == pytest.approx(4.83)


def test_the_best_alternative_is_never_worse_than_the_choice_made():
    """`analyse --json` named as best a card that did worse on the fresh deals than the one played (cost 0)."""
    for d in analyse(blunder_record(), budget=SMALL).decisions:
        assert d.best_points <= d.played_points + 1e-9, d
        assert (d.best == d.played) == (d.cost == 0.0) or d.forced, d


def test_against_let_the_review_reads_no_more_into_the_others_play_than_the_rules_allow():
    """A tester's 3-player game against `let` (pt-am): at trick 12 she led 9♠ and Mette, whose only spade was
    Q♠, took her own queen. The review said "cost 12.0 ± 0.0 … you take Q♠ in 100%": svær's reading of the
    others (a seat that ducked lacks the cards between; deals fitted to middel's play) had ruled out the real
    deal, as `let` does not play so. Against players it does not model, every deal not ruled out counts."""
    from pathlib import Path

    from hjerterfri.gamelog import load

    record = load(Path(__file__).parent.parent / "data" / "coach" / "let-opponents-queen.json")
    small = Budget(batch=12, select=2, measure=2, rounds=1, explain=24)
    (trick_12,) = [d for d in decisions(record, 0, [1]) if d.trick == 12]
    said_before = review(trick_12, small)  # reading them as middel: a sure loss that was none
    assert said_before.cost > 10 and said_before.margin < 0.5
    reviewed = analyse(record, rounds=[1], budget=small)
    assert not reviewed.budget.reads_others
    (again,) = [d for d in reviewed.decisions if d.trick == 12]
    assert not again.named and again.cost < 2, again
