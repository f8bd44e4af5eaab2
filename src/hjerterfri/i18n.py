"""Every text a person reads, in Danish, Swedish and English: one catalogue, one ``Texts`` to read it.

The catalogue is read and its texts filled in by the module ``catalogue`` (below the app: the engine
and the records layer say their errors with it); see there for the files, placeholders and plural forms.

``Texts(lang)`` looks a text up by key and fills it in; values from outside (names, paths, a bot's
error) are made printable on the way in (``catalogue.printable``). It says a ``Message`` (an error's),
names cards in words ("spar dame", "spader dam", "queen of spades"), writes them short through the one
card formatter (``Deck``), and explains every engine ``Reason`` ("Du skal bekende ♣").
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from typing import Any

from .cardface import Deck, sort_hand
from .cards import Card, Suit
from .catalogue import LANGUAGES, PLURAL_FORMS, Message, catalogue, default_name, say
from .engine import IllegalMoveError, OutcomeKind, Reason
from .literal import printable
from .rules import PassDirection

__all__ = ["LANGUAGES", "PLURAL_FORMS", "Texts", "catalogue", "reason_keys"]

LANGUAGE_NAMES = {"da": "dansk", "sv": "svenska", "en": "English"}
"""Each language by its own name (as the language choice shows it, whatever the language of the screen)."""
PRESET_LANGUAGE = {"dansk": "da", "dansk-hus": "da", "svensk": "sv"}
"""The language a preset suggests until the player chooses one (where the system names none of ours)."""


def system_language() -> str | None:
    """The language the system asks for, where it is one of ours: ``LANGUAGE``'s first, else ``LC_ALL``,
    ``LC_MESSAGES`` or ``LANG``, as gettext reads them; None for another language, or none ("C")."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "").split(":")[0]
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else None
    return None


def default_language(preset: str | None) -> str:
    """The language before the player chooses one: the system's, if it is one of ours (an English player's
    first start was all in Danish), else the preset's."""
    return system_language() or PRESET_LANGUAGE.get(preset or "", "da")


def _is_you(value: object) -> bool:
    return isinstance(value, str) and default_name(value)


