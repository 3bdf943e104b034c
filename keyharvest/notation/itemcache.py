"""Reading movetext fast: every distinct item is parsed by the grammar once per process.

A movetext is lines of *items* (a step, a step with ``colour:`` in front, or a colour
alone) separated by ``;``, a line optionally starting with a turn number (``12.``). The
same items come back again and again (``draw B3``, ``green: pass``, ``offer C7 for
wheat``): in a thousand generated games nine items in ten have been seen before. So this
reader cuts each line at its ``;`` and turn number (which no other token can contain) and
parses each *distinct* item text with the Lark parser (``grammar/keyharvest.lark``, start
``steps``) once, remembering the step it names, resolved by ``Names``, with its columns
relative to the item. Every other occurrence of the item costs a dictionary look-up and
the step's construction with its span in the file. Items that differ only in their board
references (``swap B6 for C4``, ``swap A1 for G7``) share one parse, of their pattern
(``swap Z1 for Z2``): see ``_by_pattern``.

The grammar stays the only definition of the syntax: an item is accepted only if the
grammar parses it alone as exactly one item. The reader does not report errors: on
anything unusual (an item that does not parse, an unknown name, a misplaced turn number,
an empty item, a turn number out of sequence ...) it gives up (``Unusual``) and the
caller reads the whole movetext with the full parser, which reports the first problem
exactly as it always has. ``tests/test_itemcache.py`` checks that both readers agree.
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from ..errors import MAX_DIGITS, KeyHarvestError, span_of
from ..model.steps import STEP_TYPES, EndTurn, Step, maker
from .grammar import lean_parser
from .lalr import Unparsed

if TYPE_CHECKING:
    from ..model.board import Board
    from .names import Names
    from .turns import Movetext, TurnReader

#: The characters the grammar ignores between tokens (its terminal WS).
WS = " \t\f\v\u00a0\ufeff"
_NUMBER = re.compile(r"[ \t\f\v\u00a0\ufeff]*([0-9]+)[ \t\f\v\u00a0\ufeff]*\.")
#: ``colour: step`` (ASCII words only; anything else is parsed whole).
_PREFIX = re.compile(r"([A-Za-z][A-Za-z_'-]*[ \t\f\v\u00a0\ufeff]*:)[ \t\f\v\u00a0\ufeff]*(\S.*)",
                     re.DOTALL)
#: A board reference standing alone in ASCII text (``_by_pattern``).
_REF = re.compile(r"(?<![A-Za-z0-9_'-])([A-Za-z][0-9]{1,2})(?![A-Za-z0-9_'-])")
#: A digit outside a reference: a space's number (``harvest 12``).
_DIGIT = re.compile(r"[0-9]")
#: Placeholders for the references of an item, by length: distinct, and of the same
#: length as the reference each stands for (so every column stays where it was).
_PLACES = {2: tuple(f"Z{i}" for i in range(1, 10)), 3: tuple(f"Z{i}" for i in range(10, 19))}
#: Items remembered per generation of a reading context's memo (memory stays bounded: at
#: most two generations, the items of the current one and of the one before).
LIMIT = 1 << 14
#: Reading contexts (players, board) remembered at once.
CONTEXTS = 64


class Unusual(Exception):
    """The fast reader gives up on this text; the full parser reads it."""


#: An item as the grammar parsed it, with columns relative to the item's text: a plain
#: tuple, which the reader unpacks at every step it reads (a named tuple's fields are read
#: by descriptor, several times slower)::
#:
#:     (prefix,    # the colour written in front (resolved), if any
#:      first,     # column of the item's first token
#:      head_end,  # end column of ``colour:`` (the colon), or 0
#:      make,      # ``steps.maker`` of the step's class, or None for a colour alone
#:      args,      # the step's fields after its player (all of them for a draw)
#:      start,     # columns of the step's first token and the end of its last
#:      end,
#:      ends)      # whether the step is an ``EndTurn``
_Item = tuple[str | None, int, int, Any, tuple[Any, ...], int, int, bool]
#: A memo's answer for a text it does not hold (None is held: a bad item).
_ABSENT: Any = object()


class _Memo:
    """The items learnt in one reading context (players, board), in two generations: when
    the new one is full it becomes the old one, and an item found only in the old one moves
    back to the new. Items in use stay; memory stays bounded."""

    __slots__ = ("heads", "made", "new", "old", "plain", "steps")

    def __init__(self) -> None:
        # an item's text, or a 1-tuple of its pattern (``_by_pattern``)
        self.new: dict[str | tuple[str], _Item | None] = {}
        self.old: dict[str | tuple[str], _Item | None] = {}
        self.forget_steps()

    def forget_steps(self) -> None:
        """Forget the steps without a span (they are made again as they are met)."""
        #: steps without a span, one per (piece, speaker) (the piece None: the end of a
        #: turn implied by a header), shared by every record read in this context
        self.steps: dict[tuple[str | None, str | None], Step] = {}
        #: a piece with ``colour:`` in front: (colour, its step or None, whether the step
        #: ends the turn, the item's first column in the piece)
        self.heads: dict[str, tuple[str, Step | None, bool, int]] = {}
        #: a piece without ``colour:`` whose step does not end the turn: its step, by
        #: the speaker
        self.plain: dict[str | None, dict[str, Step]] = {}
        self.made = 0  # steps in those tables

    def put(self, text: str | tuple[str], item: _Item | None) -> None:
        if len(self.new) >= LIMIT:
            self.old = self.new
            self.new = {}
        self.new[text] = item


#: The notation's memo: a ``_Memo`` per reading context. It is the notation's own (the
#: notation imports no rules, so ``rules.memo`` cannot hold it) and has the same shape: a
#: bound (``CONTEXTS`` contexts of at most ``2 * LIMIT`` items), tables that start again
#: when full, and ``clear()``. Its items live in two generations rather than one table
#: because they are reused across records, not only from one decision to the next: a
#: full table that started again would parse the items in use again at once.
_TABLES: dict[tuple[Any, ...], _Memo] = {}


def clear() -> None:
    """Forget every item learnt (a fresh process's memo)."""
    _TABLES.clear()


def _table(names: Names) -> _Memo:
    key = (names.players, names.board)
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) >= CONTEXTS:
            _TABLES.clear()
        table = _TABLES[key] = _Memo()
    return table


