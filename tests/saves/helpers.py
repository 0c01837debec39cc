"""Games played by bots, for the save, link and record tests."""

from __future__ import annotations

from functools import cache

from splendor.arena import play
from splendor.bots import make_bot
from splendor.common import Record


@cache
def bot_game(game: str = "classic", players: int = 2, level: str = "random", seed: int = 0):
    """The record of a complete game played by bots of one level (cached: records are values)."""
    bots = [make_bot(level, game) for _ in range(players)]
    state = play(game, players, bots, seed, 1000)
    assert state.is_over
    return state.record


def cut(record: Record, moves: int) -> Record:
    """The record of the same game after its first ``moves`` moves."""
    return Record(record.game, record.seed, record.options, record.moves[:moves])
