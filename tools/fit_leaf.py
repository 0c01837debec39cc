"""Fit hard's leaves (``classic_eval.LEAF`` / ``LEAF_MULTI``, ``duel_eval.LEAF``) on games of bots.

    python -m tools.fit_leaf --games 5000 --workers 2                (make fit-leaf)
    python -m tools.fit_leaf --game duel --games 3000 --workers 2
    python -m tools.fit_leaf --players 3,4 --games 4000 --workers 2  (classic tables)

Plays seeded two-player games (two in three medium against medium, the rest medium against
easy, seats alternated), records ``leaf_features`` at the start of every turn with the
game's result for seat 0, and fits a logistic regression by Newton's method on the first 70%
of the games (each position counted from both seats: the features are antisymmetric, so the
fit has no intercept). Prints the held-out log-loss of the fit and of the squashed lead the
leaf used before, and the coefficients to paste into the game's ``LEAF``. Needs numpy
(a dev dependency), which the game itself never uses.

With ``--players 3,4`` it plays classic tables instead (mediums, some with one or two easy
seats, seats rotated), records every seat's ``seat_features`` at each turn start and fits
``classic_eval.LEAF_MULTI``: a conditional logit, each seat's odds the softmax of its
features, compared on held-out games with the squashed lead normalised over the seats.
"""

from __future__ import annotations

import argparse


def _game_positions(job):
    """(features and squashed lead at each turn start, seat 0's result) of a game, or None."""
    game, seed = job
    from splendor.bots import ladder, make_bot
    from splendor.common import game_module, make_rng

    evaluator = ladder.evaluator(game)
    medium, easy = make_bot("medium", game), make_bot("easy", game)
    if seed % 3:
        seats = [medium, medium]
    else:
        seats = [medium, easy] if seed % 2 else [easy, medium]
    state = game_module(game).new_game(2, seed=seed)
    rngs = [make_rng(seed * 8), make_rng(seed * 8 + 1)]
    rows, turn = [], -1
    while not state.is_over and state.turn < 300:
        if state.turn != turn and state.pending == "main":
            turn = state.turn
            lead = evaluator.seat_score(state, 0) - evaluator.seat_score(state, 1)
            rows.append((evaluator.leaf_features(state), lead))
        seat = state.current_player
        view = state.view(seat)
        state = state.apply(seats[seat].choose(view, view.legal_actions(), rngs[seat]))
    return (rows, state.returns()[0]) if state.is_over else None


def _table_positions(job):
    """(each seat's ``seat_features`` at each turn start, the returns) of a classic game of 3+."""
    players, seed = job
    from splendor.bots import ladder, make_bot
    from splendor.common import game_module, make_rng

    evaluator = ladder.evaluator("classic")
    easy = seed % 3  # two games in three have one or two easy seats among the mediums
    seats = [make_bot("easy" if i < easy else "medium", "classic") for i in range(players)]
    shift = seed % players
    seats = seats[shift:] + seats[:shift]
    state = game_module("classic").new_game(players, seed=seed)
    rngs = [make_rng(seed * 8 + i) for i in range(players)]
    rows, turn = [], -1
    while not state.is_over and state.turn < 120 * players:
        if state.turn != turn and state.pending == "main":
            turn = state.turn
            rows.append([evaluator.seat_features(state, s) for s in range(players)])
        seat = state.current_player
        view = state.view(seat)
        state = state.apply(seats[seat].choose(view, view.legal_actions(), rngs[seat]))
    return (rows, state.returns()) if state.is_over else None


