"""Round.pop: every pass and play taken back restores the position exactly (python-chess's push/pop)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hjerterfri.engine import Phase, Round, UndoError
from hjerterfri.rules import PRESETS, preset

TABLES = [
    *PRESETS.values(),
    *(preset(name, n) for name in PRESETS for n in (3, 5)),
    *(preset("svensk", n) for n in (6, 7, 8)),
]


@settings(max_examples=200, deadline=None)
@given(rules=st.sampled_from(TABLES), seed=st.integers(0, 2**32), number=st.integers(1, 4))
def test_each_pass_and_play_then_pop_gives_back_an_equal_position(rules, seed, number):
    rng = random.Random(seed)
    r = Round.deal(rules, seed, number)
    fresh = r.copy()
    steps = 0
    while not r.is_over:
        before = r.copy()
        if r.phase is Phase.PASSING:
            seat = rng.choice([s for s, p in enumerate(r.passed) if p is None])
            r.pass_cards(seat, rng.sample(r.hand_cards(seat), rules.pass_count))
        elif rng.random() < 0.5:
            r.push(rng.choice(r.legal_plays()))  # the unchecked path
        else:
            r.play(rng.choice(r.legal_plays()))
        after = r.copy()
        r.pop()
        assert r == before
        r = after
        steps += 1
    for _ in range(steps):  # and all the way back to the deal
        r.pop()
    assert r == fresh
    with pytest.raises(UndoError):
        r.pop()


def test_pop_takes_back_the_exchange_with_the_last_pass():
    r = Round.deal(preset("dansk"), seed=4, number=1)
    dealt = [h for h in r.hands]
    for seat in range(4):
        r.pass_cards(seat, r.hand_cards(seat)[-3:])
    assert r.phase is Phase.PLAYING and r.hands != dealt
    r.pop()
    assert r.phase is Phase.PASSING
    assert r.hands == dealt
    assert r.passed[3] is None and all(p is not None for p in r.passed[:3])


def test_pop_on_a_fresh_round_raises_a_clear_error():
    r = Round.deal(preset("dansk"), seed=1, number=4)  # round 4: no passing, play starts at once
    with pytest.raises(UndoError, match="nothing to take back"):
        r.pop()


def test_pop_on_a_round_rebuilt_from_a_view_raises():
    r = Round.deal(preset("dansk"), seed=1, number=4)
    r.play(r.legal_plays()[0])
    view = r.view(r.turn)
    rebuilt = Round.from_view(view, r.hands)
    rebuilt.push(rebuilt.legal_plays()[0])
    with pytest.raises(UndoError, match="no deal"):
        rebuilt.pop()
