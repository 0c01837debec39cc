"""Views show a player what they may see and nothing else."""

from __future__ import annotations

import json
import random

import pytest

from splendor.classic import View, new_game
from splendor.classic.cards import CARD_ID
from tests.classic.position import position


def blind_position():
    s = position(decks={2: ["2k1", "2r5"]}, table=["2w1", "2w2", "2w3", "2w4"])
    return s.apply("reserve deck2")  # seat 0 holds 2r5 blind


def secret_ids(state, viewer) -> set[str]:
    """Card ids the viewer must not learn: deck cards and the others' blind reserves."""
    hidden = {c for deck in state.decks for c in deck}
    for seat in range(state.num_players):
        if seat != viewer:
            hidden |= {c for c in state.reserved[seat] if c in state.blind}
    return {CARD_ID[c] for c in hidden}


def test_view_data_never_names_a_deck_card_or_anothers_blind_reserve():
    s = blind_position()
    for seat in (0, 1):
        text = json.dumps(s.view(seat).to_data())
        assert not any(f'"{card}"' in text for card in secret_ids(s, seat))
    assert '"2r5"' in json.dumps(s.view(0).to_data())


def test_view_fields_hold_no_secret_either():
    view = blind_position().view(1)
    assert all(c == -1 for deck in view.decks for c in deck)
    assert view.reserved[0] == (-2,) and view.blind == frozenset()
    assert view.seed is None  # the seed would reveal the deck order
    with pytest.raises(TypeError):
        _ = view.record


def test_view_offers_legal_actions_only_to_the_deciding_player():
    s = new_game(3, seed=4, first_player=1)
    assert s.view(1).legal_actions() == s.legal_actions()
    assert s.view(0).legal_actions() == [] and s.view(2).to_data()["legal"] == []


def test_views_cannot_be_played_or_saved():
    view = new_game(2, seed=1).view(0)
    assert isinstance(view, View)
    with pytest.raises(TypeError):
        view.apply("take wbg")
    with pytest.raises(TypeError):
        view.to_json()
    with pytest.raises(ValueError, match="no seat 2"):
        new_game(2, seed=1).view(2)


def test_view_data_has_what_the_ui_renders():
    s = new_game(2, seed=1, first_player=0).apply("take wbg")
    data = s.view(1).to_data()
    assert data["bank"] == {"w": 3, "b": 3, "g": 3, "r": 4, "k": 4, "y": 5}
    assert data["decks"] == [36, 26, 16] and len(data["nobles"]) == 3
    assert set(data["nobles"][0]) == {"id", "points", "needs"}
    card = data["table"][2][0]
    assert set(card) == {"id", "level", "colour", "bonus", "points", "cost"} and card["level"] == 3
    me = data["players"][0]
    assert me["tokens"]["w"] == 1 and me["token_count"] == 3 and me["points"] == 0
    assert set(me) >= {"bonuses", "cards", "nobles", "reserved", "purchased"}
    assert data["current_player"] == 1 and data["pending"] == "main" and "take wbk" in data["legal"]
    assert data["last_move"] == {"player": 0, "action": "take wbg", "card": None, "card_in": None}
    json.dumps(data)


def test_determinize_keeps_everything_visible_and_redraws_the_unseen():
    s = blind_position().apply("take wbg")
    view = s.view(1)
    worlds = [view.determinize(random.Random(seed)) for seed in range(4)]
    for world in worlds:
        assert world.view(1).to_data() == view.to_data()
        assert world.deck_sizes() == s.deck_sizes()
        assert CARD_ID[world.reserved[0][0]][0] == "2"  # the hidden card keeps its level
        every = [c for deck in world.decks for c in deck] + list(world.table)
        every += [c for seat in range(2) for c in world.reserved[seat] + world.bought[seat]]
        assert sorted(c for c in every if c >= 0) == list(range(90))
        world.apply(world.legal_actions()[0])  # a playable state
    assert len({w.decks for w in worlds}) > 1
    own = s.view(0).determinize(random.Random(1))
    assert own.reserved[0] == s.reserved[0]  # the owner's blind card is known to them


def test_changing_a_view_cannot_change_the_game():
    s = new_game(2, seed=1)
    before = s.to_json()
    view = s.view(0)
    for name in ("tokens", "bonuses", "points", "bought", "reserved", "owned_nobles"):
        getattr(view, name)[0] = 99
    assert s.to_json() == before
