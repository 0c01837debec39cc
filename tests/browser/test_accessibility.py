"""Every screen passes an automated accessibility audit: axe-core (pinned in package.json) finds
no violation on the setup screen, both tables, their dialogs, the end screen and a replay, in
English and in Persian (right to left), wide and on a phone."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from splendor import classic, duel
from splendor.bots import make_bot
from splendor.records import export_record
from tests.browser.test_duel import BOARD, MY_TURN, load, open_discard, play_simple_turn
from tests.browser.test_play import choose_a_noble, start
from tests.browser.test_play import load as load_classic
from tests.classic.position import position as classic_position
from tests.duel.duel_helpers import position as duel_position
from tests.duel.duel_helpers import winning_position
from tests.pagecheck import ROOT, wait_for_boot

pytestmark = pytest.mark.browser

AXE = (ROOT / "node_modules" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
VIOLATIONS = """async (options) => (await axe.run(document, options)).violations
  .flatMap(v => v.nodes.map(n => ({
    rule: v.id, target: n.target.join(" "), help: v.help, figures: n.element.matches(".card, :has(.pip), :has(.bonus-count)"),
    detail: (n.any[0] || {}).message || "",
  })))"""
# axe cannot judge text on a gradient (the table's felt, buttons, card backs): each gradient
# becomes its colour stop nearest the element's text in luminance, the worst case, and the
# contrast is judged again
FLATTEN_GRADIENTS = """() => {
  const luminance = ([r, g, b]) => [r, g, b].map(c => c / 255)
    .map(c => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const colours = text => [...text.matchAll(/rgba?\\(([^)]+)\\)/g)]
    .map(m => m[1].split(/[ ,/]+/).filter(Boolean).map(Number));
  for (const element of document.querySelectorAll("*")) {
    const style = getComputedStyle(element);
    if (!style.backgroundImage.includes("gradient")) continue;
    const text = luminance(colours(style.color)[0]);
    const stops = colours(style.backgroundImage).filter(c => (c[3] ?? 1) >= 0.9);
    element.style.setProperty("background-image", "none", "important");
    if (!stops.length) continue;  // only translucent light or shade over the colour below
    const [r, g, b] = stops.reduce((a, c) =>
      Math.abs(luminance(c) - text) < Math.abs(luminance(a) - text) ? c : a);
    element.style.setProperty("background-color", `rgb(${r} ${g} ${b})`, "important");
  }
}"""
WIDE_ENGLISH_AND_PHONE_PERSIAN = [((1280, 800), "en"), ((390, 844), "fa")]


def audit(page) -> list[str]:
    """The audit's violations on the page as it stands, one line per rule and element: every
    rule, then the contrast again with the gradients flattened."""
    page.evaluate(AXE)  # evaluated, not injected: the page's CSP refuses an inline script
    found = page.evaluate(VIOLATIONS, {"resultTypes": ["violations"], "elementRef": True})
    page.evaluate(FLATTEN_GRADIENTS)
    found += page.evaluate(
        VIOLATIONS,
        {"runOnly": ["color-contrast"], "resultTypes": ["violations"], "elementRef": True},
    )
    return [
        f"{v['rule']}: {v['target']} ({v['help']}) {v['detail']}"
        for v in found
        # the figures on a card, a deck, a Buy button or a joker's colour (points, cost, cards
        # left, gems to pay, bonuses held) are pictures of numbers, not a label: the name says
        # them in words ("Level 3 deck, Cards left: 10", "Buy, paying 2 white", "red, Bonuses: 1")
        if not (v["rule"] == "label-content-name-mismatch" and v["figures"])
    ]


def mid_game(module, players: int, turns: int):
    """A position after `turns` turns of medium bots, the human to play."""
    state, bot, rng = (
        module.new_game(players, seed=7),
        make_bot("medium", module.NAME),
        random.Random(1),
    )
    while state.turn < turns:
        view = state.view(state.current_player)
        state = state.apply(bot.choose(view, view.legal_actions(), rng))
    return state


def at(page, size, lang):
    page.set_viewport_size(dict(zip(("width", "height"), size)))
    page.select_option("#lang", lang)


@pytest.mark.parametrize("size,lang", WIDE_ENGLISH_AND_PHONE_PERSIAN)
def test_the_setup_screen(game, size, lang):
    at(game, size, lang)
    expect(game.locator("#setup")).to_be_visible()
    assert audit(game) == []


@pytest.mark.parametrize("size,lang", WIDE_ENGLISH_AND_PHONE_PERSIAN)
@pytest.mark.parametrize("module,players,turns", [(classic, 3, 20), (duel, 2, 14)])
def test_a_table_with_a_card_chosen(game, size, lang, module, players, turns):
    at(game, size, lang)
    state = mid_game(module, players, turns)
    seats = [("Ava", "medium"), ("Bo", "medium"), ("Cy", "medium")][:players]
    seats[state.current_player] = ("Di", "human")
    load(game, state, seats)
    game.locator("#game .card.is-affordable[data-select]").first.click()
    expect(game.locator("#t-actions [data-action^='buy ']")).to_be_visible()
    assert audit(game) == []


def test_the_duel_discard_dialog(game):
    dialog = open_discard(game)
    expect(dialog).to_be_visible()
    assert audit(game) == []


def test_the_end_screen(game):
    load(game, winning_position())
    play_simple_turn(game)  # buys the winning card
    game.wait_for_function(MY_TURN)
    expect(game.locator("#t-end")).to_be_visible()
    assert audit(game) == []


def test_the_rules_dialog(game):
    game.click("#howto-open")
    expect(game.locator("#howto-body")).to_be_visible()
    assert audit(game) == []


def test_a_replay(game, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(export_record(mid_game(classic, 2, 12).record, ["Ava", "Bo"]), "utf-8")
    with game.expect_file_chooser() as chooser:
        game.click("#import-label")
    chooser.value.set_files(str(path))
    position = game.locator("#replay-position")
    expect(position).to_have_text(re.compile(r"^Move 0 of \d+"))
    game.keyboard.press("ArrowRight")
    expect(position).to_have_text(re.compile(r"^Move 1 of \d+"))
    assert audit(game) == []


def test_the_classic_return_dialog(game):
    state = classic_position(tokens=["wwbbggrrkk", ""], current=0)
    load_classic(game, state, [("Ava", "human"), ("Robo", "easy")])
    game.wait_for_function(MY_TURN)
    for letter in "wbg":
        game.click(f"#t-bank [data-pick='{letter}']")
    game.click("#t-actions [data-action='take wbg']")
    expect(game.locator("#t-dialog")).to_be_visible()
    assert audit(game) == []


def test_the_invite_dialog(game):
    game.fill("#name0", "Ann")
    game.fill("#name1", "Bo")
    game.click("#invite-new")
    expect(game.locator("#invite-link")).to_be_focused()
    assert audit(game) == []


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_phones_menu_and_the_hand_off_screen(game, lang):
    at(game, (390, 844), lang)
    game.click("label[for=game-classic]")  # the setup remembers the last game chosen
    start(game, [("Ann", "human"), ("Bo", "human")])
    expect(game.locator("#t-handoff")).to_be_visible()
    assert audit(game) == []
    game.locator("#t-handoff [data-command='handoff']").click()
    game.locator("#game .menu-toggle").click()
    expect(game.locator("#game-menu")).to_be_visible()
    assert audit(game) == []


PYRAMID = [["1j1", "1w1", "1b2", "1g2", "1r2"], ["2w1", "2b1", "2g1", "2r1"], ["3w1", "3b1", "3g1"]]


@pytest.mark.parametrize(
    "card,owned,tokens,title",
    [
        ("1j1", ["1r1", "1b1"], "wwbgp", "Choose the joker's colour"),
        ("1g4", ["1w4", "1b4"], "bb", "take a royal card"),
    ],
)
def test_the_duel_joker_and_royal_dialogs(game, card, owned, tokens, title):
    pyramid = [[card, *PYRAMID[0][1:]], *PYRAMID[1:]]
    state = duel_position(
        board=BOARD, cards=(owned, []), tokens=(tokens, ""), pyramid=pyramid, player=0
    )
    load(game, state)
    game.click(f"#t-market [data-select='{card}']")
    game.click(f"#t-actions [data-action='buy {card}']")
    expect(game.locator("#t-dialog")).to_contain_text(title)
    assert audit(game) == []


def test_the_classic_noble_choice(game):
    choose_a_noble(game)
    expect(game.locator("#t-dialog")).to_contain_text("Choose a noble")
    assert audit(game) == []


def test_the_embedded_game(game, site_server):
    game.goto(site_server + "?fast&embed=1&game=duel&bots=0,1&lang=en")
    assert wait_for_boot(game) == "ready"
    game.click("#start")
    game.wait_for_function(MY_TURN)
    expect(game.locator("#t-bank")).to_be_visible()
    assert audit(game) == []


@pytest.fixture
def contrast_theme(game):
    """The page under a Windows contrast theme (forced colours), put back after the test."""
    game.emulate_media(forced_colors="active")
    yield game
    game.emulate_media(forced_colors="none")


SETTLED = "document.getAnimations().length === 0"
STYLE = "(el, name) => getComputedStyle(el)[name]"


def style(locator, name: str) -> str:
    """A computed style of the first element the locator finds."""
    return locator.first.evaluate(STYLE, name)


def test_under_a_contrast_theme_the_choices_show_and_the_pieces_keep_their_colours(
    contrast_theme,
):
    page = contrast_theme
    page.click("label[for=game-duel]")
    page.wait_for_function(SETTLED)
    chosen, other = page.locator("label[for=game-duel]"), page.locator("label[for=game-classic]")
    assert style(chosen, "backgroundColor") != style(other, "backgroundColor")
    assert style(page.locator(".start-bar"), "backgroundColor") != "rgba(0, 0, 0, 0)"

    load(page, winning_position())
    for piece in ("#t-market .card", "#t-market .card-back", ".duel-board", ".duel-board .token"):
        assert "gradient" in style(page.locator(piece), "backgroundImage"), piece
    assert style(page.locator(".player.is-current"), "outlineStyle") == "solid"
    card = page.locator("#t-market .card[data-select]").first.get_attribute("data-select")
    chosen = page.locator(f"#t-market .card[data-select='{card}']")
    chosen.click()
    expect(chosen).to_have_attribute("aria-pressed", "true")
    assert style(chosen, "outlineStyle") == "solid"
    chosen.click()
    gold = page.locator("#t-bank .cell[data-gem='y'][data-pick]").first
    gold.click()  # a reserve: the cards and decks complete it
    completing = page.locator("#t-market .card.is-selectable").first
    completing.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")  # back by keyboard, so its focus ring shows
    assert completing.evaluate("e => e === document.activeElement")
    assert style(completing, "outlineStyle") == "solid"
    assert style(completing, "outlineColor") != "rgb(255, 255, 255)"
    page.keyboard.press("Escape")

    load(page, duel_position(board=BOARD, privileges=(1, 0), player=0))
    page.click("#t-bank [data-select='privilege']")
    page.locator("#t-bank .cell[data-cell='a2']").click()  # the turn goes on: current and last
    me = page.locator("#t-players .player.is-current.was-last")
    expect(me).to_have_count(1)
    assert style(me, "outlineStyle") == "solid"  # whose turn it is, not the last mover's dashes

    load(page, winning_position())
    play_simple_turn(page)  # buys the winning card
    page.wait_for_function(MY_TURN)
    keys = page.locator("#t-end .chart-key")
    expect(keys).to_have_count(2)
    assert len({key.evaluate(STYLE, "backgroundColor") for key in keys.all()}) == 2
