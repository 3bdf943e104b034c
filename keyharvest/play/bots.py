"""Bots that play legal games, for examples, tests and self-play.

``RandomBot`` picks uniformly among the legal steps (``rules.representative_steps``), ending its
turn early with a small probability so that games move on; at a chance node it draws
uniformly among the items the bag may yield. ``GreedyBot`` looks one step ahead and takes
the step after which its own score is highest. ``play_game`` plays a whole game from a
setup and returns its record; ``selfplay_game`` deals and plays game number N of a seeded
run with a bot of ``BOTS``. Randomness comes only from the ``random.Random`` objects passed
in, so a seed replays the same game, byte for byte.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..model.catalogue import CROP_INDEX, WORKERS
from ..model.state import PendingKind, PlayerState, State
from ..model.steps import Buy, Draw, EndTurn, Flip, Gain, Harvest, Offer, Pass, Play, Remove, Step
from ..rules import advance, legal_view
from ..rules.abilities import FlipFrame, GainFrame, SpecialHarvestFrame
from ..rules.actions import TurnFrame
from ..rules.engine import mypyc_attr
from ..rules.memo import draw_of, end_turn_of
from .points import majorities, most_of_others, points, total_of
from .search import HORIZON, ROUNDS, MCTSBot


class Bot(Protocol):
    def choose(self, state: State) -> Step: ...


def random_draw(state: State, rng: random.Random) -> Draw:
    """A uniformly random draw among the items the bag may yield now (chance): the item at
    ``rng.choice`` of them in sorted order."""
    bag = state.bag
    if state.hidden_removed:
        return draw_of(rng.choice(sorted(item for item in bag if state.can_draw(item))))
    # every item in the bag may come out. Sorting it is the cost of a draw, and the bag
    # changes little from one draw to the next (it loses the item drawn): keep the last
    # listing, less the item drawn, and use it when it still lists exactly the bag
    items = _LAST_BAG[0]
    if len(items) != len(bag) or not bag.issuperset(items):
        items = sorted(bag)
    # the draw of ``rng.choice(items)``: the same index, by ``rng.choice`` itself
    n = len(items)
    if not n:
        raise ValueError(f"no draw can be made: the bag is empty (waiting for "
                         f"{state.pending.describe()})")
    i = rng.randrange(n)
    item = items[i]
    del items[i]  # the listing is this function's own (sorted here, or kept from the last)
    _LAST_BAG[0] = items
    return draw_of(item)


def below(rng: random.Random, n: int) -> int:
    """The index ``rng.choice`` takes in a sequence of ``n`` (at least 1) items, by
    ``rng.choice`` itself (the same draws from ``rng``)."""
    return rng.randrange(n)


#: The sorted bag of the last draw, less the item drawn (see ``random_draw``).
_LAST_BAG: list[list[str]] = [[]]


# compiled (hatch_build.py), a native class: a subclass defined in Python needs this
@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBot:
    """Uniformly random legal steps; with probability ``end_bias`` it ends its turn as soon
    as ending is legal (so that turns are not always two actions long)."""

    def __init__(self, rng: random.Random, end_bias: float = 0.15) -> None:
        self.rng = rng
        self.end_bias = end_bias

    def choose(self, state: State) -> Step:
        pending = state.pending
        kind = pending.kind
        if kind is PendingKind.CHANCE:
            return random_draw(state, self.rng)
        rng = self.rng
        if kind is PendingKind.TURN:
            # Ending is always legal on a turn (C.1, I.1): toss the coin before listing the
            # other steps, which is the same draw from ``rng`` as tossing it after.
            if rng.random() < self.end_bias:
                return end_turn_of(pending.player)  # type: ignore[arg-type]
            frame = state.stack[-1]
            if type(frame) is TurnFrame and state.result is None:  # as random_step does
                return frame.pick(state, below, rng)
        return random_step(state, rng)


def random_step(state: State, rng: random.Random) -> Step:
    """A uniformly random legal step: ``rng.choice(representative_steps(state))``, the same draw
    from ``rng`` and the same step, building only the step chosen where the frame lists
    its steps by sections (see ``rules.legal_view``). Raises ``ValueError`` when no step
    is legal."""
    frame = state.stack[-1] if state.result is None else None
    if type(frame) is TurnFrame:  # the listing counted and the step drawn built alone
        return frame.pick(state, below, rng)
    if frame is None or not type(frame).lists_by_sections:
        legal = legal_view(state)
        if not legal:
            raise ValueError(f"no legal step: waiting for {state.pending.describe()}")
        return rng.choice(legal)
    first: Step | None = None
    if type(frame).lists_counted:  # type: ignore[attr-defined]  # a first step and n more
        first, n, nth = frame.counted(state)  # type: ignore[attr-defined]
        sections = None
        total = n if first is None else n + 1
    else:
        sections = frame.sections(state)  # type: ignore[attr-defined]
        total = 0
        for n, _ in sections:
            total += n
    if not total:
        raise ValueError(f"no legal step: waiting for {state.pending.describe()}")
    # the draw of ``rng.choice`` over ``total`` steps, by ``rng.choice`` itself
    i = rng.randrange(total)
    if sections is None:
        if first is not None:
            if not i:
                return first
            i -= 1
        return nth(i)  # type: ignore[no-any-return]
    for n, nth in sections:
        if i < n:
            return nth(i)  # type: ignore[no-any-return]
        i -= n
    raise AssertionError("unreachable: i < total")  # pragma: no cover


def points_after(state: State, steps: list[Step], colour: str) -> list[int]:
    """``points(after, colour)`` for each of ``steps`` (legal in ``state``, of the player
    ``colour`` to move), where ``after`` is ``state`` with the step pushed: the step is
    pushed only where it must be, on ``state`` itself and undone (``State.begin`` and
    ``State.undo``, as ``Game.pop`` undoes a step: cheaper than a copy), so that ``state``
    is left as it was. On a turn (the actions, C), an offer
    changes no points but by the crops of its bid leaving the screen (C.5, G.4: the same for
    the same bid on any tile), a harvest none but by the crops it brings behind the screen
    where the stock has them all (C.2), a play none but by the worker's number, less the
    number of a worker it sends back (C.3, D.1, G.1: its ability is used by later steps),
    a removal none but the worker's number (C.3, G.1), a purchase those of the tile on
    the board, a worker it displaces and the bid paid (C.4, D.2; ``_after_buy``), and ending
    the turn none; the
    harvest of workers A and B (D.3) none but by its crops, as a turn's, the two crops of
    worker C none but by them, the flip of worker D none, and passing any of these none
    (tests/test_bots.py holds each to the copy and push over every decision of random
    games)."""
    me = state.player(colour)
    others = most_of_others(state, me)
    top = type(state.stack[-1]) if state.result is None else None
    on_turn = top is TurnFrame
    special = top is SpecialHarvestFrame  # workers A and B's harvest (D.3)
    ability = special or top is GainFrame or top is FlipFrame  # A to D's abilities (D.3)
    now = points(state, colour)
    held = majorities(me.screen, others)
    crop_of = state.board.crop_indices
    stock = state.stock
    out = []
    by_bid: dict[tuple[str, ...], int] = {}  # the same bid on another tile: the same points
    for step in steps:
        if on_turn and isinstance(step, Offer):
            bid = step.bid
            got = by_bid.get(bid)
            if got is None:
                screen = me.screen[:]
                for crop in bid:
                    screen[CROP_INDEX[crop]] -= 1
                got = by_bid[bid] = now - held + majorities(screen, others)
            out.append(got)
            continue
        if on_turn and isinstance(step, Play):
            under = me.workers.get(step.space)
            out.append(now + WORKERS[step.worker].number
                       - (WORKERS[under].number if under is not None else 0))
            continue
        if isinstance(step, EndTurn):
            out.append(now)
            continue
        if on_turn and isinstance(step, Remove):
            out.append(now - WORKERS[step.worker].number)
            continue
        if on_turn and isinstance(step, Buy) and not step.pay:
            out.append(_after_buy(state, me, step))
            continue
        if ability and isinstance(step, (Pass, Flip)):
            out.append(now)  # a flip back changes no points (G.1-G.4)
            continue
        if top is GainFrame and isinstance(step, Gain):
            screen = me.screen[:]
            for crop in step.crops:
                screen[CROP_INDEX[crop]] += 1
            out.append(now - held + majorities(screen, others))
            continue
        if (on_turn or special) and isinstance(step, Harvest) and not step.instead:
            screen = me.screen[:]
            for ref in step.tiles:
                screen[crop_of[ref]] += 1
            if all(stock[i] >= screen[i] - me.screen[i] for i in range(len(screen))):
                out.append(now - held + majorities(screen, others))
                continue
        undo = state.begin()  # the step pushed on the state itself, then undone
        try:
            advance(state, step)
        finally:
            state.end()
        out.append(points(state, colour))
        state.undo(undo)
    return out


def _after_buy(state: State, me: PlayerState, step: Buy) -> int:
    """``points`` of ``me`` after the purchase ``step`` (action c, C.4): the tile on the
    board, a worker on its space displaced (D.2: it is off the board while it waits to be
    placed again), and, from another's store, the bid paid from the screen to the seller,
    who also takes back the bid (as ``rules.actions`` moves them)."""
    after = me.copy()
    after.tiles[step.tile] = False
    after.workers.pop(step.tile, None)
    screens = [q.screen for q in state.players if q is not me]
    if step.seller != me.colour:
        seller = state.player(step.seller)
        item = seller.store_item(step.tile)
        assert item is not None
        theirs = seller.screen[:]
        for i, k in enumerate(item.bid):
            after.screen[i] -= k
            theirs[i] += k + k
        screens = [theirs if q is seller else q.screen for q in state.players if q is not me]
    return total_of(state, after, [max(held) for held in zip(*screens)])


# compiled (hatch_build.py), a native class: a subclass defined in Python needs this
@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyBot:
    """One step of lookahead: the legal step after which its own score (``points``, as
    ``scoring.score`` counts it) is highest. Among equally good steps it prefers doing
    something to ending its turn or passing (so that the game moves on), then picks with
    its ``rng``; with probability ``explore`` it takes a uniformly random legal step
    instead. At a chance node it draws uniformly, like ``RandomBot``."""

    def __init__(self, rng: random.Random, explore: float = 0.1) -> None:
        self.rng = rng
        self.explore = explore

    def choose(self, state: State) -> Step:
        pending = state.pending
        if pending.kind == PendingKind.CHANCE:
            return random_draw(state, self.rng)
        frame = state.stack[-1] if state.result is None else None
        sections: list[tuple[int, Callable[[int], Step]]] = []
        if frame is not None and type(frame).lists_by_sections:
            sections = frame.sections(state)  # type: ignore[attr-defined]
        elif frame is not None:
            listed = list(frame.legal(state))
            sections = [(len(listed), listed.__getitem__)]
        total = 0
        for n, _ in sections:
            total += n
        if not total:
            raise ValueError(f"no legal step: waiting for {pending.describe()}")
        if total == 1:
            return _nth(sections, 0)
        rng = self.rng
        if rng.random() < self.explore:
            return _nth(sections, below(rng, total))  # rng.choice of the listing
        # the listing, but a turn's offers: those of one bid are worth the same on every
        # registry tile (``points_after``), and are listed by tile, then bid: only the
        # first tile's are built (the offers were most of a turn's listing)
        steps: list[Step] = []
        offers = -1  # where the offers (the first tile's) start in ``steps``
        bids = tiles = 0
        offer_at: Callable[[int], Step] | None = None  # the offers' i-th
        for n, nth in sections:
            if not n:
                continue
            first = nth(0)
            if type(frame) is TurnFrame and isinstance(first, Offer):
                offers, tiles, offer_at = len(steps), len(state.registry), nth
                bids = n = n // tiles
            steps.append(first)
            steps.extend([nth(i) for i in range(1, n)])
        values = points_after(state, steps, pending.player)  # type: ignore[arg-type]
        keyed = [(got, not isinstance(step, (EndTurn, Pass)))
                 for step, got in zip(steps, values)]
        top = max(keyed)
        # rng.choice among the best, in the listing's order (a best bid once a tile)
        best = [i for i, key in enumerate(keyed) if key == top]
        before = [i for i in best if i < offers]
        bid_best = [i - offers for i in best if offers <= i < offers + bids]
        after = [i for i in best if i >= offers + bids]
        k = below(rng, len(before) + tiles * len(bid_best) + len(after))
        if k < len(before):
            return steps[before[k]]
        k -= len(before)
        if k < tiles * len(bid_best):
            tile, j = divmod(k, len(bid_best))
            assert offer_at is not None
            return offer_at(tile * bids + bid_best[j])
        return steps[after[k - tiles * len(bid_best)]]


def _nth(sections: list[tuple[int, Callable[[int], Step]]], i: int) -> Step:
    """The ``i``-th step of a listing in ``sections`` (how many, a function giving the
    i-th)."""
    for n, nth in sections:
        if i < n:
            return nth(i)
        i -= n
    raise IndexError(i)  # pragma: no cover - i below the steps counted


def mcts(rng: random.Random, budget: int | None = None, seconds: float | None = None,
         horizon: int | None = None, rounds: int | None = ROUNDS) -> MCTSBot:
    """The search bot (``search.MCTSBot``): playouts by ``GreedyBot`` without exploration
    (measured stronger per second than random ones: docs/search.md) for ``rounds`` whole
    rounds (``search.ROUNDS``), or ``horizon`` steps if fewer, steps
    looked at in the order of ``points``; ``budget`` simulations a step (default
    ``search.DEFAULT_BUDGET``) or ``seconds``."""
    return MCTSBot(rng, GreedyBot(random.Random(rng.getrandbits(64)), explore=0.0),
                   points_after, budget, seconds, horizon, rounds)


def mcts_v1(rng: random.Random, budget: int | None = None,
            seconds: float | None = None) -> MCTSBot:
    """The search bot before issue 46 (``mcts`` as it was), kept to measure ``mcts``
    against (the arena's ``mcts-v1``): playouts of ``search.HORIZON`` steps whoever is to
    move, the most visited step taken even where ending the turn is about equal to
    another (two of it facing each other stall: docs/search.md), and each simulation in
    a world of its own (not paired)."""
    return MCTSBot(rng, GreedyBot(random.Random(rng.getrandbits(64)), explore=0.0),
                   points_after, budget, seconds, horizon=HORIZON, rounds=None,
                   moves_on=False, paired=False)


#: The bots ``selfplay`` and the arena can use, by name: name -> factory(rng) -> Bot.
#: Those of ``BUDGETED`` take ``budget=N``, simulations a step.
BOTS: dict[str, Any] = {"random": RandomBot, "greedy": GreedyBot, "mcts": mcts,
                        "mcts-v1": mcts_v1}
BUDGETED: frozenset[str] = frozenset({"mcts", "mcts-v1"})


def own_budget(seat: str) -> tuple[str, int | None]:
    """A seat of the arena as named: ``NAME`` (a bot of ``BOTS``), or ``NAME@N``, a bot of
    ``BUDGETED`` at its own budget of ``N`` simulations a step (two search bots at equal
    time where their simulations cost differently). The bot's name and that budget (None
    for a plain name); ``ValueError`` for an unknown bot, a budget given to a bot that
    takes none, or a budget that is not a whole number of at least 1."""
    name, at, budget = seat.partition("@")
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (the bots are {', '.join(sorted(BOTS))})")
    if not at:
        return name, None
    if name not in BUDGETED:
        raise ValueError(f"{name} takes no budget: only {' and '.join(sorted(BUDGETED))} "
                         f"do (NAME@N: N simulations a step)")
    if not budget.isdigit() or int(budget) < 1:
        raise ValueError(f"the budget of {seat!r} is not a whole number of simulations "
                         f"of at least 1 (NAME@N)")
    return name, int(budget)


def seated(seat: str, rng: random.Random, budget: int | None) -> Bot:
    """The bot of a seat named ``NAME`` or ``NAME@N`` (``own_budget``): a bot of
    ``BUDGETED`` at its own budget, else at ``budget`` if given (None: its default)."""
    name, own = own_budget(seat)
    if own is None:
        own = budget
    bot: Bot = BOTS[name](rng, budget=own) if name in BUDGETED and own else BOTS[name](rng)
    return bot


