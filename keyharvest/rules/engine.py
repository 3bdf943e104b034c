"""The step machine: what the state waits for, checking a step, applying it.

The state holds a stack of *frames*. The bottom frame is the turn (C.1); effects push
frames on top: a registry refill (F.1), a displaced worker waiting to be re-placed (D.2),
an ability (D.3–D.4), an event being answered player by player (E.1). The top frame
decides what the game waits for (``state.pending``) and receives the next step. A frame
that is done is popped and the one below it goes on, so nested effects (a displacement
chain inside a purchase, an event drawn inside a refill) resume in the right order
without any special case.

Contract of a frame:

- ``settle(state)``: do any work that needs no decision, then return the ``Pending``
  decision it waits for, ``None`` when it is finished (it is popped), or ``CONTINUE``
  after it pushed another frame;
- ``apply(state, step)``: check the step completely, *then* change the state. Raising
  ``IllegalStep`` after a change is a bug: an illegal step must leave the state as it was;
- ``legal(state)``: the steps it would accept (see ``representative_steps`` for what is listed).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import Any, ClassVar, Final

from ..errors import IllegalStep
from ..model.catalogue import EVENT_LETTERS, WORKERS
from ..model.native import mypyc_attr as mypyc_attr  # noqa: PLC0414 (re-exported)
from ..model.state import Pending, PendingKind, State, copy_frame
from ..model.steps import Step

CONTINUE: Final = object()
OVER = Pending(PendingKind.OVER, rule="F.4")


#: Every frame class by name, for writing and reading positions taken mid-effect.
FRAME_TYPES: dict[str, type[Frame]] = {}


class FieldKind:
    """How a saved frame field is checked when a position is read: ``what`` names the
    values accepted (for messages), ``ok(value, state)`` decides (``state`` is the table
    the frame is read into: its players and board, its stack not yet set)."""

    __slots__ = ("ok", "read", "what")

    def __init__(self, what: str, ok: Callable[[Any, State], bool],
                 read: Callable[[Any], Any] | None = None) -> None:
        self.what = what
        self.ok = ok
        self.read = read  # turns an accepted value into what the frame holds

    def __repr__(self) -> str:
        return f"FieldKind({self.what!r})"


def _count(v: Any) -> bool:
    return type(v) is int and v >= 0


def _strings(v: Any) -> bool:
    return type(v) is list and all(type(x) is str for x in v)


STRING = FieldKind("a string", lambda v, s: type(v) is str)
COUNT = FieldKind("a whole number of at least 0", lambda v, s: _count(v))
FLAG = FieldKind("true or false", lambda v, s: type(v) is bool)
COLOUR = FieldKind("the colour of a player in the game",
                   lambda v, s: type(v) is str and s.has_player(v))
COLOURS = FieldKind("a list of colours of players in the game",
                    lambda v, s: _strings(v) and all(s.has_player(c) for c in v))
WORKER = FieldKind("a worker's letter", lambda v, s: type(v) is str and v in WORKERS)
SPACE = FieldKind("a space of the board", lambda v, s: type(v) is str and v in s.board)
EVENTS = FieldKind("a list of event letters",
                   lambda v, s: _strings(v) and all(x in EVENT_LETTERS for x in v))
#: Events a frame set aside (E.2): each on the table's ``set_aside`` list, and (checked
#: when a position is read, over the whole stack) no event held by two frames.
SET_ASIDE = FieldKind("a list of events set aside on the table",
                      lambda v, s: _strings(v) and all(x in s.set_aside for x in v))


def saved(**kinds: FieldKind) -> Mapping[str, FieldKind]:
    """A frame class's ``fields``: name = kind, in the order its ``__init__`` sets them."""
    return MappingProxyType(kinds)


def optional(kind: FieldKind) -> FieldKind:
    """``kind``, or none (written ``{ none = true }``)."""
    return FieldKind(f"{kind.what}, or none", lambda v, s: v is None or kind.ok(v, s))


