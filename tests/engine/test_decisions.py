"""The decisions docs/regler.md makes where the texts are silent ("Tilfælde, som reglerne ikke selv afgør")."""

from dataclasses import replace

import pytest

from hjerterfri.cards import Card, cards_of, parse_cards, twice_mask
from hjerterfri.engine import Game, Phase, Reason, Round, deal_cards
from hjerterfri.rules import PRESETS, MoonScoring, OddCards, PassDirection, RulesError, preset
from hjerterfri.table.variants import game_rules

from .helpers import BY_SUIT, HEARTS_ONLY, VOID, deal, deal_round, finish, legal, play, refused
from .test_positions import KITTY_MOON

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


# Decision 5 is tested in test_game_end.py (test_5_...), decision 8 in test_positions.py (test_8_...).


def test_6_a_round_is_played_out_when_someone_passes_the_target_in_it():
    """Decision 6: the end comes after the whole round; reaching the target mid-round ends nothing."""
    rules = game_rules("dansk", no_pass=True, target=10)
    game = Game(rules, 1, [parse_cards(t) for t in VOID])
    r = game.round
    play(r, "2C 7C AC 6S 7D QS 2D 9D")
    assert r.taken[1] == 13 >= rules.target
    assert game.outcome() is None and not r.is_over
    finish(r)
    assert game.outcome() is not None


def test_7_the_deal_is_fixed_by_the_seed_and_the_round_number():
    """Decision 7: the same seed and round give the same cards (pinned, so on every machine), with one deck and
    with two; another round number gives another deal."""
    assert Round.deal(preset("dansk"), 2026, 1).hand_cards(0) == parse_cards("4C 5C 8C 9C TC QC 4D 7D 9D AH 4S 6S KS")
    eight = preset("svensk", 8)
    assert Round.deal(eight, 2026, 1).hand_cards(0) == parse_cards(PINNED_EIGHT_SEAT0)
    assert deal_cards(eight, 2026, 1) == deal_cards(eight, 2026, 1) != deal_cards(eight, 2026, 2)


PINNED_EIGHT_SEAT0 = "2C 6C JC AC TD TD KD AD 3H 2S 4S 9S QS"


def test_9_the_kittys_points_are_hidden_from_the_others_until_the_round_is_over():
    """Decision 9: the kitty's heart counts for the first trick's winner at once; the others see only who took
    the kitty until the round is over."""
    r = deal_round(preset("dansk", 3), KITTY_MOON, 3, "2H")
    play(r, "2C 9C AC")
    mine, theirs = r.view(0), r.view(1)
    assert (mine.taken[0], mine.kitty_mask) == (1, r.kitty)
    assert (theirs.taken[0], theirs.kitty_mask, theirs.kitty_taker) == (0, None, 0)
    finish(r, high=(0,))
    assert r.view(1).kitty_mask == r.kitty and r.view(1).taken[0] == 26


def test_10_six_to_eight_players_play_only_svensk_with_two_decks():
    """Decision 10: 004 alone speaks of more than five players ("fler än 5 spelare [...] två kortlekar")."""
    for n in (6, 7, 8):
        rules = preset("svensk", n)
        assert (rules.decks, rules.deck_size, rules.odd_cards) == (2, 104, OddCards.PLAY_TWICE)
        for name in ("dansk", "dansk-hus"):
            with pytest.raises(RulesError, match="3 to 5 players; 6 to 8 play svensk"):
                preset(name, n)
    assert preset("svensk", 5).decks == 1
    with pytest.raises(RulesError, match="no kitty"):
        replace(preset("svensk", 6), odd_cards=OddCards.KITTY)


@pytest.mark.parametrize(("players", "size", "extra"), [(6, 17, 2), (7, 14, 6), (8, 13, 0)])
def test_11_two_decks_are_dealt_out_the_seats_after_the_dealer_get_one_more_and_play_two_in_the_first_trick(
    players, size, extra
):
    """Decision 11: as 004 deals 3 and 5 players, all 104 cards are dealt; the seats after the dealer (seat
    n - 1 in round n) get one more and play two cards, one right after the other, in the first trick."""
    rules = preset("svensk", players)
    for number in (1, 2, 3):
        r = Round.deal(rules, 5, number)
        dealer = (number - 1) % players
        sizes = [len(r.hand_cards(s)) for s in range(players)]
        assert sizes == [size + ((s - dealer - 1) % players < extra) for s in range(players)]
        if r.phase is Phase.PASSING:
            for s in range(players):
                r.pass_cards(s, r.hand_cards(s)[:3])
        order = r.trick_seats
        assert len(order) == players + extra
        twice = [s for s in range(players) if sizes[s] > size]
        assert {s for s in order if order.count(s) == 2} == set(twice)
        assert all(order[order.index(s) + 1] == s for s in twice), "one right after the other"
        finish(r)
        assert len(r.tricks) == size and len(r.tricks[0].cards) == players + extra
        assert sum(len(t.cards) for t in r.tricks) == 104


