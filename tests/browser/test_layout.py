"""The table fits a laptop's short screen: cards, nobles, bank and action bar in one view.

Each test reloads the page at a desktop size shorter than the table used to be (951 px tall
at 1366 px wide before the wide layout), plays a first turn so the last-move line shows too,
and checks that every part of the table a player needs for a turn is fully on screen without
scrolling, and that nothing overflows sideways.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_duel import MY_TURN, load, play_simple_turn, start_duel, take_a_line
from tests.browser.test_play import load as load_classic
from tests.browser.test_play import start, take_gems, wait_my_turn
from tests.classic.position import position as classic_position
from tests.duel.duel_helpers import position, winning_position

pytestmark = pytest.mark.browser

TABLE = ["#t-status", "#t-last", "#t-nobles", "#t-market", "#t-bank", "#t-actions"]


def assert_table_in_view(page, width: int, regions=TABLE) -> None:
    """Every region of the table wholly visible, from the top of the page, no sideways scroll."""
    page.evaluate("window.scrollTo(0, 0)")
    for region in regions:
        box = page.locator(region).bounding_box()
        assert box is not None, region
        assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], (
            region,
            box,
        )
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def four_after_a_round(game, size):
    """At this viewport size, Ana and three easy bots; Ana's second turn."""
    game.set_viewport_size({"width": size[0], "height": size[1]})
    start(game, [("Ana", "human"), ("B", "easy"), ("C", "easy"), ("D", "easy")])
    wait_my_turn(game)
    take_gems(game)
    wait_my_turn(game)


@pytest.mark.parametrize("size", [(1366, 657), (1024, 640)])
def test_a_classic_table_for_four_fits_a_laptop_screen(game, size):
    width, height = size
    four_after_a_round(game, size)
    expect(game.locator("#t-nobles .noble")).to_have_count(5)
    expect(game.locator("#t-market .card-row")).to_have_count(3)
    assert_table_in_view(game, width)
    for noble in game.locator("#t-nobles .noble").all():
        expect(noble).to_be_in_viewport(ratio=1)
    # the page itself does not scroll: the players' column scrolls on its own
    assert game.evaluate("document.documentElement.scrollHeight") <= height
    last = game.locator("#t-players .player").last
    last.scroll_into_view_if_needed()
    expect(last).to_be_in_viewport(ratio=1)
    assert game.evaluate("window.scrollY") == 0
    take = game.locator("#t-actions [data-action^='take']")
    for _ in range(3):  # three colours: the take button shows once the pick is legal
        game.locator("#t-bank [data-pick]:not(.is-selected)").first.click()
    assert game.evaluate("window.scrollY") == 0
    expect(take).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("size,card", [((1440, 900), 130), ((1366, 1024), 130), ((1280, 800), 110)])
def test_a_tall_screen_gives_the_classic_cards_its_height(game, size, card):
    """Cards stopped at 104 px below 1600 px wide: a third of a tall screen (1440x900, a
    tablet on its side at 1366x1024) stayed empty below the table."""
    width, height = size
    four_after_a_round(game, size)
    assert game.locator("#t-market .card[data-card]").first.bounding_box()["width"] >= card
    assert_table_in_view(game, width)
    assert game.evaluate("document.documentElement.scrollHeight") <= height


@pytest.mark.parametrize(
    ("width", "height", "classic_card", "duel_card"),
    [
        (1920, 1080, 150, 130),  # 104 px before
        (2560, 1440, 200, 170),  # 160 and 136 px before: the table filled two thirds
    ],
)
def test_a_big_screen_gets_big_cards_and_still_the_whole_table(
    game, width, height, classic_card, duel_card
):
    game.set_viewport_size({"width": width, "height": height})
    start(game, [("Ana", "human"), ("B", "easy"), ("C", "easy"), ("D", "easy")])
    wait_my_turn(game)
    take_gems(game)
    wait_my_turn(game)
    assert game.locator("#t-market .card").first.bounding_box()["width"] >= classic_card
    assert_table_in_view(game, width)
    assert game.evaluate("document.documentElement.scrollHeight") <= height
    load(game, mid_duel(), [("Ana", "human"), ("Hard", "hard")])
    assert game.locator("#t-market .card").first.bounding_box()["width"] >= duel_card
    assert_table_in_view(game, width)
    assert game.evaluate("document.documentElement.scrollHeight") <= height
    assert (
        game.evaluate("(b => b.scrollWidth - b.clientWidth)(document.querySelector('.board-area'))")
        == 0
    )


PHONES_ON_THEIR_SIDE = [(844, 390), (667, 375), (932, 430)]
BOARD_REGIONS = ["#t-status", "#t-last", "#t-nobles", "#t-market", "#t-bank"]


