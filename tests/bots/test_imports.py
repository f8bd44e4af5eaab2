"""The bots and the arena load no screen library until the arena shows its progress bar."""

import subprocess
import sys


def test_bots_and_arena_import_neither_textual_nor_rich():
    code = (
        "import sys, hjerterfri.bots, hjerterfri.bots.let, hjerterfri.bots.middel, hjerterfri.bots.svaer, "
        "hjerterfri.arena\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
