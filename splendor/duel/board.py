"""The 5×5 token board: cell names, the spiral order from the centre, and straight lines.

Cells are named by column letter a-e (left to right) and row number 1-5 (top to bottom):
`a1` is the top-left corner, `c3` the centre. A cell's index is `(row - 1) * 5 + column`.

Spiral order (used to place tokens at setup and on every replenish), from the centre one step
up, then clockwise and outwards:

    c3 c2 d2 d3 d4 c4 b4 b3 b2 b1 c1 d1 e1 e2 e3 e4 e5 d5 c5 b5 a5 a4 a3 a2 a1

         a  b  c  d  e       (position in the spiral, 1 = centre)
    1   25 10 11 12 13
    2   24  9  2  3 14
    3   23  8  1  4 15
    4   22  7  6  5 16
    5   21 20 19 18 17
"""

from __future__ import annotations

SIZE = 5
CELLS = tuple(f"{'abcde'[i % SIZE]}{i // SIZE + 1}" for i in range(SIZE * SIZE))
CELL_INDEX = {name: i for i, name in enumerate(CELLS)}

SPIRAL_NAMES = "c3 c2 d2 d3 d4 c4 b4 b3 b2 b1 c1 d1 e1 e2 e3 e4 e5 d5 c5 b5 a5 a4 a3 a2 a1"
SPIRAL = tuple(CELL_INDEX[name] for name in SPIRAL_NAMES.split())

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # (row step, column step): row, column, diagonals


def _lines() -> tuple[tuple[int, ...], ...]:
    """Every run of 1, 2 or 3 adjacent cells in one straight line, cells in index order."""
    runs = {(i,) for i in range(SIZE * SIZE)}
    for row in range(SIZE):
        for col in range(SIZE):
            for dr, dc in DIRECTIONS:
                for length in (2, 3):
                    cells = [(row + k * dr, col + k * dc) for k in range(length)]
                    if all(0 <= r < SIZE and 0 <= c < SIZE for r, c in cells):
                        runs.add(tuple(sorted(r * SIZE + c for r, c in cells)))
    return tuple(sorted(runs, key=lambda run: (len(run), run)))


LINES = _lines()
