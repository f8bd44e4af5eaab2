"""One test per rule line of RULES.md, "Common to every preset (4 players)".

Each test names the line it checks. Presets are checked where the line holds for all of them.
"""

import pytest

from hjerterfri.cards import FULL_DECK, Card, Suit
from hjerterfri.engine import Game, IllegalMoveError, Phase, Reason, Round, deal_cards
from hjerterfri.rules import PRESETS, PassDirection, preset

from .helpers import HEARTS_ONLY, PLAIN, VOID, deal, legal, play, refused

ALL = pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
DANSK = preset("dansk")


@ALL
@pytest.mark.parametrize("seed", range(10))
def test_52_cards_no_jokers_13_each(rules, seed):
    """52 cards, no jokers, 13 each."""
    dealt, kitty = deal_cards(rules, seed)
    assert kitty == 0
    assert [h.bit_count() for h in dealt] == [13] * 4
    assert dealt[0] | dealt[1] | dealt[2] | dealt[3] == FULL_DECK
    assert [h.bit_count() for h in Round.deal(rules, seed).hands] == [13] * 4


@ALL
def test_ace_high(rules):
    """Ace high."""
    r = deal(rules, PLAIN)
    play(r, "2C 7C AC JD")
    assert r.tricks[0].winner == 2


@ALL
def test_no_trumps(rules):
    """No trumps: the queen of spades discarded on a diamond trick does not win it."""
    r = deal(rules, VOID)
    play(r, "2C 7C AC 6S")
    play(r, "7D QS 2D 9D")
    assert r.tricks[1].winner == 1
    assert r.taken[1] == 13


@ALL
def test_passing_cycle_left_right_across_none_then_again(rules):
    """Passing cycle by round: 1 left, 2 right, 3 across, 4 no pass, then again from 1."""
    directions = [rules.pass_direction(n) for n in range(1, 10)]
    L, R, A, N = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE
    assert directions == [L, R, A, N, L, R, A, N, L]
    assert Round.deal(rules, 1, 4).phase is Phase.PLAYING
    assert Round.deal(rules, 1, 5).phase is Phase.PASSING


@pytest.mark.parametrize("count", [0, 1, 2, 4])
def test_three_cards(count):
    """Three cards."""
    r = Round.deal(DANSK, 5, 1)
    with pytest.raises(IllegalMoveError) as e:
        r.pass_cards(0, r.hand_cards(0)[:count])
    assert e.value.reason is Reason.WRONG_PASS_COUNT
    r.pass_cards(0, r.hand_cards(0)[:3])


def test_a_pass_is_three_different_cards_of_ones_own_hand():
    r = Round.deal(DANSK, 5, 1)
    mine, other = r.hand_cards(0), r.hand_cards(1)
    with pytest.raises(IllegalMoveError) as e:
        r.pass_cards(0, [mine[0], mine[0], mine[1]])
    assert e.value.reason is Reason.DUPLICATE_CARD
    with pytest.raises(IllegalMoveError) as e:
        r.pass_cards(0, [mine[0], mine[1], other[0]])
    assert e.value.reason is Reason.NOT_IN_HAND
    assert e.value.cards == (other[0],)
    with pytest.raises(IllegalMoveError) as e:
        r.pass_cards(4, mine[:3])
    assert e.value.reason is Reason.NO_SUCH_SEAT


def test_every_player_chooses_before_seeing_what_they_receive():
    """Every player chooses the three cards before seeing what they receive (simultaneous)."""
    r = Round.deal(DANSK, 8, 1)
    dealt = list(r.hands)
    for seat in range(3):
        r.pass_cards(seat, r.hand_cards(seat)[-3:])
        assert r.hands == dealt and r.phase is Phase.PASSING
        assert r.received(seat + 1) is None
        assert r.view(seat + 1).received_mask is None
    with pytest.raises(IllegalMoveError) as e:
        r.pass_cards(0, r.hand_cards(0)[:3])
    assert e.value.reason is Reason.ALREADY_PASSED
    with pytest.raises(IllegalMoveError) as e:
        r.play(Card.parse("2C"), seat=0)
    assert e.value.reason is Reason.WRONG_PHASE
    r.pass_cards(3, r.hand_cards(3)[-3:])
    assert r.phase is Phase.PLAYING
    assert all(r.received(s) is not None for s in range(4))


