"""Playing rounds with bots through the engine's checked path."""

from __future__ import annotations

from hjerterfri.bots import Bot
from hjerterfri.engine import Phase, Round
from hjerterfri.rules import Rules


def play_round(rules: Rules, seed: int, number: int, bots: list[Bot], upto: int | None = None) -> Round:
    """Deal round ``number`` from ``seed`` and let the bots pass and play (``upto`` cards, or to the end).

    Every pass is checked to be ``pass_count`` distinct cards from the hand, every play goes through
    ``Round.play``, which refuses anything illegal.
    """
    r = Round.deal(rules, seed, number)
    if r.phase is Phase.PASSING:
        for seat in range(rules.players):
            view = r.view(seat)
            cards = bots[seat].choose_pass(view)
            assert len(cards) == rules.pass_count
            assert len(set(cards)) == len(cards)
            assert all(view.hand_mask >> c & 1 for c in cards)
            r.pass_cards(seat, cards)
    played = 0
    while not r.is_over and (upto is None or played < upto):
        view = r.view(r.turn)
        card = bots[r.turn].choose_play(view)
        assert card in view.legal_plays
        r.play(card)
        played += 1
    return r
