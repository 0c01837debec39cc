"""Splendor Duel rules, one behaviour per test, on constructed positions."""

from __future__ import annotations

import pytest

from splendor.common import IllegalActionError
from splendor.duel import new_game
from splendor.duel.board import CELL_INDEX, SPIRAL
from splendor.duel.cards import CARD_INDEX
from splendor.duel.state import EMPTY
from tests.duel.duel_helpers import counts, notations, play, position

FULL = "wbgrk bgrkw grkwb rkwbp ypyyg"  # 4 of each gem, 2 pearls, 3 gold


def cell(state, name):
    return state.board[CELL_INDEX[name]]


def takes(state):
    return {n for n in notations(state) if n.startswith("take ")}


# ----- setup ---------------------------------------------------------------------------------


def test_setup_deals_pyramid_board_and_second_player_privilege():
    s = new_game(seed=7, first_player=1)
    assert [len(row) for row in s.pyramid] == [5, 4, 3]
    assert [len(deck) for deck in s.decks] == [25, 20, 10]
    assert EMPTY not in s.board and sum(s.bag) == 0
    assert [s.board.count(k) for k in range(7)] == [4, 4, 4, 4, 4, 2, 3]
    assert s.current_player == 1 and s.privileges == (1, 0)
    assert s.royal_supply == (0, 1, 2, 3) and s.pending == "main" and s.turn == 0


def test_setup_is_seeded_and_the_starting_player_is_random():
    assert new_game(seed=3) == new_game(seed=3)
    assert new_game(seed=3).board != new_game(seed=4).board
    starters = {new_game(seed=seed).current_player for seed in range(20)}
    assert starters == {0, 1}
    for seed in range(10):
        s = new_game(seed=seed)
        assert s.privileges[1 - s.current_player] == 1


def test_new_game_rejects_other_player_counts():
    with pytest.raises(ValueError, match="2 players"):
        new_game(players=3)


# ----- taking tokens -------------------------------------------------------------------------


def test_take_lines_rows_columns_and_both_diagonals_at_the_edges():
    s = position(board=FULL)
    legal = takes(s)
    for line in ("take a1 b1 c1", "take c1 d1 e1", "take a1 a2 a3", "take e3 e4 e5"):
        assert line in legal
    assert "take a1 b2 c3" in legal  # diagonal from a corner
    assert "take c3 d4 e5" in legal
    assert "take e1 d2 c3" in legal  # anti-diagonal from a corner (cells in index order)
    assert "take c1 d2 e3" in legal
    assert "take e1" in legal and "take d1 e1" in legal
    assert "take c1 b2 a3" in legal  # anti-diagonal at the edge
    assert "take a3 b2 c1" not in legal  # the notation lists cells in index order
    assert not any(n.count(" ") > 3 for n in legal)
    assert "take d1 e1" in legal and "take a1 c1" not in legal


def test_take_parses_cells_in_any_order():
    s = position(board=FULL)
    after = s.apply("take c3 b2 a1")
    assert after.moves[-1] == "take a1 b2 c3"


def test_take_cannot_jump_a_gap_or_pass_over_gold():
    board = "w.grk bgrkw grkwb rkwbp ypyyg"
    s = position(board=board)
    legal = takes(s)
    assert "take a1 b1 c1" not in legal
    assert "take b1 c1 d1" not in legal
    assert "take c1 d1 e1" in legal
    with pytest.raises(IllegalActionError, match="not adjacent"):
        s.apply("take a1 c1")
    # column a: a4 = r, a5 = y (gold): no line through a5
    assert "take a3 a4" in legal and "take a3 a4 a5" not in legal and "take a5" not in legal
    # the gold at c5 blocks the row and the column through it
    assert "take b5 c5 d5" not in legal and "take c3 c4 c5" not in legal


def test_take_three_of_a_colour_gives_the_opponent_a_privilege():
    s = position(board="wwwbb gggrr kkrpy bbrpk wgkyy")
    after = s.apply("take a1 b1 c1")
    assert after.tokens[0][0] == 3 and after.privileges == (0, 1)
    after = s.apply("take a1 b1")
    assert after.privileges == (0, 0)


def test_take_both_pearls_gives_the_opponent_a_privilege():
    s = position(board="wwbbw gggrr kkrpy bbrpk wgkyy")
    after = s.apply("take d3 d4")
    assert after.tokens[0][5] == 2 and after.privileges == (0, 1)


