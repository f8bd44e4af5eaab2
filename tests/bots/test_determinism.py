"""A decision is a pure function of the bot's seed and the view."""

from __future__ import annotations

import pytest

from hjerterfri.bots import make_bot
from hjerterfri.bots.svaer import SvaerBot
from hjerterfri.rules import preset

from .helpers import play_round


def small_svaer(seed: int) -> SvaerBot:
    return SvaerBot(seed, playouts=60, min_samples=4, max_samples=8, time_cap=60)


@pytest.mark.parametrize("level", ["let", "middel"])
def test_same_seed_same_round(level):
    rules = preset("svensk")
    a = play_round(rules, 9, 1, [make_bot(level, s) for s in range(4)])
    b = play_round(rules, 9, 1, [make_bot(level, s) for s in range(4)])
    assert a.tricks == b.tricks and a.passed == b.passed


def test_svaer_same_seed_same_round():
    rules = preset("dansk")
    a = play_round(rules, 3, 2, [small_svaer(7), make_bot("middel"), make_bot("let"), make_bot("middel")])
    b = play_round(rules, 3, 2, [small_svaer(7), make_bot("middel"), make_bot("let"), make_bot("middel")])
    assert a.tricks == b.tricks


def test_svaer_decision_does_not_depend_on_earlier_decisions():
    """A game continued from a log asks the bot fresh: the choice must not depend on what it was asked before."""
    rules = preset("dansk")
    r = play_round(rules, 11, 1, [make_bot("middel")] * 4, upto=14)
    view = r.view(r.turn)
    fresh = small_svaer(3).choose_play(view)
    used = small_svaer(3)
    other = play_round(rules, 12, 1, [make_bot("middel")] * 4, upto=21)
    used.choose_play(other.view(other.turn))
    assert used.choose_play(view) == fresh
    assert used.evaluate(view) == small_svaer(3).evaluate(view)


def test_the_decision_seed_counts_the_cards_played_when_a_first_trick_is_longer():
    """004 at 3 players: the first trick holds four cards; the position's seed counts every card played."""
    import random

    from hjerterfri.bots.base import decision_rng
    from hjerterfri.engine import Round
    from hjerterfri.rules import preset

    r = Round.deal(preset("svensk", players=3), seed=2, number=3)  # round 3 passes nothing
    played = 0
    while not r.is_over:
        view = r.view(r.turn)
        expected = random.Random(f"9:{view.seat}:{view.round_number}:{played}:{view.hand_mask}").random()
        assert decision_rng(9, view).random() == expected
        r.play(view.legal_plays[0])
        played += 1
    assert played == 52


def test_the_hint_is_svaers_choice_given_more_time_on_a_busy_machine():
    """The hint's bot is svær's search with the cap the player's patience allows (a bot's 0.8 s could cut it
    short while the machine was busy, and the coach then called the hinted card costly)."""
    import math

    from hjerterfri.bots.svaer import Adviser
    from hjerterfri.engine import Phase, Round
    from hjerterfri.table.table import ADVISER
    from hjerterfri.tui.screens.table import HINT_PATIENCE

    assert isinstance(make_bot(ADVISER), Adviser)
    assert SvaerBot().time_cap < Adviser().time_cap < HINT_PATIENCE
    r = Round.deal(preset("dansk"), seed=5, number=4)  # no passing: play from the first trick
    while r.phase is Phase.PLAYING and len(r.tricks) < 3:
        r.play(r.legal_plays()[0])
    view = r.view(r.turn)
    assert Adviser(0).choose_play(view) == SvaerBot(0, time_cap=math.inf).choose_play(view)


def test_the_hint_reads_the_others_as_middel_only_where_they_are():
    """svær reads the others' play as middel's (a seat that ducked lacks the cards in between). Against let
    that reading ruled out the real deal (the coach's sure 12-point loss that was none); the hint there reads
    nothing into their play but what the rules show."""
    from hjerterfri.bots.svaer import Adviser, PlainAdviser
    from hjerterfri.rules import preset
    from hjerterfri.table import Table, local_players

    for bots, kind in (("middel", Adviser), ("svær", Adviser), ("let", PlainAdviser)):
        table = Table.new(preset("dansk"), 3, ["Ida", "A", "B", "C"], bots, local_players())
        view = table.view(0)
        assert len(table.advise(view)) == 3  # the pass
        adviser = table._adviser
        assert type(adviser.bot) is kind
        table.close()
    plain = PlainAdviser()
    assert not plain.infer and plain.oversample == 1 and plain.time_cap == Adviser().time_cap
