"""A solo planner for Splendor Duel: the fewest turns to a victory, by beam search.

``plan(state, seat, width)`` looks only at one seat's own game on a (determinised) state, as
if the opponent did nothing. The board is simplified to a pool of token counts: a turn may
take up to three tokens of the kinds the best cards lack (fewer when ten would be exceeded
or the board runs low), plus one per privilege held; it may refill the board from the bag
first (a gift to the opponent, which the ranking counts against it); it may take a gold and
reserve a level-2 or level-3 card, or buy a card from the pyramid or its reserve (gold and
privileges cover what is missing; spent tokens go to the bag; the pyramid refills from the
decks). Bought cards bring points, crowns, colour points and their abilities: play again
(the next turn is free), a token of the card's colour, a privilege, a stolen token; royal
cards come at 3 and 6 crowns. The first planned turn takes only real lines of the board.
It keeps the ``width`` most promising positions each turn and stops at the first victory (20
points, 10 crowns or 10 points in one colour). The hard level steers its search with the
plan's first step (``planned_action``: 8 positions, 2 determinisations, about 50 ms of CPU a
plan); the opponent and hidden cards are the search's business. See docs/bots.md.
"""

from __future__ import annotations

import math

from splendor.bots.base import draw_into, finish, in_slices
from splendor.duel import actions as A
from splendor.duel.board import LINES
from splendor.duel.cards import CARDS, JOKER, ROYALS

MAX_TURNS = 40
WIN_POINTS, WIN_CROWNS, WIN_COLOUR = 20, 10, 10
# Weights of a position's promise (beam order), in points of progress.
MIX, ENGINE, TOKEN, GOLD, PRIVILEGE, NEAR, DECAY, GIFT = 0.3, 1.0, 0.15, 0.3, 0.2, 0.5, 0.75, 0.3
TARGETS = 4  # cards whose missing tokens a take goes for

_COSTS = tuple(tuple((k, n) for k, n in enumerate(c.cost) if n) for c in CARDS)
_SLOT_LEVEL = (1,) * 5 + (2,) * 4 + (3,) * 3
_ROYAL_ORDER = sorted(
    range(len(ROYALS)),
    key=lambda r: ({"again": 0, "-": 1, "privilege": 2, "steal": 3}[ROYALS[r].ability], r),
)
# Positions: (points, crowns, colour points, bonus, tokens w b g r k p y, privileges,
# pool on the board w b g r k p y, bag, pyramid slots, cards drawn per level, reserved,
# royal cards left, gifts to the opponent).
POINTS, CROWNS, COLOURS, BONUS, TOKENS, PRIVS, POOL, BAG, SLOTS, DRAWN, RESERVED = range(11)
ROYAL_LEFT, GIFTS = 11, 12


def _effective(points: int, crowns: int, colour: int) -> float:
    """Progress toward the nearest victory in points (20 = won), with a share of the others."""
    a, b, c = points, 2 * crowns, 2 * colour
    top = max(a, b, c)
    return top + MIX * (a + b + c - top)


def _lacks(card: int, bonus, tokens) -> list[int]:
    """Tokens (w b g r k p) a card still lacks after bonuses and held tokens (gold aside)."""
    lack = [0] * 6
    for k, n in _COSTS[card]:
        short = n - (bonus[k] if k < 5 else 0) - tokens[k]
        if short > 0:
            lack[k] = short
    return lack


def _gain(card: int, points, crowns, colours, bonus, base: float) -> float:
    """How much buying a card adds to the seat's effective progress (a win counts 20 more)."""
    info = CARDS[card]
    colour = info.colour
    if colour == JOKER:
        colour = _joker_colour(colours, bonus)
    best = max(colours)
    if 0 <= colour < 5:
        best = max(best, colours[colour] + info.points)
    p, c = points + info.points, crowns + info.crowns
    if p >= WIN_POINTS or c >= WIN_CROWNS or best >= WIN_COLOUR:
        return 20.0 + info.points
    return (
        _effective(p, c, best)
        - base
        + ENGINE * info.bonus
        + (1.0 if info.ability == "again" else 0.0)
    )


def _joker_colour(colours, bonus) -> int:
    """Where a joker card goes: the colour with the most points (then bonuses) among owned."""
    best, key = -1, None
    for k in range(5):
        if bonus[k] and (key is None or (colours[k], bonus[k]) > key):
            best, key = k, (colours[k], bonus[k])
    return best


