"""The engine's memo tables: results that depend only on the board and a small key,
remembered per board with one bound."""

from __future__ import annotations

from ..model.board import Board

#: How many answers a memo table keeps before it starts again. Answers are reused within a
#: game, from one decision to the next, so a small table catches nearly every reuse; a
#: large one costs more than it saves (self-play measured 187 games/s with 1024 entries,
#: 215 with 64: every entry is an object the garbage collector walks, and clearing a big
#: table frees a thousand at once).
MEMO_SIZE = 64


def memo_table(board: Board, kind: str) -> dict:
    """A memo table of ``board`` for answers that depend only on the board and one
    player's tiles and workers (the board is immutable, so answers never go stale; the key
    must hold everything else the answer depends on)."""
    memos = board.memos
    table = memos.get(kind)
    if table is None:
        table = memos[kind] = {}
    return table


def remember(memo: dict, key: object, value: object) -> None:
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    memo[key] = value