def _learn(text: str, names: Names, table: _Memo) -> _Item | None:
    """The ``_Item`` of ``text``, which ``table`` does not hold yet.

    ``colour: step`` is put together from ``colour:`` and ``step``, each looked up (or
    learnt) on its own: the grammar reads a word and a colon the same way wherever an item
    starts, and a step after the colon the same way as at the start of an item (its first
    token is its keyword in both places, and from there on the parser is in the same
    states), so a prefix is learnt once for all the steps it precedes.
    """
    split = _PREFIX.match(text) if ":" in text else None  # (no colon: no match to try)
    if split is not None:
        head = _lookup(split.group(1), names, table)
        step = _lookup(split.group(2), names, table)
        if head is None or step is None:
            return None
        prefix, first, head_end, not_a_step = head[:4]
        step_prefix, _, _, make, args, start, end, ends = step
        if not_a_step is not None or step_prefix is not None or make is None:
            return None
        at = split.start(2)
        return (prefix, first, head_end, make, args, start + at, end + at, ends)
    return _by_pattern(text, names, table)


def _by_pattern(text: str, names: Names, table: _Memo) -> _Item | None:
    """The ``_Item`` of ``text`` (no prefix) from the item of its *pattern*: the text with
    each board reference replaced by a placeholder of the same length (``swap B6 for C4``
    and ``swap A1 for G7`` are both ``swap Z1 for Z2``), parsed once with no board and
    then given the references, each checked against the board as ``Names.ref`` does.

    The grammar cannot tell one reference from another: in ASCII text, a letter and one or
    two digits standing alone (no letter, digit, ``_``, ``'`` or ``-`` next to them) lex
    as the same tokens whatever the letter and digits (no keyword holds a digit, and
    ``REF`` and ``WORD`` match any letter alike), so the parse is the same but for those
    tokens' values, and ``Names`` reads a ``REF`` token only as a reference (upper case,
    on the board). Placeholders are distinct within an item, so each value in the step
    is put back where it came from."""
    pieces = _REF.split(text) if text.isascii() else ()
    if not 2 < len(pieces) < 2 * len(_PLACES[2]) + 2 or any(
            _DIGIT.search(piece) for piece in pieces[::2]):
        # no reference, very many, or a space's number (read on the board, not as a pattern)
        return _parse(text, names, names.board)
    places: dict[str, str] = {}
    for i in range(1, len(pieces), 2):
        ref = pieces[i]
        place = pieces[i] = _PLACES[len(ref)][i // 2]
        places[place] = ref.upper()
    pattern = "".join(pieces)
    key = (pattern,)  # patterns apart from texts
    model: Any = table.new.get(key, _ABSENT)  # (Any: it may be _ABSENT, which mypyc checks)
    if model is _ABSENT:
        model = table.old.get(key, _ABSENT)
        if model is _ABSENT:
            model = _parse(pattern, names, None)
        table.put(key, model)
    if model is None:
        return None
    board = names.board
    if board is not None:
        crops = board.crops  # (``ref in board``, without its call)
        for ref in places.values():
            if ref not in crops:
                return None
    get = places.get  # a reference is a field, or one of a tuple field (a step's tiles)
    prefix, first, head_end, make, values, start, end, ends = model
    args = tuple([get(v, v) if type(v) is str else tuple([get(x, x) for x in v])
                  if type(v) is tuple else v for v in values])
    return (prefix, first, head_end, make, args, start, end, ends)


def _lookup(text: str, names: Names, table: _Memo) -> _Item | None:
    found: Any = table.new.get(text, _ABSENT)  # (Any: it may be _ABSENT, which mypyc checks)
    if found is _ABSENT:
        found = table.old.get(text, _ABSENT)
        if found is _ABSENT:
            found = _learn(text, names, table)
        table.put(text, found)
    item: _Item | None = found
    return item


def _parse(text: str, names: Names, board: Board | None) -> _Item | None:
    """Parse one item's text with the grammar and resolve its names (its references on
    ``board``, or any well-formed one with None); None if it is not exactly one
    well-formed item with known names."""
    from .syntax import Where

    try:
        items = lean_parser().parse(text, "steps")
    except Unparsed:
        return None
    if len(items) != 1:
        return None
    item = items[0]
    local = type(names)(Where(None, 0), names.players, board)
    try:
        prefix = local.player(item.prefix) if item.prefix is not None else None
        if item.step is None:
            return (prefix, item.first.column, item.colon.end_column, None, (), 0, 0, False)
        raw = item.step
        draw = raw.kind == "draw"
        step = local.step(raw, None if draw else "red")
    except KeyHarvestError:
        return None
    head_end = item.colon.end_column if item.colon is not None else 0
    return (prefix, item.first.column, head_end, maker(type(step)),
            tuple(getattr(step, n) for n in _ARGS[type(step)]), raw.first.column,
            raw.last.end_column, type(step) is EndTurn)


_END = maker(EndTurn)
#: The fields of each step class after its player, in the constructor's order.
_ARGS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls) if f.init and f.name not in ("player", "span"))
    for cls in STEP_TYPES}


