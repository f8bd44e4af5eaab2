"""What a seat's choices cost: every pass and card of a logged game weighed by svær's evaluation.

For each decision the seat made, the position is rebuilt from the log and judged from that seat's
``PlayerView`` alone (never the hidden hands): each choice's expected points for the seat in the round,
over sampled deals of the cards it could not see. A card is weighed by ``SvaerBot.evaluate``, a pass by
``svaer.score_passes``; the cost of a decision is the expected points of what was chosen less those of
the best alternative.

Two stages keep the cost honest. The first picks the best alternative among all of them; the second
measures the chosen card against that one alone on fresh deals, so the cost is not flattered by the
pick (the best of many noisy estimates looks better than it is). Both stages compare the choices on
the same deals (paired), so the difference is much tighter than either value. A card is weighed in
batches of deals by svær's own evaluation (each batch a pure function of its seed and the view), and
the spread of the batches gives the 95% interval; a pass, deal by deal. A card that plays exactly like
another (the same suit and points, with no unseen card between them: the 5 and 6 of clubs when the
others hold no club between) is the same choice, and a decision with one choice costs nothing.

Everything is fixed by the log and the budget (a count of deals, never a clock), so an analysis
repeats exactly.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .bots import reads_others
from .bots.outcome import Outcomes
from .bots.svaer import SvaerBot, pass_outcomes, score_passes
from .cards import POINTS, SUIT_MASKS, Card, cards_of
from .catalogue import Message, MessageError
from .engine import Round
from .gamelog import GameRecord
from .rules import PassDirection
from .view import PlayerView

SEED = 1_000_003
"""The analysis's own seed: its deals differ from any bot's, and are the same on every run."""

Kind = Literal["pass", "play"]
NOTABLE = 0.25
"""A cost worth naming: below it, a choice is as good as the best within what the budget tells apart (it
still counts in the totals)."""


class AnalysisError(MessageError, ValueError):
    """A game or a seat the analysis cannot weigh (one line, saying why)."""


@dataclass(frozen=True)
class Budget:
    """How many sampled deals each decision gets (the work, and so the time and the precision)."""

    batch: int = 24
    """Deals per batch of svær's evaluation of a card."""
    select: int = 3
    """Batches on which every card is weighed, to pick the best alternative."""
    measure: int = 8
    """Fresh batches on which the card played is measured against that alternative; as many again, up to
    ``rounds`` times, while the interval is wider than ``precise``."""
    rounds: int = 4
    precise: float = 0.5
    """The 95% half-width a cost is measured to (or to half the cost, when that is wider)."""
    negligible: float = 0.1
    """A card that the first stage puts within this of the best is not measured further: it costs nothing."""
    fits: int = 3
    """Deals drawn per deal kept, to keep those that best explain the others' play (svær oversamples so)."""
    pass_select: tuple[int, int] = (24, 72)
    """Pass: deals on which every candidate pass is weighed, then more for the best few."""
    pass_finalists: int = 4
    pass_measure: int = 256
    """Pass: fresh deals on which the pass made is measured against the best alternative (and as many
    again, up to ``rounds`` times, while the interval is wider than ``precise``)."""
    reads_others: bool = True
    """svær's reading of the others' play: what a seat that ducked or kept its queen back probably lacks, and
    deals fitted to how they played, as ``middel`` plays. False where another seat is no ``middel`` or
    ``svær`` (``let``, a program, a person): that reading was wrong there, and the review called a card that
    lost the queen in none of the possible deals a sure loss of 12 points. Then every deal the seat could
    not rule out counts alike."""
    explain: int = 96
    """Deals on which a costly card and the better one are played out again to say why (``Review.why``)."""
    pass_explain: int = 192
    """The same for a costly pass."""

    def enough(self, cost: float, margin: float) -> bool:
        """Whether a cost is measured precisely enough to be reported."""
        return margin <= max(self.precise, cost / 2)


@dataclass(frozen=True)
class Option:
    """One choice and its expected points for the seat in the round."""

    cards: tuple[Card, ...]
    points: float


