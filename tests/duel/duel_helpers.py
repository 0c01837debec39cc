"""Build constructed Duel positions for rule tests."""

from __future__ import annotations

from splendor.duel import new_game
from splendor.duel.actions import TOKEN_LETTERS
from splendor.duel.cards import CARD_INDEX, CARDS, ROYAL_INDEX
from splendor.duel.saving import check
from splendor.duel.state import EMPTY, TOKEN_TOTALS, State, derive


def ids(cards) -> list[str]:
    """Card ids for card indices."""
    return [CARDS[c].id for c in cards]


def notations(state: State) -> set[str]:
    """The legal actions of a state as notation strings."""
    return {a.notation for a in state.legal_actions()}


def counts(letters: str) -> tuple[int, ...]:
    """Seven token counts (w b g r k p y) from letters."""
    return tuple(letters.count(ch) for ch in TOKEN_LETTERS)


def position(
    board: str | None = None,
    tokens: tuple[str, str] = ("", ""),
    cards: tuple[list[str], list[str]] = ([], []),
    jokers: tuple[dict[str, str], dict[str, str]] = ({}, {}),
    reserved: tuple[list[str], list[str]] = ([], []),
    blind: tuple[list[str], list[str]] = ([], []),
    pyramid: list[list[str]] | None = None,
    royals: tuple[list[str], list[str]] = ([], []),
    privileges: tuple[int, int] = (0, 0),
    player: int = 0,
    seed: int = 1,
) -> State:
    """A position at the start of `player`'s turn; the bag holds every token not placed.

    `board` is five rows of five letters (w b g r k p y, or . for empty), spaces ignored;
    where the players hold tokens, board cells of those kinds are emptied from e5 backwards.
    """
    s = new_game(seed=seed, first_player=player)
    if board is not None:
        letters = "".join(board.split())
        assert len(letters) == 25, letters
        s.board = tuple((TOKEN_LETTERS + ".").index(ch) for ch in letters)
    s.tokens = (counts(tokens[0]), counts(tokens[1]))
    board_codes = list(s.board)
    for k, total in enumerate(TOKEN_TOTALS):  # tokens the players hold leave the board
        for i in reversed(range(25)):  # from e5 backwards
            if board_codes.count(k) + s.tokens[0][k] + s.tokens[1][k] <= total:
                break
            if board_codes[i] == k:
                board_codes[i] = EMPTY
    s.board = tuple(board_codes)
    placed = [c for c in s.board if c != EMPTY]
    bag = []
    for k, total in enumerate(TOKEN_TOTALS):
        left = total - placed.count(k) - s.tokens[0][k] - s.tokens[1][k]
        assert left >= 0, f"too many {TOKEN_LETTERS[k]} tokens"
        bag.append(left)
    s.bag = tuple(bag)
    used = set()

    def take(card_ids):
        found = tuple(CARD_INDEX[i] for i in card_ids)
        used.update(found)
        return found

    s.bought = (take(cards[0]), take(cards[1]))
    s.jokers = tuple(
        tuple((CARD_INDEX[c], "wbgrk".index(k)) for c, k in jokers[p].items()) for p in range(2)
    )
    s.reserved = (take(reserved[0]), take(reserved[1]))
    s.blind = tuple(tuple(CARD_INDEX[i] for i in blind[p]) for p in range(2))
    s.royals = tuple(tuple(ROYAL_INDEX[r] for r in royals[p]) for p in range(2))
    s.royal_supply = tuple(r for r in range(4) if all(r not in s.royals[p] for p in range(2)))
    if pyramid is not None:
        rows = tuple(take(row) for row in pyramid)
    else:
        rows = None
    decks = [[c for c in deck if c not in used] for deck in s.decks]
    old = [c for row in s.pyramid for c in row if c not in used]
    for c in old:  # unused cards of the seeded pyramid go back under their decks
        decks[CARDS[c].level - 1].insert(0, c)
    if rows is None:
        rows = tuple(
            tuple(decks[lv].pop() for _ in range(size)) for lv, size in enumerate((5, 4, 3))
        )
    s.pyramid = rows
    s.decks = tuple(tuple(d) for d in decks)
    s.privileges = tuple(privileges)
    s.player = player
    derive(s)
    problem = check(s)
    assert problem is None, problem
    return s


# A small pyramid for constructed positions (leaves every other card free to place).
PYRAMID = [
    ["1w1", "1b1", "1g1", "1r1", "1k1"],
    ["2w3", "2b1", "2g1", "2r1"],
    ["3w1", "3b1", "3g1"],
]


def winning_position() -> State:
    """Seat 0 to play with 18 points; 2w3 (2 points: g2 k4 p1, less a green bonus) is affordable."""
    return position(
        tokens=("gkkkkp", ""),
        cards=(["3w2", "3b2", "3g2", "3r2", "1w2", "1b2"], []),
        pyramid=PYRAMID,
    )


def play(state: State, *moves: str) -> State:
    """Apply moves in notation."""
    for move in moves:
        state = state.apply(move)
    return state
