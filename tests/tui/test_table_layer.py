"""The app on the table layer: a faulty bot is one line and the game goes on, the human anywhere at the table,
a continued game of three or five (or with rules of its own) deals its next game alike, a crash is one line."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from hjerterfri.cards import CARDS, cards_of
from hjerterfri.gamelog import GameRecord, Seat, load, save
from hjerterfri.launch import continue_app
from hjerterfri.rules import preset
from hjerterfri.table import LocalPlayer, Table, local_players
from hjerterfri.table.autosave import Autosave
from hjerterfri.table.variants import game_rules
from hjerterfri.tui.app import HjerterfriApp
from hjerterfri.tui.screens.summary import GameEndScreen
from hjerterfri.tui.screens.table import TableScreen

from ..logs.helpers import state
from .helpers import LOWEST, LowestBot, fast_settings, lowest_players, play_to_the_end, settle, sync
from .test_continue import args_for, human_acts

BADBOT = Path(__file__).parent.parent / "data" / "bots" / "badbot.py"


class RaisesOnPlay(LowestBot):
    def choose_play(self, view):
        raise ValueError("the bot's own bug")


class AnswersJunk(LowestBot):
    def choose_play(self, view):
        return "QS"


class PlaysWhatItLacks(LowestBot):
    def choose_play(self, view):
        return next(c for c in CARDS if not view.hand_mask >> c & 1)


class PlaysIllegally(LowestBot):
    def choose_play(self, view):
        illegal = [c for c in view.hand if c not in view.legal_plays]
        return illegal[0] if illegal else view.legal_plays[0]


class PassesTwo(LowestBot):
    def choose_pass(self, view):
        return view.hand[:2]


class Recurses(LowestBot):
    def choose_play(self, view):
        return self.choose_play(view)


def bad_bot_program(mode: str) -> str:
    return f"exec:{sys.executable} {BADBOT} {mode}"


FAULTS = {
    "raises": (RaisesOnPlay, "ValueError"),
    "junk": (AnswersJunk, "its answer was no card"),
    "not-held": (PlaysWhatItLacks, "does not hold"),
    "illegal": (PlaysIllegally, "rules do not allow"),
    "wrong-pass": (PassesTwo, "wrong number of cards"),
    "recursion": (Recurses, "RecursionError"),
    "crash": ("crash", "its program stopped"),
    "hang": ("hang", "no answer in time"),
    "junk-line": ("junk", "broke the bot protocol"),
}


@pytest.mark.parametrize("fault", FAULTS)
@sync
async def test_a_faulty_bot_is_one_notice_and_the_round_and_its_log_go_on(fault, tmp_path):
    bot, words = FAULTS[fault]
    local = local_players()

    def make(seat: int, spec: str, seed: int):
        if seat != 2:
            return LocalPlayer(LowestBot())
        return local(seat, spec, seed) if isinstance(bot, str) else LocalPlayer(bot())

    spec = bad_bot_program(bot) if isinstance(bot, str) else "tests.tui.helpers:LowestBot"
    names = ["Ida", "A", "Broken", "C"]
    table = Table.new(preset("dansk"), 4, names, ["", LOWEST, spec, LOWEST], make, limit=2)
    app = HjerterfriApp(fast_settings("en"), table=table, make_player=make, on_table=Autosave(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(300):
            await settle(pilot)
            if table.round.is_over:
                break
            await human_acts(pilot)
        assert table.round.is_over
        notices = [n.message for n in app._notifications]
        assert notices and all("Broken" in n and words in n for n in notices), notices
        assert all(n.count("\n") == 0 for n in notices)
        assert all(spec not in n and len(n) < 110 for n in notices), notices  # short: 5 lines a notice at 80x24
        if fault in ("raises", "junk", "not-held"):  # a fault at every play: one notice while it shows
            assert len(notices) <= 2, notices
        if fault == "wrong-pass":  # it said "K♥ A♥ is played instead"; then it named a bot's pass to a bot
            passed = cards_of(table.game.rounds[0].passed[2])
            assert all(n.endswith("3 cards are passed instead") for n in notices), notices
            assert not any(str(card) in n or app.texts.card_short(card) in n for card in passed for n in notices)
    table.close()
    assert state(load(table.record.path).game) == state(table.game)  # the log is valid and whole


@pytest.mark.parametrize("human", [1, 2, 3])
@sync
async def test_the_human_at_any_seat_sits_at_the_bottom_and_plays_to_the_end(human, tmp_path):
    rules = dataclasses.replace(preset("dansk"), target=30)
    names = ["N0", "N1", "N2", "N3"]
    table = Table.new(rules, 9, names, "tests.tui.helpers:LowestBot", lowest_players, human=human)
    app = HjerterfriApp(fast_settings("en"), table=table, make_player=lowest_players)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.me == human
        me = str(screen.query_one("#me").render())
        assert f"N{human}" in me
        panels = {p.id: str(p.render()) for p in screen.query(".seat") if p.display}
        assert sorted(next(n for n in names if n in text) for text in panels.values()) == sorted(
            n for n in names if n != f"N{human}"
        )
        await play_to_the_end(pilot, screen)
        outcome = table.game.outcome()
        assert outcome is not None
        text = str(app.screen.query_one("#result").render())
        if outcome.winners == (human,):
            assert "You win" in text
        else:
            assert "You win" not in text


def _nearly_over(rules, tmp_path: Path, human: int = 0) -> Path:
    """A saved game one round from its end (the target is low), the human at ``human``."""
    names = ["Ida", "Bo", "Cy", "Di", "Ek"][: rules.players]
    seats = tuple(Seat(n) if s == human else Seat(n, "let", s) for s, n in enumerate(names))
    record = GameRecord.new(dataclasses.replace(rules, target=1), 12, seats)
    path = tmp_path / "nearly.json"
    save(record, path)
    return path


@pytest.mark.parametrize(
    "rules",
    [
        game_rules("dansk", 3),
        game_rules("svensk", 5),
        game_rules("dansk", 3, "left-right"),
        game_rules("svensk", 3, "no-two"),
    ],
    ids=["dansk-3", "svensk-5", "dansk-3-left-right", "svensk-3-no-two"],
)
@sync
async def test_a_continued_game_deals_its_next_game_at_the_same_table(rules, tmp_path):
    path = _nearly_over(rules, tmp_path, human=1)
    app = continue_app(args_for("continue", str(path)))
    assert isinstance(app, HjerterfriApp)
    app.settings = fast_settings()
    app.make_player = local_players()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_to_the_end(pilot, app.screen)
        assert isinstance(app.screen, GameEndScreen)
        old = app.table
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        new = app.table
        assert new is not old and new.rules == old.rules and new.rules.players == rules.players
        assert new.names == old.names and new.human == 1
        assert [s.bot for s in new.seats] == [s.bot for s in old.seats]
        assert new.seed == old.seed + 1 and new.record.path != old.record.path


@sync
async def test_a_game_whose_rules_are_no_preset_deals_its_next_game_too(tmp_path):
    path = _nearly_over(dataclasses.replace(preset("dansk-hus"), name="vores-hus"), tmp_path)
    app = continue_app(args_for("continue", str(path)))
    assert isinstance(app, HjerterfriApp)
    app.settings = fast_settings()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_to_the_end(pilot, app.screen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.table.rules.name == "vores-hus"
        assert "vores-hus" in str(app.screen.query_one("#header").render())


@sync
async def test_a_crash_writes_a_report_and_ends_with_status_1(tmp_path):
    table = Table.new(preset("dansk"), 3, ["Ida", "A", "B", "C"], "tests.tui.helpers:LowestBot", lowest_players)
    app = HjerterfriApp(fast_settings(), table=table, make_player=lowest_players, crash_dir=tmp_path)

    def broken() -> None:
        raise RuntimeError("a bug in the interface")

    with pytest.raises(RuntimeError):  # the test harness re-raises it; a real run exits with the report
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.screen.action_scores = broken  # type: ignore[method-assign]
            await pilot.press("s")
            await pilot.pause()
    assert app.return_code == 1
    report = app.crash_report
    assert report is not None and report.parent == tmp_path
    text = report.read_text()
    assert "a bug in the interface" in text and "Traceback" in text


def test_a_crash_of_the_real_program_is_one_line_and_a_non_zero_status(tmp_path):
    """Run the app in a pseudo-terminal with a bug planted by a sitecustomize module: one line, status 1."""
    from tests.tui.pty_run import run_in_pty

    plant = tmp_path / "plant"
    plant.mkdir()
    (plant / "sitecustomize.py").write_text(
        "from hjerterfri.tui.screens import table\n"
        "def broken(self):\n    raise RuntimeError('planted bug')\n"
        "table.TableScreen.action_scores = broken\n"
    )
    result = run_in_pty(
        [sys.executable, "-m", "hjerterfri", "--seed", "1", "--name", "Ida", "--lang", "en"],
        ready="Round 1",
        keys=["s"],
        env={"PYTHONPATH": str(plant), "HJERTERFRI_DATA_DIR": str(tmp_path / "data")},
    )
    assert result.status == 1
    assert "hjerterfri crashed; the report is in" in result.last_line
    report = Path(result.last_line.split(" is in ", 1)[1].strip())
    assert report.parent == tmp_path / "data" and "planted bug" in report.read_text()


def test_quitting_while_a_bot_never_answers_ends_the_program_at_once(tmp_path):
    """A bot program that never answers a play: q and y end hjerterfri within a few seconds, bot and all."""
    from tests.tui.pty_run import run_in_pty

    bots = f"exec:{sys.executable} {BADBOT} hang"
    result = run_in_pty(
        [sys.executable, "-m", "hjerterfri", "--seed", "2", "--name", "Ida", "--lang", "en", "--bots", bots],
        ready="Choose 3 cards",
        keys=["space", "right", "space", "right", "space", "p", "SLEEP:1.5", "enter", "SLEEP:1.5", "q", "y"],
        env={"HJERTERFRI_DATA_DIR": str(tmp_path / "data")},
        timeout=30,
    )
    assert result.status == 0
    assert result.seconds_after_last_key < 5
    assert not result.children_alive, "the bot's program outlived the game"


@pytest.mark.parametrize("signal", ["TERM", "HUP"])
def test_a_signal_while_a_bot_never_answers_ends_the_program_bot_and_all(tmp_path, signal):
    """SIGTERM, or SIGHUP from a terminal closed, ended hjerterfri and left the thinking bot's program running."""
    from tests.tui.pty_run import run_in_pty

    bots = f"exec:{sys.executable} {BADBOT} hang"
    result = run_in_pty(
        [sys.executable, "-m", "hjerterfri", "--seed", "2", "--name", "Ida", "--lang", "en", "--bots", bots],
        ready="Choose 3 cards",
        keys=["space", "right", "space", "right", "space", "p", "SLEEP:1.5", "enter", "SLEEP:1.5", f"SIGNAL:{signal}"],
        env={"HJERTERFRI_DATA_DIR": str(tmp_path / "data")},
        timeout=30,
    )
    assert result.status == 128 + {"TERM": 15, "HUP": 1}[signal]
    assert result.seconds_after_last_key < 5
    assert not result.children_alive, "the bot's program outlived the game"
    assert "Traceback" not in result.screen


class WaitsForTheOthers(LowestBot):
    """Passes only once all three bots are passing at the same moment (a barrier): asked one after
    another, the first waits in vain, and its pass is a fault."""

    def __init__(self, barrier) -> None:
        self.barrier = barrier

    def choose_pass(self, view):
        self.barrier.wait()
        return super().choose_pass(view)


@sync
async def test_the_bots_pass_all_at_once():
    """The passes were asked one bot after another: three svær programs cost three waits at every round's
    start (1.5 s against 0.9 s here, all at once)."""
    import threading

    barrier = threading.Barrier(3, timeout=5)
    table = Table.new(
        preset("dansk"),
        3,
        ["You", "A", "B", "C"],
        LOWEST,
        lambda s, spec, seed: LocalPlayer(WaitsForTheOthers(barrier)),
    )
    faults = []
    table.listeners.append(lambda _t, e: faults.append(e.decision.fault) if e.decision else None)
    app = HjerterfriApp(fast_settings("en"), table=table, make_player=lowest_players)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(200):
            if len(faults) == 3:
                break
            await pilot.pause(0.05)
        assert faults == [None, None, None]