@pytest.mark.parametrize("size", PHONES_ON_THEIR_SIDE)
def test_a_classic_table_for_four_fits_a_phone_on_its_side(game, size):
    """Nobles, cards and bank in one view beside the players; they were a page below each other."""
    width = size[0]
    four_after_a_round(game, size)
    expect(game.locator("#t-nobles .noble")).to_have_count(5)
    assert_table_in_view(game, width, BOARD_REGIONS)
    side = game.locator(".side-area").bounding_box()
    for region in ["#t-nobles", "#t-market", "#t-bank"]:
        box = game.locator(region).bounding_box()
        assert box["x"] + box["width"] <= side["x"], (region, box, side)
    expect(game.locator("#t-players .player").first).to_be_in_viewport()
    assert game.locator("#t-market .card[data-card]").first.bounding_box()["width"] >= 48
    for _ in range(3):  # the Take button, stuck to the screen's bottom, shows in view
        game.locator("#t-bank [data-pick]:not(.is-selected)").first.click()
    expect(game.locator("#t-actions [data-action^='take']")).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("size", [(390, 844), (320, 640)])
def test_an_upright_phone_keeps_every_classic_score_in_sight_and_its_side_view_does_not_need_it(
    game, size
):
    """Upright, the four panels are a long scroll below the board: the score line above it
    shows each player's points, cards and tokens, two players a row even 320 px wide. On its
    side the players' column is there."""
    four_after_a_round(game, size)
    assert_table_in_view(game, size[0], ["#t-status", "#t-scores", "#t-last"])
    chips = game.locator("#t-scores .score-chip")
    expect(chips).to_have_count(4)
    rows = {round(chip.bounding_box()["y"]) for chip in chips.all()}
    assert len(rows) == 2, rows
    expect(chips.first).to_have_class(re.compile(r"\bis-current\b"))
    for seat, chip in enumerate(chips.all()):
        panel = game.locator(f"#t-players .player[data-seat='{seat}']")
        tokens = re.search(r"(\d+)/10", panel.locator(".player-stats").inner_text()).group(1)
        expect(chip.locator(".score-name")).to_have_text(["Ana", "B", "C", "D"][seat])
        points = panel.locator(".player-points").inner_text().strip()
        cards = panel.locator(".player-stats b").inner_text()
        expect(chip.locator(".score-figure")).to_have_text([points, cards, tokens])
    game.set_viewport_size({"width": 844, "height": 390})
    expect(game.locator("#t-scores")).to_be_hidden()


@pytest.mark.parametrize("size", [(844, 390), (667, 375)])
def test_on_a_phone_on_its_side_every_classic_score_stays_at_the_players_columns_top(game, size):
    """With four players the column showed your panel and the next player's head: the others'
    points were a swipe away. A score strip tops the column and stays as it scrolls."""
    four_after_a_round(game, size)
    strip = game.locator("#t-side-scores")
    chips = strip.locator(".score-chip")
    expect(chips).to_have_count(4)
    rows = {round(chip.bounding_box()["y"]) for chip in chips.all()}
    assert len(rows) == 2, rows  # two players a row, not four rows of one
    for seat, chip in enumerate(chips.all()):
        expect(chip).to_be_in_viewport(ratio=1)
        points = game.locator(f"#t-players .player[data-seat='{seat}'] .player-points")
        expect(chip.locator(".score-figure").first).to_have_text(points.inner_text().strip())
    mine = game.locator("#t-players .player[data-seat='0']")
    for part in [".player-head", ".player-stats", ".holdings"]:
        expect(mine.locator(part)).to_be_in_viewport(ratio=1)  # your own panel still whole
    game.locator(".side-area").evaluate("e => e.scrollTo(0, e.scrollHeight)")
    expect(game.locator("#t-players .player").last).to_be_in_viewport()
    expect(chips.last).to_be_in_viewport(ratio=1)  # still at the top as the column scrolls
    game.set_viewport_size({"width": 1280, "height": 800})  # beside a full-height column: none
    expect(strip).to_be_hidden()


@pytest.mark.parametrize("size", [(844, 390), (740, 360)])
def test_on_a_phone_on_its_side_the_score_strip_keeps_short_names_whole(game, size):
    """With points, cards and tokens a chip left its name 16 to 36 px: "Robo" read "R…". The
    tokens, shown in each player's panel below, give way."""
    game.set_viewport_size({"width": size[0], "height": size[1]})
    names = ["Ana", "Robo", "Cyrus", "Dana"]
    seats = [(name, "human" if seat == 0 else "easy") for seat, name in enumerate(names)]
    load_classic(game, classic_position(players=4, current=0), seats)
    shown = game.locator("#t-side-scores .score-name")
    expect(shown).to_have_text(names)
    assert shown.evaluate_all("ns => ns.filter(n => n.scrollWidth > n.clientWidth).length") == 0
    for chip in game.locator("#t-side-scores .score-chip").all():
        expect(chip.locator(".score-figure").first).to_be_visible()  # the points stay