# Per card: an upper bound of what buying it adds (a win aside), to skip hopeless cards.
_BOUND = tuple(
    3 * c.points + 2 * c.crowns + ENGINE * c.bonus + (1.0 if c.ability == "again" else 0.0)
    for c in CARDS
)
_DECAYS = tuple(DECAY**n for n in range(41))


def _promise(pos) -> float:
    """How promising a planned position is (beam order)."""
    points, crowns, colours, bonus, tokens = pos[0], pos[1], pos[2], pos[3], pos[4]
    best = max(colours)
    base = _effective(points, crowns, best)
    gold = tokens[6]
    near = 0.0
    has_bonus = any(bonus)
    close = points >= WIN_POINTS - 6 or crowns >= WIN_CROWNS - 3 or best >= WIN_COLOUR - 5
    for card in (*pos[SLOTS], *pos[RESERVED]):
        if card < 0:
            continue
        short = -gold
        for k, n in _COSTS[card]:
            lack = n - (bonus[k] if k < 5 else 0) - tokens[k]
            if lack > 0:
                short += lack
        decay = _DECAYS[short] if short > 0 else 1.0
        if not close and decay * _BOUND[card] <= near:
            continue
        if CARDS[card].colour == JOKER and not has_bonus:
            continue
        value = decay * _gain(card, points, crowns, colours, bonus, base)
        near = max(near, value)
    return (
        base
        + ENGINE * sum(bonus)
        + TOKEN * sum(tokens[:6])
        + GOLD * gold
        + PRIVILEGE * pos[PRIVS]
        + NEAR * near
        - GIFT * pos[GIFTS]
    )


def _add(counts: tuple, kinds, sign: int = 1) -> tuple:
    out = list(counts)
    for k in kinds:
        out[k] += sign
    return tuple(out)


def _with(pos, **changes) -> tuple:
    out = list(pos)
    for name, value in changes.items():
        out[_FIELD[name]] = value
    return tuple(out)


_FIELD = {
    "points": POINTS,
    "crowns": CROWNS,
    "colours": COLOURS,
    "bonus": BONUS,
    "tokens": TOKENS,
    "privs": PRIVS,
    "pool": POOL,
    "bag": BAG,
    "slots": SLOTS,
    "drawn": DRAWN,
    "reserved": RESERVED,
    "royals": ROYAL_LEFT,
    "gifts": GIFTS,
}


def _reserves(pos, pool, decks):
    """(position, card) after taking a gold from ``pool`` and reserving each level-2/3 card."""
    for place in range(5, 12):
        card = pos[SLOTS][place]
        if card < 0:
            continue
        slots, drawn = _draw(pos[SLOTS], pos[DRAWN], place, decks)
        new = _with(
            pos,
            tokens=_add(pos[TOKENS], (6,)),
            pool=_add(pool, (6,), -1),
            slots=slots,
            drawn=drawn,
            reserved=(*pos[RESERVED], card),
        )
        yield new, card


def _draw(slots, drawn, place: int, decks):
    """(slots, drawn) after the card at pyramid ``place`` leaves and its deck's next comes in."""
    return draw_into(slots, drawn, place, _SLOT_LEVEL[place] - 1, decks)


def _line_cap(pool) -> int:
    """How many tokens one line can be expected to give from a pool of this size."""
    n = sum(pool[:6])
    return 3 if n >= 10 else 2 if n >= 4 else min(n, 1)


def _targets(pos) -> list[list[int]]:
    """The kinds (w b g r k p, repeated as lacking) of the most promising cards not yet paid."""
    points, crowns, colours, bonus, tokens = pos[0], pos[1], pos[2], pos[3], pos[4]
    base = _effective(points, crowns, max(colours))
    has_bonus = any(bonus)
    ranked = []
    for card in (*pos[SLOTS], *pos[RESERVED]):
        if card < 0 or (CARDS[card].colour == JOKER and not has_bonus):
            continue
        lack = _lacks(card, bonus, tokens)
        short = sum(lack)
        if short == 0:
            continue
        value = _gain(card, points, crowns, colours, bonus, base) * DECAY ** max(
            0, short - tokens[6]
        )
        kinds = sorted((k for k in range(6) for _ in range(lack[k])), key=lambda k: -lack[k])
        ranked.append((value, kinds))
    ranked.sort(key=lambda entry: -entry[0])
    return [kinds for _, kinds in ranked[:TARGETS]]


