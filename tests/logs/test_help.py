"""--help in the player's language (the flag, else the language kept in settings.json, else the preset's),
argparse's own words too; in English as argparse writes it."""

from __future__ import annotations

import json

import pytest

from hjerterfri.catalogue import LANGUAGES
from hjerterfri.cli import build_parser, main
from hjerterfri.paths import settings_path

COMMANDS = ("continue", "replay", "analyse", "challenge", "games", "arena", "bot")


def help_text(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as ended:
        main(argv)
    assert ended.value.code == 0
    return capsys.readouterr().out


def test_the_help_is_danish_with_the_danish_flag(capsys, tmp_path):
    text = help_text(capsys, ["--data-dir", str(tmp_path), "--lang", "da", "--help"])
    assert text.startswith("brug: hjerterfri [-h] [--version]")
    for said in ("tilvalg:", "vis denne hjælp og afslut", "et nyt spil:", "botternes styrke: let, middel, svær"):
        assert said in text
    assert "usage" not in text and "options:" not in text


def test_a_commands_help_is_swedish_with_the_swedish_flag(capsys, tmp_path):
    text = help_text(capsys, ["games", "--lang", "sv", "--data-dir", str(tmp_path), "-h"])
    assert text.startswith("användning: hjerterfri games [-h]")
    assert "flaggor:" in text and "listans språk" in text and "visa den här hjälpen och avsluta" in text


def test_the_kept_language_says_the_help_when_no_flag_does(capsys, tmp_path):
    path = settings_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"lang": "sv"}), encoding="utf-8")
    assert help_text(capsys, ["--data-dir", str(tmp_path), "--help"]).startswith("användning: ")
    assert help_text(capsys, ["--data-dir", str(tmp_path), "--lang", "en", "--help"]).startswith("usage: ")


def test_without_a_kept_language_the_help_speaks_the_presets(capsys, tmp_path):
    assert help_text(capsys, ["--data-dir", str(tmp_path), "--help"]).startswith("brug: ")
    assert help_text(capsys, ["--data-dir", str(tmp_path), "--preset", "svensk", "-h"]).startswith("användning: ")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_command_has_its_help_in_every_language(lang):
    parser = build_parser(lang)
    texts = [parser.format_help()]
    commands = next(a for a in parser._actions if a.dest == "command").choices
    assert set(commands) == set(COMMANDS)
    texts += [command.format_help() for command in commands.values()]
    for text in texts:
        assert text.count("{levels}") == 0 and "{limit}" not in text
    english = ("usage: ", "show this help message and exit", "positional arguments")
    if lang == "en":
        assert all(t.startswith("usage: hjerterfri") and "show this help message and exit" in t for t in texts)
    else:
        assert not any(word in t for t in texts for word in english)
