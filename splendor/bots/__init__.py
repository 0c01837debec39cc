"""Bot registry: ``make_bot(level, game)`` builds a bot that plays from a player's View.

Bot protocol (see ``base``): ``bot.choose(view, legal_actions, rng) -> Action`` and the
sliced form ``bot.think(view, legal_actions, rng)``, a generator that yields now and then
(every ~20 ms of work) and returns the action as its StopIteration value. A bot only ever
receives a View (never the State), must return one of ``legal_actions``, and draws its
randomness from the ``rng`` it is given, so its choice cannot depend on hidden cards.

Levels by strength (both games): random < beginner < easy < medium < hard; "greedy" is the
one-step baseline each game shipped with. See ``ladder`` and docs/bots.md.
"""

from __future__ import annotations

from importlib import import_module

from splendor.bots.base import Bot, finish, run_sliced

__all__ = ["BOTS", "LEVELS", "Bot", "finish", "levels", "make_bot", "run_sliced"]

LEVELS = ("random", "beginner", "easy", "medium", "hard", "greedy")

# (game, level) -> "module:callable"; a class is called with no argument, a level builder
# from ``ladder`` with the game's name. Imported on first use.
BOTS: dict[tuple[str, str], str] = {
    ("classic", "random"): "splendor.bots.random_bot:RandomBot",
    ("classic", "greedy"): "splendor.bots.classic_greedy:GreedyBot",
    ("duel", "random"): "splendor.bots.random_bot:RandomBot",
    ("duel", "greedy"): "splendor.duel.greedy:GreedyBot",
}
for _game in ("classic", "duel"):
    for _level in ("beginner", "easy", "medium", "hard"):
        BOTS[(_game, _level)] = f"splendor.bots.ladder:{_level}"


def levels(game: str) -> list[str]:
    """The bot levels registered for a game, weakest first (baselines last)."""
    return [level for level in LEVELS if (game, level) in BOTS]


def make_bot(level: str, game: str = "classic", **options):
    """Build a bot of a registered level for a game; ValueError names the known levels.

    ``options`` go to the level builder (e.g. ``make_bot("hard", "duel", iterations=200,
    max_seconds=None)``).
    """
    target = BOTS.get((game, level))
    if target is None:
        known = ", ".join(levels(game)) or "none"
        raise ValueError(f"no {level!r} bot for {game!r} (known: {known})")
    module_name, attribute = target.split(":")
    factory = getattr(import_module(module_name), attribute)
    if module_name == "splendor.bots.ladder":
        return factory(game, **options)
    return _sliceable(factory(**options))


def _sliceable(bot):
    """Give a plain ``choose``-only bot a ``think`` generator (it never needs to pause)."""
    if not hasattr(bot, "think"):

        def think(view, legal_actions, rng):
            return bot.choose(view, legal_actions, rng)
            yield  # pragma: no cover

        bot.think = think
    return bot
