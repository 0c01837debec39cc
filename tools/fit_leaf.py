"""Fit hard's two-player leaf (``classic_eval.LEAF``, ``duel_eval.LEAF``) on games of bots.

    python -m tools.fit_leaf --games 5000 --workers 2                (make fit-leaf)
    python -m tools.fit_leaf --game duel --games 3000 --workers 2

Plays seeded two-player games (two in three medium against medium, the rest medium against
easy, seats alternated), records ``leaf_features`` at the start of every turn with the
game's result for seat 0, and fits a logistic regression by Newton's method on the first 70%
of the games (each position counted from both seats: the features are antisymmetric, so the
fit has no intercept). Prints the held-out log-loss of the fit and of the squashed lead the
leaf used before, and the coefficients to paste into the game's ``LEAF``. Needs numpy
(a dev dependency), which the game itself never uses.
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


def _log_loss(np, p, y) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(argv=None) -> None:
    """Play the games, fit, and print the figures and the coefficients."""
    import numpy as np

    from splendor.bots import ladder

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("classic", "duel"), default="classic")
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=100000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    evaluator = ladder.evaluator(args.game)
    seeds = [(args.game, seed) for seed in range(args.seed, args.seed + args.games)]
    if args.workers > 1:
        import multiprocessing

        with multiprocessing.Pool(args.workers) as pool:
            games = pool.map(_game_positions, seeds, chunksize=20)
    else:
        games = [_game_positions(seed) for seed in seeds]
    games = [g for g in games if g is not None]
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