@pytest.mark.parametrize("size", [(844, 390), (740, 360), (667, 375)])
def test_a_phone_on_its_side_shows_the_turn_the_hint_and_my_tokens_beside_the_board(game, size):
    """Classic: the hint below the board was a scroll away, and the page scrolled under the
    players' column; now the turn, the board, the hint and the player's own tokens are all
    in the first view, and the page does not scroll."""
    width, height = size
    four_after_a_round(game, size)
    expect(game.locator("#t-actions .hint")).to_be_visible()
    assert_table_in_view(game, width)  # the action bar's hint too
    mine = game.locator("#t-players .player[data-seat='0']")
    for part in [".player-head", ".player-stats", ".holdings"]:
        expect(mine.locator(part)).to_be_in_viewport(ratio=1)
    assert game.evaluate("document.documentElement.scrollHeight") <= height


@pytest.mark.parametrize("size", [*PHONES_ON_THEIR_SIDE, (640, 360), (736, 414), (720, 500)])
def test_a_duel_fits_a_phone_on_its_side(game, size):
    """Supply, board and pyramid side by side in one view (the royal cards too, but on the
    smallest phone), cells big enough for a finger, nothing sideways: from 720 to 749 px wide
    the cells' 30 px floor made the row a few pixels wider than the screen (736x414, an
    iPhone 8 Plus; 720x500, a frame)."""
    width, height = size
    game.set_viewport_size({"width": width, "height": height})
    load(game, mid_duel(), [("Ana", "human"), ("Hard", "hard")])  # "Use a privilege" shows
    expect(game.locator("#t-bank [data-select='privilege']")).to_be_visible()
    regions = BOARD_REGIONS if width >= 720 else ["#t-status", "#t-last", "#t-bank", "#t-market"]
    assert_table_in_view(game, width, regions)
    cell = game.locator("#t-bank .cell").first.bounding_box()
    assert cell["width"] >= 30
    board = game.locator("#t-bank .duel-board").bounding_box()
    market = game.locator("#t-market").bounding_box()
    assert board["x"] + board["width"] <= market["x"]


@pytest.mark.parametrize("size", [(844, 390), (740, 360), (932, 430)])
def test_a_duel_on_a_phone_on_its_side_shows_my_tokens_and_bonuses_beside_the_board(game, size):
    """The players' areas are below the board there: what I hold was a scroll away whenever I
    weighed a card. The action bar shows my tokens and bonuses again, as my area does."""
    width, height = size
    game.set_viewport_size({"width": width, "height": height})
    load(game, mid_duel(), [("Ana", "human"), ("Hard", "hard")])
    brief = game.locator("#t-actions .my-brief")
    expect(brief).to_be_in_viewport(ratio=1)
    expect(brief).to_have_attribute("data-seat", "0")
    area = game.locator("#t-players .player").first.locator(".holdings")
    for part in (".token-count", ".bonus-count"):
        expect(brief.locator(part)).to_have_text(area.locator(part).all_text_contents())
    assert brief.locator(".token-count").all_text_contents()[:5] == ["2", "1", "1", "1", "1"]
    assert_table_in_view(game, width)


@pytest.mark.parametrize("size", [(1366, 768), (640, 360), (390, 844)])
def test_where_my_area_is_in_sight_or_room_is_short_my_tokens_are_not_repeated(game, size):
    game.set_viewport_size({"width": size[0], "height": size[1]})
    load(game, mid_duel(), [("Ana", "human"), ("Hard", "hard")])
    expect(game.locator("#t-players .player").first.locator(".holdings")).to_be_attached()
    expect(game.locator("#t-actions .my-brief")).to_be_hidden()


@pytest.mark.parametrize("size", [(844, 390), (640, 360), (390, 844)])
def test_a_phone_keeps_both_duel_races_in_sight_above_the_board(game, size):
    """The players' panels are below the board on a phone: their points, crowns and best
    colour were a scroll away from the cards a player weighs them against."""
    width, height = size
    game.set_viewport_size({"width": width, "height": height})
    state = mid_duel()
    load(game, state, [("Ana", "human"), ("Hard", "hard")])
    assert_table_in_view(game, width, ["#t-status", "#t-scores", "#t-last"])
    chips = game.locator("#t-scores .score-chip")
    expect(chips).to_have_count(2)
    expect(chips.first).to_have_class(re.compile(r"\bis-current\b"))
    for seat, (chip, p) in enumerate(zip(chips.all(), state.view(0).to_data()["players"])):
        expect(chip.locator(".score-name")).to_have_text(["Ana", "Hard"][seat])
        best = max(p["colour_points"].values())
        figures = [str(n) for n in (p["points"], p["crowns"], best)]
        expect(chip.locator(".score-figure")).to_have_text(figures)


