"""Play bots against each other over seeded games and report win rates.

Seats are rotated over the same setups: each setup seed is played once per rotation of the
line-up, so every bot sits in every seat on the same cards. Games still running after
``max_turns`` turns are capped: reported separately and never counted as wins. At tables of
three or four the report also says how often each bot finished above each other one.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from splendor.bots import make_bot
from splendor.common import game_module, make_rng


@dataclass
class Entry:
    """One line-up entry's results."""

    label: str
    finished: int = 0
    wins: float = 0.0  # 1 per sole win, 1/k per k-way shared win
    capped: int = 0
    decisions: int = 0  # decisions taken (all games, capped included)
    think_seconds: float = 0.0  # time spent in choose() over those decisions


@dataclass
class ArenaResult:
    """Totals of an arena run."""

    game: str
    players: int
    games: int
    entries: list[Entry] = field(default_factory=list)
    finished: int = 0
    capped: int = 0
    total_turns: int = 0
    # Tables: for entries i < j, [games where i finished above j, games]; a tie counts half,
    # and a bot in two seats scores its share of the seat comparisons (``_tally_places``).
    above: dict[tuple[int, int], list[float]] = field(default_factory=dict)

    @property
    def mean_turns(self) -> float:
        """Mean turns per finished game."""
        return self.total_turns / self.finished if self.finished else 0.0


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a success proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def seating(entries: int, players: int, rotation: int) -> list[int]:
    """Which line-up entry sits in each seat for one rotation (the line-up is cycled)."""
    lineup = [i % entries for i in range(max(entries, players))]
    return [lineup[(seat + rotation) % len(lineup)] for seat in range(players)]


def play(game, players, bots, seed, max_turns, options=None, clock=None, rng_keys=None):
    """Play one game with one bot per seat; return the final (or capped) state.

    ``clock``, if given, is a list of per-seat [decisions, seconds] that is added to.
    ``rng_keys`` (default: the seats) pick each seat's random stream for this setup.
    """
    module = game_module(game)
    state = module.new_game(players, seed=seed, **(options or {}))
    rngs = [make_rng(seed * 8 + key) for key in (rng_keys or range(players))]
    while not state.is_over and state.turn < max_turns:
        seat = state.current_player
        view = state.view(seat)
        start = time.perf_counter()
        action = bots[seat].choose(view, view.legal_actions(), rngs[seat])
        if clock is not None:
            clock[seat][0] += 1
            clock[seat][1] += time.perf_counter() - start
        state = state.apply(action)
    return state


_WORKER_BOTS: dict = {}


def _arena_bot(level: str, game: str):
    """A bot as the arena plays it: hard counts its iterations, not the browser's seconds.

    Without its wall-clock cap a hard bot's games depend on the seed alone, not on the
    machine's load (a loaded machine would otherwise cut some searches and plans short).
    """
    return make_bot(level, game, max_seconds=None) if level == "hard" else make_bot(level, game)


def _play_job(job):
    """Play one arena game in a worker process (bots are built once per process)."""
    game, players, levels, seats, keys, seed, max_turns, options = job
    key = (game, tuple(levels))
    if key not in _WORKER_BOTS:
        _WORKER_BOTS[key] = [_arena_bot(level, game) for level in levels]
    bots = _WORKER_BOTS[key]
    clock = [[0, 0.0] for _ in range(players)]
    state = play(game, players, [bots[e] for e in seats], seed, max_turns, options, clock, keys)
    ranks = None
    if state.is_over:
        ranks = [0] * players
        for place, group in enumerate(state.ranking()):
            for seat in group:
                ranks[seat] = place
    returns = state.returns() if state.is_over else None
    return seats, state.is_over, state.turn, returns, clock, ranks


