"""The bot protocol's messages: a ``PlayerView`` as JSON and back, and the lines a table and a bot exchange.

A bot in another program talks to the table over its standard input and output, one JSON object per
line (``docs/bot-protocol.md``). This module is only the data: what a line holds and how it is checked;
``table.players`` runs the program and ``botserver`` serves a bot class this way.
"""

from __future__ import annotations

import json
from typing import Any

from .cards import FULL_DECK, SUIT_MASKS, TWICE_SHIFT, Card, CardParseError, Suit, cards_of, mask_of, twice_mask
from .engine import Phase, Trick
from .rules import PassDirection, Rules, RulesError
from .view import PlayerView

NAME = "hjerterfri-bot"
VERSION = 1
MAX_LINE = 1 << 20
"""A line longer than this (1 MiB) is refused: a view is a few kB."""


class ProtocolError(ValueError):
    """A line that breaks the protocol: not JSON, not an object, a field missing or of the wrong kind."""


class NotJSON(ProtocolError):
    """A line that is no JSON at all (from a bot, often a debug line printed to standard output)."""

    def __init__(self, line: bytes, error: Exception) -> None:
        super().__init__(f"not a JSON line: {short(line)} ({error})")
        self.line = line


def encode(message: dict[str, Any]) -> bytes:
    """One line of the protocol: compact JSON and a newline."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """The message on one line; ``ProtocolError`` for anything that is not a JSON object with a ``type``."""
    if len(line) > MAX_LINE:
        raise ProtocolError(f"a line of more than {MAX_LINE:,} bytes, which the protocol allows")  # read no further
    try:
        message = json.loads(line.decode("utf-8"), parse_constant=_no_constant, parse_float=_finite)
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise NotJSON(line, e) from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError(f'not a message (a JSON object with a "type"): {short(line)}')
    return message


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    """A JSON number as a float; one too large for a float (1e400) is refused, not read as infinity."""
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {short(text, 20)} is too large")
    return value


def hello(**fields: Any) -> dict[str, Any]:
    """The first line each side writes: the protocol's name and version, and what else the side says."""
    return {"type": "hello", "protocol": NAME, "version": VERSION, **fields}


