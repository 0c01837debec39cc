"""Command line: ``python -m splendor arena ...`` and ``python -m splendor bench ...``."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen tool."""
    parser = argparse.ArgumentParser(prog="python -m splendor")
    tools = parser.add_subparsers(dest="tool", required=True)

    arena = tools.add_parser("arena", help="play bots against each other")
    arena.add_argument("--game", default="classic", choices=["classic", "duel"])
    arena.add_argument("--players", type=int, default=2)
    arena.add_argument("--games", type=int, default=100)
    arena.add_argument("--bots", default="random,greedy", help="comma-separated bot levels")
    arena.add_argument("--seed", type=int, default=0, help="seed of the first setup")
    arena.add_argument("--max-turns", type=int, default=1000, help="cap on a game's turns")
    arena.add_argument("--workers", type=int, default=1, help="processes playing games")

    bench = tools.add_parser("bench", help="print speed figures as JSON")
    bench.add_argument("--game", default="classic", choices=["classic", "duel"])
    bench.add_argument("--seconds", type=float, default=2.0, help="time per player count")

    args = parser.parse_args(argv)
    if args.tool == "arena":
        from splendor import arena as arena_tool

        levels = [level.strip() for level in args.bots.split(",") if level.strip()]
        try:
            result = arena_tool.run(
                args.game,
                args.players,
                levels,
                args.games,
                args.seed,
                args.max_turns,
                workers=args.workers,
            )
        except ValueError as exc:
            parser.error(str(exc))
        print(arena_tool.report(result))
    else:
        from splendor import bench as bench_tool

        bench_tool.main(args.game, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
