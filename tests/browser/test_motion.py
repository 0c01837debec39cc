"""A move is shown in motion: the tokens and cards it moved glide to their new place.

The page is loaded without ``?fast`` (which turns motion off for the other tests); the
script static/js/motion.js logs what each redraw set in motion."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from splendor.classic.cards import CARD_COST, CARD_ID, CARD_LEVEL
from splendor.common import GEM_LETTERS
from tests.browser.test_duel import load as load_duel
from tests.browser.test_duel import play_simple_turn as play_duel_turn
from tests.browser.test_play import choose_a_noble, load, take_gems, wait_my_turn
from tests.classic.position import position
from tests.duel.duel_helpers import PYRAMID
from tests.duel.duel_helpers import position as duel_position
from tests.duel.duel_helpers import winning_position as duel_winning_position
from tests.pagecheck import wait_for_boot

pytestmark = pytest.mark.browser

MOVES = "SplendorMotion.log.filter(e => e.seat === 0).map(e => e.flown)"


def open_with_motion(page, site_server, reduced=False):
    """The page as a player gets it: bots pause, moves glide (unless reduced motion is asked)."""
    page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
    page.goto(site_server)
    assert wait_for_boot(page) == "ready", page.text_content("#boot-problem")
    page.select_option("#lang", "en")


def buying_position():
    """Ana to play, holding exactly what a level-1 card on the table costs; the card's id."""
    card = next(i for i, level in enumerate(CARD_LEVEL) if level == 1)
    cost = "".join(k * n for k, n in zip(GEM_LETTERS, CARD_COST[card]))
    return position(current=0, tokens=[cost, ""], table=[CARD_ID[card]]), CARD_ID[card], cost


def buy_the_card(page) -> tuple[list[str], str, str]:
    """Play Ana's purchase in the buying position; return what it set in motion, the card
    and its cost."""
    state, card, cost = buying_position()
    load(page, state, [("Ana", "human"), ("Robo", "easy")])
    wait_my_turn(page)
    page.locator(f'#t-market [data-card="{card}"]').click()
    page.locator("#t-actions [data-action^='buy']").first.click()
    page.wait_for_function(f"{MOVES}.length === 1")
    return page.evaluate(f"{MOVES}[0]"), card, cost


def test_a_bought_card_flies_to_its_colour_and_taken_tokens_from_the_bank(game, site_server):
    open_with_motion(game, site_server)
    flown, card, cost = buy_the_card(game)
    assert f"ghost card={card}" in flown, flown
    assert sorted(f for f in flown if f.startswith("ghost gem=")) == sorted(
        f"ghost gem={k}" for k in cost
    ), flown  # the payment, token by token, back to the bank
    assert any(f.startswith("glide card=") for f in flown), flown  # the new card, from its deck
    game.wait_for_function("!document.querySelector('.motion-ghost')")  # landed and gone
    wait_my_turn(game)
    take_gems(game)
    game.wait_for_function(f"{MOVES}.length === 2")
    taken = game.evaluate(f"{MOVES}[1]")
    assert len(taken) == 3 and all(f.startswith("ghost gem=") for f in taken), taken


def test_the_noble_chosen_is_the_one_that_flies_to_the_player(game, site_server):
    open_with_motion(game, site_server)
    choose_a_noble(game)
    choice = game.locator("#t-dialog [data-action^='noble']").first
    noble = choice.get_attribute("data-action").split()[1]
    assert noble != "n3"  # not the last of the column: the next one takes its place
    choice.click()
    game.wait_for_function(f"{MOVES}.length === 2")
    flown = game.evaluate(f"{MOVES}[1]")
    assert [f for f in flown if f.startswith("ghost")] == [f"ghost noble={noble}"], flown


def test_nothing_moves_when_reduced_motion_is_asked(game, site_server):
    open_with_motion(game, site_server, reduced=True)
    flown, _, _ = buy_the_card(game)
    assert flown == []
    assert game.evaluate("document.querySelectorAll('.motion-ghost').length") == 0


# Every copy that flies, with where it starts (its box's corner) and lands (its box's centre
# at the flight's last keyframe), read as it is put on the page.
WATCH_GHOSTS = """() => {
  window.ghosts = [];
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) {
      if (node.classList && node.classList.contains('motion-ghost')) {
        const end = node.getAnimations()[0].effect.getKeyframes()[1].transform;
        const [, dx, dy] = end.match(/translate\\(([-\\d.]+)px, ([-\\d.]+)px\\)/);
        const x = parseFloat(node.style.left), y = parseFloat(node.style.top);
        ghosts.push({card: node.dataset.card, gem: node.dataset.gem,
                     back: node.classList.contains('card-back'), x, y,
                     landX: x + parseFloat(node.style.width) / 2 + Number(dx),
                     landY: y + parseFloat(node.style.height) / 2 + Number(dy)});
      }
    }
  }).observe(document.getElementById('game'), {childList: true});
}"""
DECK = """level => { const r = document.querySelector(
  `#t-market .deck[data-level="${level}"]`).getBoundingClientRect(); return {x: r.left, y: r.top}; }"""


