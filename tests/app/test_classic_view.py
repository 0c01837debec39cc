"""Classic rendering: only legal moves become buttons, names stay text, secrets stay hidden."""

import re

from app import classic_view as cv
from app.controller import Controller, Entry, Seat
from app.markup import score_chart
from app.selection import shortfall

from splendor import classic
from tests.classic.position import position

HOSTILE = '<script>alert("x")</script>'


def ui_for(controller, **extra):
    return cv.Ui(
        names=[s.name for s in controller.seats],
        bots=["" for _ in controller.seats],
        entries=controller.entries,
        scores=controller.scores,
        **extra,
    )


def test_pickable_follows_the_legal_takes():
    legal = ["take wbg", "take wbr", "take ww", "buy 1w1"]
    assert cv.pickable(legal, "take ", "") == {"w", "b", "g", "r"}
    assert cv.pickable(legal, "take ", "w") == {"w", "b", "g", "r"}
    assert cv.pickable(legal, "take ", "ww") == set()
    assert cv.pickable(legal, "take ", "wb") == {"g", "r"}
    assert cv.completed(legal, "take ", "bwg") == "take wbg"
    assert cv.completed(legal, "take ", "wb") is None


def test_payment_uses_colours_first_then_gold():
    cost = {"w": 3, "b": 2}
    paid = cv.payment(cost, bonuses={"w": 1}, tokens={"w": 1, "b": 2, "y": 2})
    assert paid == {"w": 1, "b": 2, "y": 1}


def test_an_unaffordable_card_says_what_is_lacking_and_offers_only_reserve():
    c = Controller.new(classic, [Seat("A"), Seat("B")], seed=5)
    c.accept_handoff()
    data = c.view().to_data()
    card = data["table"][2][0]  # a level-3 card: nobody can buy one at the start
    html = "".join(cv.render(data, ui_for(c, selected=card["id"])).values())
    lacking = cv.gem_list("en", card["cost"])
    assert f"You cannot buy this card yet: you lack {lacking}. You can reserve it." in html
    assert "buy it or reserve it" not in html
    assert set(re.findall(r'data-action="([^"]+)"', html)) & {f"buy {card['id']}"} == set()
    assert shortfall({"w": 3, "b": 2}, {"w": 1}, {"w": 1, "b": 2, "y": 1}) == {"w": 1}


def test_a_card_neither_bought_nor_reserved_says_both_whys():
    state = position(reserved=[["1w1", "1b1", "1g1"], []])
    data = state.view(0).to_data()
    card = data["table"][2][0]
    html = cv.actions_html(data, cv.Ui(names=["A", "B"], bots=["", ""], selected=card["id"]), True)
    assert "you lack" in html and "You already have 3 reserved cards." in html
    assert "You can reserve it" not in html


def test_a_card_that_can_only_be_bought_offers_only_that():
    gold = "yyyyy"  # five gold pays for any level-1 or level-2 card
    state = position(reserved=[["1w1", "1b1", "1g1"], []], tokens=[gold, ""])
    data = state.view(0).to_data()
    mine = data["players"][0]["reserved"][0]["id"]
    html = cv.actions_html(data, cv.Ui(names=["A", "B"], bots=["", ""], selected=mine), True)
    assert "Card selected: buy it." in html and "reserve" not in html
    row = data["table"][0][0]["id"]  # a table card, with three reserved cards already
    html = cv.actions_html(data, cv.Ui(names=["A", "B"], bots=["", ""], selected=row), True)
    assert "Card selected: buy it. You already have 3 reserved cards." in html


def test_the_last_move_bar_tells_every_move_since_the_viewers_turn():
    seats = [Seat("Ann"), Seat("Bo"), Seat("Cy")]
    c = Controller.new(classic, seats, seed=5, describe=cv.describe)
    c.accept_handoff()
    start = c.state.current_player
    first = cv.last_html(c.view().to_data(), ui_for(c))  # holds the bar's place until a move
    assert f"No moves yet: {seats[start].name} begins." in first
    for _ in range(3):  # one take each, round the table
        c.play(next(a for a in c.view().legal_actions() if a.notation.startswith("take ")))
        c.accept_handoff()
    assert c.state.current_player == start
    data = c.view().to_data()
    bar = cv.last_html(data, ui_for(c))
    others = [seats[(start + k) % 3].name for k in (1, 2)]
    assert "Since your turn:" in bar and bar.count('class="last-entry"') == 2
    assert f"<bdi>{seats[(start + 1) % 3].name}</bdi>" in bar  # kept apart in right-to-left
    assert bar.index(others[0]) < bar.index(others[1])  # in the order they were played
    assert bar.count('class="sentence"') == 1 and bar.count("took") == 3  # and both in the tooltip
    assert seats[start].name not in bar
    watched = cv.last_html(data, ui_for(c, spectator=True))
    assert "Last move:" in watched and watched.count('class="last-entry"') == 1


