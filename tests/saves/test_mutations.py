"""Property tests: damaged or tampered saves, links and record files are refused cleanly.

Each mutation of a valid input must either be refused with a LoadError or IllegalActionError
(both ValueErrors) carrying a message, or load into a game that replays exactly; never any
other exception.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from splendor.common import IllegalActionError, LoadError, Record, replay
from splendor.links import _check, decode_link, encode_link
from splendor.records import export_record, import_record
from splendor.seats import make_seat
from splendor.session import Session
from tests.saves.helpers import bot_game, cut

FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RECORDS = [
    cut(bot_game("classic", 2, "random", 1), 25),
    cut(bot_game("classic", 3, "greedy", 2), 60),
    bot_game("classic", 4, "random", 3),
    cut(bot_game("duel", 2, "random", 4), 50),
]
SEATS = {
    2: [make_seat("Ann"), make_seat("Bot", bot="random")],
    3: [make_seat("A"), make_seat("<b>B</b>"), make_seat("", bot="random")],
    4: [make_seat(name) for name in ("A", "بهرام", "ნინო", "D")],
}
NOTATIONS = sorted({move for record in RECORDS for move in record.moves})


def players(record: Record) -> int:
    return replay(record).num_players


def save_of(record: Record) -> dict:
    session = Session(record, SEATS[players(record)])
    return session.to_data()


def refused_or_sound(load, text):
    """Load ``text``: a refusal must be a LoadError/IllegalActionError with a message."""
    try:
        loaded = load(text)
    except (LoadError, IllegalActionError) as exc:
        assert str(exc).strip()
        return None
    return loaded


def check_session(session: Session | None) -> None:
    if session is not None:
        assert replay(session.record).to_json() == session.state.to_json()
        assert all(len(name) <= 24 for name in session.names)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


@st.composite
def text_mutation(draw, text: str) -> str:
    """Flip, insert or delete characters, or truncate."""
    kind = draw(st.sampled_from(["flip", "insert", "delete", "truncate"]))
    i = draw(st.integers(0, len(text) - 1))
    if kind == "truncate":
        return text[:i]
    if kind == "delete":
        return text[:i] + text[i + draw(st.integers(1, 20)) :]
    ch = draw(st.characters())
    return text[:i] + ch + text[i + (kind == "flip") :]


@st.composite
def byte_flips(draw, text: str) -> bytes:
    raw = bytearray(text.encode("utf-8"))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(raw) - 1))
        raw[i] ^= draw(st.integers(1, 255))
    return bytes(raw)


@st.composite
def data_mutation(draw, data: dict) -> dict:
    """Drop, replace or swap moves; change the version; put garbage in any field."""
    data = json.loads(json.dumps(data))
    moves = data["moves"]
    kind = draw(st.sampled_from(["drop", "replace", "swap", "version", "field", "seat"]))
    if kind == "drop" and moves:
        del moves[draw(st.integers(0, len(moves) - 1))]
    elif kind == "replace" and moves:
        i = draw(st.integers(0, len(moves) - 1))
        moves[i] = draw(st.sampled_from(NOTATIONS) | st.text(max_size=12))
    elif kind == "swap" and len(moves) > 1:
        i, j = draw(st.lists(st.integers(0, len(moves) - 1), min_size=2, max_size=2, unique=True))
        moves[i], moves[j] = moves[j], moves[i]
    elif kind == "version":
        data["version"] = draw(json_values)
    elif kind == "seat" and "seats" in data:
        seat = data["seats"][draw(st.integers(0, len(data["seats"]) - 1))]
        seat[draw(st.sampled_from(["name", "kind", "level", "extra"]))] = draw(json_values)
    else:
        data[draw(st.sampled_from(sorted(data) + ["extra"]))] = draw(json_values)
    return data


# --- saves ------------------------------------------------------------------------------
@FAST
@given(st.data())
def test_damaged_save_text_is_refused_or_loads_soundly(data):
    text = json.dumps(save_of(data.draw(st.sampled_from(RECORDS))), ensure_ascii=False)
    mutated = data.draw(text_mutation(text) | byte_flips(text))
    check_session(refused_or_sound(Session.from_json, mutated))


@FAST
@given(st.data())
def test_edited_save_data_is_refused_or_loads_soundly(data):
    mutated = data.draw(data_mutation(save_of(data.draw(st.sampled_from(RECORDS)))))
    check_session(refused_or_sound(Session.from_data, mutated))


@FAST
@given(json_values)
def test_garbage_json_is_not_a_save(value):
    assert refused_or_sound(Session.from_json, json.dumps(value)) is None
    assert refused_or_sound(Session.from_data, value) is None


# --- record files -----------------------------------------------------------------------
@FAST
@given(st.data())
def test_damaged_record_files_are_refused_or_load_soundly(data):
    record = data.draw(st.sampled_from(RECORDS))
    text = export_record(record, ["x"] * players(record))
    mutated = data.draw(
        text_mutation(text)
        | byte_flips(text)
        | data_mutation(json.loads(text)).map(lambda d: json.dumps(d))
    )
    loaded = refused_or_sound(import_record, mutated)
    if loaded is not None:
        assert replay(loaded[0]).record == loaded[0]


# --- links ------------------------------------------------------------------------------
LINKS = [encode_link(r, [s.name for s in SEATS[players(r)]]) for r in RECORDS]


def check_link(loaded) -> None:
    if loaded is not None:
        record, names = loaded
        assert decode_link(encode_link(record, names)) == (record, names)


@FAST
@given(st.data())
def test_damaged_links_are_refused_or_open_soundly(data):
    link = data.draw(st.sampled_from(LINKS))
    mutated = data.draw(text_mutation(link) | byte_flips(link).map(lambda b: b.decode("latin-1")))
    check_link(refused_or_sound(decode_link, mutated))


@FAST
@given(st.data())
def test_edited_links_with_a_recomputed_checksum_are_refused_or_open_soundly(data):
    parts = data.draw(st.sampled_from(LINKS)).split(".")
    field = data.draw(st.integers(0, len(parts) - 2))
    parts[field] = data.draw(
        text_mutation(parts[field])
        if parts[field]
        else st.text(max_size=4) | st.text("0123456789ABCDEFabcdef-_~.", max_size=12)
    )
    body = ".".join(parts[:-1])
    check_link(refused_or_sound(decode_link, f"{body}.{_check(body)}"))


@FAST
@given(st.text(max_size=60) | st.binary(max_size=60).map(lambda b: b.decode("latin-1")))
def test_random_text_is_not_a_link(text):
    check_link(refused_or_sound(decode_link, text))
