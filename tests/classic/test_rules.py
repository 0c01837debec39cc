"""Every rule of RULES.md §1 on constructed positions."""

from __future__ import annotations

import pytest

from splendor.classic import Action, new_game
from splendor.common import IllegalActionError
from tests.classic.position import position


def notations(state) -> set[str]:
    return {a.notation for a in state.legal_actions()}


def kinds(state, kind: str) -> set[str]:
    return {a.notation for a in state.legal_actions() if a.kind == kind}


def player_view(state, seat):
    return state.view(seat).to_data()["players"][seat]


# --- setup -----------------------------------------------------------------------------


@pytest.mark.parametrize("players, gems", [(2, 4), (3, 5), (4, 7)])
def test_setup_deals_bank_cards_and_nobles_by_player_count(players, gems):
    s = new_game(players, seed=3)
    assert s.bank_tokens() == (gems,) * 5 + (5,)
    assert all(card >= 0 for card in s.table) and len(s.table) == 12
    assert s.deck_sizes() == (36, 26, 16)
    assert len(s.nobles) == players + 1
    assert s.scores() == [0] * players and s.turn == 0 and s.pending == "main"


def test_same_seed_deals_the_same_game_and_other_seeds_differ():
    assert new_game(2, seed=7) == new_game(2, seed=7)
    assert new_game(2, seed=7).table != new_game(2, seed=8).table


