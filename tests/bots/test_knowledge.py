"""Sampled deals agree with everything the seat knows."""

from __future__ import annotations

import math
import random

import pytest

from hjerterfri.bots import make_bot
from hjerterfri.bots.knowledge import Knowledge, low_card, pass_surprises, sample_hands, split_kitty, surprise_counter
from hjerterfri.bots.svaer import SvaerBot
from hjerterfri.cards import QUEEN_OF_SPADES, SUIT_MASKS
from hjerterfri.rules import PRESETS, OddCards, preset

from .helpers import play_round


@pytest.mark.parametrize("name", list(PRESETS))
def test_samples_fit_the_view(name):
    rules = PRESETS[name]
    rng = random.Random(1)
    checked_passes = 0
    for seed in range(30):
        upto = rng.randrange(0, 52)
        r = play_round(rules, seed, seed % 4 + 1, [make_bot("let", s) for s in range(4)], upto=upto)
        if r.is_over:
            continue
        seat = rng.randrange(4)
        view = r.view(seat)
        know = Knowledge.from_view(view)
        for _ in range(5):
            hands = sample_hands(know, rng)
            assert hands[seat] == view.hand_mask
            assert [h.bit_count() for h in hands] == list(view.hand_sizes)
            union = 0
            for s, h in enumerate(hands):
                assert not union & h
                union |= h
                if s != seat:
                    assert not h & view.void_masks[s], "a card in a suit the seat has shown void in"
            assert union == view.unseen_mask() | view.hand_mask
            if view.passed_mask and view.phase.value == "playing":
                target = view.pass_direction.target(seat, 4)
                still = view.passed_mask & ~view.played_mask
                assert hands[target] & still == still
                checked_passes += 1
    assert checked_passes > 0


def test_the_true_deal_explains_middel_play_and_most_samples_do_not():
    """Fitting samples to the play: the real deal of a round middel played has no surprises."""
    rules = PRESETS["dansk"]
    rng = random.Random(4)
    worse = 0
    for seed in range(6):
        r = play_round(rules, seed, 2, [make_bot("middel")] * 4, upto=12 + 4 * seed)
        view = r.view(r.turn)
        assert surprise_counter(view, passes=False)(r.hands) == 0
        know = Knowledge.from_view(view)
        worse += sum(surprise_counter(view, passes=False)(sample_hands(know, rng)) > 0 for _ in range(10))
    assert worse > 10


def _played(view):
    played = [0] * view.players
    for seat, card in view.plays():
        played[seat] |= 1 << card
    return played


def test_across_the_true_deal_explains_what_middel_passed_and_most_samples_do_not():
    """Across, the passer's hand before the exchange is known in a sample: the real one has no surprise."""
    rules = PRESETS["dansk"]
    rng = random.Random(5)
    worse = 0
    for seed in range(20):
        r = play_round(rules, seed, 3, [make_bot("middel")] * 4, upto=seed)
        view = r.view(r.turn)
        assert view.pass_direction.value == "across"
        count = pass_surprises(view, _played(view))
        assert count(r.hands) == 0
        know = Knowledge.from_view(view)
        worse += sum(count(sample_hands(know, rng)) > 0 for _ in range(10))
    assert worse > 100


@pytest.mark.parametrize("number", [1, 2])
def test_left_and_right_the_true_deal_mostly_explains_the_pass_better_than_samples(number):
    """Left and right, the passer's own receipt is unseen and stood in for, so the real deal is only
    usually unsurprising; still, samples are surprising far more often."""
    rules = PRESETS["dansk"]
    rng = random.Random(6)
    true_zero = sample_zero = 0
    rounds = 40
    for seed in range(rounds):
        r = play_round(rules, seed, number, [make_bot("middel")] * 4, upto=0)
        view = r.view(r.turn)
        count = pass_surprises(view, _played(view))
        true_zero += count(r.hands) == 0
        know = Knowledge.from_view(view)
        sample_zero += sum(count(sample_hands(know, rng)) == 0 for _ in range(10))
    assert true_zero >= 0.8 * rounds
    assert sample_zero <= 0.7 * 10 * rounds


def test_the_fit_counts_pass_and_play_surprises_together_and_stops_past_its_limit():
    rules = PRESETS["dansk"]
    rng = random.Random(8)
    for seed in range(6):
        r = play_round(rules, seed, 3, [make_bot("middel")] * 4, upto=8 + seed)
        view = r.view(r.turn)
        know = Knowledge.from_view(view)
        both, plays = surprise_counter(view), surprise_counter(view, passes=False)
        passes = pass_surprises(view, _played(view))
        for _ in range(10):
            hands = sample_hands(know, rng)
            total = plays(hands) + passes(hands)
            assert both(hands) == total
            cut = both(hands, 0)  # past the limit the count may stop short of the whole
            assert (cut > 0) == (total > 0) and cut <= total


