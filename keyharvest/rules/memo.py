"""Every memo table of the engine, with one bound, one eviction rule and one ``clear``.

A memo table remembers answers that depend only on their key (and on nothing that can
change under it): the groups, placements and harvests of a board holding given tiles and
workers (the board is immutable and is part of the key), the bids of a screen, the gains
of a stock, the crop counts of a crop list, and the shared values the engine builds over
and over (the ``Pending`` it waits for, draws, passes and ends of turn). Each table is made
by ``table(name)`` and filled by ``remember``: when it holds ``MEMO_SIZE`` answers it starts
again (the one eviction rule: a clear costs nothing per look-up, and reuse happens from one
decision to the next, so a table refills at once with what is in use). ``clear()`` empties
them all (tests: results with a cleared memo equal results with a warm one).

Shared answers are lists or frozen values: callers must not change them.

The notation keeps its own memo (``keyharvest.notation.itemcache``: the notation imports
no rules); it has the same shape, one bound and a ``clear()``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..model.state import Pending, PendingKind
from ..model.steps import (
    Buy,
    Draw,
    EndTurn,
    Fallow,
    Gain,
    Give,
    Harvest,
    Offer,
    Pass,
    Pay,
    Play,
    Remove,
    Step,
    maker,
)

V = TypeVar("V")

#: How many answers a memo table keeps before it starts again: one bound for every table,
#: the working set of the largest (the ``Pending`` values: some 320 distinct ones in 40
#: four-player games; at 64 that table started again every few turns and replay ran 27 %
#: more instructions). For the board's tables the bound hardly matters: self-play ran
#: 313.7 / 314.1 / 314.5 M instructions for 10 games at 256 / 128 / 64. (Before one bound,
#: 1024 entries per board table measured 187 games/s against 215 at 64: keep it well below.)
MEMO_SIZE = 512

#: Every table, by name.
TABLES: dict[str, dict[Any, Any]] = {}


def table(name: str) -> dict[Any, Any]:
    """A new, empty memo table, emptied by ``clear()`` (one per name)."""
    return _named(name, {})


def _named(name: str, memo: dict[Any, Any]) -> dict[Any, Any]:
    if name in TABLES:
        raise ValueError(f"memo table {name!r} exists")
    TABLES[name] = memo
    return memo


def remember(memo: dict[Any, Any], key: object, value: object) -> None:
    """``memo[key] = value``, starting ``memo`` again when it is full."""
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    memo[key] = value


class Interning(dict[Any, V]):
    """A memo table of shared values looked up by subscript: ``table[key]`` is
    ``make(key)``, built the first time it is asked for (``__missing__``, which fills the
    table by ``remember``) and shared after. A hit is one dictionary look-up with no Python
    call, which matters for the ``Pending`` the engine waits for after every step."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[Any], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> V:
        value = self.make(key)
        remember(self, key, value)
        return value


def interning(name: str, make: Callable[[Any], V]) -> Interning[V]:
    """A new, empty ``Interning`` table of ``make``'s values, emptied by ``clear()``."""
    memo = Interning(make)
    _named(name, memo)
    return memo


def clear() -> None:
    """Empty every memo table of the engine."""
    for memo in TABLES.values():
        memo.clear()


# -- shared values ---------------------------------------------------------------------------
# Steps and waiting states are immutable values, so the few that the engine and the bots
# make over and over are built once and shared: building a frozen dataclass costs about a
# microsecond, a look-up a tenth of that. Only steps with no ``span`` are shared; a step
# read from a file is always its own object.
def _pending(key: str | tuple[Any, ...]) -> Pending:
    """The ``Pending`` of a key of ``PENDING``."""
    if type(key) is str:
        return Pending(PendingKind.TURN, key)
    return Pending(PendingKind(key[0]), *key[1:])


