"""Duel rendering: cells offered only along legal lines, only legal actions as buttons,
names escaped, blind reserves hidden, every decision in the page, the victory named."""

import random
import re

from app import classic_view as cv
from app import duel_view as dv
from app.controller import Controller, PositionSession, Seat
from app.markup import log_html

from splendor import duel
from tests.duel.duel_helpers import play, position, winning_position

BOARD = "wbgrk bgrkw grkwb rkwbg ppyyy"
HOSTILE = '<script>alert("x")</script>'


def ui(entries=(), **extra):
    return dv.Ui(names=["Ava", "Bo"], bots=["", ""], entries=list(entries), **extra)


def actions_in(html: str) -> set[str]:
    return set(re.findall(r'data-action="([^"]+)"', html))


def live_cells(html: str) -> set[str]:
    return set(re.findall(r'data-pick="([a-e][1-5])"', html))


def test_a_cell_is_selectable_iff_a_legal_take_holds_the_selection_and_it():
    legal = [a.notation for a in position(board=BOARD).legal_actions()]
    takes = [set(n.split()[1:]) for n in legal if n.startswith("take ")]
    for picks in ["", "c3", "c3 d3", "a1 c3", "e1"]:
        have = set(picks.split())
        expected = {c for t in takes if have <= t for c in t - have}
        assert dv.selectable(legal, picks) == expected
    assert dv.selectable(legal, "c3 d3") == {"b3", "e3"}
    assert "a2" not in dv.selectable(legal, "c3")
    assert dv.completed_take(legal, "e3 c3 d3") == "take c3 d3 e3"
    assert dv.completed_take(legal, "a1 c3") is None  # a gap


def test_toggling_cells_builds_lines_and_refuses_the_rest():
    legal = [a.notation for a in position(board=BOARD).legal_actions()]
    picks = dv.toggle_pick(legal, "main", "", "d3")
    picks = dv.toggle_pick(legal, "main", picks, "c3")
    assert picks == "c3 d3"
    assert dv.toggle_pick(legal, "main", picks, "a2") == picks  # not on the line
    assert dv.toggle_pick(legal, "main", picks, "c5") == picks  # a gold never joins a take
    assert dv.toggle_pick(legal, "main", picks, "d3") == "c3"
    assert dv.toggle_pick(legal, "main", "", "c5") == "c5"  # a gold alone starts a reserve
    assert dv.toggle_pick(legal, "main", "c5", "c3") == "c3"


def test_the_board_offers_only_extending_cells():
    state = position(board=BOARD, privileges=(1, 0))
    data = state.view(0).to_data()
    html = dv.board_html(data, ui(picks="c3 d3"), main=True, mine=True)
    assert live_cells(html) == {"c3", "d3", "b3", "e3"}
    assert html.count('aria-pressed="true"') == 2
    html = dv.board_html(data, ui(selected="privilege"), main=True, mine=True)
    privileges = {a for a in data["legal"] if a.startswith("privilege ")}
    assert actions_in(html) == privileges and len(privileges) == 22  # every cell but gold
    assert not live_cells(html)


def test_every_data_action_is_legal_in_random_games():
    rng = random.Random(7)
    for seed in range(2):
        c = Controller.new(duel, [Seat("A"), Seat("B")], seed=seed, describe=dv.describe)
        c.accept_handoff()
        while not c.state.is_over and len(c.entries) < 400:
            if c.handoff is not None:
                c.accept_handoff()
            data = c.view().to_data()
            legal = data["legal"]
            gold = next(iter(dv.gold_cells(legal)), "")
            card = next(cid for row in data["pyramid"] for cid in row if cid)
            for picks, selected in [("", ""), (gold, ""), ("", "privilege"), ("", card)]:
                regions = dv.render(data, ui(c.entries, picks=picks, selected=selected))
                assert actions_in("".join(regions.values())) <= set(legal)
            action = rng.choice(legal)
            c.play(action)
        assert c.state.is_over


