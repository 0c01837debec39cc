"""The bot protocol and the sliced-thinking helpers every bot shares.

A bot is given a player's View, the legal actions and a seeded ``random.Random``; it never
sees the State. ``bot.think(view, legal_actions, rng)`` is a generator: it yields (None)
whenever it has worked for about ``slice_seconds`` and finally *returns* the chosen action
(the generator's StopIteration value). ``bot.choose(...)`` simply runs ``think`` to the end.
The browser drives ``think`` in slices with ``await asyncio.sleep(0)`` between ``next()``
calls, so the page never freezes; ``run_sliced`` is the reference driver.

Where the generator yields depends on the clock, but what it returns never does (unless a
bot's own wall-clock cap cuts its search short): the same view, actions and rng seed give
the same action, sliced or not.
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator

# 20 ms of CPython work is about 45 ms in Pyodide (about 2.2 times slower): under 50 ms.
SLICE_SECONDS = 0.02

Thinking = Generator[None, None, object]


class Bot:
    """Base class: subclasses write ``think``; ``choose`` runs it to completion."""

    name = "bot"
    slice_seconds = SLICE_SECONDS

    def think(self, view, legal_actions, rng) -> Thinking:
        """Yield now and then while thinking; return the chosen action."""
        raise NotImplementedError
        yield  # pragma: no cover  (makes this a generator)

    def choose(self, view, legal_actions, rng):
        """Return the chosen action (``think`` run to completion without pausing)."""
        return finish(self.think(view, legal_actions, rng))


class Slicer:
    """Tells a thinking loop when its current slice of time is used up, and (``late``) when
    a stage of thinking should stop adding work: past ``deadline`` (``perf_counter`` time)."""

    __slots__ = ("deadline", "mark", "seconds")

    def __init__(self, seconds: float = SLICE_SECONDS, deadline: float = math.inf):
        self.seconds = seconds
        self.deadline = deadline
        self.mark = time.perf_counter()

    def late(self) -> bool:
        """True once the deadline has passed."""
        return time.perf_counter() >= self.deadline

    def due(self) -> bool:
        """True (and a new slice starts) when the slice's time is spent."""
        now = time.perf_counter()
        if now - self.mark >= self.seconds:
            self.mark = now
            return True
        return False

    def restart(self) -> None:
        """Start a new slice now (call after resuming from a yield)."""
        self.mark = time.perf_counter()


def finish(thinking: Thinking):
    """Run a thinking generator to its end and return its result."""
    while True:
        try:
            next(thinking)
        except StopIteration as stop:
            return stop.value


def draw_into(row, drawn, place: int, level: int, decks):
    """(row, drawn) after the card at ``place`` leaves and the next card of deck ``level``
    (0-based; ``drawn[level]`` cards already taken from its end) comes in, -1 when empty."""
    deck = decks[level]
    depth = drawn[level]
    cards = list(row)
    cards[place] = deck[-1 - depth] if depth < len(deck) else -1
    counts = list(drawn)
    counts[level] += 1
    return tuple(cards), tuple(counts)


def in_slices(thinking: Thinking, slicer=None):
    """Generator: run ``thinking`` to its end, yielding only when ``slicer`` says the time
    slice is spent; return its result."""
    while True:
        try:
            next(thinking)
        except StopIteration as stop:
            return stop.value
        if slicer is not None and slicer.due():
            yield
            slicer.restart()


def run_sliced(thinking: Thinking) -> tuple[object, int]:
    """Drive a thinking generator slice by slice; return (action, number of slices)."""
    slices = 0
    while True:
        slices += 1
        try:
            next(thinking)
        except StopIteration as stop:
            return stop.value, slices
