"""The random baseline: a uniformly random legal action (works for any game)."""

from __future__ import annotations


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, view, legal_actions, rng):
        """Return a random legal action."""
        return legal_actions[int(rng.random() * len(legal_actions))]
