"""Bots cannot reach the hidden hands: the view holds no path to the round, and the choice
stays the same when the hidden cards are dealt differently in a way the seat cannot tell apart."""

from __future__ import annotations

import dataclasses
import gc
import random

import pytest

from hjerterfri.bots import fit, make_bot, svaer
from hjerterfri.bots.knowledge import Knowledge, sample_hands
from hjerterfri.bots.svaer import SvaerBot
from hjerterfri.cards import Card
from hjerterfri.engine import Round
from hjerterfri.rules import preset
from hjerterfri.view import PlayerView

from .helpers import play_round


def reachable(root: object) -> list[object]:
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


def test_a_view_refers_to_no_round():
    r = play_round(preset("dansk"), 4, 1, [make_bot("middel")] * 4, upto=10)
    objs = reachable(r.view(r.turn))
    assert not any(isinstance(o, Round) for o in objs)
    others = [h for s, h in enumerate(r.hands) if s != r.turn]
    # No list or tuple in the view holds another seat's hand as it is now.
    assert not any(isinstance(o, (list, tuple)) and any(h in o for h in others if h) for o in objs if o is not r.hands)


@pytest.mark.parametrize(("seed", "upto"), [(21, 5), (22, 17), (23, 30)])
def test_svaer_chooses_the_same_with_the_hidden_hands_redealt(seed, upto):
    rules = preset("dansk")
    r = play_round(rules, seed, 1, [make_bot("middel")] * 4, upto=upto)
    seat = r.turn
    view = r.view(seat)
    first = SvaerBot(5, playouts=60, min_samples=4, max_samples=8, time_cap=60).choose_play(view)
    alt_view = _redealt(view, r.hands, seed)
    del r
    gc.collect()
    assert SvaerBot(5, playouts=60, min_samples=4, max_samples=8, time_cap=60).choose_play(alt_view) == first


def _redealt(view: PlayerView, hands: list[int], seed: int) -> PlayerView:
    """``view`` with the hidden cards (``hands`` as they are) dealt again as its seat cannot tell apart."""
    alt_hands = sample_hands(Knowledge.from_view(view), random.Random(seed))
    assert alt_hands != hands, "the test needs a different deal of the hidden cards"
    alt = Round.from_view(view, alt_hands)
    alt_view = dataclasses.replace(alt.view(view.seat), passed_mask=view.passed_mask, received_mask=view.received_mask)
    assert alt_view == view
    return alt_view


@pytest.mark.parametrize(("seed", "upto"), [(24, 14), (25, 22), (26, 27)])
def test_svaer_walking_to_deals_chooses_the_same_with_the_hidden_hands_redealt(seed, upto, monkeypatch):
    """The same where the deals drawn fall short and svær walks to more (``fit.walk``)."""
    walks = []
    monkeypatch.setattr(svaer, "walk", lambda *a: walks.append(1) or fit.walk(*a))
    rules = preset("dansk")
    r = play_round(rules, seed, 1, [make_bot("middel")] * 4, upto=upto)
    seat = r.turn
    view = r.view(seat)

    def choose(v: PlayerView) -> Card:
        return SvaerBot(5, playouts=400, min_samples=20, max_samples=40, exact_draws=0, time_cap=60).choose_play(v)

    first = choose(view)
    assert walks, "svær did not walk here: the test needs a position where it does"
    alt_view = _redealt(view, r.hands, seed)
    del r
    gc.collect()
    assert choose(alt_view) == first
