"""Regenerate the golden playthroughs: ``python -m tests.classic.make_golden``.

Each file holds a game record (bots playing seeded games) and the state and scores that
replaying it must give. Regenerate only after an intended change of rules or notation, and
review the diff: a changed golden file means games now play out differently.
"""

from __future__ import annotations

import json
from pathlib import Path

from splendor.arena import play
from splendor.bots import make_bot

GOLDEN = Path(__file__).parent / "golden"

GAMES = {
    "greedy-vs-random-2p": (["greedy", "random"], 11, {}),
    "random-3p": (["random", "random", "random"], 12, {}),
    "greedy-4p-first-noble": (["greedy"] * 4, 13, {"nobles": "first"}),
    "greedy-2p-target-21": (["greedy", "greedy"], 14, {"target": 21}),
}


def golden_data(levels, seed, options) -> dict:
    """Play one seeded bot game and describe its expected outcome."""
    bots = [make_bot(level, "classic") for level in levels]
    state = play("classic", len(levels), bots, seed, max_turns=1000, options=options)
    return {
        "bots": levels,
        "record": state.record.to_data(),
        "scores": state.scores(),
        "ranking": state.ranking(),
        "final_state": state.to_data(),
    }


def main() -> None:
    """Write every golden file."""
    GOLDEN.mkdir(exist_ok=True)
    for name, (levels, seed, options) in GAMES.items():
        data = golden_data(levels, seed, options)
        (GOLDEN / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
        print(name, data["scores"], len(data["record"]["moves"]), "moves")


if __name__ == "__main__":
    main()
