"""The bot levels, named for their strength, built for each game from shared parts.

- beginner: samples the game's cheap move scores at a high temperature (plausible, weak).
- easy: one-step lookahead with the full evaluation and noise; it does not look past a
  privilege or a replenish to the main action that follows (Duel).
- medium: one-step lookahead with the full evaluation (nobles or crowns/privileges, reach,
  the best rival's position subtracted), no noise, looking past privileges and replenishing.
- hard: ISMCTS (``ismcts``) with the full evaluation; ``HARD_ITERATIONS[game]`` iterations
  per decision, capped at ``HARD_SECONDS`` of wall-clock (the browser's budget).
"""

from __future__ import annotations

import math
from importlib import import_module

from splendor.bots.heuristic import BeginnerBot, OneStepBot
from splendor.bots.ismcts import IsmctsBot

# Duel iterations cost about twice as much. Classic went from 300 to 600 when medium stopped
# swapping gems: 300 then won 73.1% against it, 600 79.4% (docs/bots.md).
HARD_ITERATIONS = {"classic": 600, "duel": 200}
HARD_SECONDS = 1.2  # wall-clock cap per decision (Pyodide: under the page's 1.5 s budget)
# Games whose evaluation plans a quickest win (``planned_action``): hard keeps to the plan
# unless its search finds a candidate better by this much (when ahead in the race, behind).
HARD_PLAN_MARGIN = {"classic": (0.25, 0.05), "duel": (0.5, 0.2)}
# When behind, hard fights only while the fastest rival's plans need this many turns (low,
# high); a game not listed fights whenever it is behind. Classic fights only in its opening
# (below); windows that also dropped the opening's fights shortened games but lost too much
# strength (docs/bots.md).
HARD_FIGHT_WINDOW: dict[str, tuple[float, float]] = {"classic": (12.0, math.inf)}
# While the fastest rival's plans need at least this many turns, hard's search decides with
# the small margin whether it leads or not (plan lengths are too noisy to call the race so
# early), then it races. Classic: 25.7 turns per player in self-play instead of 26.6 on the
# same 40 games, and as strong against medium (docs/bots.md, session 21).
HARD_OPENING = {"classic": 12.0}
# How many first steps of equally quick plans join hard's root, free of the margin (a game
# not listed: none). With them Duel races harder (0.5 / 0.2) and stays above 75% against
# medium; in classic they moved neither pace nor strength (docs/bots.md).
HARD_EQUAL_PLANS = {"duel": 4}
# When the fastest rival's plans win within the first number of turns and hard's own are
# longer by more than the second, hard races rather than fights: such late denial seldom
# saves a game and lengthens it (Duel: 24.86 turns per player in self-play instead of 25.1,
# 80.2% against medium instead of 79.7%; docs/bots.md, session 19). A game not listed
# always fights when behind.
HARD_HOPELESS = {"duel": (3.5, 1.5)}

_EVAL_MODULES = {"classic": "splendor.bots.classic_eval", "duel": "splendor.bots.duel_eval"}
_TEMPERATURE = {"classic": 10.0, "duel": 3.0}
# Easy's noise (session 31: classic 0.3 -> 0.5, Duel 0.6 -> 0.3) evens the ladder's steps:
# classic medium vs easy 70% -> 78.5%, easy vs beginner 92% -> 86%, and medium finishes
# above easy clearly at tables; Duel medium vs easy 93.5% -> 76%, easy vs beginner 70% ->
# 81% (docs/bots.md).
_EASY_NOISE = {"classic": 0.5, "duel": 0.3}


def evaluator(game: str):
    """The evaluation module of a game."""
    return import_module(_EVAL_MODULES[game])


def beginner(game: str) -> BeginnerBot:
    """The beginner level."""
    return BeginnerBot(evaluator(game), _TEMPERATURE[game])


def easy(game: str) -> OneStepBot:
    """The easy level."""
    ev = evaluator(game)
    return OneStepBot(ev, ev.SIMPLE, noise=_EASY_NOISE[game], mains=0, name="easy")


def medium(game: str) -> OneStepBot:
    """The medium level."""
    ev = evaluator(game)
    return OneStepBot(ev, ev.FULL, name="medium")


def hard(game: str, iterations: int | None = None, max_seconds=HARD_SECONDS) -> IsmctsBot:
    """The hard level (budget configurable: iterations, and a wall-clock cap or None)."""
    ev = evaluator(game)
    if iterations is None:
        iterations = HARD_ITERATIONS[game]
    return IsmctsBot(
        ev,
        ev.FULL,
        iterations=iterations,
        max_seconds=max_seconds,
        plan_margin=HARD_PLAN_MARGIN.get(game),
        fight_window=HARD_FIGHT_WINDOW.get(game, (0.0, math.inf)),
        equal_plans=HARD_EQUAL_PLANS.get(game, 0),
        hopeless=HARD_HOPELESS.get(game),
        opening=HARD_OPENING.get(game),
    )