def test_the_last_move_bar_tells_a_reserve_from_a_purchase_by_its_gold():
    c = Controller.new(classic, [Seat("Ann"), Seat("Bo"), Seat("Cy")], seed=5, describe=cv.describe)
    c.accept_handoff()
    start = c.state.current_player
    card = c.view().to_data()["table"][0][0]
    c.play(f"reserve {card['id']}")  # with a gold: the bank has five
    c.accept_handoff()
    c.play(next(a for a in c.view().legal_actions() if a.notation.startswith("take ")))
    c.accept_handoff()
    bar = cv.last_html(c.view().to_data(), ui_for(c))
    reserve = bar.split('class="last-entry"')[1]  # in short: the name and the pictures
    assert f"{c.seats[start].name}</bdi>" in reserve
    assert f"#gem-{card['bonus']}" in reserve and "#gem-y" in reserve


def test_every_data_action_is_a_legal_notation():
    c = Controller.new(classic, [Seat("A"), Seat("B")], seed=5)
    c.accept_handoff()
    data = c.view().to_data()
    for selected in ["", data["table"][0][0]["id"], "deck2"]:
        html = "".join(cv.render(data, ui_for(c, selected=selected)).values())
        actions = set(re.findall(r'data-action="([^"]+)"', html))
        assert actions <= set(data["legal"])


def test_player_names_are_escaped_everywhere():
    both = Controller.new(classic, [Seat(HOSTILE), Seat(HOSTILE)], seed=5)
    html = cv.last_html(both.view().to_data(), ui_for(both))  # "... begins."
    assert "<script>" not in html and "&lt;script&gt;" in html
    c = Controller.new(classic, [Seat(HOSTILE), Seat("B")], seed=5, describe=cv.describe)
    c.accept_handoff()
    if c.state.current_player != 0:
        c.play("take wbg")
        c.accept_handoff()
    c.play("take wbg")
    html = "".join(cv.render(c.view().to_data(), ui_for(c)).values())
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_a_blind_reserve_shows_only_its_level_to_the_others():
    state = position(reserved=[["2r1"], []], blind=[["2r1"], []], current=1)
    data = state.view(1).to_data()
    html = cv.player_html(data, cv.Ui(names=["A", "B"], bots=["", ""]), 0, main=False)
    assert "2r1" not in html and 'class="card card-back card--mini" data-level="2"' in html
    own = cv.player_html(state.view(0).to_data(), cv.Ui(names=["A", "B"], bots=["", ""]), 0, False)
    assert 'data-card="2r1"' in own


def test_log_tells_a_deck_reserve_without_the_card():
    c = Controller.new(classic, [Seat("A"), Seat("B")], seed=5, describe=cv.describe)
    c.accept_handoff()
    c.play("reserve deck1")
    entry = c.entries[-1]
    assert "card" not in entry.info
    assert cv.log_lines("en", ["A", "B"], entry)[0].endswith("from the deck and took a gold")


def test_end_screen_ranks_ties_and_draws_a_chart():
    c = Controller.new(classic, [Seat("A"), Seat("B")], seed=5, describe=cv.describe)
    state = position(purchased=[["3k2", "3k3", "3k4"], ["3w1", "3w2", "3w3"]], pending=None)
    data = state.view(0).to_data()
    html = cv.end_html(data, ui_for(c))
    assert html.count('<li class="rank') == 2 and "<svg" in html and "<polyline" in html


def test_a_bots_seat_never_offers_its_moves_to_the_screen():
    bots = [Seat("A", "bot", "medium"), Seat("B", "bot", "medium")]
    c = Controller.new(classic, bots, seed=5, describe=cv.describe, first_player=0)
    data = c.view().to_data()
    assert data["current_player"] == data["viewer"]  # a bots-only table shows a bot's view
    ui = cv.Ui(names=["A", "B"], bots=["medium", "medium"], thinking=True)
    regions = cv.render(data, ui)
    html = "".join(regions.values())
    assert data["legal"] and not re.findall(r'data-action="', html)
    assert "is thinking" in regions["actions"] and "Your turn" not in regions["status"]
    ui.thinking = False  # between two bot moves: still nothing to click, no "your turn"
    regions = cv.render(data, ui)
    assert not re.findall(r'data-action="', "".join(regions.values()))
    assert "Your turn" not in regions["status"] and not regions["dialog"]


