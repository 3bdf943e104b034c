"""Names in the notation: players, crops, workers, events and board references.

Input is liberal: any case, a crop by its name, its colour or a short form
(``catalogue.CROP_ALIASES``), a worker or an event by its letter or its name
(``apprentice``, ``lucky-dip``). Output is canonical: colours and crops in lower case,
letters and references in upper case. An unknown name raises a positioned
``NotationError`` with a "did you mean" hint found by ``difflib``.

``Names`` also turns the ``RawStep`` of the parser into a ``keyharvest.model.steps`` object.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import MAX_QUOTED, NotationError, Span, noted, quoted
from ..model.board import Board, sort_key
from ..model.catalogue import CROP_ALIASES, CROPS, EVENT_LETTERS, EVENTS, PLAYER_COLOURS, WORKERS
from ..model.steps import (
    Accept,
    Buy,
    Claim,
    Copy,
    Draw,
    EndTurn,
    Fallow,
    Flip,
    Gain,
    Give,
    Grant,
    Harvest,
    Move,
    Offer,
    Pass,
    Pay,
    Pick,
    Place,
    Play,
    Remove,
    Replace,
    Step,
    Swap,
    norm_crops,
)
from .syntax import Crops, Gift, RawStep, Refs, Where

if TYPE_CHECKING:
    from .syntax import AnyToken as Token


def _key(word: str) -> str:
    return re.sub(r"[\s_'-]+", "", word.lower())


def _aliases(table: dict[Any, Any]) -> dict[str, str]:
    """Accepted words for letters: the letter, the name run together, a unique first word."""
    out: dict[str, str] = {}
    firsts: dict[str, list[str]] = {}
    for letter, info in table.items():
        out[letter.lower()] = letter
        out[_key(info.name)] = letter
        firsts.setdefault(_key(info.name.split()[0]), []).append(letter)
    for word, letters in firsts.items():
        if len(letters) == 1:
            out.setdefault(word, letters[0])
    return out


WORKER_WORDS = _aliases(WORKERS)
EVENT_WORDS = _aliases(EVENTS)
CROP_WORDS = {c: c for c in CROPS} | dict(CROP_ALIASES)


def crop_hint(word: str) -> str:
    """A hint for an unknown crop word: the nearest crop (by name, colour or short form)."""
    import difflib  # here: only a message needs it (kept off start-up)

    match = difflib.get_close_matches(word.lower(), list(CROP_WORDS), n=1, cutoff=0.6) if len(
        word) <= MAX_QUOTED else None  # (difflib's work grows with the word)
    return f"did you mean '{CROP_WORDS[match[0]]}'?" if match else (
        f"the crops are {', '.join(CROPS)}")


def did_you_mean(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str | None:
    """A hint naming the closest of ``choices`` to ``word``, or None."""
    if len(word) > MAX_QUOTED:  # no name is that long (and difflib's work grows with it)
        return None
    import difflib  # here: only a message needs it (kept off start-up)

    match = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=cutoff)
    return f"did you mean '{match[0]}'?" if match else None


def ref_hint(ref: str, board: Board) -> str | None:
    """A hint for a reference that is not on ``board``: the nearest space of its row, or
    the rows the board has."""
    if not re.fullmatch(r"[A-Z][0-9]{1,2}", ref):
        return "a reference is a letter and a number, like B6"
    rows: dict[str, list[str]] = {}
    for r in board.references:
        rows.setdefault(r[0], []).append(r)
    row = rows.get(ref[0])
    if row is None:
        return f"the rows are {min(rows)} to {max(rows)}"
    n = int(ref[1:])
    near = min(row, key=lambda r: (abs(int(r[1:]) - n), sort_key(r)))
    return f"did you mean '{near}'? (row {ref[0]} holds {row[0]} to {row[-1]})"


class Names:
    """Resolves names for one record: its players (seating order) and its board.

    With no players every colour is accepted; with no board any well-formed reference is.
    ``start``, the start player when the setup names one, is for help (the first turn's
    header).
    """

    def __init__(self, where: Where, players: Sequence[str] | None = None,
                 board: Board | None = None, start: str | None = None) -> None:
        self.where = where
        self.players = tuple(players) if players else None
        self.board = board
        self.start = start

    def fail(self, message: str, token: Token, hint: str | None = None) -> NotationError:
        """An error at ``token``, with a note when it holds look-alike characters."""
        error = NotationError(message, self.where.span(token), hint=hint)
        error.kind = "name"
        return noted(error, token.value)

    # -- single names ---------------------------------------------------------------------
    def player(self, token: Token) -> str:
        word: str = token.value.lower()
        if self.players is not None:
            if word in self.players:
                return word
            if word in PLAYER_COLOURS:
                raise self.fail(f"{word} is not playing (the players are "
                                f"{', '.join(self.players)})", token)
            raise self.fail(f"unknown player {quoted(token.value)}", token,
                            did_you_mean(word, self.players))
        if word in PLAYER_COLOURS:
            return word
        raise self.fail(f"unknown player {quoted(token.value)}", token,
                        did_you_mean(word, PLAYER_COLOURS)
                        or f"players are colours: {', '.join(PLAYER_COLOURS)}")

    def crop(self, token: Token) -> str:
        crop = CROP_WORDS.get(token.value.lower())
        if crop is not None:
            return crop
        raise self.fail(f"unknown crop {quoted(token.value)}", token, crop_hint(token.value))

    def crops(self, tokens: Sequence[Token] | None) -> tuple[str, ...]:
        if not tokens:
            return ()
        return norm_crops(self.crop(t) for t in tokens)

    def worker(self, token: Token) -> str:
        letter = WORKER_WORDS.get(_key(token.value))
        if letter is not None:
            return letter
        word = token.value
        if word.upper() in EVENT_LETTERS or _key(word) in EVENT_WORDS:
            raise self.fail(f"{word} is an event, not a worker", token, "workers are A to L")
        raise self.fail(f"unknown worker {quoted(word)}", token,
                        did_you_mean(_key(word), [k for k in WORKER_WORDS if len(k) > 1])
                        or "workers are A to L")

    def event(self, token: Token) -> str:
        letter = EVENT_WORDS.get(_key(token.value))
        if letter is not None:
            return letter
        word = token.value
        if _key(word) in WORKER_WORDS:
            raise self.fail(f"{word} is a worker, not an event", token, "events are M to Z")
        raise self.fail(f"unknown event {quoted(word)}", token,
                        did_you_mean(_key(word), [k for k in EVENT_WORDS if len(k) > 1])
                        or "events are M to Z")

    def ref(self, token: Token) -> str:
        """The reference of a space written as its reference (``B6``) or as its number
        (``12``: the board file's order, ``Board.numbered``)."""
        if token.type == "NUMBER":
            return self.numbered(token)
        ref: str = token.value.upper()
        if self.board is not None and ref not in self.board:
            raise self.fail(f"no space {ref} on the board", token, ref_hint(ref, self.board))
        return ref

    def numbered(self, token: Token) -> str:
        board = self.board
        if board is None:
            raise self.fail(f"space {token.value} needs a board to be counted on", token,
                            "write its reference, like B6")
        count = len(board.numbered)
        n = int(token.value) if len(token.value) <= 4 else 0
        if not 1 <= n <= count:
            raise self.fail(f"no space {quoted(token.value)} on the board", token,
                            f"the spaces are numbered 1 to {count} (keyharvest board)")
        return board.numbered[n - 1]

    def refs(self, tokens: Sequence[Token] | None) -> tuple[str, ...]:
        return tuple(self.ref(t) for t in tokens) if tokens else ()

    # -- steps ----------------------------------------------------------------------------
    def step(self, raw: RawStep, player: str | None, player_token: Token | None = None) -> Step:
        """The step ``raw`` by ``player`` (None for a draw). Raises ``NotationError``."""
        kind = raw.kind
        span = self.where.span(raw.first, raw.last)
        if kind == "draw":
            tok = raw.args[1]
            item = self.event(tok) if tok.type == "WORD" else self.ref(tok)
            return Draw(item, span=span)
        if player is None:
            raise NotationError(f"whose step is '{kind}'? write the player first, like "
                                f"'red: {kind} ...'", span)
        build = _BUILDERS[kind]
        return build(self, player, raw.args[1:], span)


def _of(args: list[Any], cls: type[list[Any]]) -> list[Any] | None:
    for a in args:
        if isinstance(a, cls):
            return a
    return None


def _harvest(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Harvest(p, n.refs(_of(args, Refs)), n.crops(_of(args, Crops)), span=span)


def _play(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Play(p, n.worker(args[0]), n.ref(args[-1]), span=span)


def _remove(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Remove(p, n.worker(args[0]), span=span)


def _buy(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Buy(p, n.ref(args[0]), n.player(args[1]), n.crops(_of(args, Crops)), span=span)


def _offer(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Offer(p, n.ref(args[0]), n.crops(_of(args, Crops)), span=span)


def _end(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return EndTurn(p, span=span)


def _replace(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Replace(p, n.worker(args[0]), n.ref(args[-1]), span=span)


def _pass(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Pass(p, span=span)


def _gain(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Gain(p, n.crops(_of(args, Crops)), span=span)


def _flip(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Flip(p, n.refs(_of(args, Refs)), span=span)


def _fallow(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Fallow(p, n.ref(args[0]), span=span)


def _claim(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Claim(p, n.ref(args[0]), n.player(args[1]), n.crops(_of(args, Crops)), span=span)


def _copy(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Copy(p, n.worker(args[0]), span=span)


def _accept(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Accept(p, span=span)


def _place(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Place(p, n.ref(args[0]), span=span)


def _take(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Pick(p, n.ref(args[0]), n.crops(_of(args, Crops)), span=span)


def _swap(n: Names, p: str, args: list[Any], span: Span) -> Step:
    give, take = (t for t in args if t.type in ("REF", "NUMBER"))
    owner = next((n.player(t) for t in args if t.type == "WORD"), None)
    return Swap(p, n.ref(give), n.ref(take), owner, span=span)


def _give(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Give(p, n.ref(args[0]), span=span)


def _pay(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Pay(p, n.crops(_of(args, Crops)), span=span)


def _move(n: Names, p: str, args: list[Any], span: Span) -> Step:
    return Move(p, n.worker(args[0]), n.ref(args[-1]), span=span)


def _grant(n: Names, p: str, args: list[Any], span: Span) -> Step:
    gifts = tuple((n.player(g[0]), n.crop(g[1])) for g in args if isinstance(g, Gift))
    return Grant(p, gifts, span=span)


_BUILDERS = {
    "harvest": _harvest, "play": _play, "remove": _remove, "buy": _buy, "offer": _offer,
    "end": _end, "replace": _replace, "pass": _pass, "gain": _gain, "flip": _flip,
    "fallow": _fallow, "claim": _claim, "copy": _copy, "accept": _accept, "place": _place,
    "take": _take, "swap": _swap, "give": _give, "pay": _pay, "move": _move, "grant": _grant,
}
