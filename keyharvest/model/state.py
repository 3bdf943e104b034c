"""The table at a moment: boards, stores, screens, stock, registry, track, bag (RULES.md A).

The state is **mutable**, and copied explicitly: ``State.copy()`` is cheap (a few small
containers per player), ``rules.advance`` changes a state in place after checking a step, and
``rules.apply`` returns a checked copy. This is python-chess's ``Board.push`` model: replay
and self-play run in place at full speed, while callers who want values get them from
``apply``. Every rule check happens before the first change, so an illegal step leaves the
state exactly as it was.

What the state waits for is ``state.pending``: a decision of a named player or a chance
draw. The machinery that computes it (the frame stack) lives in ``keyharvest.rules``.

This module knows the shape of the table, not the rules, and reads no files.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .board import Board
from .catalogue import CROPS, FARMHANDS, TOWNSFOLK

if TYPE_CHECKING:
    from .steps import Step


class StackFrame(Protocol):
    """What the state knows of a frame of its stack: the rules define the frames
    (``rules.engine.Frame``); the state only copies them."""

    is_event: bool
    is_turn: bool
    asks_plainly: bool
    lists_by_sections: ClassVar[bool]

    def copy(self) -> StackFrame: ...

    # what the rules ask of every frame (``rules.engine.Frame`` defines them)
    def settle(self, state: State) -> Any: ...

    def apply(self, state: State, step: Step) -> Any: ...

    def legal(self, state: State) -> Iterator[Step]: ...

    def refusal(self, state: State) -> tuple[str, str] | None: ...

    def to_data(self) -> dict[str, Any]: ...




class PendingKind(StrEnum):
    """What sort of decision the game waits for (``Pending.kind``); the values are the
    words positions and JSON write."""

    TURN = "turn"
    CHANCE = "chance"
    REPLACE = "replace"
    ABILITY = "ability"
    EVENT = "event"
    CHOICE = "choice"
    OVER = "over"


#: ``State.current_player()`` at a chance node (a draw from the bag is due), as OpenSpiel's
#: ``kChancePlayerId``.
CHANCE = -1
#: ``State.current_player()`` once the game is over (finished or stopped at the turn limit),
#: as OpenSpiel's ``kTerminalPlayerId``.
TERMINAL = -4


class Result(StrEnum):
    """How a game ended (``State.result``; None while it is being played)."""

    FINISHED = "finished"  # by the end of the event track (F.4)
    UNFINISHED = "unfinished"  # stopped at the technical turn limit (I.10)


@dataclass(frozen=True, slots=True)
class Pending:
    """What the game waits for. ``kind`` is one of:

    - ``turn``: the player chooses an action or ends the turn (C.1);
    - ``chance``: the next draw from the bag (``player`` is None; ``purpose`` says why);
    - ``replace``: re-place a displaced worker or pass (D.2);
    - ``ability``: use the ability of ``worker`` or pass (D.3–D.4);
    - ``event``: the player's answer to ``event`` (E.1);
    - ``choice``: another decision inside an effect (``purpose`` says which);
    - ``over``: the game has ended (or stopped at the turn limit); nothing more is legal.
    """

    kind: PendingKind
    player: str | None = None
    rule: str = "C.1"
    purpose: str = ""
    worker: str | None = None
    event: str | None = None

    def describe(self) -> str:
        who = f"{self.player} " if self.player else ""
        what = {
            PendingKind.TURN: "to take an action or end the turn",
            PendingKind.CHANCE: "a draw from the bag",
            PendingKind.REPLACE: f"to re-place worker {self.worker} or pass",
            PendingKind.ABILITY: f"to use the ability of worker {self.worker} or pass",
            PendingKind.EVENT: f"to answer event {self.event}",
            PendingKind.CHOICE: self.purpose,
            PendingKind.OVER: "nothing: the game is over",
        }[self.kind]
        if self.kind == PendingKind.CHANCE and self.purpose:
            what += f" ({self.purpose})"
        return f"{who}{what}".strip()


@dataclass(slots=True)
class StoreItem:
    """A tile in a store and its fixed bid, as counts per crop (C.5). Never changed once in
    a store (a bid is fixed: C.5), so that copies of a player share their items."""

    tile: str
    bid: list[int]


@dataclass(slots=True)
class PlayerState:
    colour: str
    tiles: dict[str, bool] = field(default_factory=dict)  # ref -> harvested
    workers: dict[str, str] = field(default_factory=dict)  # space -> worker letter
    supply: set[str] = field(default_factory=lambda: set(FARMHANDS))
    store: list[StoreItem] = field(default_factory=list)
    screen: list[int] = field(default_factory=lambda: [0] * len(CROPS))

    def copy(self) -> PlayerState:
        """A copy that shares nothing that changes (store items never change: shared)."""
        return PlayerState(self.colour, self.tiles.copy(), self.workers.copy(),
                           self.supply.copy(), self.store[:], self.screen[:])

    def worker_space(self, letter: str) -> str | None:
        for space, w in self.workers.items():
            if w == letter:
                return space
        return None

    def store_item(self, tile: str) -> StoreItem | None:
        at = self.store_index(tile)
        return None if at is None else self.store[at]

    def store_index(self, tile: str) -> int | None:
        """Where ``tile`` is in the store, or None."""
        for at, it in enumerate(self.store):
            if it.tile == tile:
                return at
        return None

    @property
    def crop_total(self) -> int:
        return sum(self.screen)


@dataclass(slots=True)
class Turn:
    """Whose turn it is and what they have done in it (C.1)."""

    player: int
    number: int = 1  # turns played so far, this one included, counted over all players
    used: str = ""  # the actions taken this turn, in order (letters a-d)
    count: int = 0  # tiles moved by the last action if it was c or d (1 or 2)


@dataclass(eq=False, slots=True)
class State:
    board: Board
    players: list[PlayerState]
    stock: list[int]
    registry: list[str]
    bag: set[str]
    turn: Turn
    town: set[str] = field(default_factory=lambda: set(TOWNSFOLK))
    track: list[str] = field(default_factory=list)
    fallow: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # events removed at setup, if known
    hidden_removed: int = 0  # events removed at setup unseen: still in ``bag``, never drawn
    set_aside: list[str] = field(default_factory=list)  # events set aside (E.2)
    spent: list[str] = field(default_factory=list)  # events drawn after the 10th space (I.43)
    in_hand: list[str] = field(default_factory=list)  # field tiles held during an effect
    end_countdown: int | None = None  # turns still to play after this one (F.4)
    end_trigger: str | None = None  # colour of the player whose turn the 10th event came in
    max_turns: int | None = None  # a technical limit (I.10), not a rule
    result: Result | None = None  # None while playing
    stack: list[StackFrame] = field(default_factory=list)
    pending: Pending = field(default_factory=lambda: Pending(PendingKind.TURN))
    steps: int = 0  # steps applied since setup
    #: ``steps`` just after the step whose draw last filled a registry gap, and (``steps``
    #: just after it, the event) for the last event drawn: what a refusal right after them
    #: cites (F.1, E.2, I.9: I.54). Not part of a position: only a refusal reads them.
    filled_at: int = -1
    drawn: tuple[int, str] = (-1, "")

    # -- who is who -------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat (index in ``players``) of the player whose decision the game waits for;
        ``CHANCE`` when a draw from the bag is due, ``TERMINAL`` once the game is over."""
        if self.result is not None:
            return TERMINAL
        pending = self.pending
        if pending.kind == PendingKind.CHANCE:
            return CHANCE
        if pending.player is None:  # over, by the frames (``OVER``)
            return TERMINAL
        return self.index(pending.player)

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(p.colour for p in self.players)

    def index(self, colour: str) -> int:
        for i, p in enumerate(self.players):
            if p.colour == colour:
                return i
        raise KeyError(colour)

    def find(self, colour: str) -> PlayerState | None:
        """The player of ``colour``, or None when nobody plays it."""
        for p in self.players:  # a loop, not next(...): this is on the engine's hot path
            if p.colour == colour:
                return p
        return None

    def player(self, colour: str) -> PlayerState:
        for p in self.players:  # find(colour), without the call: the frames ask it often
            if p.colour == colour:
                return p
        raise KeyError(colour)

    def has_player(self, colour: str) -> bool:
        return self.find(colour) is not None

    @property
    def current(self) -> PlayerState:
        return self.players[self.turn.player]

    def order_from(self, colour: str) -> list[PlayerState]:
        """All players, starting with ``colour`` and going clockwise (E.1)."""
        i = self.index(colour)
        return self.players[i:] + self.players[:i]

    # -- the bag ------------------------------------------------------------------------
    @property
    def bag_count(self) -> int:
        """How many tiles are really in the bag (public, I.27)."""
        return len(self.bag) - self.hidden_removed

    def bag_has_field_tile(self) -> bool:
        return any(not item.isalpha() for item in self.bag)

    def bag_events(self) -> list[str]:
        return sorted(item for item in self.bag if item.isalpha())

    def bag_tiles(self) -> list[str]:
        return [item for item in self.bag if not item.isalpha()]

    def can_draw(self, item: str) -> bool:
        """Whether ``item`` may come out of the bag now."""
        if item not in self.bag:
            return False
        if item.isalpha() and self.hidden_removed:
            return sum(map(str.isalpha, self.bag)) > self.hidden_removed  # bag_events()
        return True

    @property
    def is_over(self) -> bool:
        return self.result is not None

    # -- copying ------------------------------------------------------------------------
    def copy(self) -> State:
        """A copy that shares nothing that changes: every container copied, the frames too
        (a search copies states by the thousand: every field given to the constructor, in
        order, no generic copying)."""
        turn = self.turn
        return State(
            self.board, [p.copy() for p in self.players], self.stock[:], self.registry[:],
            self.bag.copy(), Turn(turn.player, turn.number, turn.used, turn.count),
            self.town.copy(), self.track[:], self.fallow[:], self.removed[:],
            self.hidden_removed, self.set_aside[:], self.spent[:], self.in_hand[:],
            self.end_countdown, self.end_trigger, self.max_turns, self.result,
            [f.copy() for f in self.stack], self.pending, self.steps, self.filled_at,
            self.drawn)
