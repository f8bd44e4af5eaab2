"""middel's rules, where they count cards."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hjerterfri.bots.middel import takes_all_but_one
from hjerterfri.cards import SUIT_MASKS, cards_of

CARDS = st.sets(st.integers(0, 51), max_size=13).map(lambda cs: sum(1 << c for c in cs))


@given(CARDS, CARDS)
def test_a_hand_takes_all_but_one_when_at_most_one_card_is_beaten_by_an_unseen_card_of_its_suit(hand, unseen):
    unseen &= ~hand
    beaten = sum(1 for c in cards_of(hand) if any(u > c for u in cards_of(unseen & SUIT_MASKS[c // 13])))
    assert takes_all_but_one(hand, unseen) == (beaten <= 1)
