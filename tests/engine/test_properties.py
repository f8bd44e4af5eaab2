"""Property tests: thousands of random legal games per preset, checked against the invariants."""

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hjerterfri.cards import CARDS, Card, Suit
from hjerterfri.engine import Game, IllegalMoveError, Phase, Reason, Round
from hjerterfri.rules import PRESETS, FirstTrick, OddCards, preset

PRESET_LIST = list(PRESETS.values())
OTHER_COUNTS = [preset(name, n) for name in PRESETS for n in (3, 5)]
OTHER_COUNTS.append(replace(preset("svensk", 3), odd_cards=OddCards.REMOVE_TWO_OF_CLUBS))
seeds = st.integers(min_value=0, max_value=2**64 - 1)


def reference_legal(r: Round) -> set[Card]:
    """The legal cards, read straight from RULES.md with card objects (no masks), as an oracle."""
    hand = [c for c in CARDS if r.hands[r.turn] >> c & 1]
    first_trick = not r.tricks
    if not r.trick:
        if first_trick:
            in_hands = [c for c in CARDS if any(h >> c & 1 for h in r.hands)]
            lowest_club = min(c for c in in_hands if c.suit is Suit.CLUBS)
            return {c for c in hand if c == lowest_club}
        if r.hearts_broken or all(c.suit is Suit.HEARTS for c in hand):
            return set(hand)
        return {c for c in hand if c.suit is not Suit.HEARTS}
    led = r.trick[0].suit
    follow = {c for c in hand if c.suit is led}
    if follow:
        return follow
    if first_trick and r.rules.first_trick is FirstTrick.NO_POINTS and any(c.points == 0 for c in hand):
        return {c for c in hand if c.points == 0}
    return set(hand)


def play_random_game(rules, seed: int, check_refusals: bool = False) -> Game:
    """A whole game of random legal passes and plays, checking every invariant on the way."""
    rng = random.Random(seed)
    game = Game(rules, seed)
    while True:
        r = game.round
        n = rules.players
        assert r.dealt is not None
        union = r.kitty
        for h in r.dealt:
            assert not union & h, "every card dealt once"
            union |= h
        assert union == rules.deck_mask
        if r.phase is Phase.PASSING:
            for s in range(n):
                r.pass_cards(s, rng.sample(r.hand_cards(s), rules.pass_count))
        played = []
        while not r.is_over:
            legal = r.legal_plays()
            assert legal, "the legal set is never empty while the round runs"
            assert set(legal) == reference_legal(r)
            if check_refusals:
                for c in CARDS:
                    if c in legal:
                        continue
                    trial = r.copy()
                    with pytest.raises(IllegalMoveError) as e:
                        trial.play(c)
                    expected_not_in_hand = not r.hands[r.turn] >> c & 1
                    assert (e.value.reason is Reason.NOT_IN_HAND) == expected_not_in_hand
                    assert trial.hands == r.hands and trial.trick == r.trick
            card = rng.choice(legal)
            trial = r.copy()
            trial.play(card)  # every card offered as legal is accepted
            r.push(card)
            played.append(card)
        assert sorted(played) == [c for c in CARDS if (rules.deck_mask & ~r.kitty) >> c & 1], "every card played once"
        assert len(r.tricks) == rules.hand_size
        assert len(r.tricks[0].cards) == n + rules.extra_cards
        assert all(len(t.cards) == n for t in r.tricks[1:])
        for t in r.tricks:
            led = t.cards[0].suit
            best = max((c for c in t.cards if c.suit is led), key=lambda c: c.rank)
            assert t.winner == t.seat_of(t.cards.index(best)) and t.best == t.cards.index(best)
        assert sum(r.taken) == 26
        assert sum(r.scores()) == (26 * (n - 1) if r.moon_shooter() is not None else 26)
        if game.is_over():
            return game
        assert max(game.totals) < rules.target or game.outcome() is None
        game.next_round()


@pytest.mark.parametrize("rules", PRESET_LIST, ids=list(PRESETS))
@settings(max_examples=1000, deadline=None)
@given(seed=seeds)
def test_random_games_keep_every_invariant(rules, seed):
    game = play_random_game(rules, seed)
    outcome = game.outcome()
    assert max(outcome.totals) >= rules.target
    assert all(outcome.totals[w] == min(outcome.totals) for w in outcome.winners)


@pytest.mark.parametrize("rules", OTHER_COUNTS, ids=lambda r: f"{r.name}-{r.players}-{r.odd_cards.value}")
@settings(max_examples=300, deadline=None)
@given(seed=seeds)
def test_three_and_five_players_keep_every_invariant(rules, seed):
    play_random_game(rules, seed)


@pytest.mark.parametrize("rules", PRESET_LIST, ids=list(PRESETS))
@settings(max_examples=15, deadline=None)
@given(seed=seeds)
def test_every_other_card_is_refused_with_a_reason(rules, seed):
    rng = random.Random(seed)
    r = Round.deal(rules, seed, rng.randint(1, 4))
    if r.phase is Phase.PASSING:
        for s in range(4):
            r.pass_cards(s, rng.sample(r.hand_cards(s), 3))
    while not r.is_over:
        legal = set(r.legal_plays())
        for c in CARDS:
            if c in legal:
                continue
            with pytest.raises(IllegalMoveError) as e:
                r.copy().play(c)
            held = r.hands[r.turn] >> c & 1
            assert (e.value.reason is Reason.NOT_IN_HAND) == (not held)
            assert e.value.seat == r.turn and e.value.card == c
        wrong_seat = (r.turn + 1) % 4
        with pytest.raises(IllegalMoveError) as e:
            r.copy().play(next(iter(legal)), seat=wrong_seat)
        assert e.value.reason is Reason.NOT_YOUR_TURN
        r.play(rng.choice(sorted(legal)))


@settings(max_examples=30, deadline=None)
@given(seed=seeds, rules=st.sampled_from(PRESET_LIST))
def test_same_seed_same_game(seed, rules):
    a, b = play_random_game(rules, seed), play_random_game(rules, seed)
    assert [r.tricks for r in a.rounds] == [r.tricks for r in b.rounds]
    assert a.totals == b.totals


def test_the_deal_is_the_same_on_every_machine():
    """Pinned: the shuffle is our own (SplitMix64 + Fisher-Yates), not random.shuffle."""
    r = Round.deal(PRESETS["dansk"], 2026, 1)
    assert " ".join(map(str, r.hand_cards(0))) == PINNED_SEAT0


PINNED_SEAT0 = "4C 5C 8C 9C TC QC 4D 7D 9D AH 4S 6S KS"
