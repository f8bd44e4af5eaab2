"""Everything outside the app is free of screen libraries: importing it loads neither textual nor rich.

The engine must stay pure; the bots, the arena and the log reader load rich only when they print.
"""

import subprocess
import sys

PURE = [
    "hjerterfri",
    "hjerterfri.cards",
    "hjerterfri.rules",
    "hjerterfri.engine",
    "hjerterfri.view",
    "hjerterfri.bots",
    "hjerterfri.bots.let",
    "hjerterfri.bots.middel",
    "hjerterfri.bots.svaer",
    "hjerterfri.arena",
    "hjerterfri.gamelog",
    "hjerterfri.replay",
    "hjerterfri.games",
    "hjerterfri.cli",
]


def test_nothing_outside_the_app_imports_textual_or_rich():
    code = (
        f"import sys, {', '.join(PURE)}\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
