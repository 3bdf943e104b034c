"""Every legal step, and integer actions over a factored decision (issue 30).

``legal_steps(state, complete=True)`` lists **every** legal step: the engine's own listing
(``engine.legal_steps``) is complete but where a choice is a multiset of crops or a subset
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
state and player count (the standard board's references; a board with other names is
refused). ``legal_actions`` gives the picks possible now (at a chance node, the draws),
``apply_action`` makes one (the last pick of a step pushes the step, with undo:
``rules.game.push``), ``action_to_string`` names it. The picks made so far live in
``state.picking`` (not part of a position).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import fields, replace
from itertools import combinations, product
from typing import Any

from ..errors import IllegalStep
from ..formats.boardfile import standard_board
from ..model.catalogue import CROP_INDEX, CROPS, EVENTS, PLAYER_COLOURS, WORKERS
from ..model.state import State
from ..model.steps import STEP_TYPES, Draw, Flip, Grant, Harvest, Offer, Step
from ..rules import engine, game

__all__ = [
    "NUM_ACTIONS", "action_to_string", "apply_action", "legal_actions", "legal_steps",
    "step_tokens", "string_to_action",
]


# -- every legal step -----------------------------------------------------------------------
def legal_steps(state: State, complete: bool = False) -> list[Step]:
    """The steps that may come next.

    With ``complete=False`` (the default) the engine's listing: every step listed is
    legal, and the list is complete except where a choice is a free multiset of crops or an
    arbitrary subset (bids, payments in any crops, which tiles of a group to harvest):
    there it lists **representative** choices (every whole group and every single tile;
    bids of one crop and of two crops). With ``complete=True``, every legal step, however
    many (see the module docstring): each representative with every legal variant of its
    crops and tiles, in the engine's order, each step once. ``is_legal`` decides any step.
    """
    listed = engine.legal_steps(state)
    if not complete:
        return listed
    out: dict[Step, None] = {}
    widened: set[Step] = set()  # the representatives' skeletons widened already
    tried: set[Step] = set()  # the variants found illegal
    for step in listed:
        out[step] = None
        skeleton = _skeleton(step)
        if skeleton is None or skeleton in widened:
            continue
        widened.add(skeleton)
        if type(step) is Offer:
            # a bid's crops bear on its legality only as C.5.2 says: one or more, behind
            # the screen (``actions.take_to_store``); the rest (the tile, the store's room,
            # the action) is the listed offer's. So every such bid of a listed offer's
            # tile is legal, unchecked: tests/test_game_api.py holds them to ``is_legal``
            for other in _variants(state, step):
                out[other] = None
            continue
        for other in _variants(state, step):
            if other not in out and other not in tried:
                tried.add(other)
                if engine.is_legal(state, other):
                    out[other] = None
    return list(out)


def _skeleton(step: Step) -> Step | None:
    """``step`` with its combinatorial fields emptied: the variants of two steps of one
    skeleton are the same. None for a step with no such field."""
    kind = type(step)
    if kind is Harvest:
        return Harvest(step.player, step.tiles)  # type: ignore[arg-type, attr-defined]
    if kind is Flip or kind is Grant:
        return step
    for name in ("bid", "pay", "crops"):
        if getattr(step, name, None) is not None:
            return replace(step, **{name: ()})
    return None


def multisets(bound: Sequence[int], sizes: range) -> list[tuple[str, ...]]:
    """Every multiset of crops (canonical order) with at most ``bound[i]`` of crop ``i``
    and a size in ``sizes``."""
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
    return out


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
    if kind is Grant:
        gifts = step.gifts  # type: ignore[attr-defined]
        for crops in product(CROPS, repeat=len(gifts)):
            yield Grant(step.player, tuple(  # type: ignore[arg-type]
                (who, crop) for (who, _), crop in zip(gifts, crops)))
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
            yield replace(step, **{name: crops})
        return


# -- tokens ---------------------------------------------------------------------------------
def _kind_word(cls: type[Step]) -> str:
    return {"Draw": "draw", "Pick": "take", "EndTurn": "end"}.get(cls.__name__,
                                                                 cls.__name__.lower())


def _references() -> tuple[str, ...]:
    """The standard board's references (tiles and spaces), in board order."""
    return standard_board().references


DONE, NONE = "done", "none"
KIND_OF: dict[type[Step], str] = {cls: _kind_word(cls) for cls in STEP_TYPES}
CLASS_OF: dict[str, type[Step]] = {word: cls for cls, word in KIND_OF.items()}
#: Every token, by action number: ``done``, ``none``, the kinds, colours, workers, crops,
#: events, then the standard board's references.
TOKENS: tuple[str, ...] = (DONE, NONE, *KIND_OF.values(), *PLAYER_COLOURS, *WORKERS, *CROPS,
                           *EVENTS, *_references())
ACTION: dict[str, int] = {token: i for i, token in enumerate(TOKENS)}
assert len(ACTION) == len(TOKENS), "tokens are not distinct"
#: How many integer actions there are, for every state and player count.
NUM_ACTIONS = len(TOKENS)

#: How a field's value is spelt: one token, a tuple of them ended by ``done``, an optional
#: one (``none`` when absent), or a windfall's (colour, crop) pairs ended by ``done``.
_SHAPE = {"item": "one", "worker": "one", "space": "one", "tile": "one", "give": "one",
          "take": "one", "seller": "one", "victim": "one", "owner": "optional",
          "tiles": "many", "instead": "many", "pay": "many", "bid": "many", "crops": "many",
          "gifts": "pairs"}
