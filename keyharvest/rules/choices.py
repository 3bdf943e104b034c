"""Every legal step, and integer actions over a factored decision: what ``rules.game.Game``
lists and numbers (its ``legal_steps``, ``legal_actions``, ``apply_action``).

``every_step(state)`` lists **every** legal step: the engine's own listing
(``engine.representative_steps``) is complete but where a choice is a multiset of crops or a subset
of tiles, where it lists representatives; here each representative is widened to every
variant of its combinatorial fields, and the variants that ``is_legal`` accepts are kept:

- a bid (``Offer.bid``, C.5): every multiset of one or more crops behind the screen;
- a payment or a gain (``pay``, ``crops``): every multiset of the same size, within what
  the screen or the stock holds;
- the tiles of a harvest or a flip (``Harvest.tiles``, ``Flip.tiles``): every non-empty
  subset of a listed group (C.2, I.3), with every choice of substitutes for crops the
  stock lacks (``instead``, C.2.5, I.5, I.33);
- a windfall's gifts (``Grant.gifts``, I.22): every crop for each player.

The **factored decision** spells a step as a sequence of atomic picks, each a *token*:
the step's kind (its notation's first word), then each field in order: a tile or space
(a board reference), a worker, a colour, each crop or tile of a tuple field followed by
``done``, ``none`` for an absent optional field. A draw is its one token, the item. The
tokens of a step are a fixed function of the step and no step's tokens begin another's,
so the picks reach exactly the steps of the complete listing, each by one sequence.

The **integer actions** number the tokens: ``NUM_ACTIONS`` of them, the same for every
state, board and player count (``Tokens.of(board)``: the fixed words, then the board's own
references, in board order; every board has ``model.board.SPACES`` of them). The ``Game``
keeps the picks made so far; this module only spells and reads steps as tokens.
"""

from __future__ import annotations

from collections.abc import Container, Iterator, Sequence
from dataclasses import fields
from itertools import combinations, product
from typing import Any

from ..model.board import SPACES, Board
from ..model.catalogue import CROP_INDEX, CROPS, EVENTS, PLAYER_COLOURS, WORKERS
from ..model.state import State
from ..model.steps import STEP_TYPES, Draw, Flip, Grant, Harvest, Offer, Step
from . import engine, stepping

__all__ = [
    "NUM_ACTIONS",
    "Tokens",
    "branches",
    "every_step",
    "skeleton_of",
    "widen",
]


# -- every legal step -----------------------------------------------------------------------
def every_step(state: State) -> list[Step]:
    """Every legal step, however many (see the module docstring): each step of the engine's
    representative listing (``engine.representative_steps``) with every legal variant of
    its crops and tiles (``widen``), in the engine's order, each step once."""
    out: dict[Step, None] = {}
    widened: set[Step] = set()  # the representatives' skeletons widened already
    tried: set[Step] = set()  # the variants checked already
    for step in engine.representative_steps(state):
        out[step] = None
        skeleton = skeleton_of(step)
        if skeleton is None or skeleton in widened:
            continue
        widened.add(skeleton)
        for other in widen(state, step, out, tried):
            out[other] = None
    return list(out)


def widen(state: State, step: Step, known: Container[Step] = (),
          tried: set[Step] | None = None) -> list[Step]:
    """The legal steps that differ from ``step`` (a step of the engine's listing) only in
    its crops and tiles: every variant of its combinatorial fields that ``is_legal``
    accepts; those in ``known`` (legal already) or ``tried`` (checked already: each
    variant checked is added) are taken as they are, not checked again."""
    kind = type(step)
    if kind is Offer or kind is Grant or (kind is Harvest and state.stack[-1].is_turn):
        # a bid's crops bear on its legality only as C.5.2 says: one or more, behind the
        # screen (``actions.take_to_store``); the rest (the tile, the store's room, the
        # action) is the listed offer's. So every such bid of a listed offer's tile is
        # legal, unchecked. Likewise a harvest of action a (C.2, ``actions.harvest``):
        # any unharvested tiles of one group (a listed step's tiles are a whole group's
        # or one tile), with substitutes only for the tiles whose crop the stock lacks,
        # each of a crop it still holds, or none (C.2.5, I.5, I.33): what ``_variants``
        # makes. And a windfall's gifts (I.22, I.47): the listed grant's players in event
        # order, each a crop, no crop more often than the stock holds it (``_variants``
        # makes no other). tests/test_game_api.py holds all three to ``is_legal``
        return list(_variants(state, step))
    out = []
    for other in _variants(state, step):
        if other in known:
            out.append(other)
        elif tried is None or other not in tried:
            if tried is not None:
                tried.add(other)
            if stepping.is_legal(state, other):
                out.append(other)
    return out


