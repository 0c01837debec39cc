"""Playing Splendor Duel in the page: clicks and keys, from the setup form to the end screen,
and every decision (lines on the board, privileges, replenish, joker, royal card, discard).

One browser context is shared by the module (warm reloads); every test loads the page with
`?fast` (bots move without their visible pause) and fails on any console error or request
leaving the local server. (The test holding a bot mid-thought has its own context and clock,
without `?fast`.) Constructed positions come from the engine's own test helper and
reach the page through the `splendorApp.load` hook.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.duel.duel_helpers import position
from tests.pagecheck import PageGuard, wait_for_boot

pytestmark = pytest.mark.browser

MY_TURN = """() => {
  const g = document.getElementById('game');
  return g.dataset.pending === 'over' ||
    (g.dataset.handoff === '' && g.dataset.current === g.dataset.viewer &&
     g.dataset.thinking !== 'true');
}"""
SEATS = [("Ava", "human"), ("Robo", "easy")]
# Every colour four times, both pearls and the three golds; c3 (the centre) is black.
BOARD = "wbgrk bgrkw grkwb rkwbg ppyyy"


def load(page, state, seats=SEATS):
    """Put a constructed position on the table through the test hook; wait for the viewer."""
    seats_json = json.dumps([{"name": n, "kind": k} for n, k in seats])
    assert page.evaluate("([s, p]) => splendorApp.load(s, p)", [state.to_json(), seats_json]) == ""
    page.wait_for_function(MY_TURN)


def moves(page) -> str:
    return page.get_attribute("#game", "data-moves")


def wait_moved(page, before: str) -> None:
    page.wait_for_function(f"document.getElementById('game').dataset.moves !== '{before}'")


def cell(page, name: str):
    return page.locator(f"#t-bank .cell[data-cell='{name}']")


def seat(page, n: int):
    return page.locator(f"#t-players .player[data-seat='{n}']")


def take_a_line(page):
    """Pick selectable cells (never gold) until no cell extends the line, then confirm."""
    for _ in range(3):
        free = page.locator("#t-bank .cell[data-pick][aria-pressed='false']:not([data-gem='y'])")
        if not free.count():
            break
        free.first.click()
    page.locator("#t-actions [data-action^='take ']").click()


def play_simple_turn(page):
    """Buy the first affordable card, else take a line, else whatever is forced."""
    dialog = page.locator("#t-dialog")
    if dialog.is_visible():
        if dialog.locator("[data-pick]").count():  # discard above ten
            while not dialog.locator(".modal-actions [data-action]").count():
                dialog.locator("[data-pick].is-selectable").first.click()
            dialog.locator(".modal-actions [data-action]").click()
        else:  # joker colour, steal, royal card
            dialog.locator("[data-action]").first.click()
        return
    if page.locator("#t-bank [data-action^='token ']").count():
        page.locator("#t-bank [data-action^='token ']").first.click()
        return
    affordable = page.locator("#game .card.is-affordable[data-select]")
    if affordable.count():
        affordable.first.click()
        page.locator("#t-actions [data-action^='buy ']").click()
    elif page.locator("#t-bank .cell[data-pick]:not([data-gem='y'])").count():
        take_a_line(page)
    elif page.locator("#t-actions [data-action]").count():  # forced replenish or pass
        page.locator("#t-actions [data-action]").first.click()
    else:  # only a reserve is left: a gold, then a card
        page.locator("#t-bank .cell[data-gem='y'][data-pick]").first.click()
        page.locator("#t-market [data-action^='reserve ']").first.click()


def test_a_duel_against_a_bot_is_played_by_clicks_to_the_end(game):
    game.click("label[for=game-duel]")
    expect(game.locator("#name2")).to_be_hidden()
    expect(game.locator("#target")).to_be_hidden()
    game.fill("#name0", "Ava")
    game.select_option("#kind0", "human")
    game.fill("#name1", "Robo")
    game.select_option("#kind1", "easy")
    game.click("#start")
    expect(game.locator("#t-bank .duel-board .cell")).to_have_count(25)
    expect(game.locator("#t-market .pyramid .card-row")).to_have_count(3)
    expect(game.locator("#t-nobles .card--royal")).to_have_count(4)
    for _ in range(400):
        game.wait_for_function(MY_TURN)
        if game.get_attribute("#game", "data-pending") == "over":
            break
        before = moves(game)
        play_simple_turn(game)
        wait_moved(game, before)
    end = game.locator("#t-end")
    expect(end).to_contain_text("Game over")
    expect(end.locator(".end-victory")).to_contain_text("Victory: ")
    assert sorted(end.locator(".rank-name").all_text_contents()) == ["Ava", "Robo"]
    expect(end.locator("svg.chart polyline")).to_have_count(2)
    state = json.loads(game.evaluate("splendorApp.state()"))
    assert state["game"] == "duel" and state["pending"] == "over"
    assert game.locator("#t-log li").count() >= 10
    for n in (0, 1):
        expect(seat(game, n).locator(".goal")).to_have_count(3)


KEPT = """() => [document.querySelector('#t-log li'),
                 document.querySelector("#t-players .player[data-seat='0'] .player-name")]"""


def test_a_move_rewrites_only_what_changed_and_the_log_shows_the_newest_move(game):
    start_duel(game)
    for turn in range(4):
        game.wait_for_function(MY_TURN)
        if turn == 2:  # the first line of the log and a name: the same elements later on
            game.evaluate(f"({KEPT})().forEach((element) => {{ element.kept = 'yes'; }})")
            lines = game.locator("#t-log li").count()
        before = moves(game)
        play_simple_turn(game)
        wait_moved(game, before)
    game.wait_for_function(MY_TURN)
    assert game.evaluate(f"({KEPT})().map((element) => element.kept)") == ["yes", "yes"]
    assert game.locator("#t-log li").count() > lines
    assert game.evaluate(
        "(({scrollTop, clientHeight, scrollHeight}) => scrollTop + clientHeight >= scrollHeight - 1)"
        "(document.getElementById('t-log'))"
    )
    # scrolled, Chromium makes the log a Tab stop: it is named by its heading
    expect(game.locator("#t-log")).to_have_accessible_name("Game log")


def test_a_line_is_chosen_on_the_board_and_an_illegal_cell_is_refused(game):
    load(game, position(board=BOARD, player=0))
    expect(cell(game, "e5")).to_have_attribute("data-pick", "e5")  # a gold starts a reserve
    cell(game, "c3").click()
    expect(cell(game, "c3")).to_have_attribute("aria-pressed", "true")
    # a2 is on no line through c3: not selectable, and a click on it changes nothing.
    expect(cell(game, "a2")).to_be_disabled()
    cell(game, "a2").dispatch_event("click")
    expect(game.locator("#t-bank .cell[aria-pressed='true']")).to_have_count(1)
    expect(cell(game, "e5")).to_be_disabled()  # no gold while taking tokens
    for name in ("a1", "c1", "a3", "e3", "b4"):
        expect(cell(game, name)).to_be_enabled()
    cell(game, "d3").click()
    # Along the row only: b3 or e3 may still be added, c2 may not.
    expect(cell(game, "c2")).to_be_disabled()
    expect(cell(game, "b3")).to_be_enabled()
    cell(game, "e3").click()
    confirm = game.locator("#t-actions [data-action]")
    expect(confirm).to_have_attribute("data-action", "take c3 d3 e3")
    expect(cell(game, "b3")).to_be_disabled()  # three is the most
    confirm.click()
    expect(game.locator("#t-log")).to_contain_text("Ava took 1 white, 1 blue, 1 black")
    expect(seat(game, 0).locator(".player-stats")).to_contain_text("3/10")
    expect(cell(game, "c3")).to_be_disabled()


def test_privileges_are_spent_on_board_tokens(game):
    load(game, position(board=BOARD, privileges=(2, 0), player=0))
    expect(seat(game, 0).locator(".privileges")).to_have_attribute("aria-label", "Privileges: 2")
    game.click("#t-bank [data-select='privilege']")
    expect(game.locator("#t-actions")).to_contain_text("For each privilege you return")
    expect(cell(game, "e5")).to_be_disabled()  # never gold
    cell(game, "a2").click()
    expect(game.locator("#t-log")).to_contain_text("Ava used privileges and took 1 blue")
    expect(seat(game, 0).locator(".privileges")).to_have_attribute("aria-label", "Privileges: 1")
    expect(cell(game, "a2")).to_have_class("cell is-last is-empty")
    # The turn goes on: the mandatory action is still to come.
    assert game.get_attribute("#game", "data-current") == "0"
    before = moves(game)
    take_a_line(game)
    wait_moved(game, before)
    expect(game.locator("#t-log")).to_contain_text("Ava took")


def test_replenishing_warns_then_gives_the_opponent_a_privilege(game):
    board = "wbgrk bgrkw ..... ..... ....."
    load(game, position(board=board, player=0))
    expect(game.locator("#t-bank .bag")).to_have_attribute("aria-label", "Tokens in the bag: 15")
    game.click("#t-bank [data-select='replenish']")
    warning = game.locator("#t-actions .banner--warn")
    expect(warning).to_have_text("Replenishing the board gives your opponent 1 privilege.")
    game.click("#t-actions [data-action='replenish']")
    expect(game.locator("#t-log")).to_contain_text("Ava replenished the board")
    expect(game.locator("#t-log")).to_contain_text("Robo gains a privilege")
    expect(seat(game, 1).locator(".privileges")).to_have_attribute("aria-label", "Privileges: 1")
    expect(game.locator("#t-bank .cell.is-empty")).to_have_count(0)
    expect(game.locator("#t-bank [data-select='replenish']")).to_have_count(0)  # once a turn


def on_the_page(locator) -> list[float]:
    """The element's box in page coordinates (unchanged when only the page scrolls)."""
    return locator.evaluate(
        "e => { const r = e.getBoundingClientRect(); return [r.x + scrollX, r.y + scrollY, r.width, r.height]; }"
    )