def _targeted_takes(pos, pool, size: int) -> list[tuple[int, ...]]:
    """Takes of up to ``size`` tokens from ``pool``, one per target, topped up from the next."""
    targets = _targets(pos)
    found = []
    for i in range(len(targets)):
        left = list(pool)
        take = []
        for kinds in targets[i:] + targets[:i]:
            for k in kinds:
                if len(take) < size and left[k]:
                    left[k] -= 1
                    take.append(k)
        if take:
            take = tuple(sorted(take))
            if take not in found:
                found.append(take)
    return found


def _after_take(pos, kinds, pool, gifts) -> tuple:
    """The position after taking ``kinds`` from ``pool`` (privileges counted by the caller)."""
    return _with(
        pos, tokens=_add(pos[TOKENS], kinds), pool=_add(pool, kinds, -1), gifts=pos[GIFTS] + gifts
    )


def _buy(pos, card: int, place: int, decks, rival_tokens, usable: int):
    """(position, kinds taken with privileges, again, won) after buying, or None if the card
    is out of reach (``usable``: privileges that may still be spent this turn)."""
    info = CARDS[card]
    bonus = pos[BONUS]
    if info.colour == JOKER and not any(bonus):
        return None
    tokens = list(pos[TOKENS])
    bag = list(pos[BAG])
    pool = list(pos[POOL])
    privs = pos[PRIVS]
    short = []
    for k, n in _COSTS[card]:
        need = n - (bonus[k] if k < 5 else 0)
        if need <= 0:
            continue
        paid = min(need, tokens[k])
        tokens[k] -= paid
        bag[k] += paid
        short += [k] * (need - paid)
    gold = tokens[6]
    spent = []  # kinds taken with privileges to cover what gold cannot
    if len(short) > gold:
        for k in short:
            if len(short) - len(spent) <= gold:
                break
            if usable > len(spent) and pool[k]:
                pool[k] -= 1
                spent.append(k)
        if len(short) - len(spent) > gold:
            return None
    gold_used = len(short) - len(spent)
    tokens[6] -= gold_used
    bag[6] += gold_used
    privs -= len(spent)
    colours = list(pos[COLOURS])
    more = list(bonus)
    colour = info.colour
    if colour == JOKER:
        colour = _joker_colour(colours, bonus)
    if 0 <= colour < 5:
        more[colour] += info.bonus
        colours[colour] += info.points
    points = pos[POINTS] + info.points
    crowns = pos[CROWNS] + info.crowns
    again = info.ability == "again"
    ability = info.ability
    if ability == "token" and pool[colour] and sum(tokens) < 10:
        pool[colour] -= 1
        tokens[colour] += 1
    elif ability == "privilege" and privs < 3:
        privs += 1
    elif ability == "steal" and sum(tokens) < 10:
        _steal(tokens, rival_tokens)
    royals = pos[ROYAL_LEFT]
    for mark in (3, 6):
        if pos[CROWNS] < mark <= crowns and royals:
            royal = next(r for r in _ROYAL_ORDER if r in royals)
            royals = tuple(r for r in royals if r != royal)
            points += ROYALS[royal].points
            kind = ROYALS[royal].ability
            if kind == "again":
                again = True
            elif kind == "privilege" and privs < 3:
                privs += 1
            elif kind == "steal" and sum(tokens) < 10:
                _steal(tokens, rival_tokens)
    won = points >= WIN_POINTS or crowns >= WIN_CROWNS or max(colours) >= WIN_COLOUR
    if place >= 0:
        slots, drawn = _draw(pos[SLOTS], pos[DRAWN], place, decks)
        reserved = pos[RESERVED]
    else:
        slots, drawn = pos[SLOTS], pos[DRAWN]
        reserved = tuple(c for c in pos[RESERVED] if c != card)
    new = (
        points,
        crowns,
        tuple(colours),
        tuple(more),
        tuple(tokens),
        privs,
        tuple(pool),
        tuple(bag),
        slots,
        drawn,
        reserved,
        royals,
        pos[GIFTS],
    )
    return new, tuple(spent), again, won