@pytest.mark.parametrize("lang", ["ka", "fa"])
def test_a_phone_on_its_side_keeps_the_top_bar_on_one_row_in_every_language(game, lang):
    """In Georgian at 932x430 the top bar's buttons took two rows and the hint left the first
    view: on a phone on its side the rest goes behind "⋯", as upright."""
    game.set_viewport_size({"width": 932, "height": 430})
    game.select_option("#lang", lang)
    load(game, position(), [("Ana", "human"), ("Hard", "hard")])
    assert game.locator("#game .topbar").bounding_box()["height"] < 50
    expect(game.locator("#game .menu-toggle")).to_be_visible()
    assert_table_in_view(game, 932)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_beside_the_players_column_there_is_no_score_line(game, size):
    """The column shows the same figures in full: the line would only repeat them."""
    game.set_viewport_size({"width": size[0], "height": size[1]})
    load(game, mid_duel(), [("Ana", "human"), ("Hard", "hard")])
    expect(game.locator("#t-scores .score-chip")).to_have_count(2)
    expect(game.locator("#t-scores")).to_be_hidden()
    expect(game.locator("#t-players .player").first).to_be_in_viewport()


@pytest.mark.parametrize("size", [(844, 390), (740, 360), (667, 375)])
@pytest.mark.parametrize("royals", [3, 4])
def test_a_duel_on_a_phone_on_its_side_shows_the_hint_under_the_board(game, size, royals):
    """What to do next was a scroll below the board, supply, pyramid and royal cards (with all
    four royal cards, a column of them was taller than the pyramid: they go two by two; below
    720px they are a row below the board, beside the hint, no longer above it)."""
    width, height = size
    game.set_viewport_size({"width": width, "height": height})
    state = mid_duel() if royals == 3 else position()
    load(game, state, [("Ana", "human"), ("Hard", "hard")])
    expect(game.locator("#t-nobles .card--royal")).to_have_count(royals)
    expect(game.locator("#t-actions .hint")).to_be_visible()
    assert_table_in_view(game, width)
    assert game.locator("#t-bank .cell").first.bounding_box()["width"] >= 30


def test_the_board_stays_put_when_the_first_move_is_told(game):
    game.set_viewport_size({"width": 1366, "height": 768})
    load_classic(game, classic_position(current=0), [("Ava", "human"), ("Robo", "easy")])
    wait_my_turn(game)
    expect(game.locator("#t-last")).to_have_text("No moves yet: Ava begins.")
    before = game.locator("#t-market").bounding_box()["y"]
    take_gems(game)
    wait_my_turn(game)
    expect(game.locator("#t-last")).to_contain_text("Robo took")
    assert game.locator("#t-market").bounding_box()["y"] == before


def test_a_long_last_move_stays_beside_the_players_column(game):
    """Three moves told at once, with long Georgian names: the line ends in "…"; it used to
    widen the turn and last-move lines under the players' column, hiding the round."""
    game.set_viewport_size({"width": 1366, "height": 768})
    game.select_option("#lang", "ka")
    names = ["ალექსანდრე ჯავახიშვილი", "ბართლომე მესხიშვილიძე", "კონსტანტინე გამსახურდია", "ანა"]
    seats = list(zip(names, ["human", "easy", "easy", "easy"]))
    load_classic(game, classic_position(players=4, current=0), seats)
    wait_my_turn(game)
    take_gems(game)
    wait_my_turn(game)
    expect(game.locator("#t-last .last-entry")).to_have_count(3)
    side = game.locator(".side-area").bounding_box()
    for region in ["#t-status", "#t-last"]:
        box = game.locator(region).bounding_box()
        assert box["x"] + box["width"] <= side["x"], (region, box, side)
    expect(game.locator("#t-status .status-turn")).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("size", [(1366, 657), (1024, 640), (960, 640)])
def test_a_duel_fits_a_laptop_screen(game, size):
    width, height = size
    game.set_viewport_size({"width": width, "height": height})
    start_duel(game)
    wait_my_turn(game)
    take_a_line(game)
    wait_my_turn(game)
    expect(game.locator("#t-nobles .card--royal")).to_have_count(4)
    assert_table_in_view(game, width)
    assert game.evaluate("document.documentElement.scrollHeight") <= height
    game.locator("#t-bank .cell[data-pick]:not([data-gem='y'])").first.click()
    assert game.evaluate("window.scrollY") == 0
    expect(game.locator("#t-actions [data-action^='take ']")).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("size", [(1024, 768), (1080, 810)])
