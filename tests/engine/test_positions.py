"""Positions from the rule texts' corners, each an exact deal played to the end (issue 17)."""

import pytest

from hjerterfri.cards import Card
from hjerterfri.engine import DealError, Phase, deal_cards
from hjerterfri.rules import preset

from .helpers import deal, deal_round, finish, legal, play

NO_PASS_AT_3_AND_5 = 3
"""At 3 and 5 players the cycle is left, right, none: round 3 passes nothing."""

# Dansk at three: seat 0 holds the top club, the top spades with the queen, the ace of diamonds and every
# heart but the two, which lies in the kitty. Seat 1 holds the two of clubs and leads.
KITTY_MOON = ["3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS KS AS AD AC",
              "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 2S 3S 4S 5S 6S",
              "9C TC JC QC KC 7D 8D 9D TD JD QD KD 7S 8S 9S TS JS"]  # fmt: skip
KITTY = "2H"


@pytest.mark.parametrize("name", ["dansk", "dansk-hus"])
def test_the_kittys_heart_completes_a_moon(name):
    """001's kitty goes with the first trick: seat 0 wins it with the ace of clubs, then takes the other 25
    points itself, so with the kitty's heart it has all 26 and shoots the moon."""
    r = deal_round(preset(name, 3), KITTY_MOON, NO_PASS_AT_3_AND_5, KITTY)
    play(r, "2C 9C AC")
    assert r.tricks[0].winner == 0 and r.taken == [1, 0, 0], "the kitty's heart, laid to the won trick"
    finish(r, high=(0,))
    assert r.taken == [26, 0, 0]
    assert r.moon_shooter() == 0
    assert r.scores() == (0, 26, 26)


@pytest.mark.parametrize("name", ["dansk", "dansk-hus"])
def test_one_card_swapped_the_kitty_goes_to_another_seat_and_there_is_no_moon(name):
    """The same deal with seat 0's ace of clubs swapped for seat 2's king: seat 2 wins the first trick and
    takes the kitty's heart; seat 0 takes the other 25 points, which is no moon."""
    hands = [KITTY_MOON[0].replace("AC", "KC"), KITTY_MOON[1], KITTY_MOON[2].replace("KC", "AC")]
    r = deal_round(preset(name, 3), hands, NO_PASS_AT_3_AND_5, KITTY)
    play(r, "2C AC KC")
    assert r.tricks[0].winner == 2 and r.taken == [0, 0, 1]
    play(r, "7S AS 2S")  # seat 2 leads a spade; seat 0 takes the lead back
    finish(r, high=(0,))
    assert r.taken == [25, 0, 1]
    assert r.moon_shooter() is None
    assert r.scores() == (25, 0, 1)


# Dansk at five: the two and three of clubs lie in the kitty; seat 2 holds ten hearts and nothing else.
KITTY_CLUBS = ["4C 5C 2D 3D 4D 5D 6D 2S 3S 4S",
               "6C 7C 7D 8D 9D TD 5S 6S 7S 8S",
               "2H 3H 4H 5H 6H 7H 8H 9H TH JH",
               "8C 9C TC JD QD KD 9S TS JS QS",
               "JC QC KC AC AD QH KH AH KS AS"]  # fmt: skip


@pytest.mark.parametrize("name", ["dansk", "dansk-hus"])
def test_two_and_three_of_clubs_in_the_kitty_the_four_leads_and_a_hand_of_hearts_discards_any(name):
    """001: "Ligger klør 2 i kittyen, spiller laveste klør i spil ud": with the three there too, the four.
    A seat holding only hearts cannot keep points off the first trick, so it may discard any of them
    (decision 1), and that discard breaks hearts (decision 3)."""
    r = deal_round(preset(name, 5), KITTY_CLUBS, NO_PASS_AT_3_AND_5, "2C 3C")
    assert r.opening_card == Card.parse("4C") and r.turn == 0
    assert legal(r) == "4C"
    play(r, "4C 6C")
    assert r.legal_mask() == r.hands[2], "nothing but hearts: any of them"
    assert not r.hearts_broken
    play(r, "JH")
    assert r.hearts_broken
    play(r, "8C AC")
    assert r.tricks[0].winner == 4 and r.taken[4] == 1, "the jack of hearts; the kitty's clubs give nothing"
    finish(r)
    assert sum(r.taken) == 26


