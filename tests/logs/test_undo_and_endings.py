"""Undos, claims and rounds finished for want of points in the log: written, read back equal, counted by the
summary, and each checked on load (a hand-edited one is refused in one line)."""

from __future__ import annotations

import json

import pytest

from hjerterfri.cards import Card
from hjerterfri.engine import Phase
from hjerterfri.gamelog import Ending, LogError, dumps, from_dict, load, save, summarize
from hjerterfri.rules import preset
from hjerterfri.table import Table, local_players

from ..table.test_table import HEARTS_DRAWN, dealt_table
from ..tui.helpers import LowestBot
from .helpers import state


def a_game_with_undos() -> Table:
    """A game whose first round has two undos of the pass (the second with the bots' first cards after it)
    and two of cards, and ends without points left."""
    t = Table.new(preset("dansk"), 7, ["Ida", "Bo", "Cy", "Di"], "middel", local_players(), human=0)
    t.run()
    t.pass_cards(0, t.round.hand_cards(0)[:3])
    assert t.undo()
    t.run()
    t.pass_cards(0, t.round.hand_cards(0)[-3:])
    t.run()
    assert t.undo() == 4  # the pass and the bots' three cards after it
    t.run()
    t.pass_cards(0, t.round.hand_cards(0)[-3:])
    t.run()
    for _ in range(5):
        t.play(0, t.round.legal_plays()[0])
        t.run()
    assert t.undo() and t.undo()
    t.run(human=LowestBot(), until=lambda t: t.round.phase is Phase.PLAYING and not t.round.points_to_take())
    assert t.finish()
    return t


def test_undos_and_endings_read_back_equal(tmp_path):
    t = a_game_with_undos()
    path = tmp_path / "g.json"
    save(t.record, path)
    back = load(path)
    assert back.undos == t.record.undos and len(back.undos) == 4
    assert len(back.undos[1].cards) == 3 and back.undos[1].passed is not None
    assert back.endings == t.record.endings == [Ending(1, t.record.endings[0].at)]
    assert state(back.game) == state(t.game)
    assert dumps(back) == path.read_text(encoding="utf-8")
    assert summarize(path).undos == 4


def test_a_claim_reads_back_and_its_tricks_are_checked(tmp_path):
    t = dealt_table(HEARTS_DRAWN)
    t.run()
    t.play(0, Card.parse("AC"))
    t.run()
    assert t.claim(0).holds
    data = json.loads(dumps(t.record))
    assert data["rounds"][0]["ended"] == {"by": "claim", "seat": 0, "at": 4}
    assert from_dict(data).endings == [Ending(1, 4, 0)]


def test_saved_after_every_action_and_undo_each_file_continues_the_same_game(tmp_path):
    t = Table.new(preset("dansk"), 11, ["Ida", "Bo", "Cy", "Di"], "middel", local_players(), human=0)
    path = tmp_path / "g.json"
    t.listeners.append(lambda table, _event: save(table.record, path))
    t.run()
    t.pass_cards(0, t.round.hand_cards(0)[:3])
    t.run()
    saved = 0
    for turn in range(8):
        t.play(0, t.round.legal_plays()[-1])
        t.run()
        if turn % 3 == 2:
            t.undo()
            back = load(path)
            assert state(back.game) == state(t.game) and back.undos == t.record.undos
            saved += 1
    assert saved and len(t.record.undos) == saved


def mutate(data: dict, change) -> LogError:
    change(data)
    with pytest.raises(LogError) as e:
        from_dict(data, "g.json")
    return e.value


