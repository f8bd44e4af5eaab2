"""Every error a person reads is a message of the catalogue (issue 13). The command line says it in the
player's language (the flag, else the language kept in settings.json, else the preset's): one line, exit
status 2, text from outside escaped. ``str(error)`` stays the English (the other tests read it)."""

from __future__ import annotations

import ast
import json
import os
import pickle
import string
from pathlib import Path

import pytest

from hjerterfri.arena import ArenaFault
from hjerterfri.catalogue import LANGUAGES, Message, MessageError, catalogue, say
from hjerterfri.cli import main
from hjerterfri.engine import Phase, Reason
from hjerterfri.files import _KINDS
from hjerterfri.gamelog import LogError, load, save
from hjerterfri.i18n import Texts
from hjerterfri.literal import printable
from hjerterfri.paths import settings_path
from hjerterfri.settings import load_settings

from .helpers import new_record, play_out

DATA = Path(__file__).parent.parent / "data" / "logs"
SOURCE = Path(__file__).parent.parent.parent / "src" / "hjerterfri"
posix = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX only (mkfifo)")


def error_line(capsys, argv: list[str]) -> str:
    """Run the command, which must fail with status 2 and one printable line on stderr; that line."""
    try:
        status = main(argv)
    except SystemExit as e:  # a flag argparse refuses exits, as argparse does
        status = e.code
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and err.endswith("\n") and "Traceback" not in err, err
    line = err[:-1]
    assert line.isprintable(), repr(line)  # no ESC, BEL, bidi override or newline from outside
    return line


# A broken log


@pytest.mark.parametrize(
    ("name", "lang", "said"),
    [
        (
            "not-following-suit-round-3-trick-6",
            "da",
            "runde 3, stik 6: plads 2 (Øst) kan ikke spille 8H: skal bekende ♦",
        ),
        (
            "not-following-suit-round-3-trick-6",
            "sv",
            "giv 3, stick 6: plats 2 (Øst) kan inte spela 8H: måste bekänna ♦",
        ),
        (
            "pass-two-cards-round-2",
            "da",
            "runde 2, bytning: plads 3 (Vest) kan ikke give 4C 5C videre: der skal gives 3",
        ),
        ("wrong-winner-round-3-trick-7", "da", "runde 3, stik 7, winner: loggen siger 0, men kortene giver 3"),
        ("no-card-round-2-deal", "da", "runde 2, deal for plads 2: ikke et kort: '1X'"),
        ("card-dealt-twice-round-1", "da", "runde 1, deal: 3C er givet to gange (til plads 0 og plads 3)"),
        ("unknown-field-sedd", "da", "ukendt felt 'sedd' (mente du 'seed'?)"),
        ("not-json-truncated", "sv", "rad 66, kolumn 58: inte giltig JSON: en textsträng är inte avslutad"),
        ("not-json-trailing-comma", "da", "linje 18, kolonne 13: ikke gyldig JSON: "),  # Python 3.13 says it apart
    ],
)
def test_a_broken_log_is_one_line_in_the_players_language(capsys, name, lang, said):
    path = DATA / f"{name}.json"
    line = error_line(capsys, ["--lang", lang, "replay", str(path), "--text"])
    error = "fejl" if lang == "da" else "fel"
    assert line.startswith(f"hjerterfri: {error}: {path}: {said}")
    assert "Expecting" not in line and "Unterminated" not in line  # json's own words are English


def test_the_same_error_reads_in_english_as_before():
    with pytest.raises(LogError) as info:
        load(DATA / "not-following-suit-round-3-trick-6.json")
    e = info.value
    assert (e.where, e.reason) == ("round 3, trick 6", "seat 2 (Øst) cannot play 8H: must follow suit ♦")
    assert str(e) == f"{DATA / 'not-following-suit-round-3-trick-6.json'}: round 3, trick 6: {e.reason}"
    assert e.message.say("da").endswith("runde 3, stik 6: plads 2 (Øst) kan ikke spille 8H: skal bekende ♦")


