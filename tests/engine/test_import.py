"""The engine is pure: importing it loads no screen library."""

import subprocess
import sys


def test_engine_imports_neither_textual_nor_rich():
    code = (
        "import sys, hjerterfri, hjerterfri.cards, hjerterfri.rules, hjerterfri.engine, hjerterfri.view, "
        "hjerterfri.bots, hjerterfri.cli\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
