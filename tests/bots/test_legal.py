"""Every level plays legally over many rounds of every preset."""

from __future__ import annotations

import pytest

from hjerterfri.bots import make_bot
from hjerterfri.bots.svaer import SvaerBot, best_card
from hjerterfri.engine import Phase, Round
from hjerterfri.rules import PRESETS, OddCards, PassDirection, Rules, preset

from .helpers import play_round


@pytest.mark.parametrize("name", list(PRESETS))
def test_let_and_middel_play_legally(name):
    rules = PRESETS[name]
    bots = [make_bot(spec, i) for i, spec in enumerate(["let", "middel", "random", "middel"])]
    moons = 0
    for seed in range(40):
        r = play_round(rules, seed, seed % 4 + 1, bots[seed % 4 :] + bots[: seed % 4])
        assert r.is_over
        assert sum(r.taken) == 26
        moons += r.moon_shooter() is not None
    assert moons < 40


@pytest.mark.parametrize("name", list(PRESETS))
def test_svaer_plays_legally_on_a_small_budget(name):
    rules = PRESETS[name]
    bots = [
        SvaerBot(1, playouts=24, min_samples=2, max_samples=4),
        make_bot("middel"),
        make_bot("let"),
        make_bot("svaer"),
    ]
    for number in (1, 3):
        r = play_round(rules, 100 + number, number, bots)
        assert r.is_over


def test_hint_is_a_legal_card():
    r = play_round(PRESETS["dansk"], 5, 2, [make_bot("middel")] * 4, upto=9)
    view = r.view(r.turn)
    assert best_card(view) in view.legal_plays


@pytest.mark.parametrize(
    ("players", "odd"),
    [(3, odd) for odd in OddCards] + [(5, odd) for odd in OddCards if odd is not OddCards.REMOVE_TWO_OF_CLUBS],
)
def test_every_level_plays_legally_at_three_and_five(players, odd):
    """At these tables svær samples the kitty and the uneven hands too; every level must play legally."""
    rules = Rules(name="x", players=players, pass_cycle=(PassDirection.LEFT, PassDirection.NONE), odd_cards=odd)
    for seed in range(2):
        bots = [make_bot(["let", "middel", "svær"][(s + seed) % 3], s) for s in range(players)]
        assert play_round(rules, seed, seed + 1, bots).is_over


@pytest.mark.parametrize("players", [6, 7, 8])
def test_every_level_plays_legally_with_two_decks(players):
    """Issue 17: let, middel and svær (which plays as middel there) at 6 to 8 players; a pass may name a card
    held twice twice, and every card goes through the engine's checks."""
    rules = preset("svensk", players)
    for seed in range(3):
        bots = [make_bot(["let", "middel", "svær"][(s + seed) % 3], s) for s in range(players)]
        r = Round.deal(rules, seed, seed + 1)
        if r.phase is Phase.PASSING:
            for s in range(players):
                view = r.view(s)
                cards = bots[s].choose_pass(view)
                assert len(cards) == rules.pass_count
                assert all(cards.count(c) <= view.hand.count(c) for c in cards)
                r.pass_cards(s, cards)
        while not r.is_over:
            view = r.view(r.turn)
            card = bots[r.turn].choose_play(view)
            assert card in view.legal_plays
            r.play(card)
        assert sum(r.taken) == 52


def test_svaer_plays_as_middel_with_two_decks():
    rules = preset("svensk", 8)
    r = Round.deal(rules, 4, 3)
    svaer, middel = make_bot("svær", 1), make_bot("middel", 1)
    for _ in range(40):
        view = r.view(r.turn)
        assert svaer.choose_play(view) == middel.choose_play(view) == best_card(view)
        r.play(middel.choose_play(view))
    r = Round.deal(rules, 4, 1)
    assert svaer.choose_pass(r.view(0)) == middel.choose_pass(r.view(0))
