"""Committed Duel playthroughs replay to exactly the same positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from splendor import common, duel

GOLDEN = sorted(Path(__file__).with_name("golden").glob("*.json"))


def test_golden_files_exist():
    assert len(GOLDEN) >= 3


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_playthrough_replays(path):
    data = json.loads(path.read_text())
    record = common.Record.from_data(data["record"])
    state = duel.new_game(seed=record.seed, **record.options)
    for move, count in zip(record.moves, data["legal_counts"], strict=True):
        assert len(state.legal_actions()) == count
        state = state.apply(move)
    assert state.is_over
    assert state.to_data() == data["final"]
    assert duel.replay(record).to_data() == data["final"]
