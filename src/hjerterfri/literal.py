"""Text from outside (names, rules names, paths, settings values, log fields) shown as it is written.

``printable`` turns control characters (ESC, BEL, a newline, bidi overrides, zero-width marks) into
visible escapes such as ``\\x1b``, so nothing from outside can move the cursor, clear the screen, set
the window title or reorder what follows it; ``literal`` makes that a Rich ``Text``, which is never
read as markup (``[/]``, ``[link=...]`` and ``:emoji:`` stay as they are). Every place that shows such
text goes through one of them; the app and the commands show nothing from outside any other way.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.text import Text

MAX_SHOWN = 200
"""Longer outside text is cut here (with an ellipsis): a 10,000-character field must not fill a screen."""


def _visible(char: str) -> str:
    if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
        code = ord(char)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
    return char


def printable(text: object, limit: int | None = MAX_SHOWN) -> str:
    """``text`` (anything, as ``str``) with every control and format character shown as an escape,
    cut to ``limit`` characters with an ellipsis."""
    s = str(text)
    if limit is not None and len(s) > limit:
        s = s[: max(limit - 1, 0)] + "…"
    if s.isprintable():
        return s
    return "".join(_visible(c) for c in s)


def literal(text: object, style: str = "", limit: int | None = MAX_SHOWN) -> Text:
    """``printable(text)`` as a Rich ``Text``: shown literally, never as markup."""
    from rich.text import Text  # here, so that the command line can use printable without loading rich

    return Text(printable(text, limit), style=style)