#: Steps with their picks and how many picks each shares with the variants it stands for
#: (``rules.game.Game``'s candidates).
Candidates = list[tuple[Step, tuple[int, ...], int]]


def branches(state: State, step: Step, picks: tuple[int, ...],
             tokens: Tokens) -> Candidates:
    """The variants of ``step`` (of the engine's listing: an offer or a windfall's grant)
    that the picks made so far begin, a pick at a time rather than all at once, each with
    its picks and how many of them it shares with the variants it stands for (``Game``'s
    candidates):

    - an offer's bid (C.5.2: one or more crops behind the screen, spelt in crop order, then
      ``done``): the bid the picks have spelt so far, complete (when it has a crop), and for
      each crop that may come next, the bid with it, standing for every bid that begins so;
    - a windfall's gifts (I.22, I.47: each player in event order gets a crop, none more
      often than the stock holds it): for each crop the next player may get, one grant
      that goes on with the first crops the stock still holds, standing for every grant
      that begins so (sharing the picks through the next player's colour).

    The variants reached are ``widen``'s (tests/test_game_api.py holds them to the
    complete listing): a few steps a pick, where ``widen`` makes every bid of a screen and
    5^players grants. Empty when the picks begin no variant."""
    if type(step) is Offer:
        return _bid_branches(state, step, picks, tokens)
    return _gift_branches(state, step, picks, tokens)


def _bid_branches(state: State, step: Offer, picks: tuple[int, ...],
                  tokens: Tokens) -> Candidates:
    """``branches`` of an offer: the bid so far, and one bid per crop that may follow."""
    player = state.find(step.player)
    left = list(player.screen) if player is not None else [0] * len(CROPS)
    last = 0
    bid: list[str] = []
    for pick in picks[2:]:  # the crops of the bid so far, in crop order
        crop = _CROP_AT.get(pick, -1)
        if crop < last or not left[crop]:
            return []
        left[crop] -= 1
        last = crop
        bid.append(CROPS[crop])
    out: Candidates = []
    if bid:
        done = Offer(step.player, step.tile, tuple(bid))
        spelt = tokens.spell(done)
        out.append((done, spelt, len(spelt)))
    for crop in range(last, len(CROPS)):
        if left[crop]:
            more = Offer(step.player, step.tile, (*bid, CROPS[crop]))
            spelt = tokens.spell(more)
            # it stands for the longer bids too, unless none can follow
            ends = not any(left[c] - (c == crop) for c in range(crop, len(CROPS)))
            out.append((more, spelt, len(spelt) if ends else len(spelt) - 1))
    return out


def _gift_branches(state: State, step: Step, picks: tuple[int, ...],
                   tokens: Tokens) -> Candidates:
    """``branches`` of a windfall's grant: one grant per crop the next player may get."""
    gifts = step.gifts  # type: ignore[attr-defined]
    stock = list(state.stock)
    fixed: list[int] = []
    for at in range(2, len(picks), 2):  # the picks of each crop fixed: 2, 4, ...
        if len(fixed) == len(gifts):
            break
        crop = _CROP_AT.get(picks[at], -1)
        if crop < 0 or not stock[crop]:
            return []  # not a crop the stock holds: no gift goes on so
        stock[crop] -= 1
        fixed.append(crop)
    j = len(fixed)
    chosen: list[list[int]] = []
    if j == len(gifts):
        chosen.append(fixed)
    for crop in range(len(CROPS)) if j < len(gifts) else ():
        if stock[crop]:
            rest = list(stock)
            rest[crop] -= 1
            tail = []
            for _ in range(len(gifts) - j - 1):  # the first crop the stock still holds
                first = next(c for c in range(len(CROPS)) if rest[c])
                rest[first] -= 1
                tail.append(first)
            chosen.append([*fixed, crop, *tail])
    out: Candidates = []
    for crops in chosen:
        grant = Grant(step.player, tuple(  # type: ignore[arg-type]
            (who, CROPS[c]) for (who, _), c in zip(gifts, crops)))
        spelt = tokens.spell(grant)
        out.append((grant, spelt, len(spelt) if j + 1 >= len(gifts) else 4 + 2 * j))
    return out