def test_privilege_comes_from_the_opponent_when_the_supply_is_empty():
    s = position(board="wwwbb gggrr kkrpy bbrpk wgkyy", privileges=(3, 0))
    after = s.apply("take a1 b1 c1")
    assert after.privileges == (2, 1)


def test_a_player_holding_all_three_privileges_gains_nothing():
    s = position(board="wwwbb gggrr kkrpy bbrpk wgkyy", privileges=(0, 3), player=0)
    after = s.apply("take a1 b1 c1")
    assert after.privileges == (0, 3)


def test_gold_is_never_taken_by_take_or_privilege():
    s = position(board=FULL, privileges=(1, 0))
    assert "take a5" not in notations(s)
    assert "privilege a5" not in notations(s)
    assert "privilege e4" in notations(s)  # pearl


# ----- optional actions ----------------------------------------------------------------------


def test_using_privileges_one_token_each_then_a_mandatory_action():
    s = position(board=FULL, privileges=(2, 1))
    s = s.apply("privilege a1")
    assert s.pending == "main" and s.current_player == 0 and s.privileges == (1, 1)
    assert cell(s, "a1") == EMPTY and s.tokens[0][0] == 1
    s = s.apply("privilege b1")
    assert s.privileges == (0, 1)
    assert not any(n.startswith("privilege") for n in notations(s))
    s = s.apply("take c1")
    assert s.current_player == 1


def test_replenish_fills_empty_cells_in_spiral_order_and_rewards_the_opponent():
    board = "..... ..... ..... rkwbp ypyyg"
    s = position(board=board, privileges=(0, 0))
    assert sum(s.bag) == 15
    after = s.apply("replenish")
    assert sum(after.bag) == 0 and EMPTY not in after.board
    assert after.privileges == (0, 1)
    assert [after.board.count(k) for k in range(7)] == [4, 4, 4, 4, 4, 2, 3]
    # the first empty cells in spiral order were filled first
    partial = position(board="..... ..... ..... ..... .....", tokens=("wbgrk", "wbgrk"))
    partial = play(partial, "replenish")
    filled = [i for i in SPIRAL if partial.board[i] != EMPTY]
    assert filled == list(SPIRAL[:15])


def test_no_privilege_after_replenishing_and_no_second_replenish():
    s = position(board="..... ..... ....w rkwbp ypyyg", privileges=(1, 0))
    s = s.apply("replenish")
    legal = notations(s)
    assert "replenish" not in legal
    assert not any(n.startswith("privilege") for n in legal)


def test_replenish_is_not_offered_with_an_empty_bag():
    s = position(board=FULL)
    assert "replenish" not in notations(s)


def test_replenish_is_forced_when_no_mandatory_action_is_possible():
    reserved = ["1w1", "1b1", "1g1"]
    s = position(board="..... ..... ..y.. ..... .....", reserved=(reserved, []))
    assert s.legal_actions()[0].notation == "replenish"
    assert notations(s) == {"replenish"}
    after = s.apply("replenish")
    assert after.privileges == (0, 1) and after.current_player == 0
    assert any(n.startswith("take") for n in notations(after))


def test_pass_when_nothing_is_possible_and_the_bag_is_empty():
    # every gem and pearl is held, the three golds are on the board, three cards reserved,
    # and every card in reach needs green, red or black
    s = position(
        board="..... ..... yyy.. ..... .....",
        tokens=("wwwwbbbbpp", "ggggrrrrkkkk"),
        reserved=(["1g1", "1r1", "1k1"], []),
        pyramid=[
            ["1w1", "1w4", "1w5", "1r4", "1k4"],
            ["2w1", "2b1", "2g3", "2r4"],
            ["3w1", "3b1", "3r2"],
        ],
    )
    assert notations(s) == {"pass"}
    after = s.apply("pass")
    assert after.current_player == 1 and after.turn == 1 and after.tokens == s.tokens


# ----- reserving -----------------------------------------------------------------------------


