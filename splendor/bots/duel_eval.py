"""Splendor Duel heuristics: a position evaluation and a fast rollout policy.

``seat_score(state, seat, weights)`` values one seat's position in prestige-point units:
progress toward each of the three victories (20 points, 10 crowns, 10 points in one colour,
convex so that nearly-won positions count much more), an engine of bonuses (worth more
early), tokens and privileges, the best cards within reach (pyramid and own reserve,
discounted by the tokens still missing; abilities, crowns and the colour race included) and
a large term for a card that would win at once; ``seat_parts`` gives those parts apart.
``values(state)`` squashes each seat's lead into [0, 1] for the search (or, with ``LEAF``
set, applies a logistic regression on the parts, fitted on games).
``policy(state, legal, rng)`` is the cheap rollout choice.
"""

from __future__ import annotations

import math

from splendor.bots.duel_plan import planned_action  # noqa: F401  (the hard level's plan)
from splendor.duel import actions as A
from splendor.duel.cards import CARDS, JOKER, ROYALS

NAME = "duel"
WIN_POINTS, WIN_CROWNS, WIN_COLOUR = 20, 10, 10
ABILITY = {"-": 0.0, "again": 1.2, "token": 0.4, "privilege": 0.5, "steal": 0.6}
_TOKEN_VALUE = (0.08, 0.08, 0.08, 0.08, 0.08, 0.2, 0.25)  # w b g r k, pearl, gold
_COST_ITEMS = tuple(tuple((k, n) for k, n in enumerate(c.cost) if n) for c in CARDS)


_CARD_INFO = tuple(
    (c.colour, c.points, c.crowns, c.bonus, c.points + 0.7 * c.crowns + ABILITY[c.ability])
    for c in CARDS
)
_POWERS: dict[float, tuple[float, ...]] = {}


def _powers(decay: float) -> tuple[float, ...]:
    """decay**n for n = 0..40 (a card never lacks more tokens than that)."""
    found = _POWERS.get(decay)
    if found is None:
        found = _POWERS[decay] = tuple(decay**n for n in range(41))
    return found


class Weights:
    """Tunable weights of the evaluation (defaults: the medium / hard evaluation)."""

    __slots__ = ("bonus_early", "bonus_late", "privilege", "reach", "reach_decay", "rival")

    def __init__(
        self,
        bonus_early=0.8,
        bonus_late=0.25,
        privilege=0.1,
        reach=0.6,
        reach_decay=0.72,
        rival=1.0,
    ):
        self.bonus_early = bonus_early
        self.bonus_late = bonus_late
        self.privilege = privilege
        self.reach = reach
        self.reach_decay = reach_decay
        self.rival = rival


FULL = Weights()
SIMPLE = FULL  # the easy level uses the full evaluation with noise (see ladder)


def progress(points: int, crowns: int, colour_points) -> float:
    """How close a seat is to its nearest victory, from 0 to 1 (or more once won)."""
    return max(points / WIN_POINTS, crowns / WIN_CROWNS, max(colour_points) / WIN_COLOUR)


def seat_parts(state, seat: int, w: Weights = FULL) -> tuple:
    """A seat's score parts: victories, engine, tokens, privileges, reach, threat, bonuses, gold."""
    points = state.points[seat]
    crowns = state.crowns[seat]
    colour_points = state.colour_points[seat]
    best_colour = max(colour_points)
    near = progress(points, crowns, colour_points)
    phase = max(near, progress(state.points[1 - seat], state.crowns[1 - seat], (0,)))
    phase = min(1.0, phase)
    bonus_value = w.bonus_late + (w.bonus_early - w.bonus_late) * (1.0 - phase)
    bonus = state.bonus[seat]
    tokens = state.tokens[seat]
    victories = points + 0.7 * crowns + 0.5 * best_colour + 6.0 * near**3
    bonuses = sum(min(b, 6) for b in bonus)
    held = 0.0
    for k in range(7):
        held += _TOKEN_VALUE[k] * tokens[k]
    # Reach: the best cards this seat could buy soon; a card that wins at once counts big.
    gold = tokens[6]
    reach = []
    powers = _powers(w.reach_decay)
    cards = [c for row in state.pyramid for c in row if c >= 0]
    cards += state.reserved[seat]
    has_bonus = any(bonus)
    threat = 0.0
    available = (*(bonus[k] + tokens[k] for k in range(5)), tokens[5])
    for c in cards:
        colour, card_points, card_crowns, card_bonus, base = _CARD_INFO[c]
        if colour == JOKER and not has_bonus:
            continue
        short = -gold
        for k, n in _COST_ITEMS[c]:
            lack = n - available[k]
            if lack > 0:
                short += lack
        if colour == JOKER:
            gain_colour = best_colour + card_points
        elif colour >= 0:
            gain_colour = colour_points[colour] + card_points
        else:
            gain_colour = 0
        if short <= 0:
            short = 0
            if (
                points + card_points >= WIN_POINTS
                or crowns + card_crowns >= WIN_CROWNS
                or gain_colour >= WIN_COLOUR
            ):
                threat = 6.0
        value = base + bonus_value * card_bonus
        if gain_colour > best_colour:
            value += 0.3 * (gain_colour - best_colour)
        reach.append(value * powers[short])
    reach.sort(reverse=True)
    reach_value = sum(reach[:1]) + 0.5 * sum(reach[1:3])
    engine = bonus_value * bonuses
    return (victories, engine, held, state.privileges[seat], reach_value, threat, bonuses, gold)


def seat_score(state, seat: int, w: Weights = FULL) -> float:
    """A seat's position in prestige-point units (higher is better)."""
    victories, engine, held, privileges, reach, threat, _, _ = seat_parts(state, seat, w)
    # Summed in the order the evaluation always used, so medium's choices stay the same.
    score = victories + engine + held + w.privilege * privileges
    return score + (w.reach * reach + threat)


