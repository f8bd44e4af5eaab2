"""Game logs: every game as a readable JSON file, written as it is played and checked when read.

What was dealt, passed and played is the truth; what follows from it (trick winners,
points, totals, the result) is written for readers and checked on load. Loading
replays every pass and card through the engine, so a log that loads is a legal game,
and the ``Game`` it returns stands exactly where the log stopped (mid-pass,
mid-trick, between rounds). Any problem raises one ``LogError`` naming the file, the
place and the reason; ``load(path, lenient=True)`` instead returns what was valid up
to the first problem.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, overload

from . import __version__, files
from .cards import Card, CardParseError, cards_of, mask_of, twice_mask
from .catalogue import Message, printable
from .challenge import Challenge, ChallengeError
from .engine import DealError, Game, GameOverError, IllegalMoveError, Outcome, Phase, Round, judge
from .files import Place
from .rules import TARGET, PassDirection, Rules, RulesError, did_you_mean

FORMAT = "hjerterfri-log"
VERSION = 1
MAX_BYTES = 4 * 1024 * 1024
"""Files larger than this are refused before they are read (a whole game is a few tens of kB)."""
SUFFIX = ".json"
HUMAN = "human"

_BOT_SPEC = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")
"""A bot class by import path, ``module:Class``."""
_EXEC_SPEC = re.compile(r"^exec:\S.{0,500}$")
"""A bot program, ``exec:COMMAND`` (run only when the user allows it)."""
NAME_MAX = 40


def name_problem(name: str) -> Message | None:
    """Why ``name`` cannot be a player's name (1 to 40 printable characters, not all spaces), or None."""
    if not name.strip() or len(name) > NAME_MAX or not name.isprintable():
        return Message("player-name.invalid", most=NAME_MAX, name=_short(name))
    return None


class LogError(files.FileError):
    """A log that cannot be read: ``path``, ``place`` (e.g. "round 3, trick 7") and ``why``, each said
    in any language; ``where`` and ``reason`` are the place and the reason in English."""


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a name, and either the human or a bot (its spec and seed)."""

    name: str
    bot: str | None = None
    """``None`` for the human; else a level (``middel``) or an import path (``mypkg.mybot:MyBot``)."""
    seed: int = 0
    """The bot's seed (its choices are fixed by it and the position)."""

    @property
    def is_human(self) -> bool:
        return self.bot is None

    @property
    def player(self) -> str:
        """``human`` or the bot's spec, as the log writes it."""
        return HUMAN if self.bot is None else self.bot


@dataclass(frozen=True)
class Branch:
    """Where a game was taken over from another game's replay, to be played on from there."""

    source: str
    """The log it branched from, as the viewer named it."""
    round: int
    cards: int
    """The cards played in that round when it branched."""
    seat: int
    """The seat taken over."""


@dataclass(frozen=True)
class Undo:
    """Moves taken back in round ``round``: ``seat``'s pass (``passed``, before any card), or every card played
    after the first ``kept`` (``cards``, the first of them ``seat``'s)."""

    round: int
    seat: int
    kept: int = 0
    cards: tuple[Card, ...] = ()
    passed: tuple[Card, ...] | None = None


@dataclass(frozen=True)
class Ending:
    """Round ``round`` was played to its end at once after its first ``at`` cards: ``claim`` took every trick
    left (a claim that held), or, when ``claim`` is None, no points were left to take."""

    round: int
    at: int
    claim: int | None = None


@dataclass(frozen=True)
class Fallback:
    """A bot's pass (``at`` None) or card (played after the round's first ``at`` cards) in round ``round`` that
    was the fallback's: the bot failed (it raised, timed out or answered wrong), and ``let`` chose instead."""

    round: int
    seat: int
    at: int | None = None


def other_target(rules: Rules, challenge: Challenge | None) -> int | None:
    """The points a game is played to, where they are not the rule texts' 100 (what the header, the offered
    saved game, the transcript and the list of games say); None for 100, and for a challenge, played to no
    score."""
    return None if rules.target == TARGET or challenge is not None else rules.target


@dataclass
class GameRecord:
    """A game and what the log says around it."""

    game: Game
    seats: tuple[Seat, ...]
    started: datetime
    program: str = __version__
    """The version of hjerterfri that started the game."""
    path: Path | None = None
    """The file it was loaded from, if any."""
    challenge: Challenge | None = None
    """The challenge the game plays (a fixed set of deals), if it is one."""
    par: tuple[int, ...] | None = None
    """A challenge's par: svær's points from the human's seat on each of its deals, once worked out."""
    branch: Branch | None = None
    """Where the game branched off another, if it did."""
    undos: list[Undo] = field(default_factory=list)
    """Every undo, in the order they were made."""
    endings: list[Ending] = field(default_factory=list)
    """The rounds played to their end at once."""
    fallbacks: list[Fallback] = field(default_factory=list)
    """The bots' passes and cards that were the fallback's, in the game as it stands (an undo drops the
    taken-back cards')."""

    @classmethod
    def new(
        cls,
        rules: Rules,
        seed: int,
        seats: Sequence[Seat],
        started: datetime | None = None,
        first_round: int = 1,
    ) -> GameRecord:
        """A new game dealt from ``seed`` (its first round numbered ``first_round``: only a log's 1 reads back)."""
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for {rules.players} players")
        started = started or datetime.now().astimezone().replace(microsecond=0)
        return cls(Game(rules, seed, first=first_round), tuple(seats), started)

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def other_target(self) -> int | None:
        return other_target(self.rules, self.challenge)

    @property
    def human_seat(self) -> int | None:
        """The first human seat, if any."""
        return next((s for s, seat in enumerate(self.seats) if seat.is_human), None)

    @property
    def is_finished(self) -> bool:
        """The game has ended: someone reached the target, or a challenge's last deal is played."""
        if self.challenge is not None and self.rounds_played >= self.challenge.deals:
            return True
        return self.game.is_over()

    @property
    def rounds_played(self) -> int:
        return sum(r.is_over for r in self.game.rounds)

    def human_points(self) -> list[int]:
        """The human's points on each finished deal (a challenge's human seat, else the first human's)."""
        seat = self.challenge.human if self.challenge is not None else self.human_seat
        assert seat is not None
        return [r.scores()[seat] for r in self.game.rounds if r.is_over]