def run(
    game, players, bot_levels, games, seed=0, max_turns=1000, options=None, workers=1
) -> ArenaResult:
    """Play ``games`` games, rotating seats over shared setups; return the totals.

    ``workers`` > 1 plays games in that many processes (same games, same results).
    """
    if games < 1:
        raise ValueError("games must be at least 1")
    if not bot_levels:
        raise ValueError("name at least one bot")
    for level in bot_levels:
        _arena_bot(level, game)  # unknown levels fail here, before any game
    labels = _labels(bot_levels)
    result = ArenaResult(game, players, games, [Entry(label) for label in labels])
    rotations = max(len(bot_levels), players)
    jobs = []
    for index in range(games):
        setup, rotation = divmod(index, rotations)
        seats = seating(len(bot_levels), players, rotation)
        # Each bot keeps its random stream as it changes seats, so a bot playing itself
        # does not replay the same game from the other seat.
        keys = [(seat + rotation) % rotations for seat in range(players)]
        job = (game, players, list(bot_levels), seats, keys, seed + setup, max_turns, options)
        jobs.append(job)
    if workers > 1:
        import multiprocessing

        with multiprocessing.Pool(workers) as pool:
            outcomes = pool.imap(_play_job, jobs)
            for outcome in outcomes:
                _tally(result, *outcome)
    else:
        for job in jobs:
            _tally(result, *_play_job(job))
    _WORKER_BOTS.clear()
    return result


def _tally(result: ArenaResult, seats, over, turns, returns, clock, ranks) -> None:
    for seat, entry in enumerate(seats):
        result.entries[entry].decisions += clock[seat][0]
        result.entries[entry].think_seconds += clock[seat][1]
    if not over:
        result.capped += 1
        for entry in seats:
            result.entries[entry].capped += 1
        return
    result.finished += 1
    result.total_turns += turns
    for seat, share in enumerate(returns):
        result.entries[seats[seat]].wins += share
    for entry in seats:
        result.entries[entry].finished += 1
    _tally_places(result, seats, ranks)


def _tally_places(result: ArenaResult, seats, ranks) -> None:
    """Count, per pair of different entries, which finished above the other in one game.

    A bot in two seats adds one game per pair, scored as the share of its seats' comparisons
    it won: its seats' places are not independent, so counting them apart would narrow the
    interval without more evidence.
    """
    scores: dict[tuple[int, int], list[float]] = {}
    for a, entry_a in enumerate(seats):
        for b, entry_b in enumerate(seats):
            if entry_a < entry_b:
                score = 1.0 if ranks[a] < ranks[b] else 0.5 if ranks[a] == ranks[b] else 0.0
                scores.setdefault((entry_a, entry_b), []).append(score)
    for key, found in scores.items():
        pair = result.above.setdefault(key, [0.0, 0])
        pair[0] += sum(found) / len(found)
        pair[1] += 1


def _labels(levels: list[str]) -> list[str]:
    labels = []
    for index, level in enumerate(levels):
        repeats = levels[:index].count(level)
        labels.append(level if repeats == 0 else f"{level}#{repeats + 1}")
    return labels


def report(result: ArenaResult) -> str:
    """A readable summary: win rate per bot with its 95% Wilson interval."""
    lines = [
        (
            f"{result.game}, {result.players} players, {result.games} games "
            f"({result.finished} finished, {result.capped} capped)"
        ),
        (
            f"mean turns per finished game: {result.mean_turns:.1f} "
            f"({result.mean_turns / result.players:.1f} per player)"
        ),
    ]
    width = max(len(entry.label) for entry in result.entries)
    for entry in result.entries:
        low, high = wilson(entry.wins, entry.finished)
        rate = entry.wins / entry.finished if entry.finished else 0.0
        lines.append(
            f"  {entry.label:<{width}}  win rate {rate:6.1%}  95% CI [{low:6.1%}, {high:6.1%}]"
            f"  over {entry.finished} seat-games ({entry.capped} capped)"
            f"  think {1000 * entry.think_seconds / max(1, entry.decisions):.1f} ms/decision"
        )
    if result.players > 2:
        # At a table most games are won by one bot; who finishes above whom compares the
        # others on every game (places: points, then fewer cards, as the rules rank them).
        for (i, j), (above, games) in sorted(result.above.items()):
            low, high = wilson(above, games)
            first, second = result.entries[i].label, result.entries[j].label
            lines.append(
                f"  {first} above {second}: {above / games:6.1%}  95% CI [{low:6.1%}, {high:6.1%}]"
                f"  over {games} finished games"
            )
    return "\n".join(lines)
