"""The catalogue of everything a person reads, and messages: a key of it and the values, said in Danish,
Swedish or English.

The catalogue is ``texts/da.toml``, ``texts/sv.toml`` and ``texts/en.toml``: the same keys in each, with
the same ``{placeholders}``; a table of ``one`` and ``other`` is a plural form, chosen by the count ``n``
(Danish, Swedish and English all say one thing for 1 and another for every other count).

``say(lang, key, **values)`` fills a text in. A value from outside (a name, a path, a log's field) is made
printable on the way in (``printable``), so no control character reaches a terminal; a ``Message`` value
is said in the same language; a tuple or list of values is joined by ", ".

``Message(key, **values)`` is a text not yet said. Errors carry one (``MessageError``): ``str(error)``
is its English text, for logs, tests and programs that read English, and the command line says it in
the player's language.

Nothing here imports Rich, Textual or the rest of hjerterfri: the engine and the records layer say
their errors with it, and ``i18n.Texts`` builds on it.
"""

from __future__ import annotations

import errno
import tomllib
import unicodedata
from functools import cache
from importlib import resources

LANGUAGES = ("da", "sv", "en")
PLURAL_FORMS = ("one", "other")
MAX_SHOWN = 200
"""Longer outside text is cut here (with an ellipsis): a 10,000-character field must not fill a screen."""

Entry = str | dict[str, str] | list[str]


@cache
def catalogue(lang: str) -> dict[str, Entry]:
    """The texts of ``lang``, read once from the package."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose from {', '.join(LANGUAGES)}")
    data = resources.files("hjerterfri").joinpath("texts", f"{lang}.toml").read_bytes()
    return tomllib.loads(data.decode("utf-8"))


def plural_form(lang: str, n: int) -> str:
    """The plural form of the count ``n`` in ``lang`` (CLDR's rule for Danish, Swedish and English)."""
    return "one" if n == 1 else "other"


def say(lang: str, key: str, /, **values: object) -> str:
    """The text for ``key`` in ``lang``, filled in with ``values`` (each made printable; a plural by ``n``)."""
    entry = catalogue(lang)[key]
    if isinstance(entry, dict):
        entry = entry[plural_form(lang, int(values["n"]))]  # type: ignore[call-overload]
    assert isinstance(entry, str), key
    return entry.format(**{name: _shown(lang, value) for name, value in values.items()})


def said(value: object, lang: str = "en") -> str:
    """A value as a message says it in ``lang``: a message said, parts joined by ", ", outside text printable."""
    return str(_shown(lang, value))


def _shown(lang: str, value: object) -> object:
    if isinstance(value, Message):
        return value.say(lang)
    if isinstance(value, tuple | list):
        return ", ".join(str(_shown(lang, v)) for v in value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value  # a number keeps its format spec ("{size:,}")
    return printable(value, limit=None)


class Message:
    """A text of the catalogue not yet said: its key and its values (numbers, text, other messages)."""

    __slots__ = ("key", "values")

    def __init__(self, key: str, /, **values: object) -> None:
        self.key = key
        self.values = values

    def say(self, lang: str) -> str:
        return say(lang, self.key, **self.values)

    def __str__(self) -> str:
        return self.say("en")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.key, self.values) == (other.key, other.values)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        values = "".join(f", {name}={value!r}" for name, value in self.values.items())
        return f"Message({self.key!r}{values})"


def os_reason(error: OSError) -> Message | str:
    """Why the system refused a file, in the player's language where the catalogue has the error
    (``os.ENOENT``, ...), else the system's own words."""
    key = f"os.{errno.errorcode.get(error.errno or 0, '')}"
    if key in catalogue("en"):
        return Message(key)
    return error.strerror or str(error)


class MessageError(Exception):
    """An error that says a ``Message``: ``str(error)`` is its English text, ``message`` says it in any
    language. Mixed in before the built-in error it also is (``class RulesError(MessageError, ValueError)``)."""

    message: Message

    def __init__(self, message: Message, *args: object) -> None:
        super().__init__(message, *args)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


def _visible(char: str) -> str:
    if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
        code = ord(char)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
    return char


def printable(text: object, limit: int | None = MAX_SHOWN) -> str:
    """``text`` (anything, as ``str``) with every control and format character shown as an escape (ESC as
    ``\\x1b``), cut to ``limit`` characters with an ellipsis."""
    s = str(text)
    if limit is not None and len(s) > limit:
        s = s[: max(limit - 1, 0)] + "…"
    if s.isprintable():
        return s
    return "".join(_visible(c) for c in s)


def default_name(name: str) -> bool:
    """Whether ``name`` is "you" in one of the languages: the name of a player who never typed one."""
    return name in _you()


@cache
def _you() -> frozenset[str]:
    """ "you" in every language (asked at every text with a name in it: said once)."""
    return frozenset(say(lang, "you") for lang in LANGUAGES)
