"""Bots by level name or import path; a bad spec is one clear line."""

from __future__ import annotations

import pytest

from hjerterfri.bots import BotError, make_bot
from hjerterfri.bots.let import LetBot
from hjerterfri.bots.middel import MiddelBot
from hjerterfri.bots.svaer import SvaerBot


@pytest.mark.parametrize(
    ("spec", "cls"),
    [("let", LetBot), ("middel", MiddelBot), ("svær", SvaerBot), ("svaer", SvaerBot), ("SVÆR", SvaerBot),
     ("hjerterfri.bots.middel:MiddelBot", MiddelBot)],
)  # fmt: skip
def test_levels_and_paths(spec, cls):
    bot = make_bot(spec, 3)
    assert isinstance(bot, cls)
    assert bot.seed == 3


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("expert", "unknown bot 'expert'"),
        ("no_such_module_xyz:Bot", "no module 'no_such_module_xyz'"),
        ("hjerterfri.bots:NoSuchBot", "has no 'NoSuchBot'"),
        ("hjerterfri.cards:Suit", "is no bot"),
        ("hjerterfri.rules:PassDirection", "cannot build"),
        ("collections:OrderedDict", "is no bot"),
        (":", "unknown bot"),
    ],
)
def test_bad_specs(spec, words):
    with pytest.raises(BotError) as e:
        make_bot(spec)
    msg = str(e.value)
    assert words in msg
    assert "\n" not in msg
