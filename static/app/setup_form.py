"""The new-game form: game, players, seats (name, human or bot level), rule options, language.

The last choices are kept in localStorage and put back in the form when Python starts.
"""

from __future__ import annotations

import json

from pyodide.ffi import JsException
from pyscript import document, window
from pyscript.ffi import create_proxy

from app.catalog import t
from app.page_text import KINDS, MAX_SEATS, TARGETS, form_texts

STORE_KEY = "splendor.setup"
LANG_KEY = "splendor.lang"
NAME_LENGTH = 24


def enable(on_start) -> None:
    """Restore the saved choices, handle submission with on_start(choice), enable Start."""
    restore(load_saved())
    form = document.getElementById("setup")

    def submit(event):
        event.preventDefault()
        choice = read_choice()
        save(choice)
        on_start(choice)

    form.addEventListener("submit", create_proxy(submit))
    document.getElementById("start").disabled = False
    document.getElementById("howto-open").disabled = False


def read_choice() -> dict:
    """The form's choices: game, players, seats [{name, kind}], target, nobles."""
    game = document.querySelector("input[name=game]:checked").value
    players = int(document.querySelector("input[name=players]:checked").value)
    if game == "duel":
        players = 2
    seats = []
    for i in range(players):
        name = str(document.getElementById(f"name{i}").value).strip()[:NAME_LENGTH]
        kind = str(document.getElementById(f"kind{i}").value)
        seats.append({"name": name, "kind": kind if kind in KINDS else "human"})
    return {
        "game": game,
        "players": players,
        "seats": seats,
        "target": int(document.getElementById("target").value),
        "nobles": str(document.getElementById("nobles").value),
    }


def restore(choice: dict) -> None:
    """Put saved choices back in the form (anything odd is skipped)."""
    try:
        if choice.get("game") in ("classic", "duel"):
            document.getElementById(f"game-{choice['game']}").checked = True
        players = int(choice.get("players", 2))
        if players in (2, 3, 4):
            document.getElementById(f"players-{players}").checked = True
        for i, seat in enumerate(choice.get("seats", [])[:MAX_SEATS]):
            document.getElementById(f"name{i}").value = str(seat.get("name", ""))[:NAME_LENGTH]
            if seat.get("kind") in KINDS:
                document.getElementById(f"kind{i}").value = seat["kind"]
        if int(choice.get("target", 0)) in TARGETS:
            document.getElementById("target").value = str(int(choice["target"]))
        if choice.get("nobles") in ("choose", "first"):
            document.getElementById("nobles").value = choice["nobles"]
    except (AttributeError, TypeError, ValueError):
        pass


def translate(lang: str) -> None:
    """Texts of the form that carry a number (seat labels, name placeholders, bot levels)."""
    for selector, attribute, text in form_texts(lang):
        element = document.querySelector(selector)
        if attribute:
            element.setAttribute(attribute, text)
        else:
            element.textContent = text
    document.getElementById("lang").value = lang
    document.getElementById("game-lang").value = lang


def default_name(lang: str, seat: int) -> str:
    """The name a seat gets when left empty."""
    return t(lang, "setup.default_name", n=seat + 1)


def load_saved() -> dict:
    """The last choices from localStorage ({} when none or unreadable)."""
    try:
        data = json.loads(window.localStorage.getItem(STORE_KEY) or "{}")
    except (JsException, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save(choice: dict) -> None:
    """Remember the choices (silently skipped when storage is blocked)."""
    try:
        window.localStorage.setItem(STORE_KEY, json.dumps(choice))
    except JsException:
        return  # storage blocked: the choices are simply not remembered


def saved_language() -> str | None:
    """The language chosen last time, if any."""
    try:
        return window.localStorage.getItem(LANG_KEY)
    except JsException:
        return None


def save_language(lang: str) -> None:
    """Remember the language."""
    try:
        window.localStorage.setItem(LANG_KEY, lang)
    except JsException:
        return  # storage blocked: the choices are simply not remembered
