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

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .board import Board
from .catalogue import CROPS, FARMHANDS, TOWNSFOLK, is_event
from .native import mypyc_attr

if TYPE_CHECKING:
    from .steps import Step


def copy_frame(frame: StackFrame) -> StackFrame:
    """A copy of ``frame`` that shares nothing mutable (``rules.engine.Frame.copy``: frames
    hold lists of immutable items), field by field of its ``schema``; a frame without
    fields (the turn's: the bottom of every stack) holds nothing that changes, and is its
    own copy. Here, in a compiled module, as ``State.top`` and ``State.copy`` copy frames
    by the thousand (the frames' base class, ``rules/engine.py``, is not compiled)."""
    schema = frame.schema
    if not schema:
        return frame
    cls = type(frame)
    new: StackFrame = cls.__new__(cls)  # as ``Frame.from_data``: every field is set below
    for k in schema:
        v = getattr(frame, k)
        setattr(new, k, list(v) if isinstance(v, list) else v)
    return new


class StackFrame(Protocol):
    """What the state knows of a frame of its stack: the rules define the frames
    (``rules.engine.Frame``); the state only copies them."""

    is_event: bool
    is_turn: bool
    asks_plainly: bool
    lists_by_sections: ClassVar[bool]
    #: the fields the frame saves, in order (``rules.engine.Frame.schema``): ``copy_frame``
    schema: ClassVar[Mapping[str, Any]]
    sections_by_kind: ClassVar[bool]

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


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: made by pickle and copy
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

    def __reduce__(self) -> tuple[type[Pending], tuple[Any, ...]]:
        """Pickled by its fields (a worker pool sends states): compiled, a frozen class
        cannot be filled in field by field."""
        return Pending, (self.kind, self.player, self.rule, self.purpose, self.worker,
                         self.event)

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


