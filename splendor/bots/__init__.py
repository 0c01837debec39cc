"""Bot registry: ``make_bot(level, game)`` builds a bot that plays from a player's View.

Bot protocol: ``bot.choose(view, legal_actions, rng) -> Action``. A bot only ever receives
a View (never the State) and must return one of ``legal_actions``; its randomness comes
from the ``rng`` it is given. Adding a level or a game is one line in ``BOTS``.
"""

from __future__ import annotations

from importlib import import_module

# (game, level) -> "module:Class", imported on first use (bots may be heavy).
BOTS: dict[tuple[str, str], str] = {
    ("classic", "random"): "splendor.bots.random_bot:RandomBot",
    ("classic", "greedy"): "splendor.bots.classic_greedy:GreedyBot",
    ("duel", "random"): "splendor.bots.random_bot:RandomBot",
}


def levels(game: str) -> list[str]:
    """The bot levels registered for a game."""
    return [level for (name, level) in BOTS if name == game]


def make_bot(level: str, game: str = "classic"):
    """Build a bot of a registered level for a game; ValueError names the known levels."""
    target = BOTS.get((game, level))
    if target is None:
        known = ", ".join(levels(game)) or "none"
        raise ValueError(f"no {level!r} bot for {game!r} (known: {known})")
    module_name, class_name = target.split(":")
    return getattr(import_module(module_name), class_name)()