def test_first_player_is_drawn_from_the_seed_unless_given():
    firsts = {new_game(3, seed=seed).current_player for seed in range(30)}
    assert firsts == {0, 1, 2}
    chosen = new_game(3, seed=4, first_player=2)
    assert chosen.current_player == 2 and chosen.first_player == 2
    assert chosen.table == new_game(3, seed=4).table  # choosing a seat deals the same cards


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": 5}, "players must be 2, 3 or 4"),
        ({"players": True}, "players must be"),
        ({"target": 0}, "target must be"),
        ({"target": "15"}, "target must be"),
        ({"nobles": "random"}, "nobles must be 'choose' or 'first'"),
        ({"first_player": 2}, "first_player must be a seat from 0 to 1"),
        ({"seed": "x"}, "seed must be an integer"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_bad_options_raise_value_error_saying_why(kwargs, message):
    with pytest.raises(ValueError, match=message):
        new_game(**kwargs)


# --- taking gems -----------------------------------------------------------------------


def test_full_bank_offers_ten_triples_and_five_pairs_only():
    takes = kinds(new_game(2, seed=1), "take")
    assert len(takes) == 15
    assert "take wbg" in takes and "take kk" in takes
    assert not {"take w", "take wb"} & takes


def test_taking_three_moves_tokens_from_bank_to_player_and_ends_turn():
    s = new_game(2, seed=1, first_player=0)
    after = s.apply("take wbk")
    assert after.tokens_of(0) == (1, 1, 0, 0, 1, 0)
    assert after.bank_tokens() == (3, 3, 4, 4, 3, 5)
    assert after.current_player == 1 and after.turn == 1


def test_fewer_than_three_colours_left_means_one_of_each_left():
    # Green, red and black are all in the players' hands; the bank has only white and blue.
    s = position(tokens=["ggggrrrr", "kkkk"])
    assert kinds(s, "take") == {"take wb", "take ww", "take bb"}
    with pytest.raises(IllegalActionError, match="fewer only when fewer are left"):
        s.apply("take w")
    with pytest.raises(IllegalActionError, match="not in the bank"):
        s.apply("take wbg")


def test_one_colour_left_means_taking_one_of_it():
    s = position(tokens=["ggggrrrr", "kkkkbbbb"])
    assert kinds(s, "take") == {"take w", "take ww"}


def test_no_coloured_gems_left_means_no_take():
    s = position(tokens=["ggggrrrrww", "kkkkbbbbww"])
    assert kinds(s, "take") == set()


def test_taking_two_needs_a_pile_of_four():
    s = position(tokens=["w", ""])
    assert "take ww" not in notations(s)
    with pytest.raises(IllegalActionError, match="at least 4 in that pile"):
        s.apply("take ww")
    assert "take bb" in notations(s)
    assert s.apply("take bb").tokens_of(0)[1] == 2


# --- reserving -------------------------------------------------------------------------


def test_reserving_a_face_up_card_takes_gold_and_refills_the_slot():
    s = position(table=["1w1", "1w2", "1w3", "1w4"], decks={1: ["1k8", "1b2"]})  # 1b2 on top
    after = s.apply("reserve 1w1")
    assert player_view(after, 0)["reserved"][0]["id"] == "1w1"
    assert after.tokens_of(0)[5] == 1 and after.bank_tokens()[5] == 4
    row = after.view(0).to_data()["table"][0]
    assert row[0]["id"] == "1b2"
    assert after.last_move == {
        "player": 0,
        "action": "reserve 1w1",
        "card": "1w1",
        "card_in": "1b2",
    }


def test_reserving_without_gold_left_is_allowed():
    s = position(tokens=["", "yyyyy"])
    after = s.apply(s.legal_actions()[-1])  # reserve deck3
    assert after.tokens_of(0) == (0,) * 6 and len(after.reserved[0]) == 1


def test_blind_reserve_takes_the_deck_top_hidden_from_the_others():
    s = position(decks={2: ["2k1", "2r5"]}, table=["2w1", "2w2", "2w3", "2w4"])
    after = s.apply("reserve deck2")
    assert after.deck_sizes()[1] == 1
    mine = player_view(after, 0)["reserved"]
    theirs = after.view(1).to_data()["players"][0]["reserved"]
    assert mine == [dict(mine[0], id="2r5")] and mine[0]["blind"] is True
    assert theirs == [{"level": 2, "hidden": True}]
    assert after.last_move["card"] is None and after.last_move["card_in"] is None


def test_at_most_three_reserved_cards():
    s = position(reserved=[["3w1", "3b1", "3g1"], []])
    assert kinds(s, "reserve") == set()
    with pytest.raises(IllegalActionError, match="already hold 3 reserved"):
        s.apply("reserve deck1")


def test_an_empty_deck_cannot_be_reserved_from():
    s = position(decks={3: []}, table=["3w1", "3w2", "3w3", "3w4"])
    assert "reserve deck3" not in notations(s) and "reserve deck1" in notations(s)
    with pytest.raises(IllegalActionError, match="level 3 deck is empty"):
        s.apply("reserve deck3")


# --- buying ----------------------------------------------------------------------------


def test_buying_uses_bonuses_then_coloured_gems_then_gold_for_the_shortfall():
    # 3w2 costs 7 black; two black bonuses leave 5: three black gems and two gold.
    s = position(table=["3w2"], purchased=[["1k1", "1k2"], []], tokens=["kkkyyw", ""])
    after = s.apply("buy 3w2")
    assert after.tokens_of(0) == (1, 0, 0, 0, 0, 0)
    assert after.bank_tokens() == (3, 4, 4, 4, 4, 5)
    assert after.scores()[0] == 4 and after.bonuses_of(0) == (1, 0, 0, 0, 2)


def test_gold_is_kept_when_coloured_gems_suffice():
    s = position(table=["1w7"], tokens=["rrry", ""])  # 1w7 costs 3 red
    after = s.apply("buy 1w7")
    assert after.tokens_of(0) == (0, 0, 0, 0, 0, 1)


def test_an_unaffordable_card_cannot_be_bought():
    s = position(table=["1w7"], tokens=["rry", "r"], bank="wwwwbbbbggggrkkkkyyyy")
    assert "buy 1w7" in notations(s)  # two red and a gold make three
    poorer = position(table=["1w7"], tokens=["rr", "r"])
    assert "buy 1w7" not in notations(poorer)
    with pytest.raises(IllegalActionError, match="cannot afford card 1w7"):
        poorer.apply("buy 1w7")


def test_buying_a_face_up_card_refills_its_slot_from_the_deck():
    s = position(table=["1w7", "1w1", "1w2", "1w3"], tokens=["rrr", ""], decks={1: ["1b3"]})
    after = s.apply("buy 1w7")
    assert after.view(0).to_data()["table"][0][0]["id"] == "1b3"
    assert after.deck_sizes()[0] == 0 and after.last_move["card_in"] == "1b3"


def test_an_empty_deck_leaves_the_slot_empty():
    s = position(table=["1w7", "1w1"], tokens=["rrr", ""], decks={1: []})
    after = s.apply("buy 1w7")
    row = after.view(0).to_data()["table"][0]
    assert row[0] is None and row[1]["id"] == "1w1"
    assert after.last_move["card_in"] is None


def test_buying_an_own_reserved_card_removes_it_without_refill():
    s = position(reserved=[["1w7"], []], tokens=["rrr", ""], blind=[["1w7"], []])
    table = s.table
    after = s.apply("buy 1w7")
    assert after.reserved[0] == () and after.table == table
    assert after.view(1).to_data()["players"][0]["purchased"] == ["1w7"]


def test_another_players_reserve_cannot_be_bought():
    s = position(reserved=[[], ["1w7"]], tokens=["rrr", ""])
    assert "buy 1w7" not in notations(s)
    with pytest.raises(IllegalActionError, match="neither on the table nor reserved by you"):
        s.apply("buy 1w7")


# --- the ten-token limit ----------------------------------------------------------------


def test_more_than_ten_tokens_asks_the_player_to_return_exactly_the_excess():
    s = position(tokens=["wwbbggrrk", ""])  # nine tokens
    after = s.apply("take wgk")  # twelve
    assert after.pending == "return" and after.current_player == 0 and after.turn == 0
    returns = notations(after)
    assert returns and all(n.startswith("return ") and len(n) == len("return xx") for n in returns)
    assert "return kk" in returns and "return yy" not in returns
    with pytest.raises(IllegalActionError, match="return exactly 2"):
        after.apply("return w")
    with pytest.raises(IllegalActionError, match="return 2 token"):
        after.apply("take wbg")
    done = after.apply("return gk")  # tokens just taken may go back
    assert sum(done.tokens_of(0)) == 10 and done.current_player == 1 and done.turn == 1


def test_gold_can_be_returned():
    s = position(tokens=["wwbbggrrkk", ""])
    after = s.apply("reserve deck1")
    assert after.pending == "return" and notations(after) >= {"return y", "return w"}
    assert after.apply("return y").tokens_of(0)[5] == 0


def test_exactly_ten_tokens_needs_no_return():
    s = position(tokens=["wwbbggr", ""])
    assert s.apply("take wbk").pending == "main"


def test_returning_tokens_not_held_is_refused():
    s = position(tokens=["wwbbggrrk", ""])
    after = s.apply("take wgk")
    with pytest.raises(IllegalActionError, match="do not hold"):
        after.apply("return yy")


# --- nobles ----------------------------------------------------------------------------


def test_a_qualifying_noble_visits_at_the_end_of_the_turn():
    # n1 wants 4 white + 4 blue; buying a blue card completes it.
    s = position(
        purchased=[["1w1", "1w2", "1w3", "1w4", "1b1", "1b2", "1b3"], []],
        table=["1b7"],
        tokens=["kkk", ""],
        nobles=["n1", "n2", "n3"],
    )
    after = s.apply("buy 1b7")
    assert after.owned_nobles[0] == (0,) and after.scores()[0] == 3
    assert player_view(after, 0)["nobles"][0]["id"] == "n1"
    assert [n["id"] for n in after.view(0).to_data()["nobles"]] == ["n2", "n3"]
    assert after.current_player == 1


def two_nobles_position(rule="choose", row=("n1", "n6", "n2")):
    # White 4, blue 3, green 3: buying a blue card qualifies for n1 (w4 b4) and n6 (w3 b3 g3).
    return position(
        purchased=[["1w1", "1w2", "1w3", "1w4", "1b1", "1b2", "1b3", "1g1", "1g2", "1g3"], []],
        table=["1b7"],
        tokens=["kkk", ""],
        nobles=list(row),
        nobles_rule=rule,
    )


def test_several_qualifying_nobles_let_the_player_choose_one():
    after = two_nobles_position().apply("buy 1b7")
    assert after.pending == "noble" and after.current_player == 0
    assert notations(after) == {"noble n1", "noble n6"}
    with pytest.raises(IllegalActionError, match="choose one of the nobles that visit: n1, n6"):
        after.apply("take wbg")
    chosen = after.apply("noble n6")
    assert chosen.owned_nobles[0] == (5,) and chosen.current_player == 1
    assert chosen.scores()[0] == 3  # one noble per turn


def test_the_second_noble_visits_at_the_end_of_a_later_turn_whatever_the_action():
    chosen = two_nobles_position().apply("buy 1b7").apply("noble n6")
    later = chosen.apply("take wbg").apply("take wbg")  # opponent, then our player takes
    assert later.owned_nobles[0] == (5, 0) and later.scores()[0] == 6


def test_first_eligible_rule_picks_the_first_noble_in_the_row():
    after = two_nobles_position("first", ("n2", "n6", "n1")).apply("buy 1b7")
    assert after.pending == "main" and after.owned_nobles[0] == (5,)


def test_token_return_comes_before_the_noble_visit():
    s = position(
        purchased=[["1w1", "1w2", "1w3", "1w4", "1b1", "1b2", "1b3", "1b4"], []],
        tokens=["wwbbggrrk", ""],
        nobles=["n1", "n2", "n3"],
    )
    after = s.apply("take wgk")
    assert after.pending == "return" and after.owned_nobles[0] == ()
    assert after.apply("return ww").owned_nobles[0] == (0,)


# --- passing ---------------------------------------------------------------------------

STUCK = {
    "tokens": ["wwwwbbbbgg", "rrrrkkkkgg"],  # all twenty gems held; the bank has only gold
    "table": ["1w1", "1w2", "1w3", "1w4", "2w1", "2w2", "2w3", "2w4"],
    "reserved": [["3b2", "3g2", "3r2"], ["3b3", "3g3", "3k2"]],
}


def test_pass_is_the_only_action_when_nothing_else_is_possible():
    s = position(**STUCK)
    assert notations(s) == {"pass"}
    after = s.apply("pass")
    assert after.current_player == 1 and after.turn == 1 and not after.is_over


def test_pass_is_illegal_while_another_action_exists():
    with pytest.raises(IllegalActionError, match="only when no action is possible"):
        new_game(2, seed=1).apply("pass")


def test_a_whole_round_of_passes_ends_the_game():
    s = position(**STUCK).apply("pass")
    assert notations(s) == {"pass"}
    over = s.apply("pass")
    assert over.is_over and over.current_player is None and over.legal_actions() == []
    assert over.ranking() == [[0, 1]]


# --- the end of the game ---------------------------------------------------------------


def fifteen_position(players=2, seat=0, first=0, target=15):
    # 13 points in hand; buying 2w6 (3 points, costs 6 white, one white bonus) reaches 16.
    purchased = [[] for _ in range(players)]
    purchased[seat] = ["3w4", "3b4", "3g1"]
    tokens = [""] * players
    tokens[seat] = "wwwwy"
    return position(
        players,
        current=seat,
        first_player=first,
        purchased=purchased,
        tokens=tokens,
        table=["2w6"],
        target=target,
    )


def test_reaching_the_target_finishes_the_round_before_the_game_ends():
    s = fifteen_position(seat=0, first=0)
    after = s.apply("buy 2w6")
    assert after.scores()[0] == 16 and not after.is_over and after.final_round
    over = after.apply("take wbg")
    assert over.is_over and over.ranking() == [[0], [1]] and over.returns() == [1.0, 0.0]


def test_the_seat_before_the_starting_player_ends_the_game_at_once():
    over = fifteen_position(seat=1, first=0).apply("buy 2w6")
    assert over.is_over and over.ranking()[0] == [1]


def test_three_players_end_after_the_seat_before_the_starting_player():
    s = fifteen_position(players=3, seat=2, first=1)
    after = s.apply("buy 2w6")  # seat 2; seat 0 still plays, seat 0 sits before seat 1
    assert not after.is_over and after.current_player == 0
    assert after.apply("take wbg").is_over


def test_a_higher_target_is_not_reached_at_fifteen():
    after = fifteen_position(target=21).apply("buy 2w6")
    assert not after.final_round


def ended(purchased, reserved=None):
    players = len(purchased)
    return position(players, pending=None, purchased=purchased, reserved=reserved)


def test_ranking_breaks_point_ties_by_fewer_purchased_cards():
    s = ended([["3w4"], ["3b4", "1w1"]])
    assert s.scores() == [5, 5] and s.ranking() == [[0], [1]]


def test_a_full_tie_is_shared_and_reserves_do_not_break_it():
    s = ended([["3w4"], ["3b4"], ["1w1"]], reserved=[["3g1"], [], []])
    assert s.ranking() == [[0, 1], [2]]
    assert s.returns() == [0.5, 0.5, 0.0]


# --- actions and states ----------------------------------------------------------------


def test_apply_returns_a_new_state_and_leaves_the_old_one_valid():
    s = new_game(2, seed=2)
    before = s.to_json()
    after = s.apply("take wbg")
    assert s.to_json() == before and after is not s
    assert s.apply("take wbg") == after


@pytest.mark.parametrize("bad", ["take", "take wwb", "buy 9w1", "reserve deck4", "noble n11", 7])
def test_malformed_input_raises_and_changes_nothing(bad):
    s = new_game(2, seed=2)
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(bad)
    assert s.to_json() == before


def test_illegal_action_message_names_the_action():
    with pytest.raises(IllegalActionError, match="'noble n1' is illegal: no noble is asked"):
        new_game(2, seed=2).apply(Action.parse("noble n1"))
