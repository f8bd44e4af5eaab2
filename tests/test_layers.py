"""The imports show the layers: the engine (and the catalogue its errors are said from) at the bottom, bots
and records above it, the table layer above those, the app and the CLI on top; nothing below the app imports
Textual or Rich; every module under tui/ uses Textual; no import cycle inside bots/."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "src" / "hjerterfri"

LAYERS = {
    0: (
        "hjerterfri",
        "hjerterfri.catalogue",
        "hjerterfri.cards",
        "hjerterfri.rules",
        "hjerterfri.engine",
        "hjerterfri.view",
        "hjerterfri.claim",
    ),
    1: (
        "hjerterfri.bots",
        "hjerterfri.gamelog",
        "hjerterfri.protocol",
        "hjerterfri.paths",
        "hjerterfri.files",
        "hjerterfri.analysis",
        "hjerterfri.challenge",
    ),
    2: ("hjerterfri.table",),
}
"""Everything else is the top: the app (tui), the CLI and its commands."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> int:
    for number, prefixes in LAYERS.items():
        if any(module == p or (p != "hjerterfri" and module.startswith(p + ".")) for p in prefixes):
            return number
    return 3


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function, resolved to its full name."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                prefix = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{prefix}.{base}" if base else prefix
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # "from . import x" may be a module
    return found


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_only_from_its_own_layer_or_below(module):
    own = layer(module)
    for target in imports(MODULES[module]):
        if target in MODULES:
            assert layer(target) <= own, f"{module} (layer {own}) imports {target} (layer {layer(target)})"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer(m) < 3))
def test_nothing_below_the_app_imports_textual_or_rich(module):
    outside = {t.split(".")[0] for t in imports(MODULES[module])}
    assert not outside & {"textual", "rich"}, module


@pytest.mark.parametrize(
    "module", sorted(m for m in MODULES if m.startswith("hjerterfri.tui.") and MODULES[m].stem != "__init__")
)
def test_every_module_under_tui_uses_textual(module):
    assert any(t.split(".")[0] == "textual" for t in imports(MODULES[module])), module


def test_there_is_no_import_cycle_inside_bots():
    bots = {m: {t for t in imports(p) if t in MODULES and t.startswith("hjerterfri.bots")} for m, p in MODULES.items()}
    bots = {m: deps - {m} for m, deps in bots.items() if m.startswith("hjerterfri.bots")}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(n == goal or (n not in seen and reaches(n, goal, seen | {n})) for n in bots.get(start, ()))

    cycles = [m for m in bots if reaches(m, m, {m})]
    assert not cycles, f"import cycles through {cycles}"


def test_the_engine_imports_in_a_fresh_interpreter_without_textual_or_rich():
    import subprocess
    import sys

    code = (
        "import sys, hjerterfri, hjerterfri.bots.svaer, hjerterfri.gamelog, hjerterfri.table, hjerterfri.protocol;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