def test_reserve_takes_a_gold_and_a_pyramid_card_which_is_replaced():
    s = position(board=FULL)
    card = s.pyramid[1][2]
    top = s.decks[1][-1]
    after = s.apply(f"reserve a5 {card_id(card)}")
    assert after.tokens[0][6] == 1 and cell(after, "a5") == EMPTY
    assert after.reserved[0] == (card,) and after.blind[0] == ()
    assert after.pyramid[1][2] == top and after.decks[1] == s.decks[1][:-1]


def test_reserve_blind_from_a_deck_stays_hidden():
    s = position(board=FULL)
    top = s.decks[2][-1]
    after = s.apply("reserve c5 deck3")
    assert after.reserved[0] == (top,) and after.blind[0] == (top,)
    assert after.pyramid == s.pyramid
    assert after.view(1).reserved(0) == [None]
    assert after.view(0).reserved(0) == [top]


def test_reserve_needs_a_gold_on_the_board_and_fewer_than_three_reserved():
    s = position(board=FULL, tokens=("yyy", ""))
    assert not any(n.startswith("reserve") for n in notations(s))
    s = position(board=FULL, reserved=(["1w1", "1b1", "1g1"], []))
    assert not any(n.startswith("reserve") for n in notations(s))


# ----- buying --------------------------------------------------------------------------------


def card_id(index):
    from splendor.duel.cards import CARDS

    return CARDS[index].id


def pyramid_with(*card_ids):
    rows = [[], [], []]
    for c in card_ids:
        rows[int(c[0]) - 1].append(c)
    fillers = {1: ["1k1", "1k2", "1k3", "1k4", "1k5"], 2: ["2k1", "2k2", "2k3", "2k4"]}
    fillers[3] = ["3k1", "3k2", "3n1"]
    for level, row in enumerate(rows, start=1):
        for f in fillers[level]:
            if len(row) < (5, 4, 3)[level - 1] and f not in row:
                row.append(f)
    return rows


def test_buy_uses_bonuses_never_on_pearls_and_gold_covers_pearls():
    # 3w1 costs b3 g3 r5 p1; with blue 2 and red 3 bonuses the player pays b1 g3 r2 p1
    s = position(
        board=".....  ..... ..... ..... .....",
        tokens=("bgggrryy", ""),
        cards=(["1b1", "1b2", "1r1", "1r2", "1r3"], []),
        pyramid=pyramid_with("3w1"),
    )
    legal = notations(s)
    assert "buy 3w1" in legal
    after = s.apply("buy 3w1")
    # the pearl is paid with gold (no pearl held), the rest with coloured tokens
    assert after.tokens[0] == counts("y")
    assert after.bag[1:4] == (s.bag[1] + 1, s.bag[2] + 3, s.bag[3] + 2)
    assert after.bag[6] == s.bag[6] + 1
    assert CARD_INDEX["3w1"] in after.bought[0]
    assert after.points[0] == 2 + 3 and after.crowns[0] == 2


def test_buy_refills_the_pyramid_slot_and_accepts_reserved_cards():
    s = position(
        board=FULL, tokens=("wbgrk", ""), reserved=(["1w1"], []), pyramid=pyramid_with("1b1")
    )
    assert {"buy 1w1", "buy 1b1"} <= notations(s)
    after = s.apply("buy 1w1")
    assert after.reserved[0] == () and after.bonus[0][0] == 1 and after.pyramid == s.pyramid
    bought = s.apply("buy 1b1")
    slot = s.pyramid[0].index(CARD_INDEX["1b1"])
    assert bought.pyramid[0][slot] == s.decks[0][-1] and bought.bonus[0][1] == 1


def test_cannot_buy_without_enough_tokens():
    s = position(board=FULL, tokens=("bgr", ""), reserved=(["1w1"], []))
    assert "buy 1w1" not in notations(s)
    with pytest.raises(IllegalActionError, match="not legal"):
        s.apply("buy 1w1")


# ----- abilities -----------------------------------------------------------------------------


def test_play_again_gives_another_turn_and_chains():
    s = position(
        board=FULL,
        tokens=("ggkkpp", ""),
        cards=([], []),
        reserved=(["1w3", "1b3"], []),
    )  # 1w3: g2 k2 p1 (again); 1b3: w2 r2 p1 (again)
    s = s.apply("buy 1w3")
    assert s.current_player == 0 and s.turn == 1 and s.pending == "main"
    s = play(s, "take a1 b1")  # w w? a1 = w, b1 = b
    assert s.current_player == 1
    s2 = position(board=FULL, tokens=("ggkkwwrrpp", ""), reserved=(["1w3", "1b3"], []))
    s2 = s2.apply("buy 1w3")
    assert s2.current_player == 0
    assert s2.tokens[0] == counts("wwrrp")
    s2 = s2.apply("buy 1b3")
    assert s2.current_player == 0 and s2.turn == 2
    s2 = s2.apply("take a1")
    assert s2.current_player == 1 and s2.turn == 3


