"""Classic Splendor heuristics: a position evaluation and a fast rollout policy.

``seat_score(state, seat, weights)`` values one seat's position in prestige-point units:
points, an engine of bonuses (worth more early), progress toward the nobles still on the
table, the best cards within reach (tokens + bonuses + gold, discounted by what is still
missing) and a little for tokens. ``values(state)`` turns a position into each seat's odds
in [0, 1], as the search expects: with two players a logistic regression on the parts of
the two seats' scores fitted on games (``leaf_logit``), with more a softmax over the seats
of their fitted ``seat_features`` (``LEAF_MULTI``; unset, each seat's lead over its best
rival, squashed).
``policy(state, legal, rng)`` is the cheap one-step choice used inside rollouts.
Everything reads only what the acting bot was allowed to see (a determinised state).
"""

from __future__ import annotations

import math

from splendor.bots.classic_plan import planned_action  # noqa: F401  (the hard level's plan)
from splendor.classic.actions import BUY, NOBLE, RESERVE, RESERVE_DECK, RETURN, TAKE
from splendor.classic.cards import CARD_COLOUR, CARD_COST, CARD_POINTS, NOBLE_NEED

NAME = "classic"

# Cost items per card: ((colour, count), ...) for the colours it asks for.
_COST_ITEMS = tuple(tuple((i, n) for i, n in enumerate(cost) if n) for cost in CARD_COST)
_NEED_ITEMS = tuple(tuple((i, n) for i, n in enumerate(need) if n) for need in NOBLE_NEED)
_NEED_TOTAL = tuple(sum(need) for need in NOBLE_NEED)


class Weights:
    """Tunable weights of the evaluation (defaults: the medium / hard evaluation)."""

    __slots__ = (
        "bonus_early",
        "bonus_late",
        "nobles",
        "reach",
        "reach_decay",
        "reserve",
        "rival",
        "token",
    )

    def __init__(
        self,
        bonus_early=0.8,
        bonus_late=0.25,
        nobles=1.0,
        reach=0.6,
        reach_decay=0.72,
        token=0.08,
        rival=1.0,
        reserve=0.15,
    ):
        self.bonus_early = bonus_early
        self.bonus_late = bonus_late
        self.nobles = nobles
        self.reach = reach
        self.reach_decay = reach_decay
        self.token = token
        self.rival = rival  # how much the rivals' scores count against this seat
        self.reserve = reserve  # cost of each reserved card (a slot taken, a turn spent)


FULL = Weights()
SIMPLE = FULL  # the easy level uses the full evaluation with noise (see ladder)


def _unpack(value: int, size: int = 6) -> list[int]:
    return [(value >> (6 * i)) & 63 for i in range(size)]


def seat_parts(state, seat: int, w: Weights = FULL) -> tuple:
    """A seat's score parts: points, engine, nobles, reach, tokens, reserved, bonuses, gold."""
    points = state.points[seat]
    tokens = _unpack(state.tokens[seat])
    bonus = _unpack(state.bonuses[seat], 5)
    target = state.config[1]
    phase = min(1.0, max(state.points) / target)
    bonus_value = w.bonus_late + (w.bonus_early - w.bonus_late) * (1.0 - phase)
    engine = 0.0
    for b in bonus:
        engine += bonus_value * min(b, 5) + 0.1 * max(0, b - 5)
    # Nobles: closeness to each noble still on the table, the best counting most.
    noble_colours = [0.0] * 5
    closeness = []
    if w.nobles:
        for n in state.nobles:
            missing = 0
            for i, need in _NEED_ITEMS[n]:
                if need > bonus[i]:
                    missing += need - bonus[i]
                    noble_colours[i] += 1.0 / (1 + missing)
            closeness.append(1.0 - missing / _NEED_TOTAL[n])
        closeness.sort(reverse=True)
    nobles = 0.0
    for rank, c in enumerate(closeness[:2]):
        nobles += (3.0 if rank == 0 else 1.0) * c * c
    # Reach: the best cards this seat could buy soon, discounted by the tokens still missing.
    gold = tokens[5]
    reach = []
    decay = w.reach_decay
    cards = [c for c in state.table if c >= 0] + [c for c in state.reserved[seat] if c >= 0]
    for card in cards:
        short = 0
        for i, n in _COST_ITEMS[card]:
            lack = n - bonus[i] - tokens[i]
            if lack > 0:
                short += lack
        short = max(0, short - gold)
        colour = CARD_COLOUR[card]
        value = CARD_POINTS[card] + bonus_value + w.nobles * 0.5 * noble_colours[colour]
        reach.append(value * decay**short)
    reach.sort(reverse=True)
    reach_value = sum(reach[:1]) + 0.5 * sum(reach[1:3])
    held = min(sum(tokens), 10)
    reserved = len(state.reserved[seat])
    return (points, engine, nobles, reach_value, held + gold, reserved, sum(bonus), gold)


