"""Sampled deals agree with everything the seat knows."""

from __future__ import annotations

import math
import random

import pytest

from hjerterfri.bots import make_bot
from hjerterfri.bots.fit import surprise_counter
from hjerterfri.bots.knowledge import Knowledge, sample_hands, split_kitty
from hjerterfri.bots.svaer import SvaerBot
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
        assert surprise_counter(view)(r.hands) == 0
        know = Knowledge.from_view(view)
        worse += sum(surprise_counter(view)(sample_hands(know, rng)) > 0 for _ in range(10))
    assert worse > 10


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


def _fit_case(seed: int, players: list[str]):
    """A view mid-round, what its deals are drawn from, its surprise counter and 60 deals drawn first."""
    r = play_round(PRESETS["dansk"], seed, 4, [make_bot(p) for p in players], upto=16 + 2 * seed)
    view = r.view(r.turn)
    know = Knowledge.from_view(view)
    rng = random.Random(seed)
    return view, know, rng, surprise_counter(view), [sample_hands(know, rng) for _ in range(60)]


def test_svaer_draws_more_deals_until_they_explain_every_play_of_rule_players():
    """Against middel: when some of the first deals explain every play but too few, svær draws more
    (up to ``exact_draws``) and keeps only deals that explain every play; without them it keeps worse."""
    bot = SvaerBot(0, time_cap=60, exact_draws=3000, walk=0)
    drew_more = 0
    for seed in range(6):
        view, know, rng, count, first = _fit_case(seed, ["middel"] * 4)
        zeros = sum(count(h) == 0 for h in first)
        deals = first[:]
        kept, weights = bot._fitted(view, deals, 20, know, rng)
        if 0 < zeros < 20:
            drew_more += 1
            assert len(deals) > 60
            assert [count(h) for h in kept] == [0] * 20, "a kept deal that middel's play rules out"
            assert weights == [1.0] * 20
            plain, _ = bot._fitted(view, first[:], 20)
            assert any(count(h) for h in plain), "the first deals alone would have kept worse ones"
        elif zeros == 0:
            assert len(deals) == 60
    assert drew_more >= 3, "too few positions where the first deals fell short: the test saw little"


def test_svaer_walks_to_more_deals_that_explain_every_play_when_draws_fall_short():
    """With ``walk`` and no more draws, the deals missing are walked to from those found: every kept deal
    explains every play, and there are as many as asked for."""
    bot = SvaerBot(0, time_cap=60, exact_draws=0, walk=20)
    walked = 0
    for seed in range(6):
        view, know, rng, count, first = _fit_case(seed, ["middel"] * 4)
        zeros = sum(count(h) == 0 for h in first)
        kept, weights = bot._fitted(view, first[:], 20, know, rng)
        if 0 < zeros < 20:
            walked += 1
            assert [count(h) for h in kept] == [0] * 20, "a kept deal that middel's play rules out"
            assert weights == [1.0] * 20
            assert sum(h not in first for h in kept) >= (20 - zeros) // 2, "the walk hardly moved"
    assert walked >= 3, "too few positions where the first deals fell short: the test saw little"


def test_svaer_draws_no_more_deals_when_none_explains_the_play():
    """Against players who are not middel no deal may explain every play: then no more are drawn or
    walked to."""
    bot = SvaerBot(0, time_cap=60, exact_draws=3000, walk=20)
    checked = 0
    for seed in range(6):
        view, know, rng, count, first = _fit_case(seed, ["let"] * 4)
        if any(count(h) == 0 for h in first):
            continue
        deals = first[:]
        kept, _ = bot._fitted(view, deals, 20, know, rng)
        assert len(deals) == 60
        assert all(h in first for h in kept)
        checked += 1
    assert checked >= 3


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