def skeleton_of(step: Step) -> Step | None:
    """``step`` with its combinatorial fields emptied: the variants of two steps of one
    skeleton are the same. None for a step with no such field."""
    kind = type(step)
    if kind is Offer:  # the commonest: by its class, not ``_with``
        return Offer(step.player, step.tile, ())  # type: ignore[arg-type, attr-defined]
    if kind is Harvest:
        return Harvest(step.player, step.tiles)  # type: ignore[arg-type, attr-defined]
    if kind is Grant:  # the players in event order are the listing's: the crops vary
        return Grant(step.player, tuple(  # type: ignore[arg-type]
            (who, "") for who, _ in step.gifts))  # type: ignore[attr-defined]
    if kind is Flip:
        return step
    for name in _VARIED_OF[kind]:  # the class's own fields alone: no lookup that misses
        if getattr(step, name) is not None:
            return _with(step, name, ())
    return None


def _with(step: Step, name: str, value: tuple[str, ...]) -> Step:
    """``step`` with its field ``name`` made ``value`` (``dataclasses.replace`` without its
    generic work: a listing makes these by the hundred; the step's ``span`` is dropped, a
    listed step has none)."""
    return type(step)(step.player, *[  # type: ignore[call-arg]
        value if field == name else getattr(step, field) for field in _FIELDS[type(step)]])


def multisets(bound: Sequence[int], sizes: range) -> list[tuple[str, ...]]:
    """Every multiset of crops (canonical order) with at most ``bound[i]`` of crop ``i``
    and a size in ``sizes``."""
    key = (tuple(bound), sizes.start, sizes.stop)
    got = _MULTISETS.get(key)
    if got is None:
        if len(_MULTISETS) >= MULTISETS_KEPT:  # bounded: the screens of a game repeat
            _MULTISETS.clear()
        got = _MULTISETS[key] = _multisets(bound, sizes)
    return list(got)


#: The multisets of ``multisets`` by (bound, sizes): a listing asks the same ones at every
#: step of a turn (the screen and the stock change slowly). At most ``MULTISETS_KEPT``.
_MULTISETS: dict[tuple[tuple[int, ...], int, int], tuple[tuple[str, ...], ...]] = {}
MULTISETS_KEPT = 4096


def _multisets(bound: Sequence[int], sizes: range) -> tuple[tuple[str, ...], ...]:
    out: list[tuple[str, ...]] = []
    top = min(sum(bound), sizes.stop - 1) if sizes else -1

    def grow(i: int, left: int, have: tuple[str, ...]) -> None:
        if i == len(CROPS):
            if len(have) in sizes:
                out.append(have)
            return
        for k in range(min(bound[i], left) + 1):
            grow(i + 1, left - k, have + (CROPS[i],) * k)

    if top >= 0:
        grow(0, top, ())
    return tuple(out)


