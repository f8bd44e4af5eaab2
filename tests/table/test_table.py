"""The table's turn driver: whose turn it is, the one loop, undo back to the human's last decision, a rematch."""

from __future__ import annotations

import dataclasses

import pytest

from hjerterfri.cards import Card
from hjerterfri.engine import Phase
from hjerterfri.gamelog import Ending, GameRecord, Seat
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
    undo = t.record.undos[-1]
    assert undo.seat == 0 and undo.round == 1 and len(undo.cards) == taken and undo.passed is None
    assert undo.kept == sum(len(x.cards) for x in t.round.tricks) + len(t.round.trick)
    t.run()  # the bots decide afresh: the same choices in the same positions
    assert t.round == first


def test_undo_takes_back_the_pass_and_the_cards_after_it_until_the_humans_first_card():
    t = table(human=0)
    t.run()
    others = t.round.passed[1:]
    t.pass_cards(0, t.round.hand_cards(0)[:3])
    assert t.round.phase is Phase.PLAYING and not t.round.trick  # exchanged; no card yet
    assert t.undo() == 1
    assert t.round.phase is Phase.PASSING and t.round.passed[0] is None and t.round.passed[1:] == others
    assert t.record.undos[-1].passed == tuple(t.round.hand_cards(0)[:3]) and not t.record.undos[-1].cards
    t.pass_cards(0, t.round.hand_cards(0)[-3:])
    t.run()
    led = list(t.round.trick)
    assert led and t.round.turn == 0  # a bot has led the first trick
    assert t.undo() == 1 + len(led)  # the pass is the human's last move: the bots' cards go with it
    assert t.round.phase is Phase.PASSING and t.round.passed[1:] == others
    undo = t.record.undos[-1]
    assert undo.passed == tuple(t.round.hand_cards(0)[-3:]) and list(undo.cards) == led and undo.kept == 0
    t.pass_cards(0, t.round.hand_cards(0)[-3:])
    t.run()
    assert list(t.round.trick) == led  # the bots decide afresh: the same cards


def holding_the_two(rules_name: str = "dansk", no_pass: bool = False) -> Table:
    """A table whose human (seat 0) holds the two of clubs and, passing, keeps it: its first card is forced."""
    from hjerterfri.table import Setup

    two = Card.parse("2C")
    rules = Setup(preset=rules_name, no_pass=no_pass).rules()
    for seed in range(100):
        t = Table.new(rules, seed, NAMES, "middel", local_players(), human=0)
        if two in t.round.hand_cards(0):
            t.run()
            if not no_pass:
                t.pass_cards(0, [c for c in t.round.hand_cards(0) if c != two][-3:])
                t.run()
            return t
    raise AssertionError("no seed deals the two of clubs to seat 0")


def test_undo_past_a_forced_first_card_takes_back_the_pass():
    """With forced cards played for the human, its 2♣ left nothing to undo: u took the 2♣ back, the table
    played it again at once, and the log counted an undo each time. Now the pass is the choice it goes to."""
    t = holding_the_two()
    passed = t.round.passed[0]
    t.play(0, Card.parse("2C"))
    t.run(until=lambda t: len(t.round.tricks) == 1)
    played = [c for x in t.round.tricks for c in x.cards] + list(t.round.trick)
    assert t.undo(past_forced=True) == 1 + len(played)  # the bots passed before the human: theirs stay
    assert t.round.phase is Phase.PASSING and t.round.passed[0] is None
    undo = t.record.undos[-1]
    assert undo.cards == tuple(played) and undo.passed is not None and passed is not None
    assert sum(1 << int(c) for c in undo.passed) == passed


def test_undo_past_a_forced_first_card_without_a_pass_takes_nothing_back():
    t = holding_the_two(no_pass=True)
    t.play(0, Card.parse("2C"))
    t.run(until=lambda t: len(t.round.tricks) == 1)
    before = t.round.copy()
    assert t.undo(past_forced=True) == 0
    assert t.round == before and not t.record.undos