@pytest.mark.parametrize("size", [(1024, 768), (1366, 657), (844, 390)])
def test_the_board_keeps_its_place_when_the_optional_actions_are_spent(game, size):
    # The supply's two buttons stand above the board (beside it on a phone on its side): one
    # that went away when spent (or on the opponent's turn) pulled the board under the
    # player's pointer. 1366x657 is a 1366x768 laptop's browser, where they were hidden.
    width, height = size
    game.set_viewport_size({"width": width, "height": height})
    load(game, position(board="wbgrk bgrkw ..... ..... .....", privileges=(1, 0), player=0))
    board = game.locator("#t-bank .cell[data-cell='e5']")
    where = on_the_page(board)  # a phone scrolls to the move's button: the page, not the board
    game.click("#t-bank [data-select='privilege']")
    cell(game, "a2").click()
    expect(game.locator("#t-log")).to_contain_text("Ava used privileges")
    expect(game.locator("#t-bank .supply .btn").filter(has_text="Use a privilege")).to_be_disabled()
    assert on_the_page(board) == where
    game.click("#t-bank [data-select='replenish']")
    game.click("#t-actions [data-action='replenish']")
    expect(game.locator("#t-log")).to_contain_text("Ava replenished the board")
    replenish = game.locator("#t-bank .supply .btn").filter(has_text="Replenish the board")
    expect(replenish).to_be_disabled()  # once a turn
    assert on_the_page(board) == where


