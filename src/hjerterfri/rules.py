"""The options in which the rule texts differ, and the named presets built from them."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, replace
from enum import Enum
from functools import cached_property
from typing import Any, TypeVar

from .catalogue import Message, MessageError


class PassDirection(Enum):
    """Where the passed cards go. Play goes to the left, so left is the next seat."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    NONE = "none"

    def target(self, seat: int, players: int) -> int:
        """The seat that receives what ``seat`` passes."""
        if self is _LEFT:
            return (seat + 1) % players
        if self is _RIGHT:
            return (seat - 1) % players
        if self is _ACROSS:
            return (seat + players // 2) % players
        return seat

    def source(self, seat: int, players: int) -> int:
        """The seat whose passed cards ``seat`` receives."""
        return next(s for s in range(players) if self.target(s, players) == seat)


_LEFT, _RIGHT, _ACROSS = PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS
"""The directions as module names: reading a member off an Enum class is a slow lookup (``target`` runs per pass)."""


class FirstTrick(Enum):
    """May point cards be discarded on the first trick?"""

    NO_POINTS = "no-points"
    """No hearts, no queen of spades, unless the hand holds nothing else."""
    POINTS_ALLOWED = "points-allowed"


class OddCards(Enum):
    """What becomes of the cards that do not divide evenly among 3 or 5 players."""

    KITTY = "kitty"
    """001: laid aside face down; the winner of the first trick takes them (and their points)."""
    PLAY_TWICE = "play-twice"
    """004: all dealt; whoever got one card more plays two cards in the first trick."""
    REMOVE_TWO_OF_CLUBS = "remove-two-of-clubs"
    """004, three players: the two of clubs is taken out, 17 each, and the three of clubs leads."""


class TieRule(Enum):
    """What a shared lowest total means when the game ends."""

    DRAW = "draw"
    PLAY_ON = "play-on"
    SHARED_WIN = "shared-win"


class MoonScoring(Enum):
    """What taking every point card in a round scores."""

    OTHERS_GET_26 = "others-get-26"
    """The shooter scores 0, every other player 26 (all three texts)."""
    SHOOTER_MINUS_26 = "shooter-minus-26"
    """The shooter scores -26, the others 0 (an option from other games)."""


def did_you_mean(word: str, known: Iterable[str]) -> Message | str:
    """A hint, " (did you mean 'seed'?)", when ``word`` is close to a ``known`` one; else nothing."""
    close = difflib.get_close_matches(word, list(known), n=1)
    return Message("suggest.close", word=repr(close[0])) if close else ""


class UnknownPresetError(MessageError, ValueError):
    """A preset name that does not exist."""

    def __init__(self, name: str) -> None:
        hint = did_you_mean(name, PRESETS)
        super().__init__(Message("rules.preset.unknown", name=repr(name), hint=hint, known=tuple(PRESETS)))
        self.name = name


class RulesError(MessageError, ValueError):
    """Rules that cannot be played, or a rules record that cannot be read."""


TARGET = 100
"""The points that end a game in every rule text (a game may be played to others: ``Rules.target``)."""


@dataclass(frozen=True)
class Rules:
    """Every option in which the presets differ; immutable and hashable."""

    name: str
    players: int = 4
    pass_cycle: tuple[PassDirection, ...] = (
        PassDirection.LEFT,
        PassDirection.RIGHT,
        PassDirection.ACROSS,
        PassDirection.NONE,
    )
    pass_count: int = 3
    first_trick: FirstTrick = FirstTrick.NO_POINTS
    tie: TieRule = TieRule.DRAW
    target: int = TARGET
    moon: MoonScoring = MoonScoring.OTHERS_GET_26
    odd_cards: OddCards = OddCards.KITTY
    source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not 3 <= self.players <= 8:
            raise RulesError(Message("rules.players", players=self.players))
        if self.odd_cards is OddCards.REMOVE_TWO_OF_CLUBS and self.players != 3:
            raise RulesError(Message("rules.no-two"))
        if self.decks == 2 and self.odd_cards is OddCards.KITTY:
            raise RulesError(Message("rules.two-decks.kitty", players=self.players))
        if not self.pass_cycle:
            raise RulesError(Message("rules.pass-cycle.empty"))
        if PassDirection.ACROSS in self.pass_cycle and self.players % 2:
            raise RulesError(Message("rules.no-across", players=self.players))
        passes = any(d is not PassDirection.NONE for d in self.pass_cycle)
        if passes and self.pass_count == 0:
            raise RulesError(Message("rules.pass-none"))
        if not passes and self.pass_count:
            raise RulesError(Message("rules.no-passing.count", count=self.pass_count))
        if not 0 <= self.pass_count < self.hand_size:
            raise RulesError(
                Message("rules.pass-count", count=self.pass_count, hand=self.hand_size, most=self.hand_size - 1)
            )
        if self.target < 1:
            raise RulesError(Message("rules.target", target=self.target))

    @cached_property
    def decks(self) -> int:
        """Decks in play: one, or two for more than five players (004: "fler än 5 spelare [...] två kortlekar")."""
        return 2 if self.players > 5 else 1

    @cached_property
    def deck_mask(self) -> int:
        """The cards in play: all 52, or 51 without the two of clubs (with two decks, each of them twice)."""
        full = (1 << 52) - 1
        return full & ~1 if self.odd_cards is OddCards.REMOVE_TWO_OF_CLUBS else full

    @cached_property
    def deck_size(self) -> int:
        """How many cards are in play: 52, 51 without the two of clubs, or 104 with two decks."""
        return self.deck_mask.bit_count() * self.decks

    @cached_property
    def round_points(self) -> int:
        """The points in a round, all to a moon's shooter: 26 a deck."""
        return 26 * self.decks

    @cached_property
    def kitty_size(self) -> int:
        """Cards laid aside for the winner of the first trick (001 at 3 or 5 players)."""
        return 52 % self.players if self.odd_cards is OddCards.KITTY else 0

    @cached_property
    def hand_size(self) -> int:
        """The cards each seat is dealt; under PLAY_TWICE, some seats get one more."""
        return (self.deck_size - self.kitty_size) // self.players

    @cached_property
    def extra_cards(self) -> int:
        """How many seats are dealt one card more (004's deal at 3, 5, 6 or 7 players)."""
        return (self.deck_size - self.kitty_size) % self.players

    @property
    def passes(self) -> bool:
        """Whether cards are ever passed (a game without passing has ``pass_count`` 0)."""
        return self.pass_count > 0

    def pass_direction(self, round_number: int) -> PassDirection:
        """The pass direction of round ``round_number`` (the first round is 1)."""
        return self.pass_cycle[(round_number - 1) % len(self.pass_cycle)]

    def to_dict(self) -> dict[str, Any]:
        """A plain JSON-ready record of every option."""
        d = asdict(self)
        d.pop("source")
        d["pass_cycle"] = [p.value for p in self.pass_cycle]
        for key in ("first_trick", "tie", "moon", "odd_cards"):
            d[key] = d[key].value
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Read what ``to_dict`` wrote; unknown or missing keys and bad values raise RulesError."""
        known = {"name", "players", "pass_cycle", "pass_count", "first_trick", "tie", "target", "moon", "odd_cards"}
        for key in data:
            if key not in known:
                raise RulesError(Message("rules.field.unknown", field=repr(key), hint=did_you_mean(key, sorted(known))))
        missing = sorted(known - data.keys())
        if missing:
            raise RulesError(Message("rules.field.missing", field=repr(missing[0])))
        return cls(
            name=_typed(data, "name", str),
            players=_typed(data, "players", int),
            pass_cycle=tuple(_option("pass_cycle", p, PassDirection) for p in _typed(data, "pass_cycle", list)),
            pass_count=_typed(data, "pass_count", int),
            first_trick=_option("first_trick", data["first_trick"], FirstTrick),
            tie=_option("tie", data["tie"], TieRule),
            target=_typed(data, "target", int),
            moon=_option("moon", data["moon"], MoonScoring),
            odd_cards=_option("odd_cards", data["odd_cards"], OddCards),
        )


def _typed(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise RulesError(Message("rules.field.type", field=repr(key), kind=kind.__name__, value=repr(value)))
    return value


_Option = TypeVar("_Option", bound=Enum)


def _option(key: str, value: Any, kind: type[_Option]) -> _Option:
    """The option ``value`` names (RulesError naming the field and its options otherwise)."""
    for option in kind:
        if option.value == value:
            return option
    options = tuple(repr(o.value) for o in kind)
    raise RulesError(Message("rules.field.option", field=repr(key), value=repr(value), options=options))


PRESETS: dict[str, Rules] = {
    "dansk": Rules(
        name="dansk",
        first_trick=FirstTrick.NO_POINTS,
        tie=TieRule.DRAW,
        source="000_5143a5561d8b2551.txt",
    ),
    "dansk-hus": Rules(
        name="dansk-hus",
        first_trick=FirstTrick.NO_POINTS,
        tie=TieRule.PLAY_ON,
        source="001_43139c85abb41417.txt",
    ),
    "svensk": Rules(
        name="svensk",
        first_trick=FirstTrick.POINTS_ALLOWED,
        tie=TieRule.SHARED_WIN,
        source="004_b807fd3d2cf2b230.txt",
    ),
}


VARIANTS = ("standard", "left-right", "no-two")
"""Variants of a 3- or 5-player game (``table.variants.game_rules`` builds them): the preset as it is, passing
only left and right (the Danish presets), or the 3-player Swedish deal without the two of clubs."""


def preset(name: str, players: int = 4) -> Rules:
    """The preset called ``name`` (``dansk``, ``dansk-hus`` or ``svensk``) for 3 to 8 players.

    At other counts than four the passing is left, right, none. At 3 and 5 players the Danish
    presets lay the odd cards aside as a kitty (001), Swedish deals them out to be played twice
    (004); 6 to 8 players play only Swedish, with two decks (004), the odd cards played twice.
    """
    try:
        rules = PRESETS[name.strip().lower()]
    except KeyError:
        raise UnknownPresetError(name) from None
    if players == 4:
        return rules
    if players > 5 and rules.name != "svensk":
        raise RulesError(Message("rules.two-decks.svensk", name=rules.name))
    odd = OddCards.PLAY_TWICE if rules.name == "svensk" else OddCards.KITTY
    three_way = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.NONE)
    return replace(rules, players=players, pass_cycle=three_way, odd_cards=odd)