# Eight players, two decks. Seats 0 and 1 hold no club; the twos of clubs lie with seats 2 and 5, the aces
# with seats 3 and 6. Seat 0 holds a queen of spades, seat 1 nothing but hearts.
EIGHT = ["QS 2D 2D 3D 3D 4D 4D 5D 5D 6D 6D 7D 7D",
         "2H 2H 3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H",
         "2C 3C 3C 4C 4C 8D 8D 9D 9D TD TD JD JD",
         "5C 5C 6C 6C AC QD QD KD KD AD AD 8H 9H",
         "7C 7C 8C 8C 9H TH TH JH JH QH QH KH KH",
         "2C 9C 9C TC AH AH 2S 2S 3S 3S 4S 4S 5S",
         "TC JC JC AC 5S 6S 6S 7S 7S 8S 8S 9S 9S",
         "QC QC KC KC TS TS JS JS QS KS KS AS AS"]  # fmt: skip


def test_12_of_two_twos_of_clubs_the_one_nearest_the_dealers_left_leads():
    """Decision 12: the dealer of round 1 is seat 0, so seat 2 leads before seat 5; in round 4 the dealer is
    seat 3, and seat 5 leads. The other two of clubs is an ordinary club."""
    rules = game_rules("svensk", 8, no_pass=True)
    first = deal_round(rules, EIGHT, 1)
    assert (first.turn, legal(first)) == (2, "2C")
    play(first, "2C AC 7C")
    assert "2C" in legal(first), "seat 5 may follow with the other two"
    fourth = deal_round(rules, EIGHT, 4)
    assert (fourth.turn, legal(fourth)) == (5, "2C")


def test_13_of_two_identical_cards_in_a_trick_the_first_played_wins():
    """Decision 13: 004's agreement, "det först lagda har företräde till att vinna sticket": the two aces of
    clubs fall in the first trick, and whichever comes first takes it."""
    rules = game_rules("svensk", 8, no_pass=True)
    r = deal_round(rules, EIGHT, 1)
    play(r, "2C AC 7C 2C AC QC QS 8H")
    assert r.tricks[0].cards.count(Card.parse("AC")) == 2
    assert r.tricks[0].winner == 3 and r.taken[3] == 14
    r = deal_round(rules, EIGHT, 4)
    play(r, "2C AC QC QS 8H 2C AC 7C")
    assert r.tricks[0].winner == 6, "the order, not the seat, decides"


def test_14_a_round_with_two_decks_has_52_points():
    """Decision 14: two queens of spades (13 each) and 26 hearts."""
    r = finish(deal_round(game_rules("svensk", 8, no_pass=True), EIGHT, 1))
    assert sum(r.taken) == 52 and r.moon_shooter() is None and sum(r.scores()) == 52


# Eight players: seat 0 holds both aces of clubs and of spades, both kings and queens of spades, both aces
# and kings of hearts and a queen of hearts; the rest of the deck lies in order with seats 1 to 7.
EIGHT_MOON = ["AC AC QH KH KH AH AH QS QS KS KS AS AS",
              "2C 2C 3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C",
              "8C 9C 9C TC TC JC JC QC QC KC KC 2D 2D",
              "3D 3D 4D 4D 5D 5D 6D 6D 7D 7D 8D 8D 9D",
              "9D TD TD JD JD QD QD KD KD AD AD 2H 2H",
              "3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H 8H 9H",
              "9H TH TH JH JH QH 2S 2S 3S 3S 4S 4S 5S",
              "5S 6S 6S 7S 7S 8S 8S 9S 9S TS TS JS JS"]  # fmt: skip