def test_a_joker_card_is_placed_on_a_chosen_colour(game):
    pyramid = [
        ["1j1", "1w1", "1b2", "1g2", "1r2"],
        ["2w1", "2b1", "2g1", "2r1"],
        ["3w1", "3b1", "3g1"],
    ]
    state = position(
        board=BOARD, cards=(["1r1", "1b1"], []), tokens=("wwbgp", ""), pyramid=pyramid, player=0
    )
    load(game, state)
    game.click("#t-market [data-select='1j1']")
    game.click("#t-actions [data-action='buy 1j1']")
    dialog = game.locator("#t-dialog")
    expect(dialog).to_contain_text("Choose the joker's colour")
    expect(dialog.locator("[data-action^='joker ']")).to_have_count(2)  # blue or red
    dialog.get_by_role("button", name="red, Bonuses: 1", exact=True).click()  # not "red 1"
    expect(dialog).to_be_hidden()
    red = seat(game, 0).locator(".card-stack[data-gem='r'] .card")
    expect(red).to_have_count(2)
    expect(game.locator("#t-log")).to_contain_text("Ava placed the joker card on red")


def test_a_royal_card_is_taken_at_three_crowns(game):
    pyramid = [
        ["1g4", "1w1", "1b2", "1g2", "1r2"],
        ["2w1", "2b1", "2g1", "2r1"],
        ["3w1", "3b1", "3g1"],
    ]
    state = position(
        board=BOARD, cards=(["1w4", "1b4"], []), tokens=("bb", ""), pyramid=pyramid, player=0
    )
    load(game, state)
    game.click("#t-market [data-select='1g4']")
    game.click("#t-actions [data-action='buy 1g4']")
    dialog = game.locator("#t-dialog")
    expect(dialog).to_contain_text("You have 3 crowns: take a royal card.")
    expect(dialog).to_have_accessible_description("You have 3 crowns: take a royal card.")
    expect(dialog.locator("[data-action^='royal ']")).to_have_count(4)
    said = dialog.aria_snapshot()  # each royal card once: its button, not a figure and caption
    assert said.count("Royal card") == 4 and "figure" not in said, said
    dialog.get_by_role("button", name="Undo the move").click()  # a way back without Ctrl+Z
    expect(dialog).to_be_hidden()
    game.click("#t-market [data-select='1g4']")
    game.click("#t-actions [data-action='buy 1g4']")
    dialog.locator("[data-action='royal r4']").click()
    expect(dialog).to_be_hidden()
    expect(seat(game, 0).locator(".card--royal[data-royal='r4']")).to_have_count(1)
    expect(game.locator("#t-nobles .card--royal")).to_have_count(3)
    expect(game.locator("#t-log")).to_contain_text("Ava took a royal card (+3 points)")
    expect(seat(game, 0).locator(".player-points")).to_have_text("3")