def test_reserving_takes_a_gold_then_a_card_or_a_deck():
    data = position(board=BOARD).view(0).to_data()
    html = dv.pyramid_html(data, ui(picks="c5"), main=True)
    targets = actions_in(html)
    assert "reserve c5 deck1" in targets and all(a.startswith("reserve c5 ") for a in targets)
    # every target stands out, and nothing says "buy" while a click reserves
    assert html.count("is-selectable") == len(targets) and "is-affordable" not in html
    card = data["pyramid"][0][0]
    board = dv.board_html(data, ui(selected=card), main=True, mine=True)
    assert actions_in(board) == {f"reserve {g} {card}" for g in ("c5", "d5", "e5")}


def test_an_unaffordable_card_says_what_is_lacking():
    data = position(board=BOARD).view(0).to_data()
    card = data["pyramid"][0][0]  # a level-3 card: unaffordable with no tokens
    html = dv.actions_html(data, ui(selected=card), main=True, mine=True)
    assert "You cannot buy this card yet: you lack " in html
    assert "buy it or reserve it" not in html


def test_the_status_at_the_end_names_the_winning_turn():
    state = winning_position()
    assert "Turn 1<" in dv.status_html(state.view(0).to_data(), ui())
    won = state.apply(next(a for a in state.legal_actions() if state.apply(a).is_over))
    assert won.is_over and "Turn 1<" in dv.status_html(won.view(0).to_data(), ui())


def test_names_are_escaped_and_blind_reserves_stay_hidden():
    state = position(board=BOARD, reserved=([], ["2r1"]), blind=([], ["2r1"]), player=0)
    data = state.view(0).to_data()
    html = "".join(dv.render(data, dv.Ui(names=[HOSTILE, "Bo"], bots=["", ""])).values())
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "2r1" not in html and 'class="card card-back card--mini" data-level="2"' in html
    own = dv.player_html(state.view(1).to_data(), ui(), 1, main=False)
    assert 'data-card="2r1"' in own


def test_each_ability_is_asked_in_the_page():
    pyramid = [
        ["1j1", "1w1", "1b2", "1g2", "1r2"],
        ["2w1", "2b1", "2g1", "2r1"],
        ["3w1", "3b1", "3g1"],
    ]
    joker = position(board=BOARD, cards=(["1r1"], []), tokens=("wwbbgp", ""), pyramid=pyramid)
    after = play(joker, "buy 1j1")
    html = dv.dialog_html(after.view(0).to_data(), ui())
    assert actions_in(html) == {"joker r"} and "Choose the joker" in html
    assert 'aria-label="red, Bonuses: 1"' in html
    fa = dv.dialog_html(after.view(0).to_data(), ui(lang="fa"))
    assert 'aria-label="قرمز، پاداش‌ها: ۱"' in fa  # the Duel rulebook's word
    crowns = position(board=BOARD, cards=(["1w4", "1b4", "1g4"], []))
    crowns.pending = "royal"
    crowns._legal = None
    html = dv.dialog_html(crowns.view(0).to_data(), ui())
    assert actions_in(html) == {"royal r1", "royal r2", "royal r3", "royal r4"}
    # each says what it gives, not only an icon (phones have no hover)
    assert (
        html.count('<span class="royal-caption" aria-hidden="true">') == 4
        and "Steal" in html
        and "Play again" in html
    )
    thief = position(board=BOARD, tokens=("", "wp"))
    thief.pending = "steal"
    thief._legal = None
    html = dv.dialog_html(thief.view(0).to_data(), ui())
    assert actions_in(html) == {"steal w", "steal p"}


def test_the_token_ability_is_chosen_on_the_board():
    state = position(board=BOARD)
    state.pending, state.pcard, state._legal = "token", duel.CARDS[1].index, None  # a white card
    data = state.view(0).to_data()
    html = dv.board_html(data, ui(), main=False, mine=True)
    assert actions_in(html) == set(data["legal"]) and all(
        a.startswith("token ") for a in data["legal"]
    )
    assert "Take a white token" in dv.actions_html(data, ui(), main=False, mine=True)