def test_a_duel_fits_a_tablet_in_landscape(game, size):
    width, height = size
    game.set_viewport_size({"width": width, "height": height})
    start_duel(game)
    wait_my_turn(game)
    take_a_line(game)
    wait_my_turn(game)
    assert_table_in_view(game, width)
    assert game.evaluate("document.documentElement.scrollHeight") <= height
    side = game.locator(".side-area").bounding_box()
    for part in ["#t-status", "#t-last", "#t-bank", "#t-market .card-row"]:
        for box in (item.bounding_box() for item in game.locator(part).all()):
            assert box["x"] + box["width"] <= side["x"], (part, box, side)


def test_a_duel_on_a_tall_tablet_puts_the_board_above_larger_cards(game):
    """1024x1366 (a large tablet upright): side by side, the cards were 62px wide."""
    game.set_viewport_size({"width": 1024, "height": 1366})
    start_duel(game)
    wait_my_turn(game)
    take_a_line(game)
    wait_my_turn(game)
    assert_table_in_view(game, 1024)
    bank = game.locator("#t-bank").bounding_box()
    market = game.locator("#t-market").bounding_box()
    assert bank["y"] + bank["height"] <= market["y"]
    card = game.locator("#t-market .card[data-card]").first.bounding_box()
    assert card["width"] >= 90


@pytest.mark.parametrize(
    "size,card", [((1180, 820), 78), ((1280, 800), 88), ((1366, 1024), 98), ((1440, 900), 100)]
)
def test_a_duel_on_a_tablet_on_its_side_or_a_16_10_screen_keeps_its_cards_large(game, size, card):
    """With the royal cards beside the pyramid the cards sized by the width alone, a fifth
    smaller than with the royal cards above it (65 px at 1180x820, the screen's foot empty)."""
    width, height = size
    game.set_viewport_size({"width": width, "height": height})
    load(game, mid_duel(), [("Ana", "human"), ("Hard", "hard")])
    assert game.locator("#t-market .card[data-card]").first.bounding_box()["width"] >= card
    assert_table_in_view(game, width, [*BOARD_REGIONS, "#t-actions"])
    market, side = (
        game.locator("#t-market").bounding_box(),
        game.locator(".side-area").bounding_box(),
    )
    assert market["x"] + market["width"] <= side["x"]


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1440, 900), (1920, 1080)])
def test_a_duel_table_stays_clear_of_the_side_column(game, size):
    """Wider than the page's 1400px, cards used to size by the screen and ran under the column."""
    width, height = size
    game.set_viewport_size({"width": width, "height": height})
    start_duel(game)
    wait_my_turn(game)
    for lang in ["en", "fa"]:  # in Persian the column is on the left
        game.select_option("#game-lang", lang)
        side = game.locator(".side-area").bounding_box()
        rows = [row.bounding_box() for row in game.locator("#t-market .card-row").all()]
        assert len(rows) == 3
        parts = [*rows, *(game.locator(p).bounding_box() for p in ["#t-status", "#t-nobles"])]
        if lang == "en":
            assert max(part["x"] + part["width"] for part in parts) <= side["x"]
        else:
            assert min(part["x"] for part in parts) >= side["x"] + side["width"], lang


def mid_duel():
    """Both seats mid-game: cards in five colours, a royal card, reserves (one blind), tokens."""
    return position(
        tokens=("wwbgrkpy", "wbbgrrkp"),
        cards=(
            ["1w1", "1b2", "1g3", "2r2", "1k4", "2w2"],
            ["1w3", "1b3", "2g2", "1r3", "2k2", "3w2", "1k1"],
        ),
        reserved=(["2b4", "3g1"], ["3r1", "2k3", "1g4"]),
        blind=([], ["1g4"]),
        royals=(["r1"], []),
        privileges=(1, 1),
    )


def late_duel():
    """Both seats late in a game: cards in seven stacks (two rows in a 300px column), two
    royal cards and three reserves for the viewer, one royal card and three for the bot."""
    return position(
        tokens=("wwbgrkpy", "wbbgrrkp"),
        cards=(
            ["1w1", "1b2", "1g3", "2r2", "1k4", "2w2", "1j1", "1n1", "2b1", "1r1"],
            ["1w3", "1b3", "2g2", "1r3", "2k2", "3w2", "1k1", "2j1", "2n1", "1g1"],
        ),
        jokers=({"1j1": "g"}, {"2j1": "r"}),
        reserved=(["2b4", "3g1", "1g4"], ["3r1", "2k3", "1g5"]),
        blind=([], ["1g5"]),
        royals=(["r1", "r2"], ["r3"]),
        privileges=(1, 1),
    )


