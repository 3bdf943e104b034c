"""Steps: the small frozen value objects that a game is a sequence of (docs/design.md,
"How a step is checked").

Every decision a player makes and every draw from the bag is one step. A step knows nothing
of the rules; ``keyharvest.rules`` decides whether it is legal in a state. Each step prints
itself in canonical notation (``str(step)``), and the notation parser reads that text back
to an equal step. Equality ignores ``span``, the place in a file a step was read from.

Decision steps carry the acting player's colour. Crop multisets (bids, payments, gains) are
tuples of crop names in the canonical crop order (``norm_crops``).

The same step class serves wherever the same kind of choice is made; the pending decision
gives it its meaning (a ``Harvest`` is action a on a turn, a special harvest for the
Apprentice, a remote harvest under event V).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import Span
from .catalogue import CROP_INDEX
from .catalogue import is_event as _is_event


def norm_crops(crops: Iterable[str]) -> tuple[str, ...]:
    """Crop names in canonical order; raises ``KeyError`` for an unknown crop."""
    return tuple(sorted(crops, key=CROP_INDEX.__getitem__))


def _refs(refs: Iterable[str]) -> str:
    return " ".join(refs)


@dataclass(frozen=True, slots=True)
class Step:
    """Base of all steps. ``span`` records where the step was written; it is not compared."""

    if TYPE_CHECKING:  # every step has one (a draw's is None); a field of each subclass
        @property
        def player(self) -> str | None: ...

        @property
        def span(self) -> Span | None: ...

    def text(self) -> str:
        """The step's own words, without the acting player."""
        raise NotImplementedError

    def __str__(self) -> str:
        player = getattr(self, "player", None)
        return f"{player}: {self.text()}" if player else self.text()