# Svensk at three, round 3: the dealer is seat 2, so seat 0 has the 18th card and plays two in the first
# trick. It holds no club.
PLAY_TWICE = ["QS AS 2S 3S 2H 3H 4H 5H 6H 7H 2D 3D 4D 5D 6D 7D 8D 9D",
              "2C 4C 6C 8C TC QC AC 8H 9H TH JH TD JD 4S 5S 6S 7S",
              "3C 5C 7C 9C JC KC QH KH AH QD KD AD 8S 9S TS JS KS"]  # fmt: skip


def test_svensk_three_players_a_seat_void_in_clubs_plays_the_queen_then_a_heart_in_the_first_trick():
    """004: the seat with one card more plays two cards in the first trick, one right after the other, both
    under the normal rules; Svensk lets points fall there. The queen of spades does not break hearts, the
    heart after it does, and the highest club takes both."""
    r = deal_round(preset("svensk", 3), PLAY_TWICE, NO_PASS_AT_3_AND_5)
    assert [len(h) for h in map(r.hand_cards, range(3))] == [18, 17, 17]
    assert r.trick_seats == (1, 2, 0, 0)
    play(r, "2C KC QS")
    assert r.turn == 0 and not r.hearts_broken, "the queen alone breaks nothing"
    play(r, "7H")
    assert r.hearts_broken
    assert r.tricks[0].winner == 2 and r.taken == [0, 0, 14]
    finish(r)
    assert sum(r.taken) == 26 and len(r.tricks) == 17


# Svensk at three, dealt for round 1: the dealer is seat 0, so seat 1 has the 18th card.
ROUND_ONE = ["2C 4C 6C 8C TC QC AC 8H 9H TH JH TD JD 4S 5S 6S 7S",
             "QS AS 2S 3S 2H 3H 4H 5H 6H 7H 2D 3D 4D 5D 6D 7D 8D 9D",
             "3C 5C 7C 9C JC KC QH KH AH QD KD AD 8S 9S TS JS KS"]  # fmt: skip


def test_8_a_swedish_deal_fits_its_own_round_only_the_extra_card_moves_with_the_dealer():
    """Decision 8: the dealer of round n is seat n - 1, and the seats after the dealer get the extra cards.
    A deal of round 1 (seat 1 has 18) is refused in rounds 2 and 3, which give the 18th card elsewhere."""
    rules = preset("svensk", 3)
    r = deal_round(rules, ROUND_ONE, 1)
    assert r.phase is Phase.PASSING
    for seat in range(3):
        r.pass_cards(seat, r.hand_cards(seat)[:3])
    finish(r)
    assert sum(r.taken) == 26 and len(r.tricks[0].cards) == 4
    with pytest.raises(DealError, match="seat 1 was dealt 18 cards, not 17"):
        deal_round(rules, ROUND_ONE, 2)
    with pytest.raises(DealError, match="seat 0 was dealt 17 cards, not 18"):
        deal_round(rules, ROUND_ONE, 3)
    hands, _ = deal_cards(rules, 11, 2)
    assert [h.bit_count() for h in hands] == [17, 17, 18], "the seeded deal of round 2: seat 2 has one more"


