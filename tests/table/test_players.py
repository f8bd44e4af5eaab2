"""Supervised bots: whatever a bot does (raise, junk, a card it lacks, an illegal card, a wrong pass, recursion,
a timeout, a crash), the table plays let's card instead and says what went wrong."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from hjerterfri.cards import Card
from hjerterfri.engine import Round
from hjerterfri.rules import preset
from hjerterfri.table import FaultKind, LocalPlayer, ProcessPlayer
from hjerterfri.table.players import command_for, decide, fallback

BADBOT = Path(__file__).parent.parent / "data" / "bots" / "badbot.py"


def exec_spec(mode: str) -> str:
    return f"exec:{sys.executable} {BADBOT} {mode}"


def positions():
    """A view for a pass and a view for a play with more than one legal card."""
    r = Round.deal(preset("dansk"), seed=6, number=1)
    passing = r.view(0)
    for seat in range(4):
        r.pass_cards(seat, r.hand_cards(seat)[:3])
    r.play(r.legal_plays()[0])
    while len(r.legal_plays()) < 2:
        r.play(r.legal_plays()[0])
    return passing, r.view(r.turn)


PASSING, PLAYING = positions()


class Raises:
    def choose_pass(self, view):
        raise ValueError("boom")

    def choose_play(self, view):
        raise ValueError("boom")


class Answers:
    def __init__(self, play, passes=None):
        self.play = play
        self.passes = passes

    def choose_pass(self, view):
        return self.passes

    def choose_play(self, view):
        return self.play


class Recurses:
    def choose_pass(self, view):
        return self.choose_pass(view)

    def choose_play(self, view):
        return self.choose_play(view)


class Sleeps:
    def choose_pass(self, view):
        time.sleep(5)

    def choose_play(self, view):
        time.sleep(5)


def not_held(view) -> Card:
    return next(c for c in (Card.parse(t) for t in ("AS", "KS", "QS", "AH", "KH")) if not view.hand_mask >> c & 1)


def illegal(view) -> Card:
    return next(c for c in view.hand if c not in view.legal_plays)


@pytest.mark.parametrize(
    ("bot", "kind"),
    [
        (Raises(), FaultKind.RAISED),
        (Answers(None), FaultKind.JUNK),
        (Answers("QS"), FaultKind.JUNK),
        (Answers(not_held(PLAYING)), FaultKind.NOT_HELD),
        (Answers(illegal(PLAYING)), FaultKind.ILLEGAL),
        (Recurses(), FaultKind.RAISED),
    ],
    ids=["raises", "none", "a-string", "not-held", "illegal", "recursion"],
)
def test_a_faulty_play_is_replaced_by_lets_card(bot, kind):
    decision = decide(LocalPlayer(bot), PLAYING.seat, "play", PLAYING)
    assert decision.fault is not None and decision.fault.kind is kind
    assert decision.cards == fallback("play", PLAYING)
    assert decision.cards[0] in PLAYING.legal_plays


@pytest.mark.parametrize(
    ("passes", "kind"),
    [
        (None, FaultKind.JUNK),
        ("AS KS QS", FaultKind.JUNK),
        (PASSING.hand[:2], FaultKind.WRONG_COUNT),
        ([PASSING.hand[0]] * 3, FaultKind.WRONG_COUNT),
        ([*PASSING.hand[:2], not_held(PASSING)], FaultKind.NOT_HELD),
    ],
    ids=["none", "a-string", "two-cards", "one-card-thrice", "not-held"],
)
def test_a_faulty_pass_is_replaced_by_lets_pass(passes, kind):
    decision = decide(LocalPlayer(Answers(None, passes)), 0, "pass", PASSING)
    assert decision.fault is not None and decision.fault.kind is kind
    assert decision.cards == fallback("pass", PASSING) and len(decision.cards) == 3
    if passes == [PASSING.hand[0]] * 3:  # it said "passed 3 cards ...; 3 are passed"
        assert "passed one card more than once" in decision.fault.detail


def test_a_list_of_cards_for_a_play_is_named_as_cards():
    cards = PLAYING.legal_plays[:2]
    decision = decide(LocalPlayer(Answers(cards)), PLAYING.seat, "play", PLAYING)
    assert decision.fault is not None and decision.fault.kind is FaultKind.JUNK
    assert decision.fault.detail == f"answered [{cards[0]}, {cards[1]}], not a card"  # not [Card.parse('3D'), ...]


def test_a_good_answer_passes_the_checks():
    decision = decide(LocalPlayer(Answers(PLAYING.legal_plays[-1], PASSING.hand[-3:])), PLAYING.seat, "play", PLAYING)
    assert decision.fault is None and decision.cards == (PLAYING.legal_plays[-1],)
    passed = decide(LocalPlayer(Answers(None, PASSING.hand[-3:])), 0, "pass", PASSING)
    assert passed.fault is None and passed.cards == tuple(PASSING.hand[-3:])


def test_the_alarm_stops_a_bot_in_this_process_at_its_limit():
    start = time.perf_counter()
    decision = decide(LocalPlayer(Sleeps(), alarm=True), PLAYING.seat, "play", PLAYING, limit=0.2)
    assert time.perf_counter() - start < 2
    assert decision.fault is not None and decision.fault.kind is FaultKind.TIMEOUT


def test_without_the_alarm_a_slow_answer_is_still_a_fault():
    class Slow(Answers):
        def choose_play(self, view):
            time.sleep(0.3)
            return view.legal_plays[0]

    decision = decide(LocalPlayer(Slow(None)), PLAYING.seat, "play", PLAYING, limit=0.1)
    assert decision.fault is not None and decision.fault.kind is FaultKind.TIMEOUT


@pytest.mark.parametrize(
    ("mode", "kind"),
    [
        ("crash", FaultKind.CRASHED),
        ("junk", FaultKind.PROTOCOL),
        ("wrong", FaultKind.NOT_HELD),
        ("raise", FaultKind.RAISED),
        ("hang", FaultKind.TIMEOUT),
    ],
)
def test_a_bot_program_that_fails_is_replaced_and_started_again(mode, kind, tmp_path):
    player = ProcessPlayer(command_for(exec_spec(mode)), PLAYING.seat, 1, tmp_path / "bot.txt")
    try:
        start = time.perf_counter()
        limit = 2 if mode == "hang" else 30  # generous where the answer comes: a busy machine is slow
        decision = decide(player, PLAYING.seat, "play", PLAYING, limit=limit)
        assert time.perf_counter() - start < limit + 10
        assert decision.fault is not None and decision.fault.kind is kind, decision.fault
        assert decision.cards == fallback("play", PLAYING)
        if mode == "hang":  # the wait counted, not the program's ending after it (0.2 s more, in the arena's column)
            assert decision.seconds <= limit
        # The next question still gets an answer: passing works in every mode (the program restarts if need be).
        passed = decide(player, 0, "pass", PASSING, limit=30)
        assert passed.fault is None and passed.cards == tuple(PASSING.hand[:3]), passed.fault
    finally:
        player.close()
    assert player._process is None


def test_a_bot_program_that_never_says_hello_is_a_fault(monkeypatch):
    monkeypatch.setattr("hjerterfri.table.players.START_LIMIT", 0.5)
    player = ProcessPlayer(command_for(exec_spec("silent")), 0, 1)
    decision = decide(player, 0, "pass", PASSING, limit=1)
    player.close()
    assert decision.fault is not None and decision.fault.kind is FaultKind.TIMEOUT
    assert decision.seconds == 0  # a start that failed is not thinking time either (it was counted)


def test_a_bot_program_that_fails_to_start_three_times_in_a_row_is_not_started_again(monkeypatch):
    """Each decision started it anew: a program that never said hello cost twenty seconds a decision."""
    monkeypatch.setattr("hjerterfri.table.players.START_LIMIT", 0.3)
    player = ProcessPlayer(command_for(exec_spec("silent")), 0, 1)
    started = []
    start = player.start
    monkeypatch.setattr(player, "start", lambda: (started.append(1), start()))
    faults = [decide(player, 0, "pass", PASSING, limit=1).fault for _ in range(5)]
    player.close()
    assert len(started) == 3
    assert all(f is not None for f in faults)
    assert [f.kind for f in faults[3:]] == [FaultKind.CRASHED] * 2  # type: ignore[union-attr]
    assert "failed to start 3 times in a row" in faults[4].detail  # type: ignore[union-attr]


def test_a_start_that_succeeds_clears_the_failed_ones(monkeypatch):
    player = ProcessPlayer(command_for(exec_spec("ok")), PLAYING.seat, 1)
    player._failed_starts = 2
    try:
        assert decide(player, PLAYING.seat, "play", PLAYING, limit=30).fault is None
    finally:
        player.close()
    assert player._failed_starts == 0


def test_a_program_that_never_says_hello_is_a_fault_even_without_a_limit(monkeypatch):
    monkeypatch.setattr("hjerterfri.table.players.START_LIMIT", 0.5)
    player = ProcessPlayer(command_for(exec_spec("silent")), 0, 1)
    decision = decide(player, 0, "pass", PASSING, limit=None)
    player.close()
    assert decision.fault is not None and decision.fault.kind is FaultKind.TIMEOUT
    assert "no hello within 0.5 s" in decision.fault.detail


def test_a_programs_start_does_not_count_against_its_time():
    player = ProcessPlayer(command_for(exec_spec("slowstart")), PLAYING.seat, 1)
    try:
        decision = decide(player, PLAYING.seat, "play", PLAYING, limit=1)
    finally:
        player.close()
    assert decision.fault is None and decision.seconds < 1


def test_a_program_that_cannot_start_is_a_fault():
    player = ProcessPlayer(["/nonexistent/bot-program"], 0, 1)
    decision = decide(player, 0, "pass", PASSING, limit=1)
    assert decision.fault is not None and decision.fault.kind is FaultKind.CRASHED
    assert "cannot start" in decision.fault.detail


def test_a_bot_programs_stderr_goes_to_its_file(tmp_path):
    err = tmp_path / "bots" / "seat-1.txt"
    player = ProcessPlayer(command_for(exec_spec("noisy")), PLAYING.seat, 1, err)
    decision = decide(player, PLAYING.seat, "play", PLAYING, limit=10)
    player.close()
    assert decision.fault is None
    assert "thinking hard" in err.read_text()


def test_a_debug_line_on_standard_output_is_named_with_where_it_belongs():
    player = ProcessPlayer(command_for(exec_spec("junk")), PLAYING.seat, 1)
    try:
        decision = decide(player, PLAYING.seat, "play", PLAYING, limit=30)
    finally:
        player.close()
    assert decision.fault is not None
    said = "wrote 'this is not json', no JSON line (debug output goes to standard error)"
    assert decision.fault.detail == said
    danish = decision.fault.message.say("da")  # in the player's language: it was English in a Danish line
    assert (
        danish
        == "protocol: skrev 'this is not json', ingen JSON-linje (fejlsøgningsudskrifter skal til standard error)"
    )


def test_a_reply_to_another_request_names_the_reply_wanted():
    """It said "expected the reply to pass 1", which reads as "pass one card"."""
    from hjerterfri import protocol

    with pytest.raises(protocol.ProtocolError) as e:
        protocol.reply_cards({"type": "pass", "id": "1", "cards": []}, "pass", 1)
    assert str(e.value).startswith('expected the reply to request 1, {"type":"pass","id":1,...}, got')


def test_what_was_wrong_with_a_programs_answer_is_written_in_its_log(tmp_path):
    """The app's notice names the kind of fault in the player's language; the card the bot sent, and what the
    table did instead, go to the bot's log for its writer (they were in the arena's lines only)."""
    err = tmp_path / "bots" / "seat-1.txt"
    player = ProcessPlayer(command_for(exec_spec("wrong")), PLAYING.seat, 1, err)
    try:
        decision = decide(player, PLAYING.seat, "play", PLAYING, limit=30)
    finally:
        player.close()
    assert decision.fault is not None
    instead = " ".join(map(str, decision.cards))
    trick = len(PLAYING.tricks) + 1
    where = f"round 1, seat {decision.seat}, trick {trick}"  # the seat: one program may play several
    line = f"--- hjerterfri: {where}: {decision.fault}; played {instead} instead, as let would\n"
    assert err.read_text().endswith(line)
    assert "not-held: played" in line


def test_a_served_bot_that_prints_does_not_break_the_protocol(tmp_path, monkeypatch):
    """What a Python bot prints goes to its log, not into the protocol's lines (each play was a fault)."""
    monkeypatch.chdir(Path(__file__).parent.parent.parent)  # the served bot imports tests.table.helpers
    err = tmp_path / "seat-1.txt"
    player = ProcessPlayer(command_for("tests.table.helpers:Chatty"), PLAYING.seat, 1, err)
    try:
        decision = decide(player, PLAYING.seat, "play", PLAYING, limit=30)
    finally:
        player.close()
    assert decision.fault is None
    assert "thinking about" in err.read_text() and "and more" in err.read_text()