@pytest.mark.parametrize(("name", "players"), [("dansk", 3), ("dansk", 5), ("svensk", 3), ("svensk", 5)])
def test_pass_surprises_read_the_hands_of_a_sample_with_a_kitty(name, players):
    """Samples at three and five players may carry the unseen kitty as one entry more; the passer is a
    seat, and the real deal mostly explains what it passed."""
    rules = preset(name, players)
    true_zero = rounds = 0
    for seed in range(20):
        r = play_round(rules, seed, seed % 2 + 1, [make_bot("middel")] * players, upto=players + seed % 5)
        view = r.view(r.turn)
        if not view.received_mask:
            continue
        count = pass_surprises(view, _played(view))
        know = Knowledge.from_view(view)
        assert count(sample_hands(know, random.Random(seed))) >= 0
        kitty = [r.kitty] if know.kitty else []
        true_zero += count(list(r.hands) + kitty) == 0
        rounds += 1
    assert rounds >= 10 and true_zero >= 0.7 * rounds


def test_a_passer_that_kept_a_short_queen_of_spades_is_surprising():
    """middel passes the queen of spades first when it has five spades or fewer: a sample that gives
    her to the passer across, who passed other cards, explains the pass badly."""
    rules = PRESETS["dansk"]
    for seed in range(100):
        r = play_round(rules, seed, 3, [make_bot("middel")] * 4, upto=0)
        view = r.view(0)
        hands = list(r.hands)
        holder = next(s for s in range(4) if hands[s] >> QUEEN_OF_SPADES & 1)
        passer = 2
        before = (hands[passer] & ~view.passed_mask) | view.received_mask
        if holder in (0, passer) or (before & SUIT_MASKS[3]).bit_count() >= 5:
            continue
        swap = low_card(hands[passer] & ~view.passed_mask & ~SUIT_MASKS[3])
        hands[passer] ^= (1 << swap) | (1 << QUEEN_OF_SPADES)
        hands[holder] ^= (1 << swap) | (1 << QUEEN_OF_SPADES)
        count = pass_surprises(view, [0] * 4)
        assert count(r.hands) == 0
        assert count(hands) > 0
        return
    pytest.fail("no deal with the queen of spades away from both seats")


def test_a_seat_that_ducked_probably_lacks_the_cards_in_between():
    rules = PRESETS["dansk"]
    r = play_round(rules, 8, 4, [make_bot("middel")] * 4, upto=8)
    view = r.view(r.turn)
    know = Knowledge.from_view(view)
    for s in range(4):
        assert know.likely[s] & ~know.allowed[s] == 0
    assert any(know.likely[s] != know.allowed[s] for s in range(4) if s != view.seat)


def test_svaer_keeps_the_best_fitting_deals_though_it_stops_counting_early():
    """``_fitted`` cuts a deal's count once it cannot be kept; the kept deals and weights must be those
    a full count would keep."""
    rules = PRESETS["dansk"]
    rng = random.Random(9)
    bot = SvaerBot(0, time_cap=60)
    cut = 0
    for seed in range(4):
        r = play_round(rules, seed, 4, [make_bot("middel")] * 4, upto=20 + 6 * seed)
        view = r.view(r.turn)
        know = Knowledge.from_view(view)
        deals = [sample_hands(know, rng) for _ in range(60)]
        count = surprise_counter(view)
        full = [count(h, 12) for h in deals]
        order = sorted(range(60), key=lambda i: (full[i], i))[:10]
        kept, weights = bot._fitted(view, deals, 10)
        assert kept == [deals[i] for i in order]
        least = full[order[0]]
        assert weights == [math.exp(-bot.soft * (full[i] - least)) for i in order]
        cut += len({full[i] for i in range(60)}) > 1
    assert cut, "every deal fitted equally well: the test saw no cut"


@pytest.mark.parametrize(("name", "players"), [("dansk", 3), ("dansk", 5), ("svensk", 3), ("svensk", 5)])
def test_samples_fit_the_view_at_three_and_five_with_the_kitty_or_uneven_hands(name, players):
    """An unseen kitty is sampled as one mask more: the clubs below the opening card lie in it, and
    once it is taken the taker's view has it known, so only the others sample it."""
    rules = preset(name, players)
    rng = random.Random(2)
    kitty_views = 0
    for seed in range(24):
        upto = rng.randrange(0, 40)
        r = play_round(rules, seed, seed % 3 + 1, [make_bot("let", s) for s in range(players)], upto=upto)
        if r.is_over:
            continue
        seat = rng.randrange(players)
        view = r.view(seat)
        know = Knowledge.from_view(view)
        for _ in range(4):
            hands, kitty = split_kitty(sample_hands(know, rng), players)
            assert hands[seat] == view.hand_mask
            assert [h.bit_count() for h in hands] == list(view.hand_sizes)
            union = kitty
            for s, h in enumerate(hands):
                assert not union & h
                union |= h
                if s != seat:
                    assert not h & view.void_masks[s]
            assert union == view.unseen_mask() | view.hand_mask
            hidden = rules.odd_cards is OddCards.KITTY and view.kitty_mask is None
            assert kitty.bit_count() == (rules.kitty_size if hidden else 0)
            if hidden:
                kitty_views += 1
                assert kitty & r.kitty & ((1 << view.opening_card) - 1) == r.kitty & ((1 << view.opening_card) - 1)
    assert kitty_views > 0 or rules.odd_cards is not OddCards.KITTY
