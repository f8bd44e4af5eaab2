"""Counting a sampled deal's surprises: each play checked on its own position gives the count of replaying
the round on that deal and asking ``middel`` at every card from the seat's full view."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from hjerterfri.bots import make_bot
from hjerterfri.bots.fit import surprise_counter, walk
from hjerterfri.bots.knowledge import Knowledge, RuleView, sample_hands, split_kitty
from hjerterfri.bots.middel import rule_play
from hjerterfri.cards import low_card
from hjerterfri.engine import Phase, Round
from hjerterfri.rules import preset
from hjerterfri.view import PlayerView

from .helpers import play_round


def _replayed(view: PlayerView, number: int, sample: list[int], model: Callable[[PlayerView], int] = rule_play) -> int:
    """The other seats' plays ``model`` (``middel``) would not have made had ``sample`` been the deal: the
    round dealt again with the cards played put back, and every play asked of it from the seat's own view."""
    hands, kitty = split_kitty(sample, view.players)
    played = [0] * view.players
    for seat, card in view.plays():
        played[seat] |= 1 << card
    r = Round(view.rules, [h | p for h, p in zip(hands, played, strict=True)], number, kitty or view.kitty_mask or 0)
    assert r.phase is Phase.PLAYING
    n = 0
    for seat, card in view.plays():
        if seat != view.seat and len(r.legal_plays()) > 1 and model(r.view(seat)) != card:
            n += 1
        r.play(card)
    return n


@pytest.mark.parametrize(
    ("players", "name", "number"), [(3, "dansk", 3), (4, "dansk", 4), (4, "svensk", 4), (5, "dansk", 3)]
)
def test_the_count_is_that_of_replaying_the_round_on_the_deal(players, name, number):
    rules = preset(name, players)
    rng = random.Random(players)
    counted = set()
    for seed in range(8):
        bots = [make_bot("let" if s == seed % players else "middel", seed) for s in range(players)]
        r = play_round(rules, seed, number, bots, upto=rng.randrange(1, 40))
        if r.is_over:
            continue
        view = r.view(r.turn)
        know = Knowledge.from_view(view)
        count = surprise_counter(view)
        for _ in range(40):
            sample = sample_hands(know, rng)
            want = _replayed(view, number, sample)
            limit = rng.choice([0, 1, 3, 99])
            assert count(sample, limit) == min(want, limit + 1)
            counted.add(want)
    assert len(counted) >= 3, "the deals hardly differed in how well they explain the play: the test saw little"


def _lowest(view: RuleView) -> int:
    return low_card(view.legal_mask)


@pytest.mark.parametrize(("players", "number"), [(3, 3), (4, 4)])
def test_the_count_follows_the_model_it_is_given(players, number):
    """Given another model of the others' play (here the lowest legal card), the count is that of replaying
    the round on the deal and asking that model (``SvaerBot(fit_model=...)``)."""
    rules = preset("dansk", players)
    rng = random.Random(7)
    counted = set()
    for seed in range(6):
        r = play_round(rules, seed, number, [make_bot("middel", seed)] * players, upto=rng.randrange(8, 30))
        view = r.view(r.turn)
        know = Knowledge.from_view(view)
        count = surprise_counter(view, _lowest)
        for _ in range(20):
            sample = sample_hands(know, rng)
            want = _replayed(view, number, sample, _lowest)
            assert count(sample) == want
            counted.add(want)
    assert len(counted) >= 3, "the deals hardly differed under the model: the test saw little"


@pytest.mark.parametrize(("players", "name"), [(3, "dansk"), (4, "dansk"), (5, "dansk"), (5, "svensk")])
def test_a_walk_keeps_to_deals_that_explain_every_play_and_fit_the_view(players, name):
    """Walking from the true deal of a round middel played: each deal it reaches explains every play,
    deals the unseen cards as the view allows (sizes, voids, known cards, the kitty) and it moves."""
    rules = preset(name, players)
    rng = random.Random(players)
    moved = 0
    for seed in range(6):
        r = play_round(rules, seed, 1, [make_bot("middel")] * players, upto=rng.randrange(players, 36))
        if r.is_over:
            continue
        view = r.view(r.turn)
        know = Knowledge.from_view(view)
        count = surprise_counter(view)
        deal = list(r.hands) + ([r.kitty] if know.kitty else [])
        assert count(deal) == 0
        for _ in range(4):
            new, surprises = walk(deal, know, count, rng, 30)
            assert count(new) == surprises == 0, "the walk reached a deal that middel's play rules out"
            assert [h.bit_count() for h in new] == [h.bit_count() for h in deal]
            assert all(h & k == k and not h & ~a for h, k, a in zip(new, know.known, know.allowed, strict=True))
            moved += new != deal
            deal = new
    assert moved >= 8, "the walk hardly moved: the test saw little"


def test_a_walk_from_a_deal_with_a_surprise_never_adds_one_and_mostly_finds_none():
    """From a sampled deal with one surprise, the walk never reaches a deal with more, says how many its
    deal has, and within 300 steps mostly reaches a deal that explains every play."""
    rules = preset("dansk", 5)
    rng = random.Random(5)
    settled = tried = 0
    for seed in range(12):
        r = play_round(rules, seed, 1, [make_bot("middel")] * 5, upto=15 + seed)
        view = r.view(r.turn)
        know = Knowledge.from_view(view)
        count = surprise_counter(view)
        ones = [d for d in (sample_hands(know, rng) for _ in range(300)) if count(d) == 1][:2]
        for deal in ones:
            new, surprises = walk(deal, know, count, rng, 300, 1)
            assert count(new) == surprises <= 1
            tried += 1
            settled += surprises == 0
    assert tried >= 8, "too few deals with one surprise: the test saw little"
    assert settled >= tried // 2