class Texts:
    """The texts of one language, and the card formatter they write cards with."""

    def __init__(self, lang: str = "da", *, ascii_suits: bool = False) -> None:
        self._strings = catalogue(lang)
        self.lang = lang
        self.ascii_suits = ascii_suits
        self.deck = Deck(ascii=ascii_suits)

    def __call__(self, key: str, **values: Any) -> str:
        """The text for ``key``, filled in with ``values`` (each made printable; a plural by ``n``).

        A player who never typed a name is "you" (``default_name``): a ``name`` that is "you" takes the
        key's ``.you`` form where it has one ("You take the trick", not "Trick to You" or "You takes it"),
        and a ``target`` or ``giver`` that is "you" is said as an object ("til dig", not "til Du")."""
        if _is_you(values.get("name")) and self.has(f"{key}.you"):
            key = f"{key}.you"
        for slot in ("target", "giver"):
            if _is_you(values.get(slot)):
                values[slot] = self._strings["you.object"]
        text = say(self.lang, key, **values)
        return self._ascii(text) if self.ascii_suits else text

    def taken_back(self, cards: Sequence[Card]) -> str:
        """The cards of an undo: the first is the seat's own; the others' after it come again as they were."""
        mine, *theirs = cards
        if not theirs:
            return self.card_short(mine)
        key = "undo.cards" if len(theirs) > 1 else "undo.card"
        return self(key, card=self.card_short(mine), cards=self.cards_short(theirs))

    def person(self, name: str) -> str:
        """A seat's name as shown: a player who never typed one is "you" in this language (a game started in
        English and read in Danish says "Du", not "You")."""
        return self("you") if _is_you(name) else name

    def message(self, message: Message) -> str:
        """A ``Message`` (an error's) in this language."""
        return self(message.key, **message.values)

    def number(self, x: float, spec: str = ".1f") -> str:
        """``x`` formatted by ``spec`` (one decimal unless told), with a decimal comma in Danish and Swedish."""
        text = format(x, spec)
        return text.replace(".", ",") if self.lang in ("da", "sv") else text

    def has(self, key: str) -> bool:
        return key in self._strings

    def names(self, key: str) -> list[str]:
        """A list of the catalogue (``bot.names``, ``suit.names``, ``face.names``)."""
        entry = self._strings[key]
        assert isinstance(entry, list), key
        return entry

    def _ascii(self, text: str) -> str:
        for suit in Suit:
            text = text.replace(suit.symbol, suit.letter)
        return text

    def suit_name(self, suit: Suit) -> str:
        return self.names("suit.names")[suit]

    def card_name(self, card: Card) -> str:
        """The card in words: "spar dame", "spader dam", "queen of spades", "hjerter 7"."""
        suit = self.suit_name(card.suit)
        rank = self.names("face.names")[card.rank - 11] if card.rank > 10 else str(card.rank)
        return self("card.name", suit=suit, rank=rank)

    def card_short(self, card: Card) -> str:
        """The card as rank and suit sign: "Q♠", "10♥" (or "QS", "TH" in ASCII)."""
        return self.deck.short(card)

    def cards_short(self, cards: list[Card] | tuple[Card, ...]) -> str:
        """Cards named short, in the order given (cards played, in play order)."""
        return " ".join(self.card_short(c) for c in cards)

    def cards_sorted(self, cards: list[Card] | tuple[Card, ...]) -> str:
        """Cards named short in the order a hand shows them (cards passed, received, a kitty)."""
        return self.cards_short(sort_hand(cards))

    def preset_name(self, name: str) -> str:
        """A preset's name in this language ("Dansk husregel"), or the rules' own name, shown literally."""
        key = f"name.{name}"
        return self(key) if key in self._strings else printable(name)

    def level_name(self, spec: str) -> str:
        """A bot level's name in this language ("medium" for middel), or the spec as written."""
        key = f"level.{spec}"
        return self(key) if key in self._strings else printable(spec)

    def pass_direction(self, direction: PassDirection) -> str:
        return self(f"direction.{direction.value}")

    def reason(self, error: IllegalMoveError, names: list[str] | tuple[str, ...] = ()) -> str:
        """Why the engine refused a move, in this language."""
        details: dict[str, Any] = {"name": "?", "card": "?", "suit": "?", "count": "?"}
        details.update(error.details)
        if isinstance(error.details.get("suit"), str):
            symbol = next((s for s in Suit if s.symbol == details["suit"]), None)
            if symbol is not None:
                details["suit"] = self.deck.suit(symbol)
        if "card" in error.details:
            with contextlib.suppress(ValueError):
                details["card"] = self.card_name(Card.parse(str(error.details["card"])))
        if isinstance(error.details.get("count"), int):
            details["n"] = error.details["count"]
        turn = error.details.get("turn")
        if isinstance(turn, int):
            details["name"] = names[turn] if 0 <= turn < len(names) else str(turn)
        return self(f"reason.{error.reason.value}", **details)

    def outcome(self, kind: OutcomeKind, names: list[str]) -> str:
        if kind is OutcomeKind.WIN:
            return self("end.win", name=names[0])
        key = "end.draw" if kind is OutcomeKind.DRAW else "end.shared"
        return self(key, names=self.join(names))

    def verdict(self, you: int, par: int) -> str:
        """ "You 31, par 38: 7 better than par" (fewer points are better)."""
        if you < par:
            return self("challenge.better", you=you, par=par, n=par - you)
        if you > par:
            return self("challenge.worse", you=you, par=par, n=you - par)
        return self("challenge.even", you=you, par=par)

    def join(self, names: list[str]) -> str:
        """ "A, B og C"."""
        shown = [printable(n) for n in names]
        if len(shown) < 2:
            return "".join(shown)
        return self("join", first=", ".join(shown[:-1]), last=shown[-1])


def reason_keys() -> set[str]:
    """The catalogue key of every engine ``Reason`` (for tests: each is explained in every language)."""
    return {f"reason.{r.value}" for r in Reason}