def seat_score(state, seat: int, w: Weights = FULL) -> float:
    """A seat's position in prestige-point units (higher is better)."""
    return score_of_parts(seat_parts(state, seat, w), w)


def score_of_parts(parts, w: Weights = FULL) -> float:
    """``seat_score`` from a seat's ``seat_parts``."""
    points, engine, nobles, reach, tokens, reserved = parts[:6]
    return (
        points
        + engine
        + w.nobles * nobles
        + w.reach * reach
        + w.token * tokens
        - w.reserve * reserved
    )


def idle(state, seat: int) -> bool:
    """True when ``seat``'s last turn only swapped gems: it took some and gave as many back."""
    node = state.history
    if node is None or node[2] != seat or node[1].code != RETURN:
        return False
    before = node[0]
    return (
        before is not None and before[1].code == TAKE and sum(before[1].gems) == sum(node[1].gems)
    )


def relative_score(state, seat: int, w: Weights = FULL) -> float:
    """A seat's score minus (weighted) the best rival's score."""
    mine = seat_score(state, seat, w)
    if not w.rival:
        return mine
    best = max(seat_score(state, s, w) for s in range(state.num_players) if s != seat)
    return mine - w.rival * best


# The search's leaf for two players: a logistic regression of the result on seat 0's
# ``leaf_features``. Fitted by ``python -m tools.fit_leaf`` on positions of medium and easy
# games (docs/bots.md, session 17).
LEAF = (
    0.279,  # points
    -0.266,  # engine
    0.340,  # nobles
    0.283,  # reach
    -0.010,  # tokens
    -0.053,  # reserved
    0.829,  # bonuses
    0.004,  # gold
    0.509,  # points x phase
    1.761,  # engine x phase
    0.305,  # nobles x phase
    0.354,  # reach x phase
    0.075,  # tokens x phase
    -0.214,  # reserved x phase
    -1.420,  # bonuses x phase
    -0.265,  # gold x phase
    0.125,  # to move
    0.466,  # to move x phase
    0.457,  # points x last round
    0.324,  # to move x last round
)


def leaf_features(state, w: Weights = FULL) -> list[float]:
    """Seat 0's leaf features: its ``seat_parts`` lead, that times the phase, tempo, last round."""
    mine, theirs = seat_parts(state, 0, w), seat_parts(state, 1, w)
    top = max(state.points)
    target = state.config[1]
    phase = min(1.0, top / target)
    last = 1.0 if top >= target else 0.0
    lead = [a - b for a, b in zip(mine, theirs)]
    tempo = 1.0 if state.current == 0 else -1.0
    return [*lead, *(x * phase for x in lead), tempo, tempo * phase, lead[0] * last, tempo * last]


def leaf_logit(state, w: Weights = FULL) -> float:
    """The leaf's log-odds that seat 0 wins a two-player game (not over)."""
    return sum(c * f for c, f in zip(LEAF, leaf_features(state, w)))


# The search's leaf for three and four players: a conditional logit, each seat's odds the
# softmax of its ``seat_features`` times these. Fitted by ``python -m tools.fit_leaf --players
# 3,4 --games 4000`` (held-out log-loss 1.104 against the squashed lead's 1.145; with it hard
# won 64% of 100 four-player games against medium's 23%, 56% / 25% with the squashed lead;
# docs/bots.md, session 28). None: the squashed lead.
LEAF_MULTI = (
    0.309,
    2.520,
    0.370,
    0.265,
    -0.019,
    -0.093,
    -1.513,
    0.036,
    0.484,
    1.502,
    0.448,
    0.298,
    0.083,
    0.118,
    0.259,
    -0.231,
    0.127,
    0.714,
    0.910,
    1.340,
)


