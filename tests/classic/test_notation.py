"""Action notation round-trips and rejects malformed text."""

from __future__ import annotations

import copy
import pickle

import pytest

from splendor.classic import Action
from splendor.classic.actions import ALL_ACTIONS
from splendor.common import IllegalActionError


def test_every_action_round_trips_through_its_notation():
    assert len(ALL_ACTIONS) == 25 + 5 + 90 + 3 + 90 + 83 + 10 + 1
    for action in ALL_ACTIONS:
        assert Action.parse(action.notation) is action
        assert str(action) == action.notation
        assert repr(action) == f"Action.parse({action.notation!r})"


@pytest.mark.parametrize(
    "text, notation",
    [
        ("take wbg", "take wbg"),
        ("Take  GBW", "take wbg"),
        ("take ww", "take ww"),
        ("take w", "take w"),
        ("reserve 1w3", "reserve 1w3"),
        ("reserve deck2", "reserve deck2"),
        ("buy 2r1", "buy 2r1"),
        ("return ykw", "return wky"),
        ("noble n4", "noble n4"),
        ("  pass ", "pass"),
    ],
)
def test_parse_accepts_the_documented_forms(text, notation):
    assert Action.parse(text).notation == notation


@pytest.mark.parametrize(
    "text",
    ["", "take", "take wwb", "take wbgr", "take y", "buy 4w1", "reserve deck0", "return", "dance"],
)
def test_malformed_text_raises_illegal_action_error_quoting_it(text):
    with pytest.raises(IllegalActionError, match="not an action"):
        Action.parse(text)


def test_actions_are_immutable_interned_values():
    action = Action.parse("take wbg")
    with pytest.raises(AttributeError):
        action.notation = "pass"
    with pytest.raises(TypeError):
        Action()
    assert copy.deepcopy(action) is action and pickle.loads(pickle.dumps(action)) is action
    assert action.kind == "take" and action.gems == (1, 1, 1, 0, 0, 0)
    assert Action.parse("buy 2r1").card_id == "2r1" and hash(action) == hash(
        Action.parse("take bgw")
    )
