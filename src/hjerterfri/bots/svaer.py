"""``svær``: a search player (determinized Monte Carlo, the others modelled as rule players).

For a play it samples the hidden hands consistently with everything its seat
knows (``knowledge.sample_hands``), rebuilds each sample with
``Round.from_view``, and scores every legal card by playing the round out on
the same samples for every candidate: its own seat by the fast heuristic policy
of ``playout``, the others as ``middel`` would play from their own views
(``playout.playout_modelled``). Once the others have played, it draws up to six
times the deals it needs and keeps those that best explain their play so far
(``fit.surprise_counter``: how many of their cards a rule player would not
have played in that deal; ``fit_model`` can stand in for the rule), weighting each kept deal by
``exp(-soft * extra surprises)``. Against rule players the deals that can be
true are those that explain every play: when some of the deals drawn do but
fewer than it needs, it draws more, up to ``exact_draws`` in all, and then walks
from those found to more such deals (``fit.walk``: two cards at a time change
hands where that leaves every play explained), and keeps only such deals; when
none does but some miss by one card, the walk first looks for one from those.
It passes by a search over the 16 strongest passes by middel's evaluation,
raced in stages on random deals: the worse half drops out after each stage, so
the last two (three when a moon pass is among them) are compared on 320 deals.
When nobody else has taken points, it also plays each candidate out trying to
shoot the moon and takes that line when the samples say it scores better.

Determinism: the budget is a number of playouts, not a time, and the samples
come from ``decision_rng(seed, view)``, so a decision is a pure function of the
seed and the view. A wall-clock cap (``time_cap`` seconds) is only a safety net
on a very slow machine: when it is hit, the best card so far over the samples
done is played, and only then can a replay differ.

With two decks (6 to 8 players) it plays as ``middel``: its sampling
(``knowledge.sample_hands``) deals every unseen card once and does not know a card
may be out twice.
"""

from __future__ import annotations

import heapq
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import NamedTuple

from ..cards import CARDS, HEARTS_MASK, Card, cards_of, mask_of, points_of
from ..engine import Round
from ..view import PlayerView, note_play, round_voids
from .base import decision_rng
from .fit import FIT_LIMIT, surprise_counter, walk
from .knowledge import Knowledge, RuleView, sample_hands, split_kitty
from .middel import heuristic_pass, pass_danger, rule_play
from .outcome import Outcomes, Tally
from .playout import playout, playout_modelled

# When no deal drawn explains every play but some miss by one surprise, the walk (``fit.walk``) starts from
# up to SETTLE_STARTS of those, for SETTLE_STEPS steps each, to find one that does.
SETTLE_STARTS = 4
SETTLE_STEPS = 300