#: What a new state waits for until its frames are settled: a turn (C.1).
WAITING = Pending(PendingKind.TURN)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: made by pickle and copy
@dataclass(init=False, slots=True)
class StoreItem:
    """A tile in a store and its fixed bid, as counts per crop (C.5). Never changed once in
    a store (a bid is fixed: C.5), so that copies of a player share their items."""

    tile: str
    bid: list[int]

    # Each class of the table writes its ``__init__`` (``init=False``): compiled by mypyc
    # (hatch_build.py), a written one is native, where the one ``dataclass`` makes is
    # interpreted and several times slower, and a search makes these by the million.
    def __init__(self, tile: str, bid: list[int]) -> None:
        self.tile = tile
        self.bid = bid


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: made by pickle and copy
@dataclass(init=False, slots=True)
class PlayerState:
    colour: str
    tiles: dict[str, bool]  # ref -> harvested
    workers: dict[str, str]  # space -> worker letter
    supply: set[str]
    store: list[StoreItem]
    screen: list[int]

    def __init__(self, colour: str, tiles: dict[str, bool] | None = None,
                 workers: dict[str, str] | None = None, supply: set[str] | None = None,
                 store: list[StoreItem] | None = None, screen: list[int] | None = None
                 ) -> None:
        self.colour = colour
        self.tiles = {} if tiles is None else tiles
        self.workers = {} if workers is None else workers
        self.supply = set(FARMHANDS) if supply is None else supply
        self.store = [] if store is None else store
        self.screen = [0] * len(CROPS) if screen is None else screen

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


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: made by pickle and copy
@dataclass(init=False, slots=True)
class Turn:
    """Whose turn it is and what they have done in it (C.1)."""

    player: int
    number: int  # turns played so far, this one included, counted over all players
    used: str  # the actions taken this turn, in order (letters a-d)
    count: int  # tiles moved by the last action if it was c or d (1 or 2)

    def __init__(self, player: int, number: int = 1, used: str = "", count: int = 0) -> None:
        self.player = player
        self.number = number
        self.used = used
        self.count = count


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: made by pickle and copy
@dataclass(eq=False, init=False, slots=True)
class State:
    board: Board
    players: list[PlayerState]
    stock: list[int]
    registry: list[str]
    bag: set[str]
    turn: Turn
    town: set[str]
    track: list[str]
    fallow: list[str]
    removed: list[str]  # events removed at setup, if known
    hidden_removed: int  # events removed at setup unseen: still in ``bag``, never drawn
    set_aside: list[str]  # events set aside (E.2)
    spent: list[str]  # events drawn after the 10th space (I.43)
    in_hand: list[str]  # field tiles held during an effect
    end_countdown: int | None  # turns still to play after this one (F.4)
    end_trigger: str | None  # colour of the player whose turn the 10th event came in
    max_turns: int | None  # a technical limit (I.10), not a rule
    result: Result | None  # None while playing
    stack: list[StackFrame]
    pending: Pending
    steps: int  # steps applied since setup
    #: ``steps`` just after the step whose draw last filled a registry gap, and (``steps``
    #: just after it, the event) for the last event drawn: what a refusal right after them
    #: cites (F.1, E.2, I.9: I.54). Not part of a position: only a refusal reads them.
    filled_at: int
    drawn: tuple[int, str]
    #: while an undo is kept (``begin`` to ``end``), what it keeps; else None. Not part
    #: of a position (nor of its ``repr``).
    undoing: Undo | None = field(repr=False)

    def __init__(self, board: Board, players: list[PlayerState], stock: list[int],
                 registry: list[str], bag: set[str], turn: Turn, town: set[str] | None = None,
                 track: list[str] | None = None, fallow: list[str] | None = None,
                 removed: list[str] | None = None, hidden_removed: int = 0,
                 set_aside: list[str] | None = None, spent: list[str] | None = None,
                 in_hand: list[str] | None = None, end_countdown: int | None = None,
                 end_trigger: str | None = None, max_turns: int | None = None,
                 result: Result | None = None, stack: list[StackFrame] | None = None,
                 pending: Pending = WAITING, steps: int = 0, filled_at: int = -1,
                 drawn: tuple[int, str] = (-1, "")) -> None:
        self.board = board
        self.players = players
        self.stock = stock
        self.registry = registry
        self.bag = bag
        self.turn = turn
        self.town = set(TOWNSFOLK) if town is None else town
        self.track = [] if track is None else track
        self.fallow = [] if fallow is None else fallow
        self.removed = [] if removed is None else removed
        self.hidden_removed = hidden_removed
        self.set_aside = [] if set_aside is None else set_aside
        self.spent = [] if spent is None else spent
        self.in_hand = [] if in_hand is None else in_hand
        self.end_countdown = end_countdown
        self.end_trigger = end_trigger
        self.max_turns = max_turns
        self.result = result
        self.stack = [] if stack is None else stack
        self.pending = pending
        self.steps = steps
        self.filled_at = filled_at
        self.drawn = drawn
        self.undoing = None

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
        return any(not is_event(item) for item in self.bag)

    def bag_events(self) -> list[str]:
        return sorted(item for item in self.bag if is_event(item))

    def bag_tiles(self) -> list[str]:
        return [item for item in self.bag if not is_event(item)]

    def can_draw(self, item: str) -> bool:
        """Whether ``item`` may come out of the bag now."""
        if item not in self.bag:
            return False
        if is_event(item) and self.hidden_removed:
            return sum(map(is_event, self.bag)) > self.hidden_removed  # bag_events()
        return True

    @property
    def is_over(self) -> bool:
        return self.result is not None

    # -- undo ---------------------------------------------------------------------------
    def touch(self, part: list[Any] | dict[Any, Any] | set[Any]) -> None:
        """Say that ``part``, a container of this state (a list, dict or set of the table or
        of a player), is about to change in place. While an undo is kept (``begin``), its
        contents before the step are kept, once per step. The rules call this before each
        change of a container; a state without an undo kept pays one test."""
        undoing = self.undoing
        if undoing is not None:
            journal = undoing.journal
            for i in range(0, len(journal), 2):  # (container, its contents) after another
                if journal[i] is part:
                    return
            journal.append(part)
            journal.append(part.copy())

    def top(self) -> StackFrame:
        """The top frame of the stack, about to run (its ``apply`` or ``settle``: a frame
        changes itself only there). While an undo is kept, a frame that was on the stack at
        ``begin`` is first replaced by its copy, which runs: the undo's stack keeps the
        frame itself, as it was (a frame without fields is its own copy)."""
        stack = self.stack
        frame = stack[-1]
        undoing = self.undoing
        if undoing is not None:
            for kept in undoing.stack:
                if kept is frame:
                    frame = stack[-1] = copy_frame(frame)
                    break
        return frame

    def begin(self) -> Undo:
        """Keep what the next step changes, for ``undo``: the fields as they are (each a
        reference), the turn's numbers, the stack's frames (each that runs is copied first:
        ``top``), and from now on the contents of each container before it first changes
        (``touch``), until ``end``."""
        turn = self.turn
        undo = Undo((self.players, self.stock, self.registry, self.bag, self.town, self.track,
                     self.fallow, self.removed, self.hidden_removed, self.set_aside,
                     self.spent, self.in_hand, self.end_countdown, self.end_trigger,
                     self.max_turns, self.result, self.pending, self.steps, self.filled_at,
                     self.drawn, turn),
                    turn.player, turn.number, turn.used, turn.count, self.stack[:], [])
        self.undoing = undo
        return undo

    def end(self) -> None:
        """Stop keeping changes (after the step ``begin`` was for, applied or refused)."""
        self.undoing = None

    def undo(self, undo: Undo) -> None:
        """Make this state again what it was at ``begin`` (``undo`` used once: its parts
        become the state's): each changed container given back its contents, in place (a
        reference to it held elsewhere stays right), then the fields, and the frames into
        the same stack (a player's bot that keeps ``state.stack`` may undo a step it tried:
        ``bots.points_after``)."""
        journal = undo.journal
        for i in range(0, len(journal), 2):  # each container once: any order
            part = journal[i]
            if isinstance(part, list):
                part[:] = journal[i + 1]
            else:
                part.clear()
                part.update(journal[i + 1])
        (self.players, self.stock, self.registry, self.bag, self.town, self.track,
         self.fallow, self.removed, self.hidden_removed, self.set_aside, self.spent,
         self.in_hand, self.end_countdown, self.end_trigger, self.max_turns, self.result,
         self.pending, self.steps, self.filled_at, self.drawn, turn) = undo.fields
        turn.player, turn.number, turn.used, turn.count = (undo.player, undo.number, undo.used,
                                                           undo.count)
        self.turn = turn
        self.stack[:] = undo.stack  # in place, as the containers

    def adopt(self, other: State) -> None:
        """Make this state ``other``'s parts (each field a reference: ``other`` is not to be
        used after), keeping this object: for a game that rebuilds its undo by replay."""
        (self.board, self.players, self.stock, self.registry, self.bag, self.turn, self.town,
         self.track, self.fallow, self.removed, self.hidden_removed, self.set_aside,
         self.spent, self.in_hand, self.end_countdown, self.end_trigger, self.max_turns,
         self.result, self.stack, self.pending, self.steps, self.filled_at, self.drawn) = (
            other.board, other.players, other.stock, other.registry, other.bag, other.turn,
            other.town, other.track, other.fallow, other.removed, other.hidden_removed,
            other.set_aside, other.spent, other.in_hand, other.end_countdown,
            other.end_trigger, other.max_turns, other.result, other.stack, other.pending,
            other.steps, other.filled_at, other.drawn)

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
            [copy_frame(f) for f in self.stack], self.pending, self.steps, self.filled_at,
            self.drawn)


