"""Embedding: talk to the page that frames the game (messages documented in docs/embedding.md).

The table calls `post_game_over(...)` when a game ends; a parent's "new game" request reloads
the frame; the shell calls `start(version)`.
"""

from __future__ import annotations

import json

from pyscript import window
from pyscript.ffi import create_proxy, to_js

from . import embed_params

_options: embed_params.EmbedOptions | None = None
_proxies = []  # keeps JS-held proxies alive
DEFAULT_LEVEL = "medium"  # a seat given as bots=1 plays at this level


def options() -> embed_params.EmbedOptions:
    """The embed parameters of this page's URL (game, players, seats, lang…), read once."""
    global _options
    if _options is None:
        _options = embed_params.parse(str(window.location.search))
    return _options


def _same(a, b) -> bool:
    return bool(getattr(window.Object, "is")(a, b))


def is_framed() -> bool:
    """Whether another page frames this one (then it receives our messages)."""
    return not _same(window.parent, window)


def post(message: dict) -> None:
    """Post a message to the framing page (nothing when the page is not framed)."""
    if is_framed():
        data = to_js(message, dict_converter=window.Object.fromEntries)
        window.parent.postMessage(data, embed_params.target_origin(options()))


def post_ready(version: str) -> None:
    """Tell the framing page that the game is ready: {type: "splendor:ready", version,
    problems}."""
    post(embed_params.ready_message(version, options().problems))


def post_game_over(game: str, ranking: list[list[int]], scores: list[int]) -> None:
    """Tell the framing page a game ended: {type: "splendor:game-over", game, ranking, scores}.

    `ranking` is `State.ranking()` (0-based seats, best first, ties grouped), `scores` is
    `State.scores()`."""
    post(embed_params.game_over_message(game, ranking, scores))


def apply_to_setup(setup_form, table) -> None:
    """Put the URL's game, players, seats and language into the setup screen."""
    opts = options()
    for problem in opts.problems:  # the only place a site owner can see why a value was ignored
        window.console.warn(f"Splendor embed: {problem}")
    choice = embed_params.setup_choice(opts, setup_form.KINDS, DEFAULT_LEVEL)
    if choice:
        setup_form.restore({**setup_form.load_saved(), **choice})
    if opts.lang:  # for this frame only: the player's own choice stays theirs
        table.set_language(opts.lang, remember=False)
    table.ON_CHANGE.append(_report_game_over)


def _report_game_over(controller) -> None:
    """Post "splendor:game-over" once per end of a game played here (not for replays): an
    end undone and played otherwise is another end, told again; the same end redone is not."""
    state = controller.state
    if not state.is_over or getattr(controller, "replaying", False):
        return
    moves = tuple(controller.session.record.moves)
    if getattr(controller, "reported_end", None) == moves:
        return
    controller.reported_end = moves
    post_game_over(controller.game.NAME, state.ranking(), state.scores())


def start(version: str) -> None:
    """Listen to the framing page (if it gave its origin), then post "splendor:ready"."""
    listener = create_proxy(_on_message)
    _proxies.append(listener)
    window.addEventListener("message", listener)
    # A debugging and test hook: end a game from the console, as the table will.
    test_hook = create_proxy(lambda text: post_game_over(**json.loads(text)))
    _proxies.append(test_hook)
    window.splendorApp.postGameOver = test_hook
    post_ready(version)


def _on_message(event) -> None:
    if not is_framed() or not _same(event.source, window.parent):
        return
    if not embed_params.accepts(options(), str(event.origin)):
        return
    if getattr(event.data, "type", None) == embed_params.NEW_GAME:
        window.location.reload()  # warm from the service worker; a game in play stays saved
