"""The example bot under examples/: a program in plain Python that plays over the bot protocol, at the app's
table (in a program of its own per seat) and in the arena, without a single fault."""

from __future__ import annotations

import ast
import dataclasses
import shlex
import sys
from pathlib import Path

import pytest

from hjerterfri import arena
from hjerterfri.cli import build_parser
from hjerterfri.rules import preset
from hjerterfri.table import Table, process_players

from ..tui.helpers import LowestBot

EXAMPLE = Path(__file__).parent.parent.parent / "examples" / "ducking_bot.py"
SPEC = "exec:" + shlex.join([sys.executable, str(EXAMPLE)])


def test_the_example_imports_the_standard_library_only():
    modules = set()
    for node in ast.walk(ast.parse(EXAMPLE.read_text())):
        if isinstance(node, ast.Import):
            modules.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            modules.add((node.module or "").split(".")[0])
    assert modules and modules <= sys.stdlib_module_names, modules - sys.stdlib_module_names


def test_a_whole_game_against_the_example_in_programs_of_their_own(tmp_path):
    rules = dataclasses.replace(preset("dansk"), target=60)
    table = Table.new(rules, 3, ["Ida", "A", "B", "C"], SPEC, process_players(tmp_path / "bots"), limit=10)
    decisions = []
    table.listeners.append(lambda _t, e: decisions.append(e.decision) if e.decision else None)
    try:
        table.run(human=LowestBot())
    finally:
        table.close()
    assert table.game.is_over() and len(table.game.rounds) > 1
    assert decisions and all(d.fault is None for d in decisions), [d.fault for d in decisions if d.fault][:1]
    assert {d.seat for d in decisions} == {1, 2, 3}
    for seat in (1, 2, 3):  # each seat's program had its own standard error file
        assert str(EXAMPLE) in (tmp_path / "bots" / f"seat-{seat}.txt").read_text()


@pytest.mark.parametrize(("preset_name", "players"), [("dansk", 4), ("svensk", 5), ("dansk", 3), ("svensk", 8)])
def test_a_short_arena_against_the_example(preset_name, players, tmp_path):
    seats = [SPEC] + ["middel"] * (players - 1)
    fig = arena.run(seats, 3, 2, preset(preset_name, players), data_dir=str(tmp_path))  # a fault would stop it
    example = fig["types"][SPEC]
    assert example["faults"] == 0 and example["seat_rounds"] == 3 * players
    assert example["points_per_round"] is not None
    assert str(EXAMPLE) in (tmp_path / "bots" / "arena" / "bot-1.txt").read_text()


def test_the_cli_takes_a_program_as_the_bots():
    args = build_parser().parse_args(["--bots", SPEC])
    assert args.bots == SPEC
    arena_args = build_parser().parse_args(["arena", "--seats", f"{SPEC},middel,middel,middel"])
    assert arena_args.seats.startswith(SPEC)