def test_discard_asks_for_exactly_the_excess():
    state = play(position(board=BOARD, tokens=("wbgrkwbgrk", "")), "take a1 b1")
    data = state.view(0).to_data()
    html = dv.dialog_html(data, ui(picks="w"))
    assert "return 2" in html and not actions_in(html)
    # a screen reader hears the pick counted, as the token shows it (was "3 white" throughout)
    assert 'aria-label="2 white, 1 picked"' in html
    assert 'aria-label="1 white, 2 picked"' in dv.dialog_html(data, ui(picks="ww"))
    assert dv.toggle_pick(data["legal"], "discard", "w", "k") == "wk"
    html = dv.dialog_html(data, ui(picks="wk", can_undo=True))
    assert actions_in(html) == {"discard wk"}
    assert 'data-command="undo"' in html and "data-cancel>Clear<" in html


def test_log_tells_turns_in_sentences_and_the_end_names_the_victory():
    state = position(board="wbgrk bgrkw ..... ..... .....", player=0)
    c = Controller(duel, PositionSession(state, [Seat("Ava"), Seat("Bo")]), dv.describe)
    c.accept_handoff()
    c.play("replenish")
    lines = dv.log_lines("en", ["Ava", "Bo"], c.entries[-1])
    assert lines == ["Ava replenished the board", "Bo gains a privilege"]
    last = dv.last_html({}, ui(c.entries))  # one turn told in separate sentences
    assert re.findall(r'<span class="sentence">([^<]+)</span>', last) == lines
    assert 'title="Ava replenished the board · Bo gains a privilege"' in last  # whole, if cut
    won = position(board=BOARD, cards=(["3w2", "3b2", "3g2", "3r2", "3n1"], []))
    won.winner, won.pending = 0, "over"
    html = dv.end_html(won.view(0).to_data(), ui(scores=[[0, 0], [22, 0]]))
    assert "Victory: 20 prestige points" in html and html.count("<polyline") == 2


def test_the_log_is_written_anew_when_the_language_or_a_name_changed():
    state = position(board="wbgrk bgrkw ..... ..... .....", player=0)
    c = Controller(duel, PositionSession(state, [Seat("Ava"), Seat("Bo")]), dv.describe)
    c.accept_handoff()
    c.play("replenish")
    assert "Ava replenished" in log_html(ui(c.entries), dv.log_lines)
    renamed = dv.Ui(names=["Cy", "Bo"], bots=["", ""], entries=c.entries)
    assert "Cy replenished" in log_html(renamed, dv.log_lines)
    persian = log_html(ui(c.entries, lang="fa"), dv.log_lines)
    assert '<span class="log-turn">۱</span>' in persian and "Ava" in persian
    c.undo()
    assert log_html(ui(c.entries), dv.log_lines) == ""


def test_a_bots_seat_never_offers_its_moves_to_the_screen():
    bots = [Seat("Ava", "bot", "medium"), Seat("Bo", "bot", "medium")]
    c = Controller.new(duel, bots, seed=5, describe=dv.describe, first_player=0)
    data = c.view().to_data()
    assert data["current_player"] == data["player"]  # a bots-only table shows a bot's view
    regions = dv.render(data, dv.Ui(names=["Ava", "Bo"], bots=["medium", "medium"], thinking=True))
    html = "".join(regions.values())
    assert data["legal"] and not actions_in(html) and not live_cells(html)
    assert "is thinking" in regions["actions"] and "Your turn" not in regions["status"]


def test_persian_board_order_and_costs_use_persian_digits():
    state = position(board=BOARD)
    html = "".join(dv.render(state.view(0).to_data(), ui(lang="fa")).values())
    assert 'data-order="۱"' in html and not re.search(r'data-order="[0-9]', html)
    assert not re.search(r"<b>[0-9]", html)
    # the players' summaries for screen readers too, with nothing held yet
    summaries = re.findall(r'<p class="visually-hidden">([^<]*)</p>', html)
    assert len(summaries) == 2 and not re.search(r"[0-9]", "".join(summaries)), summaries


