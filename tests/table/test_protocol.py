"""The bot protocol's data: every view survives JSON and back; broken lines are refused with a reason."""

from __future__ import annotations

import io
import json
import random

import pytest

from hjerterfri import protocol
from hjerterfri.botserver import serve
from hjerterfri.engine import Round
from hjerterfri.rules import preset
from hjerterfri.table.variants import game_rules

TABLES = [
    preset("dansk"),
    preset("svensk"),
    preset("dansk", 3),
    preset("svensk", 5),
    game_rules("svensk", 3, "no-two"),
    preset("svensk", 7),
    game_rules("svensk", 8, no_pass=True),
]


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.name}-{r.players}-{r.odd_cards.value}")
def test_every_view_of_random_rounds_survives_json_and_back(rules):
    rng = random.Random(rules.players)
    for number in (1, 2, 3):
        r = Round.deal(rules, rng.getrandbits(32), number)
        views = []
        while not r.is_over:
            if r.phase.value == "passing":
                for seat in range(rules.players):
                    views.append(r.view(seat, (10, 20, 30, 40, 50, 60, 70, 80)[: rules.players]))
                    r.pass_cards(seat, rng.sample(r.hand_cards(seat), rules.pass_count))
            else:
                views.extend(r.view(s) for s in range(rules.players))
                r.play(rng.choice(r.legal_plays()))
        views.extend(r.view(s) for s in range(rules.players))
        for view in views:
            line = protocol.encode(protocol.request("play", 1, view))
            assert protocol.view_from_json(protocol.decode(line)["view"]) == view


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"not json\n", "not a JSON line"),
        (b"[1, 2]\n", "not a message"),
        (b'{"kind": "play"}\n', "not a message"),
        (b"\xff\xfe\n", "not a JSON line"),
        (b'{"type": "play", "id": NaN}\n', "NaN is not JSON"),
        (b'{"type": "play", "id": 1e400}\n', "too large"),
    ],
)
def test_a_broken_line_is_refused_with_its_reason(line, reason):
    with pytest.raises(protocol.ProtocolError, match=reason):
        protocol.decode(line)


def test_a_line_too_long_is_refused():
    with pytest.raises(protocol.ProtocolError, match="allows"):
        protocol.decode(b"x" * (protocol.MAX_LINE + 1))


def test_a_view_with_a_field_missing_or_wrong_is_refused():
    view = protocol.view_to_json(Round.deal(preset("dansk"), 1, 4).view(0))
    for key, value in (("hand", ["ZZ"]), ("seat", "zero"), ("rules", {"name": "x"}), ("voids", [["Q"]])):
        broken = {**view, key: value}
        with pytest.raises(protocol.ProtocolError):
            protocol.view_from_json(broken)
    with pytest.raises(protocol.ProtocolError, match="missing"):
        protocol.view_from_json({k: v for k, v in view.items() if k != "legal"})


def test_the_server_answers_a_session_and_reports_what_it_cannot_read():
    r = Round.deal(preset("dansk"), 2, 4)
    view = r.view(r.turn)
    lines = [
        protocol.encode(protocol.hello(seat=r.turn, seed=3)),
        b"garbage\n",
        protocol.encode(protocol.request("play", 1, view)),
        protocol.encode({"type": "bye"}),
    ]
    out = io.BytesIO()
    assert serve("middel", io.BytesIO(b"".join(lines)), out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert replies[0]["type"] == "hello" and replies[0]["protocol"] == protocol.NAME
    assert replies[1]["type"] == "error" and "not a JSON line" in replies[1]["message"]
    assert replies[2] == {"type": "play", "id": 1, "cards": [str(view.legal_plays[0])]}  # the two of clubs leads


def test_the_server_refuses_a_table_that_does_not_say_hello(capsys):
    assert serve("middel", io.BytesIO(b'{"type": "play"}\n'), io.BytesIO()) == 2
    assert "hello" in capsys.readouterr().err


@pytest.mark.parametrize("version", ["true", "1.0", '"1"'])
def test_a_hello_of_version_one_is_the_number_one(version):
    with pytest.raises(protocol.ProtocolError, match=f"protocol version '{version}';"):
        protocol.check_hello(
            protocol.decode(b'{"type":"hello","protocol":"hjerterfri-bot","version":%s}' % version.encode())
        )
    assert protocol.check_hello(protocol.decode(b'{"type":"hello","protocol":"hjerterfri-bot","version":1}'))


def test_the_server_says_when_its_input_ends_before_a_hello(capsys):
    assert serve("middel", io.BytesIO(b""), io.BytesIO()) == 2
    assert capsys.readouterr().err == "hjerterfri bot: the input ended before the table's hello\n"


def test_a_hand_with_a_card_twice_is_written_twice_and_read_back():
    """Issue 17: with two decks the view's hand, pass and receipt may name a card twice."""
    rules = preset("svensk", 8)
    r = next(r for seed in range(50) if (r := Round.deal(rules, seed, 1)).doubles[0])
    view = r.view(0)
    data = protocol.view_to_json(view)
    assert len(data["hand"]) == 13 and len(set(data["hand"])) < 13
    assert protocol.view_from_json(data) == view
    data["hand"] = [data["hand"][0]] * 3 + data["hand"][3:]
    with pytest.raises(protocol.ProtocolError, match="named three times"):
        protocol.view_from_json(data)


def test_the_server_answers_a_request_it_cannot_read_with_an_error_for_that_request():
    lines = [
        protocol.encode(protocol.hello(seat=0, seed=3)),
        b'{"type": "play", "id": 7, "view": {"seat": 0}}\n',
        b'{"type": "deal", "id": 8}\n',
    ]
    out = io.BytesIO()
    assert serve("middel", io.BytesIO(b"".join(lines)), out) == 0  # the end of its input ends it
    replies = [json.loads(line) for line in out.getvalue().splitlines()[1:]]
    assert replies[0] == {"type": "error", "id": 7, "message": "the view's field 'rules' is missing"}
    assert replies[1] == {"type": "error", "id": 8, "message": "unknown request 'deal'"}


def test_the_bot_command_refuses_a_program_before_reading_a_line(capsys):
    """``bot exec:ls`` was taken, then failed once the hello came; ``bot nosuch`` offered exec:COMMAND."""
    from hjerterfri.cli import main

    for spec, said in (
        ("exec:ls", "is a program of its own"),
        ("nosuch", "choose from easy, medium, hard or module:Class"),
    ):
        with pytest.raises(SystemExit) as e:
            main(["--lang", "en", "bot", spec])
        assert e.value.code == 2
        assert said in capsys.readouterr().err
