"""Golden playthroughs replay to exactly the committed final states.

Regenerate with ``python -m tests.classic.make_golden`` after an intended rule change.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from splendor.classic import replay
from splendor.common import Record

FILES = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_golden_playthroughs():
    assert len(FILES) >= 4


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_playthrough_replays_exactly(path):
    golden = json.loads(path.read_text())
    state = replay(Record.from_data(golden["record"]))
    assert state.is_over
    assert state.scores() == golden["scores"] and state.ranking() == golden["ranking"]
    assert state.to_data() == golden["final_state"]