@pytest.fixture
def logged() -> dict:
    return json.loads(dumps(a_game_with_undos().record))


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda rd: rd["undos"][2].update(seat=1), "is a bot; only the human takes moves back"),
        (lambda rd: rd["undos"][2].update(kept=400), "keeps 400 cards"),
        (lambda rd: rd["undos"][2]["cards"].reverse(), "cannot play"),
        (lambda rd: rd["undos"][1]["cards"].reverse(), "cannot play"),
        (lambda rd: rd["undos"][1]["cards"].extend(rd["tricks"][0]["cards"][3:4]), "a card chosen freely"),
        (lambda rd: rd["undos"][0]["passed"].pop(), "cannot pass"),
        (
            lambda rd: rd["undos"][0].update(kept=3),
            'an undo of a pass takes back every card after it: it has no "kept"',
        ),
        (lambda rd: rd.update(undos=[]), "at least one undo"),
        (lambda rd: rd["ended"].update(at=0), "points were still to take after 0 cards"),
        (lambda rd: rd["ended"].update(by="claim", seat=0), "could not claim"),
        (lambda rd: rd["ended"].update(by="surrender"), "'claim' or 'no-points'"),
    ],
    ids=[
        "bot",
        "kept",
        "illegal",
        "illegal-after-pass",
        "chosen-after-pass",
        "short-pass",
        "pass-kept",
        "empty",
        "points-left",
        "no-claim",
        "by",
    ],
)
def test_a_broken_undo_or_ending_is_refused_in_one_line(logged, change, says):
    error = mutate(logged, lambda data: change(data["rounds"][0]))
    assert says in str(error) and "round 1" in str(error) and "\n" not in str(error)


def test_games_marks_the_games_with_undos_and_counts_them(capsys, data_dir):
    from hjerterfri.cli import main
    from hjerterfri.gamelog import new_log_path

    t = a_game_with_undos()
    t.run(human=LowestBot())
    assert t.game.is_over()
    save(t.record, new_log_path(t.record))
    clean = Table.new(preset("dansk"), 8, ["Ida", "Bo", "Cy", "Di"], "middel", local_players(), human=0)
    clean.run(human=LowestBot())
    save(clean.record, new_log_path(clean.record))
    assert main(["games", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.count("↶ 4 undos") == 1
    assert "games with undo:    1 of 2 (50%)" in out


def test_the_transcript_and_the_replay_show_each_undo_and_the_end_at_once(capsys, tmp_path):
    import asyncio

    from hjerterfri.cli import main
    from hjerterfri.tui.replay import ReplayApp, marks

    t = a_game_with_undos()
    path = tmp_path / "g.json"
    save(t.record, path)
    assert main(["replay", str(path), "--text", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    _, _, second, third = t.record.undos
    assert out.count("↶ Ida took back the pass ") == 2 and out.count("↶ Ida took back ") == 4
    first_round = out[: out.index("Round 2")] if "Round 2" in out else out
    passes, tricks = first_round.index("↶ Ida took back the pass "), first_round.index(" ›")
    assert passes < tricks  # under the passes, not after the tricks as if taken back after them
    assert first_round.index(f"after {second.kept} cards") < tricks  # not under the totals, as if in the next round
    assert f"after {second.kept} cards" in out and f"after {third.kept} cards" in out
    assert f"No points left after {t.record.endings[0].at} cards" in out

    record = load(path, lenient=True)
    found = marks(record.record, ReplayApp(record, "en").texts)
    assert third.kept < second.kept  # the later undo went further back: both are shown where play went on
    assert found[(0, True, third.kept)] == ["↶ Ida took back 2 times"]  # one mark for both: the line holds it
    assert found[(0, False, 0)] == ["↶ Ida took back 2 times"]  # the passes, at the deal
    assert [m for ms in found.values() for m in ms if "claims" in m or "No points left" in m]

    async def shown() -> str:
        app = ReplayApp(record, "en")
        async with app.run_test(size=(100, 30)) as pilot:
            at = (0, True, third.kept)
            step = next(i for i, s in enumerate(app.steps) if (s.round_index, s.passed, s.cards) == at)
            app.go(step)
            await pilot.pause()
            return str(app.query_one("#status").content)

    assert "↶ Ida took back" in asyncio.run(shown())