@dataclass
class Partial:
    """What a lenient load found: everything valid up to the first problem, and that problem."""

    record: GameRecord | None
    """``None`` when not even the headers could be read."""
    error: LogError | None = None


# Writing


def to_dict(record: GameRecord) -> dict[str, Any]:
    """The log as plain JSON-ready data."""
    game = record.game
    rules = game.rules
    rounds = []
    totals = [0] * rules.players
    for r in game.rounds:
        rounds.append(_round_dict(r, totals, record))
    outcome = game.outcome()
    result = None
    if outcome is not None:
        result = {"outcome": outcome.kind.value, "winners": list(outcome.winners), "totals": list(outcome.totals)}
    return {
        "format": FORMAT,
        "version": VERSION,
        "program": record.program,
        "started": record.started.isoformat(),
        "preset": rules.name,
        "rules": rules.to_dict(),
        "seed": game.seed,
        "seats": [_seat_dict(s) for s in record.seats],
        **({"challenge": _challenge_dict(record)} if record.challenge is not None else {}),
        **({"branch": _branch_dict(record.branch)} if record.branch is not None else {}),
        "rounds": rounds,
        "result": result,
    }


def _challenge_dict(record: GameRecord) -> dict[str, Any]:
    assert record.challenge is not None
    return {"code": record.challenge.code, "par": None if record.par is None else list(record.par)}


def _branch_dict(branch: Branch) -> dict[str, Any]:
    return {"from": branch.source, "round": branch.round, "cards": branch.cards, "seat": branch.seat}


def _seat_dict(seat: Seat) -> dict[str, Any]:
    d: dict[str, Any] = {"name": seat.name, "player": seat.player}
    if not seat.is_human:
        d["seed"] = seat.seed
    return d


def _undo_dict(u: Undo) -> dict[str, Any]:
    if u.passed is not None:  # the pass, and the cards played after it (the others', or forced ones)
        return {"seat": u.seat, "passed": [str(c) for c in u.passed]} | ({"cards": _strs(u.cards)} if u.cards else {})
    return {"seat": u.seat, "kept": u.kept, "cards": _strs(u.cards)}


def _same(written: Any, actual: Any) -> bool:
    """Equal, and of the same types down into lists (``false`` is not 0, nor ``3.0`` 3, in a list either)."""
    if type(written) is not type(actual):
        return False
    if isinstance(written, list):
        return len(written) == len(actual) and all(map(_same, written, actual))
    return bool(written == actual)


def _strs(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def _ending_dict(e: Ending) -> dict[str, Any]:
    if e.claim is None:
        return {"by": "no-points", "at": e.at}
    return {"by": "claim", "seat": e.claim, "at": e.at}


def _texts(mask: int) -> list[str]:
    return [str(c) for c in cards_of(mask)]


def _round_dict(r: Round, totals: list[int], record: GameRecord) -> dict[str, Any]:
    assert r.dealt is not None, "a round rebuilt from a view has no deal to log"
    d: dict[str, Any] = {
        "round": r.number,
        "pass": r.pass_direction.value,
        "deal": [_texts(h) for h in r.dealt],
        **({"kitty": _texts(r.kitty)} if r.kitty else {}),
        "passed": None
        if r.pass_direction is PassDirection.NONE
        else [None if p is None else _texts(p) for p in r.passed],
    }
    tricks: list[dict[str, Any]] = [
        {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner, "points": t.points}
        for t in r.tricks
    ]
    if r.trick:
        tricks.append({"leader": r.leader, "cards": [str(c) for c in r.trick]})
    d["tricks"] = tricks
    if undos := [_undo_dict(u) for u in record.undos if u.round == r.number]:
        d["undos"] = undos
    for e in record.endings:
        if e.round == r.number:
            d["ended"] = _ending_dict(e)
    if fallbacks := [f for f in record.fallbacks if f.round == r.number]:
        d["fallbacks"] = {
            "passes": sorted(f.seat for f in fallbacks if f.at is None),
            "cards": sorted(f.at for f in fallbacks if f.at is not None),
        }
    if r.is_over:
        scores = r.scores()
        for s, p in enumerate(scores):
            totals[s] += p
        d["points"] = list(scores)
        d["totals"] = list(totals)
        d["moon"] = r.moon_shooter()
    return d


def dumps(record: GameRecord) -> str:
    """The log's text: indented, with short lists and each trick on one line."""
    return _format(to_dict(record), 0) + "\n"


def _format(value: Any, indent: int) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or len(flat) + indent <= 100 or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, list):
        items = [pad + _format(v, indent + 2) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_format(v, indent + 2)}" for k, v in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"


