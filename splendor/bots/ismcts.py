"""Information-set Monte Carlo tree search (single observer), written once for both games.

Each iteration samples a full state consistent with what the bot may see
(``view.determinize(rng)``), walks one shared tree with UCB restricted to the actions legal in
that sample (counting each child's *availability*, as ISMCTS requires), adds one node, plays a
short rollout with the game's cheap policy for ``rollout_turns`` turns and scores the end
with the game's evaluation (``values(state)``: per-seat numbers in [0, 1]; exact returns
when the game is over). Every seat's node keeps its own seat's mean value.

Focus: the root's actions are ranked once by one-step lookahead (the medium bot's
evaluation) and only the best ``root_width`` are searched, plus the two best actions that
leave the same player another main decision in the turn (Duel privileges and replenishing,
whose worth shows only deeper); deeper nodes widen progressively, adding the policy's
favourite untried action first.

Plan: with ``plan_margin``, in two-player games, the evaluator's ``planned_action`` (the
move its quickest solo plans start with, see ``classic_plan`` and ``duel_plan``) joins the
root, and is played unless the search finds a candidate better by more than the margin: the
second, smaller margin when the bot is behind (its plans are longer than the fastest rival's)
and that rival's plans win within a number of turns inside ``fight_window`` (low, high; any,
by default), the first otherwise.
Fighting a rival's plan (denying cards or gems) slows both players; the window keeps it for
the part of the game where it pays (see ``ladder``). With ``hopeless`` (near, gap), the bot
races instead when that rival's plans win within ``near`` turns and its own are more than
``gap`` turns longer: so late and so far behind, a denial seldom saves the game but
lengthens it. With ``opening``, while that rival's plans need at least that many turns, the
small margin applies whoever leads: so early, plan lengths are too noisy to tell who leads,
and the search opens better than the solo plan (which hoards gems and gold). With
``equal_plans``, up to that many other first steps of plans as quick as the planned one join
the root too, and the search picks freely among them (no margin): which of equally quick
plans to follow is the search's call.

Budget: ``iterations`` (what the arena uses, deterministic for a seed) and ``max_seconds``, a
wall-clock cap measured with ``time.perf_counter`` from the first ``next()``; once half of it
is spent, planning stops (a slow device still gets its search): it keeps at least this seat's
first plan, and with no rival plan made the bot counts as ahead and keeps to its plan. The
bot never returns before one iteration per root candidate unless the cap is hit. Thinking
is sliced: ``think`` yields every ``slice_seconds`` (20 ms) so the page can breathe (see
``base``).

Think time (CPython 3.11, this project's machine, 2-player games, no other load):
see docs/bots.md. In the browser (Pyodide, about 2.2 times slower) the "hard" level caps
itself at 1.2 s of wall-clock per move, so it always decides within 1.5 s.
"""

from __future__ import annotations

import math
import time

from splendor.bots.base import Bot, Slicer
from splendor.bots.heuristic import OneStepBot, rank_actions


class Node:
    """A tree node: the action that led here was chosen by ``seat``."""

    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int):
        self.seat = seat
        self.children: dict = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