@pytest.mark.parametrize("size", [(1024, 640), (960, 640)])
def test_a_duel_on_a_short_laptop_shows_both_players_summaries(game, size):
    """The board, the pyramid and both players' points, crowns and tokens in one view: late in
    a game the opponent's panel was below the fold of the column. Each panel's cards scroll
    inside it instead, the page staying put."""
    width, height = size
    game.set_viewport_size({"width": width, "height": height})
    load(game, late_duel(), [("Ana", "human"), ("Hard", "hard")])
    assert_table_in_view(game, width, ["#t-status", "#t-bank", "#t-market", "#t-actions"])
    side = game.locator(".side-area").bounding_box()
    bottom = min(side["y"] + side["height"], height)
    above = side["y"]
    for n in (0, 1):
        player = game.locator(f"#t-players .player[data-seat='{n}']")
        for part in [".player-head", ".victory", ".holdings"]:
            box = player.locator(part).bounding_box()
            assert above <= box["y"] and box["y"] + box["height"] <= bottom, (n, part, box, side)
        box = player.bounding_box()
        above = box["y"] + box["height"]  # the panels do not overlap
        assert above <= bottom, (n, box, side)
    for n in (0, 1):  # every card is still there, in reach
        stack = game.locator(f"#t-players .player[data-seat='{n}'] .card-stack").last
        stack.scroll_into_view_if_needed()
        expect(stack).to_be_in_viewport(ratio=0.9)  # the box scrolled: a stack's height
    assert game.evaluate("window.scrollY") == 0


def test_on_a_very_big_screen_the_players_pieces_grow_with_the_text(game):
    """At 2560x1440 the text is a quarter larger and the column 450 px, but the players' tokens
    (30 px), bonuses and cards (46 px) kept their laptop sizes beside 200 px cards."""
    game.set_viewport_size({"width": 2560, "height": 1440})
    load(game, late_duel(), [("Ana", "human"), ("Hard", "hard")])
    me = game.locator("#t-players .player[data-seat='0']")
    assert me.locator(".holding .token").first.bounding_box()["width"] >= 36
    assert me.locator(".holding .bonus-count").first.bounding_box()["height"] >= 42
    stacks = [box["y"] for box in (s.bounding_box() for s in me.locator(".card-stack").all())]
    assert len(stacks) == 6 and len(set(stacks)) == 1, stacks  # one row
    assert me.locator(".card--mini").first.bounding_box()["width"] >= 54
    side = game.locator(".side-area")
    assert side.evaluate("e => e.scrollWidth - e.clientWidth") == 0
    assert game.evaluate("document.documentElement.scrollHeight") <= 1440


@pytest.mark.parametrize("size", [(1366, 768), (1280, 720)])
def test_a_duel_shows_both_players_goals_and_reserves_on_a_laptop(game, size):
    width, height = size
    game.set_viewport_size({"width": width, "height": height})
    load(game, mid_duel(), [("Ana", "human"), ("Hard", "hard")])
    side = game.locator(".side-area").bounding_box()
    top, bottom = side["y"], side["y"] + side["height"]
    assert bottom <= height
    for n in (0, 1):
        player = game.locator(f"#t-players .player[data-seat='{n}']")
        expect(player.locator(".goal")).to_have_count(3)
        expect(player.locator(".player-row-cards > .card--mini")).to_have_count(3)
        for part in [".player-head", ".victory", ".holdings", "[data-row='reserved']"]:
            box = player.locator(part).bounding_box()
            assert top <= box["y"] and box["y"] + box["height"] <= bottom, (n, part, box, side)


def test_a_duel_end_screen_shows_the_chart_beside_the_ranking(game):
    game.set_viewport_size({"width": 1366, "height": 768})
    load(game, winning_position())
    play_simple_turn(game)  # buys the winning card
    game.wait_for_function(MY_TURN)
    assert game.get_attribute("#game", "data-pending") == "over"
    ranking = game.locator("#t-end .end-main").bounding_box()
    chart = game.locator("#t-end .end-chart").bounding_box()
    assert chart["x"] >= ranking["x"] + ranking["width"]
    for part in [".end-main", ".end-chart", ".end-actions"]:
        expect(game.locator(f"#t-end {part}")).to_be_in_viewport(ratio=1)
    # a constructed position has no record: no Replay button that would do nothing
    expect(game.locator("#t-end [data-command='replay-game']")).to_be_hidden()


