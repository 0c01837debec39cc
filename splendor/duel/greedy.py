"""A baseline Splendor Duel bot: buy the best card it can, else gather what its targets need."""

from __future__ import annotations

import random

from splendor.duel import actions as A
from splendor.duel.actions import Action
from splendor.duel.cards import CARDS, JOKER, ROYALS
from splendor.duel.view import View

_ABILITY_VALUE = {"-": 0, "again": 6, "token": 2, "privilege": 2, "steal": 3}


class GreedyBot:
    """Scores each legal action by simple rules of thumb and plays the best one."""

    name = "duel-greedy"

    def choose(self, view: View, legal_actions: list[Action], rng: random.Random) -> Action:
        """Return the highest-scoring legal action (random tie-break)."""
        me = view.player
        need = self._needs(view, me)
        best, best_score = legal_actions[0], float("-inf")
        for action in legal_actions:
            score = self._score(view, me, action, need) + rng.random() * 0.01
            if score > best_score:
                best, best_score = action, score
        return best

    @staticmethod
    def _needs(view: View, me: int) -> list[float]:
        """How much each token kind (w b g r k p) is missing for the three best targets."""
        tokens, bonus = view.tokens[me], view.bonus[me]
        targets = []
        cards = [c for row in view.pyramid for c in row if c >= 0] + view.reserved(me)
        for c in cards:
            card = CARDS[c]
            deficit = [max(0, card.cost[k] - bonus[k] - tokens[k]) for k in range(5)]
            deficit.append(max(0, card.cost[5] - tokens[5]))
            value = card.points + card.crowns + card.bonus + 1
            targets.append((value / (sum(deficit) + 1), deficit))
        targets.sort(key=lambda t: -t[0])
        need = [0.0] * 6
        for _, deficit in targets[:3]:
            for k in range(6):
                need[k] += deficit[k]
        return need

    @staticmethod
    def _score(view: View, me: int, action: Action, need: list[float]) -> float:
        kind = action.kind
        if kind == A.BUY:
            card = CARDS[action.args[0]]
            colour_points = view.colour_points[me]
            best_colour = max(colour_points) if card.colour == JOKER else colour_points[card.colour]
            wins = (
                view.points[me] + card.points >= 20
                or view.crowns[me] + card.crowns >= 10
                or (card.colour >= 0 and best_colour + card.points >= 10)
            )
            return (
                (1000 if wins else 100)
                + 10 * card.points
                + 6 * card.crowns
                + 3 * card.bonus
                + _ABILITY_VALUE[card.ability]
            )
        if kind == A.TAKE:
            board = view.board
            codes = [board[i] for i in action.args]
            score = sum(1 + min(need[code], 3) for code in codes)
            if len(codes) == 3 and codes[0] == codes[1] == codes[2] or codes.count(5) == 2:
                score -= 3  # hands the opponent a privilege
            return score
        if kind == A.RESERVE:
            which = action.args[1]
            return 4 + (CARDS[which].points if which >= 0 else 1)
        if kind == A.JOKER:
            k = action.args[0]
            return 2 * view.colour_points[me][k] + view.bonus[me][k]
        if kind == A.STEAL:
            return need[action.args[0]] + (2 if action.args[0] == 5 else 0)
        if kind == A.ROYAL:
            royal = ROYALS[action.args[0]]
            return 10 * royal.points + _ABILITY_VALUE[royal.ability]
        if kind == A.DISCARD:
            weights = [*need, 10.0]
            return -sum(n * (1 + weights[k]) for k, n in enumerate(action.args))
        if kind in (A.PRIVILEGE, A.REPLENISH):
            return -50  # kept for later; replenish only when forced
        return 0
