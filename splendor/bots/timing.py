"""Think-time figures per level: ``python -m splendor.bots.timing [--game duel] [--positions N]``.

Positions come from seeded medium-vs-medium games (every decision with more than one legal
action, spread over whole games). Each level thinks on each position through ``think``,
driven slice by slice as the page does; the figures are the mean and longest decision and
the longest single slice (what would block the page), in milliseconds of this machine.
Slices are measured in CPU time of the thread (``time.thread_time``) as well as wall-clock:
on a loaded machine the wall-clock figure also counts time the OS gave to other processes.
Pyodide runs about 2.2 times slower than CPython.
"""

from __future__ import annotations

import argparse
import time

from splendor.bots import make_bot
from splendor.common import game_module, make_rng


def positions(game: str, count: int, seed: int = 0) -> list:
    """Decisions met in seeded medium-vs-medium games, taken at a regular stride."""
    module = game_module(game)
    bot = make_bot("medium", game)
    found = []
    index = 0
    while len(found) < count * 4:
        state = module.new_game(2, seed=seed + index)
        rng = make_rng(index)
        index += 1
        while not state.is_over and state.turn < 200:
            view = state.view(state.current_player)
            legal = view.legal_actions()
            if len(legal) > 1:
                found.append(state)
            state = state.apply(bot.choose(view, legal, rng))
    return found[::4][:count]


def measure(bot, states) -> dict:
    """Mean and longest decision, longest slice (wall, CPU) and slices per decision, in ms."""
    totals, cpu_totals, longest_slice, longest_cpu, slices = [], [], 0.0, 0.0, 0
    for index, state in enumerate(states):
        view = state.view(state.current_player)
        thinking = bot.think(view, view.legal_actions(), make_rng(index))
        start, cpu_start = time.perf_counter(), time.thread_time()
        done = False
        while not done:
            mark, cpu = time.perf_counter(), time.thread_time()
            slices += 1
            try:
                next(thinking)
            except StopIteration:
                done = True
            longest_slice = max(longest_slice, time.perf_counter() - mark)
            longest_cpu = max(longest_cpu, time.thread_time() - cpu)
        totals.append(time.perf_counter() - start)
        cpu_totals.append(time.thread_time() - cpu_start)
    return {
        "mean_ms": round(1000 * sum(totals) / len(totals), 1),
        "max_ms": round(1000 * max(totals), 1),
        "cpu_mean_ms": round(1000 * sum(cpu_totals) / len(cpu_totals), 1),
        "cpu_max_ms": round(1000 * max(cpu_totals), 1),
        "longest_slice_ms": round(1000 * longest_slice, 1),
        "longest_slice_cpu_ms": round(1000 * longest_cpu, 1),
        "slices_per_decision": round(slices / len(totals), 1),
    }


def main(argv: list[str] | None = None) -> None:
    """Print a think-time table for each level of a game."""
    parser = argparse.ArgumentParser(prog="python -m splendor.bots.timing")
    parser.add_argument("--game", default="classic", choices=["classic", "duel"])
    parser.add_argument("--positions", type=int, default=40)
    args = parser.parse_args(argv)
    states = positions(args.game, args.positions)
    print(f"{args.game}: {len(states)} positions from medium-vs-medium games")
    print("level     mean ms (CPU)    max ms (CPU)   longest slice ms (CPU)  slices/decision")
    for level in ("random", "greedy", "beginner", "easy", "medium", "hard"):
        figures = measure(make_bot(level, args.game), states)
        print(
            f"{level:<8} {figures['mean_ms']:8.1f} ({figures['cpu_mean_ms']:6.1f})"
            f" {figures['max_ms']:8.1f} ({figures['cpu_max_ms']:6.1f})"
            f" {figures['longest_slice_ms']:10.1f} ({figures['longest_slice_cpu_ms']:5.1f})"
            f" {figures['slices_per_decision']:16.1f}"
        )


if __name__ == "__main__":
    main()