def test_15_a_moon_with_two_decks_takes_every_point_card():
    """Decision 15: seat 0 wins all thirteen tricks (its queen of hearts led first beats the other), so it has
    both queens of spades and all 26 hearts: 0 for it, 52 for each other seat. With its queen of hearts
    swapped for seat 2's two of diamonds it loses one trick, with three hearts, and scores what it took."""
    rules = game_rules("svensk", 8, no_pass=True)
    r = finish(deal_round(rules, EIGHT_MOON, 1), high=(0,))
    assert [t.winner for t in r.tricks] == [0] * 13
    assert r.moon_shooter() == 0 and r.scores() == (0,) + (52,) * 7
    minus = replace(rules, moon=MoonScoring.SHOOTER_MINUS_26)  # the option from other games: the shooter loses them
    assert finish(deal_round(minus, EIGHT_MOON, 1), high=(0,)).scores() == (-52,) + (0,) * 7
    swapped = [EIGHT_MOON[0].replace("QH", "2D"), EIGHT_MOON[1], EIGHT_MOON[2].replace("2D", "QH", 1), *EIGHT_MOON[3:]]
    r = finish(deal_round(rules, swapped, 1), high=(0,))
    assert r.moon_shooter() is None and r.scores() == (49, 0, 0, 0, 3, 0, 0, 0)


def test_16_with_two_decks_a_discarded_heart_breaks_hearts_and_svensk_allows_points_on_the_first_trick():
    """Decision 16: seat 0, void in clubs, discards a queen of spades on the first trick (Svensk allows it)
    without breaking hearts; seat 1's heart after it breaks them."""
    r = deal_round(game_rules("svensk", 8, no_pass=True), EIGHT, 1)
    play(r, "2C AC 7C 2C AC QC QS")
    assert not r.hearts_broken
    play(r, "8H")
    assert r.hearts_broken and r.taken[3] == 14


@pytest.mark.parametrize("players", [6, 7, 8])
def test_17_six_to_eight_players_pass_three_cards_left_right_then_none(players):
    """Decision 17: as at 3 and 5 players; a seat holding a card twice may pass both."""
    rules = preset("svensk", players)
    assert rules.pass_count == 3
    assert [rules.pass_direction(n).value for n in range(1, 5)] == ["left", "right", "none", "left"]
    r = next(r for seed in range(100) if (r := Round.deal(rules, seed, 1)).doubles[0])
    twice = cards_of(r.doubles[0])[0]
    r.pass_cards(0, [twice, twice, next(c for c in r.hand_cards(0) if c != twice)])
    for s in range(1, players):
        r.pass_cards(s, r.hand_cards(s)[:3])
    assert r.hand_cards(1).count(twice) == 2
    assert twice not in r.hand_cards(0)


def test_18_a_card_held_twice_is_written_twice_and_the_same_as_one_held_once():
    """Decision 18: the two copies are the same card in every rule, so they are written alike: "QS QS"."""
    held = twice_mask(parse_cards("QS 2C QS"))
    assert " ".join(map(str, cards_of(held))) == "2C QS QS"
    assert repr(cards_of(held)[1]) == "Card.parse('QS')"
    r = deal_round(game_rules("svensk", 8, no_pass=True), EIGHT, 1)
    assert r.hand_cards(5).count(Card.parse("AH")) == 2
    assert r.view(5).hand.count(Card.parse("AH")) == 2


def test_19_the_pass_count_is_at_most_a_hand_less_one_0_only_without_passing_and_3_at_four_players():
    """Decision 19, and 004: "Man kan också hoppa över att skicka kort" (any table), "Om man inte är 4 spelare
    kan man också ändra antalet kort som ska skickas" (not at four)."""
    assert game_rules("dansk", 5, pass_count=9).pass_count == 9
    with pytest.raises(RulesError, match="cannot pass 10 cards from a hand of 10"):
        game_rules("dansk", 5, pass_count=10)
    with pytest.raises(RulesError, match="cannot pass 0 cards; play without passing instead"):
        game_rules("svensk", 7, pass_count=0)
    with pytest.raises(RulesError, match="four players pass 3 cards"):
        game_rules("dansk", 4, pass_count=2)
    none = game_rules("dansk", 4, no_pass=True)
    assert (none.pass_cycle, none.pass_count, none.passes) == ((PassDirection.NONE,), 0, False)
    with pytest.raises(RulesError, match="a game without passing passes no cards, not 2"):
        game_rules("svensk", 6, no_pass=True, pass_count=2)
