"""The worked examples of 001_43139c85abb41417.txt, played through the engine."""

import pytest

from hjerterfri.engine import Reason
from hjerterfri.rules import PRESETS

from .helpers import VOID, deal, legal, play, refused

ALL = pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))

# Seat 3 holds the ace of diamonds and the queen of spades when the seven of diamonds is led.
FOLLOW = ["2C 3C 4C 5C 6C 2D 3D 4D 2S 3S 2H 3H 4H",
          "7C 8C 9C TC 5D 6D 8D 9D 4S 5S 5H 6H 7H",
          "JC QC KC AC 7D TD JD QD KD 8H 9H TH 6S",
          "AD 7S 8S 9S TS JS QS KS AS JH QH KH AH"]  # fmt: skip


@ALL
def test_kulorpligt_kommer_forst_you_must_follow_with_the_diamond(rules):
    """ "Der spilles ruder 7 ud. Du har ruder es og spar dame. [...] skal du spille ruder." """
    r = deal(rules, FOLLOW)
    play(r, "2C 7C AC 7S")
    play(r, "7D")
    assert r.turn == 3
    assert refused(r, "QS") is Reason.MUST_FOLLOW_SUIT
    assert legal(r) == "AD"


@ALL
def test_kulorpligt_kommer_forst_void_you_may_discard_the_queen_and_it_does_not_win(rules):
    """ "Er du i stedet helt uden ruder, kan du normalt kassere damen, og den spiller, der vinder
    stikket, overtager dens point. Spar dame er ikke trumf og vinder ikke automatisk et ruder-stik." """
    r = deal(rules, VOID)
    play(r, "2C 7C AC 6S")
    play(r, "7D QS 2D 9D")
    assert r.tricks[-1].winner == 1
    assert r.taken == [0, 13, 0, 0]


# A real round: Anna (seat 0) takes the queen and twelve hearts; the last heart goes to Bo (seat 2).
ANNA_HANDS = ["3C 4C 7C 8C TC AC 4D 5D 6D JD TH 8S JS", "KC 3D 8D QD AD 5H 7H QH AH 3S 5S 6S QS",
              "QC 2D 7D 9D TD KD 2H 4H JH KH 9S TS KS", "2C 5C 6C 9C JC 3H 6H 8H 9H 2S 4S 7S AS"]  # fmt: skip
ANNA_PLAYS = (
    "2C AC KC QC 4C AD 2D 5C 6C TC QS 7D JS 3S 9S 2S 8S 5S TS 4S 9D 9C JD 3D 6D 8D TD 6H KD JC "
    "5D QD 2H 3H TH 5H 4D 7H 4H 8H 8C QH JH 9H 7C AH KH AS 3C 6S KS 7S"
)


@ALL
def test_naesten_manen_er_dyrt_25_and_1(rules):
    """ "Anna har taget spar dame og tolv hjerter [...] den sidste hjerter ligger hos Bo.
    Anna får 25 point og Bo 1." """
    r = deal(rules, ANNA_HANDS)
    play(r, ANNA_PLAYS)
    assert r.is_over
    assert r.moon_shooter() is None
    assert r.scores() == (25, 0, 1, 0)