def test_joker_needs_a_bonus_card_and_takes_the_chosen_colour():
    s = position(board=FULL, tokens=("wwbbgp", ""), reserved=(["1j1"], []))
    assert "buy 1j1" not in notations(s)  # no card with a bonus yet
    s = position(board=FULL, tokens=("wwbbgp", ""), cards=(["1r1"], []), reserved=(["1j1"], []))
    s = s.apply("buy 1j1")
    assert s.pending == "joker" and notations(s) == {"joker r"}
    s = s.apply("joker r")
    assert s.bonus[0][3] == 2 and s.colour_points[0][3] == 1 and s.current_player == 1


def test_take_token_ability_takes_a_token_of_the_cards_colour():
    # 1w5: r2 k2, ability: take a white token
    s = position(board=FULL, tokens=("rrkk", ""), reserved=(["1w5"], []))
    s = s.apply("buy 1w5")
    assert s.pending == "token"
    assert notations(s) == {"token a1", "token e2", "token d3", "token c4"}
    s = s.apply("token d3")
    assert s.tokens[0][0] == 1 and cell(s, "d3") == EMPTY and s.current_player == 1


def test_take_token_ability_does_nothing_without_such_a_token():
    s = position(board="..... ..... ..b.. ..... .....", tokens=("rrkk", ""), reserved=(["1w5"], []))
    s = s.apply("buy 1w5")
    assert s.current_player == 1 and s.pending == "main"


def test_privilege_ability_takes_from_the_supply_then_from_the_opponent():
    # 2w3: g2 k4 p1, ability: take a privilege
    s = position(board=FULL, tokens=("ggkkkkp", ""), reserved=(["2w3"], []), privileges=(0, 3))
    s = s.apply("buy 2w3")
    assert s.privileges == (1, 2)


def test_steal_takes_a_gem_or_pearl_but_never_gold():
    # 2w1: g4 r3, ability: steal
    s = position(board=FULL, tokens=("ggggrrr", "py"), reserved=(["2w1"], []))
    s = s.apply("buy 2w1")
    assert s.pending == "steal" and notations(s) == {"steal p"}
    s = s.apply("steal p")
    assert s.tokens[0][5] == 1 and s.tokens[1] == counts("y")
    nothing = position(board=FULL, tokens=("ggggrrr", "yy"), reserved=(["2w1"], []))
    nothing = nothing.apply("buy 2w1")
    assert nothing.current_player == 1


# ----- crowns and royal cards ----------------------------------------------------------------


def test_royal_card_at_three_crowns_with_its_ability():
    # 2 crowns (1w4, 1b4), buying 1g4 (b3, 1 crown) reaches 3 crowns
    s = position(
        board=FULL, tokens=("bbb", "wp"), cards=(["1w4", "1b4"], []), reserved=(["1g4"], [])
    )
    s = s.apply("buy 1g4")
    assert s.pending == "royal" and notations(s) == {"royal r1", "royal r2", "royal r3", "royal r4"}
    stolen = s.apply("royal r1")
    assert stolen.pending == "steal" and notations(stolen) == {"steal w", "steal p"}
    stolen = stolen.apply("steal w")
    assert stolen.points[0] == 2 and stolen.tokens[0][0] == 1 and stolen.current_player == 1
    again = s.apply("royal r2")
    assert again.current_player == 0 and again.royal_supply == (0, 2, 3)


def test_royal_card_again_at_six_crowns():
    cards = ["1w4", "1b4", "1g4", "1r4", "1k4"]  # 5 crowns, one royal already taken at 3
    s = position(
        board=FULL,
        tokens=("kkkkp", ""),
        cards=(cards, []),
        royals=(["r4"], []),
        reserved=(["1j4"], []),
    )
    s = play(s, "buy 1j4", "joker w")  # 1j4: k4 p1, one crown
    assert s.crowns[0] == 6 and s.pending == "royal"
    assert notations(s) == {"royal r1", "royal r2", "royal r3"}
    s = s.apply("royal r3")
    assert s.privileges == (1, 0) and s.points[0] == 3 + 2 and s.current_player == 1
    assert s.royals[0] == (3, 2) and s.royal_supply == (0, 1)


