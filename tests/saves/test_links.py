"""Links: round trips for both games, the size bound, a golden link, and named refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from splendor.common import Record, VersionError, replay
from splendor.links import DIGITS, LinkError, _check, decode_link, encode_link
from splendor.seats import make_seat
from splendor.session import Session
from tests.saves.helpers import bot_game, cut

GOLDEN = json.loads((Path(__file__).parent / "golden_links.json").read_text("utf-8"))
CASES = [
    ("classic", 2, "greedy"),
    ("classic", 3, "random"),
    ("classic", 4, "greedy"),
    ("classic", 4, "random"),
    ("duel", 2, "random"),
]


@pytest.mark.parametrize("game,players,level", CASES)
def test_link_round_trip_at_every_stage_of_a_game(game, players, level):
    record = bot_game(game, players, level, 5)
    names = ["Ann", "", "ნინო", "Joe"][:players]
    for moves in (0, 1, len(record.moves) // 2, len(record.moves)):
        part = cut(record, moves)
        decoded, got_names = decode_link(encode_link(part, names))
        assert decoded.moves == part.moves and decoded.seed == part.seed
        assert replay(decoded).to_json() == replay(part).to_json()
        assert got_names == tuple(names)


def test_options_and_negative_seeds_survive_a_link():
    state = Session.new("classic", 3, seed=-12345, target=21, nobles="first", first_player=2)
    record, _ = decode_link(state.link())
    assert record == state.record
    duel = Session.new("duel", seed=2**40, first_player=1)
    assert decode_link(duel.link())[0] == duel.record


@pytest.mark.parametrize("seed", range(6))
def test_complete_four_player_games_fit_in_two_thousand_characters(seed):
    longest_names = ["ა" * 24, "ب" * 24, "W" * 24, "ж" * 24]
    for level in ("greedy", "random"):
        assert len(encode_link(bot_game("classic", 4, level, seed), longest_names)) < 2000


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda g: g["record"]["game"])
def test_golden_links_still_decode_to_the_same_games(golden):
    # Fails if an engine changes the order of legal_actions(): then LINK_VERSION must change.
    record, names = decode_link(golden["link"])
    assert record == Record.from_data(golden["record"])
    assert list(names) == golden["names"]
    assert encode_link(record, names) == golden["link"]


def test_the_link_is_url_safe_ascii_and_a_whole_address_opens():
    link = encode_link(bot_game("classic", 2, "random", 1), ["<b>&\"'#?", "ok"])
    assert set(link) <= set(DIGITS + ".~")
    _, names = decode_link(f"https://example.org/splendor/#{link}")
    assert names == ("<b>&\"'#?", "ok")


@pytest.mark.parametrize(
    "after", [".", ",", ")", "!", ".)", "…", '"', ">", "\u200b", "%E2%80%A6", "%22", ".%20"]
)
def test_punctuation_pasted_after_a_link_is_not_part_of_it(after):
    link = encode_link(bot_game("classic", 2, "random", 3), ["A", "B"])
    assert decode_link(f"https://example.org/#{link}{after}") == decode_link(link)


def test_a_link_percent_encoded_by_the_browser_opens():
    link = encode_link(bot_game("classic", 2, "random", 3), ["A", "B"])
    assert "~" in link
    assert decode_link(link.replace("~", "%7E")) == decode_link(link)


def test_reading_links_does_not_import_urllib_at_start():
    """The page imports this module at start; urllib.parse costs some 60 ms in Pyodide."""
    code = "import sys, splendor.links, splendor.session; print('urllib.parse' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    )
    assert result.stdout.strip() == "False"


def relinked(link: str, index: int, value: str) -> str:
    """The link with one field replaced and a recomputed (valid) checksum: a deliberate edit."""
    parts = link.split(".")
    parts[index] = value
    body = ".".join(parts[:-1])
    return f"{body}.{_check(body)}"


LINK = encode_link(cut(bot_game("classic", 3, "random", 2), 30), ["A", "B", "C"])


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "link is empty"),
        ("hello world", "not a Splendor game link"),
        ("hello", "not a Splendor game link"),
        ("Hello!", "not a Splendor game link"),
        (LINK[: len(LINK) // 2], "link is truncated"),
        (LINK[:-2], "link is truncated"),
        (LINK.rpartition(".")[0], "link is truncated"),
        (LINK[:-1] + ("A" if LINK[-1] != "A" else "B"), "checksum does not match"),
        (LINK.replace(".", ".Z", 1)[:12] + LINK[12:], "checksum does not match"),
        ("2" + LINK[1:], "link was made by a newer version"),
        ("0" + LINK[1:], "unknown link version 0"),
        (LINK + ".x", "too many parts"),
        (relinked(LINK, 1, "c7"), "game and options"),
        (relinked(LINK, 1, "c2"), "3 names for 2 seats"),
        (relinked(LINK, 1, "c3t0"), "target must be"),
        (relinked(LINK, 4, "1"), "moves left over"),
        (relinked(LINK, 4, "_z"), "after the game ended"),
        (relinked(LINK, 5, "!!"), "link is corrupted (moves)"),
        (relinked(LINK, 3, "%%~B~C"), "a name is not readable"),
        (relinked(LINK, 2, "_" * 40), "seed out of range"),
        ("1." + "x" * 20_000, "link is too long"),
    ],
)
def test_bad_links_are_refused_with_a_message_naming_the_problem(text, message):
    with pytest.raises(LinkError) as caught:
        decode_link(text)
    assert message in str(caught.value)


def test_a_newer_link_is_a_version_error():
    with pytest.raises(VersionError):
        decode_link("9" + LINK[1:])


def test_encoding_an_illegal_record_raises_a_value_error():
    record = Record("classic", 1, {"players": 2}, ("buy 3w1",))
    with pytest.raises(ValueError, match="illegal"):
        encode_link(record)


def test_the_seat_a_device_has_played_by_link():
    record = cut(bot_game("classic", 3, "random", 2), 4)  # every seat has moved
    seats = [make_seat(name) for name in ("Ann", "Bo", "Cy")]
    link = Session(record, seats).link()
    assert Session.from_link(link, me=1).played_seat == 1
    assert Session.from_link(link).played_seat is None  # no seat chosen
    fresh = Session(cut(record, 1), seats).link()
    assert Session.from_link(fresh, me=1).played_seat is None  # seat 1 has not moved yet
    assert Session(record, seats).played_seat is None  # a game at one table
