"""The new-game form: which game, how many players, and the Start button."""

from __future__ import annotations

from pyscript import document
from pyscript.ffi import create_proxy

GAME_NAMES = {"classic": "Splendor", "duel": "Splendor Duel"}


def enable() -> None:
    """Handle the form's submission and enable its Start button."""
    form = document.getElementById("setup")
    form.addEventListener("submit", create_proxy(on_submit))
    document.getElementById("start").disabled = False


def read_choice() -> tuple[str, int]:
    """Return the chosen game name and number of players (Duel is always two)."""
    game = document.querySelector("input[name=game]:checked").value
    players = int(document.querySelector("input[name=players]:checked").value)
    return game, 2 if game == "duel" else players


def on_submit(event) -> None:
    """Start the chosen game (for now: say what would start; the table comes next)."""
    event.preventDefault()
    game, players = read_choice()
    note = document.getElementById("setup-note")
    note.textContent = f"{GAME_NAMES[game]} for {players} players: the table is coming soon."