def test_no_royal_card_below_three_crowns():
    s = position(board=FULL, tokens=("bbb", ""), cards=(["1w4"], []), reserved=(["1g4"], []))
    s = s.apply("buy 1g4")
    assert s.crowns[0] == 2 and s.current_player == 1 and s.royal_supply == (0, 1, 2, 3)


# ----- end of turn ---------------------------------------------------------------------------


def test_discard_above_ten_returns_the_chosen_excess_to_the_bag():
    s = position(board=FULL, tokens=("wbgrkwbgr", ""))
    s = s.apply("take c1 d1 e1")  # g r k: 12 tokens
    assert s.pending == "discard" and s.current_player == 0
    assert "discard wb" in notations(s) and "discard kk" in notations(s)
    assert all(len(n.split()[1]) == 2 for n in notations(s))
    s = s.apply("discard kk")
    assert sum(s.tokens[0]) == 10 and s.tokens[0][4] == 0 and s.bag[4] == 2
    assert s.current_player == 1


def test_victory_by_twenty_points():
    cards = ["3w2", "3b2", "3g2", "1n1"]  # 4 + 4 + 4 + 3 points
    s = position(board=FULL, tokens=("kkkkyyp", ""), cards=(cards, []), reserved=(["2n1"], []))
    assert s.points[0] == 15
    s = s.apply("buy 2n1")  # k6 p1, 5 points: four black and two gold for the black
    assert s.points[0] == 20 and s.is_over and s.winner == 0 and s.current_player is None
    assert s.ranking() == [[0], [1]] and s.returns() == [1.0, 0.0] and s.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        s.apply("take a1")


def test_victory_by_ten_crowns():
    crowns = ["3w1", "3b1", "3g1", "1w4", "1b4", "1g4"]  # 2+2+2+1+1+1 = 9 crowns
    s = position(
        board=FULL,
        tokens=("ggg", ""),
        cards=(crowns, []),
        royals=(["r4", "r2"], []),
        reserved=(["1r4"], []),
    )
    s = s.apply("buy 1r4")
    assert s.crowns[0] == 10 and s.points[0] < 20 and s.winner == 0


def test_victory_by_ten_points_in_one_colour_counting_a_joker():
    white = ["3w2", "1w2", "1w1", "1g1"]  # 4 + 1 + 0 white points; a green bonus
    s = position(board=FULL, tokens=("ggggyyy", ""), cards=(white[:3], []), reserved=(["3j1"], []))
    assert "buy 3j1" not in notations(s)  # g8: 4 green + 3 gold is not enough
    s = position(board=FULL, tokens=("ggggyyy", ""), cards=(white, []), reserved=(["3j1"], []))
    s = s.apply("buy 3j1")  # 3 points, play again
    assert notations(s) == {"joker w", "joker g"}
    s = s.apply("joker w")
    assert s.colour_points[0][0] == 8 and not s.is_over and s.current_player == 0
    s = position(
        board=FULL,
        tokens=("gkkkkp", ""),
        cards=(white + ["3j1"], []),
        jokers=({"3j1": "w"}, {}),
        reserved=(["2w3"], []),
    )
    assert s.colour_points[0][0] == 8 and s.points[0] == 8
    s = s.apply("buy 2w3")  # 2 points on white
    assert s.colour_points[0][0] == 10 and s.points[0] == 10 and s.winner == 0


# ----- apply discipline ----------------------------------------------------------------------


def test_illegal_or_malformed_actions_raise_and_change_nothing():
    s = new_game(seed=5)
    before = s.to_json()
    for bad in ("take a1 c1", "buy 9z9", "", "royal r1", "take", 42, "discard"):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    assert s.to_json() == before


def test_apply_returns_a_new_state_and_keeps_the_old_one():
    s = new_game(seed=5)
    move = s.legal_actions()[-1]
    after = s.apply(move)
    assert after is not s and s.moves == () and after.moves == (move.notation,)
    assert s.apply(move) == after
