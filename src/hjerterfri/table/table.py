"""A game being played: the rules, the seats, the seed, the engine's ``Game``, and the turn driver.

The driver knows whose turn it is, asks a seat's bot for its pass or play (``decide``, which may
block and is safe to call from a worker thread with a view taken before), applies the answer through
the engine (``apply``), and tells its listeners (the autosave, a screen) after every action. ``run``
is the one loop that plays on until the human must act or the game ends: the arena and the tests
play through it; the app asks and applies from its own workers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal, Protocol

from ..bots import reads_others
from ..cards import Card, cards_of
from ..catalogue import Message, MessageError
from ..claim import Claim, claim, lead
from ..engine import Game, GameOverError, Phase, Round, Trick
from ..gamelog import Ending, Fallback, GameRecord, Seat, Undo
from ..rules import Rules
from ..view import PlayerView
from .players import Decision, Kind, Player, PlayerFactory, decide
from .setup import new_seats

ADVISER = "hjerterfri.bots.svaer:Adviser"
PLAIN_ADVISER = "hjerterfri.bots.svaer:PlainAdviser"
"""The hint where another seat is let, a program or a person (``svaer.reads_others``)."""
"""The bot whose choice is the hint: svær, given the time the player waits for it (``HINT_PATIENCE`` in the app)."""


class SeatingError(MessageError, ValueError):
    """Seats the table cannot play: more than one human, or a count that does not match the rules."""


class StaleDecision(ValueError):
    """A decision for a position the table has left (the round moved on, or was taken back)."""


@dataclass(frozen=True)
class Event:
    """One thing that happened at the table: a pass, a card, a new deal, moves taken back, a challenge's par
    worked out, or a seat's new name."""

    kind: Literal["pass", "play", "deal", "undo", "par", "claim", "finish", "rename"]
    seat: int
    """The seat that acted (-1 for a deal and a finish; for an undo, the seat whose decision was taken back;
    for a claim, the claimant)."""
    cards: tuple[Card, ...] = ()
    """The cards passed or played (for an undo, taken back; for a claim or a finish, played to the end)."""
    decision: Decision | None = None
    """The bot's decision behind a pass or a play (with its fault, if the fallback was played)."""


@dataclass(frozen=True)
class RoundResult:
    """What a finished round scored, as everyone sees it once it is over."""

    number: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    """The game's totals after the round."""
    shooter: int | None
    kitty: tuple[Card, ...]
    kitty_taker: int | None


class Policy(Protocol):
    """Something that passes and plays for a seat in ``run``: a bot object (the tests' scripted human)."""

    def choose_pass(self, view: PlayerView) -> list[Card]: ...

    def choose_play(self, view: PlayerView) -> Card: ...


Listener = Callable[["Table", Event], None]