def among(*values: str) -> FieldKind:
    """One of the strings ``values``."""
    return FieldKind("one of " + ", ".join(repr(v) for v in values),
                     lambda v, s: type(v) is str and v in values)


def one_of(enum: type[StrEnum], *members: StrEnum) -> FieldKind:
    """One of the values of ``enum`` (read as its member); with ``members``, one of those
    only (the values a frame class ever holds: a phase another class uses is refused)."""
    listed = members or tuple(enum)
    values = {m.value for m in listed}
    return FieldKind("one of " + ", ".join(repr(m.value) for m in listed),
                     lambda v, s: type(v) is str and v in values, enum)


class FrameDataError(ValueError):
    """A frame's saved data does not fit its class's ``schema``: ``field`` names the field
    (or ``type``), ``message`` says what is wrong, ``hint`` may suggest a field name."""

    def __init__(self, field: str, message: str, known: tuple[str, ...] = ()) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.known = known


class Frame:
    """A piece of pending work on the stack; see the module docstring.

    Frames hold plain data only (strings, ints, bools, lists and tuples of them, None):
    never another frame, a state or a callback. That keeps ``copy`` cheap and correct,
    and lets a position written mid-effect save and restore the stack by contract: each
    class declares the fields it saves in ``fields`` (name -> ``FieldKind``, added to those
    of its bases into ``schema``, in the order its ``__init__`` sets them), and
    ``to_data()`` / ``from_data()`` write and check exactly those. A frame that needs the
    result of a frame it pushed reads it from the state when it settles again.

    In the compiled build (hatch_build.py) a frame class of a compiled module is a mypyc
    native class: its fields live outside ``__dict__`` (so ``copy``, ``__repr__`` and the
    tests read them by ``schema``, not ``vars``), and each such class is marked
    ``@mypyc_attr(allow_interpreted_subclasses=True)``: without it, calling the class
    from Python (``__new__``) would run ``__init__``, so that ``copy`` and ``from_data``
    (which make a frame by ``cls.__new__(cls)``) would fail, and a subclass
    defined in Python would be refused. ``tests/test_compiled.py`` checks the compiled
    build against the pure one.
    """

    rule = "C.1"
    #: True for the frame of an event being resolved (I.19: refills inside it set aside).
    is_event = False
    #: True for the turn frame, the bottom of the stack: settled, it waits for the current
    #: player's turn (or the end of the game).
    is_turn = False
    #: The fields this class adds to its bases' (see ``schema``).
    fields: ClassVar[Mapping[str, FieldKind]] = saved()
    #: Every field a frame of this class saves, in order, with how it is checked.
    schema: ClassVar[Mapping[str, FieldKind]] = saved()
    #: True for a frame that lists its steps (``sectioned``) as one optional first step (a
    #: pass) and then ``n`` more, by ``counted(state)``: (the first step or None, ``n``, a
    #: function giving the i-th of the ``n``), its ``sections`` made from it. A bot that
    #: picks one step by index reads ``counted`` and builds no sections.
    lists_counted: ClassVar[bool] = False
    #: True for a frame that lists its steps by ``sections(state)``: a list of (how many, a
    #: function giving the i-th), in listing order (``Frame.legal`` then lists them), so that
    #: ``legal_view`` builds only the steps asked for. A flag read by ``Frame.legal``, not
    #: ``legal = sectioned`` in each class: a function compiled by mypyc is not bound as a
    #: method when a class holds it.
    lists_by_sections: ClassVar[bool] = False
    #: True for a frame that lists by sections (``lists_by_sections``) each of one kind of
    #: step, no draw among them, its offers by registry tile then by bid (the same number
    #: of bids for each tile): the kinds a player may choose are then known from the
    #: sections' counts and one step of each, and ``rules.game.Game`` builds the steps of
    #: the kind picked alone, and of the offers the first of each tile (the turn's:
    #: harvests, plays, removals, purchases, offers).
    sections_by_kind: ClassVar[bool] = False
    #: True for a frame whose ``settle`` does no work: it returns the ``Pending`` the frame
    #: waits for, or None once it is done. The frame that pushed it may return its
    #: ``settle`` from ``apply`` (``Frame.apply``): the turn does, for a worker's ability.
    asks_plainly = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        FRAME_TYPES[cls.__name__] = cls
        schema: dict[str, FieldKind] = {}
        for base in reversed(cls.__mro__):
            schema.update(base.__dict__.get("fields", {}))
        cls.schema = MappingProxyType(schema)

    def to_data(self) -> dict[str, Any]:
        """The saved fields, by name, in ``schema`` order."""
        return {name: getattr(self, name) for name in self.schema}

    @classmethod
    def from_data(cls, data: dict[str, Any], state: State) -> Frame:
        """A frame of this class with the fields in ``data``, each checked by its kind
        against ``state`` (its players and board). Raises ``FrameDataError`` for an unknown,
        missing or ill-typed field."""
        schema = cls.schema
        known = tuple(schema)
        for name in data:
            if name not in schema:
                raise FrameDataError(name, f"{cls.__name__} has no field {name!r}", known)
        frame = cls.__new__(cls)
        for name, kind in schema.items():
            if name not in data:
                raise FrameDataError(name, f"{cls.__name__} needs its field {name!r} "
                                     f"({kind.what})")
            value = data[name]
            if not kind.ok(value, state):
                raise FrameDataError(name, f"expected {kind.what}, not {value!r}")
            setattr(frame, name, value if kind.read is None else kind.read(value))
        return frame

    def settle(self, state: State) -> Pending | None | object:
        raise NotImplementedError

    def apply(self, state: State, step: Step) -> Pending | None:
        """Check ``step``, then apply it. A frame may return the ``Pending`` that settling
        would give now, when it knows it without settling (there is no work that settling
        would do: it pushed no frame, or one whose settle only says what it waits for):
        ``advance`` and ``advance_steps`` then skip the settle (property tests check, step by
        step, that the state is what settling gives). The turn frame does (one step in
        two is a turn's; an offer's refill waits for a draw), relying on ``state.pending``
        being what it waits for, as after every settle; and so does an offer's refill
        that its draw fills, which pops itself: the turn frame under it waits for the
        same player's turn; and so do a done ability over the turn frame (it pops itself)
        and an event's answer that leaves the next player to ask."""
        raise NotImplementedError

    def legal(self, state: State) -> Iterator[Step]:
        """Every legal step, in listing order: a frame that ``lists_by_sections`` lists its
        sections one by one (``sectioned``); any other frame defines its own."""
        if not self.lists_by_sections:
            raise NotImplementedError
        return sectioned(self, state)

    def sections(self, state: State) -> list[tuple[int, Callable[[int], Step]]]:
        """The listing in sections (see ``lists_by_sections``): made from ``counted`` for a
        frame that ``lists_counted`` (``counted_sections``); any other frame that lists by
        sections defines its own."""
        if not self.lists_counted:
            raise NotImplementedError
        return counted_sections(self, state)

    def refusal(self, state: State) -> tuple[str, str] | None:
        """For a frame that waits for a draw: the rule and reason to cite when another step
        comes instead, if more specific than ``rule`` (I.54); see ``out_of_turn``."""
        return None

    # ``copy`` and ``__repr__`` go by ``schema``, not ``vars(self)``: a frame's fields are
    # its schema's, in order (tests/test_frame_data.py), and a compiled frame has no
    # ``__dict__`` of them (see the class docstring).
    def copy(self) -> Frame:
        """A copy that shares nothing mutable (frames hold lists of immutable items). A
        frame without fields (the turn's: the bottom of every stack) holds nothing that
        changes, and is its own copy (``model.state.copy_frame``, compiled)."""
        return copy_frame(self)  # type: ignore[return-value]  # a frame's copy is a Frame

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in self.schema)
        return f"{type(self).__name__}({fields})"