def test_a_hostile_path_and_field_in_a_broken_log_are_escaped(capsys, tmp_path):
    path = tmp_path / "\x1b]0;pwned\x07.json"
    log = json.loads((DATA / "not-a-log.json").read_text(encoding="utf-8"))
    path.write_text(json.dumps({**log, "format": "\x1b[2J\u202eevil"}), encoding="utf-8")
    line = error_line(capsys, ["--lang", "da", "replay", str(path), "--text"])
    assert line.startswith(f"hjerterfri: fejl: {printable(path, limit=None)}: format: ikke en hjerterfri-log (format ")
    assert "\\x1b]0;pwned\\x07" in line and "(format '\\x1b[2J\\u202eevil', ikke 'hjerterfri-log')" in line


# A file that is no file


@posix
@pytest.mark.parametrize("argv", [["replay", "{}", "--text"], ["continue", "{}"]], ids=["replay", "continue"])
def test_a_named_pipe_is_one_line_in_danish(capsys, tmp_path, argv):
    fifo = tmp_path / "spil\x1b[2J.json"
    os.mkfifo(fifo)
    line = error_line(capsys, ["--lang", "da", *[a.format(fifo) for a in argv]])
    assert line == f"hjerterfri: fejl: {printable(fifo)}: er et navngivet rør (FIFO), ikke en almindelig fil"


def test_a_directory_that_does_not_exist_is_one_line_in_danish(capsys, tmp_path):
    out = tmp_path / "nope" / "figures.json"
    line = error_line(
        capsys, ["--lang", "da", "arena", "--seats", "let,let,let,let", "--deals", "1", "--json", str(out)]
    )
    assert line == f"hjerterfri: fejl: {out}: mappen {out.parent} findes ikke"


# Rules that cannot be played


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--preset", "dansk", "--players", "6"], "dansk spilles af 3 til 5 spillere; 6 til 8 spiller svensk med to"),
        (["--preset", "svensk", "--players", "5", "--variant", "no-two"], "svensk ved 5 spillere har ingen variant"),
        (["--players", "4", "--pass-count", "2"], "fire spillere giver 3 kort videre; et andet antal kun ved 3"),
        (["--players", "3", "--pass-count", "17"], "man kan ikke give 17 kort videre fra en hånd på 17 (højst 16)"),
        (["--no-pass", "--pass-count", "2"], "i et spil uden bytning gives ingen kort videre, ikke 2"),
    ],
)
def test_a_preset_that_cannot_be_played_is_one_line_in_danish(capsys, tmp_path, argv, said):
    line = error_line(capsys, ["--lang", "da", "--data-dir", str(tmp_path), *argv])
    assert line.startswith(f"hjerterfri: fejl: {said}")


# Bots


def test_an_unknown_bot_is_one_line_in_danish(capsys):
    line = error_line(capsys, ["--lang", "da", "--bots", "nobody\x1b[2J"])
    levels = "let, middel, svær, module:Class eller exec:COMMAND"
    said = f"argumentet --bots: ukendt modstander 'nobody\\x1b[2J'; vælg mellem {levels} (se hjerterfri --help)"
    assert line == f"hjerterfri: fejl: {said}"


def test_an_unknown_bot_in_swedish_lists_the_levels_by_their_swedish_names(capsys):
    """It listed let, middel, svær: the Danish names, which a Swedish screen never shows."""
    line = error_line(capsys, ["--lang", "sv", "--bots", "lett"])
    assert "välj bland lätt, medel, svår, module:Class" in line


def test_a_bot_that_cannot_be_loaded_is_one_line_in_danish(capsys, tmp_path):
    line = error_line(capsys, ["--lang", "da", "--data-dir", str(tmp_path), "--bots", "no_such_module:Bot"])
    assert line.startswith("hjerterfri: fejl: modstanderen 'no_such_module:Bot' kan ikke indlæses: intet modul")
    line = error_line(capsys, ["--lang", "da", "arena", "--seats", "nobody,let,let,let", "--deals", "1"])
    assert line == "hjerterfri: fejl: ukendt modstander 'nobody'; vælg mellem let, middel, svær eller module:Class"


