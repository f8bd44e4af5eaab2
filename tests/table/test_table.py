"""The table's turn driver: whose turn it is, the one loop, undo back to the human's last decision, a rematch."""

from __future__ import annotations

import dataclasses

import pytest

from hjerterfri.engine import Phase
from hjerterfri.gamelog import GameRecord, Seat
from hjerterfri.rules import preset
from hjerterfri.table import SeatingError, StaleDecision, Table, local_players

from ..tui.helpers import LowestBot

NAMES = ["Ida", "Bo", "Cy", "Di"]


def table(human: int | None = 0, target: int = 100, players: int = 4) -> Table:
    rules = dataclasses.replace(preset("dansk", players), target=target)
    return Table.new(rules, 7, NAMES[:players], "middel", local_players(), human=human)


def test_run_stops_where_the_human_must_act_and_nowhere_else():
    t = table(human=2)
    t.run()
    assert t.waiting() and t.human_to_act() and t.round.phase is Phase.PASSING
    assert all(p is not None for s, p in enumerate(t.round.passed) if s != 2)
    t.pass_cards(2, t.round.hand_cards(2)[:3])
    t.run()
    assert t.round.turn == 2 or t.round.is_over


@pytest.mark.parametrize("human", [1, 2, 3])
def test_the_human_anywhere_plays_a_whole_game(human):
    t = table(human=human, target=40)
    events = []
    t.listeners.append(lambda _t, e: events.append(e))
    t.run(human=LowestBot())
    assert t.game.is_over() and max(t.game.totals) >= 40
    mine = [e for e in events if e.seat == human and e.kind in ("pass", "play")]
    assert mine and all(e.decision is None for e in mine)  # the human's own moves, not a bot's
    assert all(e.decision is not None for e in events if e.kind in ("pass", "play") and e.seat != human)


def test_a_table_of_bots_plays_its_round_through_the_one_loop():
    t = table(human=None)
    r = t.play_round()
    assert r.is_over and sum(r.scores()) in (26, 78)


def test_a_decision_for_a_position_left_behind_is_refused():
    t = table(human=0)
    t.run()
    decision = t.decide(1, t.view(1))  # seat 1 passed already
    with pytest.raises(StaleDecision):
        t.apply(decision)


def test_undo_takes_back_the_humans_last_card_and_everything_after_it():
    t = table(human=0)
    t.run()
    t.pass_cards(0, t.round.hand_cards(0)[:3])
    t.run()
    first = t.round.copy()  # the human to play: the bots before the human have played
    t.play(0, t.round.legal_plays()[0])
    t.run()
    assert len(t.round.tricks) + bool(t.round.trick) >= 1 and t.round != first
    seen = []
    t.listeners.append(lambda _t, e: seen.append(e.kind))
    taken = t.undo()
    assert taken >= 1 and t.round == first and seen == ["undo"]
    # Again: back over the bots' cards before it, to the pass; the exchange is undone with it.
    assert t.undo() >= 1
    assert t.round.phase is Phase.PASSING and t.round.passed[0] is None
    assert t.undo() == 0  # nothing of the human's left to take back
    t.run()  # the bots decide afresh: the same choices in the same positions
    t.pass_cards(0, t.round.hand_cards(0)[:3])
    t.run()
    assert t.round == first


def test_results_are_what_each_round_scored():
    t = table(human=0, target=30)
    t.run(human=LowestBot())
    results = t.results()
    assert [r.scores for r in results] == t.game.history()
    assert results[-1].totals == t.game.totals
    assert all(r.number == i for i, r in enumerate(results, 1))


def test_a_rematch_keeps_the_rules_the_names_and_the_bots():
    rules = dataclasses.replace(preset("svensk", 5), name="vores-regler", target=33)
    seats = (Seat("X", "let", 1), Seat("Me"), Seat("Y", "middel", 2), Seat("Z", "let", 3), Seat("W", "svær", 4))
    t = Table(GameRecord.new(rules, 50, seats), local_players())
    again = t.rematch()
    assert again.rules == rules and again.rules.name == "vores-regler"
    assert again.names == t.names and again.human == 1 == t.human
    assert [s.bot for s in again.seats] == [s.bot for s in seats]
    assert again.seed == 51 and again.game.round.number == 1


def test_more_than_one_human_cannot_sit_at_a_table():
    seats = (Seat("A"), Seat("B"), Seat("C", "let", 1), Seat("D", "let", 2))
    with pytest.raises(SeatingError, match="one human"):
        Table(GameRecord.new(preset("dansk"), 1, seats), local_players())


def test_no_two_bot_seats_share_a_seed_across_game_seeds_at_any_table():
    from hjerterfri.table import bot_seed

    seeds = [(g, s) for g in range(200) for s in range(8)]
    assert len({bot_seed(g, s) for g, s in seeds}) == len(seeds)
    assert [bot_seed(7, s) for s in range(4)] == [28, 29, 30, 31]  # as before: a seed gets the bots it always got
