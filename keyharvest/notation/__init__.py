"""The notation of Key Harvest: steps and movetext as text, read and written.

    >>> from keyharvest.notation import parse_step, parse_steps, format_step
    >>> parse_step("red: buy b7 from Green")
    Buy(player='red', tile='B7', seller='green', pay=())
    >>> [format_step(s) for s in parse_steps("harvest B6,B7; buy B7 from red", player="red")]
    ['red: harvest B6 B7', 'red: buy B7 from red']

Input is liberal (any case, ``B6,B7`` or ``B6 B7``, a crop by name or colour, a worker or
an event by letter or name); output is one canonical form, ``str(step)``. The grammar
(``grammar/keyharvest.lark``) knows syntax only; names are checked here, with "did you
mean" hints; the rules are the engine's business. Errors are ``NotationError`` with the
line and column. Records (front matter + movetext) are ``keyharvest.formats.records``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import NotationError
from ..model.board import Board
from ..model.steps import Step
from .grammar import grammar_text, parse
from .movetext import format_movetext, format_step, read_movetext, split_turns, step_text
from .names import Names
from .syntax import Where, syntax_error
from .turns import Comment, Movetext

__all__ = [
    "Comment", "Movetext", "Names", "Where", "format_movetext", "format_step", "format_steps",
    "grammar_text", "parse_movetext", "parse_step", "parse_steps", "split_turns", "step_text",
]


def parse_steps(text: str, player: str | None = None, *, players: Sequence[str] | None = None,
                board: Board | None = None, source: str | None = None) -> list[Step]:
    """The steps of ``text``, separated by ``;`` or line ends. A step without a colour in
    front belongs to ``player`` (a prefix ``colour:`` changes it until the end of the line).

    Raises ``NotationError`` for a syntax error or an unknown name.
    """
    from lark.exceptions import UnexpectedInput

    text = text.replace("\r\n", "\n").replace("\r", "\n")
    where = Where(source)
    try:
        items = parse(text, "steps")
    except UnexpectedInput as exc:
        raise syntax_error(exc, text, where) from None
    names = Names(where, players, board)
    out: list[Step] = []
    speaker, row = player, 0
    for item in items:
        if item.first.line != row:
            speaker, row = player, item.first.line
        if item.prefix is not None:
            speaker = names.player(item.prefix)
        if item.step is not None:
            out.append(names.step(item.step, None if item.step.kind == "draw" else speaker))
    return out


def parse_step(text: str, player: str | None = None, **kwargs: object) -> Step:
    """The one step written in ``text`` (``parse_step(str(step)) == step``).

    Raises ``NotationError`` when ``text`` holds no step, or more than one.
    """
    steps = parse_steps(text, player, **kwargs)  # type: ignore[arg-type]
    if len(steps) != 1:
        raise NotationError(f"expected one step, found {len(steps)} in {text.strip()!r}")
    return steps[0]


def format_steps(steps: Sequence[Step]) -> str:
    """``steps`` as one line, ``; ``-separated, each with its player."""
    return "; ".join(format_step(s) for s in steps)


def parse_movetext(text: str, *, players: Sequence[str] | None = None,
                   board: Board | None = None, source: str | None = None,
                   offset: int = 0) -> Movetext:
    """The steps and comments of a record's movetext; ``offset`` is the number of lines
    before it in its file (for positions). Raises ``NotationError``."""
    return read_movetext(text, Names(Where(source, offset), players, board))