# argparse's own messages


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--players", "9"], "argumentet --players: ugyldigt valg: 9 (vælg mellem 3, 4, 5, 6, 7, 8)"),
        (["--seed", "x"], "argumentet --seed: ikke et heltal: 'x'"),  # was "ugyldig int-værdi"
        (["games", "--frobnicate"], "ukendte argumenter: --frobnicate"),
        (["challenge"], "disse argumenter mangler: FILE|CODE"),
        (["--name", "\x07"], "argumentet --name: et navn er 1 til 40 skrivbare tegn, ikke '\\x07'"),
    ],
)
def test_argparse_refusals_are_said_in_danish_too(capsys, argv, said):
    line = error_line(capsys, ["--lang", "da", *argv])
    prog = f"hjerterfri {argv[0]}" if argv[0] in ("challenge", "games") else "hjerterfri"  # games: it said the top's
    assert line == f"{prog}: fejl: {said} (se {prog} --help)"


# The language: the flag, else the one kept in settings.json, else the preset's


def test_the_kept_language_says_the_error_when_no_flag_does(capsys, tmp_path):
    path = settings_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"lang": "sv"}), encoding="utf-8")
    flags = ["--data-dir", str(tmp_path)]
    six = ["--preset", "dansk", "--players", "6"]
    assert error_line(capsys, [*flags, *six]).startswith("hjerterfri: fel: dansk spelas av 3 till 5")
    assert "okänd motståndare 'x'" in error_line(capsys, [*flags, "--bots", "x"])
    assert error_line(capsys, [*flags, "--lang", "en", *six]).startswith("hjerterfri: error: dansk is")
    assert error_line(capsys, ["--data-dir", str(tmp_path / "new"), *six]).startswith("hjerterfri: fejl:")


def test_a_replayed_logs_error_speaks_the_transcripts_language(capsys, tmp_path):
    """Without a flag or a kept choice, a Swedish game's transcript is Swedish, and so is its error."""
    path = tmp_path / "svensk.json"
    save(play_out(new_record("svensk", seed=3), actions=20), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "result": {"outcome": "win", "winners": [0], "totals": [0, 0, 0, 0]}}))
    line = error_line(capsys, ["--data-dir", str(tmp_path), "replay", str(path), "--text"])
    assert line == f"hjerterfri: fel: {path}: result: spelet är inte slut, så resultatet måste vara null"


# The catalogue holds every message the code says


def _placeholders(entry: object) -> set[str]:
    texts = entry.values() if isinstance(entry, dict) else [entry]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(str(text)) if name}


def _said_in_the_source() -> list[tuple[str, str, set[str]]]:
    """(where, key, the values given) of every ``Message("key", ...)`` in the package (both keys of an if-else)."""
    found = []
    for path in SOURCE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or getattr(node.func, "id", getattr(node.func, "attr", "")) != "Message":
                continue
            if not node.args or any(k.arg is None for k in node.keywords):
                continue
            first = node.args[0]
            keys = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
            for key in keys:
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    found.append((f"{path.name}:{node.lineno}", key.value, {k.arg for k in node.keywords if k.arg}))
    return found