#: What the engine waits for, shared: ``PENDING[kind, player, rule, purpose, worker,
#: event]`` (``Pending``'s fields in order; trailing defaults may be left out) is
#: ``Pending(kind, player, ...)``, built once; a player's turn, the value waited for most
#: (one step in two), is keyed by the colour alone: ``PENDING[colour]`` is
#: ``Pending(PendingKind.TURN, colour)``. The engine settles after every step, and the
#: few distinct values it waits for are built once (a ``Pending`` is frozen). The only way
#: the rules make one. (A look-up by a colour costs some 400 instructions, by a tuple of
#: fields some 950: the tuple is built, hashed and compared item by item.)
PENDING: Interning[Pending] = interning("pending", _pending)
#: ``draw_of(item)`` is ``Draw(item)``, ``pass_of(colour)`` is ``Pass(colour)`` and
#: ``end_turn_of(colour)`` is ``EndTurn(colour)``, each shared: a subscript of its
#: ``Interning`` table (a hit is a dictionary look-up, with no Python call).
draw_of: Callable[[str], Draw] = interning("draws", Draw).__getitem__
pass_of: Callable[[str], Pass] = interning("passes", Pass).__getitem__
end_turn_of: Callable[[str], EndTurn] = interning("ends", EndTurn).__getitem__


S = TypeVar("S", bound=Step)


def _steps(cls: type[S], rest: tuple[Any, ...] = ()) -> Interning[S]:
    """A table of shared steps of ``cls`` keyed by the tuple of its constructor's
    arguments, the player first, those of ``rest`` left out at the end: ``table[player,
    a, b]`` is ``cls(player, a, b, *rest)``."""
    make = maker(cls)  # closures (no text compiled): cheap to make at import

    def made(key: tuple[Any, ...]) -> S:
        return make(key[0], key[1:] + rest, None)  # type: ignore[return-value]  # a cls

    return interning(f"{cls.__name__} steps", made)


#: The steps of a turn the listing builds, shared: ``harvest_steps[colour, tiles,
#: instead]`` is ``Harvest(colour, tiles, instead)``, and so on in the constructors' order.
#: A random turn builds one step (a frozen dataclass: some 7,000 instructions, half that by
#: ``steps.maker``); a hit is a tuple built and looked up (some 600). A player harvests the
#: same tiles, plays and removes the same workers turn after turn (in 20 four-player games
#: 2 harvests in 3 are hits, and 1 play or purchase in 3). ``offer_steps[colour, tile,
#: bid]`` is ``Offer(colour, tile, bid)`` (``make_offer``): in a game an offer seldom
#: repeats (1 in 10: the registry changes), but the search lists the same offers at a node
#: in world after world, and its playouts list the same tile's offers turn after turn.
harvest_steps: Interning[Harvest] = _steps(Harvest)
play_steps: Interning[Play] = _steps(Play)
remove_steps: Interning[Remove] = _steps(Remove)
buy_steps: Interning[Buy] = _steps(Buy, ((),))  # no payment (action c)
#: The steps of the other listings that a player makes again and again, shared the same
#: way (in 40 four-player games half of the fallows and a third to two thirds of the
#: gains, gifts and payments repeat one made before; the moves of event X and the
#: re-placements of a displaced worker, one in twelve: made by ``steps.maker``):
#: ``gain_steps[colour, crops]`` is ``Gain(colour, crops)``, ``fallow_steps[colour,
#: tile]`` is ``Fallow(colour, tile)``, ``give_steps[colour, tile]`` is ``Give(colour,
#: tile)`` and ``pay_steps[colour, crops]`` is ``Pay(colour, crops)``. A step shared is
#: also written once: the record writer remembers texts by step (``notation.movetext``).
gain_steps: Interning[Gain] = _steps(Gain)
fallow_steps: Interning[Fallow] = _steps(Fallow)
give_steps: Interning[Give] = _steps(Give)
pay_steps: Interning[Pay] = _steps(Pay)


offer_steps: Interning[Offer] = _steps(Offer)


def make_offer(colour: str, tile: str, bid: tuple[str, ...]) -> Offer:
    """``Offer(colour, tile, bid)``, shared (``offer_steps``)."""
    return offer_steps[colour, tile, bid]
