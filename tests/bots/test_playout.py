"""The modelled playouts' cheap view decides exactly as middel does on the full view."""

from __future__ import annotations

import functools
import operator
import random

import pytest

from hjerterfri.bots.middel import rule_play
from hjerterfri.bots.playout import TableView, choose, playout_modelled
from hjerterfri.cards import SUIT_MASKS
from hjerterfri.engine import Phase, Round
from hjerterfri.rules import PRESETS, preset
from hjerterfri.view import make_view, note_play, round_voids


@pytest.mark.parametrize(("name", "players"), [(n, p) for n in PRESETS for p in (3, 4, 5)])
def test_table_view_plays_as_the_full_view(name, players):
    """Rounds played mostly by middel with some random cards (so voids and odd positions turn up),
    at three and five players with the kitty (taken or not) and the double plays too."""
    rules = preset(name, players)
    rng = random.Random(3)
    decisions = 0
    for deal in range(1, 16):
        r = Round.deal(rules, 11, deal)
        if r.phase is Phase.PASSING:
            for seat in range(players):
                r.pass_cards(seat, rng.sample(r.hand_cards(seat), rules.pass_count))
        voids, broken = round_voids(r)
        while not r.is_over:
            seat = r.turn
            full = make_view(r, seat, (0,) * players)
            assert voids == list(full.void_masks)
            card = rule_play(full)
            held = functools.reduce(operator.or_, r.hands, 0)
            assert rule_play(TableView(r, seat, voids, r.legal_mask(), held)) == card
            decisions += 1
            if rng.random() < 0.3:
                card = rng.choice(r.legal_plays())
            broken = note_play(voids, broken, r.trick, seat, card)
            r.push(card)
    assert decisions == 15 * rules.deck_mask.bit_count() - 15 * rules.kitty_size


def test_modelled_playout_finishes_the_round_legally():
    rules = PRESETS["dansk"]
    r = Round.deal(rules, 2, 4)  # no passing in round 4
    for _ in range(9):
        r.play(r.legal_plays()[0])
    playout_modelled(r, root=0)
    assert r.is_over
    assert sum(r.taken) == 26


def test_a_shooter_leads_sure_winners_and_wins_cheaply():
    """In a moon playout the shooter leads a card nobody can beat when it has one, and last in a trick
    it wins with its lowest winning card; the others' cards are the sampled deal's."""
    rules = PRESETS["dansk"]
    leads = lasts = 0
    for deal in range(1, 41):
        r = Round.deal(rules, 5, 4 * deal)  # every fourth round: no passing
        shooter = deal % 4
        while not r.is_over:
            card = choose(r, shooter)
            if r.turn == shooter:
                legal = r.legal_mask()
                others = 0
                for seat, hand in enumerate(r.hands):
                    if seat != shooter:
                        others |= hand
                if not r.trick and legal & (legal - 1):
                    sure = [c for c in r.legal_plays() if not others & SUIT_MASKS[c // 13] & ~((2 << c) - 1)]
                    if sure:
                        assert card in sure
                        leads += 1
                elif len(r.trick) == len(r.trick_seats) - 1:
                    led = r.trick[0] // 13
                    winning = max(c for c in r.trick if c // 13 == led)
                    above = [c for c in r.legal_plays() if c // 13 == led and c > winning]
                    if above:
                        assert card == min(above)
                        lasts += 1
            r.push(card)
    assert leads > 40 and lasts > 20