def open_discard(game):
    """Ava at ten tokens takes two more: the discard dialog (return 2) opens; return it."""
    board = "wbgrk bgrkw ..... ..... ppyyy"
    load(game, position(board=board, tokens=("wbgrkwbgrk", ""), player=0))
    cell(game, "a1").click()
    cell(game, "b1").click()
    game.click("#t-actions [data-action='take a1 b1']")
    return game.locator("#t-dialog")


def test_the_discard_dialog_returns_exactly_the_excess(game):
    dialog = open_discard(game)
    expect(dialog).to_contain_text("You have 12 tokens; return 2.")
    confirm = dialog.locator(".modal-actions .btn--primary")
    expect(confirm).to_be_disabled()
    dialog.locator("[data-pick='k']").click()
    expect(game.locator("#announce")).to_have_text("Still to return: 1")
    expect(confirm).to_be_disabled()
    dialog.locator("[data-pick='w']").click()
    expect(dialog.locator("[data-pick]:not(.is-selected)")).to_have_count(0)
    expect(confirm).to_have_attribute("data-action", "discard wk")
    confirm.click()
    expect(dialog).to_be_hidden()
    expect(seat(game, 0).locator(".player-stats")).to_contain_text("10/10")
    expect(game.locator("#t-log")).to_contain_text("Ava returned 1 white, 1 black to the bag")


# Where the focus is: "in" a control of the open dialog, "out" a control of the page behind it,
# "body" the document itself (Chromium's stop for its own toolbar: headless, it has none).
WHERE = """(d) => { const e = document.activeElement;
  return e === document.body ? 'body' : d.contains(e) ? 'in' : 'out'; }"""


def tab_stays_in(page, selector: str) -> None:
    """Tab and Shift+Tab twice round the dialog: the focus never reaches the page behind it,
    and every control of the dialog is reached both ways."""
    dialog = page.locator(selector)
    controls = dialog.locator("button:not([disabled]):visible, input:visible").count()
    for key in ("Tab", "Shift+Tab"):
        reached = set()
        for _ in range(2 * (controls + 1)):
            page.keyboard.press(key)
            where = dialog.evaluate(WHERE)
            assert where != "out", (key, page.evaluate(FOCUSED))
            if where == "in":
                reached.add(page.evaluate("document.activeElement.outerHTML"))
        assert len(reached) == controls, (key, reached)


def test_the_discard_dialog_keeps_the_keyboard_and_escape_never_closes_it(game):
    dialog = open_discard(game)
    expect(dialog.locator("[data-pick='w']")).to_be_focused()
    tab_stays_in(game, "#t-dialog")
    dialog.locator("[data-pick='w']").focus()
    game.keyboard.press("Enter")
    expect(dialog.locator("[data-pick='w']")).to_have_attribute("aria-pressed", "true")
    game.keyboard.press("Escape")  # clears the pick, not the dialog
    expect(dialog.locator("[data-pick='w']")).to_have_attribute("aria-pressed", "false")
    # Chromium closes a modal dialog on an Escape pressed again and again (without a click or
    # another key between), whatever its cancel handler says: the decision asks again
    for _ in range(4):
        game.keyboard.press("Escape")
    expect(dialog).to_be_visible()
    expect(dialog.locator(":focus")).to_have_count(1)
    game.wait_for_function("document.getElementById('t-dialog').matches(':modal')")
    tab_stays_in(game, "#t-dialog")


