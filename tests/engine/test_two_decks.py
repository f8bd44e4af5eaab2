"""Six to eight players with two decks (004): random games against the rules read with card lists, a card
held twice through passing, copying, taking back and views, and deals that cannot be."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hjerterfri.cards import CARDS, Card, Suit, parse_cards, twice_mask
from hjerterfri.engine import DealError, Game, IllegalMoveError, Phase, Reason, Round
from hjerterfri.rules import FirstTrick, preset
from hjerterfri.table.variants import game_rules

from .helpers import deal_round, play
from .test_decisions import EIGHT

TABLES = [preset("svensk", n) for n in (6, 7, 8)]
EIGHT_NO_PASS = game_rules("svensk", 8, no_pass=True)
seeds = st.integers(min_value=0, max_value=2**64 - 1)


def reference_legal(r: Round) -> set[Card]:
    """The legal cards read straight from the rules with a list of the hand's cards (a card may come twice)."""
    hand = r.hand_cards(r.turn)
    if not r.trick:
        if not r.tricks:
            return {c for c in hand if c == Card.parse("2C")}
        if r.hearts_broken or all(c.suit is Suit.HEARTS for c in hand):
            return set(hand)
        return {c for c in hand if c.suit is not Suit.HEARTS}
    follow = {c for c in hand if c.suit is r.trick[0].suit}
    if follow:
        return follow
    if not r.tricks and r.rules.first_trick is FirstTrick.NO_POINTS and any(c.points == 0 for c in hand):
        return {c for c in hand if c.points == 0}
    return set(hand)


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}-players")
@settings(max_examples=60, deadline=None)
@given(seed=seeds)
def test_random_two_deck_games_keep_every_invariant(rules, seed):
    rng = random.Random(seed)
    game = Game(rules, seed)
    while True:
        r = game.round
        assert sum((Counter(r.hand_cards(s)) for s in range(rules.players)), Counter()) == Counter(CARDS * 2)
        if r.phase is Phase.PASSING:
            for s in range(rules.players):
                r.pass_cards(s, rng.sample(r.hand_cards(s), rules.pass_count))
        assert sum(len(r.hand_cards(s)) for s in range(rules.players)) == 104
        while not r.is_over:
            legal = r.legal_plays()
            assert set(legal) == reference_legal(r)
            card = rng.choice(legal)
            trial = r.copy()
            trial.play(card)
            r.push(card)
            assert trial == r
        played = [c for t in r.tricks for c in t.cards]
        assert Counter(played) == Counter(CARDS * 2), "every card played twice"
        assert len(r.tricks) == rules.hand_size
        assert len(r.tricks[0].cards) == rules.players + rules.extra_cards
        for t in r.tricks:
            led = t.cards[0].suit
            best = max((c for c in t.cards if c.suit is led), key=lambda c: c.rank)
            assert t.best == t.cards.index(best) and t.winner == t.seat_of(t.best), (
                "the first of two identical cards wins"
            )
        assert sum(r.taken) == 52
        n = rules.players
        assert sum(r.scores()) == (52 * (n - 1) if r.moon_shooter() is not None else 52)
        if game.is_over():
            return
        game.next_round()


def test_a_copy_is_independent_of_the_cards_held_twice():
    r = deal_round(EIGHT_NO_PASS, EIGHT, 1)
    c = r.copy()
    play(c, "2C AC 7C 2C AC QC QS 8H")
    assert r.hand_cards(1).count(Card.parse("2H")) == 2 and not r.tricks
    assert c.hand_cards(1).count(Card.parse("2H")) == 2, "seat 1 played the eight"
    assert r.doubles is not c.doubles


def test_playing_one_of_two_copies_keeps_the_other():
    r = deal_round(EIGHT_NO_PASS, EIGHT, 1)
    play(r, "2C AC 7C 2C AC QC QS 2H")
    assert r.hand_cards(1).count(Card.parse("2H")) == 1
    assert r.view(1).hand_sizes[1] == 12 and len(r.view(1).hand) == 12


def test_passing_a_card_twice_needs_it_twice():
    rules = preset("svensk", 8)
    r = deal_round(rules, EIGHT, 1)
    with pytest.raises(IllegalMoveError) as e:
        r.pass_cards(0, parse_cards("QS QS 2D"))
    assert e.value.reason is Reason.DUPLICATE_CARD
    with pytest.raises(IllegalMoveError) as e:
        r.pass_cards(0, parse_cards("2D 2D 2D"))
    assert e.value.reason is Reason.DUPLICATE_CARD
    with pytest.raises(IllegalMoveError) as e:
        r.pass_cards(0, parse_cards("2D 2D AS"))
    assert e.value.reason is Reason.NOT_IN_HAND and e.value.cards == (Card.parse("AS"),)
    r.pass_cards(0, parse_cards("2D 2D QS"))
    assert r.passed[0] == twice_mask(parse_cards("2D 2D QS"))


def test_from_view_rebuilds_a_two_deck_position():
    rules = preset("svensk", 7)
    r = Round.deal(rules, 3, 3)
    rng = random.Random(3)
    for _ in range(30):
        r.play(rng.choice(r.legal_plays()))
    view = r.view(r.turn)
    held = [r.held(s) for s in range(7)]
    rebuilt = Round.from_view(view, held)
    assert rebuilt.legal_mask() == r.legal_mask()
    assert [rebuilt.held(s) for s in range(7)] == held
    while not rebuilt.is_over:
        rebuilt.push(rebuilt.legal_plays()[0])
    assert sum(rebuilt.taken) == 52
    twice, other = [s for s in range(7) if s != view.seat and r.doubles[s]][:2]  # two seats holding a card twice
    card = r.doubles[twice] & -r.doubles[twice]
    wrong = held[:]
    wrong[other] = wrong[other] ^ (wrong[other] & -wrong[other]) | card  # a third copy, in place of a card
    with pytest.raises(DealError, match="more than twice"):
        Round.from_view(view, wrong)


def test_the_unseen_cards_count_both_copies():
    r = deal_round(EIGHT_NO_PASS, EIGHT, 1)
    view = r.view(1)
    assert view.unseen_mask() >> Card.parse("2H") & 1 == 0, "seat 1 holds both twos of hearts"
    assert view.unseen_mask() >> Card.parse("8H") & 1, "seat 1 holds one eight of hearts; the other is out"
    play(r, "2C AC 7C 2C AC QC QS 8H")
    assert r.view(1).unseen_mask() >> Card.parse("AC") & 1 == 0, "both aces of clubs are played"
    assert r.view(1).unseen_mask() >> Card.parse("QS") & 1, "one queen of spades is still out"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda h: [h[0].replace("2D 2D", "AS 2D"), *h[1:]], "AS, which is dealt three times"),
        (lambda h: [*h[:2], h[2].replace("8D 8D", "8D 2H"), *h[3:]], "seat 2 was dealt 2H, which is dealt three times"),
        (lambda h: [h[0].replace("QS ", ""), *h[1:]], "seat 0 was dealt 12 cards, not 13"),
    ],
    ids=["three-aces", "three-twos-of-hearts", "a-card-short"],
)
def test_a_two_deck_deal_holds_every_card_twice(change, message):
    with pytest.raises(DealError, match=message):
        deal_round(preset("svensk", 8), change(EIGHT), 1)


def test_a_card_named_three_times_in_one_hand_is_no_deal():
    hands = [EIGHT[0].replace("3D 3D", "2D 3D"), *EIGHT[1:]]
    with pytest.raises(DealError, match="2D is named three times"):
        deal_round(preset("svensk", 8), hands, 1)
