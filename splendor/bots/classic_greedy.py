"""The greedy baseline for classic Splendor: buy the best card it can, else gather for one.

It looks one action ahead using only the View: buy the affordable card with the most points
(nobles' colours breaking ties), otherwise take the gems that most reduce what its chosen
target card still lacks, otherwise reserve that target. Returns drop the least needed tokens.
"""

from __future__ import annotations

from splendor.classic.actions import BUY, NOBLE, RESERVE, RETURN, TAKE
from splendor.classic.cards import CARD_COLOUR, CARD_COST, CARD_POINTS, NOBLE_NEED


class GreedyBot:
    """One-step greedy play toward the most rewarding reachable card."""

    name = "greedy"

    def choose(self, view, legal_actions, rng):
        """Return the greedy choice among the legal actions."""
        me = view.player
        tokens = view.tokens_of(me)
        bonus = view.bonuses_of(me)
        noble_colours = [0] * 5
        for noble in view.nobles:
            for colour, need in enumerate(NOBLE_NEED[noble]):
                if need > bonus[colour]:
                    noble_colours[colour] += 1
        target, lack = self._target(view, me, tokens, bonus, noble_colours)
        best, best_score = [], None
        for action in legal_actions:
            score = self._score(action, tokens, lack, target, noble_colours)
            if best_score is None or score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return best[int(rng.random() * len(best))]

    @staticmethod
    def _target(view, me, tokens, bonus, noble_colours):
        """The card worth most per missing token, and what it still lacks per colour."""
        candidates = [c for c in view.table if c >= 0] + [c for c in view.reserved[me] if c >= 0]
        best, best_value, best_lack = -1, -1.0, [0] * 5
        for card in candidates:
            lack = [max(0, CARD_COST[card][i] - bonus[i] - tokens[i]) for i in range(5)]
            missing = max(0, sum(lack) - tokens[5])
            value = (CARD_POINTS[card] + 0.5 + 0.3 * noble_colours[CARD_COLOUR[card]]) / (
                1 + missing
            )
            if value > best_value:
                best, best_value, best_lack = card, value, lack
        return best, best_lack

    @staticmethod
    def _score(action, tokens, lack, target, noble_colours) -> float:
        code = action.code
        if code == BUY:
            card = action.card
            return (
                100
                + 10 * CARD_POINTS[card]
                + noble_colours[CARD_COLOUR[card]]
                + (5 if card == target else 0)
            )
        if code == TAKE:
            gain = sum(min(n, lack[i]) for i, n in enumerate(action.gems[:5]))
            over = max(0, sum(tokens) + sum(action.gems) - 10)
            return 10 + 3 * gain + 0.1 * sum(action.gems) - 2 * over
        if code == RESERVE:
            return 5 + (20 if action.card == target and sum(lack) > 3 else 0)
        if code == RETURN:
            # Keep gold and what the target lacks; give back the rest.
            cost = sum(n * (3 if i == 5 else 1 + lack[i]) for i, n in enumerate(action.gems))
            return -cost
        if code == NOBLE:
            return 0
        return -1  # reserve from a deck, or pass
