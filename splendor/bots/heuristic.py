"""Heuristic bots for any game: one-step lookahead with an evaluation, and a beginner.

``OneStepBot`` (easy, medium) plays each legal action on one determinised state and keeps
the best resulting position by the game's evaluation (``classic_eval`` / ``duel_eval``).
When the action leaves the same player a sub-decision (returning tokens, choosing a noble,
placing a joker...), the best sub-decision is looked at too, so a take is valued after its
best return ("no wasted returns"). The evaluation subtracts the best rival's score, so
reserving a card a rival was about to buy counts as a gain ("reserve to deny").

``BeginnerBot`` samples among the actions with the game's cheap rollout scores, favouring
sensible moves but often picking a weaker one, and now and then plays any legal move.
"""

from __future__ import annotations

import math

from splendor.bots.base import Bot, Slicer

WIN = 1000.0
# What a turn that only swaps gems costs (a tempo lost). Without it, an evaluation that values
# gems in hand above a purchase can swap gems forever (seen: two classic bots doing so for 300
# turns, one with a 5-point card affordable, the other with nothing else legal).
IDLE = 3.0


def same_turn(state, me: int, turn: int) -> bool:
    """True when ``me`` still has a decision to take within turn number ``turn``.

    Sub-decisions (returns, nobles, jokers...) and, in Duel, the main action that follows
    using privileges or replenishing the board (an extra turn from "play again" has a new
    turn number, so it does not count).
    """
    return not state.is_over and state.current_player == me and state.turn == turn


class OneStepBot(Bot):
    """Plays the action whose resulting position evaluates best (noise makes it weaker)."""

    def __init__(self, evaluator, weights, noise=0.0, mains: int = 1, name="one-step"):
        self.evaluator = evaluator
        self.weights = weights
        self.noise = noise
        self.mains = mains  # main decisions looked at within the same turn (see value)
        self.idle = getattr(evaluator, "idle", None)  # games where a turn can swap gems
        self.name = name

    def value(self, state, me: int, turn: int, depth: int = 0, mains: int | None = None):
        """The evaluation of a position for ``me``, finishing the rest of its turn first.

        Sub-decisions are always looked at (up to 4 deep); a main decision within the same
        turn (Duel, after a privilege or a replenish) only ``mains`` times, to bound the work.
        A turn that only swapped gems (the evaluator's ``idle``: classic, as many given back
        as taken) loses ``IDLE``.
        """
        if state.is_over:
            return WIN * (2 * state.returns()[me] - 1)
        if mains is None:
            mains = self.mains
        if depth < 4 and same_turn(state, me, turn):
            if state.pending != "main":
                return max(
                    self.value(state.apply(a), me, turn, depth + 1, mains)
                    for a in state.legal_actions()
                )
            if mains:
                return max(
                    self.value(state.apply(a), me, turn, depth + 1, mains - 1)
                    for a in state.legal_actions()
                )
        score = self.evaluator.relative_score(state, me, self.weights)
        if self.idle is not None and self.idle(state, me):
            score -= IDLE
        return score

    def think(self, view, legal_actions, rng):
        """Evaluate every legal action on one determinisation; return the best."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        slicer = Slicer(self.slice_seconds)
        state = view.determinize(rng)
        me = view.player
        best, best_value = legal_actions[0], -math.inf
        for action in legal_actions:
            value = self.value(state.apply(action), me, view.turn)
            if self.noise:
                value += rng.gauss(0.0, self.noise)
            if value > best_value:
                best, best_value = action, value
            if slicer.due():
                yield
                slicer.restart()
        return best


def rank_actions(bot: OneStepBot, state, legal_actions, me: int, slicer: Slicer | None = None):
    """Generator: (value, index, continues) per action by one-step lookahead, best first.

    ``continues`` marks actions after which ``me`` takes another main decision in the same
    turn (Duel: a privilege, a replenish). Yields when ``slicer`` says the time slice is
    spent; the ranking is its return value.
    """
    ranked = []
    turn = state.turn
    for index, action in enumerate(legal_actions):
        after = state.apply(action)
        continues = after.pending == "main" and same_turn(after, me, turn)
        ranked.append((bot.value(after, me, turn), index, continues))
        if slicer is not None and slicer.due():
            yield
            slicer.restart()
    ranked.sort(key=lambda entry: (-entry[0], entry[1]))
    return ranked


class BeginnerBot(Bot):
    """Plausible but weak: samples actions by cheap scores with a high temperature."""

    name = "beginner"

    def __init__(self, evaluator, temperature: float, blunder: float = 0.3):
        self.evaluator = evaluator
        self.temperature = temperature
        self.blunder = blunder  # chance of playing any legal move

    def think(self, view, legal_actions, rng):
        """Sample one action, sensible ones more likely."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        if rng.random() < self.blunder:
            return legal_actions[int(rng.random() * len(legal_actions))]
        state = view.determinize(rng)
        scores = self.evaluator.policy_scores(state, legal_actions)
        top = max(scores)
        weights = [math.exp((s - top) / self.temperature) for s in scores]
        pick = rng.random() * sum(weights)
        for action, weight in zip(legal_actions, weights):
            pick -= weight
            if pick <= 0:
                return action
        return legal_actions[-1]
        yield  # pragma: no cover  (a generator that never needs to pause)