#: The fields of a state that ``State.begin`` keeps by reference (the order of ``State``'s,
#: without the board, which never changes, and the frames, which are copied), the turn last.
Fields = tuple[list[PlayerState], list[int], list[str], set[str], set[str], list[str], list[str],
               list[str], int, list[str], list[str], list[str], int | None, str | None,
               int | None, Result | None, Pending, int, int, tuple[int, str], Turn]


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see StoreItem
class Undo:
    """What ``State.begin`` keeps to take one step back (``State.undo``): ``fields`` (by
    reference), the turn's numbers, the stack as a list of its frames (each that ran in the
    step was replaced by a copy first: ``State.top``), and the ``journal``: each container
    the step changed followed by its contents before (one flat list: a search keeps
    thousands of these, and each object more is the collector's to visit). ``seen`` is
    for its holder (``rules.game.Game``: the events seen before the step)."""

    __slots__ = ("count", "fields", "journal", "number", "player", "seen", "stack", "used")

    def __init__(self, fields: Fields, player: int, number: int, used: str, count: int,
                 stack: list[StackFrame], journal: list[Any]) -> None:
        self.fields = fields
        self.player = player
        self.number = number
        self.used = used
        self.count = count
        self.stack = stack
        self.journal = journal
        self.seen: frozenset[str] = frozenset()
