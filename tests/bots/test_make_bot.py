"""Bots by level name or import path; a bad spec is one clear line."""

from __future__ import annotations

import re

import pytest

from hjerterfri.bots import BotError, make_bot
from hjerterfri.bots.let import LetBot
from hjerterfri.bots.middel import MiddelBot
from hjerterfri.bots.svaer import SvaerBot


@pytest.mark.parametrize(
    ("spec", "cls"),
    [("let", LetBot), ("middel", MiddelBot), ("svær", SvaerBot), ("svaer", SvaerBot), ("SVÆR", SvaerBot),
     ("hjerterfri.bots.middel:MiddelBot", MiddelBot)],
)  # fmt: skip
def test_levels_and_paths(spec, cls):
    bot = make_bot(spec, 3)
    assert isinstance(bot, cls)
    assert bot.seed == 3


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("expert", "unknown bot 'expert'"),
        ("no_such_module_xyz:Bot", "no module 'no_such_module_xyz'"),
        ("no_such_package_xyz.bot:Bot", "no module 'no_such_package_xyz.bot'"),
        ("hjerterfri.no_such_bot:Bot", "no module 'hjerterfri.no_such_bot'"),
        ("hjerterfri.bots:NoSuchBot", "has no 'NoSuchBot'"),
        ("hjerterfri.cards:Suit", "is no bot"),
        ("hjerterfri.rules:PassDirection", "cannot build"),
        ("collections:OrderedDict", "is no bot"),
        (":", "unknown bot"),
    ],
)
def test_bad_specs(spec, words):
    with pytest.raises(BotError) as e:
        make_bot(spec)
    msg = str(e.value)
    assert words in msg
    assert "\n" not in msg


@pytest.mark.parametrize(
    ("source", "error"),
    [
        ("1 / 0\n", "ZeroDivisionError"),
        ("def (:\n", "SyntaxError"),
        ("import sys\nsys.exit(3)\n", "SystemExit"),
        ("import no_such_module_xyz\n", "ModuleNotFoundError"),  # it said "no module 'broken_...'", which is there
        ("from hjerterfri.bots.let import Let\n", "ImportError"),
    ],
)
def test_a_module_that_fails_as_it_is_imported_is_one_line(tmp_path, monkeypatch, source, error):
    (tmp_path / f"broken_{error.lower()}.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(BotError, match=f"importing module 'broken_{error.lower()}' failed \\({error}"):
        make_bot(f"broken_{error.lower()}:Bot")


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ('exec:"x', "quotation mark is not closed"),
        ("exec:", "names no program"),
        ("exec:/no/such/prog", "no program"),
        ("exec:/etc/passwd", "is not a program that can be run"),  # it said "no program '/etc/passwd' found"
        ("exec:/tmp", "is not a program that can be run"),
    ],
)
def test_an_exec_bot_that_cannot_run_is_refused_before_the_game(capsys, spec, words):
    from hjerterfri.cli import main
    from hjerterfri.table.players import command_for

    with pytest.raises(BotError, match=words):
        command_for(spec)
    if spec != "exec:":  # the command line refuses an empty one itself
        assert main(["--lang", "en", "--bots", spec, "--seed", "1"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err


def test_an_exec_bot_is_not_built_in_this_process():
    with pytest.raises(BotError, match="is a program of its own"):
        make_bot("exec:foo")  # it was "no module 'exec'"


def test_a_bot_file_here_named_without_a_path_is_told_to_write_dot_slash(tmp_path, monkeypatch):
    from hjerterfri.table.players import command_for

    (tmp_path / "mybot.sh").write_text("#!/bin/sh\n", encoding="utf-8")
    (tmp_path / "mybot.sh").chmod(0o755)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BotError, match=re.escape("for the file in this directory write './mybot.sh'")):
        command_for("exec:mybot.sh")
    assert command_for("exec:./mybot.sh") == ["./mybot.sh"]