def test_the_invite_dialog_keeps_the_keyboard_and_escape_closes_it(game):
    game.click("label[for=game-duel]")
    game.fill("#name0", "Ann")
    game.fill("#name1", "Bo")
    game.click("#invite-new")
    expect(game.locator("#invite-link")).to_be_focused()
    tab_stays_in(game, "#invite")
    game.keyboard.press("Escape")  # only a link to copy: it may be closed
    expect(game.locator("#invite")).to_be_hidden()
    expect(game.locator("#t-bank .cell:focus")).to_have_count(1)  # back on the turn's first step


def start_duel(page, seats=SEATS):
    """Choose the Duel on the setup form, fill the seats and start."""
    page.click("label[for=game-duel]")
    for i, (name, kind) in enumerate(seats):
        page.fill(f"#name{i}", name)
        page.select_option(f"#kind{i}", kind)
    page.click("#start")
    expect(page.locator("#t-bank .duel-board .cell")).to_have_count(25)


def test_a_duel_is_named_saved_continued_after_a_reload_and_undone(game, site_server):
    game.evaluate("localStorage.clear()")
    start_duel(game)
    expect(game.get_by_role("heading", level=1)).to_have_text("Splendor Duel")
    assert game.title() == "Splendor Duel"
    for _ in range(2):
        game.wait_for_function(MY_TURN)
        before = moves(game)
        play_simple_turn(game)
        wait_moved(game, before)
    game.wait_for_function(MY_TURN)
    state, count = game.evaluate("splendorApp.state()"), moves(game)
    assert len(json.loads(game.evaluate("localStorage.getItem('splendor.save')"))["moves"]) == int(
        count
    )

    game.goto("about:blank")
    game.goto(site_server + "?fast")
    assert wait_for_boot(game) == "ready", game.text_content("#boot-problem")
    offer = game.locator("#continue")
    expect(offer).to_contain_text("Continue Splendor Duel: Ava, Robo, turn")
    offer.click()
    game.wait_for_function(MY_TURN)
    assert moves(game) == count and game.evaluate("splendorApp.state()") == state
    expect(game.locator("#game-title")).to_have_text("Splendor Duel")

    play_simple_turn(game)  # one decision of Ava's (and the bot's reply, if any) ...
    wait_moved(game, count)
    game.wait_for_function(MY_TURN)
    game.locator("#game [data-command='undo']").click()  # ... taken back
    game.wait_for_function(f"document.getElementById('game').dataset.moves === '{count}'")
    assert game.evaluate("splendorApp.state()") == state


FOCUSED = (
    "(() => { const e = document.activeElement; return {pick: e.dataset.pick || '', "
    "pressed: e.getAttribute('aria-pressed') || '', gem: e.dataset.gem || '', "
    "action: e.dataset.action || '', "
    "outline: getComputedStyle(e).outlineStyle}; })()"
)


def tab_until(page, wanted, limit: int = 60) -> dict:
    """Press Tab until the focused element satisfies wanted(focused info); return that info."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if wanted(focused):
            return focused
    raise AssertionError("no such element reachable by Tab")


def take_by_keyboard(game) -> None:
    """Play one line from the board with Tab and Enter alone, from the turn's first focus."""
    focused = game.evaluate(FOCUSED)
    assert focused["pick"], "a board cell has the focus when the turn starts"
    assert focused["outline"] != "none"
    before = moves(game)
    game.keyboard.press("Enter")  # pick the focused token
    # A line of up to three (a far end needs its middle too); the first focused cell
    # may be a gold, which the first gem picked replaces. Other golds are skipped: picking
    # one only moves the reserve's gold, so gold to gold never reaches a take.
    for _ in range(4):
        found = tab_until(
            game,
            lambda f: (
                f["action"].startswith("take ")
                or (f["pick"] and f["pressed"] == "false" and f["gem"] != "y")
            ),
        )
        if found["action"]:
            break
        game.keyboard.press("Enter")  # another token in line with those picked
    assert found["action"].startswith("take ")
    game.keyboard.press("Enter")  # confirm the line
    wait_moved(game, before)