_FIELDS: dict[type[Step], tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls) if f.init and f.name not in ("player", "span"))
    for cls in STEP_TYPES}
assert all(name in _SHAPE for names in _FIELDS.values() for name in names)


def step_tokens(step: Step) -> tuple[int, ...]:
    """The picks that spell ``step`` (action numbers). Raises ``ValueError`` for a name
    outside the standard catalogue and board."""
    try:
        if type(step) is Draw:
            return (ACTION[step.item],)
        out = [ACTION[KIND_OF[type(step)]]]
        for name in _FIELDS[type(step)]:
            value: Any = getattr(step, name)
            shape = _SHAPE[name]
            if shape == "one":
                out.append(ACTION[value])
            elif shape == "optional":
                out.append(ACTION[NONE if value is None else value])
            elif shape == "many":
                out += [ACTION[v] for v in value]
                out.append(ACTION[DONE])
            else:
                for who, crop in value:
                    out += [ACTION[who], ACTION[crop]]
                out.append(ACTION[DONE])
    except KeyError as exc:
        raise ValueError(f"{step.text()!r} names {exc.args[0]!r}, which is not in the "
                         "standard catalogue and board: integer actions cover those") from None
    return tuple(out)


# -- the factored decision ------------------------------------------------------------------
class Picking:
    """The picks made so far of one step (``state.picking``): ``made``, the action numbers,
    and ``candidates``, the legal steps (with their tokens) that they begin; ``at``, the
    ``state.steps`` they were made at (picks left from before another step are void).
    Immutable. ``legal_actions`` keeps one with no picks made, as a cache of the complete
    listing."""

    __slots__ = ("at", "candidates", "made")

    def __init__(self, at: int, made: tuple[int, ...],
                 candidates: tuple[tuple[Step, tuple[int, ...]], ...]) -> None:
        self.at = at
        self.made = made
        self.candidates = candidates

    def __repr__(self) -> str:
        return (f"Picking(made={[TOKENS[a] for a in self.made]}, "
                f"candidates={len(self.candidates)})")


def _picking(state: State) -> Picking:
    got = state.picking
    if isinstance(got, Picking) and got.at == state.steps:
        return got
    steps = legal_steps(state, complete=True)
    made = Picking(state.steps, (), tuple((s, step_tokens(s)) for s in steps))
    state.picking = made
    return made


def legal_actions(state: State) -> list[int]:
    """The picks possible now, sorted: every first token of a legal step (at a chance
    node, the draws: one action per item the bag may yield), or, after some picks, every
    token that continues one. Empty once the game is over."""
    if state.result is not None:
        return []
    picking = _picking(state)
    at = len(picking.made)
    return sorted({tokens[at] for _, tokens in picking.candidates})


def apply_action(state: State, action: int) -> None:
    """Make the pick ``action`` in place. The pick that completes a step pushes it, with
    undo (``rules.game.push``: ``game.pop`` undoes it, and drops picks of a step not complete).
    Raises ``IllegalStep`` (the rule of what the game waits for) and leaves ``state`` as it
    was when ``action`` is not one of ``legal_actions(state)``."""
    picking = _picking(state) if state.result is None else Picking(state.steps, (), ())
    at = len(picking.made)
    left = tuple((s, t) for s, t in picking.candidates if t[at] == action)
    if not left:
        name = TOKENS[action] if type(action) is int and 0 <= action < NUM_ACTIONS \
            else repr(action)
        made = " ".join(TOKENS[a] for a in picking.made)
        after = f" after {made!r}" if made else ""
        raise IllegalStep(state.pending.rule, f"action {action} ({name}){after} is not "
                          f"legal here: waiting for {state.pending.describe()}")
    step, tokens = left[0]
    if len(left) == 1 and len(tokens) == at + 1:
        game.push(state, step)  # clears the picks
        return
    state.picking = Picking(state.steps, picking.made + (action,), left)


def action_to_string(state: State, action: int) -> str:
    """The pick ``action`` in our notation: the whole step (``str(step)``, as a record
    writes it) when it completes one, else the token (``offer``, ``A3``, ``hops``,
    ``done`` …). Raises ``ValueError`` when ``action`` is not legal here."""
    if state.result is None and action in legal_actions(state):
        picking = _picking(state)
        at = len(picking.made)
        left = [(s, t) for s, t in picking.candidates if t[at] == action]
        step, tokens = left[0]
        if len(left) == 1 and len(tokens) == at + 1:
            return str(step)
        return TOKENS[action]
    raise ValueError(f"action {action} is not legal here (waiting for "
                     f"{state.pending.describe()})")


def string_to_action(state: State, text: str) -> int:
    """The legal action whose ``action_to_string`` is ``text``. Raises ``ValueError``
    when none is."""
    for action in legal_actions(state):
        if action_to_string(state, action) == text:
            return action
    raise ValueError(f"no legal action is {text!r} here (waiting for "
                     f"{state.pending.describe()})")


def pending_pick(state: State) -> str:
    """The picks made so far of the step being chosen, as their tokens ('' when none)."""
    got = state.picking
    if isinstance(got, Picking) and got.at == state.steps:
        return " ".join(TOKENS[a] for a in got.made)
    return ""