def test_undo_past_forced_cards_ends_at_a_choice():
    t = table(human=0)
    t.run(human=LowestBot(), until=lambda t: forced_twice(t))
    r = t.round
    t.undo(past_forced=True)
    assert t.round.turn == 0 and len(t.round.legal_plays()) > 1
    assert len(t.record.undos) == 1 and len(t.record.undos[0].cards) > len(r.trick_seats)


def forced_twice(t: Table) -> bool:
    """The human's last two cards were forced (one legal card each), and the human is to play again."""
    r = t.round
    if r.phase is not Phase.PLAYING or r.turn != 0 or len(r.tricks) < 3:
        return False
    copy = r.copy()
    forced = 0
    while True:
        seats = [s for x in copy.tricks for s in x.seats] + list(copy.trick_seats[: len(copy.trick)])
        if 0 not in seats:
            return False
        while seats and seats[-1] != 0:
            copy.pop()
            seats.pop()
        copy.pop()
        if len(copy.legal_plays()) > 1:
            return forced >= 2
        forced += 1


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


# Seat 1 leads the two of clubs; the human (seat 0) takes the first trick with the ace, then holds A♠ and
# eleven hearts: the claim holds (A♥ K♥ draw Q♥ and 2♥).
HEARTS_DRAWN = [
    "AC AS AH KH JH TH 9H 8H 7H 6H 5H 4H 3H",
    "2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "3C 4C 5C 6C 7C 8C 9C 2S 3S 4S 5S 6S QH",
    "TC JC QC KC 2D 7S 8S 9S TS JS QS KS 2H",
]


def dealt_table(hands: list[str], **changed) -> Table:
    """A table without passing whose first round is these hands; the human at seat 0 (``changed``: rules)."""
    from dataclasses import replace

    from hjerterfri.cards import parse_cards
    from hjerterfri.engine import Game
    from hjerterfri.table.variants import game_rules

    rules = replace(game_rules("dansk", no_pass=True), **changed)
    seats = (Seat("Ida"), Seat("Bo", "middel", 1), Seat("Cy", "middel", 2), Seat("Di", "middel", 3))
    game = Game(rules, 1, [parse_cards(h) for h in hands])
    return Table(GameRecord(game, seats, GameRecord.new(rules, 1, seats).started), local_players())


def test_a_claim_that_holds_ends_the_round_with_every_trick_the_claimants():
    t = dealt_table(HEARTS_DRAWN)
    t.run()
    t.play(0, Card.parse("AC"))
    t.run()
    events = []
    t.listeners.append(lambda _t, e: events.append(e))
    assert t.claim(0).holds
    r = t.round
    assert r.is_over and all(x.winner == 0 for x in r.tricks[1:]) and r.moon_shooter() == 0  # every point
    assert [e.kind for e in events] == ["claim"] and len(events[0].cards) == 48
    assert t.record.endings == [Ending(1, 4, 0)]


def test_a_claim_that_does_not_hold_changes_nothing():
    hands = HEARTS_DRAWN[:]
    hands[0] = hands[0].replace("4H", "KS")
    hands[3] = hands[3].replace("KS", "4H")
    t = dealt_table(hands)
    t.run()
    t.play(0, Card.parse("AC"))
    t.run()
    before = t.round.copy()
    assert not t.claim(0).holds
    assert t.round == before and not t.record.endings


def test_a_round_without_points_left_is_finished_at_once():
    t = table(human=0)
    t.run(human=LowestBot(), until=lambda t: t.round.phase is Phase.PLAYING and not t.round.points_to_take())
    assert not t.round.is_over and t.round.taken
    scores = t.round.copy()
    assert t.finish()
    assert t.round.is_over and t.round.scores() == tuple(scores.taken)
    assert t.record.endings[-1].claim is None and not t.finish()