def test_the_log_says_the_game_is_over_when_the_last_seat_reaches_the_target():
    before = position(
        current=1,
        purchased=[[], ["3w1", "3w2", "3w3", "3b1"]],  # 14 points
        tokens=["", "kkkk"],
        table=["1w8"],
    )
    after = before.apply("buy 1w8")
    assert after.is_over
    info = cv.describe(before, after, 1, "buy 1w8")
    lines = cv.log_lines("en", ["A", "B"], Entry(1, "buy 1w8", before.turn, info))
    assert lines[-1] == "B has 15 points: the game is over"
    earlier = position(
        current=0, purchased=[["3w1", "3w2", "3w3", "3b1"], []], tokens=["kkkk", ""], table=["1w8"]
    )
    later = earlier.apply("buy 1w8")
    info = cv.describe(earlier, later, 0, "buy 1w8")
    lines = cv.log_lines("en", ["A", "B"], Entry(0, "buy 1w8", earlier.turn, info))
    assert lines[-1] == "A has 15 points: this is the final round"


def test_the_status_counts_rounds_not_seats_turns():
    c = Controller.new(classic, [Seat("A"), Seat("B"), Seat("C")], seed=5)
    data = c.view().to_data()
    ui = ui_for(c)

    def shown(turn, over=False):
        status = cv.status_html({**data, "turn": turn, "is_over": over}, ui)
        return re.search(r'status-turn">([^<]*)<', status).group(1)

    assert [shown(0), shown(2), shown(3), shown(7)] == ["Round 1", "Round 1", "Round 2", "Round 3"]
    assert shown(9, over=True) == "Round 3"  # the game ended with the third round


def test_the_return_dialog_clears_picks_and_undoes_the_take_where_undo_is_allowed():
    state = position(tokens=["wwbbggrrkk", ""], current=0).apply(classic.Action.parse("take wbg"))
    data = state.view(0).to_data()
    html = cv.dialog_html(data, cv.Ui())
    assert re.search(r"<button[^>]*disabled>Clear<", html)  # nothing picked yet
    assert 'data-command="undo"' not in html  # a game by link: no undo
    html = cv.dialog_html(data, cv.Ui(picks="r", can_undo=True))
    assert re.search(r"<button[^>]*data-cancel>Clear<", html)
    assert re.search(r'data-command="undo">Undo the move<', html)


def test_persian_cards_and_nobles_use_persian_digits():
    c = Controller.new(classic, [Seat("A"), Seat("B")], seed=5)
    c.accept_handoff()
    html = "".join(cv.render(c.view().to_data(), ui_for(c, lang="fa")).values())
    assert re.findall(r"<b>([^<]*)</b>", html) and not re.search(r"<b>[0-9]", html)
    assert not re.search(r'card-points">[0-9]', html)
    # the players' summaries for screen readers too, with nothing held yet
    summaries = re.findall(r'<p class="visually-hidden">([^<]*)</p>', html)
    assert len(summaries) == 2 and not re.search(r"[0-9]", "".join(summaries)), summaries


def test_players_with_equal_scores_keep_their_own_line_on_the_chart():
    chart = score_chart("en", ["A", "B", "C"], [[0, 0, 0], [1, 0, 0], [4, 0, 0]], 15)
    lines = re.findall(r'polyline points="([^"]+)"', chart)
    assert len(lines) == 3 and len(set(lines[1:])) == 2  # B and C both on 0, yet apart


def test_a_picked_pile_says_how_many_are_picked():
    html = cv.token_html("en", "r", 2, pickable_=False, picked=2)
    assert 'aria-label="red: 2 in the bank, 2 picked"' in html
    assert 'aria-label="blue: 4 in the bank"' in cv.token_html("en", "b", 4, pickable_=True)


def test_the_end_chart_counts_one_turn_in_the_singular():
    one = score_chart("en", ["A", "B"], [[0, 0], [15, 0]], 15)
    two = score_chart("en", ["A", "B"], [[0, 0], [3, 0], [15, 0]], 15)
    assert ">1 turn<" in one and ">2 turns<" in two


def test_the_end_chart_of_a_table_of_three_counts_rounds_as_its_header_does():
    history = [[0, 0, 0]] + [[n, 0, 0] for n in range(1, 8)]  # 7 turns: 3 rounds, the last cut
    assert ">3 rounds<" in score_chart("en", ["A", "B", "C"], history, 15, per_round=3)
    assert ">1 round<" in score_chart("en", ["A", "B", "C"], history[:4], 15, per_round=3)