def _steal(tokens: list[int], rival_tokens) -> None:
    """A stolen token: a pearl if the opponent has one, else its most plentiful gem."""
    if rival_tokens[5]:
        tokens[5] += 1
        return
    k = max(range(5), key=lambda k: rival_tokens[k])
    if rival_tokens[k]:
        tokens[k] += 1


def _children(pos, decks, rival_tokens, first_turn):
    """(position, step, again, won) for each way to play a turn from ``pos``.

    ``first_turn`` is None, or (board, can use privileges, can replenish) for the real
    first turn, whose takes are the board's real lines."""
    tokens = pos[TOKENS]
    held = sum(tokens)
    room = 10 - held
    privs = pos[PRIVS]
    pool = pos[POOL]
    can_priv = can_refill = True
    if first_turn is not None:
        board, can_priv, can_refill = first_turn
    if not can_priv:
        privs = 0
    # Buy from the pyramid or the reserve.
    for place, card in enumerate((*pos[SLOTS], *pos[RESERVED])):
        if card < 0:
            continue
        in_pyramid = place < 12
        bought = _buy(pos, card, place if in_pyramid else -1, decks, rival_tokens, privs)
        if bought is None:
            continue
        new, spent, again, won = bought
        yield new, ("buy", card, spent), again, won
    # Take a gold and reserve a level-2 or level-3 card.
    if pool[6] and len(pos[RESERVED]) < 3 and room > 0:
        for new, card in _reserves(pos, pool, decks):
            yield new, ("reserve", card), False, False
    if room <= 0:
        return
    # Take tokens: real lines on the first turn, then the pool's kinds the targets lack.
    if first_turn is not None:
        seen = set()
        for line in LINES:
            kinds = tuple(sorted(board[i] for i in line))
            if kinds[-1] > 5 or kinds in seen:
                continue
            seen.add(kinds)
            kinds = kinds[:room]
            gifts = len(kinds) == 3 and kinds[0] == kinds[2] or kinds.count(5) == 2
            yield _after_take(pos, kinds, pool, gifts), ("take", kinds, ()), False, False
    size = min(room, _line_cap(pool) + privs)
    if size > 0 and (first_turn is None or privs):
        for kinds in _targeted_takes(pos, pool, size):
            used = max(0, len(kinds) - _line_cap(pool))
            new = _with(_after_take(pos, kinds, pool, 0), privs=pos[PRIVS] - used)
            yield new, ("take", kinds, ()), False, False
    # Refill the board from the bag first (the opponent gains a privilege).
    if can_refill and any(pos[BAG][:6]):
        full = tuple(a + b for a, b in zip(pool, pos[BAG]))
        refilled = _with(pos, pool=full, bag=(0,) * 7, gifts=pos[GIFTS] + 1)
        for kinds in _targeted_takes(refilled, full, min(room, 3)):
            yield _after_take(refilled, kinds, full, 0), ("replenish",), False, False
        if full[6] and not pool[6] and len(pos[RESERVED]) < 3:
            for new, _card in _reserves(refilled, full, decks):
                yield new, ("replenish",), False, False


def _start(state, seat: int) -> tuple:
    pool = [0] * 7
    for code in state.board:
        if code < 7:
            pool[code] += 1
    return (
        state.points[seat],
        state.crowns[seat],
        tuple(state.colour_points[seat]),
        tuple(state.bonus[seat]),
        tuple(state.tokens[seat]),
        state.privileges[seat],
        tuple(pool),
        tuple(state.bag),
        tuple(c for row in state.pyramid for c in row),
        (0, 0, 0),
        tuple(state.reserved[seat]),
        tuple(state.royal_supply),
        0,
    )


def plan(state, seat: int, width: int = 8):
    """(first step, turns) of the quickest plan found: ("buy", card, privilege kinds),
    ("reserve", card), ("take", kinds, ()) or ("replenish",); MAX_TURNS when none wins."""
    return finish(planning(state, seat, width))[:2]