@pytest.mark.parametrize("spec", ["middel", "tests.table.helpers:UncappedSvaer"])
def test_hjerterfri_bot_serves_a_bot_with_the_same_decisions_as_in_process(spec, monkeypatch):
    """``hjerterfri bot SPEC`` over the protocol decides as the bot does in this process (svær without its
    wall-clock safety net, which a busy machine could trip in one run and not the other)."""
    from hjerterfri.bots import make_bot

    monkeypatch.chdir(Path(__file__).parent.parent.parent)  # the served bot imports tests.table.helpers
    player = ProcessPlayer(command_for(spec), 0, 5)
    local = make_bot(spec, 5)
    try:
        r = Round.deal(preset("dansk"), seed=11, number=2)
        for seat in range(4):
            view = r.view(seat)
            served = decide(player, seat, "pass", view, limit=60)
            assert served.fault is None and list(served.cards) == list(local.choose_pass(view))
            r.pass_cards(seat, served.cards)
        while not r.is_over:
            view = r.view(r.turn)
            served = decide(player, r.turn, "play", view, limit=60)
            assert served.fault is None and served.cards == (local.choose_play(view),)
            r.play(served.cards[0])
    finally:
        player.close()


def test_with_two_decks_a_card_held_twice_may_be_passed_twice_and_one_held_once_may_not():
    r = next(r for seed in range(50) if (r := Round.deal(preset("svensk", 8), seed, 1)).doubles[0])
    view = r.view(0)
    twice = next(c for c in view.hand if view.hand.count(c) == 2)
    once = next(c for c in view.hand if view.hand.count(c) == 1)
    good = decide(LocalPlayer(Answers(None, [twice, twice, once])), 0, "pass", view)
    assert good.fault is None and good.cards == (twice, twice, once)
    bad = decide(LocalPlayer(Answers(None, [once, once, twice])), 0, "pass", view)
    assert bad.fault is not None and bad.fault.kind is FaultKind.NOT_HELD
    assert f"passed {once} twice, but holds it once" in str(bad.fault)


