"""Write the golden Duel playthroughs: `python -m tests.duel.make_golden` (only on purpose)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from splendor import duel
from splendor.duel.greedy import GreedyBot

GOLDEN = Path(__file__).with_name("golden")


class RandomBot:
    def choose(self, view, legal_actions, rng):
        return rng.choice(legal_actions)


GAMES = {
    "random_vs_random": (101, None, (RandomBot(), RandomBot())),
    "greedy_vs_greedy": (202, None, (GreedyBot(), GreedyBot())),
    "greedy_vs_random": (303, 1, (GreedyBot(), RandomBot())),
}


def playthrough(seed, first_player, bots) -> dict:
    """Play a seeded game and return its golden data: record, legal counts, final state."""
    rng = random.Random(seed)
    options = {} if first_player is None else {"first_player": first_player}
    state = duel.new_game(seed=seed, **options)
    legal_counts = []
    while not state.is_over:
        legal = state.legal_actions()
        legal_counts.append(len(legal))
        seat = state.current_player
        state = state.apply(bots[seat].choose(state.view(seat), legal, rng))
    return {
        "record": state.record.to_data(),
        "legal_counts": legal_counts,
        "final": state.to_data(),
    }


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for name, (seed, first, bots) in GAMES.items():
        data = playthrough(seed, first, bots)
        (GOLDEN / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
        print(name, len(data["record"]["moves"]), "moves")