@pytest.mark.parametrize("size", [(640, 360), (740, 360), (844, 390)])
def test_on_a_phone_on_its_side_a_four_player_end_screen_fits_the_first_view(game, size):
    """The 520 px chart beside the ranking left the ranking a word wide at 640x360 (names
    cut letter by letter, the buttons far below) and put Play again below the fold at 844x390."""
    width, height = size
    game.set_viewport_size({"width": width, "height": height})
    state = classic_position(
        players=4,
        current=3,  # the last seat of the round, on 14 points, buys a 1-point card
        purchased=[[], [], [], ["3w1", "3w2", "3w3", "3b1"]],
        tokens=["", "", "", "kkkk"],
        table=["1w8"],
    )
    seats = [("Alexandra", "medium"), ("Robo", "medium"), ("Zed", "hard"), ("Ana", "human")]
    load_classic(game, state, seats)
    game.click("#t-market [data-select='1w8']")
    game.click("#t-actions [data-action='buy 1w8']")
    end = game.locator("#t-end")
    expect(end.locator(".end-headline")).to_have_text("Ana wins!")
    # a recorded game also offers Replay: the three buttons must fit as well
    end.locator("[data-command='replay-game']").evaluate("b => { b.hidden = false; }")
    ranking = end.locator(".end-main").bounding_box()
    chart = end.locator(".end-chart").bounding_box()
    assert chart["x"] >= ranking["x"] + ranking["width"]
    assert ranking["width"] >= 0.4 * end.bounding_box()["width"], ranking
    for part in [".end-headline", ".ranking", ".end-actions", ".chart", ".chart-legend"]:
        expect(end.locator(part)).to_be_in_viewport(ratio=1)
    buttons = end.locator(".end-actions .btn").all()
    assert len({round(b.bounding_box()["y"]) for b in buttons}) == 1  # one row


def shown_and_whole(texts) -> list[list[float]]:
    """[shown width, whole width] of each text: one cut by an ellipsis is narrower than its
    text (a fraction of a pixel is enough, and scrollWidth does not tell), so a copy is laid
    out whole beside it and measured."""
    return texts.evaluate_all(
        """els => els.map(e => {
            const copy = e.cloneNode(true);
            copy.style.cssText = "position: absolute; visibility: hidden; max-inline-size: none;"
                + "inline-size: max-content; overflow: visible";
            e.parentNode.append(copy);
            const whole = copy.getBoundingClientRect().width;
            copy.remove();
            return [e.getBoundingClientRect().width, whole];
        })"""
    )


@pytest.mark.parametrize("lang", ["en", "ka", "fa"])
@pytest.mark.parametrize("size", [(1366, 768), (390, 844), (360, 740)])
def test_duel_default_names_are_shown_whole_beside_a_bots_badge(game, lang, size):
    # "Player 2" was cut to "Playe…" by the "Bot: medium" badge, worse in Georgian.
    game.set_viewport_size(dict(zip(("width", "height"), size)))
    game.select_option("#lang", lang)
    start_duel(game, [("", "human"), ("", "medium")])
    names = game.locator("#t-players .player-name")
    expect(names).to_have_count(2)
    widths = shown_and_whole(names)
    assert all(shown >= whole - 0.01 for shown, whole in widths), widths
    heads = game.locator("#t-players .player-head")
    assert heads.evaluate_all("els => els.every(e => e.scrollWidth <= e.clientWidth)")
    badge = game.locator("#t-players .player[data-seat='1'] .player-kind")
    assert badge.evaluate("e => e.scrollWidth <= e.clientWidth")  # the level whole, not "Bot: …"
    expect(badge).to_have_attribute("title", re.compile(": "))  # "Bot: medium" in full


def within(inner: dict, outer: dict) -> bool:
    """One bounding box wholly inside another."""
    return all(
        outer[start] <= inner[start] and inner[start] + inner[size] <= outer[start] + outer[size]
        for start, size in [("x", "width"), ("y", "height")]
    )


def test_the_buy_buttons_payment_is_legible(game):
    """The gems the gold Buy button pays: each was a 13 px gem under a number as large as it,
    on a dark disc; now the gem fills its pip, the number on it, as on a card."""
    game.set_viewport_size({"width": 1366, "height": 768})
    state = classic_position(current=0, tokens=["wggkybr", ""])
    load_classic(game, state, [("Ava", "human"), ("Robo", "easy")])
    wait_my_turn(game)
    game.locator("#t-market .card[data-card='1w4']").click()  # 1 white, 3 green, 1 black
    buy = game.locator("#t-actions [data-action='buy 1w4']")
    expect(buy.locator(".pip b")).to_have_text(["1", "2", "1", "1"])  # a gold for a green
    button = buy.bounding_box()
    assert button["height"] <= 48  # still one line, the bar's other buttons' height
    for pip in buy.locator(".pip").all():
        disc, shape = pip.bounding_box(), pip.locator(".gem").bounding_box()
        digit = pip.locator("b").bounding_box()
        assert shape["width"] >= 22 and shape["width"] >= 0.8 * disc["width"], (disc, shape)
        assert float(pip.locator("b").evaluate("e => getComputedStyle(e).fontSize")[:-2]) >= 14
        assert within(digit, shape) and within(disc, button), (digit, shape, disc, button)
    expect(buy).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("size", [(1366, 768), (1024, 640), (390, 844)])
