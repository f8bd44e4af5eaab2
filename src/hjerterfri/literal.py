"""Text from outside (names, rules names, paths, settings values, log fields) shown as it is written.

``printable`` (from ``catalogue``, where every message's values go through it) turns control characters
(ESC, BEL, a newline, bidi overrides, zero-width marks) into visible escapes such as ``\\x1b``, so nothing
from outside can move the cursor, clear the screen, set the window title or reorder what follows it;
``literal`` makes that a Rich ``Text``, which is never read as markup (``[/]``, ``[link=...]`` and
``:emoji:`` stay as they are). Every place that shows such text goes through one of them; the app and
the commands show nothing from outside any other way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .catalogue import MAX_SHOWN, printable

if TYPE_CHECKING:
    from rich.text import Text

__all__ = ["MAX_SHOWN", "literal", "printable"]


def literal(text: object, style: str = "", limit: int | None = MAX_SHOWN) -> Text:
    """``printable(text)`` as a Rich ``Text``: shown literally, never as markup."""
    from rich.text import Text  # here, so that the command line can use printable without loading rich

    return Text(printable(text, limit), style=style)
