"""Embed mode's URL parameters are read strictly, and messages have the documented shape."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "static"))

from app.embed_params import (
    BOT,
    HUMAN,
    EmbedOptions,
    accepts,
    game_over_message,
    link_base,
    origin_of,
    parse,
    ready_message,
    setup_choice,
    target_origin,
)


def test_documented_example_is_read_in_full():
    options = parse("?embed=1&game=classic&players=2&bots=1,0&lang=fa")
    assert options == EmbedOptions(
        embed=True, game="classic", players=2, seats=(BOT, HUMAN), lang="fa"
    )


def test_no_parameters_mean_defaults_and_no_problems():
    assert parse("") == EmbedOptions()
    assert parse("?embed=0").embed is False


def test_a_level_the_setup_screen_does_not_offer_is_refused_by_name():
    options = parse("game=classic&bots=human,greedy")
    assert options.seats is None or options.seats == EmbedOptions().seats
    assert any("'greedy' is not a player" in p for p in options.problems), options.problems


def test_bot_levels_by_name_and_players_taken_from_seats():
    options = parse("game=classic&bots=human,beginner,hard")
    assert options.seats == (HUMAN, "beginner", "hard")
    assert options.players == 3
    assert options.problems == ()


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ("game=chess", "game", "not a game"),
        ("game=duel&players=3", "players", "does not fit duel"),
        ("players=9", "players", "does not fit classic"),
        ("players=two", "players", "does not fit"),
        ("bots=1,x", "seats", "'x' is not a player"),
        ("players=3&bots=1,0", "seats", "names 2 seats"),
        ("game=duel&bots=expert,0", "seats", "'expert' is not a player"),
        ("lang=xx", "lang", "not a language"),
        ("parent_origin=javascript:alert(1)", "parent_origin", "must be an origin"),
        ("parent_origin=https://a.example/page", "parent_origin", "must be an origin"),
    ],
)
def test_a_bad_parameter_is_named_and_changes_nothing(query, field, words):
    options = parse("embed=1&" + query)
    assert getattr(options, field) is None
    assert options.embed is True
    assert len(options.problems) == 1 and words in options.problems[0]


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("embed=true&game=duel", "embed='true' is not embed mode (use embed=1)"),
        ("embed&game=duel", "embed has no value (use embed=1)"),
        ("embed=1&player=3", "'player' is not a parameter here: did you mean players?"),
        ("embed=1&bot=1,0", "did you mean bots?"),
        ("embed=1&parentOrigin=https://a.example", "did you mean parent_origin?"),
        ("embed=1&language=fa", "'language' is not a parameter here (use embed, game,"),
        ("embed=1&game=duel&game=classic", "game is given 2 times (the first is used)"),
    ],
)
def test_a_parameter_that_would_be_lost_silently_is_named(query, words):
    # A site owner's slip (a typo, a bare `embed`, embed=true) must not just do nothing.
    options = parse(query)
    assert [p for p in options.problems if words in p], options.problems


def test_messages_list_the_choices_in_words():
    assert parse("game=duel&players=3").problems == ("players='3' does not fit duel (use 2)",)
    assert parse("players=5").problems == ("players='5' does not fit classic (use 2, 3 or 4)",)
    assert parse("players=3&bots=1,0").problems == ("bots='1,0' names 2 seats, but players=3",)
    assert parse("bots=0,0,0,0,1").problems == (
        "bots='0,0,0,0,1' names 5 seats: classic is for 2, 3 or 4 players",
    )
    assert parse("lang=de").problems == ("lang='de' is not a language here (use en, fa or ka)",)


def test_a_repeated_parameter_reads_its_first_value_as_boot_js_does():
    assert parse("lang=fa&lang=ka").lang == "fa"


def test_names_are_read_loosely_where_nothing_is_lost():
    assert parse("embed=1&game=Duel") == EmbedOptions(embed=True, game="duel")
    # Outside embed mode a stranger's parameter (a campaign tag) is none of our business;
    # `fast` is read by the table.
    assert parse("utm_source=news&fbclid=x").problems == ()
    assert parse("embed=1&fast&bots=1,0").problems == ()


def test_parent_origin_is_normalised():
    assert origin_of("HTTPS://Example.org:443/") == "https://example.org"
    assert origin_of("http://127.0.0.1:8123") == "http://127.0.0.1:8123"
    assert origin_of("https://user@example.org") is None
    assert origin_of("https://example.org?x=1") is None
    assert origin_of("http://[::1]:8000/") == "http://[::1]:8000"
    assert origin_of("https://example.org:99999") is None
    assert origin_of("https://exa mple.org") is None


def test_encoded_values_are_decoded():
    options = parse("?embed=1&lang=%66a&bots=human%2Cbot")
    assert (options.lang, options.seats, options.problems) == ("fa", (HUMAN, BOT), ())


def test_messages_go_to_parent_origin_else_anywhere():
    assert target_origin(parse("")) == "*"
    options = parse("parent_origin=https://host.example")
    assert target_origin(options) == "https://host.example"


def test_commands_are_accepted_only_from_the_given_parent_origin():
    assert not accepts(parse(""), "https://host.example")
    options = parse("parent_origin=https://host.example")
    assert accepts(options, "https://host.example")
    assert not accepts(options, "https://evil.example")
    assert not accepts(options, "null")


def test_message_shapes():
    assert ready_message("0.1") == {"type": "splendor:ready", "version": "0.1", "problems": []}
    named = ready_message("0.1", ("embed has no value (use embed=1)",))
    assert named["problems"] == ["embed has no value (use embed=1)"]
    assert game_over_message("classic", [[1], [0, 2]], [15, 12, 12]) == {
        "type": "splendor:game-over",
        "game": "classic",
        "ranking": [[1], [0, 2]],
        "scores": [15, 12, 12],
    }


@pytest.mark.parametrize(
    ("ranking", "scores"), [([[0]], [15, 12]), ([[0], [0]], [1, 2]), ([[0], [2]], [1, 2])]
)
def test_game_over_rejects_a_ranking_that_does_not_rank_every_seat(ranking, scores):
    with pytest.raises(ValueError, match="does not rank"):
        game_over_message("classic", ranking, scores)


def test_the_url_seats_become_the_setup_forms_choice():
    kinds = ("human", "beginner", "easy", "medium", "hard")
    options = parse("?game=classic&bots=1,0,hard,easy")
    choice = setup_choice(options, kinds, "medium")
    assert choice == {
        "game": "classic",
        "players": 4,
        "seats": [
            {"name": "", "kind": "medium"},
            {"name": "", "kind": "human"},
            {"name": "", "kind": "hard"},
            {"name": "", "kind": "easy"},
        ],
    }
    assert setup_choice(parse(""), kinds, "medium") == {}


def test_a_game_link_leaves_the_frame_settings_behind():
    page = "https://example.org/splendor/"
    framed = page + "?embed=1&game=classic&players=2&bots=1,0&lang=en&parent_origin=https://a.b#x"
    assert link_base(framed) == page
    assert link_base(page + "?fast&embed=1#1.c2.abc") == page + "?fast"
    assert link_base(page) == page


def test_lang_is_read_as_the_boot_script_reads_it():
    for value in ("fa-IR", "FA", "fa_IR"):
        assert parse(f"?lang={value}").lang == "fa"
