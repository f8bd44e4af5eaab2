"""Driving the app in tests: a scripted human who passes the first cards and plays legal ones."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable

from textual.pilot import Pilot

from hjerterfri.engine import Phase
from hjerterfri.settings import Settings
from hjerterfri.table import LocalPlayer, Setup, Table, local_players
from hjerterfri.tui.app import HjerterfriApp
from hjerterfri.tui.screens.summary import GameEndScreen, RoundSummaryScreen
from hjerterfri.tui.screens.table import TableScreen
from hjerterfri.tui.widgets.hand import HandView

HUMAN = 0
"""Where the human sits in a new game."""
LOWEST = "tests.tui.helpers:LowestBot"
"""LowestBot's spec, as a log writes it."""


def fast_settings(lang: str = "da") -> Settings:
    """Bots play at once and a finished trick does not wait: tests run quickly."""
    return Settings(lang=lang, speed="instant", trick_pause=0)


def make_app(
    seed: int = 3, lang: str = "da", *, skip_start: bool = False, on_table=None, unfinished=None, **setup
) -> HjerterfriApp:
    """The app with its bots in this process (quicker to start than programs of their own)."""
    return HjerterfriApp(
        fast_settings(lang),
        Setup(seed=seed, **setup),  # type: ignore[arg-type]
        skip_start=skip_start,
        unfinished=unfinished,
        make_player=local_players(),
        on_table=on_table,
    )


def human_waits(app: HjerterfriApp) -> bool:
    """True when nothing moves until the human acts (or a summary or the result is shown)."""
    screen = app.screen
    if isinstance(screen, (RoundSummaryScreen, GameEndScreen)):
        return True
    if not isinstance(screen, TableScreen) or screen.held is not None:
        return False
    return screen.table.human_to_act()


async def settle(pilot: Pilot, limit: int = 400) -> None:
    """Let the bots play until the human is to act."""
    app = pilot.app
    for _ in range(limit):
        if human_waits(app):
            return
        await pilot.pause()
        if not human_waits(app) and app.workers:
            await app.workers.wait_for_complete()
    raise AssertionError(f"the table never waited for the human: {app.screen!r}")


async def pass_with_keys(pilot: Pilot) -> None:
    """Choose the first three cards with the keys and confirm."""
    await pilot.press("space", "right", "space", "right", "space", "p")


async def play_legal_with_keys(pilot: Pilot) -> None:
    """Move the cursor to the first legal card with ←/→ and play it with Enter."""
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    hand = screen.query_one(HandView)
    legal = set(screen.table.round.legal_plays())
    target = next(i for i, c in enumerate(hand.cards) if c in legal)
    steps = target - hand.cursor
    await pilot.press(*(["right"] * steps if steps > 0 else ["left"] * -steps), "enter")


def sync(test: Callable[..., Awaitable[None]]) -> Callable[..., None]:
    """Run an async test body with asyncio (no async pytest plugin is needed)."""

    @functools.wraps(test)
    def run(*args: object, **kwargs: object) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


def plain(renderable: object, width: int = 100) -> str:
    """A rich renderable as plain text."""
    import io

    from rich.console import Console

    console = Console(width=width, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.file.getvalue()


class LowestBot:
    """A fixed, simple bot for snapshots: passes its three highest cards and plays its lowest legal card.

    The real levels will change as they get stronger; snapshots must not.
    """

    def choose_pass(self, view):
        return sorted(view.hand, key=lambda c: (c.rank, c.suit))[-view.rules.pass_count :]

    def choose_play(self, view):
        return min(view.legal_plays, key=lambda c: (c.rank, c.suit))


def lowest_players(seat: int, spec: str, seed: int) -> LocalPlayer:
    """Every bot a LowestBot, whatever its spec."""
    return LocalPlayer(LowestBot())


def fixed_table(
    seed: int = 3, preset_name: str = "dansk", lang: str = "da", players: int = 4, variant: str = "standard"
):
    """A new game with LowestBot opponents and the language's default names."""
    from hjerterfri.i18n import Texts
    from hjerterfri.table.variants import game_rules

    texts = Texts(lang)
    names = [texts("you"), *texts.names("bot.names")[: players - 1]]
    return Table.new(game_rules(preset_name, players, variant), seed, names, LOWEST, lowest_players)


def play_in_engine(table: Table, until) -> None:
    """Play on without the app (the human plays like LowestBot) until ``until(game)`` is true."""
    table.run(lambda t: until(t.game), human=LowestBot())


async def play_to_the_end(pilot, table: TableScreen) -> int:
    """The scripted human passes the first cards and plays the first legal one until the game ends;
    returns the number of round summaries seen."""
    app = pilot.app
    rounds_seen = 0
    for _ in range(3000):
        await settle(pilot)
        if isinstance(app.screen, GameEndScreen):
            return rounds_seen
        if isinstance(app.screen, RoundSummaryScreen):
            rounds_seen += 1
            await pilot.press("enter")
            await pilot.pause()
            continue
        r = table.table.round
        me = table.me
        if r.phase is Phase.PASSING:
            table.query_one(HandView).move_to(table.query_one(HandView).cards[0])
            await pass_with_keys(pilot)
            await pilot.pause()
            passed = table.table.round.passed[me]
            assert passed is not None and passed.bit_count() == r.rules.pass_count
        else:
            before = len(table.view.hand)
            await play_legal_with_keys(pilot)
            assert len(table.view.hand) == before - 1 or table.table.round.is_over  # a round without points ends
    raise AssertionError("the game never ended")
