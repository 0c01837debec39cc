"""Playing classic Splendor in the page: clicks and keys only, from setup to the end screen.

One browser context is shared by the module (warm reloads); every test reloads the page with
`?fast` (bots move without their visible pause) and fails on any console error or request
leaving the local server.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.classic.position import position
from tests.pagecheck import wait_for_boot

pytestmark = pytest.mark.browser

# The viewer may act now (or the game is over): what the tests wait on, never a sleep.
MY_TURN = """() => {
  const g = document.getElementById('game');
  return g.dataset.pending === 'over' ||
    (g.dataset.handoff === '' && g.dataset.current === g.dataset.viewer &&
     g.dataset.thinking !== 'true');
}"""
HOSTILE = "<img src=x>Eve&amp;"  # 19 characters: fits the name field


def start(page, seats, nobles="choose"):
    """Fill the setup form with (name, kind) per seat and start."""
    page.click(f"label[for=players-{len(seats)}]")
    for i, (name, kind) in enumerate(seats):
        page.fill(f"#name{i}", name)
        page.select_option(f"#kind{i}", kind)
    page.select_option("#nobles", nobles)
    page.click("#start")
    expect(page.locator("#game")).to_be_visible()


def load(page, state, seats):
    """Put a constructed position on the table through the test hook."""
    seats_json = json.dumps([{"name": n, "kind": k} for n, k in seats])
    assert page.evaluate("([s, p]) => splendorApp.load(s, p)", [state.to_json(), seats_json]) == ""


def wait_my_turn(page):
    page.wait_for_function(MY_TURN)


def take_gems(page):
    """Pick tokens one by one (only pickable ones are buttons) until a take can be confirmed."""
    for _ in range(3):
        confirm = page.locator("#t-actions [data-action^='take']")
        if confirm.count():
            break
        fresh = page.locator("#t-bank [data-pick]:not(.is-selected)")
        (fresh if fresh.count() else page.locator("#t-bank [data-pick]")).first.click()
    page.locator("#t-actions [data-action^='take']").click()


def play_simple_turn(page, reserve_first: bool = False):
    """Buy the first affordable card, else take gems, else reserve, else pass (reserve before
    taking when asked: the gold breaks take-and-return loops, which the rules allow)."""
    dialog = page.locator("#t-dialog")
    if dialog.is_visible():
        if page.locator("#t-dialog [data-action^='noble']").count():
            page.locator("#t-dialog [data-action^='noble']").first.click()
            return
        while not page.locator("#t-dialog [data-action^='return']").count():
            page.locator("#t-dialog [data-pick].is-selectable").first.click()
        page.locator("#t-dialog [data-action^='return']").click()
        return
    affordable = page.locator("#game .card.is-affordable[data-select]")
    reservable = page.locator("#t-market [data-select]")
    if affordable.count():
        affordable.first.click()
        page.locator("#t-actions [data-action^='buy']").click()
    elif reserve_first and reservable.count():
        reservable.first.click()
        page.locator("#t-actions [data-action^='reserve']").first.click()
    elif page.locator("#t-bank [data-pick]").count():
        take_gems(page)
    elif page.locator("#t-market [data-select]").count():
        page.locator("#t-market [data-select]").first.click()
        page.locator("#t-actions [data-action^='reserve']").first.click()
    else:
        page.locator("#t-actions [data-action='pass']").click()


def test_two_player_game_against_a_bot_is_played_by_clicks_to_the_end(game):
    start(game, [("Ava", "human"), ("Robo", "medium")])
    for turn in range(200):
        wait_my_turn(game)
        if game.get_attribute("#game", "data-pending") == "over":
            break
        moves = game.get_attribute("#game", "data-moves")
        play_simple_turn(game, reserve_first=turn % 3 == 2)
        game.wait_for_function(f"document.getElementById('game').dataset.moves !== '{moves}'")
    end = game.locator("#t-end")
    expect(end).to_contain_text("Game over")
    expect(end.locator(".rank")).to_have_count(2)
    names = end.locator(".rank-name").all_text_contents()
    assert sorted(names) == ["Ava", "Robo"]
    expect(end.locator("svg.chart polyline")).to_have_count(2)
    assert json.loads(game.evaluate("splendorApp.state()"))["pending"] is None
    assert game.locator("#t-log li").count() >= int(game.get_attribute("#game", "data-moves"))
    # Play again starts a fresh game with the same seats.
    end.locator("[data-command='again']").click()
    expect(game.locator("#t-end")).to_be_empty()
    expect(game.locator("#t-players .player-name")).to_have_text(["Ava", "Robo"])
    # The finished game heads the setup screen's history, dated.
    game.click("#game [data-command='new']")
    newest = game.locator("#history-list li").first
    expect(newest).to_contain_text("Ava")
    stamp = newest.locator("time.history-date")
    expect(stamp).not_to_be_empty()
    assert (
        abs(game.evaluate("s => Date.now() - Date.parse(s)", stamp.get_attribute("datetime")))
        < 3_600_000
    )


def test_a_game_started_while_the_last_games_bot_thinks_is_played_by_its_own_bot(game):
    load(game, position(current=1), [("Ava", "human"), ("Robo", "hard")])
    game.wait_for_function("document.getElementById('game').dataset.thinking === 'true'")
    # a new game while the hard bot thinks (~0.3 s): the new game's bot must move all the same
    load(game, position(tokens=["wwbb", ""], current=1), [("Bea", "human"), ("Easy", "easy")])
    wait_my_turn(game)
    # one move, the new bot's: the old game's bot added none of its own to this game
    assert game.get_attribute("#game", "data-moves") == "1"
    tokens = json.loads(game.evaluate("splendorApp.state()"))["players"][0]["tokens"]
    assert {colour: n for colour, n in tokens.items() if n} == {"w": 2, "b": 2}
    expect(game.locator("#t-players .player-name")).to_have_text(["Bea", "Easy"])


def test_four_humans_pass_the_device_and_names_stay_text(game):
    names = ["Ann", "Bo", HOSTILE, "Dee"]
    start(game, [(n, "human") for n in names])
    first = int(game.get_attribute("#game", "data-current"))
    for turn in range(8):
        seat = (first + turn) % 4
        handoff = game.locator("#t-handoff")
        expect(handoff).to_contain_text(f"Pass the device to {names[seat]}")
        expect(game.locator("#t-layout")).to_be_hidden()
        handoff.locator("[data-command='handoff']").click()
        expect(game.locator("#t-status")).to_contain_text(f"Your turn, {names[seat]}")
        expect(game.locator("#announce")).to_contain_text(f"Your turn, {names[seat]}")
        assert game.get_attribute("#game", "data-viewer") == str(seat)
        take_gems(game)
    game.click("[data-command='handoff']")  # the table shows again (the name on the button)
    assert game.locator("#game img[src='x']").count() == 0
    # the viewer's own panel first, then the others in turn order
    expect(game.locator("#t-players .player-name")).to_have_text(names[first:] + names[:first])
    expect(game.locator("#t-players [data-seat='2'] .player-name")).to_have_text(HOSTILE)
    expect(game.locator("#t-log li")).to_have_count(8)


def test_returning_tokens_above_ten_asks_for_exactly_the_excess(game):
    state = position(tokens=["wwbbggrrkk", ""], current=0)
    load(game, state, [("Ava", "human"), ("Robo", "easy")])
    wait_my_turn(game)
    for letter in "wbg":
        game.click(f"#t-bank [data-pick='{letter}']")
    game.click("#t-actions [data-action='take wbg']")
    dialog = game.locator("#t-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("You have 13 tokens; return 3.")
    # said with the dialog's name as the focus enters it (on a token, past the text)
    expect(dialog).to_have_accessible_name("Return tokens")
    expect(dialog).to_have_accessible_description("You have 13 tokens; return 3.")
    confirm = dialog.locator(".modal-actions .btn--primary")
    expect(confirm).to_be_disabled()
    dialog.locator("[data-pick='r']").click()
    expect(game.locator("#announce")).to_have_text("Still to return: 2")  # said as it changes
    dialog.locator("[data-pick='r']").click()
    expect(game.locator("#announce")).to_have_text("Still to return: 1")
    expect(confirm).to_be_disabled()
    dialog.locator("[data-pick='k']").click()
    # Three chosen: no token may be added any more, and the return can be confirmed.
    expect(dialog.locator("[data-pick]:not(.is-selected)")).to_have_count(0)
    expect(confirm).to_have_attribute("data-action", "return rrk")
    # Clear drops the picks; Undo takes the take back, and the dialog closes.
    dialog.get_by_role("button", name="Clear").focus()
    game.keyboard.press("Enter")
    expect(dialog.locator("[data-pick].is-selected")).to_have_count(0)
    expect(confirm).to_be_disabled()
    expect(dialog.locator("[data-pick]").first).to_be_focused()  # not lost to the page
    dialog.get_by_role("button", name="Undo").focus()
    game.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    assert game.evaluate("document.activeElement !== document.body")
    expect(game.locator("#t-players [data-seat='0'] .player-stats")).to_contain_text("10/10")
    assert game.get_attribute("#game", "data-moves") == "0"
    game.click("#t-bank [data-pick='w']")
    game.click("#t-bank [data-pick='b']")
    game.click("#t-bank [data-pick='g']")
    game.click("#t-actions [data-action='take wbg']")
    for letter in "rrk":
        dialog.locator(f"[data-pick='{letter}']").click()
    confirm.click()
    expect(dialog).to_be_hidden()
    expect(game.locator("#t-players [data-seat='0'] .player-stats")).to_contain_text("10/10")


def choose_a_noble(page):
    """Ava, with bonuses that meet two of the nobles n1, n6 and n3, takes gems: the noble
    choice is open."""
    bought = ["1w1", "1w2", "1w3", "1w4", "1b1", "1b2", "1b3", "1b4", "1g1", "1g2", "1g3"]
    state = position(purchased=[bought, []], nobles=["n1", "n6", "n3"], current=0)
    load(page, state, [("Ava", "human"), ("Robo", "easy")])
    wait_my_turn(page)
    take_gems(page)


def test_several_qualifying_nobles_let_the_player_choose(game):
    choose_a_noble(game)
    dialog = game.locator("#t-dialog")
    expect(dialog).to_contain_text("Choose a noble")
    choices = dialog.locator("[data-action^='noble']")
    expect(choices).to_have_count(2)
    dialog.get_by_role("button", name="Undo the move").click()  # a way back without Ctrl+Z
    expect(dialog).to_be_hidden()
    assert game.get_attribute("#game", "data-moves") == "0"
    take_gems(game)
    dialog.locator("[data-action='noble n6']").click()
    expect(dialog).to_be_hidden()
    expect(game.locator("#t-players [data-seat='0'] .noble[data-noble='n6']")).to_have_count(1)
    expect(game.locator("#t-log")).to_contain_text("A noble visited Ava")


def bea_buys(game, state, card):
    """Load a two-seat position for Ava and Bea, take the device as Bea and buy ``card``."""
    load(game, state, [("Ava", "human"), ("Bea", "human")])
    game.click("[data-command='handoff']")
    game.click(f"#t-market [data-select='{card}']")
    game.click(f"#t-actions [data-action='buy {card}']")


def test_the_move_that_ends_the_game_is_announced_with_the_winner(game):
    state = position(
        current=1,  # the last seat of the round, on 14 points, buys a 1-point card
        purchased=[[], ["3w1", "3w2", "3w3", "3b1"]],
        tokens=["", "kkkk"],
        table=["1w8"],
    )
    bea_buys(game, state, "1w8")
    expect(game.locator("#t-end")).to_contain_text("Bea wins!")
    expect(game.locator("#announce")).to_contain_text("the game is over Bea wins!")


def test_a_tie_on_points_broken_by_fewer_cards_is_explained_under_the_winner(game):
    state = position(
        current=1,  # the last seat of the final round ties Ava's 15 points, with more cards
        final_round=True,
        purchased=[["3w4", "3b4", "3w2", "1w8"], ["3g4", "3r4", "3b2", "1b7"]],
        tokens=["", "wwww"],
        table=["1b8"],
    )
    bea_buys(game, state, "1b8")
    expect(game.locator("#t-end .end-headline")).to_have_text("Ava wins!")
    note = game.locator("#t-end .note")
    expect(note).to_have_text("Tied on points: fewer purchased cards wins.")
    text_x = "e => { const r = document.createRange(); r.selectNodeContents(e);"
    text_x += " return r.getBoundingClientRect().x; }"
    headline = game.locator("#t-end .end-headline").evaluate(text_x)
    assert abs(note.evaluate(text_x) - headline) < 2  # its text lines up, not centred


def test_a_blind_reserve_is_hidden_from_the_other_player(game):
    start(game, [("Ann", "human"), ("Bo", "human")])
    first = int(game.get_attribute("#game", "data-current"))
    game.click("[data-command='handoff']")
    game.click("#t-market [data-select='deck1']")
    game.click("#t-actions [data-action='reserve deck1']")
    reserver = game.locator(f"#t-players [data-seat='{first}']")
    # On the hand-off screen, the hidden table keeps nothing of the reserver's view in the
    # page (whoever holds the device now could read it there).
    (card,) = json.loads(game.evaluate("splendorApp.state()"))["players"][first]["blind"]
    expect(game.locator("#t-handoff")).to_contain_text("Pass the device")
    assert f'data-card="{card}"' not in game.content()
    # Pass the device: the other player sees only a level-1 card back.
    game.click("[data-command='handoff']")
    expect(reserver.locator(".card-back")).to_have_count(1)
    expect(reserver.locator(".card-back")).to_have_attribute("data-level", "1")
    expect(reserver.locator("[data-card]")).to_have_count(0)
    expect(game.locator("#t-log")).to_contain_text("reserved a level 1 card from the deck")
    take_gems(game)
    # Back with its owner, the card is face up.
    game.click("[data-command='handoff']")
    expect(reserver.locator(".card--mini[data-card]")).to_have_count(1)


def test_a_game_exported_mid_way_replays_without_the_blind_reserve(game, tmp_path):
    # Bo, holding the device, exports the game and opens the file in the replay viewer: the
    # positions where Ann decides must not show him the card Ann reserved blind.
    start(game, [("Ann", "human"), ("Bo", "human")])
    first = int(game.get_attribute("#game", "data-current"))
    game.click("[data-command='handoff']")
    game.click("#t-market [data-select='deck1']")
    game.click("#t-actions [data-action='reserve deck1']")
    (card,) = json.loads(game.evaluate("splendorApp.state()"))["players"][first]["blind"]
    for _ in range(2):
        game.click("[data-command='handoff']")
        take_gems(game)
    with game.expect_download() as info:
        game.click("#game [data-command='export']")
    path = tmp_path / "mid-game.json"
    info.value.save_as(path)
    game.click("#game [data-command='new']")
    with game.expect_file_chooser() as chooser:
        game.click("#import-label")
    chooser.value.set_files(str(path))
    position = game.locator("#replay-position")
    reserver = game.locator(f"#t-players [data-seat='{first}']")
    for move in range(4):
        expect(position).to_have_text(f"Move {move} of 3")
        assert f'data-card="{card}"' not in game.content(), move
        expect(reserver.locator(".card-back")).to_have_count(1 if move else 0)
        game.keyboard.press("ArrowRight")


def test_persian_page_is_right_to_left(game):
    game.select_option("#lang", "fa")
    assert game.evaluate("document.documentElement.dir") == "rtl"
    expect(game.locator("#start")).to_have_text("شروع")
    start(game, [("آوا", "human"), ("ربات", "easy")])
    wait_my_turn(game)
    deck = game.locator("#t-market [data-level='1'] .deck").bounding_box()
    card = game.locator("#t-market .card-row[data-level='1'] [data-card]").first.bounding_box()
    assert deck["x"] > card["x"]  # the deck comes first, on the right
    expect(game.locator("#t-status")).to_contain_text("نوبت")
    # Reloaded, the remembered language is there before Python has started.
    game.reload(wait_until="domcontentloaded")
    before_python = game.evaluate(
        """() => ({ready: document.documentElement.dataset.ready, dir: document.dir,
                  start: document.getElementById("start").textContent,
                  seat: document.getElementById("kind1").getAttribute("aria-label")})"""
    )
    seat = "بازی‌کننده، جایگاه ۲"  # "Played by, seat 2", with the Persian comma
    assert before_python == {"ready": None, "dir": "rtl", "start": "شروع", "seat": seat}
    assert wait_for_boot(game) == "ready"
    assert game.evaluate("document.documentElement.dir") == "rtl"  # remembered


def test_language_can_be_changed_during_a_game(game):
    start(game, [("Ava", "human"), ("Bot", "easy")])
    wait_my_turn(game)
    game.select_option("#game-lang", "ka")
    assert game.evaluate("document.documentElement.lang") == "ka"
    expect(game.locator("#t-log").locator("xpath=..").locator("h2")).to_have_text("თამაშის ჟურნალი")
    game.select_option("#game-lang", "fa")
    assert game.evaluate("document.documentElement.dir") == "rtl"
    expect(game.locator("#lang")).to_have_value("fa")
    game.select_option("#game-lang", "en")
    expect(game.locator("#lang")).to_have_value("en")


# The focused element: its action, and whether it is a gem pile that may still be picked.
FOCUSED = """() => {
  const e = document.activeElement;
  return {action: e.dataset.action || "",
          pickable: e.matches(".token.is-selectable:not(.is-selected)")};
}"""


def test_a_few_turns_by_keyboard_alone(game):
    game.click("label[for=players-2]")
    game.select_option("#kind0", "human")
    game.select_option("#kind1", "easy")
    game.locator("#start").focus()
    game.keyboard.press("Enter")
    for _ in range(3):
        wait_my_turn(game)
        focused = game.evaluate("document.activeElement.dataset.pick")
        assert focused, "a bank token has the focus when the turn starts"
        outline = game.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline == "solid"  # the focus ring, not the dashed ring of a token just taken
        moves = game.get_attribute("#game", "data-moves")
        # Tab along, picking each gem that may still be picked, until the take button has the
        # focus (where the focus starts and which piles are empty depend on the deal).
        for _ in range(100):
            focused = game.evaluate(FOCUSED)
            if focused["action"].startswith("take "):
                break
            if focused["pickable"]:
                game.keyboard.press("Enter")
            game.keyboard.press("Tab")
        assert focused["action"].startswith("take "), focused
        game.keyboard.press("Enter")
        game.wait_for_function(f"document.getElementById('game').dataset.moves !== '{moves}'")
    expect(game.locator("#t-log li")).not_to_have_count(0)
    wait_my_turn(game)
    expect(game.locator("#announce")).to_contain_text("Your turn")  # after the bot's move
    card = game.locator("#t-market .card[data-select]").first
    chosen = card.get_attribute("data-select")
    card.focus()
    game.keyboard.press("Enter")  # the card's Buy / Reserve takes the focus, not Tab x 12
    action = game.evaluate(FOCUSED)["action"]
    assert action.startswith(("buy ", "reserve ")) and action.endswith(chosen), action
    game.keyboard.press("Escape")  # changed my mind: back on the card, not the bank's first gem
    expect(card).to_be_focused()
    expect(card).to_have_attribute("aria-pressed", "false")


# Enter on a control, and where the focus is right after it: read in the same task as the
# click, so before a bot (moving at once under ?fast) can answer.
ENTER_THEN_FOCUS = """selector => {
  const button = document.querySelector(selector);
  button.focus();
  button.click();
  const e = document.activeElement;
  return e === document.body ? "body" : e.id || e.dataset.pick || e.tagName;
}"""


def test_while_the_bot_moves_the_focus_waits_on_the_status_line(game):
    seats = [("Ava", "human"), ("Robo", "easy")]
    for tokens in ("", "wwbbggrrk"):  # a plain take, then one above ten (a dialog)
        load(game, position(tokens=[tokens, ""], current=0), seats)
        wait_my_turn(game)
        for letter in "wbg":
            game.click(f"#t-bank [data-pick='{letter}']")
        take = "#t-actions [data-action='take wbg']"
        if not tokens:  # its button is gone and the bot is to move: not lost to the page
            assert game.evaluate(ENTER_THEN_FOCUS, take) == "t-status"
        else:
            game.click(take)
            for letter in "ww":
                game.click(f"#t-dialog [data-pick='{letter}']")
            # the dialog closes: the focus does not fall to the page either
            assert game.evaluate(ENTER_THEN_FOCUS, "#t-dialog [data-action='return ww']") == (
                "t-status"
            )
        wait_my_turn(game)  # and the bot's move done, the turn starts on a gem again
        expect(game.locator("#t-bank [data-pick]").first).to_be_focused()


def test_on_a_phone_the_top_bar_is_one_row_with_the_rest_behind_a_menu(game):
    game.set_viewport_size({"width": 390, "height": 844})
    start(game, [("Ava", "human"), ("Robo", "easy")])
    bar, toggle = game.locator("#game .topbar"), game.locator("#game .menu-toggle")
    menu = game.locator("#game-menu")
    expect(menu).to_be_hidden()
    assert bar.bounding_box()["height"] < 50  # one row (three before)
    # the game's name, hidden to fit the row, is still the page's heading for screen readers
    expect(game.get_by_role("heading", level=1, name="Splendor", exact=True)).to_have_count(1)
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(menu.locator("[data-command='export']")).to_be_in_viewport(ratio=1)
    game.keyboard.press("Tab")  # the keyboard goes from the toggle into the menu
    expect(menu.locator("[data-command='export']")).to_be_focused()
    game.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(toggle).to_be_focused()  # not left on a button that disappeared
    toggle.click()
    menu.locator("[data-command='howto']").click()  # a command from the menu closes it
    expect(game.locator("#howto")).to_be_visible()
    expect(menu).to_be_hidden()
    game.keyboard.press("Escape")
    expect(toggle).to_be_focused()  # the dialog gives the focus back to the toggle
    toggle.click()
    for _ in range(5):  # Tab past the menu's four items: it closes
        game.keyboard.press("Tab")
    expect(menu).to_be_hidden()
    toggle.click()
    game.locator("#t-status").click()  # so does a click elsewhere
    expect(menu).to_be_hidden()
    game.set_viewport_size({"width": 1280, "height": 900})
    expect(toggle).to_be_hidden()
    expect(menu.locator("[data-command='export']")).to_be_visible()


def test_on_a_landscape_phone_a_card_tapped_low_stays_above_the_action_bar(game):
    height = 390
    game.set_viewport_size({"width": 844, "height": height})
    start(game, [("Ava", "human"), ("Robo", "easy")])
    wait_my_turn(game)
    assert game.evaluate("window.scrollY") == 0  # the game opens at its top, status in sight
    card = game.locator("#t-market .card[data-level='1'][data-select^='1']").first
    chosen = card.get_attribute("data-select")
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    game.evaluate(f"window.scrollBy(0, {box['y'] + box['height'] - height + 5})")  # screen's foot
    card.click()
    selected = game.locator(f"#t-market .card.is-selected[data-select='{chosen}']").bounding_box()
    bar = game.locator("#t-actions").bounding_box()
    assert bar["height"] >= 44  # the hint beside the buttons, stuck to the screen's foot
    assert selected["y"] >= 0 and selected["y"] + selected["height"] <= bar["y"], (selected, bar)


HIT = """b => { const r = b.getBoundingClientRect();
    return b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }"""


@pytest.mark.parametrize("size", [(844, 390), (640, 360)])
def test_a_notice_on_a_phone_on_its_side_leaves_the_action_bar_free(game, size):
    """A notice lay over the action bar stuck to the screen's foot for 4 s, and a tap on
    Reserve there hit the notice and did nothing."""
    game.set_viewport_size({"width": size[0], "height": size[1]})
    load(game, position(current=0), [("Ava", "human"), ("Robo", "easy")])
    wait_my_turn(game)
    game.locator("#t-market .card-row").last.locator(".card[data-select]").nth(1).click()
    game.keyboard.press("Control+z")  # nothing to undo yet: a notice says so
    toast = game.locator("#toasts .toast")
    expect(toast).to_have_text("Nothing to undo.")
    buttons = game.locator("#t-actions [data-action]")
    expect(buttons).not_to_have_count(0)
    bar, notice = game.locator("#t-actions").bounding_box(), toast.bounding_box()
    assert notice["y"] + notice["height"] <= bar["y"] or bar["y"] + bar["height"] <= notice["y"]
    assert all(button.evaluate(HIT) for button in buttons.all())
    assert toast.evaluate("t => getComputedStyle(t).pointerEvents") == "none"  # anywhere else
