"""A solo purchase planner for classic Splendor: the fewest turns to the target, by beam search.

``plan(state, seat, width)`` looks only at one seat's own game on a (determinised) state, as
if the rivals did nothing: each turn it either takes gems (three different, or two alike from
a pile of four; fewer when ten would be exceeded, as a take and a return would do), reserves
a level-2 or level-3 card for the gold, or buys a card from the table or its reserve, the
table refilling from the decks. It keeps the ``width`` most promising positions each turn
and stops at the first that reaches the target (in the last round, once a rival has reached
it: more points than the leader, since a tie on points is no sure win). It returns that plan's
first step and length. The hard level uses the step to steer its search toward a quick win;
rivals, denial and hidden cards are the search's business. A plan may also expect a rival
to follow its own plan (``rival``: its cards leave the table, its gems leave and come back).
"""

from __future__ import annotations

import math
from itertools import combinations

from splendor.bots.base import draw_into, finish, in_slices
from splendor.classic.actions import BUY, RESERVE, TAKE
from splendor.classic.cards import CARD_COLOUR, CARD_COST, CARD_LEVEL, CARD_POINTS, NOBLE_NEED
from splendor.classic.packed import unpack

MAX_TURNS = 40
ENGINE, TOKEN, NEAR, DECAY = 0.7, 0.1, 1.0, 0.8  # weights of a position's promise
# Whether ``planned_action`` expects the fastest rival to follow its own plan. Off: with the
# shipped margins it won 73.5% of 400 games against medium, not 79.4% (docs/bots.md).
JOINT_PLANS = False
_COSTS = tuple(tuple((i, n) for i, n in enumerate(cost) if n) for cost in CARD_COST)
_NEEDS = tuple(tuple((i, n) for i, n in enumerate(need) if n) for need in NOBLE_NEED)
_THREES = tuple(combinations(range(5), 3))
_POINTS = (*CARD_POINTS, 0)  # index -1 (an empty place) is worth nothing
_TWOS = tuple(combinations(range(5), 2))


def _takes(tokens, bank):
    """The gem sets a take could leave this seat with more of (after any return)."""
    room = 10 - sum(tokens)
    if room <= 0:
        return ()
    some = [i for i in range(5) if bank[i]]
    found = []
    size = min(3, len(some), room)
    if size == 3:
        found += [g for g in _THREES if bank[g[0]] and bank[g[1]] and bank[g[2]]]
    elif size == 2:
        found += [g for g in _TWOS if bank[g[0]] and bank[g[1]]]
    elif size == 1:
        found += [(i,) for i in some]
    if room >= 2:
        found += [(i, i) for i in range(5) if bank[i] >= 4]
    return found


def _short(card, bonus, tokens) -> int:
    """Gems a card still lacks after bonuses and held gems (gold not counted)."""
    short = 0
    for i, n in _COSTS[card]:
        lack = n - bonus[i] - tokens[i]
        if lack > 0:
            short += lack
    return short


def _refill(table, drawn, place, card, decks):
    """(table, drawn) after the card at ``place`` leaves and its deck's next card comes in."""
    return draw_into(table, drawn, place, CARD_LEVEL[card] - 1, decks)


def _promise(points, bonus, tokens, table, reserved) -> float:
    """How promising a planned position is (beam order): points, engine, the best card near."""
    near = 0.0
    gold = tokens[5]
    for card in (*table, *reserved):
        worth = _POINTS[card]
        if worth <= near:  # a card is worth at most its points: this one cannot be the best
            continue
        short = _short(card, bonus, tokens) - gold
        value = worth * DECAY**short if short > 0 else worth
        near = max(near, value)
    return points + ENGINE * sum(bonus) + TOKEN * sum(tokens) + NEAR * near


def plan(state, seat: int, width: int = 20, rival=()):
    """(first step, turns) of the quickest plan found: ("buy", card), ("reserve", card) or
    ("take", colours); the length is MAX_TURNS when no plan reaches the target."""
    return finish(planning(state, seat, width, rival))[:2]