class SvaerBot:
    """Search by sampled playouts; ``playouts`` is the budget per decision (samples x candidates)."""

    level = "svær"

    def __init__(
        self,
        seed: int = 0,
        playouts: int = 1440,
        min_samples: int = 16,
        max_samples: int = 180,
        time_cap: float = 0.8,
        pass_options: int = 16,
        pass_stages: tuple[int, ...] = (40, 80, 160, 320),
        prior_bonus: float = 0.05,
        infer: bool = True,
        modelled: bool = True,
        oversample: int = 6,
        max_fits: int = 720,
        soft: float = 0.7,
        exact_draws: int = 4000,
        walk: int = 30,
        fit_model: Callable[[RuleView], int] = rule_play,
    ) -> None:
        self.seed = seed
        self.playouts = playouts
        self.min_samples = min_samples
        self.max_samples = max_samples
        self.time_cap = time_cap
        self.pass_options = pass_options
        self.pass_stages = pass_stages
        self.prior_bonus = prior_bonus
        self.infer = infer
        self.modelled = modelled
        self.oversample = oversample
        self.max_fits = max_fits
        self.soft = soft
        self.exact_draws = exact_draws
        self.walk = walk
        self.fit_model = fit_model

    def choose_pass(self, view: PlayerView) -> list[Card]:
        """The pass that scores best over sampled deals among the strongest few by middel's evaluation.

        The options race in stages (``pass_stages``: deals played so far after each stage): after each
        stage the worse half drops out (rounding up), so the last few are told apart on the most deals.
        """
        if view.rules.pass_count == 0:
            return []
        if view.rules.decks == 2:
            return heuristic_pass(view)  # two decks: plays as middel (see the class docstring)
        options = self.candidate_passes(view)
        moon = _moon_hand(view.hand_mask)
        rng = decision_rng(self.seed, view)
        unseen = cards_of(view.rules.deck_mask & ~view.hand_mask)
        normal = [0.0] * len(options)
        shoot = [0.0] * len(options)
        deadline = time.perf_counter() + self.time_cap
        alive = list(range(len(options)))
        done = 0
        for upto in self.pass_stages:
            if done:
                if time.perf_counter() > deadline:
                    break
                alive.sort(key=lambda i: (min(normal[i], shoot[i]) if moon else normal[i], i))
                del alive[max(2, (len(alive) + 1) // 2) :]
            for _ in range(done, upto):
                base, passes = pass_deal(view, rng, unseen)
                for i in alive:
                    normal[i] += play_pass(base, passes, view.seat, options[i])
                    if moon:
                        shoot[i] += play_pass(base, passes, view.seat, options[i], shooter=view.seat)
                if time.perf_counter() > deadline:
                    break
            done = upto
        values = [min(normal[i], shoot[i]) if moon else normal[i] for i in range(len(options))]
        best = min(alive, key=lambda i: (values[i], i))
        return list(options[best])

    def candidate_passes(self, view: PlayerView) -> list[tuple[Card, ...]]:
        """The passes the search races: middel's own first, then the most dangerous cards by middel's
        evaluation (``pass_options`` in all), and with a hand to shoot with (``_moon_hand``) the lowest."""
        count = view.rules.pass_count
        hand = view.hand_mask
        first = heuristic_pass(view)
        ranked = sorted(cards_of(hand), key=lambda c: (-pass_danger(c, hand, count), c))[: count + 4]
        combos = sorted(combinations(ranked, count), key=lambda cs: (-sum(pass_danger(c, hand, count) for c in cs), cs))
        options = [tuple(sorted(first))]
        for cs in combos:
            if len(options) >= self.pass_options:
                break
            if tuple(sorted(cs)) not in options:
                options.append(tuple(sorted(cs)))
        if _moon_hand(hand):
            low = tuple(sorted(sorted(cards_of(hand), key=lambda c: (c % 13, c))[:count]))
            if low not in options:
                options.append(low)
        return options

    def choose_play(self, view: PlayerView) -> Card:
        if view.rules.decks == 2:
            return CARDS[rule_play(view)]  # two decks: plays as middel (see the class docstring)
        values = self.evaluate(view)
        if len(values) == 1:
            return next(iter(values))
        prior = rule_play(view)  # near-ties go to middel's card: the samples cannot tell them apart
        return min(values, key=lambda c: (values[c] - (self.prior_bonus if c == prior else 0.0), c))

    def _fitted(
        self,
        view: PlayerView,
        deals: list[list[int]],
        samples: int,
        know: Knowledge | None = None,
        rng: random.Random | None = None,
    ) -> tuple[list[list[int]], list[float]]:
        """The ``samples`` deals that best explain how the others have played, with their weights.

        A deal is counted only as far as it could still be kept (its count stops past the worst kept so
        far), and counting stops at half the time cap. Given what the deals were drawn from (``know``,
        ``rng``), when some but fewer than ``samples`` of the deals explain every play (no surprise), more
        are drawn, up to ``exact_draws`` deals in all: against rule players those are the deals that can
        be the true one. When none does (players who are not ``middel``), no more are drawn. With ``walk``,
        the deals still missing are then walked to from those found (``fit.walk``), and only deals that
        explain every play are kept.
        """
        if len(deals) <= samples:
            return deals, [1.0] * len(deals)
        deadline = time.perf_counter() + self.time_cap / 2
        surprises = surprise_counter(view, self.fit_model)
        fit: list[int] = []
        kept: list[int] = []  # the ``samples`` lowest counts so far, negated (a max-heap)
        zeros = 0
        more = know is not None and rng is not None
        while len(fit) < len(deals) or (more and 0 < zeros < samples and len(deals) < self.exact_draws):
            if len(fit) == len(deals):
                assert know is not None and rng is not None  # the loop's condition
                deals.append(sample_hands(know, rng))
            h = deals[len(fit)]
            if time.perf_counter() > deadline:
                fit.append(99)
                more = False
                continue
            n = surprises(h, min(FIT_LIMIT, -kept[0]) if len(kept) == samples else FIT_LIMIT)
            fit.append(n)
            zeros += n == 0
            if len(kept) < samples:
                heapq.heappush(kept, -n)
            elif n < -kept[0]:
                heapq.heapreplace(kept, -n)
        order = sorted(range(len(deals)), key=lambda i: (fit[i], i))[:samples]
        if self.walk and know is not None and rng is not None and zeros < samples:
            found = [deals[i] for i in order[:zeros]]
            if not zeros and fit[order[0]] == 1:  # none explains every play, but some miss by one card
                for i in order[:SETTLE_STARTS]:
                    if fit[i] != 1 or time.perf_counter() > deadline:
                        break
                    deal, n = walk(deals[i], know, surprises, rng, SETTLE_STEPS, 1)
                    if n == 0:
                        found.append(deal)
                        break
            if found:
                first = len(found)
                while len(found) < samples and time.perf_counter() < deadline:
                    found.append(walk(found[len(found) - first], know, surprises, rng, self.walk)[0])
                return found, [1.0] * len(found)
        least = fit[order[0]]
        return [deals[i] for i in order], [math.exp(-self.soft * (fit[i] - least)) for i in order]

    def _score(self, base: Round, shown: tuple[list[int], bool], card: int, shooter: int = -1) -> int:
        """This seat's points when it plays ``card`` in ``base`` and the round is played out."""
        return self._played_out(base, shown, card, shooter).scores()[base.turn]

    def _played_out(self, base: Round, shown: tuple[list[int], bool], card: int, shooter: int = -1) -> Round:
        """The round ``base`` played out after this seat plays ``card`` (``shooter``: a seat on the moon line)."""
        seat = base.turn
        r = base.copy()
        voids = shown[0][:]
        broken = note_play(voids, shown[1], r.trick, seat, card)
        r.push(card)
        if self.modelled:
            playout_modelled(r, seat, shooter, (voids, broken))
        else:
            playout(r, shooter)
        return r

    def samples(self, view: PlayerView, candidates: int) -> tuple[list[list[int]], list[float]]:
        """The sampled deals (``knowledge.sample_hands``: each seat's hand now, an unseen kitty last) a play
        among ``candidates`` cards is searched on, fitted to the others' play (``_fitted``), with their
        weights."""
        rng = decision_rng(self.seed, view)
        know = Knowledge.from_view(view, self.infer)
        samples = max(self.min_samples, min(self.max_samples, self.playouts // candidates))
        oversample = max(1, min(self.oversample, self.max_fits // samples)) if view.tricks else 1
        deals = [sample_hands(know, rng) for _ in range(samples * oversample)]
        return self._fitted(view, deals, samples, know, rng)

    def evaluate(self, view: PlayerView) -> dict[Card, float]:
        """Each legal card's expected points for this seat over the samples (lower is better)."""
        candidates = cards_of(view.legal_mask)
        if len(candidates) == 1:
            return {candidates[0]: 0.0}
        seat = view.seat
        moon = _moon_worth_trying(view)
        normal = [0.0] * len(candidates)
        shoot = [0.0] * len(candidates)
        deadline = time.perf_counter() + self.time_cap
        done = 0.0
        for w, base, shown in self._bases(view, len(candidates)):
            for i, card in enumerate(candidates):
                normal[i] += w * self._score(base, shown, card)
                if moon:
                    shoot[i] += w * self._score(base, shown, card, shooter=seat)
            done += w
            if time.perf_counter() > deadline:
                break
        if moon:
            return {c: min(normal[i], shoot[i]) / done for i, c in enumerate(candidates)}
        return {c: normal[i] / done for i, c in enumerate(candidates)}

    def _bases(self, view: PlayerView, candidates: int) -> Iterator[tuple[float, Round, tuple[list[int], bool]]]:
        """Each sampled deal (``samples``) as a round to play out from the view's position, with its weight and
        the voids its play so far has shown."""
        deals, weights = self.samples(view, candidates)
        for w, hands in zip(weights, deals, strict=True):
            hands, kitty = split_kitty(hands, view.players)
            base = Round.from_view(view, hands, kitty or view.kitty_mask or 0)
            if kitty and view.kitty_taker is not None:  # the taker has the sampled kitty's points too
                base.taken[view.kitty_taker] += points_of(kitty)
            yield w, base, round_voids(base)

    def outcomes(self, view: PlayerView) -> dict[Card, Outcomes]:
        """What each legal card leads to over the samples, as ``evaluate`` plays it out (on the moon line where
        that line scores better): the coach's why. No clock: the samples alone decide."""
        candidates = cards_of(view.legal_mask)
        moon = _moon_worth_trying(view)
        normal = [Tally(view.seat) for _ in candidates]
        shoot = [Tally(view.seat) for _ in candidates]
        for w, base, shown in self._bases(view, len(candidates)):
            for i, card in enumerate(candidates):
                normal[i].add(self._played_out(base, shown, card), w)
                if moon:
                    shoot[i].add(self._played_out(base, shown, card, shooter=view.seat), w)
        return {c: _better_line(normal[i], shoot[i] if moon else None) for i, c in enumerate(candidates)}


def _moon_worth_trying(view: PlayerView) -> bool:
    """Only this seat has points so far: the samples then also say whether shooting the moon pays."""
    return not any(t for s, t in enumerate(view.taken) if s != view.seat)


def _moon_hand(hand: int) -> bool:
    """A dealt hand with enough high cards that keeping them and shooting might work."""
    high = sum(1 for c in cards_of(hand) if c % 13 >= 9)
    top_hearts = (hand & HEARTS_MASK) >> (2 * 13 + 9)
    return high >= 7 and top_hearts.bit_count() >= 2


class Adviser(SvaerBot):
    """svær as the hint (the ``i`` key): the same search, with a wall-clock cap the player's patience
    allows, so that a busy machine does not cut the hint short (as it may cut a bot's turn)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, time_cap=4.0)


class PlainAdviser(Adviser):
    """The hint where another seat is no ``middel`` or ``svær`` (``reads_others``): the others' play read
    for nothing but what the rules say it shows, every deal not ruled out alike."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.infer = False
        self.oversample = 1


def best_card(view: PlayerView, seed: int = 0) -> Card:
    """svær's card for ``view``."""
    return CARDS[SvaerBot(seed).choose_play(view)]


def pass_deal(view: PlayerView, rng: random.Random, unseen: list[Card]) -> tuple[Round, dict[int, list[Card]]]:
    """One random deal of ``unseen`` (the cards this seat does not hold; shuffled in place) to the other
    seats and the kitty, before passing, with the others' passes as middel would choose them."""
    seat = view.seat
    others = [s for s in range(view.players) if s != seat]
    rng.shuffle(unseen)
    hands = [0] * view.players
    hands[seat] = view.hand_mask
    dealt = 0
    for s in others:
        hands[s] = mask_of(unseen[dealt : dealt + view.hand_sizes[s]])
        dealt += view.hand_sizes[s]
    base = Round(view.rules, hands, view.round_number, mask_of(unseen[dealt:]))
    return base, {s: heuristic_pass(base.view(s)) for s in others}


def play_pass(base: Round, passes: dict[int, list[Card]], seat: int, option: Sequence[Card], shooter: int = -1) -> int:
    """``seat``'s points when it passes ``option`` on the deal ``base`` (the others passing ``passes``) and the
    round is played out by the playout policy (``shooter``: a seat on the moon line, or -1)."""
    return passed_out(base, passes, seat, option, shooter).scores()[seat]


def passed_out(
    base: Round, passes: dict[int, list[Card]], seat: int, option: Sequence[Card], shooter: int = -1
) -> Round:
    """The round ``base`` played out after the passes (as ``play_pass``)."""
    r = base.copy()
    for s, cards in passes.items():
        r.pass_cards(s, cards)
    r.pass_cards(seat, option)
    playout(r, shooter=shooter)
    return r


class PassScores(NamedTuple):
    """Each pass option's points for the passing seat on each sampled deal (the same deals for every option)."""

    normal: list[list[int]]
    moon: list[list[int]] | None
    """The same on the moon line, when the hand is one to shoot with (``_moon_hand``); else None."""

    def line(self, i: int) -> list[int]:
        """Option ``i``'s points deal by deal on its better line over all the deals, as the search weighs it."""
        if self.moon is None or sum(self.normal[i]) <= sum(self.moon[i]):
            return self.normal[i]
        return self.moon[i]


def score_passes(view: PlayerView, options: Sequence[Sequence[Card]], deals: int, seed: int = 0) -> PassScores:
    """Each pass option's points for this seat on ``deals`` random deals, the same deals for every option
    (paired), measured as svær's pass search measures them: for weighing given passes, such as a player's
    own in the analysis of a game. Fixed by ``seed`` and the view; no clock."""
    rng = random.Random(f"passes:{seed}:{view.seat}:{view.round_number}:{view.hand_mask}")
    normal: list[list[int]] = [[] for _ in options]
    shoot: list[list[int]] = [[] for _ in options]
    for i, plain, moon in _passes_played(view, options, deals, rng):
        normal[i].append(plain.scores()[view.seat])
        if moon is not None:
            shoot[i].append(moon.scores()[view.seat])
    return PassScores(normal, shoot if _moon_hand(view.hand_mask) else None)


def pass_outcomes(view: PlayerView, options: Sequence[Sequence[Card]], deals: int, seed: int = 0) -> list[Outcomes]:
    """What each pass option leads to on ``deals`` random deals (as ``score_passes`` plays them, each option on
    its better line): the coach's why for a pass. Fixed by ``seed`` and the view."""
    rng = random.Random(f"pass-outcomes:{seed}:{view.seat}:{view.round_number}:{view.hand_mask}")
    normal = [Tally(view.seat) for _ in options]
    shoot = [Tally(view.seat) for _ in options]
    for i, plain, moon in _passes_played(view, options, deals, rng):
        normal[i].add(plain)
        if moon is not None:
            shoot[i].add(moon)
    lines = shoot if _moon_hand(view.hand_mask) else [None] * len(options)
    return [_better_line(n, s) for n, s in zip(normal, lines, strict=True)]


def _passes_played(
    view: PlayerView, options: Sequence[Sequence[Card]], deals: int, rng: random.Random
) -> Iterator[tuple[int, Round, Round | None]]:
    """Each option (by its index) played out on each of ``deals`` random deals, the same deals for every
    option: as the others would pass and play, and on the moon line too for a hand to shoot with."""
    unseen = cards_of(view.rules.deck_mask & ~view.hand_mask)
    moon = _moon_hand(view.hand_mask)
    for _ in range(deals):
        base, passes = pass_deal(view, rng, unseen)
        for i, option in enumerate(options):
            plain = passed_out(base, passes, view.seat, option)  # (before the moon line, as always)
            yield i, plain, passed_out(base, passes, view.seat, option, shooter=view.seat) if moon else None


def _better_line(normal: Tally, shoot: Tally | None) -> Outcomes:
    """The outcomes of the line the search would take: the moon line where it scores better."""
    plain = normal.outcomes()
    if shoot is None:
        return plain
    moon = shoot.outcomes()
    return moon if moon.points < plain.points else plain
