"""The table: your hand at the bottom, the bots around, the trick in the middle.

The screen only asks the engine (through the session) what happened and what is
legal; it never judges a rule itself. Bots think in a worker thread.
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static
from textual.worker import get_current_worker

from ...cards import Card, cards_of
from ...engine import IllegalMoveError, Phase, Trick
from ...table.session import Session
from ..labels import relabel
from ..widgets.hand import HandView
from ..widgets.seat import SeatInfo, SeatPanel, show_text
from ..widgets.trick import TrickView, place_of

if TYPE_CHECKING:
    from ..app import HjerterfriApp

HINT_PATIENCE = 6.0
"""Seconds the table waits for a hint before it says there is none."""
MIN_WIDTH = 80
MIN_HEIGHT = 24


class TableScreen(Screen):
    """One game being played, round after round."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "key.left", show=False),
        Binding("right", "move(1)", "key.right", show=False),
        Binding("enter,space", "select", "key.play", key_display="⏎"),
        Binding("p", "confirm_pass", "key.pass"),
        Binding("i", "hint", "key.hint"),
        Binding("l", "last_trick", "key.last"),
        Binding("s", "scores", "key.scores"),
        Binding("t", "toggle_log", "key.log"),
        Binding("h", "toggle_points", "key.hide", show=False),
        Binding("o", "settings", "key.settings", show=False),
        Binding("r", "rules", "key.rules", show=False),
        Binding("question_mark", "help", "key.help", key_display="?"),
        Binding("q", "quit_game", "key.quit"),
    ]

    app: HjerterfriApp

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.chosen: list[Card] = []
        self.held: Trick | None = None
        self.status = Text()
        self.error = False
        self.thinking: int | None = None
        self.passing_bots = False
        self._generation = 0
        self._summary_shown = False
        self._was_my_turn = False
        self._footer_state: tuple[object, ...] | None = None
        self.lines: list[str] = []
        """Every line of the text pane, shown or not."""
        self.me = session.human
        """The human's seat: always drawn at the bottom."""
        self.hinted: frozenset[Card] = frozenset()
        self.hint_for: tuple[int, int, int] | None = None
        """The position (round, cards played, hand) the hint being computed or shown is for."""

    # Layout

    def compose(self) -> ComposeResult:
        texts = self.app.texts
        deck = self.app.deck
        with Vertical(id="table"):
            yield Static(id="header")
            with Horizontal(id="top"):
                yield SeatPanel(texts, wide=True, id="seat-2", classes="seat")
                yield SeatPanel(texts, wide=True, id="seat-4", classes="seat")
            with Horizontal(id="middle"):
                with Horizontal(id="ring"):
                    yield SeatPanel(texts, id="seat-1", classes="seat side")
                    yield TrickView(deck, id="trick")
                    yield SeatPanel(texts, id="seat-3", classes="seat side")
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=16)
            yield Static(id="status")
            yield Static(id="me")
            yield HandView(deck, id="hand")
        yield Static(id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        relabel(self, self.app.texts)
        players = self.session.players
        self.set_class(players == 3, "three")
        self.set_class(players == 5, "five")
        self.query_one("#seat-4").display = players == 5
        for panel in self.query("#top SeatPanel"):
            panel.set_class(players == 5, "two-lines")
        self.query_one(TrickView).two_across = players == 5
        self.query_one("#log", RichLog).display = self.app.settings.show_log
        self._fit(self.size.width, self.size.height)
        self._log_round_start()
        if self.session.round.phase is Phase.PLAYING and self.session.round.tricks:
            self._replay_log()
        self.refresh_table()
        self.advance()
        self.query_one(HandView).focus()

    def on_resize(self, event) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "too-small")
        if small:
            self.query_one("#too-small", Static).update(
                self.app.texts("too.small", w=MIN_WIDTH, h=MIN_HEIGHT, cw=width, ch=height)
            )

    # What the table shows

    @property
    def round(self):
        return self.session.round

    def seat_name(self, seat: int) -> str:
        return self.session.names[seat]

    def place(self, seat: int) -> int:
        """Where ``seat`` sits on screen: the human at the bottom, the others around in the order of play."""
        return place_of(seat, self.me, self.session.players)

    def kitty_lying(self) -> bool:
        """The kitty still lies face down in the middle (until the first trick is won)."""
        r = self.round
        return bool(r.kitty) and not r.tricks

    def refresh_table(self) -> None:
        """Bring every widget in line with the engine's state."""
        t = self.app.texts
        r = self.round
        game = self.session.game
        me_seat = self.me
        view = game.view(me_seat)  # what the human may know: a kitty's points only once they are public
        totals = view.totals
        hide = self.app.settings.hide_round_points
        header = Text(" ")
        if game.rules.players == 4 or self.size.width >= 100:  # at 3 and 5 the line needs the room
            header.append(f"{t('game')} ", style="bold")
            header.append("· ")
        header.append(f"{self.app.preset_label(game.rules.name)} · ")
        if game.rules.players != 4:
            header.append(f"{t('players.n', n=game.rules.players)} · ")
        header.append(f"{t('round', n=r.number)} · ")
        header.append(t.pass_direction(r.pass_direction))
        header.append(" · ")
        header.append(
            t("hearts.broken") if r.hearts_broken else t("hearts.closed"), style="bold" if r.hearts_broken else "dim"
        )
        if r.kitty:
            header.append(" · ")
            if view.kitty_taker is None:
                header.append(t("kitty.lying", n=view.kitty_size), style="bold")
            else:
                header.append(t("kitty.owner", name=self.seat_name(view.kitty_taker)), style="dim")
        show_text(self.query_one("#header", Static), header)
        playing = r.phase is Phase.PLAYING and self.held is None
        for seat in range(self.session.players):
            if seat == me_seat:
                continue
            self.query_one(f"#seat-{self.place(seat)}", SeatPanel).show(
                SeatInfo(
                    name=self.seat_name(seat),
                    cards_left=r.hands[seat].bit_count(),
                    total=totals[seat],
                    round_points=None if hide else view.taken[seat],
                    to_play=playing and r.turn == seat,
                    thinking=self.thinking == seat,
                )
            )
        me = Text(("▶ " if playing and r.turn == me_seat else "  ") + self.seat_name(me_seat), style="bold")
        me.append(f" · {t('points.total', n=totals[me_seat])}")
        if not hide:
            me.append(f" · {t('points.round', n=view.taken[me_seat])}")
        if view.kitty_taker == me_seat and view.kitty_mask:
            me.append(f" · {t('kitty.owner', name=t.cards_short(cards_of(view.kitty_mask)))}")
        show_text(self.query_one("#me", Static), me)

        trick = self.query_one(TrickView)
        if self.held is not None:
            held = self.held
            plays = [(self.place(held.seat_of(i)), c) for i, c in enumerate(held.cards)]
            trick.show(plays, self.place(held.winner))
        else:
            kitty = r.kitty.bit_count() if self.kitty_lying() else 0
            trick.show([(self.place(s), c) for s, c in r.trick_plays()], kitty=kitty)

        hand = self.query_one(HandView)
        hand.set_cards(r.hand_cards(me_seat))
        my_turn = playing and r.turn == me_seat
        hand.playable = frozenset(r.legal_plays()) if my_turn else None
        if my_turn and not self._was_my_turn and hand.current() not in hand.playable:
            hand.move_to(next(c for c in hand.cards if c in hand.playable))
        self._was_my_turn = my_turn
        hand.chosen = frozenset(self.chosen)
        received = r.received(me_seat) or 0
        hand.received = frozenset(c for c in r.hand_cards(me_seat) if received >> c & 1)
        if self.hint_for is not None and self.hint_for != self._position():
            self.hint_for, self.hinted = None, frozenset()  # the position moved on: the hint is stale
        hand.hinted = self.hinted
        if not self.error:
            self.status = self._status_text()
        status = self.query_one("#status", Static)
        show_text(status, self.status)
        if status.has_class("error") != self.error:
            status.set_class(self.error, "error")
        self._relabel_keys()

    def _status_text(self) -> Text:
        t = self.app.texts
        r = self.round
        if self.held is not None:
            winner = self.seat_name(self.held.winner)
            text = (
                t("trick.won.points", name=winner, n=self.held.points)
                if self.held.points
                else t("trick.won", name=winner)
            )
            if r.kitty and r.tricks and self.held is r.tricks[0]:
                mine = self.held.winner == self.me
                kitty = t("kitty.you", cards=t.cards_short(cards_of(r.kitty))) if mine else None
                text += f" · {kitty or t('kitty.taken', name=winner)}"
            if self.app.settings.hold_trick:
                text += f" · {t('trick.continue')}"
            return Text(text)
        me_seat = self.me
        hint = self._hint_text()
        if hint is not None:
            return hint
        if r.phase is Phase.PASSING:
            target = self.seat_name(r.pass_direction.target(me_seat, self.session.players))
            if r.passed[me_seat] is not None:
                return Text(t("pass.waiting"))
            count = r.rules.pass_count
            if len(self.chosen) == count:
                return Text(t("pass.ready", cards=t.cards_short(self.chosen), name=target), style="bold")
            return Text(t("pass.choose", count=count, name=target, chosen=len(self.chosen)))
        if r.phase is Phase.PLAYING:
            if r.turn == me_seat:
                again = bool(r.trick) and r.trick_seats[len(r.trick) - 1] == me_seat
                lead = t("turn.you.lead") if not r.trick else t("turn.you.again") if again else t("turn.you")
                text = Text(lead, style="bold")
                received = r.received(me_seat)
                if received and not r.tricks:
                    giver = self.seat_name(r.passer_to(me_seat))
                    text.append(" · " + t("pass.received", cards=t.cards_short(_cards(received)), name=giver))
                return text
            return Text(t("turn.bot", name=self.seat_name(r.turn)), style="dim")
        return Text()

    def say(self, text: str, *, error: bool = False) -> None:
        """Show a message on the status line until the next action."""
        self.status = Text(text, style="bold" if error else "")
        self.error = error
        self.refresh_table()

    def _relabel_keys(self) -> None:
        """Update the footer, but only when what it shows changes (redrawing it is not cheap)."""
        r = self.round
        select = "key.play"
        if self.held is not None:
            select = "key.continue"
        elif r.phase is Phase.PASSING:
            select = "key.choose"
        state = (
            select,
            self.app.texts.lang,
            self.check_action("confirm_pass", ()),
            self.check_action("select", ()),
            self.check_action("last_trick", ()),
            self.check_action("hint", ()),
        )
        if state != self._footer_state:
            self._footer_state = state
            relabel(self, self.app.texts, {"select": select})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        r = self.round
        if action == "confirm_pass":
            return r.phase is Phase.PASSING and r.passed[self.me] is None and len(self.chosen) == r.rules.pass_count
        if action == "select":
            if self.held is not None:
                return True
            if r.phase is Phase.PASSING:
                return r.passed[self.me] is None
            return r.phase is Phase.PLAYING
        if action == "last_trick":
            return True if self._last_trick() is not None else None
        if action == "hint":
            return self._hint_view() is not None
        return True

    # The flow of play

    def advance(self) -> None:
        """Start whatever comes next: a trick's pause, the bots' passes or card, the summary."""
        r = self.round
        if self.held is not None:
            if self.app.settings.hold_trick:
                return
            pause = self.app.settings.trick_pause
            generation = self._generation
            self.set_timer(pause, lambda: self._release(generation))
            return
        if r.is_over:
            self._show_summary()
            return
        if r.phase is Phase.PASSING:
            if not self.passing_bots and any(r.passed[s] is None for s in self.session.bots):
                self.passing_bots = True
                views = {s: self.session.game.view(s) for s in self.session.bots if r.passed[s] is None}
                self._think_passes(views, self._generation)
            return
        if r.turn != self.me and self.thinking is None:
            self.thinking = r.turn
            self._think_play(r.turn, self.session.game.view(r.turn), self._generation)
            self.refresh_table()

    def _release(self, generation: int | None = None) -> None:
        if self.held is None or (generation is not None and generation != self._generation):
            return
        self.held = None
        self._generation += 1
        self.refresh_table()
        self.advance()

    @work(thread=True, exclusive=True, group="bots")
    def _think_play(self, seat: int, view, generation: int) -> None:
        start = time.monotonic()
        try:
            card: Card | None = self.session.bots[seat].choose_play(view)
        except Exception as e:  # a bot's bug must not end the game
            card = None
            self.app.call_from_thread(self.notify, f"{self.seat_name(seat)}: {e}", severity="error")
        wait = self.app.settings.bot_delay - (time.monotonic() - start)
        if wait > 0:
            time.sleep(wait)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._bot_played, seat, card, generation)

    @work(thread=True, exclusive=True, group="passes")
    def _think_passes(self, views: dict, generation: int) -> None:
        passes = {seat: list(self.session.bots[seat].choose_pass(view)) for seat, view in views.items()}
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._bots_passed, passes, generation)

    def _bots_passed(self, passes: dict[int, list[Card]], generation: int) -> None:
        if generation != self._generation:
            return
        self.passing_bots = False
        for seat, cards in passes.items():
            self.session.pass_cards(seat, cards)
        self._after_pass()

    def _bot_played(self, seat: int, card: Card | None, generation: int) -> None:
        if generation != self._generation or self.round.turn != seat:
            return
        self.thinking = None
        if card is not None:
            try:
                self.session.play(seat, card)
            except IllegalMoveError:
                pass
            else:
                self._after_play(seat, card)
                return
        # A bot failed or broke the rules: play on with its lowest legal card so the game is not stuck.
        fallback = self.round.legal_plays()[0]
        self.notify(f"{self.seat_name(seat)}: {card} ✗ → {fallback}", severity="warning")
        self.session.play(seat, fallback)
        self._after_play(seat, fallback)

    def _after_pass(self) -> None:
        r = self.round
        if r.phase is Phase.PLAYING:
            received = r.received(self.me)
            if received:
                t = self.app.texts
                giver = self.seat_name(r.passer_to(self.me))
                self._log(t("pass.received", cards=t.cards_short(_cards(received)), name=giver))
        self.error = False
        self.refresh_table()
        self.advance()

    def _after_play(self, seat: int, card: Card) -> None:
        t = self.app.texts
        r = self.round
        self._log(t("played", name=self.seat_name(seat), card=t.card_name(card)))
        if not r.trick:
            done = r.tricks[-1]
            winner = self.seat_name(done.winner)
            words = t("trick.won.points", name=winner, n=done.points) if done.points else t("trick.won", name=winner)
            self._log(words)
            if r.kitty and len(r.tricks) == 1:
                self._log(t("kitty.taken", name=winner))
                if done.winner == self.me:
                    self._log(t("kitty.you", cards=t.cards_short(cards_of(r.kitty))))
            settings = self.app.settings
            if settings.hold_trick or settings.trick_pause > 0:
                self.held = done
        self.error = False
        self.refresh_table()
        self.advance()

    # Hints: what svær would do, worked out in a thread

    def _position(self) -> tuple[object, ...]:
        r = self.round
        return (r.number, r.phase, len(r.tricks), len(r.trick), r.hands[self.me], r.passed[self.me])

    def _hint_view(self):
        """The human's view when a hint can help (their turn to play, or to choose cards to pass), else None."""
        r = self.round
        if self.held is not None:
            return None
        if r.phase is Phase.PLAYING and r.turn == self.me:
            return self.session.game.view(self.me)
        if r.phase is Phase.PASSING and r.passed[self.me] is None:
            return self.session.game.view(self.me)
        return None

    def action_hint(self) -> None:
        view = self._hint_view()
        if view is None:
            return
        position = self._position()
        if self.hint_for == position:
            return  # being worked out, or already shown
        self.hint_for, self.hinted = position, frozenset()
        self.error = False
        self.refresh_table()
        self._think_hint(view, position)

    def _think_hint(self, view, position: tuple[object, ...]) -> None:
        """Ask for the hint in a daemon thread: a search that never ends must neither freeze the table
        nor keep the program alive after it quits (a Textual worker would); past ``HINT_PATIENCE``
        seconds the table gives up on it."""
        app = self.app
        ask = app.hint_pass if view.phase is Phase.PASSING else app.hint_play

        def think() -> None:
            try:
                answer = ask(view)
                cards = list(answer) if isinstance(answer, (list, tuple)) else [answer]
            except Exception:  # a hint that fails must not end the game
                cards = []
            with contextlib.suppress(RuntimeError):  # the app has already quit
                app.call_from_thread(self._hint_ready, cards, position)

        threading.Thread(target=think, name="hint", daemon=True).start()
        self.set_timer(HINT_PATIENCE, lambda: self._hint_ready([], position))

    def _hint_ready(self, cards: list[Card], position: tuple[object, ...]) -> None:
        if position != self._position() or self.hint_for != position or self.hinted:
            return
        if not cards:
            self.hint_for = None
            self.notify(self.app.texts("hint.none"), severity="warning", timeout=4)
            self.refresh_table()
            return
        self.hinted = frozenset(cards)
        if self.round.phase is Phase.PLAYING:
            self.query_one(HandView).move_to(cards[0])
        self.refresh_table()

    def _hint_text(self) -> Text | None:
        """The hint line, while the hint is for the position on the table."""
        if self.hint_for is None or self.hint_for != self._position():
            return None
        t = self.app.texts
        if not self.hinted:
            return Text(t("hint.thinking"), style="dim")
        cards = sorted(self.hinted)
        if self.round.phase is Phase.PASSING:
            text = t("hint.pass", cards=t.join([t.card_name(c) for c in cards]))
        else:
            text = t("hint.play", card=t.card_name(cards[0]))
        return Text(text, style="bold #7fd37f")

    def _show_summary(self) -> None:
        if self._summary_shown:
            return
        self._summary_shown = True
        from .summary import RoundSummaryScreen

        self.app.push_screen(RoundSummaryScreen(self.session), self._after_summary)

    def _after_summary(self, _result: object = None) -> None:
        game = self.session.game
        if game.is_over():
            from .summary import GameEndScreen

            self.app.switch_to_end(GameEndScreen(self.session))
            return
        self.session.next_round()
        self._summary_shown = False
        self.chosen = []
        self._generation += 1
        self._log_round_start()
        self.refresh_table()
        self.advance()

    # Keys

    def action_move(self, step: int) -> None:
        self.query_one(HandView).move(step)

    def action_select(self) -> None:
        if self.held is not None:
            self._release()
            return
        card = self.query_one(HandView).current()
        if card is not None:
            self.pick(card)

    @on(HandView.Picked)
    def _picked(self, event: HandView.Picked) -> None:
        if self.held is not None:
            self._release()
            return
        self.pick(event.card)

    def pick(self, card: Card) -> None:
        """The human chose ``card``: for passing, or to play it."""
        r = self.round
        t = self.app.texts
        if r.phase is Phase.PASSING:
            if r.passed[self.me] is not None:
                return
            if card in self.chosen:
                self.chosen.remove(card)
            elif len(self.chosen) < r.rules.pass_count:
                self.chosen.append(card)
            else:
                self.say(
                    t(
                        "pass.choose",
                        count=r.rules.pass_count,
                        name=self.seat_name(r.pass_direction.target(self.me, self.session.players)),
                        chosen=len(self.chosen),
                    ),
                    error=True,
                )
                return
            self.error = False
            self.refresh_table()
            return
        try:
            self.session.play(self.me, card)
        except IllegalMoveError as e:
            self.say(f"{t.card_short(card)}: {t.reason(e, self.session.names)}", error=True)
            return
        self._after_play(self.me, card)

    def action_confirm_pass(self) -> None:
        r = self.round
        if r.phase is not Phase.PASSING or r.passed[self.me] is not None:
            return
        try:
            self.session.pass_cards(self.me, list(self.chosen))
        except IllegalMoveError as e:
            self.say(self.app.texts.reason(e, self.session.names), error=True)
            return
        self.chosen = []
        self._after_pass()

    def on_key(self, event) -> None:
        """Any key lets a held trick go (arrows and the like included)."""
        if (
            self.held is not None
            and self.app.settings.hold_trick
            and event.key not in ("question_mark", "q", "l", "s", "r")
        ):
            event.stop()
            event.prevent_default()
            self._release()

    def _last_trick(self) -> Trick | None:
        if self.held is not None:
            return self.held
        for r in reversed(self.session.game.rounds):
            if r.tricks:
                return r.tricks[-1]
        return None

    def action_last_trick(self) -> None:
        from .dialogs import LastTrickScreen

        trick = self._last_trick()
        if trick is not None:
            self.app.push_screen(LastTrickScreen(trick, self.session.names, self.place))

    def action_scores(self) -> None:
        from .dialogs import ScoresScreen

        self.app.push_screen(ScoresScreen(self.session))

    def action_toggle_points(self) -> None:
        self.app.settings.hide_round_points = not self.app.settings.hide_round_points
        self.app.keep_settings()
        self.refresh_table()

    def action_toggle_log(self) -> None:
        log = self.query_one("#log", RichLog)
        self.app.settings.show_log = not log.display
        log.display = self.app.settings.show_log
        self.app.keep_settings()

    def action_settings(self) -> None:
        from .dialogs import SettingsScreen

        self.app.push_screen(SettingsScreen(), lambda _: self.apply_settings())

    def apply_settings(self) -> None:
        """Redraw after the look or the language changed."""
        deck = self.app.deck
        self.query_one(HandView).deck = deck
        self.query_one(TrickView).deck = deck
        for panel in self.query(SeatPanel):
            panel.texts = self.app.texts
        self.query_one("#log", RichLog).display = self.app.settings.show_log
        self.refresh_table()
        self.query_one(HandView).refresh()
        self.query_one(TrickView).refresh()
        self.advance() if self.held is not None and not self.app.settings.hold_trick else None

    def action_rules(self) -> None:
        from .dialogs import RulesScreen

        self.app.push_screen(RulesScreen())

    def action_help(self) -> None:
        from .dialogs import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_quit_game(self) -> None:
        self.app.action_ask_quit()

    # The text pane

    def _log(self, line: str) -> None:
        self.lines.append(line)
        self.query_one("#log", RichLog).write(line)

    def _log_round_start(self) -> None:
        t = self.app.texts
        r = self.round
        self._log(f"— {t('log.round', n=r.number)}: {t.pass_direction(r.pass_direction)} —")

    def _replay_log(self) -> None:
        """Fill the text pane with what was played before a continued game reached the screen."""
        t = self.app.texts
        r = self.round
        for trick in r.tricks:
            for i, c in enumerate(trick.cards):
                self._log(t("played", name=self.seat_name(trick.seat_of(i)), card=t.card_name(c)))
            self._log(t("trick.won", name=self.seat_name(trick.winner)))
        for seat, c in r.trick_plays():
            self._log(t("played", name=self.seat_name(seat), card=t.card_name(c)))


def _cards(mask: int) -> list[Card]:
    from ...cards import cards_of

    return cards_of(mask)