def planning(state, seat: int, width: int = 20, rival=()):
    """Generator form of ``plan``: yields after each planned turn; returns (first step,
    turns, moves, firsts). ``moves`` are what the plan does to the others, one per turn: (the
    table card it takes, or -1; the bank's change). ``firsts`` are the first steps of every
    plan that wins as quickly. ``rival`` is a list like ``moves``, played after each of this
    seat's planned turns (a rival expected to follow its own plan)."""
    target = state.config[1]
    lead = max(state.points[s] for s in range(state.num_players) if s != seat)
    if lead >= target:  # the last round: only more points than the leader win
        target = lead + 1
    decks = state.decks
    start = (
        state.points[seat],
        unpack(state.bonuses[seat], 5),
        unpack(state.tokens[seat], 6),
        tuple(state.table),
        tuple(c for c in state.reserved[seat] if c >= 0),
        (0, 0, 0),
        tuple(state.nobles),
        unpack(state.bank, 6),
        None,
        None,
    )
    supply = [sum(kind) for kind in zip(*(unpack(t, 6) for t in (state.bank, *state.tokens)))]
    beam = [start]
    won = None
    for turn in range(1, MAX_TURNS + 1):
        seen = {}
        for points, bonus, tokens, table, reserved, drawn, nobles, bank, first, trail in beam:
            gold = tokens[5]
            for place, card in enumerate((*table, *reserved)):
                if card < 0:
                    continue
                short = _short(card, bonus, tokens)
                if short > gold:
                    continue
                left = list(tokens)
                back = list(bank)
                for i, n in _COSTS[card]:
                    pay = n - bonus[i]
                    if pay > 0:
                        use = min(tokens[i], pay)
                        left[i] -= use
                        back[i] += use
                left[5] -= short
                back[5] += short
                more = list(bonus)
                more[CARD_COLOUR[card]] += 1
                gained = points + CARD_POINTS[card]
                still = nobles
                for noble in nobles:
                    if all(more[i] >= n for i, n in _NEEDS[noble]):
                        still = tuple(x for x in nobles if x != noble)
                        gained += 3
                        break
                step = first or ("buy", card)
                back = tuple(back)
                taken = card if place < len(table) else -1
                if gained >= target:
                    if won is None:
                        won = (step, turn, _moves((trail, taken, back), start[7]), [])
                    if step not in won[3]:
                        won[3].append(step)
                    continue
                if taken >= 0:
                    row, counts = _refill(table, drawn, place, card, decks)
                    position = (row, reserved, counts)
                else:
                    rest = tuple(c for c in reserved if c != card)
                    position = (table, rest, drawn)
                key = (gained, tuple(more), tuple(left), *position, still, back)
                if key not in seen:
                    seen[key] = (step, (trail, taken, back))
            if len(reserved) < 3 and bank[5] and sum(tokens) < 10:
                # Reserving (levels 2 and 3 only, for the gold) rarely pays on level 1.
                left = (*tokens[:5], gold + 1)
                back = (*bank[:5], bank[5] - 1)
                for place, card in enumerate(table):
                    if card < 0 or CARD_LEVEL[card] == 1:
                        continue
                    row, counts = _refill(table, drawn, place, card, decks)
                    key = (points, bonus, left, row, (*reserved, card), counts, nobles, back)
                    if key not in seen:
                        seen[key] = (first or ("reserve", card), (trail, card, back))
            for gems in _takes(tokens, bank):
                left = list(tokens)
                back = list(bank)
                for i in gems:
                    left[i] += 1
                    back[i] -= 1
                back = tuple(back)
                key = (points, bonus, tuple(left), table, reserved, drawn, nobles, back)
                if key not in seen:
                    seen[key] = (first or ("take", gems), (trail, -1, back))
        if won is not None:
            return won
        if not seen:
            break
        yield
        ranked = sorted(seen, key=lambda k: _promise(k[0], k[1], k[2], k[3], k[4]), reverse=True)
        beam = [(*key, *seen[key]) for key in ranked[:width]]
        if turn <= len(rival):
            beam = [_after_rival(position, rival[turn - 1], decks, supply) for position in beam]
    best = beam[0] if beam else start
    return best[-2], MAX_TURNS, _moves(best[-1], start[7]), [best[-2]] if best[-2] else []