@pytest.mark.parametrize(("number", "offset"), [(1, 1), (2, -1), (3, 2)])
def test_left_is_the_next_player_in_playing_order(number, offset):
    """ "Left" is the next player in playing order: play goes to the left (clockwise)."""
    r = Round.deal(DANSK, 11, number)
    chosen = [r.hand_cards(s)[:3] for s in range(4)]
    for s in range(4):
        r.pass_cards(s, chosen[s])
    for s in range(4):
        target = (s + offset) % 4
        assert all(r.hands[target] >> c & 1 for c in chosen[s])
        assert r.received(target) == sum(1 << c for c in chosen[s])
    leader = r.turn
    r.play(Card.parse("2C"))
    assert r.turn == (leader + 1) % 4


@ALL
@pytest.mark.parametrize("seed", range(8))
def test_holder_of_two_of_clubs_leads_it(rules, seed):
    """The holder of the two of clubs leads it to the first trick (forced)."""
    r = Round.deal(rules, seed, 4)
    assert r.hands[r.turn] & 1
    assert legal(r) == "2C"
    other = str(r.hand_cards(r.turn)[1])
    assert refused(r, other) is Reason.MUST_LEAD_TWO_OF_CLUBS


@ALL
def test_follow_suit_if_you_can(rules):
    """Follow suit if you can."""
    r = deal(rules, PLAIN)
    play(r, "2C")
    assert legal(r) == "7C 8C 9C TC"
    assert refused(r, "5D") is Reason.MUST_FOLLOW_SUIT


@ALL
def test_otherwise_any_card_may_be_discarded(rules):
    """Otherwise any card may be discarded, subject to the first-trick rule (see the preset tests)."""
    r = deal(rules, VOID)
    play(r, "2C 7C AC 6S")
    play(r, "7D")
    assert r.legal_mask() == r.hands[3]  # void in diamonds after the first trick: anything


@ALL
def test_highest_of_led_suit_wins_and_the_winner_leads_next(rules):
    """The highest card of the led suit wins the trick; the winner leads the next trick."""
    r = deal(rules, PLAIN)
    play(r, "2C TC JC AD")
    assert r.tricks[0].winner == 2
    assert r.turn == r.leader == 2


@ALL
def test_hearts_may_not_be_led_until_broken(rules):
    """Hearts may not be led until hearts are broken."""
    r = deal(rules, PLAIN)
    play(r, "2C 7C AC JD")
    assert not r.hearts_broken
    assert refused(r, "7H") is Reason.HEARTS_NOT_BROKEN
    assert "7H" not in legal(r)


@ALL
def test_a_heart_discarded_on_another_suit_breaks_hearts(rules):
    """Hearts are broken when a heart has been discarded on a trick of another suit."""
    r = deal(rules, PLAIN)
    play(r, "2C 7C AC JD")
    play(r, "KC")
    play(r, "TH")  # seat 3 is void in clubs and discards a heart
    assert r.hearts_broken
    play(r, "3C 8C")
    assert r.turn == 2
    play(r, "7H")  # seat 2 may lead hearts now


@ALL
def test_queen_of_spades_does_not_break_hearts(rules):
    """The queen of spades does not break hearts."""
    r = deal(rules, PLAIN)
    play(r, "2C 7C AC JD")
    play(r, "KC QS 3C 8C")
    assert not r.hearts_broken
    assert r.turn == 2
    assert refused(r, "7H") is Reason.HEARTS_NOT_BROKEN