def _subsets(tiles: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    for k in range(1, len(tiles) + 1):
        yield from combinations(tiles, k)


def _short(state: State, tiles: tuple[str, ...]) -> tuple[int, list[int]]:
    """How many of ``tiles`` find no counter of their crop in the stock (C.2.5), and what
    the stock holds after the others are taken."""
    avail = list(state.stock)
    short = 0
    for ref in tiles:
        i = CROP_INDEX[state.board.crops[ref]]
        if avail[i]:
            avail[i] -= 1
        else:
            short += 1
    return short, avail


def _variants(state: State, step: Step) -> Iterator[Step]:
    """The steps that differ from ``step`` only in its crops and tiles (some not legal)."""
    kind = type(step)
    if kind is Harvest:
        for tiles in _subsets(step.tiles):  # type: ignore[attr-defined]
            short, avail = _short(state, tiles)
            for instead in multisets(avail, range(short + 1)) if short else [()]:
                yield Harvest(step.player, tiles, instead)  # type: ignore[arg-type]
        return
    if kind is Flip:
        for tiles in _subsets(step.tiles):  # type: ignore[attr-defined]
            yield Flip(step.player, tiles)  # type: ignore[arg-type]
        return
    if kind is Grant:  # a crop each, none more often than the stock holds it
        gifts = step.gifts  # type: ignore[attr-defined]
        stock = state.stock
        for picked in product(range(len(CROPS)), repeat=len(gifts)):
            if all(picked.count(i) <= stock[i] for i in picked):
                yield Grant(step.player, tuple(  # type: ignore[arg-type]
                    (who, CROPS[i]) for (who, _), i in zip(gifts, picked)))
        return
    for name in ("bid", "pay", "crops"):
        value = getattr(step, name, None)
        if value is None:
            continue
        player = state.find(step.player or "")
        screen = player.screen if player is not None else [0] * len(CROPS)
        if kind is Offer:  # the commonest by far: made by its class, not ``replace``
            tile = step.tile  # type: ignore[attr-defined]
            for bid in multisets(screen, range(1, sum(screen) + 1)):
                yield Offer(step.player, tile, bid)  # type: ignore[arg-type]
            return
        bound = [max(a, b) for a, b in zip(screen, state.stock)]
        for crops in multisets(bound, range(len(value), len(value) + 1)):
            yield _with(step, name, crops)
        return


# -- tokens ---------------------------------------------------------------------------------
def _kind_word(cls: type[Step]) -> str:
    return {"Draw": "draw", "Pick": "take", "EndTurn": "end"}.get(cls.__name__,
                                                                 cls.__name__.lower())


DONE, NONE = "done", "none"
KIND_OF: dict[type[Step], str] = {cls: _kind_word(cls) for cls in STEP_TYPES}
CLASS_OF: dict[str, type[Step]] = {word: cls for cls, word in KIND_OF.items()}
#: The tokens before a board's references, by action number: ``done``, ``none``, the
#: kinds, colours, workers, crops and events.
WORDS: tuple[str, ...] = (DONE, NONE, *KIND_OF.values(), *PLAYER_COLOURS, *WORKERS, *CROPS,
                          *EVENTS)
#: How many integer actions there are, for every state, board and player count.
NUM_ACTIONS = len(WORDS) + SPACES
#: The crop (its index in ``CROPS``) of each crop's action: the same on every board.
_CROP_AT = {WORDS.index(crop): i for i, crop in enumerate(CROPS)}

#: How a field's value is spelt: one token, a tuple of them ended by ``done``, an optional
#: one (``none`` when absent), or a windfall's (colour, crop) pairs ended by ``done``.
_SHAPE = {"item": "one", "worker": "one", "space": "one", "tile": "one", "give": "one",
          "take": "one", "seller": "one", "victim": "one", "owner": "optional",
          "tiles": "many", "instead": "many", "pay": "many", "bid": "many", "crops": "many",
          "gifts": "pairs"}
#: The combinatorial field of the steps that always have one (``widen`` varies it first),
#: and the fields that are combinatorial in the other steps when present (``skeleton_of``).
_COMBINATORIAL: dict[type[Step], str] = {Harvest: "tiles", Flip: "tiles", Grant: "gifts"}
_VARIED = ("bid", "pay", "crops")
_FIELDS: dict[type[Step], tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls) if f.init and f.name not in ("player", "span"))
    for cls in STEP_TYPES}
assert all(name in _SHAPE for names in _FIELDS.values() for name in names)
#: The fields of ``_VARIED`` each class has, in that order (``skeleton_of``).
_VARIED_OF: dict[type[Step], tuple[str, ...]] = {
    cls: tuple(name for name in _VARIED if name in names) for cls, names in _FIELDS.items()}
#: What a field's tokens may be (``REFERENCE``: a reference of the board), for reading
#: actions back into steps (``Tokens.read``).
REFERENCE = "a reference of the board"
_WHAT: dict[str, frozenset[str] | str] = {
    "item": REFERENCE, "tile": REFERENCE, "space": REFERENCE, "give": REFERENCE,
    "take": REFERENCE, "tiles": REFERENCE, "worker": frozenset(WORKERS),
    "seller": frozenset(PLAYER_COLOURS), "victim": frozenset(PLAYER_COLOURS),
    "owner": frozenset(PLAYER_COLOURS), "instead": frozenset(CROPS),
    "pay": frozenset(CROPS), "bid": frozenset(CROPS), "crops": frozenset(CROPS),
    "gifts": frozenset(CROPS)}
_EVENT_WORDS = frozenset(EVENTS)