def test_every_message_in_the_code_is_in_the_catalogue_with_the_values_it_fills_in():
    said = _said_in_the_source()
    assert len(said) > 150
    texts = catalogue("en")
    for where, key, values in said:
        assert key in texts, (where, key)
        assert _placeholders(texts[key]) == values, (where, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_keys_the_code_makes_are_in_every_language(lang):
    texts = catalogue(lang)
    made = {f"refusal.{r.value}" for r in Reason} | {f"phase.{p.value}" for p in Phase}
    made |= {f"file.kind.{kind}" for _, kind in _KINDS} | {f"arena.wanted.{w}" for w in ("seats", "compare", "against")}
    assert made <= set(texts)


def test_a_message_is_said_in_each_language_with_its_values_escaped():
    m = Message("refusal.play", seat=Message("seat.named", seat=2, name="Ø\x1b[2J"), cards="QS", reason="x")
    assert str(m) == "seat 2 (Ø\\x1b[2J) cannot play QS: x"
    assert m.say("sv") == "plats 2 (Ø\\x1b[2J) kan inte spela QS: x"
    assert say("da", "refusal.wrong-pass-count", n=1) == "der skal gives 1 kort videre"
    assert say("en", "refusal.wrong-pass-count", n=1) == "1 card must be passed"
    assert Texts("da", ascii_suits=True).message(Message("refusal.must-follow-suit", suit="♦")) == "skal bekende D"


def test_an_error_with_its_message_crosses_processes():
    """The arena's faults come back from worker processes pickled."""
    fault = ArenaFault(Message("arena.fault", bot=1, spec="let", deal=3, rotation=2, fault="raised: boom"))
    again = pickle.loads(pickle.dumps(fault))
    assert isinstance(again, MessageError) and str(again) == str(fault) and again.message == fault.message
    assert str(again) == "bot 1 (let) on deal 3, rotation 2: raised: boom"


def test_a_broken_settings_file_is_said_in_the_apps_language(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"speed": "fast", "zoom": 3, "lang": "fr"}), encoding="utf-8")
    _, problem = load_settings(path)
    said = Texts("da")("settings.broken", error=problem)
    assert said == f'Nogle indstillinger kunne ikke læses; standarden bruges i stedet: {path}: ser bort fra lang="fr"'
    path.write_text("[1, 2]", encoding="utf-8")
    assert Texts("sv")("settings.broken", error=load_settings(path)[1]).endswith(f"{path}: inte ett JSON-objekt")


def test_without_a_kept_language_a_command_speaks_the_language_of_the_rules_started_last(capsys, tmp_path):
    """A player whose start screen last started the Swedish rules (and who never chose a language) got
    `games` in Danish: the fallback was the Danish preset, not the one the player plays."""
    from hjerterfri.cli import main

    path = settings_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"preset": "svensk"}), encoding="utf-8")
    assert main(["--data-dir", str(tmp_path), "games"]) == 0
    swedish = capsys.readouterr().out
    path.write_text(json.dumps({"preset": "dansk"}), encoding="utf-8")
    assert main(["--data-dir", str(tmp_path), "games"]) == 0
    danish = capsys.readouterr().out
    assert swedish != danish and swedish == main_in(capsys, ["--data-dir", str(tmp_path), "games", "--lang", "sv"])


def main_in(capsys, argv: list[str]) -> str:
    from hjerterfri.cli import main

    assert main(argv) == 0
    return capsys.readouterr().out


def test_a_system_error_with_no_file_named_is_said_in_the_players_language():
    """A full disk as a write is flushed names no file: the line said "[Errno 28] No space left on device"."""
    import errno

    from hjerterfri.catalogue import say
    from hjerterfri.cli import error_message

    message = error_message(OSError(errno.ENOSPC, "No space left on device"))
    assert say("da", "cli.error", message=message).endswith("der er ikke mere plads på enheden")


def test_a_command_names_a_broken_settings_file_in_one_line_and_goes_on(capsys, tmp_path):
    """The game says it on its start screen; the other commands fell back to the defaults without a word."""
    path = settings_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"lang": "sv", "speed": 7}', encoding="utf-8")
    assert main(["--data-dir", str(tmp_path), "games"]) == 0
    out, err = capsys.readouterr()
    assert "inga sparade spel" in out  # the language that could be read is kept
    said = "Några inställningar kunde inte läsas; standard används i stället"
    assert err == f"hjerterfri: {said}: {path}: bortser från speed=7\n"
    path.write_text('{"lang": ', encoding="utf-8")
    assert main(["--data-dir", str(tmp_path), "--lang", "en", "games"]) == 0
    err = capsys.readouterr().err
    assert err.startswith(
        f"hjerterfri: Some settings could not be read; the defaults stand in for them: {path}: line 1"
    )
    assert err.count("\n") == 1


@pytest.mark.parametrize("command", [["arena", "--seats", "nosuch,let,let,let"], ["bot", "nosuch"]])
def test_the_language_can_follow_the_command_too(capsys, command):
    """``arena --lang en`` was refused as an unknown argument (only ``--lang en arena`` was taken)."""
    try:
        status = main([*command, "--lang", "en"])
    except SystemExit as e:  # a refusal while the arguments are read
        status = e.code
    err = capsys.readouterr().err
    assert status == 2 and "unknown bot 'nosuch'" in err and "unrecognized" not in err