def resolving_event(state: State) -> bool:
    """Whether an event is being resolved now (somewhere down the stack)."""
    return any(f.is_event for f in state.stack)




def representative_steps(state: State) -> list[Step]:
    """The steps that may come next.

    Every step listed is legal. The list is complete except where a choice is a free
    multiset of crops or an arbitrary subset (bids, payments in any crops, which tiles of a
    group to harvest): there it lists representative choices (every whole group and every
    single tile; bids of one crop and of two crops). ``is_legal`` decides any step.
    """
    if state.result is not None:
        return []
    return list(state.stack[-1].legal(state))


class LegalSteps(Sequence[Step]):
    """The legal steps of a state as a sequence that builds them lazily from a frame's
    ``sections`` (how many steps, and a function giving the i-th): ``len`` costs only the
    counting, and indexing builds only the step asked for. Equal, item for item, to
    ``representative_steps(state)``.

    For callers that pick one step among many (``rng.choice(legal_view(state))``); valid
    until the state changes.
    """

    def __init__(self, sections: list[tuple[int, Callable[[int], Step]]]) -> None:
        self._sections = sections
        total = 0
        for n, _ in sections:
            total += n
        self._len = total

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index: Any) -> Any:  # an int, or a slice as Sequence allows
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("legal step index out of range")
        for n, nth in self._sections:
            if index < n:
                return nth(index)
            index -= n
        raise IndexError("legal step index out of range")  # pragma: no cover

    def __iter__(self) -> Iterator[Step]:
        for n, nth in self._sections:
            for i in range(n):
                yield nth(i)