def test_a_card_reserved_from_a_deck_flies_from_that_deck(game, site_server):
    open_with_motion(game, site_server)
    load(game, position(current=0), [("Ana", "human"), ("Robo", "easy")])
    wait_my_turn(game)
    game.evaluate(WATCH_GHOSTS)
    deck = game.evaluate(DECK, 2)
    game.click("#t-market [data-select='deck2']")
    game.click("#t-actions [data-action='reserve deck2']")
    game.wait_for_function(f"{MOVES}.length === 1")
    (card,) = json.loads(game.evaluate("splendorApp.state()"))["players"][0]["blind"]
    flown = game.evaluate(f"{MOVES}[0]")
    assert f"ghost card={card}" in flown and "ghost gem=y" in flown, flown  # face up for Ana
    (flight,) = [g for g in game.evaluate("ghosts") if g["card"] == card]
    assert abs(flight["x"] - deck["x"]) < 2 and abs(flight["y"] - deck["y"]) < 2, (flight, deck)


def test_a_rivals_blind_reserve_flies_as_a_back_from_its_deck(game, site_server):
    # Robo can only reserve (the bank holds only gold), and with this seed the bot's
    # generator (seeded by the game's seed and the move count) has it reserve from a deck.
    state = position(current=1, tokens=["wwwwbbbbgg", "ggrrrrkkkk"], seed=3)
    open_with_motion(game, site_server)
    game.evaluate(WATCH_GHOSTS)
    load(game, state, [("Ana", "human"), ("Robo", "easy")])
    game.wait_for_function("SplendorMotion.log.some(e => e.seat === 1)")
    blind = json.loads(game.evaluate("splendorApp.state()"))["players"][1]["blind"]
    assert len(blind) == 1, "Robo reserved face up: find a seed where it reserves blind"
    flown = game.evaluate("SplendorMotion.log.find(e => e.seat === 1).flown")
    backs = [f for f in flown if f.startswith("ghost back=")]
    assert len(backs) == 1 and "ghost gem=y" in flown, flown
    assert not any(f.startswith("ghost card=") for f in flown), flown  # the card stays hidden
    (flight,) = [g for g in game.evaluate("ghosts") if g["back"]]
    deck = game.evaluate(DECK, int(backs[0].removeprefix("ghost back=")))
    assert abs(flight["x"] - deck["x"]) < 2 and abs(flight["y"] - deck["y"]) < 2, (flight, deck)
    wait_my_turn(game)


MARKET = "[...document.querySelectorAll('#t-market [data-card]')].map(e => e.dataset.card)"
HOLDINGS = """() => Object.fromEntries([...document.querySelectorAll(
  '#t-players section[data-seat="0"] .holding[data-gem] .token')].map((e) => {
    const r = e.getBoundingClientRect();
    return [e.closest('.holding').dataset.gem, {x: r.left, y: r.top}];
  }))"""


def test_the_end_screen_pushing_the_table_down_sets_nothing_else_in_motion(game, site_server):
    open_with_motion(game, site_server)
    game.set_viewport_size({"width": 1024, "height": 600})
    load_duel(game, duel_winning_position())
    game.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the end screen scrolls up
    game.evaluate(WATCH_GHOSTS)
    before = set(game.evaluate(MARKET))
    play_duel_turn(game)  # buys the winning card: the end screen shows above the table
    game.wait_for_function(f"{MOVES}.length === 1")
    assert game.get_attribute("#game", "data-pending") == "over"
    flown = game.evaluate(f"{MOVES}[0]")
    dealt = set(game.evaluate(MARKET)) - before
    # the winning purchase, into Ana's cards: a copy flies over the players' column (which
    # scrolls on its own and would clip the card gliding in)
    assert "ghost card=2w3" in flown, flown
    # what stayed in the market moved only with the whole table: it does not glide over the
    # end screen (only a card dealt from its deck does)
    glides = {f.removeprefix("glide card=") for f in flown if f.startswith("glide card=")}
    assert glides <= dealt, flown
    # the tokens paid leave from Ana's holdings where they are after the scroll to the end
    flights = [g for g in game.evaluate("ghosts") if g["gem"]]
    holdings = game.evaluate(HOLDINGS)
    assert sorted(f["gem"] for f in flights) == sorted("gkkkkp"), flights
    for flight in flights:
        start = holdings[flight["gem"]]
        assert abs(flight["x"] - start["x"]) < 2 and abs(flight["y"] - start["y"]) < 2, flight
    game.set_viewport_size({"width": 1280, "height": 900})


def test_on_a_phone_on_its_side_the_tokens_a_duel_purchase_spends_fly_into_the_bag(
    game, site_server
):
    """There the action bar also shows my tokens: what I pay still goes into the bag."""
    open_with_motion(game, site_server)
    game.set_viewport_size({"width": 844, "height": 390})
    load_duel(game, duel_position(tokens=("ggkkkkp", ""), pyramid=PYRAMID))
    expect(game.locator("#t-actions .my-brief")).to_be_visible()
    game.evaluate(WATCH_GHOSTS)
    play_duel_turn(game)  # buys a card with tokens
    game.wait_for_function(f"{MOVES}.length === 1")
    bag = game.locator("#t-bank .bag").bounding_box()
    centre = (bag["x"] + bag["width"] / 2, bag["y"] + bag["height"] / 2)
    tokens = [g for g in game.evaluate("ghosts") if g["gem"]]
    assert tokens, game.evaluate(f"{MOVES}[0]")
    for token in tokens:
        assert abs(token["landX"] - centre[0]) < 2 and abs(token["landY"] - centre[1]) < 2, (
            token,
            centre,
        )
    game.set_viewport_size({"width": 1280, "height": 900})
