"""Claims: the engine says whether a seat takes every trick left, from its own view only; checked against a
slow search over every distribution the view allows, and on positions where a claim holds and where it
only seems to."""

from __future__ import annotations

import random

import pytest

from hjerterfri.cards import POINTS_MASK, Card, Suit, mask_of, parse_cards
from hjerterfri.claim import Verdict, claim
from hjerterfri.engine import Phase, Round
from hjerterfri.rules import preset
from hjerterfri.view import PlayerView

from .claim_oracle import claim_holds

DANSK = preset("dansk")


def position(rules, hands: list[str], plays: str, number: int = 4, kitty: str = "", passes=None) -> Round:
    """A round from these hands (and kitty, and passes), the cards played in order, checked."""
    r = Round(rules, [mask_of(parse_cards(h)) for h in hands], number, mask_of(parse_cards(kitty)))
    for seat, text in enumerate(passes or []):
        r.pass_cards(seat, parse_cards(text))
    for c in parse_cards(plays):
        r.play(c)
    return r


# Seat 1 leads the two of clubs; seat 0 takes the first trick with the ace and is on lead at the second.
HEARTS_DRAWN = [
    "AC AS AH KH JH TH 9H 8H 7H 6H 5H 4H 3H",
    "2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "3C 4C 5C 6C 7C 8C 9C 2S 3S 4S 5S 6S QH",
    "TC JC QC KC 2D 7S 8S 9S TS JS QS KS 2H",
]


def test_a_claim_holds_when_the_high_cards_draw_every_card_that_could_beat_a_lower_one():
    # J♥ is not the highest heart left (Q♥ is out), but A♥ and K♥ draw Q♥ and 2♥: no seat can hold Q♥ and
    # two more hearts. Twelve tricks to go.
    r = position(DANSK, HEARTS_DRAWN, "2C 3C TC AC")
    assert r.turn == 0 and not r.hearts_broken and len(r.hand_cards(0)) == 12
    result = claim(r.view(0))
    assert result.verdict is Verdict.HOLDS
    assert result.card == Card.parse("AS")  # hearts are not broken: the spade goes first


def test_a_claim_only_seems_to_hold_when_one_seat_may_keep_the_queen_behind_two_small_hearts():
    hands = HEARTS_DRAWN[:]
    hands[0] = hands[0].replace("4H", "KS")
    hands[3] = hands[3].replace("KS", "4H")
    r = position(DANSK, hands, "2C 3C TC AC")
    result = claim(r.view(0))
    assert result.verdict is Verdict.BEATEN and result.suit is Suit.HEARTS  # Q♥ 4♥ 2♥ may sit together


def test_a_claim_on_the_first_trick_and_one_out_of_turn_are_refused():
    assert claim(position(DANSK, HEARTS_DRAWN, "2C 3C TC").view(0)).verdict is Verdict.FIRST_TRICK
    assert claim(position(DANSK, HEARTS_DRAWN, "2C 3C TC AC").view(1)).verdict is Verdict.NOT_YOUR_TURN


# Seat 1 takes the first trick and leads the 2♦; seats 2 and 3 have no diamonds; seat 0 has the rest.
DIAMONDS = [
    "2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "AC 2D 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS",
    "4C 5C 6C 7C 8C 9C KS AS 2H 3H 4H 5H 6H",
    "3C TC JC QC KC 7H 8H 9H TH JH QH KH AH",
]


def test_a_claim_in_a_trick_it_cannot_win_is_refused_and_one_that_wins_it_and_the_rest_holds():
    r = position(DANSK, DIAMONDS, "2C AC 4C 3C 2D")
    assert claim(r.view(2)).verdict is Verdict.TRICK_LOST  # no diamond to win it with
    r.play(Card.parse("6H"))
    r.play(Card.parse("7H"))
    result = claim(r.view(0))
    assert result.verdict is Verdict.HOLDS and result.card == Card.parse("AD")


def test_a_claim_that_wins_the_trick_in_play_but_not_the_rest_names_the_suit_it_fails_in():
    """It named the suit led (spades here), which the claimant's A♠ K♠ Q♠ take: the diamonds fail."""
    hands = [
        "3C AS KS QS AH KH JH 2D 3D 4D 5D 6D 7D",
        "2C 4C 5C 6C 7C 8C 9C TC 2S 3S 8D 9D TD",
        "JC QC 4S 5S 6S QH TH 9H 8H 7H JD QD KD",
        "AC KC 7S 8S 9S TS JS 6H 5H 4H 3H 2H AD",
    ]
    r = position(DANSK, hands, "2C QC AC 3C 7S")
    assert r.turn == 0
    result = claim(r.view(0))
    assert result.verdict is Verdict.BEATEN and result.suit is Suit.DIAMONDS


