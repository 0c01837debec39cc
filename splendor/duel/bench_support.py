"""Random-play throughput of the Duel engine: `python -m splendor.duel.bench_support [games]`."""

from __future__ import annotations

import random
import sys
import time

from splendor.duel import new_game


def random_games(games: int, first_seed: int = 0, cap: int = 3000) -> tuple[int, int]:
    """Play random games through the public API; return (actions, finished games)."""
    actions = finished = 0
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        state = new_game(seed=seed)
        for _ in range(cap):
            if state.is_over:
                finished += 1
                break
            state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return actions, finished


def main(argv: list[str]) -> None:
    """Print actions per second (CPU time) for random play on fresh seeds."""
    games = int(argv[0]) if argv else 1000
    random_games(50, first_seed=10**6)  # warm the lazily filled tables
    start = time.process_time()
    actions, finished = random_games(games)
    seconds = time.process_time() - start
    print(
        f"duel random play: {actions} actions in {seconds:.2f} s CPU = "
        f"{actions / seconds:,.0f} actions/s ({finished}/{games} games finished)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