def read(text: str, names: Names, reader: TurnReader, *, spans: bool = True) -> Movetext:
    """The movetext of ``text`` (``\\n`` line ends), read with ``reader`` (a fresh one)'s
    bookkeeping of turns and comments. Raises ``Unusual`` whenever the full parser must
    decide.

    ``spans=False`` builds the steps without their spans (``span=None``), for a verdict
    alone (``keyharvest validate``, where nothing is reported): steps equal (the piece as
    written and its speaker) are then one object, shared by every movetext read in the
    same context (steps are frozen), so a step costs a look-up instead of making a
    ``Span`` and a step. It gives up on the same texts, and its steps are equal but for
    their spans."""
    table = _table(names)
    if spans:
        return _read(text, names, reader, table, None)
    if table.made + len(table.steps) >= 2 * LIMIT:  # (memory stays bounded: as the items)
        table.forget_steps()
    return _read(text, names, reader, table, table.steps)


def _read(text: str, names: Names, reader: TurnReader, table: _Memo,
          interned: dict[tuple[str | None, str | None], Step] | None) -> Movetext:
    """The one reader's loop over the lines of ``text`` (``interned``: ``table.steps``
    for steps without spans, or None for steps with their spans).

    A line is read by ``_line`` (with spans, with a comment, after one, or of an unusual
    shape: a turn number with spaces around it, or no number before its ``.``); without
    spans, a plain line is read here in the same loop, each piece met before looked up
    with its speaker (``_Memo.plain``) or its colour (``_Memo.heads``) to give its step at
    once, with the turn's bookkeeping in locals."""
    from .turns import Movetext

    heads, plain, get = table.heads, table.plain, table.new.get
    source = names.where.source
    steps = reader.steps
    append = steps.append
    ends = 0  # reader.ends and reader.turn_player, kept here while lines are read here
    turn: str | None = None
    numbers = _NUMBERS
    general = interned is None  # every line by ``_line`` (and comments by ``reader``)
    unplaced = interned if interned is not None else {}  # (the steps made here)
    for row, line in enumerate(text.split("\n"), names.where.offset + 1):
        if general or "#" in line:
            if not general:  # the bookkeeping goes back to ``reader`` for the rest
                reader.ends, reader.turn_player = ends, turn
                general = True
            _general_line(line, row, source, table, names, reader, steps, interned)
            continue
        at = line.find(".")
        if at < 0:
            number = 0
            pieces = line.split(";")
        else:  # '12.' as written, else ask _line (spaces around it, '007', no number...)
            number = numbers.get(line[:at], 0)
            if not number:
                if line.strip(WS):
                    reader.ends, reader.turn_player = ends, turn
                    _line(line, row, source, table, names, reader, steps, interned)
                    ends, turn = reader.ends, reader.turn_player
                continue
            pieces = line[at + 1:].split(";")
        if line[-1:] in _ENDS and len(pieces) > 1 and not pieces[-1].strip(WS):
            pieces.pop()  # one ';' may end the line
        first = pieces[0]
        head = heads.get(first)
        if head is None:
            by_piece = plain.get(turn)
            step = by_piece.get(first) if by_piece is not None and not number else None
            if step is not None:  # a line that goes on with the turn, a step first
                append(step)
                speaker = turn
                pieces = pieces[1:]
            else:  # a piece met for the first time, or a line that is not read here
                if not line.strip(WS):
                    continue  # a blank line
                item = get(first) or _piece(first, names, table)
                if item[0] is not None:
                    head = _head(first, item, table)
                elif number or turn is None:
                    raise Unusual  # a turn number, or no turn yet, and no colour
                else:
                    speaker = turn  # the loop learns it
                    by_piece = None
        if head is not None:
            colour, step, ending, column = head
            if number or column == 1:  # the turn's header
                if turn is not None and not (steps and isinstance(steps[-1], EndTurn)):
                    implied = unplaced.get((None, turn))  # the end of the turn before it
                    if implied is None:
                        implied = unplaced[None, turn] = _END(turn, (), None)
                    append(implied)
                    ends += 1
                if number and number != ends + 1:
                    raise Unusual
                turn = colour
            elif turn is None:
                raise Unusual
            speaker = colour
            if step is not None:
                append(step)
                if ending:
                    ends += 1
            pieces = pieces[1:]
            by_piece = None
        if by_piece is None:
            if not pieces:
                continue
            by_piece = plain.get(speaker)
            if by_piece is None:
                by_piece = plain[speaker] = {}
        for piece in pieces:
            step = by_piece.get(piece)
            if step is not None:
                append(step)
                continue
            head = heads.get(piece)
            if head is None:
                item = get(piece) or _piece(piece, names, table)
                if item[0] is None:  # a step, said by the speaker
                    if item[7]:  # the end of the turn ('end' is usually written 'red: end')
                        step = unplaced.get((piece, speaker))
                        if step is None:
                            step = unplaced[piece, speaker] = item[3](speaker, item[4], None)
                        ends += 1
                    else:
                        step = by_piece[piece] = item[3](speaker, item[4], None)
                        table.made += 1
                    append(step)
                    continue
                head = _head(piece, item, table)
            colour, step, ending, _ = head
            if colour != speaker:
                speaker = colour
                by_piece = plain.get(speaker)
                if by_piece is None:
                    by_piece = plain[speaker] = {}
            if step is not None:
                append(step)
                if ending:
                    ends += 1
    if general:
        reader.flush()
    else:
        reader.ends, reader.turn_player = ends, turn
    return Movetext(steps, reader.comments)