@pytest.mark.parametrize(
    ("rules", "left"),
    [
        (preset("dansk"), 2),
        (preset("svensk"), 3),
        (preset("dansk", 3), 3),
        (preset("svensk", 3), 2),
        (preset("dansk", 5), 2),
        (preset("svensk", 6), 1),
    ],
    ids=lambda x: f"{x.name}-{x.players}" if hasattr(x, "players") else str(x),
)
def test_the_claim_agrees_with_a_search_over_every_distribution_the_view_allows(rules, left):
    outcomes = {True: 0, False: 0}
    for seed in range(12):
        view = late_position(rules, seed, left)
        if view is None:
            continue
        fast = claim(view).holds
        assert fast == claim_holds(view), (seed, view.hand, view.trick)
        outcomes[fast] += 1
    assert outcomes[True] and outcomes[False]


def late_position(rules, seed: int, left: int) -> PlayerView | None:
    """A position late in a round dealt from ``seed``: the claimant has played its lowest cards (keeping its
    high ones), the others at random, and holds ``left`` cards or fewer on its turn."""
    rng = random.Random(seed)
    r = Round.deal(rules, seed, rng.randint(1, 3))
    me = rng.randrange(rules.players)
    while r.phase is Phase.PASSING:
        seat = next(s for s, p in enumerate(r.passed) if p is None)
        hand = r.hand_cards(seat)
        r.pass_cards(seat, rng.sample(hand, rules.pass_count) if seat != me else hand[-rules.pass_count :])
    return play_late(r, rng, me, left)


def play_late(r: Round, rng: random.Random, me: int, left: int) -> PlayerView | None:
    """Play on (``me`` its lowest cards, the others at random) to ``me``'s turn with ``left`` cards or fewer."""
    stop = rng.randrange(r.rules.players)
    while not r.is_over:
        held = r.held(me).bit_count()
        if r.tricks and r.turn == me and held <= left and (len(r.trick) >= stop or held < left):
            return r.view(me)
        legal = r.legal_plays()
        r.push(legal[0] if r.turn == me else rng.choice(legal))
    return None


def kitty_of_the_two_of_clubs(seed: int) -> PlayerView | None:
    """Three players, the 2♣ in the kitty: the 3♣ opens, so no hand holds the 2♣."""
    rng = random.Random(seed)
    left = rng.choice([2, 3, 4])
    deck = list(range(1, 52))
    rng.shuffle(deck)
    r = Round(preset("dansk", 3), [mask_of(deck[i * 17 : (i + 1) * 17]) for i in range(3)], 3, 1)
    return play_late(r, rng, rng.randrange(3), left)


def a_hand_of_points(seed: int) -> PlayerView | None:
    """One seat dealt thirteen point cards: it discards one on the first trick, so it holds nothing else."""
    rng = random.Random(seed)
    left = rng.choice([2, 3])
    points = [c for c in range(52) if POINTS_MASK >> c & 1]
    rest = [c for c in range(52) if not POINTS_MASK >> c & 1]
    rng.shuffle(points)
    rng.shuffle(rest)
    others = points[13:] + rest
    rng.shuffle(others)
    hands = [others[0:13], others[13:26], others[26:39]]
    hands.insert(rng.randrange(4), points[:13])
    return play_late(Round(DANSK, [mask_of(h) for h in hands], 4), rng, rng.randrange(4), left)


@pytest.mark.parametrize(
    ("make", "seed"),
    [
        (lambda seed: late_position(preset("dansk", 3), seed, 3), 137),  # what the claimant passed
        (lambda seed: late_position(preset("dansk", 3), seed, 3), 278),
        (kitty_of_the_two_of_clubs, 527),  # the clubs below the opening card
        (kitty_of_the_two_of_clubs, 1358),
        (kitty_of_the_two_of_clubs, 2331),
        (a_hand_of_points, 1003),  # a point card on the first trick
    ],
)
def test_claims_that_hold_only_by_what_the_play_has_shown(make, seed):
    # Found by search: each holds, and would be refused if the engine overlooked the inference named.
    view = make(seed)
    assert view is not None and claim(view).holds and claim_holds(view)
