"""A bot's passes and cards that were the fallback's (the bot failed, ``let`` chose): marked in the log, read
back, checked on load, dropped when an undo takes them back, and not weighed as the bot's by ``analyse``."""

from __future__ import annotations

import json

import pytest

from hjerterfri.analysis import decisions
from hjerterfri.cards import cards_of
from hjerterfri.engine import Phase
from hjerterfri.gamelog import Fallback, LogError, dumps, from_dict, load, save
from hjerterfri.rules import preset
from hjerterfri.table import LocalPlayer, Table

from ..tui.helpers import LowestBot


class FailsSometimes(LowestBot):
    """Passes two cards (a fault) and raises on its plays in the second and fourth tricks."""

    def choose_pass(self, view):
        return view.hand[:2]

    def choose_play(self, view):
        if len(view.tricks) in (1, 3):
            raise ValueError("the bot's own bug")
        return super().choose_play(view)


def failing_table() -> Table:
    """Seat 2's bot fails at its pass and at two of its cards; the human (seat 0) plays its lowest cards."""

    def make(seat: int, spec: str, seed: int):
        return LocalPlayer(FailsSometimes() if seat == 2 else LowestBot())

    names = ["Ida", "A", "Broken", "C"]
    return Table.new(preset("dansk"), 4, names, "tests.tui.helpers:LowestBot", make, human=0)


def seat_cards(table: Table, seat: int) -> list[int]:
    """Where ``seat``'s cards lie in this round's play (how many cards were played before each)."""
    r = table.round
    seats = [s for t in r.tricks for s in t.seats] + list(r.trick_seats[: len(r.trick)])
    return [i for i, s in enumerate(seats) if s == seat]


def test_the_fallbacks_are_marked_in_the_log_and_read_back_equal(tmp_path):
    t = failing_table()
    t.run(human=LowestBot(), until=lambda t: t.round.is_over)
    mine = seat_cards(t, 2)
    assert t.record.fallbacks == [Fallback(1, 2), Fallback(1, 2, mine[1]), Fallback(1, 2, mine[3])]
    data = json.loads(dumps(t.record))
    assert data["rounds"][0]["fallbacks"] == {"passes": [2], "cards": [mine[1], mine[3]]}
    path = tmp_path / "g.json"
    save(t.record, path)
    back = load(path)
    assert back.fallbacks == t.record.fallbacks
    assert dumps(back) == path.read_text(encoding="utf-8")


def test_a_round_without_a_fault_writes_no_fallbacks():
    t = Table.new(preset("dansk"), 4, ["Ida", "A", "B", "C"], "tests.tui.helpers:LowestBot", _lowest, human=0)
    t.run(human=LowestBot(), until=lambda t: t.round.is_over)
    assert t.record.fallbacks == []
    assert "fallbacks" not in json.loads(dumps(t.record))["rounds"][0]


def _lowest(seat: int, spec: str, seed: int) -> LocalPlayer:
    return LocalPlayer(LowestBot())


def test_an_undo_drops_the_fallbacks_it_takes_back_and_keeps_the_pass():
    t = failing_table()
    t.run(human=LowestBot(), until=lambda t: len(t.round.tricks) == 2 and t.round.turn == 0)
    assert [f.at is None for f in t.record.fallbacks] == [True, False]  # the pass, the card in trick 2
    while t.undo():  # back over every card of the human's (and the bots' after them), then its pass
        pass
    assert t.record.fallbacks == [Fallback(1, 2)]  # the bots' passes stay, so does the fallback's
    t.run(human=LowestBot(), until=lambda t: t.round.is_over)
    assert len(t.record.fallbacks) == 3
    assert from_dict(json.loads(dumps(t.record))).fallbacks == t.record.fallbacks


def test_analyse_weighs_the_bots_own_choices_only():
    t = failing_table()
    t.run(human=LowestBot(), until=lambda t: t.round.is_over)
    weighed = decisions(t.record, 2)
    assert len(weighed) == 13 - 2  # 13 cards and a pass, less the fallback's pass and two cards
    assert all(d.kind == "play" for d in weighed)
    assert {d.trick for d in weighed}.isdisjoint({2, 4})
    assert len(decisions(t.record, 1)) == 14  # another bot's: all of them


def _log_with(fallbacks: object) -> dict:
    t = failing_table()
    t.run(human=LowestBot(), until=lambda t: t.round.phase is Phase.PLAYING and len(t.round.tricks) == 3)
    data = json.loads(dumps(t.record))
    if isinstance(fallbacks, dict) and fallbacks.get("cards") == ["the human's first card"]:
        fallbacks["cards"] = [seat_cards(t, 0)[0]]
    data["rounds"][0]["fallbacks"] = fallbacks
    return data


@pytest.mark.parametrize(
    ("fallbacks", "says"),
    [
        ({"passes": [0], "cards": []}, "seat 0 (Ida) is the human"),
        ({"passes": [], "cards": ["the human's first card"]}, "seat 0 (Ida) is the human"),
        ({"passes": [2], "cards": [40]}, "no card 40: only 12 cards were played"),
        ({"passes": [2, 2], "cards": []}, "names 2 twice"),
        ({"passes": [9], "cards": []}, "must be from 0 to 3, not 9"),
        ({"passes": 2, "cards": []}, "must be a list, not 2"),
        ({"passes": [2]}, "the field 'cards' is missing"),
        ([2], "must be a JSON object"),
        ({"passes": [2], "cards": ["x"]}, "must be a whole number, not 'x'"),
    ],
)
def test_a_hand_edited_fallback_is_refused_in_one_line(fallbacks, says):
    with pytest.raises(LogError) as e:
        from_dict(_log_with(fallbacks))
    assert says in str(e.value) and "fallbacks" in str(e.value)
    assert "\n" not in str(e.value)


def test_replay_text_says_what_the_fallback_chose(tmp_path, capsys):
    from hjerterfri.cli import main
    from hjerterfri.i18n import Texts

    t = failing_table()
    t.run(human=LowestBot(), until=lambda t: t.round.is_over)
    path = tmp_path / "g.json"
    save(t.record, path)
    assert main(["--lang", "en", "--data-dir", str(tmp_path), "replay", str(path), "--text"]) == 0
    out = capsys.readouterr().out
    texts, r = Texts("en"), t.round
    played = [c for trick in r.tricks for c in trick.cards]
    chosen = texts.cards_short([played[at] for at in seat_cards(t, 2)[1:4:2]])
    passed = texts.cards_sorted(cards_of(r.passed[2] or 0))
    assert f"Broken failed; the easy bot passed {passed} instead" in out
    assert f"Broken failed; the easy bot played {chosen} instead" in out
