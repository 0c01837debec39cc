"""The arena: seat rotation over shared setups, Wilson intervals, capped games kept apart."""

from __future__ import annotations

import json

import pytest

from splendor import arena
from splendor.__main__ import main
from splendor.bots import levels, make_bot
from splendor.classic import View


def test_wilson_interval_matches_known_values():
    low, high = arena.wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert arena.wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_seating_rotates_every_entry_through_every_seat():
    assert [arena.seating(2, 2, r) for r in range(2)] == [[0, 1], [1, 0]]
    assert [arena.seating(3, 3, r) for r in range(3)] == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    assert arena.seating(2, 4, 1) == [1, 0, 1, 0]


def test_rotations_share_the_same_setup_seed(monkeypatch):
    calls = []
    real_play = arena.play

    def fake_play(game, players, bots, seed, max_turns, options=None, clock=None, keys=None):
        calls.append((seed, [bot.name for bot in bots]))
        return real_play(game, players, bots, seed, 2, options, clock, keys)  # capped: fast

    monkeypatch.setattr(arena, "play", fake_play)
    arena.run("classic", 2, ["random", "greedy"], 4, seed=7)
    assert calls == [
        (7, ["random", "greedy"]),
        (7, ["greedy", "random"]),
        (8, ["random", "greedy"]),
        (8, ["greedy", "random"]),
    ]


def test_a_bot_playing_itself_plays_a_new_game_from_the_other_seat(monkeypatch):
    finals = []
    real_play = arena.play

    def recording_play(*args, **kwargs):
        finals.append(real_play(*args, **kwargs))
        return finals[-1]

    monkeypatch.setattr(arena, "play", recording_play)
    arena.run("classic", 2, ["random", "random"], 2, seed=3, max_turns=60)
    first, second = finals
    assert first.turn == second.turn == 60  # same setup, both capped at the same turn
    assert (first.points, first.bought) != (second.points, second.bought)


def test_greedy_beats_random_and_shares_add_up():
    result = arena.run("classic", 2, ["random", "greedy"], 20, seed=1)
    random_entry, greedy_entry = result.entries
    assert result.finished + result.capped == 20
    assert random_entry.wins + greedy_entry.wins == pytest.approx(result.finished)
    assert greedy_entry.wins > 15 and result.mean_turns > 20


def test_capped_games_are_reported_apart_and_never_won():
    result = arena.run("classic", 2, ["random", "greedy"], 4, max_turns=3)
    assert result.capped == 4 and result.finished == 0
    assert all(entry.wins == 0 and entry.capped == 4 for entry in result.entries)
    assert "4 capped" in arena.report(result)


def test_bots_receive_a_view_not_the_state():
    seen = []

    class Spy:
        name = "spy"

        def choose(self, view, legal_actions, rng):
            seen.append(type(view))
            return legal_actions[0]

    arena.play("classic", 2, [Spy(), Spy()], seed=3, max_turns=5)
    assert seen and set(seen) == {View}


def test_registry_knows_the_baselines_and_names_the_choices():
    assert {"random", "greedy"} <= set(levels("classic"))
    assert make_bot("greedy", "classic").name == "greedy"
    with pytest.raises(ValueError, match="known: random, .*greedy"):
        make_bot("grandmaster", "classic")


def test_arena_command_prints_win_rates_with_intervals(capsys):
    assert main(["arena", "--games", "4", "--bots", "random,greedy", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "4 games" in out and "mean turns" in out
    assert out.count("95% CI") == 2 and "greedy" in out


def test_arena_command_rejects_an_unknown_bot(capsys):
    with pytest.raises(SystemExit):
        main(["arena", "--bots", "random,wizard"])
    assert "no 'wizard' bot" in capsys.readouterr().err


def test_bench_command_prints_json_figures(capsys, monkeypatch):
    from splendor import bench

    monkeypatch.setattr(bench, "sample_states", _few_states)  # keep the test quick
    assert main(["bench", "--seconds", "0.05"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures["random_play"]) == {"2", "3", "4"}
    assert figures["random_play"]["2"]["actions_per_s"] > 0
    assert figures["state_copy_us"] > 0 and figures["apply_us"] > 0


def _few_states(module):
    s = module.new_game(2, seed=1)
    return [(s, s.legal_actions()[0])]


def test_tables_report_who_finished_above_whom():
    result = arena.run("classic", 3, ["greedy", "random", "random"], 6, seed=1)
    assert result.finished == 6
    assert set(result.above) == {(0, 1), (0, 2), (1, 2)}
    assert all(games == 6 for _, games in result.above.values())
    assert result.above[(0, 1)][0] == 6 and result.above[(0, 2)][0] == 6  # greedy above random
    out = arena.report(result)
    assert "greedy above random: 100.0%" in out and "random above random#2" in out


def test_a_bot_in_two_seats_counts_each_game_once():
    result = arena.run("classic", 4, ["greedy", "random"], 2, seed=1)
    assert set(result.above) == {(0, 1)}
    above, games = result.above[(0, 1)]
    assert games == result.finished == 2  # not two greedy seats x two random seats per game
    assert above == games  # both greedy seats finished above both random seats every game
    assert "above" not in arena.report(arena.run("classic", 2, ["greedy", "random"], 2, seed=1))


def test_the_arena_budgets_hard_by_iterations_so_load_cannot_change_its_games():
    assert arena._arena_bot("hard", "classic").max_seconds is None
    assert make_bot("hard", "classic").max_seconds is not None  # the page keeps its cap
    assert arena._arena_bot("medium", "duel").name == "medium"