def test_persian_labels_joined_by_the_code_use_the_persian_comma():
    html = "".join(dv.render(position(board=BOARD).view(0).to_data(), ui(lang="fa")).values())
    assert 'aria-label="دستهٔ سطح ۱، کارت‌های باقی‌مانده: ' in html
    assert 'aria-label="ذخیره، کارگاه‌ها: ۳"' in html
    assert not re.search(r'aria-label="[^"]*[\u0600-\u06ff], ', html)  # no Latin comma
    assert cv.back_html("fa", 2, count=26).count("دستهٔ سطح ۲، کارت‌های باقی‌مانده: ۲۶") == 1


def test_the_take_button_shows_its_gems_in_the_order_it_names_them():
    data = position(board=BOARD).view(0).to_data()
    html = dv.actions_html(data, ui(picks="a4 b4 c4"), main=True, mine=True)  # red, black, white
    button = html[html.index('data-action="take') :]
    assert re.findall(r"#gem-(\w)", button)[:3] == ["w", "r", "k"]
    assert "Take 1 white, 1 red, 1 black" in button


def test_the_hints_say_why_a_card_or_a_reserve_is_refused():
    pyramid = [
        ["1j1", "1w1", "1g4", "1b5", "1r2"],
        ["2w1", "2b3", "2g1", "2r1"],
        ["3w1", "3b1", "3g1"],
    ]
    data = position(board=BOARD, tokens=("wwbbgp", ""), pyramid=pyramid).view(0).to_data()
    html = dv.actions_html(data, ui(selected="1j1"), main=True, mine=True)
    assert "you need a card with a bonus first" in html  # the tokens would pay for it
    full = position(board=BOARD, reserved=(["2w1", "2b1", "3w1"], [])).view(0).to_data()
    html = dv.actions_html(full, ui(), main=True, mine=True)
    assert "Or choose a card to buy. You already have 3 reserved cards." in html
    assert "buy or reserve" not in html
    html = dv.actions_html(full, ui(selected=full["pyramid"][0][0]), main=True, mine=True)
    assert "you lack" in html and "You already have 3 reserved cards." in html


def test_an_own_reserved_card_that_can_be_bought_offers_only_the_purchase():
    data = position(board=BOARD, tokens=("bgrk", ""), reserved=(["1w1"], [])).view(0).to_data()
    html = dv.actions_html(data, ui(selected="1w1"), main=True, mine=True)
    assert "Card selected: buy it." in html and "reserve it" not in html
    assert actions_in(html) >= {"buy 1w1"}


def test_the_replenish_warning_says_who_gives_the_privilege():
    for privileges, words in [
        ((0, 0), "gives your opponent 1 privilege."),
        ((3, 0), "one of yours, as the supply is empty"),
        ((0, 3), "replenishing gives them none"),
    ]:
        data = position(board=BOARD, privileges=privileges).view(0).to_data()
        html = dv.actions_html(data, ui(selected="replenish"), main=True, mine=True)
        assert words in html, privileges


def test_pearls_are_counted_as_nouns():
    assert dv.gem_list("en", {"p": 2, "w": 2}) == "2 pearls, 2 white"
    assert dv.gem_list("en", {"p": 1}) == "1 pearl"


def test_a_skipped_ability_is_told_in_the_log():
    board = "kgwrk gwrkw grkwr rkwrg ppyyy"  # no blue token on the board
    pyramid = [
        ["1b5", "1w1", "1g4", "1j1", "1r2"],
        ["2w1", "2b3", "2g1", "2r1"],
        ["3w1", "3b1", "3g1"],
    ]
    state = position(board=board, tokens=("wwkk", ""), pyramid=pyramid)
    c = Controller(duel, PositionSession(state, [Seat("Ava"), Seat("Bo")]), dv.describe)
    c.accept_handoff()
    c.play("buy 1b5")  # its ability: take a blue token from the board
    lines = dv.log_lines("en", ["Ava", "Bo"], c.entries[-1])
    assert "No blue token on the board: the card's token is not taken" in lines
    bought = position(board=BOARD, tokens=("wwkk", ""), pyramid=pyramid)
    c = Controller(duel, PositionSession(bought, [Seat("Ava"), Seat("Bo")]), dv.describe)
    c.accept_handoff()
    c.play("buy 1b5")  # a blue token is there: asked for, nothing skipped
    assert not any("not taken" in line for line in dv.log_lines("en", ["Ava", "Bo"], c.entries[-1]))