#: Turn numbers as ``_read`` reads them at once (others: ``_line``), and the last
#: characters of a line that may end in an empty piece.
_NUMBERS = {str(n): n for n in range(1, 1 << 12)}
_ENDS = frozenset(";" + WS)


def _head(piece: str, item: _Item, table: _Memo) -> tuple[str, Step | None, bool, int]:
    """The ``_Memo.heads`` entry of ``piece``, whose ``item`` has ``colour:`` in front."""
    prefix, first, _, make, args, _, _, ends = item
    assert prefix is not None
    head = (prefix, None if make is None else make(prefix, args, None), ends, first)
    table.heads[piece] = head
    table.made += 1
    return head


def _general_line(line: str, row: int, source: str | None, table: _Memo, names: Names,
                  reader: TurnReader, steps: list[Step],
                  interned: dict[tuple[str | None, str | None], Step] | None) -> None:
    """A line of the movetext read by ``_line``, its comment given to ``reader``."""
    hash_at = line.find("#")
    code = line if hash_at < 0 else line[:hash_at]
    if code.strip(WS):
        _line(code, row, source, table, names, reader, steps, interned)
    if hash_at >= 0:
        comment = line[hash_at + 1:].strip()
        if code.strip(WS):
            reader.flush()
            reader.comment(comment, True)
        else:
            reader._own_line_comment((row - names.where.offset, hash_at + 1, comment))