@dataclass(frozen=True)
class Review:
    """One decision weighed: what was chosen, the best alternative, and what the difference cost."""

    round: int
    trick: int
    """The trick the card was played to (1-13), or 0 for the pass."""
    kind: Kind
    played: tuple[Card, ...]
    best: tuple[Card, ...]
    """The best choice (the one played, when nothing was better)."""
    played_points: float
    best_points: float
    cost: float
    """Expected points lost against the best alternative (0 when the choice was the best, or the only one)."""
    margin: float
    """Half the width of the cost's 95% interval (0 when nothing was measured)."""
    deals: int
    """The sampled deals the cost rests on."""
    options: tuple[Option, ...]
    """Every choice weighed in the first stage, best first (one choice: the decision was forced)."""
    view: PlayerView = dataclasses.field(compare=False, repr=False)
    """What the seat saw when it chose."""
    why: tuple[Outcomes, Outcomes] | None = None
    """For a cost worth naming: what the choice made and the best one led to (the queen, the hearts, a moon),
    on deals of their own."""

    @property
    def forced(self) -> bool:
        return len(self.options) <= 1

    @property
    def named(self) -> bool:
        """A cost the coach names: ``worth_naming``."""
        return worth_naming(self.cost, self.margin)

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "trick": self.trick,
            "kind": self.kind,
            "played": [str(c) for c in self.played],
            "best": [str(c) for c in self.best],
            "played_points": round(self.played_points, 2),
            "best_points": round(self.best_points, 2),
            "cost": round(self.cost, 2),
            "margin95": round(self.margin, 2),
            "deals": self.deals,
            "forced": self.forced,
            "options": [{"cards": [str(c) for c in o.cards], "points": round(o.points, 2)} for o in self.options],
            "why": None
            if self.why is None
            else {"played": _outcomes_dict(self.why[0]), "best": _outcomes_dict(self.why[1])},
        }


def _outcomes_dict(o: Outcomes) -> dict[str, float]:
    return {name: round(value, 3) for name, value in o._asdict().items()}


@dataclass(frozen=True)
class RoundReview:
    number: int
    decisions: tuple[Review, ...]

    @property
    def cost(self) -> float:
        return sum((d.cost for d in self.decisions), 0.0)

    @property
    def margin(self) -> float:
        return combined_margin(d.margin for d in self.decisions)


@dataclass(frozen=True)
class GameReview:
    """A seat's decisions in a game, round by round, with what they cost."""

    seat: int
    name: str
    rounds: tuple[RoundReview, ...]
    budget: Budget
    fallbacks: int = 0
    """The seat's passes and cards not weighed: its bot failed, and the fallback chose them."""

    @property
    def decisions(self) -> list[Review]:
        return [d for r in self.rounds for d in r.decisions]

    @property
    def cost(self) -> float:
        return sum((r.cost for r in self.rounds), 0.0)

    @property
    def margin(self) -> float:
        return combined_margin(d.margin for d in self.decisions)

    def costliest(self, top: int | None = None) -> list[Review]:
        """The decisions worth naming (``worth_naming``), costliest first."""
        real = (d for d in self.decisions if d.named)
        costly = sorted(real, key=lambda d: (-d.cost, d.round, d.trick))
        return costly if top is None else costly[:top]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "cost": round(self.cost, 2),
            "margin95": round(self.margin, 2),
            "budget": dataclasses.asdict(self.budget),
            "fallbacks": self.fallbacks,
            "rounds": [
                {
                    "round": r.number,
                    "cost": round(r.cost, 2),
                    "margin95": round(r.margin, 2),
                    "decisions": [d.to_dict() for d in r.decisions],
                }
                for r in self.rounds
            ],
        }


def worth_naming(cost: float, margin: float) -> bool:
    """Whether the coach names a choice that cost ``cost`` ± ``margin``: at least ``NOTABLE``, and more than its
    margin as both are shown, to one decimal (a cost of 0.3 ± 0.5 may be none, and so may one that reads
    0.9 ± 0.9)."""
    return cost >= NOTABLE and round(cost, 1) > round(margin, 1)


def combined_margin(margins: Iterator[float] | Sequence[float]) -> float:
    """The 95% half-width of a sum of independent costs, from theirs."""
    return math.sqrt(sum(m * m for m in margins))


# The decisions in a log


@dataclass(frozen=True)
class Decision:
    """A pass or a card a seat chose, and what it saw when it chose."""

    round: int
    trick: int
    kind: Kind
    cards: tuple[Card, ...]
    view: PlayerView
    at: int | None = None
    """For a card, how many cards were played before it in the round."""


def decisions(record: GameRecord, seat: int, rounds: Sequence[int] | None = None) -> list[Decision]:
    """Every pass and card ``seat`` chose in the game (or in the rounds numbered ``rounds``), in order: not the
    fallback's, played when the seat's bot failed."""
    game = record.game
    out: list[Decision] = []
    totals = [0] * game.rules.players
    ended = {e.round: e.at for e in record.endings}  # a claim, or no points left: the rest was no choice
    for source in game.rounds:
        if rounds is None or source.number in rounds:
            skip = {f.at for f in record.fallbacks if f.round == source.number and f.seat == seat}
            made = _round_decisions(source, seat, tuple(totals), ended.get(source.number))
            out.extend(d for d in made if d.at not in skip)
        if source.is_over:
            totals = [a + b for a, b in zip(totals, source.scores(), strict=True)]
    return out


