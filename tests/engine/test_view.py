"""PlayerView: what a seat may know, and nothing more."""

import dataclasses
import random

from hjerterfri.cards import Suit
from hjerterfri.engine import Game, Phase, Round
from hjerterfri.rules import preset
from hjerterfri.view import PlayerView

from .helpers import PLAIN, deal, play

DANSK = preset("dansk")


def test_view_holds_only_plain_values_no_path_to_the_round():
    r = deal(DANSK, PLAIN)
    play(r, "2C 7C AC JD KC")
    v = r.view(0)
    for f in dataclasses.fields(PlayerView):
        value = getattr(v, f.name)
        assert not isinstance(value, Round)
        assert isinstance(value, int | bool | tuple | type(None)) or f.name in ("rules", "pass_direction", "phase")
    assert v.hand_mask == r.hands[0]
    assert "hands" not in {f.name for f in dataclasses.fields(PlayerView)}


def test_view_knows_own_hand_played_cards_trick_and_voids():
    r = deal(DANSK, PLAIN)
    play(r, "2C 7C AC JD KC")
    v = r.view(0)
    assert [str(c) for c in v.hand] == ["3C", "4C", "5C", "6C", "2D", "3D", "4D", "2H", "3H", "2S", "3S", "4S"]
    assert [(s, str(c)) for s, c in v.plays()] == [(0, "2C"), (1, "7C"), (2, "AC"), (3, "JD"), (2, "KC")]
    assert v.voids(3) == [Suit.CLUBS] and v.voids(1) == []
    assert v.turn == 3 and v.legal_mask == 0
    assert v.hand_sizes == (12, 12, 11, 12)
    assert r.view(3).legal_mask == r.legal_mask()


def test_view_of_passing_shows_own_pass_then_what_was_received():
    r = Round.deal(DANSK, 4, 1)
    mine = r.hand_cards(0)[:3]
    r.pass_cards(0, mine)
    assert r.view(0).passed == mine and r.view(0).received_mask is None
    assert r.view(1).passed_mask is None
    for s in (1, 2, 3):
        r.pass_cards(s, r.hand_cards(s)[:3])
    v = r.view(1)
    assert v.received == mine
    assert r.view(2).received_mask == r.passed[1]


def test_same_view_whatever_the_hidden_hands():
    """Two rounds that differ only in cards seat 0 cannot see give seat 0 the same view."""
    r = deal(DANSK, PLAIN)
    texts = list(PLAIN)
    texts[1] = texts[1].replace("4H", "TH")  # swap a hidden heart between seats 1 and 3
    texts[3] = texts[3].replace("TH", "4H")
    r2 = deal(DANSK, texts)
    assert r.view(0) == r2.view(0)


def test_from_view_rebuilds_the_position_with_other_hidden_hands():
    game = Game(DANSK, 12)
    r = game.round
    for s in range(4):
        r.pass_cards(s, r.hand_cards(s)[:3])
    rng = random.Random(1)
    for _ in range(22):
        r.play(rng.choice(r.legal_plays()))
    v = r.view(r.turn)
    copy = Round.from_view(v, r.hands)
    assert copy.legal_mask() == r.legal_mask()
    assert copy.view(v.seat) == dataclasses.replace(v, passed_mask=None, received_mask=None)
    while not copy.is_over:
        copy.push(copy.legal_plays()[0])
    assert sum(copy.taken) == 26
    assert r.phase is Phase.PLAYING and len(r.tricks) == 5