def test_a_bots_long_error_is_cut_to_one_line():
    class Rambles:
        def choose_pass(self, view):
            raise ValueError("why " * 2000)

        choose_play = choose_pass

    decision = decide(LocalPlayer(Rambles()), PLAYING.seat, "play", PLAYING, limit=10)
    assert decision.fault is not None and decision.fault.detail.startswith("ValueError: why why")
    assert len(decision.fault.detail) == 120 and decision.fault.detail.endswith("…")


def test_closing_a_bot_program_ends_what_it_started():
    """A wrapper (``sh -c``, a start script) whose real bot hangs: the real bot is ended with it."""
    import subprocess

    wrapper = ["sh", "-c", f"'{sys.executable}' '{BADBOT}' hang; true"]  # sh waits for its child
    player = ProcessPlayer(wrapper, PLAYING.seat, 1)
    player.prepare()  # the hello comes from the child: it is running
    assert player._process is not None
    ps = ["ps", "-o", "pid=", "--ppid", str(player._process.pid)]
    children = [int(pid) for pid in subprocess.run(ps, capture_output=True, text=True).stdout.split()]
    assert children
    decision = decide(player, PLAYING.seat, "play", PLAYING, limit=0.5)  # the timeout closes it
    assert decision.fault is not None and decision.fault.kind is FaultKind.TIMEOUT
    player.close()
    for _ in range(50):
        if not any(running(pid) for pid in children):
            break
        time.sleep(0.05)
    assert not any(running(pid) for pid in children)