@ALL
def test_a_player_holding_only_hearts_may_lead_a_heart(rules):
    """A player holding only hearts may lead a heart anyway; it does not break hearts."""
    r = deal(rules, HEARTS_ONLY)
    play(r, "2C KC JC 7C")
    play(r, "QC TC 6C AC")
    assert r.turn == 0 and not r.hearts_broken
    assert legal(r) == "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"
    play(r, "2H 2D 2S KH")
    assert not r.hearts_broken, "a led heart, followed, breaks nothing"
    assert r.turn == 3
    assert refused(r, "AH") is Reason.HEARTS_NOT_BROKEN
    assert r.view(1).voids(0) == [Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES]


@ALL
def test_spades_may_be_led_any_time_after_the_first_trick(rules):
    """Spades, including low spades to flush the queen, may be led at any time after the first trick."""
    r = deal(rules, PLAIN)
    play(r, "2C 7C AC JD")
    assert "8S" in legal(r)
    play(r, "8S JS 2S 5S")
    assert r.turn == 3
    assert "QS" in legal(r) and "AS" in legal(r)


def test_each_heart_is_one_point_the_queen_thirteen_26_in_a_round():
    """Each heart taken is 1 point, the queen of spades 13; 26 in a round."""
    r = deal(DANSK, VOID)
    play(r, "2C 7C AC 6S")
    play(r, "7D QS 2D 9D")
    assert r.taken == [0, 13, 0, 0]
    play(r, "4S 8H 7S 2S")  # seat 2 is void in spades and discards a heart
    assert r.taken == [0, 13, 0, 1]
    while not r.is_over:
        r.play(r.legal_plays()[0])
    assert sum(r.taken) == 26


# A real round (dealt hands and every card played) in which seat 0 takes every point card.
MOON_HANDS = ["2C JC KC 4D 9D TD JD AD JH 2S 6S QS KS", "4C 5C TC AC 8D 4H 5H 3S 5S 7S 9S TS JS",
              "6C 9C QC 2D 6D 7D QD KD 2H 7H 9H TH AH", "3C 7C 8C 3D 5D 3H 6H 8H QH KH 4S 8S AS"]  # fmt: skip
MOON_PLAYS = (
    "2C 4C 9C 3C 2D 3D AD 8D KS 3S 6C 4S QS 5S QD 8S 6S 7S QC AS 7C KC 5C 6D 2S 9S 7D 8C TC "
    "KD 5D JC JD AC 2H 3H 9D 4H 7H 6H JH 5H 9H 8H TD TS TH QH 4D JS AH KH"
)


@ALL
def test_shooting_the_moon_scores_zero_and_26_to_each_other(rules):
    """Shooting the moon: one player takes all 13 hearts and the queen: 0 for them, 26 for each other."""
    r = deal(rules, MOON_HANDS)
    play(r, MOON_PLAYS)
    assert r.is_over and r.taken == [26, 0, 0, 0]
    assert r.moon_shooter() == 0
    assert r.scores() == (0, 26, 26, 26)


@ALL
def test_the_game_ends_after_the_round_in_which_someone_reaches_100(rules):
    """The game ends after the round in which some player reaches 100 or more; the lowest total wins."""
    game = Game(rules, seed=3)
    while not game.is_over():
        if game.round.is_over:
            assert max(game.totals) < 100
            game.next_round()
        r = game.round
        if r.phase is Phase.PASSING:
            for s in range(4):
                r.pass_cards(s, r.hand_cards(s)[:3])
        while not r.is_over:
            r.play(r.legal_plays()[-1])
    outcome = game.outcome()
    assert max(game.totals) >= 100
    assert min(game.totals) == game.totals[outcome.winners[0]]


def test_a_card_played_while_the_round_is_passing_is_refused_for_the_phase():
    r = Round.deal(preset("dansk"), 1, 1)
    with pytest.raises(IllegalMoveError) as e:
        r.play(Card.parse("2C"))
    assert e.value.reason is Reason.WRONG_PHASE
    assert str(e.value) == "nobody can play 2C: the round is passing"