def seat_features(state, seat: int, w: Weights = FULL) -> list[float]:
    """A seat's multi-player leaf features: its parts, those times the phase, turn order, end."""
    parts = seat_parts(state, seat, w)
    n = state.num_players
    top = max(state.points)
    phase = min(1.0, top / state.config[1])
    last = 1.0 if top >= state.config[1] else 0.0
    ahead = (seat - state.current) % n  # seats that move before this one
    order = 1.0 - ahead / (n - 1)
    # In the last round only the seats before the starting one still play.
    still = 1.0 if last and ahead < (state.config[3] - state.current) % n else 0.0
    return [*parts, *(x * phase for x in parts), order, order * phase, parts[0] * last, still]


def _softmax(logits: list[float]) -> list[float]:
    top = max(logits)
    e = [math.exp(x - top) for x in logits]
    total = sum(e)
    return [x / total for x in e]


def values(state, w: Weights = FULL, scale: float = 3.0) -> list[float]:
    """Per-seat values in [0, 1]: the exact returns when over, else the estimated odds.

    Two players: the fitted leaf (``leaf_logit``); more: each seat's lead over its best
    rival, squashed at ``scale`` points.
    """
    if state.is_over:
        return state.returns()
    if state.num_players == 2:
        v = 1.0 / (1.0 + math.exp(-leaf_logit(state, w)))
        return [v, 1.0 - v]
    if LEAF_MULTI is not None:
        feats = (seat_features(state, s, w) for s in range(state.num_players))
        return _softmax([sum(c * f for c, f in zip(LEAF_MULTI, x)) for x in feats])
    scores = [seat_score(state, s, w) for s in range(state.num_players)]
    out = []
    for s, mine in enumerate(scores):
        rival = max(x for i, x in enumerate(scores) if i != s)
        out.append(1.0 / (1.0 + math.exp(-(mine - rival) / scale)))
    return out


# --- the rollout policy ----------------------------------------------------------------


def _target(state, me, tokens, bonus, noble_colours):
    """The card worth most per missing token, and what it still lacks per colour."""
    candidates = [c for c in state.table if c >= 0] + [c for c in state.reserved[me] if c >= 0]
    best, best_value, best_lack = -1, -1.0, [0] * 5
    for card in candidates:
        lack = [0] * 5
        missing = 0
        for i, n in _COST_ITEMS[card]:
            d = n - bonus[i] - tokens[i]
            if d > 0:
                lack[i] = d
                missing += d
        missing = max(0, missing - tokens[5])
        value = (CARD_POINTS[card] + 0.5 + 0.3 * noble_colours[CARD_COLOUR[card]]) / (1 + missing)
        if value > best_value:
            best, best_value, best_lack = card, value, lack
    return best, best_lack


def policy_scores(state, legal) -> list[float]:
    """Cheap one-step scores of the legal actions (buy best, else gather for a target)."""
    me = state.current
    tokens = _unpack(state.tokens[me])
    bonus = _unpack(state.bonuses[me], 5)
    noble_colours = [0] * 5
    for noble in state.nobles:
        for i, need in _NEED_ITEMS[noble]:
            if need > bonus[i]:
                noble_colours[i] += 1
    target, lack = _target(state, me, tokens, bonus, noble_colours)
    held = sum(tokens)
    scores = []
    for action in legal:
        code = action.code
        if code == BUY:
            card = action.card
            score = (
                100
                + 10 * CARD_POINTS[card]
                + noble_colours[CARD_COLOUR[card]]
                + (5 if card == target else 0)
            )
        elif code == TAKE:
            gems = action.gems
            gain = 0
            for i in range(5):
                if gems[i]:
                    gain += min(gems[i], lack[i])
            taken = sum(gems)
            over = held + taken - 10
            score = 10 + 3 * gain + 0.1 * taken - (2 * over if over > 0 else 0)
        elif code == RESERVE:
            score = 5 + (8 if action.card == target and sum(lack) > 3 else 0)
        elif code == RETURN:
            gems = action.gems
            score = -sum(n * (3 if i == 5 else 1 + lack[i]) for i, n in enumerate(gems) if n)
        elif code == NOBLE:
            score = 0
        elif code == RESERVE_DECK:
            score = -1
        else:
            score = -1
        scores.append(score)
    return scores


def policy(state, legal, rng):
    """The rollout policy: the best cheap score, ties broken at random."""
    if len(legal) == 1:
        return legal[0]
    scores = policy_scores(state, legal)
    top = max(scores)
    best = [a for a, s in zip(legal, scores) if s == top]
    return best[int(rng.random() * len(best))] if len(best) > 1 else best[0]