def running(pid: int) -> bool:
    """The process is there and not a zombie (Linux's /proc)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_a_bot_programs_log_keeps_at_most_its_limit(tmp_path, monkeypatch):
    """A bot writing without end to standard error fills neither the disk nor its pipe."""
    monkeypatch.setattr("hjerterfri.table.players.STDERR_LIMIT", 1000)
    err = tmp_path / "seat-1.txt"
    command = ["sh", "-c", f"head -c 300000 /dev/zero >&2; exec '{sys.executable}' '{BADBOT}' ok"]
    player = ProcessPlayer(command, PLAYING.seat, 1, err)
    decision = decide(player, PLAYING.seat, "play", PLAYING, limit=30)
    player.close()
    assert decision.fault is None
    text = err.read_text()
    assert text.count("\x00") == 1000 and "cut here" in text and len(text) < 1300


def test_a_plain_int_is_no_card_even_where_it_is_a_legal_cards_number():
    """A Card is an int; a bot answering with an int (an index into its hand, say) gave no card."""
    legal = PLAYING.legal_plays[0]
    decision = decide(LocalPlayer(Answers(int(legal))), PLAYING.seat, "play", PLAYING)
    assert decision.fault is not None and decision.fault.kind is FaultKind.JUNK
    passed = decide(LocalPlayer(Answers(None, [int(c) for c in PASSING.hand[-3:]])), 0, "pass", PASSING)
    assert passed.fault is not None and passed.fault.kind is FaultKind.JUNK


def test_cards_given_as_text_by_a_bot_in_this_process_say_how_to_give_a_card():
    decision = decide(LocalPlayer(Answers("4c", ["KS", "QD", "JC"])), PLAYING.seat, "play", PLAYING)
    assert (
        decision.fault is not None
        and decision.fault.detail == "answered '4c', not a card (cards as text are read by Card.parse)"
    )
    passed = decide(LocalPlayer(Answers(None, ["KS", "QD", "JC"])), 0, "pass", PASSING)
    assert passed.fault is not None and passed.fault.detail.endswith(
        "not a list of cards (cards as text are read by Card.parse)"
    )


def test_a_programs_lines_are_read_in_blocks_not_byte_by_byte():
    """The pipe is unbuffered; its readline read one byte at a time: 0.7 s of CPU for a line of a megabyte."""
    import io
    import os
    import queue
    import threading

    from hjerterfri.table.players import _read_lines

    class Counted(io.FileIO):
        reads = 0

        def read(self, size: int = -1) -> bytes | None:
            Counted.reads += 1
            return super().read(size)

        def readinto(self, buffer) -> int | None:  # type: ignore[override]
            Counted.reads += 1
            return super().readinto(buffer)

    out, into = os.pipe()
    line = b'{"type": "hello", "pad": "' + b"x" * 500_000 + b'"}\n'
    writer = threading.Thread(target=lambda: (os.write(into, line * 2), os.close(into)))
    writer.start()

    class Process:
        stdout = Counted(out, "rb")

    lines: queue.Queue[bytes | None] = queue.Queue()
    _read_lines(Process(), lines)  # type: ignore[arg-type]
    writer.join()
    assert [lines.get(), lines.get(), lines.get()] == [line, line, None]
    assert Counted.reads < 100


def test_a_programs_hello_seed_says_nothing_of_the_deal():
    """A program's hello carried its seat's seed, worked out from the game's seed (game * 4 + seat; in the
    arena seed * 16 + index): a tester's bot dealt every round again from it and saw every hand. A program
    now gets a random seed; hjerterfri's own bots, served as programs, still get the seat's."""
    from hjerterfri.table import local_players, process_players

    for factory in (local_players(), process_players()):
        seeds = {factory(1, exec_spec("ok"), 12345).seed for _ in range(5)}
        assert 12345 not in seeds and len(seeds) > 1
    assert process_players()(1, "middel", 12345).seed == 12345


def test_a_closed_program_ends_its_decision_and_is_not_started_again(tmp_path):
    """Quitting while the bots passed: the hung program was ended, but the next seats' programs were started
    and their time limits waited out (twenty seconds, the window blank), and the quit was written into the
    bot's log as its crash."""
    import threading

    log = tmp_path / "bot.txt"
    player = ProcessPlayer(command_for(exec_spec("hang")), PLAYING.seat, 1, log)
    player.prepare()
    done = []
    asking = threading.Thread(target=lambda: done.append(decide(player, PLAYING.seat, "play", PLAYING, limit=30)))
    asking.start()
    time.sleep(0.5)
    start = time.perf_counter()
    player.close()
    asking.join(10)
    assert done and time.perf_counter() - start < 5  # the decision in flight ended with the program
    later = decide(player, 0, "pass", PASSING, limit=30)
    assert later.fault is not None and player._process is None  # not started again
    assert "hjerterfri:" not in log.read_text()  # the quit is not the bot's fault