def save(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write the log atomically (``paths.write_atomic``)."""
    from .paths import write_atomic

    write_atomic(path, dumps(record))


def new_log_path(record: GameRecord, data_dir: str | os.PathLike[str] | None = None) -> Path:
    """A fresh file name for ``record`` in the games directory, e.g. ``2025-03-01_201533_dansk.json``."""
    from .paths import games_dir

    directory = games_dir(data_dir)
    directory.mkdir(parents=True, exist_ok=True)
    preset = re.sub(r"[^\w-]+", "-", record.rules.name, flags=re.ASCII).strip("-") or "game"
    stem = f"{record.started:%Y-%m-%d_%H%M%S}_{preset}"
    path = directory / f"{stem}{SUFFIX}"
    n = 2
    while path.exists() or path.with_name(f".{path.name}.lock").exists():  # a game being played there
        path = directory / f"{stem}_{n}{SUFFIX}"
        n += 1
    return path


# Reading


@overload
def load(path: str | os.PathLike[str], lenient: Literal[False] = False) -> GameRecord: ...
@overload
def load(path: str | os.PathLike[str], lenient: Literal[True]) -> Partial: ...
def load(path: str | os.PathLike[str], lenient: bool = False) -> GameRecord | Partial:
    """Read and check a log. Strict: the record, or ``LogError``. Lenient: a ``Partial``, never an error."""
    try:
        data = read_json(path)
    except LogError as e:
        if lenient:
            return Partial(None, e)
        raise
    return from_dict(data, path, lenient=lenient)


def read_json(path: str | os.PathLike[str]) -> Any:
    """The file's JSON data; ``LogError`` for anything but a regular file, a file too big, unreadable,
    or not JSON (``files.read_json``)."""
    try:
        return files.read_json(path, MAX_BYTES, Message("file.what.log"))
    except files.FileError as e:
        raise LogError(e.path, e.place, e.why) from None


def from_dict(data: Any, path: str | os.PathLike[str] = "<log>", lenient: bool = False) -> Any:
    """Check parsed log data by replaying it; a ``GameRecord`` (strict) or a ``Partial`` (lenient)."""
    try:
        log = LogReplay(data, path)
    except LogError as e:
        if lenient:
            return Partial(None, e)
        raise
    for _ in log.rounds():
        pass
    if lenient:
        return Partial(log.record, log.error)
    if log.error is not None:
        raise log.error
    return log.record


def open_log(path: str | os.PathLike[str]) -> LogReplay:
    """Read a log and check its headers (``LogError`` if that fails); ``rounds()`` replays the rest."""
    return LogReplay(read_json(path), path)


class LogReplay:
    """A log checked round by round, for readers that show each round as it is checked (in time
    and memory linear in the log): ``record`` holds the game as far as it is checked, ``rounds()``
    replays the log and yields each round once it is checked, and ``error`` is the problem that
    stopped it, if any (the round it was found in is yielded as far as it was valid)."""

    def __init__(self, data: Any, path: str | os.PathLike[str] = "<log>") -> None:
        self._reader = _Reader(Path(path))
        self.record = self._reader.header(data)
        self._data = data
        self.error: LogError | None = None

    def rounds(self) -> Iterator[Round]:
        reader, record = self._reader, self.record
        game = record.game
        totals = [0] * game.rules.players
        for i, rd in enumerate(self._data["rounds"]):
            where = _round(i + 1)
            try:
                reader.within_challenge(record.challenge, i + 1, where)
                if i > 0:
                    rd = reader.next_round(rd, game, where)
            except LogError as e:
                self.error = e
                return
            try:
                reader.round(rd, record, where, totals)
            except LogError as e:
                self.error = e
                yield game.round
                return
            yield game.round
        try:
            reader.result(self._data["result"], game.outcome())
        except LogError as e:
            self.error = e


_TOP = ("format", "version", "program", "started", "preset", "rules", "seed", "seats", "rounds", "result")
_TOP_OPTIONAL = ("challenge", "branch")
_CHALLENGE = ("code", "par")
_BRANCH = ("from", "round", "cards", "seat")
_SEAT_REQUIRED = ("name", "player")
_ROUND_REQUIRED = ("round", "pass", "deal", "passed", "tricks")
_ROUND_OVER = ("points", "totals", "moon")
_ROUND_OPTIONAL = (*_ROUND_OVER, "kitty", "undos", "ended", "fallbacks")
_TRICK_REQUIRED = ("leader", "cards")
_TRICK_OVER = ("winner", "points")
_RESULT = ("outcome", "winners", "totals")


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


CUT = 60
"""The most characters of a text from the log that an error quotes."""


def _cut(message: Message) -> Message:
    """``message`` with each text from the log in it cut to a readable length, nested ones too: a pass of
    5000 characters made a "one-line" error of 5000, and filled the replay's screen."""
    return Message(message.key, **{name: _cut_value(value) for name, value in message.values.items()})


def _cut_value(value: object) -> object:
    if isinstance(value, Message):
        return _cut(value)
    return printable(value, limit=CUT) if isinstance(value, str) else value


def _round(n: int) -> Place:
    return (Message("where.round", n=n),)


def _of_seat(where: Place, seat: int) -> Place:
    """ "round 1, deal" becomes "round 1, deal of seat 2"."""
    return (*where[:-1], Message("where.of-seat", part=where[-1], seat=seat))


def _seat(seat: int, seats: tuple[Seat, ...]) -> Message:
    """ "seat 2 (Nord)", or "seat 2" for a seat the log does not have."""
    if 0 <= seat < len(seats):
        return Message("seat.named", seat=seat, name=seats[seat].name)
    return Message("seat", seat=seat)


class _Reader:
    """Checks one log's data; every problem is a LogError naming the place."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: Place, reason: Message) -> LogError:
        return LogError(self.path, where, _cut(reason))

    def fields(self, value: Any, where: Place, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
        """``value`` as an object with these keys and no others."""
        if not isinstance(value, dict):
            what = where or Message("log.the-log")
            raise self.fail(where, Message("log.not-object", what=what, value=_short(value)))
        known = required + optional
        for key in value:
            if key not in known:
                hint = did_you_mean(key, known) or Message("suggest.known", known=known)
                raise self.fail(where, Message("log.field.unknown", field=repr(key), hint=hint))
        for key in required:
            if key not in value:
                raise self.fail(where, Message("log.field.missing", field=repr(key)))
        return value

    def integer(self, value: Any, where: Place, low: int | None = None, high: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(where, Message("log.integer", value=_short(value)))
        if low is not None and value < low and high is None:
            raise self.fail(where, Message("log.at-least", low=low, value=value))
        if (low is not None and value < low) or (high is not None and value > high):
            raise self.fail(where, Message("log.range", low=low, high=high, value=value))
        return value

    def seat(self, value: Any, where: Place, players: int) -> int:
        return self.integer(value, where, 0, players - 1)

    def text(self, value: Any, where: Place) -> str:
        if not isinstance(value, str):
            raise self.fail(where, Message("log.text", value=_short(value)))
        return value

    def card(self, value: Any, where: Place) -> Card:
        if not isinstance(value, str):
            raise self.fail(where, Message("log.card", value=_short(value)))
        try:
            return Card.parse(value)
        except CardParseError as e:
            raise self.fail(where, e.message) from None

    def cards(self, value: Any, where: Place, decks: int = 1) -> list[Card]:
        """A list of cards, none named more often than there are ``decks``."""
        if not isinstance(value, list):
            raise self.fail(where, Message("log.cards", value=_short(value)))
        out = [self.card(v, where) for v in value]
        too_often = next((c for c in out if out.count(c) > decks), None)
        if too_often is not None:
            named = Message("log.cards.twice" if decks == 1 else "log.cards.three-times", card=str(too_often))
            raise self.fail(where, named)
        return out

    # The headers

    def header(self, data: Any) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            if isinstance(data, dict) and "format" in data:
                found = _short(data["format"])
                raise self.fail(("format",), Message("log.format", format=found, want=repr(FORMAT)))
            raise self.fail((), Message("log.no-format", want=FORMAT))
        version = self.integer(data.get("version"), ("version",), 1)
        if version > VERSION:
            raise self.fail(("version",), Message("log.newer", version=version, known=VERSION))
        self.fields(data, (), _TOP, _TOP_OPTIONAL)
        program = self.text(data["program"], ("program",))
        try:
            started = datetime.fromisoformat(self.text(data["started"], ("started",)))
        except ValueError:
            example = "2025-03-01T20:15:33+01:00"
            why = Message("log.started", example=example, value=repr(data["started"]))
            raise self.fail(("started",), why) from None
        try:
            rules = Rules.from_dict(data["rules"]) if isinstance(data["rules"], dict) else None
        except RulesError as e:
            raise self.fail(("rules",), e.message) from None
        if rules is None:
            raise self.fail(("rules",), Message("log.object", value=_short(data["rules"])))
        preset = self.text(data["preset"], ("preset",))
        if preset != rules.name:
            raise self.fail(("preset",), Message("log.preset", preset=repr(preset), name=repr(rules.name)))
        seed = self.integer(data["seed"], ("seed",))
        seats_data = data["seats"]
        if not isinstance(seats_data, list) or len(seats_data) != rules.players:
            raise self.fail(("seats",), Message("log.seats", players=rules.players, value=_short(seats_data)))
        seats = tuple(self.seat_entry(s, (f"seats[{i}]",)) for i, s in enumerate(seats_data))
        rounds = data["rounds"]
        if not isinstance(rounds, list) or not rounds:
            raise self.fail(("rounds",), Message("log.rounds", value=_short(rounds)))
        first = self.fields(rounds[0], _round(1), _ROUND_REQUIRED, _ROUND_OPTIONAL)
        hands = self.deal(first["deal"], (*_round(1), "deal"), rules)
        kitty = self.kitty(first, _round(1), rules)
        try:
            game = Game(rules, seed, hands, kitty)
        except DealError as e:
            raise self.fail((*_round(1), "deal"), e.message) from None
        record = GameRecord(game, seats, started, program, self.path)
        if "challenge" in data:
            record.challenge, record.par = self.challenge(data["challenge"], record)
        if "branch" in data:
            record.branch = self.branch(data["branch"], rules.players)
        return record

    def challenge(self, value: Any, record: GameRecord) -> tuple[Challenge, tuple[int, ...] | None]:
        """The challenge the game plays: its code must fit the log's rules, seed and seats."""
        d = self.fields(value, ("challenge",), _CHALLENGE)
        code: Place = ("challenge", "code")
        try:
            challenge = Challenge.parse(self.text(d["code"], code))
        except ChallengeError as e:
            raise self.fail(code, e.message) from None
        from .bots import level_name

        rules = record.rules
        bots = [None if s.bot is None else level_name(s.bot) for s in record.seats]
        fits = {
            "preset": (challenge.preset, rules.name),
            "players": (challenge.players, rules.players),
            "seed": (challenge.seed, record.game.seed),
            "seats": (challenge.bots, bots),
        }
        for what, (coded, logged) in fits.items():
            if coded != logged:
                what_is = Message(f"log.challenge.{what}")
                raise self.fail(code, Message("log.challenge.fit", what=what_is, coded=str(coded), logged=str(logged)))
        par = d["par"]
        if par is None:
            return challenge, None
        if not isinstance(par, list) or len(par) != challenge.deals:
            raise self.fail(("challenge", "par"), Message("log.challenge.par", n=challenge.deals, value=_short(par)))
        return challenge, tuple(self.integer(p, ("challenge", "par"), -26, 26) for p in par)

    def branch(self, value: Any, players: int) -> Branch:
        d = self.fields(value, ("branch",), _BRANCH)
        source = self.text(d["from"], ("branch", "from"))
        if not source or len(source) > 1000 or not source.isprintable():
            raise self.fail(("branch", "from"), Message("log.branch.from", value=_short(source)))
        return Branch(
            source,
            self.integer(d["round"], ("branch", "round"), 1),
            self.integer(d["cards"], ("branch", "cards"), 0),
            self.seat(d["seat"], ("branch", "seat"), players),
        )

    def seat_entry(self, value: Any, where: Place) -> Seat:
        d = self.fields(value, where, _SEAT_REQUIRED, ("seed",))
        name = self.text(d["name"], (*where, "name"))
        if (problem := name_problem(name)) is not None:
            raise self.fail((*where, "name"), problem)
        player = self.text(d["player"], (*where, "player"))
        if player == HUMAN:
            if "seed" in d:
                raise self.fail(where, Message("log.human.seed"))
            return Seat(name)
        from .bots import LEVELS  # a name check only: nothing is imported from the log

        program = _EXEC_SPEC.match(player) and player.isprintable()
        if player not in LEVELS and not _BOT_SPEC.match(player) and not program:
            hint = did_you_mean(player, [HUMAN, *LEVELS])
            raise self.fail(
                (*where, "player"), Message("log.player", player=repr(player), hint=hint, levels=tuple(LEVELS))
            )
        if "seed" not in d:
            raise self.fail(where, Message("log.bot.seed"))
        return Seat(name, player, self.integer(d["seed"], (*where, "seed")))

    def kitty(self, rd: dict, where: Place, rules: Rules) -> int:
        """The round's kitty: required where the rules lay cards aside (001 at 3 or 5 players)."""
        if "kitty" not in rd:
            if rules.kitty_size:
                raise self.fail(where, Message("log.kitty", size=rules.kitty_size))
            return 0
        return mask_of(self.cards(rd["kitty"], (*where, "kitty")))

    def deal(self, value: Any, where: Place, rules: Rules) -> list[int]:
        """The hands as masks (two-deck masks with two decks): no card dealt more often than there are decks."""
        players, decks = rules.players, rules.decks
        if not isinstance(value, list) or len(value) != players:
            raise self.fail(where, Message("log.deal", players=players, value=_short(value)))
        masks = []
        seen: dict[Card, list[int]] = {}
        for s, hand in enumerate(value):
            cards = self.cards(hand, _of_seat(where, s), decks)
            for c in cards:
                holders = seen.setdefault(c, [])
                if len(holders) == decks:
                    others = tuple(Message("seat", seat=h) for h in holders)
                    to = Message("join", first=others, last=Message("seat", seat=s))
                    dealt = Message("log.deal.twice" if decks == 1 else "log.deal.three-times", card=str(c), seats=to)
                    raise self.fail(where, dealt)
                holders.append(s)
            masks.append(twice_mask(cards))
        return masks

    # The rounds

    def within_challenge(self, challenge: Challenge | None, number: int, where: Place) -> None:
        """A challenge's log holds no round beyond its deals."""
        if challenge is not None and number > challenge.deals:
            raise self.fail(where, Message("log.challenge.round", n=challenge.deals, round=number))

    def next_round(self, rd: Any, game: Game, where: Place) -> dict:
        """Deal the round ``rd`` logs after the one just checked; its fields."""
        rd = self.fields(rd, where, _ROUND_REQUIRED, _ROUND_OPTIONAL)
        n = game.round.number
        if not game.round.is_over:
            raise self.fail(where, Message("log.round.not-over", round=n))
        if game.is_over():
            raise self.fail(where, Message("log.game.ended", round=n))
        hands = self.deal(rd["deal"], (*where, "deal"), game.rules)
        kitty = self.kitty(rd, where, game.rules)
        try:
            game.next_round(hands, kitty)
        except (DealError, GameOverError) as e:
            raise self.fail((*where, "deal"), e.message) from None
        return rd

    def round(self, rd: dict, record: GameRecord, where: Place, totals: list[int]) -> None:
        r = record.game.round
        seats = record.seats
        number = self.integer(rd["round"], (*where, "round"))
        if number != r.number:
            raise self.fail(where, Message("log.round.number", number=number, round=r.number))
        direction = self.text(rd["pass"], (*where, "pass"))
        if direction != r.pass_direction.value:
            rule = repr(r.pass_direction.value)
            raise self.fail(
                (*where, "pass"), Message("log.round.pass", rule=rule, round=r.number, value=repr(direction))
            )
        self.passes(rd["passed"], r, seats, (*where, Message("where.passes")))
        tricks = rd["tricks"]
        if not isinstance(tricks, list):
            raise self.fail((*where, "tricks"), Message("log.tricks", value=_short(tricks)))
        for t, trick in enumerate(tricks, 1):
            self.trick(trick, r, seats, (*where, Message("where.trick", n=t)), last=t == len(tricks))
        if "undos" in rd:
            record.undos.extend(self.undos(rd["undos"], r, seats, (*where, "undos")))
        if "ended" in rd:
            record.endings.append(self.ending(rd["ended"], r, seats, (*where, "ended")))
        if "fallbacks" in rd:
            record.fallbacks.extend(self.fallbacks(rd["fallbacks"], r, seats, (*where, "fallbacks")))
        over = [k for k in _ROUND_OVER if k in rd]
        if not r.is_over:
            if over:
                raise self.fail(where, Message("log.round.early", field=repr(over[0])))
            return
        for key in _ROUND_OVER:
            if key not in rd:
                raise self.fail(where, Message("log.round.missing", field=repr(key)))
        scores = r.scores()
        for s, p in enumerate(scores):
            totals[s] += p
        self.check(rd["points"], list(scores), (*where, "points"))
        self.check(rd["totals"], list(totals), (*where, "totals"))
        self.check(rd["moon"], r.moon_shooter(), (*where, "moon"))

    def undos(self, value: Any, r: Round, seats: tuple[Seat, ...], where: Place) -> list[Undo]:
        """The round's undos, each checked to take back moves that were legal where they were made (the line
        before each undo is rebuilt from the one after it, back to the first)."""
        if not isinstance(value, list) or not value:
            raise self.fail(where, Message("log.undos", value=_short(value)))

        def undo(n: int) -> Place:  # "round 2, undo 1", where the list is "round 2, undos"
            return (*where[:-1], Message("where.undo", n=n))

        undos = []
        for i, entry in enumerate(value, 1):
            at = undo(i)
            d = self.fields(entry, at, ("seat",), ("kept", "cards", "passed"))
            seat = self.seat(d["seat"], (*at, "seat"), r.rules.players)
            if not seats[seat].is_human:
                raise self.fail(at, Message("log.undo.bot", seat=_seat(seat, seats)))
            if "passed" in d:
                if "kept" in d:
                    raise self.fail(at, Message("log.undo.pass-kept"))
                passed = self.cards(d["passed"], (*at, "passed"), r.rules.decks)
                after = self.cards(d["cards"], (*at, "cards"), r.rules.decks) if "cards" in d else []
                undos.append(Undo(r.number, seat, cards=tuple(after), passed=tuple(passed)))
                continue
            for key in ("kept", "cards"):
                if key not in d:
                    raise self.fail(at, Message("log.field.missing", field=repr(key)))
            kept = self.integer(d["kept"], (*at, "kept"), 0)
            cards = self.cards(d["cards"], (*at, "cards"), r.rules.decks)
            if not cards:
                raise self.fail((*at, "cards"), Message("log.undo.no-cards"))
            undos.append(Undo(r.number, seat, kept, tuple(cards)))
        passes = list(r.passed)
        line = [c for t in r.tricks for c in t.cards] + list(r.trick)
        for i in reversed(range(len(undos))):
            u = undos[i]
            at = undo(i + 1)
            fresh = _redeal(r)
            if u.passed is not None:
                try:
                    fresh.pass_cards(u.seat, u.passed)
                except IllegalMoveError as e:
                    raise self.fail(at, e.refusal(_seat(e.seat, seats), passing=True)) from None
                passes[u.seat] = fresh.passed[u.seat]
                line = list(u.cards)
                if not line:
                    continue
                fresh = _redeal(r)
            else:
                if u.kept > len(line):
                    raise self.fail(at, Message("log.undo.kept", n=u.kept, played=len(line)))
                line = line[: u.kept] + list(u.cards)
            if any(p is None for p in passes) and r.pass_direction is not PassDirection.NONE:
                raise self.fail(at, Message("log.undo.early"))
            for seat, mask in enumerate(passes):
                if mask is not None:
                    fresh.pass_cards(seat, cards_of(mask))
            for k, card in enumerate(line):
                if k == u.kept and fresh.turn != u.seat and u.passed is None:
                    raise self.fail(at, Message("log.undo.first", turn=fresh.turn, seat=u.seat))
                if u.passed is not None and fresh.turn == u.seat and fresh.legal_mask().bit_count() > 1:
                    raise self.fail(at, Message("log.undo.pass-choice", card=str(card)))
                try:
                    fresh.play(card)
                except IllegalMoveError as e:
                    raise self.fail(at, e.refusal(_seat(e.seat, seats))) from None
        return undos

    def fallbacks(self, value: Any, r: Round, seats: tuple[Seat, ...], where: Place) -> list[Fallback]:
        """The round's passes and cards that were the fallback's, checked to be bots' passes made and bots'
        cards played (``cards``: each card's place in the round, as many played before it)."""
        d = self.fields(value, where, ("passes", "cards"))
        out = []
        for seat_value in self.unique(d["passes"], (*where, "passes")):
            seat = self.seat(seat_value, (*where, "passes"), r.rules.players)
            if r.passed[seat] is None:
                raise self.fail((*where, "passes"), Message("log.fallback.no-pass", seat=_seat(seat, seats)))
            out.append(Fallback(r.number, seat))
        by = [s for t in r.tricks for s in t.seats] + list(r.trick_seats[: len(r.trick)])
        for at_value in self.unique(d["cards"], (*where, "cards")):
            at = self.integer(at_value, (*where, "cards"), 0)
            if at >= len(by):
                raise self.fail((*where, "cards"), Message("log.fallback.card", n=at, played=len(by)))
            out.append(Fallback(r.number, by[at], at))
        for f in out:
            if seats[f.seat].is_human:
                raise self.fail(where, Message("log.fallback.human", seat=_seat(f.seat, seats)))
        return out

    def unique(self, value: Any, where: Place) -> list[Any]:
        """A list in which nothing is named twice."""
        if not isinstance(value, list):
            raise self.fail(where, Message("log.list", value=_short(value)))
        twice = next((v for i, v in enumerate(value) if v in value[:i]), None)
        if twice is not None:
            raise self.fail(where, Message("log.list.twice", value=_short(twice)))
        return value

    def ending(self, value: Any, r: Round, seats: tuple[Seat, ...], where: Place) -> Ending:
        """How a round played to its end at once ended, checked: a claim that held, or no points left."""
        d = self.fields(value, where, ("by", "at"), ("seat",))
        if not r.is_over:
            raise self.fail(where, Message("log.ended.not-over"))
        cards = [c for t in r.tricks for c in t.cards]
        at = self.integer(d["at"], (*where, "at"), 0, len(cards))
        by = self.text(d["by"], (*where, "by"))
        fresh = _redeal(r)
        for seat, mask in enumerate(r.passed):
            if mask is not None:
                fresh.pass_cards(seat, cards_of(mask))
        for card in cards[:at]:
            fresh.push(card)
        if by == "no-points":
            if "seat" in d:
                raise self.fail(where, Message("log.ended.claimant"))
            if left := fresh.points_to_take():
                raise self.fail(where, Message("log.ended.points", left=left, n=at))
            return Ending(r.number, at)
        if by != "claim":
            raise self.fail((*where, "by"), Message("log.ended.by", value=_short(by)))
        if "seat" not in d:
            raise self.fail(where, Message("log.ended.who"))
        seat = self.seat(d["seat"], (*where, "seat"), r.rules.players)
        from .claim import claim

        if fresh.turn != seat or not fresh.tricks or not claim(fresh.view(seat)).holds:
            raise self.fail(where, Message("log.ended.cannot", seat=_seat(seat, seats), n=at))
        end = 0
        for trick in r.tricks:
            end += len(trick.cards)
            if end > at and trick.winner != seat:
                raise self.fail(where, Message("log.ended.won", seat=seat, winner=trick.winner))
        return Ending(r.number, at, seat)

    def summary(self, data: dict, record: GameRecord) -> Summary:
        """The log's own account of its rounds and result, checked to add up, without replaying a card."""
        rules = record.rules
        points: list[tuple[int, ...]] = []
        moons: list[int | None] = []
        totals = [0] * rules.players
        rounds = data["rounds"]
        outcome = None
        undos = 0
        for i, rd in enumerate(rounds):
            where = _round(i + 1)
            self.within_challenge(record.challenge, i + 1, where)
            rd = self.fields(rd, where, _ROUND_REQUIRED, _ROUND_OPTIONAL)
            if i > 0 and len(points) < i:
                raise self.fail(where, Message("log.round.not-over", round=i))
            if outcome is not None:
                raise self.fail(where, Message("log.game.ended", round=i))
            if self.integer(rd["round"], (*where, "round")) != i + 1:
                raise self.fail(where, Message("log.round.number", number=rd["round"], round=i + 1))
            if "undos" in rd:
                if not isinstance(rd["undos"], list):
                    raise self.fail((*where, "undos"), Message("log.undos.list", value=_short(rd["undos"])))
                undos += len(rd["undos"])
            if not any(key in rd for key in _ROUND_OVER):
                continue
            for key in _ROUND_OVER:
                if key not in rd:
                    raise self.fail(where, Message("log.round.missing", field=repr(key)))
            scores = self.scores(rd["points"], (*where, "points"), rules.players)
            for s, p in enumerate(scores):
                totals[s] += p
            self.check(rd["totals"], totals, (*where, "totals"))
            moon = rd["moon"]
            if moon is not None:
                self.seat(moon, (*where, "moon"), rules.players)
            points.append(scores)
            moons.append(moon)
            outcome = judge(rules, tuple(totals))
        self.result(data["result"], outcome if len(points) == len(rounds) else None)
        return Summary(
            self.path,
            record.started,
            rules,
            record.seats,
            len(rounds),
            tuple(points),
            tuple(moons),
            outcome,
            record.challenge,
            record.par,
            undos,
            record.branch,
        )

    def scores(self, value: Any, where: Place, players: int) -> tuple[int, ...]:
        if not isinstance(value, list) or len(value) != players:
            raise self.fail(where, Message("log.scores", players=players, value=_short(value)))
        return tuple(self.integer(v, where) for v in value)

    def check(self, written: Any, actual: Any, where: Place) -> None:
        """A field written for readers must be what the cards give."""
        if not _same(written, actual):
            raise self.fail(where, Message("log.check", written=_short(written), actual=_short(actual)))

    def passes(self, value: Any, r: Round, seats: tuple[Seat, ...], where: Place) -> None:
        players = r.rules.players
        if r.pass_direction is PassDirection.NONE:
            if value is not None:
                raise self.fail(where, Message("log.passes.none", round=r.number))
            return
        if not isinstance(value, list) or len(value) != players:
            raise self.fail(where, Message("log.passes", players=players, value=_short(value)))
        for s, chosen in enumerate(value):
            if chosen is None:
                continue
            cards = self.cards(chosen, _of_seat(where, s), r.rules.decks)
            try:
                r.pass_cards(s, cards)
            except IllegalMoveError as e:
                raise self.fail(where, e.refusal(_seat(e.seat, seats), passing=True)) from None

    def trick(self, value: Any, r: Round, seats: tuple[Seat, ...], where: Place, last: bool) -> None:
        d = self.fields(value, where, _TRICK_REQUIRED, _TRICK_OVER)
        players = r.rules.players
        if r.phase is Phase.PASSING:
            missing = tuple(seats[s].name for s, p in enumerate(r.passed) if p is None)
            raise self.fail(where, Message("log.trick.early", names=missing))
        if r.phase is Phase.OVER:
            raise self.fail(where, Message("log.trick.late"))
        leader = self.seat(d["leader"], (*where, "leader"), players)
        if leader != r.leader:
            why = Message("log.leader.won") if r.tricks else Message("log.leader.holds", card=str(r.opening_card))
            who = _seat(r.leader, seats)
            raise self.fail(where, Message("log.leader", seat=Message("seat", seat=leader), leader=who, why=why))
        cards = d["cards"]
        size = len(r.trick_seats)  # one more per seat that plays twice in 004's first trick
        if not isinstance(cards, list) or not cards or len(cards) > size:
            raise self.fail(where, Message("log.trick.size", size=size, value=_short(cards)))
        for i, text in enumerate(cards):
            card = self.card(text, (*where, Message("where.card", n=i + 1)))
            try:
                r.play(card)
            except IllegalMoveError as e:
                raise self.fail(where, e.refusal(_seat(e.seat, seats))) from None
        if len(cards) < size:
            if not last:
                raise self.fail(where, Message("log.trick.short", count=len(cards)))
            if any(k in d for k in _TRICK_OVER):
                raise self.fail(where, Message("log.trick.unfinished"))
            return
        for key in _TRICK_OVER:
            if key not in d:
                raise self.fail(where, Message("log.field.missing", field=repr(key)))
        done = r.tricks[-1]
        self.check(d["winner"], done.winner, (*where, "winner"))
        self.check(d["points"], done.points, (*where, "points"))

    def result(self, value: Any, outcome: Outcome | None) -> None:
        """The result must be the outcome the rounds give (``None`` while the game goes on)."""
        if outcome is None:
            if value is not None:
                raise self.fail(("result",), Message("log.result.early"))
            return
        if value is None:
            raise self.fail(("result",), Message("log.result.missing", outcome=outcome.kind.value))
        d = self.fields(value, ("result",), _RESULT)
        self.check(d["outcome"], outcome.kind.value, ("result", "outcome"))
        self.check(d["winners"], list(outcome.winners), ("result", "winners"))
        self.check(d["totals"], list(outcome.totals), ("result", "totals"))


def _redeal(r: Round) -> Round:
    """Round ``r`` as it was dealt, before any pass."""
    assert r.dealt is not None
    return Round(r.rules, r.dealt, r.number, r.kitty)


# The games directory


@dataclass(frozen=True)
class Summary:
    """What a log says of itself, for listing many games at once: its headers (checked as ``load``
    checks them), each finished round's points and moon, and the result, checked to add up. The cards
    are not replayed, so a game is checked card by card only when it is opened (``load``)."""

    path: Path
    started: datetime
    rules: Rules
    seats: tuple[Seat, ...]
    round_number: int
    """The round being played, or the last one played."""
    points: tuple[tuple[int, ...], ...]
    """Each finished round's points per seat."""
    moons: tuple[int | None, ...]
    """Each finished round's moon shooter."""
    outcome: Outcome | None
    challenge: Challenge | None = None
    par: tuple[int, ...] | None = None
    undos: int = 0
    """How many times moves were taken back."""
    branch: Branch | None = None
    """Where the game was taken over from another's replay (its rounds before are that game's)."""

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(map(sum, zip(*self.points, strict=True))) if self.points else (0,) * self.rules.players

    @property
    def other_target(self) -> int | None:
        return other_target(self.rules, self.challenge)

    @property
    def is_finished(self) -> bool:
        """The game has ended: someone reached the target, or a challenge's last deal is played."""
        return self.outcome is not None or (self.challenge is not None and len(self.points) >= self.challenge.deals)

    @property
    def human_seat(self) -> int | None:
        """The first human seat, if any."""
        return next((s for s, seat in enumerate(self.seats) if seat.is_human), None)


def summarize(path: str | os.PathLike[str]) -> Summary:
    """The ``Summary`` of the log at ``path`` (``LogError`` if even that does not hold)."""
    data = read_json(path)
    reader = _Reader(Path(path))
    return reader.summary(data, reader.header(data))


@dataclass
class Entry:
    """One file in the games directory: its summary, or why it could not be read."""

    path: Path
    summary: Summary | None = None
    error: LogError | None = None


def log_files(directory: str | os.PathLike[str]) -> list[Path]:
    """The log files in ``directory``, most recently written first (regular files only, each once: a link
    counts as the file it points to, and a file with a link to it in the folder is listed by its own name).
    Nothing when there is no such directory yet; a directory that cannot be read is an ``OSError`` ("no saved
    games" hid the games of a folder that could not be read)."""
    try:
        with os.scandir(directory) as entries:
            named = [Path(e.path) for e in entries if e.name.endswith(SUFFIX)]
    except FileNotFoundError:
        return []
    found: dict[tuple[int, int], tuple[float, str, Path]] = {}
    for p in sorted(named, key=lambda p: (p.is_symlink(), p.name)):
        try:
            st = p.stat()
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode) and not p.name.startswith("."):
            found.setdefault((st.st_dev, st.st_ino), (st.st_mtime, p.name, p))
    return [p for *_, p in sorted(found.values(), reverse=True)]


def list_games(directory: str | os.PathLike[str]) -> Iterator[Entry]:
    """Every log in ``directory``, newest first, each summarized (or its error)."""
    for p in log_files(directory):
        try:
            yield Entry(p, summarize(p))
        except LogError as e:
            yield Entry(p, error=e)


def unfinished_logs(directory: str | os.PathLike[str]) -> Iterator[Path]:
    """The logs in ``directory`` whose summary says the game goes on, newest first; unreadable ones are
    skipped. Load one (after taking its lock, to play it) to check it card by card."""
    for p in log_files(directory):
        try:
            if not summarize(p).is_finished:
                yield p
        except LogError:
            continue


def latest_unfinished(directory: str | os.PathLike[str]) -> GameRecord | None:
    """The most recently written game that is not over and loads cleanly; broken files are skipped."""
    for p in unfinished_logs(directory):
        try:
            record = load(p)
        except LogError:
            continue
        if not record.is_finished:
            return record
    return None