def test_turns_are_played_by_keyboard_alone(game):
    game.click("label[for=game-duel]")
    game.select_option("#kind0", "human")
    game.select_option("#kind1", "easy")
    game.locator("#start").focus()
    game.keyboard.press("Enter")
    for _ in range(2):
        game.wait_for_function(MY_TURN)
        take_by_keyboard(game)
    expect(game.locator("#t-log li")).not_to_have_count(0)
    expect(game.locator("#announce")).not_to_be_empty()


def test_golds_first_in_tab_order_do_not_stop_a_keyboard_take(game):
    load(game, position(board="yyywb grkwb grkwb grkwb grkpp", player=0))
    assert game.evaluate(FOCUSED)["gem"] == "y"
    take_by_keyboard(game)
    ava = json.loads(game.evaluate("splendorApp.state()"))["players"][0]
    assert ava["tokens"] and "y" not in ava["tokens"] and ava["reserved"] == []


def test_arrow_keys_move_between_the_boards_cells(game):
    load(game, position(board=BOARD, player=0))
    centre = game.locator("#t-bank .cell[data-row='2'][data-col='2']")
    centre.focus()
    place = "() => [document.activeElement.dataset.row, document.activeElement.dataset.col]"
    for key, expected in [
        ("ArrowRight", ["2", "3"]),
        ("ArrowDown", ["3", "3"]),
        ("ArrowLeft", ["3", "2"]),
        ("ArrowUp", ["2", "2"]),
    ]:
        game.keyboard.press(key)
        assert game.evaluate(place) == expected, key
    game.keyboard.press("Enter")  # and the cell reached is picked
    expect(centre).to_have_attribute("aria-pressed", "true")


def test_the_token_ability_is_said_and_played_by_keyboard(game):
    board = "kbwrk gwrkw grkwr rkwrg ppyyy"  # the only blue token at b1
    pyramid = [
        ["1b5", "1w1", "1g4", "1j1", "1r2"],
        ["2w1", "2b3", "2g1", "2r1"],
        ["3w1", "3b1", "3g1"],
    ]
    load(game, position(board=board, tokens=("wwkk", ""), pyramid=pyramid))
    game.locator("#t-market [data-select='1b5']").focus()
    game.keyboard.press("Enter")  # the card, then its Buy
    game.keyboard.press("Enter")
    # the focus is on the board's only blue token, and the live region says why
    expect(cell(game, "b1")).to_be_focused()
    expect(game.locator("#announce")).to_contain_text("Take a blue token from the board")
    before = moves(game)
    game.keyboard.press("Enter")
    wait_moved(game, before)
    expect(game.locator("#t-log")).to_contain_text("Ava took 1 blue from the board")


def test_a_privilege_is_used_by_keyboard_from_its_button_to_the_board(game):
    """The button only changes the board: the focus goes on to the tokens it may take, and
    comes back to the board (not the page) once the privilege is spent."""
    load(game, position(board=BOARD, privileges=(2, 0), player=0))
    game.locator("#t-bank [data-select='privilege']").focus()
    game.keyboard.press("Enter")
    focused = game.evaluate(FOCUSED)
    assert focused["action"].startswith("privilege "), focused
    expect(game.locator("#announce")).to_have_text(
        "For each privilege you return, take 1 gem or pearl from the board (not gold)."
    )
    taken = focused["action"].split()[1]
    before = moves(game)
    game.keyboard.press("Enter")
    wait_moved(game, before)
    expect(game.locator("#t-log")).to_contain_text("Ava used privileges and took")
    expect(cell(game, taken)).to_have_class("cell is-last is-empty")
    expect(game.locator("#t-bank .cell:focus")).to_have_count(1)  # on the board, in sight
    assert game.locator("#t-bank .cell:focus").is_visible()
    # the second privilege: the button is still there, and Escape leaves the mode for it
    game.locator("#t-bank [data-select='privilege']").focus()
    game.keyboard.press("Enter")
    assert game.evaluate(FOCUSED)["action"].startswith("privilege ")
    game.keyboard.press("Escape")
    expect(game.locator("#t-bank [data-select='privilege']")).to_be_focused()
    expect(game.locator("#t-bank [data-select='privilege']")).to_have_attribute(
        "aria-pressed", "false"
    )


def test_a_deck_chosen_by_keyboard_passes_the_focus_to_a_gold(game):
    load(game, position(board=BOARD, player=0))
    game.locator("#t-market [data-select='deck1']").focus()
    game.keyboard.press("Enter")
    assert game.evaluate(FOCUSED)["action"].endswith(" deck1"), game.evaluate(FOCUSED)
    expect(game.locator("#announce")).to_have_text(
        "Level 1 deck: pick a gold token on the board to reserve its top card."
    )