class Table:
    """One game at one table: who sits where, their bots, and the game as it is played."""

    def __init__(self, record: GameRecord, make_player: PlayerFactory, limit: float | None = None) -> None:
        """A table for ``record``'s game and seats; ``make_player`` builds each bot seat's player; ``limit``
        is the seconds a bot has for a decision before the fallback is played (None: no limit)."""
        humans = [s for s, seat in enumerate(record.seats) if seat.is_human]
        if len(humans) > 1:
            raise SeatingError(Message("table.humans", n=len(humans)))
        if len(record.seats) != record.rules.players:
            raise SeatingError(Message("table.seats", seats=len(record.seats), players=record.rules.players))
        self.record = record
        self.make_player = make_player
        self.limit = limit
        self.human: int | None = humans[0] if humans else None
        """The seat of the person at the keyboard, or None (the arena)."""
        self.players: dict[int, Player] = {
            s: make_player(s, seat.bot, seat.seed) for s, seat in enumerate(record.seats) if seat.bot is not None
        }
        self.listeners: list[Listener] = []
        self.on_close: list[Callable[[Table], None]] = []
        """Called when the table closes (the autosave gives up the game's lock)."""
        self._adviser: Player | None = None

    @classmethod
    def new(
        cls,
        rules: Rules,
        seed: int,
        names: Sequence[str],
        bots: str | Sequence[str | None],
        make_player: PlayerFactory,
        *,
        human: int | None = 0,
        limit: float | None = None,
        first_round: int = 1,
        started: datetime | None = None,
    ) -> Table:
        """A new game dealt from ``seed``: the human at seat ``human``, bots of ``bots`` at the others."""
        seats = new_seats(seed, names, bots, human)
        record = GameRecord.new(rules, seed, seats, started, first_round=first_round)
        return cls(record, make_player, limit)

    def rematch(self, seed: int | None = None) -> Table:
        """A new game at this table: the same rules, names and bots (their seeds from the new seed), the next seed."""
        seed = self.seed + 1 if seed is None else seed
        bots = [seat.bot for seat in self.seats]
        return Table.new(self.rules, seed, self.names, bots, self.make_player, human=self.human, limit=self.limit)

    # What the table is

    @property
    def game(self) -> Game:
        return self.record.game

    @property
    def rules(self) -> Rules:
        return self.record.rules

    @property
    def seed(self) -> int:
        return self.record.game.seed

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.record.seats

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.record.seats]

    @property
    def round(self) -> Round:
        return self.record.game.round

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now."""
        return self.record.game.view(seat)

    def results(self) -> list[RoundResult]:
        """Every finished round's result, in order (public once a round is over)."""
        out = []
        totals = [0] * self.rules.players
        for r in self.game.rounds:
            if not r.is_over:
                break
            scores = r.scores()
            totals = [a + b for a, b in zip(totals, scores, strict=True)]
            taker = r.tricks[0].winner if r.kitty else None
            out.append(RoundResult(r.number, scores, tuple(totals), r.moon_shooter(), tuple(cards_of(r.kitty)), taker))
        return out

    def last_trick(self) -> Trick | None:
        """The last trick finished in the game (every trick is public once it is taken)."""
        for r in reversed(self.game.rounds):
            if r.tricks:
                return r.tricks[-1]
        return None

    def waiting(self) -> tuple[int, ...]:
        """The seats that must act now: every seat still to pass, or the seat to play."""
        r = self.round
        if r.phase is Phase.PASSING:
            return tuple(s for s, p in enumerate(r.passed) if p is None)
        if r.phase is Phase.PLAYING:
            return (r.turn,)
        return ()

    def bots_to_act(self) -> tuple[int, ...]:
        return tuple(s for s in self.waiting() if s in self.players)

    def is_over(self) -> bool:
        """The game has ended: someone reached the target, or a challenge's last deal is played."""
        return self.record.is_finished

    def human_to_act(self) -> bool:
        return self.human is not None and self.human in self.waiting()

    def position(self) -> tuple[int, int]:
        """Where the game stands: the round and the cards played in it (a decision's stamp: passes are
        chosen at once, so another seat's pass does not make a pass decision stale)."""
        r = self.round
        return (r.number, sum(len(t.cards) for t in r.tricks) + len(r.trick))

    # Acting

    def decide(self, seat: int, view: PlayerView | None = None) -> Decision:
        """Ask ``seat``'s bot (may block: call it from a worker with a view taken on the table's thread)."""
        view = view if view is not None else self.view(seat)
        kind: Kind = "pass" if view.phase is Phase.PASSING else "play"
        return decide(self.players[seat], seat, kind, view, self.limit)

    def apply(self, decision: Decision) -> None:
        """Play a bot's decision through the engine (``StaleDecision`` if the table has moved on)."""
        phase = Phase.PASSING if decision.kind == "pass" else Phase.PLAYING
        if decision.seat not in self.waiting() or self.round.phase is not phase:
            raise StaleDecision(f"seat {decision.seat} is not to {decision.kind} now")
        at = None if decision.kind == "pass" else self._played()
        if decision.kind == "pass":
            self.round.pass_cards(decision.seat, decision.cards)
        else:
            self.round.play(decision.cards[0], decision.seat)
        if (
            decision.fault is not None
        ):  # the log marks it: ``analyse`` does not count the fallback's choice as the bot's
            self.record.fallbacks.append(Fallback(self.round.number, decision.seat, at))
        self._tell(Event(decision.kind, decision.seat, decision.cards, decision))

    def pass_cards(self, seat: int, cards: Iterable[Card]) -> None:
        """Pass for ``seat`` through the engine (which may refuse with ``IllegalMoveError``)."""
        chosen = tuple(cards)
        self.round.pass_cards(seat, chosen)
        self._tell(Event("pass", seat, chosen))

    def play(self, seat: int, card: Card) -> None:
        """Play for ``seat`` through the engine (which may refuse with ``IllegalMoveError``)."""
        self.round.play(card, seat)
        self._tell(Event("play", seat, (card,)))

    def next_round(self) -> Round:
        """Deal the next round (the engine refuses while the round is on or the game is over; so does the table
        after a challenge's last deal)."""
        if self.is_over():
            raise GameOverError(Message("next-round.over"))
        r = self.game.next_round()
        self._tell(Event("deal", -1))
        return r

    def set_par(self, points: Sequence[int]) -> None:
        """A challenge's par, worked out (it goes into the log)."""
        self.record.par = tuple(points)
        self._tell(Event("par", -1))

    def rename(self, seat: int, name: str) -> None:
        """``seat`` is called ``name`` from now on (the human's default name, "you", in another language)."""
        seats = list(self.record.seats)
        seats[seat] = replace(seats[seat], name=name)
        self.record.seats = tuple(seats)
        self._tell(Event("rename", seat))

    def can_undo(self) -> bool:
        """Whether ``undo`` has something to take back: a card of the human's in this round, or else its pass."""
        r = self.round
        me = self.human
        if me is None or r.is_over:
            return False
        if me in [s for t in r.tricks for s in t.seats] + list(r.trick_seats[: len(r.trick)]):
            return True
        return r.passed[me] is not None

    def undo(self, past_forced: bool = False) -> int:
        """Take back the human's last move in this round and every card played after it: its last card, or,
        before it has played one, its pass (the others' passes stay: passes are chosen at once). ``past_forced``
        goes on back over the human's forced cards (one card alone was legal), so the undo ends at a choice: a
        pass, when every card of the human's was forced. Returns how many passes and cards were taken back (0
        when there is nothing to take back); the record keeps it."""
        r = self.round
        me = self.human
        if me is None or not self.can_undo():
            return 0
        played = [c for t in r.tricks for c in t.cards] + list(r.trick)
        seats = [s for t in r.tricks for s in t.seats] + list(r.trick_seats[: len(r.trick)])
        mine = [i for i, s in enumerate(seats) if s == me]
        cut: int | None = None
        while mine:
            cut = mine.pop()
            while self._played() > cut:
                r.pop()
            if not (past_forced and r.legal_mask().bit_count() == 1):
                break  # a choice
            cut = None  # forced: on back to the card before, or the pass
        if cut is not None:
            taken = tuple(played[cut:])
            self._drop_fallbacks(cut)
            self.record.undos.append(Undo(r.number, me, cut, taken))
            self._tell(Event("undo", me, taken))
            return len(taken)
        if r.passed[me] is None:  # only forced cards, and no pass to go back to: nothing changes
            for card in played[self._played() :]:
                r.play(card)
            return 0
        while self._played():
            r.pop()
        mask = r.passed[me]
        assert mask is not None
        later = r.pass_order[r.pass_order.index(me) + 1 :]
        again = [(s, cards_of(r.passed[s] or 0)) for s in later]
        for _ in range(len(later) + 1):
            r.pop()
        for seat, cards in again:
            r.pass_cards(seat, cards)
        passed = tuple(cards_of(mask))
        self._drop_fallbacks(0)
        self.record.undos.append(Undo(r.number, me, cards=tuple(played), passed=passed))
        self._tell(Event("undo", me, passed))
        return 1 + len(later) + len(played)

    def claim(self, seat: int) -> Claim:
        """``seat`` claims every trick left. When the claim holds (the engine decides, from the seat's view), the
        round is played to its end at once, every trick to ``seat`` (the others play their lowest legal cards)."""
        verdict = claim(self.view(seat))
        if verdict.holds:
            assert verdict.card is not None
            at = self._played()
            first = [verdict.card]
            cards = self._play_out(lambda r: first.pop() if first else lead(r.legal_plays()), seat)
            self.record.endings.append(Ending(self.round.number, at, seat))
            self._tell(Event("claim", seat, cards))
        return verdict

    def finish(self) -> bool:
        """When no points are left to take, play the round to its end at once (every seat its lowest legal
        card): the rest cannot change the score. True if it did."""
        r = self.round
        if r.phase is not Phase.PLAYING or r.points_to_take():
            return False
        at = self._played()
        cards = self._play_out(lambda now: now.legal_plays()[0])
        self.record.endings.append(Ending(r.number, at))
        self._tell(Event("finish", -1, cards))
        return True

    def _drop_fallbacks(self, cut: int) -> None:
        """Forget the fallbacks among this round's cards after its first ``cut``: they are taken back."""
        n = self.round.number
        self.record.fallbacks = [f for f in self.record.fallbacks if f.round != n or f.at is None or f.at < cut]

    def _played(self) -> int:
        r = self.round
        return sum(len(t.cards) for t in r.tricks) + len(r.trick)

    def _play_out(self, choose: Callable[[Round], Card], claimant: int | None = None) -> tuple[Card, ...]:
        """Play the round to its end: ``choose`` gives the claimant's cards, the others play their lowest legal
        ones; with a ``claimant``, every trick from here must be its."""
        r = self.round
        start = len(r.tricks)
        cards: list[Card] = []
        while not r.is_over:
            card = choose(r) if claimant is None or r.turn == claimant else r.legal_plays()[0]
            r.play(card)
            cards.append(card)
        if claimant is not None and any(t.winner != claimant for t in r.tricks[start:]):
            raise AssertionError(f"seat {claimant}'s claim held, but it lost a trick in round {r.number}")
        return tuple(cards)

    def run(self, until: Callable[[Table], bool] | None = None, human: Policy | None = None) -> None:
        """Play on, one action at a time: bots decide, rounds are dealt, until ``until(table)``, the game
        ends, or the human must act (unless ``human`` plays for them)."""
        while (until is None or not until(self)) and self.step(human):
            pass

    def step(self, human: Policy | None = None) -> bool:
        """One action: the next bot's pass or card (the bots before the human, as in the app), the human's
        by ``human``, or the next deal; False when nothing can happen (the game is over, or the human is to act)."""
        r = self.round
        if r.is_over:
            if self.is_over():
                return False
            self.next_round()
            return True
        seat = min(self.waiting(), key=lambda s: (s not in self.players, s))
        if seat in self.players:
            self.apply(self.decide(seat))
        elif human is None:
            return False
        elif r.phase is Phase.PASSING:
            self.pass_cards(seat, human.choose_pass(self.view(seat)))
        else:
            self.play(seat, human.choose_play(self.view(seat)))
        return True

    def play_round(self) -> Round:
        """Play the round being played to its end (bots only): the arena's deal."""
        self.run(lambda table: table.round.is_over)
        return self.round

    def _tell(self, event: Event) -> None:
        for listener in self.listeners:
            listener(self, event)

    # Help for the human

    def advise(self, view: PlayerView, limit: float | None = None) -> tuple[Card, ...]:
        """What the strongest bot would pass or play in ``view`` (may block; empty if it could not say)."""
        if self._adviser is None:
            others = (seat.bot for s, seat in enumerate(self.seats) if s != view.seat)
            self._adviser = self.make_player(view.seat, ADVISER if reads_others(others) else PLAIN_ADVISER, 0)
        kind: Kind = "pass" if view.phase is Phase.PASSING else "play"
        decision = decide(self._adviser, view.seat, kind, view, limit)
        return () if decision.fault is not None else decision.cards

    def close(self) -> None:
        """Stop every bot (a bot's program is ended, whatever it is doing), and tell ``on_close``."""
        for player in [*self.players.values(), *([self._adviser] if self._adviser else [])]:
            player.close()
        for call in self.on_close:
            call(self)