def _fit_tables(np, games, evaluator) -> None:
    """Fit the multi-player leaf (a conditional logit over seats) and print it."""
    cut = int(len(games) * 0.7)

    def arrays(part):
        by_size = {}
        for rows, result in part:
            x, y = by_size.setdefault(len(result), ([], []))
            x.extend(rows)
            y.extend([result] * len(rows))
        return [(np.array(x), np.array(y)) for x, y in by_size.values()]

    def probabilities(x, coef):
        u = x @ coef
        e = np.exp(u - u.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    def squashed(x):
        # The squashed lead over the best rival, normalised to sum to 1 (for comparison).
        score = np.array([[evaluator.score_of_parts(f) for f in seats] for seats in x])
        best = np.array([[max(np.delete(s, i)) for i in range(len(s))] for s in score])
        v = 1 / (1 + np.exp(-(score - best) / 3.0))
        return v / v.sum(axis=1, keepdims=True)

    def log_loss(groups, coef):
        total = count = 0.0
        for x, y in groups:
            p = probabilities(x, coef) if coef is not None else squashed(x)
            total -= float((y * np.log(np.clip(p, 1e-9, 1))).sum())
            count += len(y)
        return total / count

    fit, test = arrays(games[:cut]), arrays(games[cut:])
    size = fit[0][0].shape[2]
    coef = np.zeros(size)
    ridge = 1e-3 * np.eye(size)
    for _ in range(30):
        gradient, hessian = ridge @ coef, ridge.copy()
        for x, y in fit:
            p = probabilities(x, coef)
            gradient += np.einsum("ns,nsf->f", p - y, x)
            mean = np.einsum("ns,nsf->nf", p, x)
            hessian += np.einsum("ns,nsf,nsg->fg", p, x, x) - mean.T @ mean
        step = np.linalg.solve(hessian, gradient)
        coef -= step
        if np.abs(step).max() < 1e-9:
            break

    positions = sum(len(y) for _, y in fit), sum(len(y) for _, y in test)
    print(f"{len(games)} games, {positions[0]} positions fitted, {positions[1]} held out")
    print(f"held-out log-loss: fit {log_loss(test, coef):.4f}")
    print(f"held-out log-loss: squashed lead at scale 3, normalised {log_loss(test, None):.4f}")
    if evaluator.LEAF_MULTI is not None:
        shipped = log_loss(test, np.array(evaluator.LEAF_MULTI))
        print(f"held-out log-loss: LEAF_MULTI as shipped {shipped:.4f}")
    print("LEAF_MULTI = (")
    for value in coef:
        print(f"    {value:.3f},")
    print(")")


def _log_loss(np, p, y) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def _play(jobs, play, workers) -> list:
    """The finished games of ``play`` over ``jobs``, in order."""
    if workers > 1:
        import multiprocessing

        with multiprocessing.Pool(workers) as pool:
            games = pool.map(play, jobs, chunksize=20)
    else:
        games = [play(job) for job in jobs]
    return [g for g in games if g is not None]


def main(argv=None) -> None:
    """Play the games, fit, and print the figures and the coefficients."""
    import numpy as np

    from splendor.bots import ladder

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("classic", "duel"), default="classic")
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=100000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", default="2", help="2, or classic tables: 3, 4 or 3,4")
    args = parser.parse_args(argv)
    evaluator = ladder.evaluator(args.game)
    if args.players != "2":
        sizes = [int(n) for n in args.players.split(",")]
        jobs = [(sizes[i % len(sizes)], args.seed + i) for i in range(args.games)]
        games = _play(jobs, _table_positions, args.workers)
        _fit_tables(np, games, evaluator)
        return
    seeds = [(args.game, seed) for seed in range(args.seed, args.seed + args.games)]
    games = _play(seeds, _game_positions, args.workers)
    cut = int(len(games) * 0.7)

    def matrix(part):
        x = np.array([row for rows, _ in part for row, _ in rows])
        lead = np.array([lead for rows, _ in part for _, lead in rows])
        y = np.array([result for rows, result in part for _ in rows])
        return x, lead, y

    x_fit, _, y_fit = matrix(games[:cut])
    x_test, lead_test, y_test = matrix(games[cut:])
    x_both, y_both = np.vstack([x_fit, -x_fit]), np.concatenate([y_fit, 1 - y_fit])
    coef = np.zeros(x_fit.shape[1])
    ridge = 1e-3 * np.eye(len(coef))
    for _ in range(30):
        p = 1 / (1 + np.exp(-(x_both @ coef)))
        gradient = x_both.T @ (p - y_both) + ridge @ coef
        hessian = (x_both * (p * (1 - p))[:, None]).T @ x_both + ridge
        step = np.linalg.solve(hessian, gradient)
        coef -= step
        if np.abs(step).max() < 1e-9:
            break
    print(f"{len(games)} games, {len(y_fit)} positions fitted, {len(y_test)} held out")
    fitted = _log_loss(np, 1 / (1 + np.exp(-(x_test @ coef))), y_test)
    print(f"held-out log-loss: fit {fitted:.4f}")
    for scale in (2.0, 3.0):
        squashed = _log_loss(np, 1 / (1 + np.exp(-lead_test / scale)), y_test)
        print(f"held-out log-loss: squashed lead at scale {scale:g} {squashed:.4f}")
    if evaluator.LEAF is not None:
        shipped = _log_loss(np, 1 / (1 + np.exp(-(x_test @ np.array(evaluator.LEAF)))), y_test)
        print(f"held-out log-loss: {evaluator.__name__}.LEAF as shipped {shipped:.4f}")
    print("LEAF = (")
    for value in coef:
        print(f"    {value:.3f},")
    print(")")


if __name__ == "__main__":
    main()