def sectioned(self: Frame, state: State) -> Iterator[Step]:
    """``Frame.legal`` for a frame that lists its steps by ``sections(state)``: a list of
    (how many, a function giving the i-th), in listing order. Such a frame sets
    ``lists_by_sections`` (``Frame.legal`` is then this), and ``legal_view`` builds only
    the steps asked for."""
    for n, nth in self.sections(state):
        for i in range(n):
            yield nth(i)


def counted_sections(self: Frame, state: State) -> list[tuple[int, Callable[[int], Step]]]:
    """``sections`` for a frame that lists its steps by ``counted`` (see
    ``Frame.lists_counted``): the first step, if any, then the ``n`` others
    (``Frame.sections`` of such a frame)."""
    first, n, nth = self.counted(state)  # type: ignore[attr-defined]
    return [(0 if first is None else 1, lambda i: first), (n, nth)]


def no_step(i: int) -> Step:
    """The i-th of no steps: what ``counted`` gives with a count of 0."""
    raise IndexError("legal step index out of range")


def legal_view(state: State) -> Sequence[Step]:
    """``representative_steps(state)`` as a sequence that lists lazily where the frame can (the
    turn, whose listing is the longest, abilities and answers to events): for picking one
    step by index without building every other one. Valid until the state changes."""
    if state.result is not None:
        return []
    frame = state.stack[-1]
    if not type(frame).lists_by_sections:  # a frame that lists its own way
        return list(frame.legal(state))
    return LegalSteps(frame.sections(state))  # type: ignore[attr-defined]


def sections_by_kind(state: State) -> list[tuple[int, Callable[[int], Step]]] | None:
    """The listing's sections (as ``legal_view`` reads them) when each holds steps of one
    kind (``Frame.sections_by_kind``: the turn's), else None. The state must not be over."""
    frame = state.stack[-1]
    if not type(frame).sections_by_kind:
        return None
    return frame.sections(state)  # type: ignore[attr-defined, no-any-return]


def expect(step: Step, types: tuple[type, ...], rule: str, what: str) -> None:
    """Raise unless ``step`` is one of ``types``; ``what`` says what is awaited."""
    if not isinstance(step, types):
        raise IllegalStep(rule, f"{step.text()!r} is not possible here: waiting for {what}")