def test_a_long_persian_name_ends_in_an_ellipsis_beside_a_whole_badge(game, size):
    """The badges, "you" (شما) and the bot's level, were cut to one letter beside long names."""
    game.set_viewport_size(dict(zip(("width", "height"), size)))
    game.select_option("#lang", "fa")
    long_names = ["محمدرضا شجریان اصفهانی", "عبدالحسین زرین‌کوب تهرانی"]
    start_duel(game, list(zip(long_names, ["human", "medium"])))
    badges = game.locator("#t-players .player-kind")
    expect(badges).to_have_text(["شما", re.compile("متوسط$")])  # "Bot: medium" for a reader
    widths = shown_and_whole(badges)
    assert all(shown >= whole - 0.01 for shown, whole in widths), widths
    names = shown_and_whole(game.locator("#t-players .player-name"))
    assert all(shown < whole for shown, whole in names), names  # the names give way
    heads = game.locator("#t-players .player-head")
    assert heads.evaluate_all("els => els.every(e => e.scrollWidth <= e.clientWidth)")


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_names_without_spaces_wrap_and_never_widen_the_page(game, size):
    """A 24-letter name in the log widened the players' column past the screen's edge (both
    panels cut), and on a phone the end screen scrolled sideways."""
    width, height = size
    game.set_viewport_size({"width": width, "height": height})
    load(game, winning_position(), [("W" * 24, "human"), ("Ш" * 24, "medium")])
    play_simple_turn(game)  # buys the winning card: the log and the ranking name the winner
    game.wait_for_function(MY_TURN)
    assert game.get_attribute("#game", "data-pending") == "over"
    assert game.evaluate("document.documentElement.scrollWidth") <= width
    for part in ["#t-end", "#t-last", "#t-players", ".log-panel"]:
        box = game.locator(part).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (part, box)


@pytest.mark.parametrize("size", [(640, 360), (844, 390), (360, 740)])
def test_long_names_leave_the_last_move_room_on_a_phone(game, size):
    """On a phone on its side the turn, the score line and the last move share one line: two
    24-letter names pushed the last move off the screen (the page scrolled sideways); upright
    on a small phone the turn's name ran past the screen's edge."""
    width, height = size
    game.set_viewport_size({"width": width, "height": height})
    load(game, mid_duel(), [("W" * 24, "human"), ("Ш" * 24, "medium")])
    assert game.evaluate("document.documentElement.scrollWidth") <= width
    for part in ["#t-status", "#t-scores", "#t-last"]:
        box = game.locator(part).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (part, box)
    assert game.locator("#t-last").bounding_box()["width"] >= 120
    assert game.locator("#t-status .status-text").bounding_box()["width"] >= 70  # "Your tu…"


@pytest.mark.parametrize("lang", ["ka", "fa"])
def test_short_names_stay_whole_in_the_score_line_of_a_small_phone_on_its_side(game, lang):
    """At 640x360 the longer Georgian turn squeezed the chips by a pixel: "Ava" read "A…"."""
    game.set_viewport_size({"width": 640, "height": 360})
    game.select_option("#lang", lang)
    load(game, mid_duel(), [("Ava", "human"), ("Bo", "medium")])
    names = game.locator("#t-scores .score-name")
    expect(names).to_have_text(["Ava", "Bo"])
    widths = shown_and_whole(names)
    assert all(shown >= whole - 0.01 for shown, whole in widths), widths
    assert game.evaluate("document.documentElement.scrollWidth") <= 640


SHORT, LONG = ["B", "C"], ["W" * 24, "M" * 24, "Ш" * 24]


@pytest.mark.parametrize(
    "size,lang,rivals",
    [((640, 360), "en", SHORT), ((640, 360), "ka", SHORT), ((1024, 640), "en", LONG)],
)
def test_the_rivals_moves_since_your_turn_are_in_sight(game, size, lang, rivals):
    """At 640x360 the line's label ("Since your turn:") and the round filled its room: not one
    rival's move was in sight (both go to screen readers only on a phone on its side); at any
    size a 24-letter name hid the next rivals' moves (a name is cut at 8em there)."""
    game.select_option("#lang", lang)
    game.set_viewport_size(dict(zip(("width", "height"), size)))
    game.click("label[for=game-classic]")  # the setup remembers the last game chosen
    start(game, [("Ana", "human"), *[(name, "easy") for name in rivals]])
    wait_my_turn(game)
    take_gems(game)
    wait_my_turn(game)
    last = game.locator("#t-last")
    pictures = last.locator(".last-pictures")
    expect(pictures).to_have_count(len(rivals))  # what each rival took, bought or reserved
    for box in [p.bounding_box() for p in pictures.all()]:
        assert within(box, last.bounding_box()), box
    expect(last.locator(".last-label")).to_have_text(re.compile(".+:$"))  # still read out
    assert game.evaluate("document.documentElement.scrollWidth") <= size[0]