def test_a_reserved_card_not_affordable_yet_can_be_selected_to_see_what_it_lacks():
    state = position(reserved=[["3w1", "1b1", "1g1"], []])
    data = state.view(0).to_data()
    ui = cv.Ui(names=["A", "B"], bots=["", ""], selected="3w1")
    assert 'data-select="3w1"' in cv.player_html(data, ui, 0, True)
    html = cv.actions_html(data, ui, True)
    assert "you lack" in html and "3 reserved" not in html
    assert not re.findall(r'data-action="([^"]+)"', html)


def test_with_three_reserved_cards_the_hint_offers_no_reserve_and_says_why():
    state = position(reserved=[["3w1", "3w2", "3w3"], []])
    data = state.view(0).to_data()
    ui = cv.Ui(names=["A", "B"], bots=["", ""])
    html = cv.actions_html(data, ui, True)
    assert "reserve" not in html.replace("reserved cards", "")  # no card may be reserved
    assert "You already have 3 reserved cards." in html
    data = position().view(0).to_data()  # with room left, both ways of choosing a card
    assert "Or choose a card to buy or reserve." in cv.actions_html(data, ui, True)


def test_a_card_that_can_be_bought_says_so_to_screen_readers():
    data = position(tokens=["wbgrk", ""]).view(0).to_data()
    html = cv.market_html(data, cv.Ui(names=["A", "B"], bots=["", ""]), True)
    labels = dict(re.findall(r'data-card="([^"]+)"[^>]*aria-label="([^"]+)"', html))
    assert labels["1w1"].endswith(". You can buy this card")  # costs 1 of each but white
    assert "You can buy" not in labels["3w1"]


def test_the_tie_break_note_shows_only_when_fewer_cards_decided():
    ui = cv.Ui(names=["A", "B"], bots=["", ""])
    shared = position(
        purchased=[["3w4", "3b4", "3w2", "1w8"], ["3g4", "3r4", "3b2", "1b8"]], pending=None
    )
    html = cv.end_html(shared.view(0).to_data(), ui)
    assert "Shared win: A, B" in html and "fewer purchased cards" not in html
    broken = position(
        purchased=[["3w4", "3b4", "3w2", "1w8"], ["3g4", "3r4", "3b2", "1b8", "1b7"]], pending=None
    )
    data = broken.view(0).to_data()
    assert data["players"][1]["points"] == 15 and data["ranking"] == [[0], [1]]
    html = cv.end_html(data, ui)
    assert "A wins!" in html and "Tied on points: fewer purchased cards wins." in html


def test_at_a_table_of_four_the_viewers_panel_comes_first_then_the_turn_order():
    c = Controller.new(classic, [Seat(n) for n in "ABCD"], seed=5, describe=cv.describe)
    c.accept_handoff()
    for _ in range(2):  # pass and play: the device goes round the table
        c.play(next(a for a in c.view().legal_actions() if a.notation.startswith("take ")))
        c.accept_handoff()
    data = c.view().to_data()
    viewer = data["viewer"]
    assert viewer == c.state.current_player
    players = cv.render(data, ui_for(c))["players"]
    order = [int(s) for s in re.findall(r'class="player[^"]*" data-seat="(\d)"', players)]
    assert order == [(viewer + k) % 4 for k in range(4)] and viewer != 0
    watched = cv.render(data, ui_for(c, spectator=True))["players"]
    assert re.findall(r'class="player[^"]*" data-seat="(\d)"', watched) == list("0123")


def test_the_score_line_shows_every_players_points_cards_and_tokens():
    data = position(3, current=2, tokens=["wwb", "", "rrgy"]).view(2).to_data()
    for p, points, cards in zip(data["players"], (11, 0, 3), (2, 0, 1)):
        p.update(points=points, cards=cards)
    html = cv.scores_line(data, cv.Ui(names=["Ava", HOSTILE, "Cy"], bots=["", "", ""]))
    assert "<script>" not in html and "&lt;script&gt;" in html
    chips = html.split('<li class="score-chip')[1:]
    assert [c.startswith(' is-current"') for c in chips] == [False, False, True]
    figure = r'class="score-figure( is-near)?" title="[^"]*">.*?(\d+)</span>'
    assert [re.findall(figure, c) for c in chips] == [
        [(" is-near", "11"), ("", "2"), ("", "3")],  # 11 of 15 points: shown in gold
        [("", "0"), ("", "0"), ("", "0")],
        [("", "3"), ("", "1"), ("", "4")],
    ]
