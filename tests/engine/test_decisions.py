"""The decisions docs/regler.md makes where the texts are silent ("Tilfælde, som reglerne ikke selv afgør")."""

import pytest

from hjerterfri.engine import Reason
from hjerterfri.rules import PRESETS, preset

from .helpers import BY_SUIT, HEARTS_ONLY, deal, legal, play, refused

ALL = pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))


def test_1_dansk_only_point_cards_on_the_first_trick_may_discard_any():
    r = deal(preset("dansk"), BY_SUIT)
    play(r, "2C 2D")
    assert r.legal_mask() == r.hands[2]


def test_2_the_queen_counts_as_a_point_card_on_the_first_trick():
    texts = [BY_SUIT[0], BY_SUIT[1], BY_SUIT[2].replace("AH", "QS"), BY_SUIT[3].replace("QS", "AH")]
    r = deal(preset("dansk"), texts)
    play(r, "2C 2D")
    assert "QS" in legal(r) and r.legal_mask() == r.hands[2]


@ALL
def test_3_a_heart_discarded_on_the_first_trick_breaks_hearts(rules):
    r = deal(rules, BY_SUIT)
    play(r, "2C 2D 5H")
    assert r.hearts_broken


@ALL
def test_4_hearts_and_the_queen_left_lead_the_queen(rules):
    texts = [HEARTS_ONLY[0].replace("QH", "QS"), HEARTS_ONLY[1], HEARTS_ONLY[2], HEARTS_ONLY[3].replace("QS", "QH")]
    r = deal(rules, texts)
    play(r, "2C KC JC 7C QC TC 6C AC")
    assert r.turn == 0 and not r.hearts_broken
    assert legal(r) == "QS"
    assert refused(r, "2H") is Reason.HEARTS_NOT_BROKEN