def test_with_no_gold_on_the_board_a_card_out_of_reach_still_says_what_it_lacks():
    no_gold = BOARD.replace("y", ".")
    state = position(board=no_gold, reserved=(["3w1"], []))
    data = state.view(0).to_data()
    card = data["pyramid"][2][0]
    assert f"buy {card}" not in data["legal"] and not any(
        n.startswith("reserve") for n in data["legal"]
    )
    html = dv.pyramid_html(data, ui(), main=True)
    assert f'data-select="{card}"' in html  # selectable, though nothing can be done with it
    html = dv.actions_html(data, ui(selected=card), main=True, mine=True)
    assert "you lack" in html and "No gold is on the board" in html
    assert not actions_in(html)
    # A reserved card of one's own, not affordable yet: selectable, says only what it lacks.
    mine = dv.player_html(data, ui(), 0, main=True)
    assert 'data-select="3w1"' in mine
    html = dv.actions_html(data, ui(selected="3w1"), main=True, mine=True)
    assert "you lack" in html and "No gold" not in html and "3 reserved" not in html


def test_the_board_grid_is_not_named_like_its_region():
    data = position(board=BOARD).view(0).to_data()
    html = dv.board_html(data, ui(), main=True, mine=True)
    assert 'class="duel-board" role="group" aria-label="Board, 5 by 5 cells"' in html
    assert dv.REGION_LABELS["bank"] == "duel.board"  # the region around it: "Board"


def test_the_cards_bought_are_named_apart_from_the_reserved_ones():
    state = position(board=BOARD, cards=(["1w1"], []), reserved=(["3w1"], []))
    html = dv.player_html(state.view(0).to_data(), ui(), 0, main=True)
    rows = re.findall(r'data-row="(\w+)"><span class="player-row-label"[^>]*>([^<]+)<', html)
    assert rows == [("reserved", "Reserved: 1/3"), ("bought", "Cards by colour")]
    bought = html.split('data-row="bought"')[1]
    assert 'data-card="1w1"' in bought and 'data-card="3w1"' not in bought


FIGURE = re.compile(
    r'<span class="score-figure( is-near)?" title="([^"]*)"><svg.*?</svg>(\d+)</span>'
)


def test_the_score_line_shows_both_races_and_whose_turn_it_is():
    state = position(
        cards=(["1w1", "1b2", "2r2"], ["1w3", "2g2", "3w2"]), royals=(["r1"], []), player=1
    )
    data = state.view(1).to_data()
    data["players"][0]["crowns"] = 7  # seven tenths of the way: shown in gold
    html = dv.scores_line(data, ui())
    assert html.startswith('<ul class="scores" aria-hidden="true">')
    chips = html.split('<li class="score-chip')[1:]
    assert [c.split('data-seat="')[1][0] for c in chips] == ["0", "1"]
    assert [c.startswith(' is-current"') for c in chips] == [False, True]
    for chip, p, name in zip(chips, data["players"], ["Ava", "Bo"]):
        assert f'<span class="score-name">{name}</span>' in chip
        figures = FIGURE.findall(chip)
        best = max(p["colour_points"].values())
        assert [int(n) for _, _, n in figures] == [p["points"], p["crowns"], best]
        assert [bool(near) for near, _, _ in figures] == [
            p["points"] >= 14,
            p["crowns"] >= 7,
            best >= 7,
        ]
        assert figures[1][1] == f"Crowns: {p['crowns']} / 10"
    assert FIGURE.findall(chips[0])[1][0] == " is-near"


def test_the_score_line_escapes_names_and_uses_persian_digits():
    data = position(player=0).view(0).to_data()
    data["players"][1]["points"] = 12
    html = dv.scores_line(data, dv.Ui(lang="fa", names=[HOSTILE, "Bo"], bots=["", "hard"]))
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "۱۲</span>" in html and "12</span>" not in html
