"""The hard bot sees an obvious win, fights a rival's plan only inside its window and not
when it is hopeless, lets its search open the game whoever leads, and picks among equally
quick plans; medium does not swap gems."""

from __future__ import annotations

import math

from splendor.bots import classic_eval, make_bot
from splendor.bots.ismcts import IsmctsBot
from splendor.classic.actions import Action
from splendor.classic.state import new_game
from splendor.common import make_rng
from tests.classic.position import position
from tests.duel.duel_helpers import position as position_duel


def test_hard_buys_the_card_that_wins_classic():
    # Seat 1 moves last in the round: 13 points + the 2-point 2w3 (g5, gold covers one) wins.
    # The rival has 14 points, so anything else loses.
    state = position(
        current=1,
        tokens=["", "ggggy"],
        purchased=[["3w1", "3w2", "3b1", "1w8", "2w6"], ["3k1", "3k2", "3b2", "1k8", "1b8"]],
        table=["2w3", "1b1", "1b2", "1b3", "1g1"],
    )
    assert state.points == [14, 13]
    view = state.view(1)
    legal = view.legal_actions()
    buy = next(a for a in legal if a.notation == "buy 2w3")
    assert (
        make_bot("hard", "classic", iterations=60, max_seconds=None).choose(
            view, legal, make_rng(0)
        )
        is buy
    )


def test_hard_buys_the_card_that_wins_duel():
    # 18 points; 2b3 (2 points, w4 r2 p1) is affordable with the w2 r1 bonuses: 20 wins now.
    state = position_duel(
        tokens=("wwrp", ""),
        cards=(["3w2", "3b2", "3g2", "3r2", "2w3"], ["1k1", "1k2"]),
        pyramid=[
            ["1w1", "1b1", "1g1", "1r1", "1k3"],
            ["2b3", "2g1", "2r1", "2k1"],
            ["3w1", "3b1", "3g1"],
        ],
    )
    assert state.points[0] == 18
    view = state.view(0)
    legal = view.legal_actions()
    bot = make_bot("hard", "duel", iterations=60, max_seconds=None)
    assert bot.choose(view, legal, make_rng(0)).notation == "buy 2b3"


def _worst(view, legal):
    """The action one-step lookahead likes least (the search will not pick it on its own)."""
    state = view.determinize(make_rng(0))
    return min(legal, key=lambda a: classic_eval.relative_score(state.apply(a), view.player))


def _hard_with_a_plan(
    mine, theirs, equals=(), equal_plans=0, fight_window=(9, 12), hopeless=None, opening=None
):
    """A hard bot whose plan is the worst legal action, with the given plan lengths (and
    equally quick plans); it keeps to the plan unless it fights (then any better candidate
    replaces the plan)."""

    class Planning:
        def __getattr__(self, name):
            return getattr(classic_eval, name)

        @staticmethod
        def planned_action(view, legal, rng, slicer=None):
            return _worst(view, legal), mine, theirs, list(equals)
            yield  # pragma: no cover

    return IsmctsBot(
        Planning(),
        classic_eval.FULL,
        iterations=30,
        plan_margin=(1.0, -1.0),
        fight_window=fight_window,
        equal_plans=equal_plans,
        hopeless=hopeless,
        opening=opening,
    )


def _plan_and_choice(**bot_options):
    """A new deal's planned move (the worst legal action) and the choice of a hard bot with
    these options, given its plan lengths and the rival's."""
    state = new_game(2, seed=5)
    view = state.view(state.current_player)
    legal = view.legal_actions()

    def choice(mine, theirs):
        bot = _hard_with_a_plan(mine, theirs, **bot_options)
        return bot.choose(view, legal, make_rng(0))

    return _worst(view, legal), choice


def test_hard_fights_a_rival_plan_only_inside_its_window():
    plan, choice = _plan_and_choice()
    assert choice(mine=9, theirs=10) is plan  # ahead: keeps to the plan
    assert choice(mine=16, theirs=13) is plan  # behind, rival 13 turns from a win: races
    assert choice(mine=6, theirs=3) is plan  # behind, rival 3 turns from a win: races
    assert choice(mine=14, theirs=10) is not plan  # rival 10 turns from a win: fights


def test_hard_races_when_a_late_fight_is_hopeless():
    plan, choice = _plan_and_choice(fight_window=(0, math.inf), hopeless=(3.5, 1.5))
    assert choice(mine=6, theirs=3) is plan  # rival 3 turns from a win, 3 behind: races
    assert choice(mine=4, theirs=3) is not plan  # only 1 behind: fights
    assert choice(mine=14, theirs=10) is not plan  # far from the end: fights, however far behind


def test_hard_lets_its_search_open_the_game_whoever_leads():
    plan, choice = _plan_and_choice(fight_window=(12, math.inf), opening=12)
    assert choice(mine=13, theirs=14) is not plan  # ahead, but the rival 14 turns away: searches
    assert choice(mine=9, theirs=10) is plan  # ahead after the opening: races
    assert choice(mine=14, theirs=10) is plan  # behind after the opening: races too
    _, without = _plan_and_choice(fight_window=(12, math.inf))
    assert without(mine=13, theirs=14) is plan  # no opening rule: ahead keeps to the plan


def test_hard_picks_freely_among_equally_quick_plans():
    state = new_game(2, seed=5)
    view = state.view(state.current_player)
    legal = view.legal_actions()
    plan = _worst(view, legal)
    searched = IsmctsBot(classic_eval, classic_eval.FULL, iterations=30)
    favourite = searched.choose(view, legal, make_rng(0))
    assert favourite is not plan

    def choice(equal_plans):
        bot = _hard_with_a_plan(9, 10, [plan, favourite], equal_plans)
        return bot.choose(view, legal, make_rng(0))

    assert choice(equal_plans=0) is plan  # ahead: keeps to the plan
    assert choice(equal_plans=4) is favourite  # as quick a plan, and the search's pick


def test_medium_buys_rather_than_take_and_give_back_the_same_gems():
    # Two bots once passed this way for 300 turns: medium valued its gems in hand (three
    # cards in reach) above buying 5 points, so it took two gems and gave them back.
    state = position(
        tokens=["wwwkkkkyyy", "wbbbbggrrr"],
        reserved=[["2r6", "3r4", "3w2"], ["2k2", "3b2", "2r1"]],
        purchased=[[], ["1r1", "1w2"]],
        table=["1g5", "1r3", "1w1", "1w3", "2b2", "2w1", "2r4", "2k6", "3w4", "3g1", "3w3", "3r3"],
    )
    view = state.view(0)
    legal = view.legal_actions()
    assert any(a.kind == "take" for a in legal)
    action = make_bot("medium", "classic").choose(view, legal, make_rng(1))
    assert action.kind == "buy"
    took = state.apply(Action.parse("take gr"))
    assert classic_eval.idle(took.apply(Action.parse("return gr")), 0)
    assert classic_eval.idle(took.apply(Action.parse("return wk")), 0)  # a swap, too
    assert not classic_eval.idle(state.apply(Action.parse("buy 3w4")), 0)