# Dansk husregel, round 4 (no passing): seat 0 leads the two of clubs, seat 2 is void in clubs.
QUEEN_AND_TWELVE_HEARTS = ["2C 3C 4C 5C 6C 2D 3D 4D 5D 2S 3S 4S AH",
                           "7C 8C 9C TC 6D 7D 8D 9D 5S 6S 7S 8S 9S",
                           "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                           "JC QC KC AC TD JD QD KD AD TS JS KS AS"]  # fmt: skip
QUEEN_ACE_AND_ELEVEN_HEARTS = ["2C 3C 4C 5C 6C 2D 3D 4D 5D 2S 3S 4S KH",
                               "7C 8C 9C TC 6D 7D 8D 9D 5S 6S 7S 8S 9S",
                               "QS AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
                               "JC QC KC AC TD JD QD KD AD TS JS KS AH"]  # fmt: skip
ELEVEN_HEARTS_QUEEN_AND_A_DIAMOND = ["2C 3C 4C 5C 6C 3D 4D 5D 6D 2S 3S 4S KH",
                                     "7C 8C 9C TC 7D 8D 9D TD 5S 6S 7S 8S 9S",
                                     "QS 2D 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
                                     "JC QC KC AC JD QD KD AD TS JS KS AS AH"]  # fmt: skip


@pytest.mark.parametrize(
    ("hands", "allowed"),
    [
        (QUEEN_AND_TWELVE_HEARTS, "any"),
        (QUEEN_ACE_AND_ELEVEN_HEARTS, "AS"),
        (ELEVEN_HEARTS_QUEEN_AND_A_DIAMOND, "2D"),
    ],
    ids=["queen-and-twelve-hearts", "queen-ace-and-eleven-hearts", "eleven-hearts-queen-and-a-diamond"],
)
def test_dansk_husregel_point_cards_on_the_first_trick_unless_the_hand_has_nothing_else(hands, allowed):
    """001: "første stik [må] ikke få hjerter eller spar dame, medmindre hånden kun har pointkort": the queen
    counts as a point card (decision 2), so the queen and twelve hearts may discard any; with the ace of
    spades or a diamond beside them, that card and only that."""
    r = deal(preset("dansk-hus"), hands)
    play(r, "2C 7C")
    assert r.turn == 2
    if allowed == "any":
        assert r.legal_mask() == r.hands[2]
    else:
        assert legal(r) == allowed
    play(r, "QS JC" if allowed == "any" else f"{allowed} JC")
    assert r.tricks[0].winner == 3 and r.taken[3] == (13 if allowed == "any" else 0)
    finish(r)
    assert sum(r.taken) == 26


# Dansk at three: seat 0 wins the first five tricks with its top clubs and is left with nothing but hearts
# before hearts are broken; seats 1 and 2 hold no heart (the last one is in the kitty).
HEART_LEAD = ["TC JC QC KC AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
              "2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 2S 3S 4S 5S 6S 7S",
              "6C 7C 8C 9C 9D TD JD QD KD AD 8S 9S TS JS QS KS AS"]  # fmt: skip


@pytest.mark.parametrize("name", ["dansk", "dansk-hus"])
def test_a_heart_led_from_a_hand_of_hearts_while_the_others_discard_other_suits_leaves_hearts_unbroken(name):
    """Hearts are broken by a heart discarded, not by a heart led (000: "som afkast"); the others, void in
    hearts, discard other suits, which breaks nothing."""
    r = deal_round(preset(name, 3), HEART_LEAD, NO_PASS_AT_3_AND_5, "AH")
    play(r, "2C 6C AC  KC 3C 7C  QC 4C 8C  JC 5C 9C  TC 2D 9D")
    assert r.taken == [1, 0, 0] and not r.hearts_broken
    assert legal(r) == "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "nothing but hearts: a heart may be led"
    play(r, "KH 3D TD")
    assert r.tricks[-1].winner == 0 and not r.hearts_broken
    finish(r, high=(0,))
    assert not r.hearts_broken, "no heart was ever discarded"
    assert r.scores() == (0, 26, 26), "seat 0 took every heart, the kitty's too, and the queen discarded on it"