def _round_decisions(source: Round, seat: int, totals: tuple[int, ...], until: int | None) -> Iterator[Decision]:
    assert source.dealt is not None
    r = Round(source.rules, source.dealt, source.number, source.kitty)
    if r.pass_direction is not PassDirection.NONE:
        mine = source.passed[seat]
        if mine is not None:
            yield Decision(r.number, 0, "pass", tuple(cards_of(mine)), r.view(seat, totals))
        for s in source.pass_order:
            mask = source.passed[s]
            assert mask is not None
            r.pass_cards(s, cards_of(mask))
    for played, card in enumerate([c for t in source.tricks for c in t.cards] + list(source.trick)):
        if until is not None and played >= until:
            return  # played at once for the players (``Ending``), not chosen
        if r.turn == seat:
            yield Decision(r.number, len(r.tricks) + 1, "play", (card,), r.view(seat, totals), played)
        r.push(card)


# Weighing


def equivalent_cards(view: PlayerView) -> list[tuple[Card, ...]]:
    """The legal cards in groups that play alike: the same suit and points, with every card between them in
    this hand or played (none that another seat could play between them), lowest group first."""
    seen = view.hand_mask | view.played_mask
    groups: list[list[Card]] = []
    for card in view.legal_plays:
        if groups:
            last = groups[-1][-1]
            between = ((1 << card) - 1) & ~((2 << last) - 1)
            same_suit = card // 13 == last // 13
            if same_suit and POINTS[card] == POINTS[last] and between & ~seen & SUIT_MASKS[card // 13] == 0:
                groups[-1].append(card)
                continue
        groups.append([card])
    return [tuple(g) for g in groups]


def _evaluator(budget: Budget, seed: int, deals: int | None = None) -> SvaerBot:
    """svær's evaluation on this budget's deals per batch (or on ``deals``), and no clock."""
    n = deals or budget.batch
    fits = budget.fits if budget.reads_others else 1
    return SvaerBot(
        seed,
        min_samples=n,
        max_samples=n,
        oversample=fits,
        max_fits=n * fits,
        exact_draws=0,
        walk=0,
        time_cap=math.inf,
        infer=budget.reads_others,
    )


def _batches(
    view: PlayerView, cards: Sequence[Card], batches: int, seed: int, budget: Budget
) -> list[dict[Card, float]]:
    """svær's evaluation of ``cards`` (its candidates narrowed to them) in ``batches`` independent batches."""
    narrowed = dataclasses.replace(view, legal_mask=sum(1 << c for c in cards))
    return [_evaluator(budget, seed + b).evaluate(narrowed) for b in range(batches)]


def review_play(view: PlayerView, card: Card, budget: Budget, round_number: int = 0, trick: int = 0) -> Review:
    """The card ``card`` played in ``view`` weighed against every other legal card."""
    groups = equivalent_cards(view)
    choices = [card if card in g else g[0] for g in groups]
    if len(choices) == 1:
        return Review(
            round_number, trick, "play", (card,), (card,), 0.0, 0.0, 0.0, 0.0, 0, (Option((card,), 0.0),), view
        )
    first = _batches(view, choices, budget.select, SEED, budget)
    means = {c: sum(b[c] for b in first) / len(first) for c in choices}
    ranked = sorted(choices, key=lambda c: (means[c], c != card, c))
    options = tuple(Option((c,), means[c]) for c in ranked)
    best = ranked[0]
    if means[card] - means[best] < budget.negligible:
        deals = budget.batch * budget.select
        return Review(
            round_number, trick, "play", (card,), (card,), means[card], means[card], 0.0, 0.0, deals, options, view
        )
    second: list[dict[Card, float]] = []
    for more in range(budget.rounds):
        second += _batches(view, [card, best], budget.measure, SEED + 1000 + more * budget.measure, budget)
        cost, margin = _mean_margin([b[card] - b[best] for b in second], t95(len(second) - 1))
        if budget.enough(cost, margin):
            break
    mine = sum(b[card] for b in second) / len(second)
    theirs = sum(b[best] for b in second) / len(second)
    if cost <= 0:  # on the fresh deals the card played did as well: no better one was found
        best, theirs = card, mine
    deals = budget.batch * len(second)
    why = None
    if worth_naming(cost, margin) and best != card:
        narrowed = dataclasses.replace(view, legal_mask=(1 << card) | (1 << best))
        told = _evaluator(budget, SEED + 5000, budget.explain).outcomes(narrowed)
        why = (told[card], told[best])
    return Review(
        round_number, trick, "play", (card,), (best,), mine, theirs, max(cost, 0.0), margin, deals, options, view, why
    )


def review_pass(view: PlayerView, passed: Sequence[Card], budget: Budget, round_number: int = 0) -> Review:
    """The pass ``passed`` in ``view`` weighed against the passes svær's search would consider."""
    mine = tuple(sorted(passed))
    candidates = SvaerBot().candidate_passes(view)
    if mine not in candidates:
        candidates.append(mine)
    first, more = budget.pass_select
    scores = score_passes(view, candidates, first, SEED)
    means = [sum(scores.line(i)) / first for i in range(len(candidates))]
    order = sorted(range(len(candidates)), key=lambda i: (means[i], candidates[i] != mine, candidates[i]))
    finalists = [candidates[i] for i in order[: budget.pass_finalists]]
    if mine not in finalists:
        finalists.append(mine)
    again = score_passes(view, finalists, more, SEED + 1)
    totals = {
        option: sum(scores.line(candidates.index(option))) + sum(again.line(i)) for i, option in enumerate(finalists)
    }
    options = tuple(
        Option(option, totals[option] / (first + more))
        for option in sorted(finalists, key=lambda o: (totals[o], o != mine, o))
    )
    best = options[0].cards
    if best == mine:
        points = options[0].points
        return Review(round_number, 0, "pass", mine, mine, points, points, 0.0, 0.0, first + more, options, view)
    mine_line: list[int] = []
    best_line: list[int] = []
    for more in range(budget.rounds):
        final = score_passes(view, [mine, best], budget.pass_measure, SEED + 2 + more)
        mine_line += final.line(0)
        best_line += final.line(1)
        cost, margin = _mean_margin([a - b for a, b in zip(mine_line, best_line, strict=True)], 1.96)
        if budget.enough(cost, margin):
            break
    n = len(mine_line)
    if cost <= 0:  # on the fresh deals the pass made did as well: no better one was found
        best, best_line = mine, mine_line
    why = None
    if worth_naming(cost, margin) and best != mine:
        played_out, best_out = pass_outcomes(view, [mine, best], budget.pass_explain, SEED + 5000)
        why = (played_out, best_out)
    return Review(
        round_number,
        0,
        "pass",
        mine,
        best,
        sum(mine_line) / n,
        sum(best_line) / n,
        max(cost, 0.0),
        margin,
        n,
        options,
        view,
        why,
    )


def _mean_margin(xs: Sequence[float], quantile: float) -> tuple[float, float]:
    """The mean and the half-width of its interval at ``quantile`` standard errors."""
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, math.inf
    variance = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, quantile * math.sqrt(variance / n)


def t95(df: int) -> float:
    """Student's t at 97.5% with ``df`` degrees of freedom (the 95% interval of a mean of a few batches):
    from a table up to 6, then the Cornish-Fisher expansion (within 0.01 from 7 on)."""
    if df <= 6:
        return (12.706, 4.303, 3.182, 2.776, 2.571, 2.447)[df - 1]
    z = 1.959964
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def review(decision: Decision, budget: Budget) -> Review:
    """One decision weighed."""
    if decision.kind == "pass":
        return review_pass(decision.view, decision.cards, budget, decision.round)
    return review_play(decision.view, decision.cards[0], budget, decision.round, decision.trick)


def analyse(
    record: GameRecord,
    seat: int | None = None,
    rounds: Sequence[int] | None = None,
    budget: Budget | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> GameReview:
    """Weigh every decision of ``seat`` (default: the human's) in the game, or in the rounds numbered
    ``rounds``; ``progress(done, total)`` is called after each decision."""
    budget = budget or Budget()
    if seat is None:
        seat = record.human_seat
        if seat is None:
            raise AnalysisError(Message("analysis.no-human"))
    if not 0 <= seat < record.rules.players:
        raise AnalysisError(Message("analysis.seat", seat=seat, last=record.rules.players - 1))
    if record.rules.decks != 1:
        raise AnalysisError(Message("analysis.decks"))
    if budget.reads_others and not reads_others(s.bot for i, s in enumerate(record.seats) if i != seat):
        budget = dataclasses.replace(budget, reads_others=False)
    todo = decisions(record, seat, rounds)
    done: list[Review] = []
    for i, decision in enumerate(todo):
        done.append(review(decision, budget))
        if progress is not None:
            progress(i + 1, len(todo))
    numbers = [r.number for r in record.game.rounds if rounds is None or r.number in rounds]
    by_round = tuple(RoundReview(n, tuple(d for d in done if d.round == n)) for n in numbers)
    fallbacks = sum(f.seat == seat and (rounds is None or f.round in rounds) for f in record.fallbacks)
    return GameReview(seat, record.seats[seat].name, by_round, budget, fallbacks)