def planning(state, seat: int, width: int = 8):
    """Generator form of ``plan``: yields after each planned turn; returns (first step,
    turns, firsts), ``firsts`` the first steps of every plan that wins as quickly."""
    decks = state.decks
    rival_tokens = state.tokens[1 - seat]
    start = _start(state, seat)
    first_turn = None
    if state.current_player == seat and state.pending == "main":
        first_turn = (state.board, state.stage == 0, state.stage == 0 and any(state.bag))
    beam = [(start, None)]
    victory = None
    for turn in range(1, MAX_TURNS + 1):
        seen: dict = {}
        frontier = beam
        while frontier:  # "play again" turns are played within the same turn count
            extra: dict = {}
            for pos, first in frontier:
                opening = first_turn if first is None else None
                for new, step, again, won in _children(pos, decks, rival_tokens, opening):
                    step = first or step
                    if won:
                        if victory is None:
                            victory = (step, turn, [])
                        if step not in victory[2]:
                            victory[2].append(step)
                        continue
                    found = extra if again else seen
                    if new not in found:
                        found[new] = step
            ranked = sorted(extra, key=_promise, reverse=True)[:width]
            frontier = [(pos, extra[pos]) for pos in ranked]
        if victory is not None:
            return victory
        if not seen:
            break
        yield
        ranked = sorted(seen, key=_promise, reverse=True)[:width]
        beam = [(pos, seen[pos]) for pos in ranked]
    first = beam[0][1] if beam and beam[0][1] else None
    return first, MAX_TURNS, [first] if first else []


def planned_action(view, legal, rng, slicer=None, samples: int = 2, width: int = 8):
    """Generator: returns (action, mine, theirs, equals), the legal main action most plans
    start with over ``samples`` determinisations, the mean plan lengths (turns) of this seat
    and of the opponent (infinite if none was planned), and the legal actions that start a
    plan as quick as the best (in order found). Yields when ``slicer`` says the time slice
    is spent; once ``slicer.late()``, makes no more plans but this seat's first one."""
    votes: dict = {}
    equals: list = []
    mine = theirs = 0
    me = view.player
    done = rivals = 0
    while done < samples:
        state = view.determinize(rng)
        step, turns, firsts = yield from in_slices(planning(state, me, width), slicer)
        action = _matching(step, legal, view) if step else None
        if action is not None:
            votes[action] = votes.get(action, 0) + 1
        for first in firsts:
            action = _matching(first, legal, view)
            if action is not None and action not in equals:
                equals.append(action)
        mine += turns
        done += 1
        if slicer is not None and slicer.late():
            break  # out of time: decide on the plans made so far
        theirs += (yield from in_slices(planning(state, 1 - me, width), slicer))[1]
        rivals += 1
        if slicer is not None and slicer.late():
            break
    best = max(votes, key=votes.get) if votes else None
    return best, mine / done, theirs / rivals if rivals else math.inf, equals


def _matching(step, legal, view):
    """The legal action that starts a plan's first turn (None if none does)."""
    kind = step[0]
    board = view.board
    if kind == "replenish":
        return A.REPLENISH_ACTION if A.REPLENISH_ACTION in legal else None
    if kind == "reserve":
        for action in legal:
            if action.kind == A.RESERVE and action.args[1] == step[1]:
                return action
        return None
    if kind == "buy":
        for k in step[2]:  # privileges first, for what gold cannot cover
            action = _privilege(legal, board, k, ())
            if action is not None:
                return action
        for action in legal:
            if action.kind == A.BUY and action.args[0] == step[1]:
                return action
        return None
    # A take: the legal line covering most of the planned kinds, then privileges for the rest.
    want = [0] * 7
    for k in step[1]:
        want[k] += 1
    best, best_key = None, None
    for action in legal:
        if action.kind != A.TAKE:
            continue
        got = [0] * 7
        for i in action.args:
            got[board[i]] += 1
        covered = sum(min(got[k], want[k]) for k in range(7))
        gives = len(action.args) == 3 and len({board[i] for i in action.args}) == 1
        gives = gives or got[5] == 2
        key = (covered, -gives, -len(action.args))
        if best_key is None or key > best_key:
            best, best_key = action, key
    if best is None:
        return None
    rest = list(want)
    for i in best.args:
        if rest[board[i]]:
            rest[board[i]] -= 1
    for k in range(6):
        if rest[k]:
            action = _privilege(legal, board, k, best.args)
            if action is not None:
                return action
    return best


def _privilege(legal, board, kind: int, avoid):
    """A legal privilege on a cell holding ``kind``, outside the cells in ``avoid``."""
    for action in legal:
        if (
            action.kind == A.PRIVILEGE
            and board[action.args[0]] == kind
            and action.args[0] not in avoid
        ):
            return action
    return None
