"""Challenge codes: a fixed set of deals anyone can play, in a short code to print and to type.

A code such as ``HJ1-Y4G1-A700-4S`` carries the preset, the number of players, the variant and the passing
(the preset's, none, or another number of cards), the seed, the number of deals, the opponents (a level per
seat), the human's seat and the version of the dealing: everything that fixes the cards dealt and the bots'
play. ``HJ`` and the dealing version come first, then
the fields packed into a number written in Crockford's base 32 (digits and capitals without I, L, O, U;
lower case, O for 0 and I or L for 1 are read too), then one check character (Luhn mod 32), which catches
any single mistyped character and nearly every two neighbours swapped. Dashes and spaces are for reading only.

A code from another version of the dealing is refused: the same seed would deal other cards. The layout
of the fields is part of the code too: a change to it needs another prefix.
"""

from __future__ import annotations

from dataclasses import dataclass

from .catalogue import Message, MessageError

DEALING = 1
"""The version of the dealing (``engine.shuffled_deck`` and ``engine.deal_cards``): raise it whenever the
same seed would deal other cards (a test pins the cards a few seeds deal)."""

PRESETS = ("dansk", "dansk-hus", "svensk")
VARIANTS = ("standard", "left-right", "no-two")
LEVELS = ("let", "middel", "svær")
"""The names a code can carry, by their number in it: append, never reorder."""

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ = {c: i for i, c in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
PREFIX = "HJ"
MAX_DEALS = 64
MAX_PLAYERS = 10
MAX_SEED = 2**64
"""Seeds from -2**64 to 2**64 fit in a code."""
MAX_PASS = 14
NO_PASS = 15
"""The passing field: 0 the preset's own, 1 to ``MAX_PASS`` another number of cards, ``NO_PASS`` none."""


class ChallengeError(MessageError, ValueError):
    """Text that is no challenge code, or a code this version cannot play (one line, saying why)."""


@dataclass(frozen=True)
class Challenge:
    """A fixed set of deals: round 1 to ``deals`` dealt from ``seed``, against these opponents."""

    preset: str
    players: int
    variant: str
    seed: int
    deals: int
    opponents: tuple[str, ...]
    """A bot level for each seat but the human's, in seat order."""
    human: int = 0
    """The human's seat."""
    no_pass: bool = False
    """Played without passing (004)."""
    pass_count: int | None = None
    """Another number of cards passed than the preset's (004, not at four players)."""
    dealing: int = DEALING

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise ChallengeError(Message("challenge.error.preset", presets=PRESETS, preset=repr(self.preset)))
        if not 3 <= self.players <= MAX_PLAYERS:
            raise ChallengeError(Message("challenge.error.players", most=MAX_PLAYERS, players=self.players))
        if self.variant not in VARIANTS:
            raise ChallengeError(Message("challenge.error.variant", variant=repr(self.variant), variants=VARIANTS))
        if not 1 <= self.deals <= MAX_DEALS:
            raise ChallengeError(Message("challenge.error.deals", most=MAX_DEALS, deals=self.deals))
        if not -MAX_SEED <= self.seed <= MAX_SEED:
            raise ChallengeError(Message("challenge.error.seed", seed=self.seed))
        if not 0 <= self.human < self.players:
            raise ChallengeError(Message("challenge.error.seat", seat=self.human, players=self.players))
        if len(self.opponents) != self.players - 1:
            raise ChallengeError(Message("challenge.error.opponents", count=len(self.opponents), players=self.players))
        for level in self.opponents:
            if level not in LEVELS:
                raise ChallengeError(Message("challenge.error.level", levels=LEVELS, level=repr(level)))
        if self.pass_count is not None and not (1 <= self.pass_count <= MAX_PASS and not self.no_pass):
            raise ChallengeError(Message("challenge.error.passing", most=MAX_PASS, count=self.pass_count))

    @property
    def bots(self) -> list[str | None]:
        """The bot level at each seat, None at the human's."""
        levels = iter(self.opponents)
        return [None if s == self.human else next(levels) for s in range(self.players)]

    @property
    def code(self) -> str:
        return encode(self)

    @classmethod
    def parse(cls, text: str) -> Challenge:
        return decode(text)


def encode(challenge: Challenge) -> str:
    """The challenge's code, e.g. ``HJ1-Y4G1-A700-4S``."""
    number = _zigzag(challenge.seed)
    for level in reversed(challenge.opponents):
        number = number << 2 | LEVELS.index(level)
    number = number << 6 | (challenge.deals - 1)
    number = number << 4 | challenge.human
    number = number << 4 | (NO_PASS if challenge.no_pass else challenge.pass_count or 0)
    number = number << 2 | VARIANTS.index(challenge.variant)
    number = number << 3 | (challenge.players - 3)
    number = number << 2 | PRESETS.index(challenge.preset)
    digits = []
    while True:
        number, d = divmod(number, 32)
        digits.append(d)
        if not number:
            break
    body = [challenge.dealing % 32, *reversed(digits)]
    text = "".join(ALPHABET[d] for d in body[1:]) + ALPHABET[_check(body)]
    groups = [text[i : i + 4] for i in range(0, len(text), 4)]
    return "-".join([f"{PREFIX}{ALPHABET[challenge.dealing % 32]}", *groups])


def decode(text: str) -> Challenge:
    """The challenge a code stands for; ``ChallengeError`` (one line) for anything else."""
    shown = text.strip()
    clean = "".join(shown.split()).replace("-", "").upper()
    if not clean.startswith(PREFIX) or len(clean) < len(PREFIX) + 3:
        raise ChallengeError(Message("challenge.error.code", text=repr(shown)))
    if len(clean) > 40:
        raise ChallengeError(Message("challenge.error.long", text=repr(shown[:20])))
    bad = next((c for c in clean[len(PREFIX) :] if c not in _READ), None)
    if bad is not None:
        raise ChallengeError(Message("challenge.error.character", text=repr(shown), character=repr(bad)))
    body = [_READ[c] for c in clean[len(PREFIX) :]]
    dealing = body[0]
    if dealing != DEALING:
        raise ChallengeError(Message("challenge.error.dealing", code=shown, version=dealing, dealing=DEALING))
    if _check(body[:-1]) != body[-1]:
        raise ChallengeError(Message("challenge.error.check", code=shown))
    number = 0
    for d in body[1:-1]:
        number = number * 32 + d
    preset, number = number & 3, number >> 2
    players, number = (number & 7) + 3, number >> 3
    variant, number = number & 3, number >> 2
    passing, number = number & 15, number >> 4
    human, number = number & 15, number >> 4
    deals, number = (number & 63) + 1, number >> 6
    levels = []
    for _ in range(players - 1):
        levels.append(number & 3)
        number >>= 2
    if preset >= len(PRESETS) or variant >= len(VARIANTS) or any(level >= len(LEVELS) for level in levels):
        raise ChallengeError(Message("challenge.error.unknown", code=shown))
    return Challenge(
        PRESETS[preset],
        players,
        VARIANTS[variant],
        _unzigzag(number),
        deals,
        tuple(LEVELS[level] for level in levels),
        human,
        passing == NO_PASS,
        passing if 0 < passing <= MAX_PASS else None,
        dealing,
    )


def _zigzag(n: int) -> int:
    return 2 * n if n >= 0 else -2 * n - 1


def _unzigzag(n: int) -> int:
    return n // 2 if n % 2 == 0 else -(n + 1) // 2


def _check(digits: list[int]) -> int:
    """Luhn mod 32: the digit that makes the weighted sum of ``digits`` and itself a multiple of 32."""
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2 == 0:
            d *= 2
            d = d // 32 + d % 32
        total += d
    return -total % 32
