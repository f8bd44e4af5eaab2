"""Three and five players: RULES.md "Other player counts", from 001 (kitty) and 004 (two cards, or no 2C)."""

from dataclasses import replace

import pytest

from hjerterfri.cards import Card, points_of
from hjerterfri.engine import DealError, Phase, Reason, Round, deal_cards
from hjerterfri.rules import OddCards, PassDirection, RulesError, preset

from .helpers import refused

L, R, N = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.NONE


def find_round(rules, want, number=3):
    """The first seeded round (of the no-pass kind by default) that ``want`` accepts."""
    for seed in range(5000):
        r = Round.deal(rules, seed, number)
        if want(r):
            return r
    raise AssertionError("no such deal among the seeds")


@pytest.mark.parametrize(("players", "size", "kitty"), [(3, 17, 1), (5, 10, 2)])
@pytest.mark.parametrize("name", ["dansk", "dansk-hus"])
def test_001_deals_17_or_10_and_lays_the_rest_aside_as_a_kitty(name, players, size, kitty):
    """001: "Del 17 kort til hver ved tre spillere og 10 ved fem. De 1-2 overskydende kort [...] som en kitty"."""
    rules = preset(name, players)
    hands, kitty_mask = deal_cards(rules, 7)
    assert [h.bit_count() for h in hands] == [size] * players
    assert kitty_mask.bit_count() == kitty


@pytest.mark.parametrize("players", [3, 5])
def test_001_the_first_tricks_winner_takes_the_kitty_and_may_look_at_it(players):
    """001: "Den, der tager første stik, tager også kittyen og må kigge på kortene"."""
    rules = preset("dansk", players)
    r = find_round(rules, lambda r: points_of(r.kitty) > 0)
    while not r.tricks:
        r.play(r.legal_plays()[0])
    taker = r.tricks[0].winner
    assert r.taken[taker] == r.tricks[0].points + points_of(r.kitty)
    assert r.view(taker).kitty_mask == r.kitty
    other = (taker + 1) % players
    assert r.view(other).kitty_mask is None
    assert r.view(other).kitty_taker == taker
    assert r.view(other).taken[taker] == r.tricks[0].points, "the kitty's points stay hidden from the others"
    while not r.is_over:
        r.play(r.legal_plays()[0])
    assert sum(r.taken) == 26
    assert r.view(other).kitty_mask == r.kitty, "all is shown when the round is over"


@pytest.mark.parametrize("players", [3, 5])
def test_001_two_of_clubs_in_the_kitty_the_lowest_club_leads(players):
    """001: "Ligger klør 2 i kittyen, spiller laveste klør i spil ud til første stik"."""
    rules = preset("dansk", players)
    r = find_round(rules, lambda r: r.kitty & 1)
    lowest = min(c for c in range(13) if any(h >> c & 1 for h in r.hands))
    assert r.opening_card == lowest and r.hands[r.turn] >> lowest & 1
    assert [int(c) for c in r.legal_plays()] == [lowest]
    other = next(c for c in r.hand_cards(r.turn) if c != lowest)
    assert refused(r, str(other)) is Reason.MUST_LEAD_TWO_OF_CLUBS


@pytest.mark.parametrize("players", [3, 5])
def test_001_passing_left_right_none_or_just_left_and_right(players):
    """001: "Kortbyt kan følge venstre, højre, ingen byt eller blot venstre og højre"."""
    rules = preset("dansk", players)
    assert [rules.pass_direction(n) for n in range(1, 7)] == [L, R, N, L, R, N]
    just_two = replace(rules, pass_cycle=(L, R))
    assert [just_two.pass_direction(n) for n in range(1, 5)] == [L, R, L, R]
    with pytest.raises(RulesError, match="no one across"):
        replace(rules, pass_cycle=(L, R, PassDirection.ACROSS))


@pytest.mark.parametrize(("players", "extra"), [(3, 1), (5, 2)])
def test_004_the_whole_deck_dealt_and_the_seat_with_one_more_plays_two_in_the_first_trick(players, extra):
    """004: "dela ut hela kortleken [...] de som fick ett mer kort [...] lägga två kort i första sticket.
    Båda läggs direkt efter varandra och följer de vanliga reglerna"."""
    rules = preset("svensk", players)
    assert rules.odd_cards is OddCards.PLAY_TWICE
    r = Round.deal(rules, 3, 3)
    sizes = [h.bit_count() for h in r.hands]
    assert sum(sizes) == 52 and sorted(sizes)[-extra:] == [52 // players + 1] * extra
    doubles = [s for s in range(players) if sizes[s] > min(sizes)]
    order = r.view(0).trick_seats
    assert len(order) == players + extra
    for s in doubles:
        i = order.index(s)
        assert order[i + 1] == s, "two cards, one right after the other"
    while not r.tricks:
        seat = r.turn
        if r.trick and seat == r.view(0).trick_seats[len(r.trick) - 1]:
            led = r.trick[0].suit
            if any(c.suit is led for c in r.hand_cards(seat)):
                assert all(c.suit is led for c in r.legal_plays()), "the second card follows suit too"
        r.play(r.legal_plays()[-1])
    assert len(r.tricks[0].cards) == players + extra
    assert len({h.bit_count() for h in r.hands}) == 1


def test_004_three_players_without_the_two_of_clubs_17_each_three_of_clubs_leads():
    """004: "Om man är 3 spelare kan man förslagsvis ta bort ♣2 och börja med ♣3. Då får alla spelare 17 kort"."""
    rules = replace(preset("svensk", 3), odd_cards=OddCards.REMOVE_TWO_OF_CLUBS)
    r = Round.deal(rules, 9, 3)
    assert [h.bit_count() for h in r.hands] == [17, 17, 17]
    assert r.kitty == 0 and not any(h & 1 for h in r.hands)
    assert r.opening_card == Card.parse("3C")
    assert [str(c) for c in r.legal_plays()] == ["3C"]
    with pytest.raises(RulesError, match="only at three players"):
        replace(preset("svensk", 5), odd_cards=OddCards.REMOVE_TWO_OF_CLUBS)
    with pytest.raises(DealError, match="2C is not in play"):
        Round(rules, [r.hands[0] & ~(r.hands[0] & -r.hands[0]) | 1, r.hands[1], r.hands[2]], 3)


def test_004_passing_may_be_skipped_and_the_count_changed():
    """004: "Man kan också hoppa över att skicka kort [...] ändra antalet kort som ska skickas"."""
    none = replace(preset("svensk", 3), pass_cycle=(N,), pass_count=0)
    assert Round.deal(none, 1, 1).phase is Phase.PLAYING
    two = replace(preset("svensk", 5), pass_count=2)
    r = Round.deal(two, 1, 1)
    for s in range(5):
        r.pass_cards(s, r.hand_cards(s)[:2])
    assert r.phase is Phase.PLAYING


@pytest.mark.parametrize("players", [3, 5])
def test_the_moon_at_three_and_five_gives_26_to_every_other(players):
    rules = preset("dansk", players)
    r = Round.deal(rules, 1, 3)
    r.taken = [26] + [0] * (players - 1)
    r.phase = Phase.OVER
    assert r.scores() == (0,) + (26,) * (players - 1)