def check_hello(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` if it is a hello of this protocol and version, else ``ProtocolError``."""
    if message.get("type") != "hello" or message.get("protocol") != NAME:
        raise ProtocolError(f"expected a {NAME} hello, got {short(encode(message))}")
    version = message.get("version")
    if type(version) is not int or version != VERSION:  # true and 1.0 equal 1 in Python, not in the protocol
        raise ProtocolError(f"protocol version {short(json.dumps(version))}; hjerterfri speaks version {VERSION}")
    return message


def request(kind: str, number: int, view: PlayerView) -> dict[str, Any]:
    """Ask for a decision: ``kind`` is "pass" or "play"; ``number`` is echoed in the reply."""
    return {"type": kind, "id": number, "view": view_to_json(view)}


def reply_cards(message: dict[str, Any], kind: str, number: int) -> list[str]:
    """The card texts of a reply to request ``number`` (not yet checked to be cards: the table judges)."""
    if message.get("type") != kind or message.get("id") != number:
        wanted = encode({"type": kind, "id": number}).decode().strip()[:-1]
        raise ProtocolError(f"expected the reply to request {number}, {wanted},...}}, got {short(encode(message))}")
    cards = message.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise ProtocolError(f'a reply holds "cards": a list of card texts, not {short(json.dumps(cards))}')
    return cards


def short(data: bytes | str, limit: int = 80) -> str:
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    text = text.strip()
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


# A PlayerView as JSON


def _texts(mask: int | None) -> list[str] | None:
    return None if mask is None else [str(c) for c in cards_of(mask)]


def _trick(t: Trick) -> dict[str, Any]:
    return {"leader": t.leader, "seats": list(t.seats), "cards": [str(c) for c in t.cards], "winner": t.winner}


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """Everything the view holds, as plain JSON data (cards as canonical text, suits as letters)."""
    return {
        "seat": view.seat,
        "rules": view.rules.to_dict(),
        "round": view.round_number,
        "pass": view.pass_direction.value,
        "phase": view.phase.value,
        "hand": _texts(view.held_mask),
        "passed": _texts(view.passed_mask),
        "received": _texts(view.received_mask),
        "tricks": [_trick(t) for t in view.tricks],
        "trick": {"leader": view.trick_leader, "seats": list(view.trick_seats), "cards": [str(c) for c in view.trick]},
        "opening": str(view.opening_card),
        "turn": view.turn,
        "hearts_broken": view.hearts_broken,
        "totals": list(view.totals),
        "taken": list(view.taken),
        "hand_sizes": list(view.hand_sizes),
        "voids": [[s.letter for s in Suit if m & SUIT_MASKS[s] == SUIT_MASKS[s]] for m in view.void_masks],
        "legal": _texts(view.legal_mask),
        "kitty": {"size": view.kitty_size, "taker": view.kitty_taker, "cards": _texts(view.kitty_mask)},
    }


class _Reader:
    """Reads one view's JSON, naming the field at fault."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise ProtocolError("the view must be a JSON object")
        self.data = data

    def get(self, key: str, kind: type | tuple[type, ...], data: dict[str, Any] | None = None) -> Any:
        source = self.data if data is None else data
        if key not in source:
            raise ProtocolError(f"the view's field {key!r} is missing")
        value = source[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise ProtocolError(f"the view's field {key!r} has the wrong kind: {value!r:.60}")
        return value

    def ints(self, key: str, data: dict[str, Any] | None = None) -> tuple[int, ...]:
        values = self.get(key, list, data)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise ProtocolError(f"the view's field {key!r} must be a list of whole numbers")
        return tuple(values)

    def cards(self, key: str, data: dict[str, Any] | None = None) -> tuple[Card, ...]:
        texts = self.get(key, list, data)
        try:
            return tuple(Card.parse(t) for t in texts)
        except (CardParseError, AttributeError, TypeError):
            raise ProtocolError(f"the view's field {key!r} must be a list of cards") from None

    def mask(
        self, key: str, data: dict[str, Any] | None = None, optional: bool = False, twice: bool = False
    ) -> int | None:
        """The cards as a mask; with ``twice`` (two decks) a two-deck mask, where a card may come twice."""
        source = self.data if data is None else data
        if optional and source.get(key) is None:
            return None
        if not twice:
            return mask_of(self.cards(key, data))
        try:
            return twice_mask(self.cards(key, data))
        except ValueError as e:
            raise ProtocolError(f"the view's field {key!r}: {e}") from None


def view_from_json(data: Any) -> PlayerView:
    """The ``PlayerView`` that ``view_to_json`` wrote; ``ProtocolError`` for anything else."""
    r = _Reader(data)
    try:
        rules = Rules.from_dict(r.get("rules", dict))
        pass_direction = PassDirection(r.get("pass", str))
        phase = Phase(r.get("phase", str))
    except ProtocolError:
        raise
    except (RulesError, ValueError) as e:
        raise ProtocolError(f"the view's rules: {e}") from None
    tricks = []
    for t in r.get("tricks", list):
        if not isinstance(t, dict):
            raise ProtocolError("each trick must be a JSON object")
        cards = r.cards("cards", t)
        seats = r.ints("seats", t)
        tricks.append(Trick(r.get("leader", int, t), cards, r.get("winner", int, t), seats))
    current = r.get("trick", dict)
    kitty = r.get("kitty", dict)
    taker = kitty.get("taker")
    voids = []
    for letters in r.get("voids", list):
        if not isinstance(letters, list) or not all(isinstance(x, str) and x in "CDHS" and x for x in letters):
            raise ProtocolError("the view's field 'voids' must list suit letters (C, D, H, S) per seat")
        voids.append(sum(SUIT_MASKS["CDHS".index(x)] for x in set(letters)))
    try:
        opening = Card.parse(r.get("opening", str))
    except CardParseError as e:
        raise ProtocolError(f"the view's field 'opening': {e}") from None
    twice = rules.decks == 2
    held = r.mask("hand", twice=twice) or 0
    return PlayerView(
        seat=r.get("seat", int),
        rules=rules,
        round_number=r.get("round", int),
        pass_direction=pass_direction,
        phase=phase,
        hand_mask=held & FULL_DECK,
        hand_twice=held >> TWICE_SHIFT,
        passed_mask=r.mask("passed", optional=True, twice=twice),
        received_mask=r.mask("received", optional=True, twice=twice),
        tricks=tuple(tricks),
        trick_leader=r.get("leader", int, current),
        trick=r.cards("cards", current),
        trick_seats=r.ints("seats", current),
        opening_card=opening,
        turn=r.get("turn", int),
        hearts_broken=r.get("hearts_broken", bool),
        totals=r.ints("totals"),
        taken=r.ints("taken"),
        hand_sizes=r.ints("hand_sizes"),
        void_masks=tuple(voids),
        legal_mask=r.mask("legal") or 0,
        kitty_size=r.get("size", int, kitty),
        kitty_taker=taker if isinstance(taker, int) and not isinstance(taker, bool) else None,
        kitty_mask=r.mask("cards", kitty, optional=True),
    )