class Tokens:
    """The action numbers of one board: ``tokens[a]`` is the token of action ``a`` (the
    fixed ``WORDS``, then the board's references in board order) and ``action[token]`` its
    number. ``Tokens.of(board)`` makes one per board (boards are immutable)."""

    __slots__ = ("action", "tokens")

    def __init__(self, references: tuple[str, ...]) -> None:
        self.tokens: tuple[str, ...] = (*WORDS, *references)
        self.action: dict[str, int] = {token: i for i, token in enumerate(self.tokens)}
        assert len(self.action) == NUM_ACTIONS, "tokens are not distinct"

    @staticmethod
    def of(board: Board) -> Tokens:
        got = _BY_BOARD.get(board.references)
        if got is None:
            got = _BY_BOARD[board.references] = Tokens(board.references)
        return got

    def first(self, step: Step) -> int:
        """The first pick of ``step``: its kind's (``offer``), or a draw's item. Raises
        ``KeyError`` for a draw of an item that is neither an event nor on the board."""
        if type(step) is Draw:
            return self.action[step.item]
        return self.action[KIND_OF[type(step)]]

    def spell(self, step: Step) -> tuple[int, ...]:
        """The picks that spell ``step`` (action numbers). Raises ``ValueError`` for a name
        that is neither a word of the catalogue nor a reference of the board."""
        return self.spell_shared(step)[0]

    def spell_shared(self, step: Step) -> tuple[tuple[int, ...], int]:
        """The picks that spell ``step`` (as ``spell``), and how many of them every variant
        of it (``widen``) shares: those before its first combinatorial field (the kind and
        the fields before it); all of them for a step without such a field."""
        action = self.action
        try:
            first = self.first(step)
            if type(step) is Draw:
                return (first,), 1
            kind = type(step)
            out = [first]
            shared = -1
            varied = _COMBINATORIAL.get(kind)
            for name in _FIELDS[kind]:
                value: Any = getattr(step, name)
                if shared < 0 and (name == varied or (
                        varied is None and name in _VARIED and value is not None)):
                    shared = len(out)
                shape = _SHAPE[name]
                if shape == "one":
                    out.append(action[value])
                elif shape == "optional":
                    out.append(action[NONE if value is None else value])
                elif shape == "many":
                    out += [action[v] for v in value]
                    out.append(action[DONE])
                else:
                    for who, crop in value:
                        out += [action[who], action[crop]]
                    out.append(action[DONE])
        except KeyError as exc:
            raise ValueError(f"{step.text()!r} names {exc.args[0]!r}, which is neither in the "
                             "catalogue nor on the board") from None
        return tuple(out), len(out) if shared < 0 else shared

    def read(self, actions: list[int], at: int, player: str | None) -> tuple[Step | None, int]:
        """The step spelt by ``actions`` from index ``at`` (by ``player``, the player the
        game waits for: a step's picks do not name its player) and the index after it; or
        (None, ``at``) when the actions end before the step does. Raises ``ValueError`` when
        they spell no step (a token out of place)."""
        tokens = self.tokens
        words = len(WORDS)
        first = tokens[actions[at]]
        cls = CLASS_OF.get(first)
        if cls is None or cls is Draw:  # a draw is its item alone: a tile or an event
            if actions[at] < words and first not in _EVENT_WORDS:
                raise ValueError(f"action {actions[at]} ({first}) begins no step")
            return Draw(first), at + 1

        def token(name: str, index: int, optional: bool = False) -> str:
            got = tokens[actions[index]]
            what = _WHAT[name]
            if (optional and got == NONE) or (
                    actions[index] >= words if what is REFERENCE else got in what):
                return got
            raise ValueError(f"action {actions[index]} ({got}) is not a {name} of a "
                             f"{first!r} step")
        values: list[Any] = []
        i = at + 1
        n = len(actions)
        for name in _FIELDS[cls]:
            shape = _SHAPE[name]
            if shape in ("one", "optional"):
                if i >= n:
                    return None, at
                got = token(name, i, shape == "optional")
                i += 1
                values.append(None if got == NONE else got)
                continue
            items: list[Any] = []
            while True:
                if i >= n:
                    return None, at
                if tokens[actions[i]] == DONE:
                    i += 1
                    break
                if shape == "pairs":
                    if i + 1 >= n:
                        return None, at
                    who = tokens[actions[i]]
                    if who not in PLAYER_COLOURS:
                        raise ValueError(f"action {actions[i]} ({who}) is not a colour")
                    items.append((who, token(name, i + 1)))
                    i += 2
                else:
                    items.append(token(name, i))
                    i += 1
                if len(items) > SPACES:  # no field of a legal step is this long
                    raise ValueError(f"a step's field {name!r} runs past {SPACES} items")
            values.append(tuple(items))
        if player is None:
            raise ValueError(f"the step {first!r} has no player to make it: a draw is due")
        return cls(player, *values), i  # type: ignore[call-arg]


_BY_BOARD: dict[tuple[str, ...], Tokens] = {}