class IsmctsBot(Bot):
    """ISMCTS with heuristic rollouts cut off by an evaluation."""

    name = "ismcts"

    def __init__(
        self,
        evaluator,
        weights,
        iterations: int = 300,
        max_seconds: float | None = None,
        rollout_turns: int = 2,
        exploration: float = 0.7,
        root_width: int = 8,
        name: str = "hard",
        plan_margin: tuple[float, float] | None = None,
        fight_window: tuple[float, float] = (0.0, math.inf),
        equal_plans: int = 0,
        hopeless: tuple[float, float] | None = None,
        opening: float | None = None,
    ):
        self.evaluator = evaluator
        self.weights = weights
        # The root ranking does not look past privileges / replenishing (too costly with
        # Duel's wide turns); the best two such actions join the candidates instead.
        self.ranker = OneStepBot(evaluator, weights, mains=0)
        self.iterations = iterations
        self.max_seconds = max_seconds
        self.rollout_turns = rollout_turns
        self.exploration = exploration
        self.root_width = root_width
        # With a margin, the evaluator's ``planned_action`` (its quickest way to win) is
        # played unless another candidate's mean value beats it by more than the margin.
        self.plan_margin = plan_margin
        self.fight_window = fight_window
        self.equal_plans = equal_plans
        self.hopeless = hopeless
        self.opening = opening
        self.name = name

    def think(self, view, legal_actions, rng):
        """Search for ``iterations`` (or until ``max_seconds``); return the most visited action."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        start = time.perf_counter()
        budget = self.max_seconds or math.inf
        deadline = start + budget
        # Planning stops sampling at half the budget, so the search always gets some of it.
        slicer = Slicer(self.slice_seconds, start + budget / 2)
        me = view.player
        sample = view.determinize(rng)
        ranked = yield from rank_actions(self.ranker, sample, legal_actions, me, slicer)
        candidates = [legal_actions[i] for _, i, _ in ranked[: self.root_width]]
        extra = [legal_actions[i] for _, i, more in ranked[self.root_width :] if more]
        candidates += extra[:2]
        planned = None
        equals = []
        # At tables of three or more hard does not race: with the plan it won 49% of 100
        # four-player games against medium's 39%, without it 56% against 25% (session 28).
        if self.plan_margin is not None and view.pending == "main" and view.num_players == 2:
            planning = self.evaluator.planned_action(view, legal_actions, rng, slicer)
            planned, mine, theirs, equals = yield from planning
            equals = equals[: self.equal_plans]
            low, high = self.fight_window
            fight = theirs < mine and low <= theirs <= high
            if fight and self.hopeless is not None:
                near, gap = self.hopeless
                fight = theirs > near or mine - theirs <= gap
            if self.opening is not None and theirs >= self.opening:
                fight = True  # too early to call the race: the search decides, leader or not
            margin = self.plan_margin[1 if fight else 0]
            for action in (*equals, planned):
                if action is not None and action not in candidates:
                    candidates.append(action)
        if len(candidates) == 1:
            return candidates[0]
        root = Node(me)
        for action in candidates:
            root.children[action] = Node(me)
        done = 0
        while done < self.iterations:
            self._iterate(root, candidates, view, rng)
            done += 1
            if slicer.due():
                if time.perf_counter() >= deadline and done >= len(candidates):
                    break
                yield
                slicer.restart()
        best = self._best(root, candidates)
        if planned is not None and best is not planned and best not in equals:
            mine, theirs = root.children[planned], root.children[best]
            # Keep to the plan unless the search clearly finds better (denial, a threat...).
            if mine.visits and theirs.total / theirs.visits < mine.total / mine.visits + margin:
                return planned
        return best

    @staticmethod
    def _best(root: Node, candidates: list):
        best, best_key = candidates[0], None
        for action in candidates:
            child = root.children[action]
            mean = child.total / child.visits if child.visits else 0.0
            key = (child.visits, mean)
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best

    def _iterate(self, root: Node, candidates: list, view, rng) -> None:
        evaluator = self.evaluator
        state = view.determinize(rng)
        node = root
        path = []
        legal = candidates
        while True:
            children = node.children
            seat = state.current_player
            untried = None
            if node is not root and len(children) < 2 + int(math.sqrt(node.visits)):
                untried = [a for a in legal if a not in children]
            if untried:
                action = untried[0] if len(untried) == 1 else evaluator.policy(state, untried, rng)
                child = children[action] = Node(seat)
            else:
                action, child = self._select(children, legal)
                if child is None:  # no legal child yet and the node is full: widen anyway
                    action = evaluator.policy(state, legal, rng)
                    child = children[action] = Node(seat)
            state = state.apply(action)
            path.append(child)
            if child.visits == 0 or state.is_over:
                break
            node = child
            legal = state.legal_actions()
        values = self._rollout(state, rng)
        root.visits += 1
        for child in path:
            child.visits += 1
            child.total += values[child.seat]

    def _select(self, children: dict, legal: list):
        best_action, best_child, best_ucb = None, None, -1.0
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        for action in legal:
            child = children.get(action)
            if child is None:
                continue
            child.available += 1
            if child.visits == 0:
                return action, child
            ucb = child.total / child.visits + c * sqrt(log(child.available) / child.visits)
            if ucb > best_ucb:
                best_action, best_child, best_ucb = action, child, ucb
        return best_action, best_child

    def _rollout(self, state, rng) -> list[float]:
        policy = self.evaluator.policy
        stop = state.turn + self.rollout_turns * state.num_players
        while not state.is_over and state.turn < stop:
            legal = state.legal_actions()
            state = state.apply(legal[0] if len(legal) == 1 else policy(state, legal, rng))
        return self.evaluator.values(state, self.weights)