def test_on_a_phone_a_card_chosen_low_is_not_hidden_by_the_action_bar(game):
    """The bar grows when a card is chosen and used to cover it whole, cost and all."""
    game.set_viewport_size({"width": 390, "height": 844})
    pyramid = [
        ["1j1", "1w1", "1g4", "1b5", "1r2"],
        ["2w1", "2b3", "2g1", "2r1"],
        ["3w1", "3b1", "3g1"],
    ]
    state = position(
        board=BOARD, cards=(["1w4", "1b4"], []), tokens=("bbbwwkk", ""), pyramid=pyramid
    )
    load(game, state)
    for card in ["1g4", "1r2"]:
        game.locator(f"#t-market [data-select='{card}']").click()
        chosen = game.locator(f"#t-market .card.is-selected[data-select='{card}']").bounding_box()
        bar = game.locator("#t-actions").bounding_box()
        assert chosen["y"] >= 0 and chosen["y"] + chosen["height"] <= bar["y"], (card, chosen, bar)
        game.keyboard.press("Escape")


def test_on_a_phone_the_token_ability_brings_the_board_into_sight(game):
    """The card is bought low in the pyramid; the token to take lies on the board above."""
    game.set_viewport_size({"width": 390, "height": 844})
    board = "kbwrk gwrkw grkwr rkwrg ppyyy"  # the only blue token at b1, the top row
    pyramid = [
        ["1b5", "1w1", "1g4", "1j1", "1r2"],
        ["2w1", "2b3", "2g1", "2r1"],
        ["3w1", "3b1", "3g1"],
    ]
    load(game, position(board=board, tokens=("wwkk", ""), pyramid=pyramid))
    game.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the players' areas
    game.locator("#t-market [data-select='1b5']").click()
    game.locator("#t-actions [data-action='buy 1b5']").click()
    take = game.locator("#t-bank [data-action^='token ']")
    expect(take).to_have_count(1)
    expect(take).to_be_in_viewport(ratio=1)


# What has the focus: a top bar command, an element's id, "body", or a table piece.
STOP = """(() => { const e = document.activeElement;
  if (e === document.body) return 'body';
  return e.dataset.command || e.id || 'table: ' + e.outerHTML.slice(0, 80); })()"""


def test_while_the_bot_thinks_tab_goes_round_the_top_bar_and_undo_keeps_the_focus(
    browser, site_server
):
    """The bot held mid-thought (the page's clock paused, without ?fast: it pauses before its
    move). Tab reaches the top bar's working controls and nothing on the table, where nothing
    works then; Undo takes Ava's move back and the focus goes to the board, not the page."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    guard = PageGuard(page, site_server)
    try:
        page.clock.install()
        page.goto(site_server)
        assert wait_for_boot(page) == "ready", page.text_content("#boot-problem")
        page.select_option("#lang", "en")
        load(page, position(board=BOARD, player=0))
        page.clock.pause_at(page.evaluate("Date.now() / 1000 + 1"))  # no bot is due yet
        take_a_line(page)
        page.clock.run_for(50)  # the bot starts thinking; its pause never ends
        assert page.get_attribute("#game", "data-thinking") == "true"
        assert page.evaluate(STOP) == "t-status"
        stops = []
        for _ in range(10):
            page.keyboard.press("Tab")
            stops.append(page.evaluate(STOP))
        # Redo and Export are disabled (nothing to redo, a constructed position); the log is
        # a stop in every browser, so its moves scroll by keyboard once it is long
        assert set(stops) == {"t-log", "body", "undo", "howto", "new", "game-lang"}, stops
        page.locator("#game [data-command='undo']").focus()
        page.keyboard.press("Enter")
        assert moves(page) == "0"
        assert page.evaluate(STOP).startswith("table: <button") and page.evaluate(
            "document.activeElement.matches('#t-bank .cell:not([disabled])')"
        ), page.evaluate(STOP)
        page.clock.resume()  # the bot wakes, sees the move taken back, and leaves it to Ava
        page.wait_for_function(MY_TURN)
        assert moves(page) == "0"
        expect(page.locator("#t-bank .cell:focus")).to_have_count(1)
        assert guard.problems() == []
    finally:
        context.close()