def _moves(trail, bank):
    """A plan's moves as ``planning`` returns them, from its trail (parent, card, bank after)."""
    steps = []
    while trail is not None:
        trail, card, after = trail
        steps.append((card, after))
    moves = []
    for card, after in reversed(steps):
        moves.append((card, tuple(a - b for a, b in zip(after, bank))))
        bank = after
    return moves


def _after_rival(position, move, decks, supply):
    """A planned position after a rival's move: its table card leaves, the bank changes."""
    points, bonus, tokens, table, reserved, drawn, nobles, bank, first, trail = position
    card, change = move
    if card >= 0 and card in table:
        table, drawn = _refill(table, drawn, table.index(card), card, decks)
    bank = tuple(max(0, min(n + d, most)) for n, d, most in zip(bank, change, supply))
    return points, bonus, tokens, table, reserved, drawn, nobles, bank, first, trail


def planned_action(view, legal, rng, slicer=None, samples: int = 3, width: int = 20):
    """Generator: returns (action, mine, theirs, equals), the legal main action most plans
    start with over ``samples`` determinisations, the mean plan lengths (turns) of this seat
    and of the fastest rival (infinite if none was planned), and the legal actions that start
    a plan as quick as the best (in order found); with ``JOINT_PLANS`` this seat's plans
    expect that rival to follow its own. Yields when ``slicer`` says the time slice is spent;
    once ``slicer.late()``, makes no more plans but this seat's first one."""
    votes: dict = {}
    equals: list = []
    mine = theirs = 0
    me = view.player
    rivals = [seat for seat in range(view.num_players) if seat != me]
    done = rivaled = 0
    while done < samples:
        state = view.determinize(rng)
        fastest = None
        if JOINT_PLANS:
            fastest = yield from _fastest(state, rivals, width, slicer)
        moves = fastest[2] if fastest else ()
        step, turns, _, firsts = yield from in_slices(planning(state, me, width, moves), slicer)
        action = _matching(step, legal) if step else None
        if action is not None:
            votes[action] = votes.get(action, 0) + 1
        for first in firsts:
            action = _matching(first, legal)
            if action is not None and action not in equals:
                equals.append(action)
        mine += turns
        done += 1
        late = slicer is not None and slicer.late()
        if fastest is None and not late:
            fastest = yield from _fastest(state, rivals, width, slicer)
        if fastest is not None:
            theirs += fastest[1]
            rivaled += 1
        if slicer is not None and slicer.late():
            break  # out of time: decide on the plans made so far
    best = max(votes, key=votes.get) if votes else None
    return best, mine / done, theirs / rivaled if rivaled else math.inf, equals


def _fastest(state, rivals, width, slicer):
    """Generator: returns the plan (step, turns, trail, firsts) of the rival who wins soonest."""
    fastest = None
    for seat in rivals:
        rival = yield from in_slices(planning(state, seat, width), slicer)
        if fastest is None or rival[1] < fastest[1]:
            fastest = rival
    return fastest


def _matching(step, legal):
    """The legal action that carries out a plan's first step (None if none does)."""
    kind, what = step
    if kind == "reserve":
        for action in legal:
            if action.code == RESERVE and action.card == what:
                return action
        return None
    if kind == "buy":
        for action in legal:
            if action.code == BUY and action.card == what:
                return action
        return None
    # A take of fewer gems than allowed stands for a take and a return: take a superset.
    want = [0] * 5
    for i in what:
        want[i] += 1
    best, extra = None, 6
    for action in legal:
        if action.code == TAKE:
            gems = action.gems
            if all(gems[i] >= want[i] for i in range(5)) and sum(gems) - len(what) < extra:
                best, extra = action, sum(gems) - len(what)
    return best
