"""The Textual app: a start screen, then the table, round summaries and the result."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from ..cards import Card
from ..engine import Game
from ..gamelog import GameRecord
from ..table.autosave import Autosave
from ..table.session import Session, new_seed
from ..table.variants import game_rules, variants_for
from ..view import PlayerView
from .i18n import BOT_NAMES, Texts
from .screens.dialogs import HelpScreen, QuitScreen, RulesScreen
from .screens.start import StartScreen
from .screens.table import TableScreen
from .settings import Settings
from .widgets.cardface import Deck


def _svaer_play(view: PlayerView) -> Card:
    from ..bots.svaer import best_card

    return best_card(view)


def _svaer_pass(view: PlayerView) -> list[Card]:
    from ..bots import make_bot

    return list(make_bot("svær", 0).choose_pass(view))


class HjerterfriApp(App[None]):
    """One person against two, three or four bots, from the first deal to the winner."""

    CSS_PATH = "hjerterfri.tcss"
    TITLE = "hjerterfri"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+c", "ask_quit", show=False, priority=True)]
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        preset_name: str | None = None,
        bots: str | None = None,
        seed: int | None = None,
        name: str | None = None,
        skip_start: bool = False,
        session: Session | None = None,
        on_session: Callable[[Session], None] | None = None,
        unfinished: GameRecord | None = None,
        players: int = 4,
        variant: str = "standard",
        target: int | None = None,
    ) -> None:
        """``skip_start`` goes straight to the table; ``session`` continues a game (even mid-round);
        ``on_session`` is called with every session the app starts (the game log hooks in there);
        ``unfinished`` is a saved game the start screen offers to continue; ``players`` and ``variant``
        choose the table (see ``game_rules``); ``target`` overrides the preset's (for tests)."""
        super().__init__()
        self.settings = settings or Settings()
        self.preset_name = preset_name or "dansk"
        self.bots = bots or "middel"
        self.seed = seed
        self.player_name = name
        self.skip_start = skip_start
        self.session = session
        self.on_session = on_session
        self.unfinished = unfinished
        self.players = players
        self.variant = variant
        self.target = target
        self.hint_play: Callable[[PlayerView], Card] = _svaer_play
        """What the hint key suggests playing (svær's card); tests may put a quicker one here."""
        self.hint_pass: Callable[[PlayerView], list[Card]] = _svaer_pass
        """What the hint key suggests passing."""
        self.on_settings: Callable[[Settings], None] | None = None
        """Called with the settings whenever the player changes them (launch keeps them for next time)."""
        self.lang_fixed = False
        """The player chose the language (now, by a flag or in an earlier run): a preset does not change it."""
        self.notice: str | None = None
        """A line to show once the app is up (a broken settings file)."""
        self._texts = Texts(self.settings.lang, ascii_suits=self.settings.ascii)

    @property
    def texts(self) -> Texts:
        return self._texts

    @property
    def deck(self) -> Deck:
        return Deck(ascii=self.settings.ascii, four_colour=self.settings.four_colour)

    def preset_label(self, name: str) -> str:
        key = f"name.{name}"
        return self.texts(key) if self.texts.has(key) else name

    def settings_changed(self) -> None:
        """The language, look or pace changed: every screen redraws in the new one, and they are kept."""
        self._texts = Texts(self.settings.lang, ascii_suits=self.settings.ascii)
        self.keep_settings()
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.apply_settings()
        from .screens.dialogs import SettingsScreen

        if isinstance(self.screen, SettingsScreen):
            focused = self.focused.id if self.focused else None
            self.screen.refresh(recompose=True)
            self.call_after_refresh(self._refocus_settings, focused)

    def keep_settings(self) -> None:
        """Keep the settings for the next run (when launched with a place to keep them)."""
        if self.on_settings is not None:
            self.on_settings(self.settings)

    def _refocus_settings(self, widget_id: str | None) -> None:
        from .labels import relabel

        if widget_id:
            self.screen.query_one(f"#{widget_id}").focus()
        relabel(self.screen, self.texts)

    def on_mount(self) -> None:
        if self.notice:
            self.notify(self.notice, severity="warning", timeout=8)
        if self.session is not None:
            self._open(self.session, replace=False)
        elif self.skip_start:
            self.start_game(self.preset_name, self.bots, self.player_name, replace=False)
        else:
            self.push_screen(
                StartScreen(self.preset_name, self.bots, self.player_name, self.unfinished, self.players, self.variant)
            )

    def start_game(
        self,
        preset_name: str,
        bots: str,
        name: str | None,
        *,
        players: int | None = None,
        variant: str | None = None,
        replace: bool = True,
    ) -> None:
        """Deal a new game and sit down at the table."""
        self.preset_name, self.bots, self.player_name = preset_name, bots, name
        self.players = players or self.players
        if variant is not None:
            self.variant = variant
        if self.variant not in variants_for(preset_name, self.players):
            self.variant = "standard"
        seed = self.seed if self.seed is not None else new_seed()
        self.seed = seed
        rules = game_rules(preset_name, self.players, self.variant, self.target)
        names = [name or self.texts("you"), *BOT_NAMES[self.settings.lang][: self.players - 1]]
        session = Session.resume(Game(rules, seed), names, bots)
        self._open(session, replace=replace)

    def continue_record(self, record: GameRecord) -> None:
        """Sit down at a saved game exactly where it was left (the start screen's offer)."""
        self.unfinished = None
        session = Session.from_record(record)
        self.preset_name, self.bots, self.seed = record.rules.name, session.bot_level, record.game.seed
        self.players = record.rules.players
        self.player_name = session.names[0]
        self._open(session, replace=True)

    def save_failed(self, error: OSError) -> None:
        """A save went wrong (disk full, a read-only directory): say so in one line and play on."""
        reason = f"{error.strerror}: {error.filename}" if error.strerror and error.filename else str(error)
        self.notify(self.texts("save.failed", error=reason), severity="warning", timeout=8)

    def _open(self, session: Session, *, replace: bool) -> None:
        self.session = session
        if self.on_session is not None:
            self.on_session(session)
        screen = TableScreen(session)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def switch_to_end(self, screen) -> None:
        self.switch_screen(screen)

    def action_new_game(self) -> None:
        """Play again: the same rules, opponents and name, the next seed."""
        self.seed = (self.seed or 0) + 1
        self.start_game(self.preset_name, self.bots, self.player_name)

    def game_is_saved(self) -> bool:
        """A game in progress is in its log file, so it can be continued after quitting."""
        s = self.session
        return (
            s is not None
            and not s.game.is_over()
            and s.record is not None
            and s.record.path is not None
            and isinstance(self.on_session, Autosave)
            and not self.on_session.failed
        )

    def action_ask_quit(self) -> None:
        if isinstance(self.screen, QuitScreen):
            return
        self.push_screen(QuitScreen(), lambda yes: self.exit() if yes else None)

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_rules(self) -> None:
        self.push_screen(RulesScreen())