def relative_score(state, seat: int, w: Weights = FULL) -> float:
    """A seat's score minus (weighted) the opponent's score."""
    score = seat_score(state, seat, w)
    if w.rival:
        score -= w.rival * seat_score(state, 1 - seat, w)
    return score


# The search's leaf: None squashes the lead at ``scale``; or a logistic regression of the
# result on seat 0's ``leaf_features`` (``python -m tools.fit_leaf --game duel``). Fitted
# leaves predicted results better but played no better and slower (docs/bots.md, session 18).
LEAF: tuple[float, ...] | None = None


def leaf_features(state, w: Weights = FULL) -> list[float]:
    """Seat 0's leaf features: its ``seat_parts`` lead, that times the phase, and tempo."""
    mine, theirs = seat_parts(state, 0, w), seat_parts(state, 1, w)
    phase = max(progress(state.points[s], state.crowns[s], state.colour_points[s]) for s in (0, 1))
    phase = min(1.0, phase)
    lead = [a - b for a, b in zip(mine, theirs)]
    tempo = 1.0 if state.current_player == 0 else -1.0
    return [*lead, *(x * phase for x in lead), tempo, tempo * phase]


def leaf_logit(state, w: Weights = FULL) -> float:
    """The leaf's log-odds that seat 0 wins (game not over)."""
    return sum(c * f for c, f in zip(LEAF, leaf_features(state, w)))


def values(state, w: Weights = FULL, scale: float = 3.0) -> list[float]:
    """Per-seat values in [0, 1]: the exact returns when over, else the estimated odds."""
    if state.is_over:
        return state.returns()
    if LEAF is not None:
        v = 1.0 / (1.0 + math.exp(-leaf_logit(state, w)))
    else:
        lead = seat_score(state, 0, w) - seat_score(state, 1, w)
        v = 1.0 / (1.0 + math.exp(-lead / scale))
    return [v, 1.0 - v]


# --- the rollout policy ----------------------------------------------------------------


def _needs(state, me: int) -> list[float]:
    """How much each token kind (w b g r k p) is missing for the three best targets."""
    tokens, bonus = state.tokens[me], state.bonus[me]
    targets = []
    cards = [c for row in state.pyramid for c in row if c >= 0]
    cards += state.reserved[me]
    for c in cards:
        deficit = []
        total = 0
        for k, n in _COST_ITEMS[c]:
            lack = n - (bonus[k] if k < 5 else 0) - tokens[k]
            if lack > 0:
                deficit.append((k, lack))
                total += lack
        targets.append((_TARGET_VALUE[c] / (total + 1), deficit))
    targets.sort(key=_first, reverse=True)
    need = [0.0] * 6
    for _, deficit in targets[:3]:
        for k, lack in deficit:
            need[k] += lack
    return need


def _first(pair):
    return pair[0]


_TARGET_VALUE = tuple(c.points + c.crowns + c.bonus + 1 for c in CARDS)
_NEEDY = frozenset((A.TAKE, A.DISCARD, A.STEAL))


def policy_scores(state, legal) -> list[float]:
    """Cheap one-step scores of the legal actions (buy best, else gather for targets)."""
    me = state.current_player
    need = None
    for action in legal:
        if action.kind in _NEEDY:
            need = _needs(state, me)
            break
    board = state.board
    if need is not None:
        take_value = [1 + min(n, 3) for n in need] + [0, 0]  # by token code; gold never taken
    points, crowns, colour_points = state.points[me], state.crowns[me], state.colour_points[me]
    scores = []
    for action in legal:
        kind = action.kind
        if kind == A.TAKE:
            args = action.args
            if len(args) == 3:
                a, b, c = board[args[0]], board[args[1]], board[args[2]]
                score = take_value[a] + take_value[b] + take_value[c]
                if (a == b == c) or (a == 5 and (b == 5 or c == 5)) or (b == 5 and c == 5):
                    score -= 3
            elif len(args) == 2:
                a, b = board[args[0]], board[args[1]]
                score = take_value[a] + take_value[b] - (3 if a == b == 5 else 0)
            else:
                score = take_value[board[args[0]]]
        elif kind == A.RESERVE:
            which = action.args[1]
            score = 4 + (CARDS[which].points if which >= 0 else 1)
        elif kind == A.BUY:
            card = CARDS[action.args[0]]
            best_colour = max(colour_points) if card.colour == JOKER else 0
            if 0 <= card.colour < 5:
                best_colour = colour_points[card.colour]
            wins = (
                points + card.points >= WIN_POINTS
                or crowns + card.crowns >= WIN_CROWNS
                or (card.colour >= 0 and best_colour + card.points >= WIN_COLOUR)
            )
            score = (
                (1000 if wins else 100)
                + 10 * card.points
                + 6 * card.crowns
                + 3 * card.bonus
                + 5 * ABILITY[card.ability]
            )
        elif kind == A.JOKER:
            k = action.args[0]
            score = 2 * colour_points[k] + state.bonus[me][k]
        elif kind == A.STEAL:
            k = action.args[0]
            score = need[k] + (2 if k == 5 else 0)
        elif kind == A.ROYAL:
            royal = ROYALS[action.args[0]]
            score = 10 * royal.points + 5 * ABILITY[royal.ability]
        elif kind == A.DISCARD:
            score = -sum(n * (1 + (need[k] if k < 6 else 10)) for k, n in enumerate(action.args))
        elif kind == A.PRIVILEGE or kind == A.REPLENISH:
            score = -50
        else:
            score = 0
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
