"""The Textual app: a start screen, then the table, round summaries and the result.

The app holds the settings and the table being played; every game comes from a ``Table`` (new from
a ``Setup``, or continued from a saved record), and everything the screens show comes from it.
Screens send what happens up as messages; the app opens tables, switches screens, applies and keeps
the settings, and on any crash writes a report and exits with a non-zero status.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from textual import on, work
from textual.binding import Binding, BindingType
from textual.message import Message

from ..bots import LEVELS
from ..cardface import Deck
from ..catalogue import Message as Said
from ..catalogue import MessageError, default_name, os_reason
from ..challenge import Challenge
from ..gamelog import GameRecord
from ..i18n import Texts
from ..settings import Settings
from ..table import Setup, Table, new_seed, process_players
from ..table.par import ParRun, challenge_table
from ..table.players import PlayerFactory
from .crash import ReportingApp
from .messages import SettingChanged
from .screens.challenge import ChallengeEndScreen
from .screens.dialogs import HelpScreen, QuitScreen, RulesScreen, SettingsScreen
from .screens.start import StartScreen
from .screens.summary import GameEndScreen
from .screens.table import TableScreen


class HjerterfriApp(ReportingApp):
    """One person against two, three or four bots, from the first deal to the winner."""

    CSS_PATH = "hjerterfri.tcss"
    TITLE = "hjerterfri"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+c", "ask_quit", show=False, priority=True)]
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        settings: Settings | None = None,
        setup: Setup | None = None,
        *,
        table: Table | None = None,
        skip_start: bool = False,
        unfinished: GameRecord | None = None,
        make_player: PlayerFactory | None = None,
        on_table: Callable[[Table], None] | None = None,
        crash_dir: Path | None = None,
        challenge: Challenge | None = None,
        par_run: ParRun | None = None,
    ) -> None:
        """``setup`` fills in the start screen (``skip_start`` deals it at once); ``table`` continues a game
        (even mid-round); ``unfinished`` is a saved game the start screen offers to continue;
        ``make_player`` builds the bots of new tables (default: each in a program of its own);
        ``on_table`` is called with every table the app opens (the autosave hooks in there);
        ``crash_dir`` is where a crash report is written; ``challenge`` is played at once; ``par_run`` works
        out a challenge's par (default: in a program of its own)."""
        super().__init__()
        self.settings = settings or Settings()
        self.setup = setup or Setup()
        self.table = table
        self.skip_start = skip_start
        self.unfinished = unfinished
        self.make_player: PlayerFactory = make_player or process_players()
        self.on_table = on_table
        self.crash_dir = crash_dir
        self.game_saved: Callable[[Table], bool] = lambda _table: False
        """Whether a table's game is safe in its file (the autosave says; the quit dialog tells the player)."""
        self.on_settings: Callable[[Settings], None] | None = None
        """Called with the settings whenever the player changes them (launch keeps them for next time)."""
        self.lang_fixed = False
        """The player chose the language (now, by a flag or in an earlier run): a preset does not change it."""
        self.confirmed: set[str] = set()
        """Settings the player confirmed as shown (by starting a game from the start screen, or the language
        of one started from flags): kept, a flag's value too."""
        self.notice: str | None = None
        """A line to show once the app is up (a broken settings file)."""
        self._texts = Texts(self.settings.lang, ascii_suits=self.settings.ascii)
        self.challenge = challenge
        self.par_run = par_run or ParRun()

    @property
    def texts(self) -> Texts:
        return self._texts

    @property
    def deck(self) -> Deck:
        return Deck(ascii=self.settings.ascii, four_colour=self.settings.four_colour)

    def on_mount(self) -> None:
        self.end_on_signals()
        if self.notice:
            self.notify(self.notice, severity="warning", timeout=8, markup=False)
        if self.table is not None:
            self._open(self.table, replace=False)
        elif self.challenge is not None:
            self._keep_language()
            self._open(self.challenge_table(self.challenge), replace=False)
        elif self.skip_start:
            self._keep_language()
            self._remember(self.setup)  # the next start screen offers it (a Swede's flags left it offering dansk)
            self.keep_settings()
            self._open(self.new_table(self.setup), replace=False)
        else:
            self.push_screen(StartScreen(self.setup, self.unfinished))

    def on_unmount(self) -> None:
        if self.table is not None:
            self.table.close()
        self.par_run.stop()

    # Tables

    def new_table(self, setup: Setup) -> Table:
        """A new game as ``setup`` says (a new seed unless it gives one); the bots get the language's names."""
        you = setup.name or self.texts("you")
        names = [you, *self.bot_names(you, setup.players - 1)]
        seed = setup.seed if setup.seed is not None else new_seed()
        limit = self.settings.bot_limit
        return Table.new(setup.rules(), seed, names, setup.bots, self.make_player, limit=limit)

    def challenge_table(self, challenge: Challenge) -> Table:
        """A challenge's deals, the human at its seat with the setup's name, the bots with the language's names."""
        you = self.setup.name or self.texts("you")
        names = self.bot_names(you, challenge.players - 1)
        names.insert(challenge.human, you)
        return challenge_table(challenge, names, self.make_player, self.settings.bot_limit)

    def bot_names(self, you: str, n: int) -> list[str]:
        """The first ``n`` of the language's names for bots, leaving out the player's own ("Mette against Mette,
        Jens, Sofie" when the player was called Mette)."""
        return [name for name in self.texts.names("bot.names") if name.casefold() != you.casefold()][:n]

    def _open(self, table: Table, *, replace: bool) -> None:
        if self.table is not None and self.table is not table:
            self.table.close()
        self.table = table
        self._name_you(self.texts("you"))  # a game begun in another language
        branch = table.record.branch
        if branch is not None and table.record.path is None:  # just branched off a replay
            name = Path(branch.source).name
            self.notify(self.texts("branch.started", file=name, round=branch.round), timeout=8, markup=False)
        if self.on_table is not None:
            self.on_table(table)
        screen = TableScreen(table)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        challenge = table.record.challenge
        if challenge is not None:
            if table.record.par is None:
                self._work_out_par(table)
            if table.position() == (1, 0) and table.round.pass_order == ():
                self.notify(self.texts("challenge.start", code=challenge.code, n=challenge.deals), timeout=8)

    class ParDone(Message):
        """A challenge's par is worked out (or could not be: ``error``)."""

        def __init__(self, table: Table, par: list[int] | None, error: Exception | None) -> None:
            super().__init__()
            self.table = table
            self.par = par
            self.error = error

    @work(thread=True, group="par")
    def _work_out_par(self, table: Table) -> None:
        """The par, in a worker while the human plays (the par run itself is a program of its own)."""
        challenge = table.record.challenge
        assert challenge is not None
        try:
            self.post_message(self.ParDone(table, self.par_run(challenge), None))
        except (OSError, ValueError) as e:
            self.post_message(self.ParDone(table, None, e))

    @on(ParDone)
    def _par_done(self, message: ParDone) -> None:
        if message.par is None:
            error = self.error_text(message.error) if message.error is not None else ""
            self.notify(self.texts("challenge.par.failed", error=error), severity="warning", markup=False)
            return
        message.table.set_par(message.par)
        for screen in self.screen_stack:
            if isinstance(screen, ChallengeEndScreen) and screen.table is message.table:
                screen.par_ready()

    @on(StartScreen.Start)
    def _start(self, message: StartScreen.Start) -> None:
        """Deal the game chosen, and remember the choice for the next run's start screen."""
        setup = self.setup = message.setup
        self._remember(setup)
        self.settings.name = setup.name or ""
        self.confirmed |= {"lang", "speed"}  # as the start screen showed them: `continue` speaks the same
        self.lang_fixed = True
        self.keep_settings()
        self._open(self.new_table(setup), replace=True)

    def _remember(self, setup: Setup) -> None:
        """The game dealt, as the next run's start screen will offer it (its name aside: a typed one is kept)."""
        s = self.settings
        s.preset, s.players = setup.preset, setup.players
        if setup.bots in LEVELS:  # a bot of one's own (--bots exec:...) is no level the start screen offers
            s.bots = setup.bots
        s.variant, s.no_pass, s.pass_count = setup.variant, setup.no_pass, setup.pass_count or 0
        s.target = setup.target or 0

    @on(StartScreen.Resume)
    def _resume(self, message: StartScreen.Resume) -> None:
        self.unfinished = None
        table = Table(message.record, self.make_player, self.settings.bot_limit)
        self._open(table, replace=True)

    @on(StartScreen.StartChallenge)
    def _start_challenge(self, message: StartScreen.StartChallenge) -> None:
        self.setup = message.setup
        self._open(self.challenge_table(message.challenge), replace=True)

    @on(TableScreen.GameOver)
    def _game_over(self, message: TableScreen.GameOver) -> None:
        table = message.table
        self.switch_screen(ChallengeEndScreen(table) if table.record.challenge else GameEndScreen(table))

    @on(ChallengeEndScreen.NewChallenge)
    def _new_challenge(self, message: ChallengeEndScreen.NewChallenge) -> None:
        """New deals against the same opponents: the same challenge with the next seed."""
        challenge = message.table.record.challenge
        assert challenge is not None
        self._open(self.challenge_table(dataclasses.replace(challenge, seed=challenge.seed + 1)), replace=True)

    @on(GameEndScreen.NewGame)
    def _new_game(self, message: GameEndScreen.NewGame) -> None:
        """Play again: the same table (rules, names, opponents), the next seed."""
        self._open(message.table.rematch(), replace=True)

    @on(GameEndScreen.ToStart)
    def _start_screen(self) -> None:
        """Choose the next game on the start screen (the finished one is saved; its bots are ended)."""
        if self.table is not None:
            self.table.close()
            self.table = None
        self.switch_screen(StartScreen(self.setup, None))

    # Settings

    @on(SettingChanged)
    def _setting_changed(self, message: SettingChanged) -> None:
        if message.name == "lang":
            if not message.chosen and self.lang_fixed:
                return
            self.lang_fixed = self.lang_fixed or message.chosen
        if getattr(self.settings, message.name) == message.value:
            self.keep_settings()  # a language chosen as it was is still chosen now
            return
        if message.name == "lang":
            self._name_you(Texts(str(message.value))("you"))
        setattr(self.settings, message.name, message.value)
        self.settings_changed(texts=message.name in ("lang", "ascii"))

    def _name_you(self, you: str) -> None:
        """A player who kept the default name ("You") is called ``you``, "you" in the language shown now (it
        said "Trick to You" in Danish); a name of their own stays."""
        table = self.table
        if table is not None and table.human is not None:
            name = table.names[table.human]
            if name != you and default_name(name):
                table.rename(table.human, you)

    def settings_changed(self, texts: bool = True) -> None:
        """The language, look or pace changed: every screen redraws in the new one, and they are kept.
        Only a change of the texts (the language, the suit signs) says the start screen and the settings
        anew: a pace shows itself on its own line already."""
        self._texts = Texts(self.settings.lang, ascii_suits=self.settings.ascii)
        self.keep_settings()
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.apply_settings()
            elif isinstance(screen, SettingsScreen) and texts:
                screen.retext()
            elif isinstance(screen, StartScreen) and (texts or self.screen is not screen):
                screen.retext()  # under the settings, its pace line too (it went on saying "normal")

    def _keep_language(self) -> None:
        """A game started from flags keeps the language it is played in, when the player chose it (``--lang``),
        as one started from the start screen does: `continue`, `games` and the errors after it speak it too
        (with a Swedish game's --lang sv and Danish rules, they spoke Danish)."""
        if self.lang_fixed:
            self.confirmed.add("lang")
            self.keep_settings()

    def keep_settings(self) -> None:
        """Keep the settings for the next run (when launched with a place to keep them)."""
        if self.on_settings is not None:
            self.on_settings(self.settings)

    def error_text(self, error: Exception) -> str:
        """An error in the player's language: ours by their message, a file's with the system's reason."""
        if isinstance(error, MessageError):
            return self.texts.message(error.message)
        if isinstance(error, OSError) and error.strerror and error.filename:
            return self.texts.message(Said("file.error", path=str(error.filename), reason=os_reason(error)))
        if isinstance(error, OSError) and error.strerror:
            reason = os_reason(error)
            return self.texts.message(reason) if isinstance(reason, Said) else reason
        return str(error)

    def save_failed(self, error: OSError) -> None:
        """A save went wrong (disk full, a read-only directory): say so in one line and play on."""
        self.notify(
            self.texts("save.failed", error=self.error_text(error)), severity="warning", timeout=8, markup=False
        )

    # Leaving

    def game_is_saved(self) -> bool:
        """A game in progress is in its log file, so it can be continued after quitting."""
        table = self.table
        return table is not None and not table.is_over() and self.game_saved(table)

    def action_ask_quit(self) -> None:
        if isinstance(self.screen, QuitScreen):
            return
        self.push_screen(QuitScreen(self.game_is_saved()), lambda yes: self.exit() if yes else None)

    def action_help(self) -> None:
        table = self.table
        challenge = table is not None and table.record.challenge is not None
        two_decks = table is not None and table.rules.decks == 2  # no review (svær weighs one deck)
        self.push_screen(HelpScreen(challenge=challenge, without="v" if two_decks else None))

    def action_rules(self) -> None:
        self.push_screen(RulesScreen())
