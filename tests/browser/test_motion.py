"""A move is shown in motion: the tokens and cards it moved glide to their new place.

The page is loaded without ``?fast`` (which turns motion off for the other tests); the
script static/js/motion.js logs what each redraw set in motion."""

from __future__ import annotations

import pytest

from splendor.classic.cards import CARD_COST, CARD_ID, CARD_LEVEL
from splendor.common import GEM_LETTERS
from tests.browser.test_play import load, take_gems, wait_my_turn
from tests.classic.position import position
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


def test_nothing_moves_when_reduced_motion_is_asked(game, site_server):
    open_with_motion(game, site_server, reduced=True)
    flown, _, _ = buy_the_card(game)
    assert flown == []
    assert game.evaluate("document.querySelectorAll('.motion-ghost').length") == 0