def _span() -> Span | None:
    return field(default=None, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Draw(Step):
    """A chance outcome: the tile or event drawn from the bag (F.1, E.2)."""

    item: str
    span: Span | None = _span()
    #: A draw is nobody's decision (the engine reads ``step.player`` of every step).
    player: ClassVar[None] = None

    def text(self) -> str:
        return f"draw {self.item}"

    @property
    def is_event(self) -> bool:
        return _is_event(self.item)


@dataclass(frozen=True, slots=True)
class Harvest(Step):
    """Harvest tiles: action a (C.2), a special harvest (A, B) or a remote harvest (V).

    ``instead`` lists the crops taken in place of crops the stock has run out of (I.5, I.33).
    """

    player: str
    tiles: tuple[str, ...]
    instead: tuple[str, ...] = ()
    span: Span | None = _span()

    def text(self) -> str:
        extra = f" instead {' '.join(self.instead)}" if self.instead else ""
        return f"harvest {_refs(self.tiles)}{extra}"


@dataclass(frozen=True, slots=True)
class Play(Step):
    """Action b: play a worker from the supply or the town board onto a space (C.3, D.1)."""

    player: str
    worker: str
    space: str
    span: Span | None = _span()

    def text(self) -> str:
        return f"play {self.worker} at {self.space}"


@dataclass(frozen=True, slots=True)
class Remove(Step):
    """Action b: take a worker off the board (C.3); also event Y (Day Off)."""

    player: str
    worker: str
    span: Span | None = _span()

    def text(self) -> str:
        return f"remove {self.worker}"


@dataclass(frozen=True, slots=True)
class Buy(Step):
    """A tile from a store to the buyer's board: action c (C.4), or E / G with ``pay``."""

    player: str
    tile: str
    seller: str
    pay: tuple[str, ...] = ()
    span: Span | None = _span()

    def text(self) -> str:
        extra = f" for {' '.join(self.pay)}" if self.pay else ""
        return f"buy {self.tile} from {self.seller}{extra}"


@dataclass(frozen=True, slots=True)
class Offer(Step):
    """A registry tile to the player's store with a bid: action d (C.5), or the Shopkeeper."""

    player: str
    tile: str
    bid: tuple[str, ...]
    span: Span | None = _span()

    def text(self) -> str:
        return f"offer {self.tile} for {' '.join(self.bid)}"


@dataclass(frozen=True, slots=True)
class EndTurn(Step):
    """The player passes the bag: the turn ends (C.1)."""

    player: str
    span: Span | None = _span()

    def text(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Replace(Step):
    """Re-place a worker displaced by a field tile (D.2)."""

    player: str
    worker: str
    space: str
    span: Span | None = _span()

    def text(self) -> str:
        return f"replace {self.worker} at {self.space}"


@dataclass(frozen=True, slots=True)
class Pass(Step):
    """Decline an optional choice: an ability, a re-placement, an optional event."""

    player: str
    span: Span | None = _span()

    def text(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Gain(Step):
    """Crops from the stock: the Day Labourer (C), Bumper Harvest (P)."""

    player: str
    crops: tuple[str, ...]
    span: Span | None = _span()

    def text(self) -> str:
        return f"gain {' '.join(self.crops)}"


@dataclass(frozen=True, slots=True)
class Flip(Step):
    """Flip harvested tiles back: the Inexperienced Worker (D), New Growth (R)."""

    player: str
    tiles: tuple[str, ...]
    span: Span | None = _span()

    def text(self) -> str:
        return f"flip {_refs(self.tiles)}"


@dataclass(frozen=True, slots=True)
class Fallow(Step):
    """A tile to the fallow: the Steward (F), the Merchant (K), events M, O, W."""

    player: str
    tile: str
    span: Span | None = _span()

    def text(self) -> str:
        return f"fallow {self.tile}"


@dataclass(frozen=True, slots=True)
class Claim(Step):
    """The Judge (I): take a lonely tile from ``victim`` and pay them 3 crops (I.14)."""

    player: str
    tile: str
    victim: str
    pay: tuple[str, ...]
    span: Span | None = _span()

    def text(self) -> str:
        return f"claim {self.tile} from {self.victim} for {' '.join(self.pay)}"


@dataclass(frozen=True, slots=True)
class Copy(Step):
    """The Notary (J): re-use the ability of a worker on the player's board (I.15)."""

    player: str
    worker: str
    span: Span | None = _span()

    def text(self) -> str:
        return f"copy {self.worker}"


@dataclass(frozen=True, slots=True)
class Accept(Step):
    """Say yes to an optional choice that needs no parameter (the Merchant's draw)."""

    player: str
    span: Span | None = _span()

    def text(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class Place(Step):
    """Place a tile in hand on the player's board (Merchant, Gift)."""

    player: str
    tile: str
    span: Span | None = _span()

    def text(self) -> str:
        return f"place {self.tile}"


@dataclass(frozen=True, slots=True)
class Pick(Step):
    """Take a registry tile to the board: Benefactor (L), Sale (T, with ``pay``), I.16 / I.35."""

    player: str
    tile: str
    pay: tuple[str, ...] = ()
    span: Span | None = _span()

    def text(self) -> str:
        extra = f" for {' '.join(self.pay)}" if self.pay else ""
        return f"take {self.tile}{extra}"


@dataclass(frozen=True, slots=True)
class Swap(Step):
    """Give a board tile for a lonely tile of ``owner`` (N), or for a registry tile (U)."""

    player: str
    give: str
    take: str
    owner: str | None = None
    span: Span | None = _span()

    def text(self) -> str:
        extra = f" from {self.owner}" if self.owner else ""
        return f"swap {self.give} for {self.take}{extra}"


@dataclass(frozen=True, slots=True)
class Give(Step):
    """Gift (O): pass a tile to the left neighbour."""

    player: str
    tile: str
    span: Span | None = _span()

    def text(self) -> str:
        return f"give {self.tile}"


@dataclass(frozen=True, slots=True)
class Pay(Step):
    """Lucky Dip (Q): pay 2 crops to draw a field tile."""

    player: str
    crops: tuple[str, ...]
    span: Span | None = _span()

    def text(self) -> str:
        return f"pay {' '.join(self.crops)}"


@dataclass(frozen=True, slots=True)
class Move(Step):
    """Relocation (X): move a worker to a new space, without its ability."""

    player: str
    worker: str
    space: str
    span: Span | None = _span()

    def text(self) -> str:
        return f"move {self.worker} to {self.space}"


@dataclass(frozen=True, slots=True)
class Grant(Step):
    """Windfall (Z): the drawer gives each player one crop; ``gifts`` is (colour, crop) pairs
    in event order, and a player reached after the stock ran out gets no pair (I.47)."""

    player: str
    gifts: tuple[tuple[str, str], ...]
    span: Span | None = _span()

    def text(self) -> str:
        return "grant " + ", ".join(f"{who} {crop}" for who, crop in self.gifts)


STEP_TYPES: tuple[type[Step], ...] = (
    Draw, Harvest, Play, Remove, Buy, Offer, EndTurn, Replace, Pass, Gain, Flip, Fallow, Claim,
    Copy, Accept, Place, Pick, Swap, Give, Pay, Move, Grant,
)


# -- making steps fast ------------------------------------------------------------------------
_Make = Callable[[str | None, tuple[Any, ...], Span | None], Step]
_MAKERS: dict[type, _Make] = {}


def maker(cls: type[Step]) -> _Make:
    """A function ``make(player, values, span)`` that makes ``cls(player, *values,
    span=span)`` (``values``: its fields after the player, in the constructor's order; a
    draw has no player, and ``player`` is ignored): one per class, for the reader, which
    makes a step of an item's class from the values its memo holds."""
    got = _MAKERS.get(cls)
    if got is not None:
        return got
    from dataclasses import fields

    if [f.name for f in fields(cls) if f.init][:1] == ["player"]:
        def make(player: str | None, values: tuple[Any, ...], at: Span | None) -> Step:
            return cls(player, *values, span=at)  # type: ignore[call-arg]
    else:
        def make(player: str | None, values: tuple[Any, ...], at: Span | None) -> Step:
            return cls(*values, span=at)  # type: ignore[call-arg]
    _MAKERS[cls] = make
    return make