def _line(code: str, row: int, source: str | None, table: _Memo, names: Names,
          reader: TurnReader, steps: list[Step],
          interned: dict[tuple[str | None, str | None], Step] | None = None) -> None:
    digits: str | None = None  # the turn number's
    first_col = at = 0
    if "." in code:  # (no other token holds one)
        at = code.find(".")
        digits = code[:at]
        if digits.isdigit() and digits.isascii():  # '12.', as _NUMBER reads it
            first_col = 1
            at += 1
        else:  # (whitespace around the number, or no number)
            number = _NUMBER.match(code)
            if number is None:
                digits = None
                at = 0
            else:
                digits = number.group(1)
                first_col = number.start(1) + 1
                at = number.end()
    pieces = code[at:].split(";") if at else code.split(";")
    if len(pieces) > 1 and not pieces[-1].strip(WS):
        pieces.pop()  # one ';' may end the line
    get = table.new.get
    # the first item says whether the line opens a turn (steps may then be made before an
    # item further on turns out unusual: the caller drops them and reads the text again)
    item: _Item | None = get(pieces[0]) or _piece(pieces[0], names, table)
    head_prefix, head_first, head_end = item[:3]  # type: ignore[index]  # an item
    if digits is None:
        first_col = head_first
    if digits is not None or (first_col == 1 and head_prefix is not None):  # a header
        if head_prefix is None:
            raise Unusual
        if reader.turn_player is not None and not (steps and isinstance(steps[-1], EndTurn)):
            # the header implies the end of the turn before it (at the header's words)
            if interned is None:
                steps.append(_END(reader.turn_player, (),
                                  span_of(row, first_col, row, at + head_end, source)))
            else:
                implied = interned.get((None, reader.turn_player))
                if implied is None:
                    implied = interned[None, reader.turn_player] = _END(
                        reader.turn_player, (), None)
                steps.append(implied)
            reader.ends += 1
        if reader.held:
            reader.flush()
        if digits is not None and (len(digits) > MAX_DIGITS  # too_long(digits)
                                   or int(digits) != reader.ends + 1):
            raise Unusual
        reader.turn_player = head_prefix
    else:
        if reader.held:
            reader.flush()
        if reader.turn_player is None:
            raise Unusual
    speaker = reader.turn_player
    if interned is not None:
        for piece in pieces:
            if item is None:  # every item but the first
                item = get(piece) or _piece(piece, names, table)
            prefix, _, _, make, args, _, _, ends = item
            if prefix is not None:
                speaker = prefix
            if make is not None:  # (None: a colour alone)
                step = interned.get((piece, speaker))
                if step is None:
                    step = interned[piece, speaker] = make(speaker, args, None)
                steps.append(step)
                if ends:
                    reader.ends += 1
            item = None
        return
    for piece in pieces:
        if item is None:  # every item but the first
            item = get(piece) or _piece(piece, names, table)
        prefix, _, _, make, args, start, end, ends = item
        if prefix is not None:
            speaker = prefix
        if make is not None:  # (None: a colour alone)
            steps.append(make(speaker, args, span_of(row, at + start, row, at + end, source)))
            if ends:
                reader.ends += 1
        at += len(piece) + 1
        item = None


def _piece(piece: str, names: Names, table: _Memo) -> _Item:
    """The ``_Item`` of ``piece``, the text between two ``;`` of a line (the memo holds
    ``piece`` as it is written, with the whitespace around the item: its columns are
    relative to the piece; an item of the generation before is moved back to the new one
    as it is). Raises ``Unusual`` for an empty or bad item."""
    item = table.old.get(piece)
    if item is None:
        text = piece.strip(WS)
        if not text:
            raise Unusual
        # the text alone is held only as a part of ``colour: step`` (``_learn``)
        item = table.new.get(text) or table.old.get(text) or _learn(text, names, table)
        lead = len(piece) - len(piece.lstrip(WS))
        if item is not None and lead:
            prefix, first, head_end, make, args, start, end, ends = item
            item = (prefix, first + lead, head_end + lead, make, args, start + lead,
                    end + lead, ends)
    table.put(piece, item)
    if item is None:
        raise Unusual
    return item
