"""Speed figures for an engine: random full games and actions per second, copy/apply cost.

An action here is one ``legal_actions()`` call plus the ``apply`` of a uniformly random
choice from it, exactly what random play costs. Games start from ``new_game`` (setup
included in the timing) and stop at the end or at a turn cap (reported, rare). Rates are
given per wall-clock second and per second of this process's CPU time.
"""

from __future__ import annotations

import copy
import json
import os
import platform
import time

from splendor.common import game_module, make_rng

MAX_TURNS = 2000


def random_games(module, players: int, seconds: float, seed: int = 0) -> dict:
    """Play random games for about ``seconds``; return games/s, actions/s and counts."""
    rng = make_rng(seed)
    random = rng.random
    games = actions = capped = 0
    new_game = module.new_game
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while True:
        state = new_game(players, seed=seed + games)
        while not state.is_over:
            legal = state.legal_actions()
            state = state.apply(legal[int(random() * len(legal))])
            actions += 1
            if state.turn >= MAX_TURNS:
                capped += 1
                break
        games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    cpu = max(time.process_time() - cpu_start, 1e-9)
    return {
        "games_per_s": round(games / elapsed, 1),
        "actions_per_s": round(actions / elapsed),
        "games_per_cpu_s": round(games / cpu, 1),
        "actions_per_cpu_s": round(actions / cpu),
        "games": games,
        "mean_actions_per_game": round(actions / games, 1),
        "capped_games": capped,
    }


def sample_states(module, count: int = 2000, seed: int = 1) -> list:
    """States met during random play, each paired with a random legal action."""
    rng = make_rng(seed)
    pairs = []
    game = 0
    while len(pairs) < count:
        state = module.new_game(2, seed=seed + game)
        while not state.is_over and len(pairs) < count:
            action = rng.choice(state.legal_actions())
            pairs.append((state, action))
            state = state.apply(action)
        game += 1
    return pairs


def micro(pairs, repeats: int = 5) -> dict:
    """Best-of-``repeats`` cost in microseconds of a state copy and of an apply."""

    def best(run) -> float:
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        return min(times) / len(pairs) * 1e6

    for state, _ in pairs:
        state.legal_actions()  # legality is cached per state; time apply on its own

    def copies():
        for state, _ in pairs:
            copy.copy(state)

    def applies():
        for state, action in pairs:
            state.apply(action)

    return {"state_copy_us": round(best(copies), 2), "apply_us": round(best(applies), 2)}


def bench(game: str = "classic", seconds: float = 2.0, players=(2, 3, 4)) -> dict:
    """Run the benchmark for a game; return the figures as plain data."""
    module = game_module(game)
    figures = {
        "game": game,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        # Other work on the machine slows the wall-clock figures; the CPU ones suffer less.
        "load_average": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "random_play": {str(n): random_games(module, n, seconds) for n in players},
    }
    figures.update(micro(sample_states(module)))
    return figures


def main(game: str = "classic", seconds: float = 2.0) -> None:
    """Print the benchmark figures as JSON."""
    module = game_module(game)
    players = (2,) if getattr(module, "NAME", game) == "duel" else (2, 3, 4)
    print(json.dumps(bench(game, seconds, players), indent=2))
