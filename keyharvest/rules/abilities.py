"""The abilities of workers A–L (RULES.md D.3–D.4), as frames registered in
``workers.ABILITIES``.

A worker placed on a board (action b, or re-placement after displacement, D.2) pushes the
frame of its ability. The frame waits for the one step that uses the ability, or for
``Pass`` where the ability is optional (a bell: every worker but the Steward, D.3). An
ability that cannot be used now (the Judge with fewer than 3 crops, a full store for the
Shopkeeper …) refuses every use with ``IllegalStep`` and the reason; ``Pass`` still keeps
the worker on the board for its points (D.1.7).

A field tile that an ability places lands through ``common.place_tile``, so a worker on its
space, the ability's own worker included, is displaced and may be re-placed and used again
at once (D.2, I.11, I.34, I.49). Frames that place a tile and then refill the registry push
the refill *before* placing the tile, so the displaced worker is dealt with first (I.34).

The Notary (J) copies another worker's ability by pushing that worker's frame, measured from
that worker's space (I.15). This module defines no step classes: it uses the vocabulary of
``keyharvest.model.steps``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from enum import StrEnum
from itertools import combinations
from typing import ClassVar

from ..errors import IllegalStep
from ..model.catalogue import CROPS, STORE_SIZE, WORKERS
from ..model.state import Pending, PendingKind, PlayerState, State
from ..model.steps import (
    Accept,
    Buy,
    Claim,
    Copy,
    Fallow,
    Flip,
    Gain,
    Harvest,
    Offer,
    Pass,
    Pick,
    Place,
    Step,
    maker,
)
from .actions import TurnFrame, take_to_store
from .actions import bids_of as representative_bids
from .bag import HandDrawFrame, PlaceEventsFrame, RefillFrame
from .crops import check_can_pay, check_crops, crop_counts, move_crops, names, show
from .engine import (
    COLOUR,
    CONTINUE,
    COUNT,
    EVENTS,
    FLAG,
    SPACE,
    WORKER,
    Frame,
    among,
    expect,
    mypyc_attr,
    no_step,
    one_of,
    optional,
    resolving_event,
    saved,
)
from .fields import default_instead, harvest_gains, is_lonely
from .memo import PENDING, fallow_steps, gain_steps, harvest_steps, pass_of, remember, table
from .placement import ABILITIES, place_tile, take_from_registry

JUDGE_FEE = 3  # crops the Judge pays its victim (I.14)
MANDATORY = {letter: w.mandatory for letter, w in WORKERS.items()}  # scrolls (D.3)
# The steps the listings build, made by ``steps.maker``
_make_flip = maker(Flip)
_make_buy = maker(Buy)


# -- helpers ----------------------------------------------------------------------------
def _payments(screen: list[int], n: int) -> list[tuple[str, ...]]:
    """A few representative payments of exactly ``n`` crops from ``screen`` (or none):
    taking from the first crop types, and from the last."""
    out: list[tuple[str, ...]] = []
    for order in (range(len(CROPS)), range(len(CROPS) - 1, -1, -1)):
        left, pay = n, [0] * len(CROPS)
        for i in order:
            take = min(left, screen[i])
            pay[i] += take
            left -= take
        if left == 0 and names(pay) not in out:
            out.append(names(pay))
    return out


def _payment_count(screen: list[int], n: int) -> int:
    """``len(_payments(screen, n))`` without naming the crops: 0 when the screen holds
    fewer than ``n``, else 1 or 2 (the payments taken from the first crop types and from
    the last, when they differ)."""
    if sum(screen) < n:
        return 0
    front, back = [0] * len(CROPS), [0] * len(CROPS)
    left = n
    for i, k in enumerate(screen):
        take = min(k, left)
        front[i] = take
        left -= take
    left = n
    for i in range(len(CROPS) - 1, -1, -1):
        k = screen[i]
        take = min(k, left)
        back[i] = take
        left -= take
    return 1 if front == back else 2


def _subsets(tiles: list[str], most: int) -> list[tuple[str, ...]]:
    """The subsets of ``tiles`` of 1 to ``most`` tiles: by size, each size in the order of
    ``itertools.combinations``."""
    return [refs for k in range(1, most + 1) for refs in combinations(tiles, k)]


def _check_refs(refs: tuple[str, ...], rule: str, what: str) -> None:
    if not refs:
        raise IllegalStep(rule, f"{what} names no tile (pass to use nothing)")
    if len(set(refs)) != len(refs):
        raise IllegalStep(rule, f"a tile is named twice in {' '.join(refs)!r}")


# -- the frame every ability shares -------------------------------------------------------
#: (player, worker, rule) -> what an ability not copied by the Notary waits for (its
#: ``settle``): a look-up by three fields, not the five of a ``Pending``
_ASKS: dict[tuple[str, str, str], Pending] = table("abilities asked")


def _asked(frame: AbilityFrame) -> Pending:
    """What ``frame``, not copied, waits for: ``PENDING[...]`` of it, remembered."""
    got = PENDING[PendingKind.ABILITY, frame.player, frame.rule, "", frame.worker]
    remember(_ASKS, (frame.player, frame.worker, frame.rule), got)
    return got


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class AbilityFrame(Frame):
    """The ability of ``worker`` on ``space`` of ``player``'s board, waiting for its use.

    ``via`` is "J" when the Notary copies the ability (I.15). Subclasses implement ``use``
    (check, then change the state) and ``uses`` (the uses they would accept).
    """

    rule = "D.3"
    #: The step classes that use the ability (besides Pass).
    steps: ClassVar[tuple[type[Step], ...]] = ()
    fields = saved(player=COLOUR, worker=WORKER, space=SPACE, via=optional(WORKER),
              rule=among("D.3", "D.4"), done=FLAG)

    #: True where ``settle`` is ``AbilityFrame.settle`` (a done frame settles to None, with
    #: no work): ``apply`` may then pop a done frame itself (set for each subclass).
    settles_done: ClassVar[bool] = True
    asks_plainly = True  # so is ``Frame.asks_plainly`` (``AbilityFrame.settle`` only asks)

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.settles_done = cls.asks_plainly = cls.settle is AbilityFrame.settle

    def __init__(self, player: str, worker: str, space: str, via: str | None = None) -> None:
        self.player = player
        self.worker = worker
        self.space = space
        self.via = via
        self.rule = "D.4" if WORKERS[worker].townsfolk else "D.3"
        self.done = False

    @property
    def mandatory(self) -> bool:
        return WORKERS[self.worker].mandatory

    @property
    def name(self) -> str:
        who = f"the {WORKERS[self.worker].name} ({self.worker})"
        return f"{who} copied by the Notary (J)" if self.via else who

    def settle(self, state: State) -> Pending | None | object:
        if self.done:
            return None
        if self.via:
            return PENDING[PendingKind.ABILITY, self.player, self.rule,
                           f"copied by the Notary ({self.via})", self.worker]
        return _ASKS.get((self.player, self.worker, self.rule)) or _asked(self)

    def apply(self, state: State, step: Step) -> Pending | None:
        """Pass, or check and make the use; then, when the ability is done with nothing
        pushed above it and only the turn below it, pop it and return what the turn waits
        for (what settling would give: ``Frame.apply``), else None."""
        if type(step) is Pass:
            if MANDATORY[self.worker]:  # self.mandatory, without the property's call
                raise IllegalStep(self.rule, f"{self.name} is a scroll: its ability must be "
                                  "used, it cannot be passed")
        else:
            if not isinstance(step, self.steps):  # the message only when it is needed
                expect(step, self.steps, self.rule, f"the use of {self.name}"
                       + ("" if self.mandatory else " or pass"))
            p = state.players[state.turn.player]  # the owner: most often the current player
            if p.colour != self.player:
                p = state.player(self.player)
            self.use(state, p, step)
        self.done = True
        stack = state.stack
        # (the turn's frame known by its type: ``is_turn``, a class's attribute, is read
        # through the class, some 250 instructions a read against some 50 for ``type``)
        if len(stack) == 2 and stack[1] is self and self.settles_done and (
                type(stack[0]) is TurnFrame):
            # done, the frame's settle would pop it, and the turn's settle would give the
            # current player's turn (the game ends only at the end of a turn)
            stack.pop()
            return PENDING[state.players[state.turn.player].colour]
        return None

    lists_by_sections = True
    lists_counted = True

    def counted(self, state: State) -> tuple[Step | None, int, Callable[[int], Step]]:
        """Pass (unless mandatory: None), then how many uses and the i-th (see
        ``Frame.lists_counted``, ``rules.legal_view``)."""
        colour = self.player
        for p in state.players:  # state.player(colour), without the call
            if p.colour == colour:
                break
        else:
            raise KeyError(colour)
        n, nth = self.counted_uses(state, p)
        return None if MANDATORY[self.worker] else pass_of(colour), n, nth

    def counted_uses(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """How many uses ``uses`` lists, and a function giving the i-th."""
        steps = list(self.uses(state, p))
        return len(steps), steps.__getitem__

    def use(self, state: State, p: PlayerState, step: Step) -> None:
        raise NotImplementedError

    def uses(self, state: State, p: PlayerState) -> Iterator[Step]:
        raise NotImplementedError


# -- A, B: special harvest ----------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class SpecialHarvestFrame(AbilityFrame):
    """A (1 tile) and B (up to 2): adjacent unharvested tiles give their crops and are not
    flipped (D.3); shortages as in I.5 / I.33; only real targets (I.36)."""

    steps = (Harvest,)

    @property
    def limit(self) -> int:
        return 1 if self.worker == "A" else 2

    def use(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Harvest)
        refs = step.tiles
        _check_refs(refs, self.rule, "the harvest")
        if len(refs) > (1 if self.worker == "A" else 2):  # self.limit, without the property
            raise IllegalStep(self.rule, f"{self.name} harvests at most {self.limit} "
                              f"tile(s), not {len(refs)} ({' '.join(refs)})")
        for r in refs:
            if r not in p.tiles:
                raise IllegalStep("I.36", f"{r} is not a field tile on {p.colour}'s board")
            if r not in state.board.neighbours[self.space]:
                raise IllegalStep("I.36", f"{r} is not adjacent to {self.worker} at "
                                  f"{self.space}")
            if p.tiles[r]:
                raise IllegalStep("I.36", f"{r} is already harvested")
        gained = harvest_gains(state, refs, step.instead, self.rule)
        state.touch(state.stock)
        state.touch(p.screen)
        move_crops(state.stock, p.screen, gained)  # the tiles are not flipped (D.3)

    def uses(self, state: State, p: PlayerState) -> Iterator[Step]:
        n, nth = self.counted_uses(state, p)
        return map(nth, range(n))  # compiled, a generator expression here is a list

    def counted(self, state: State) -> tuple[Step | None, int, Callable[[int], Step]]:
        """``AbilityFrame.counted`` with ``counted_uses`` inlined (asked 22 times a game,
        most often with no tile or one next to the worker): pass, then the uses."""
        colour = self.player
        for p in state.players:  # state.player(colour), without the call
            if p.colour == colour:
                break
        else:
            raise KeyError(colour)
        tiles = p.tiles  # p's unharvested tiles next to the worker
        fresh = [n for n in state.board.neighbours[self.space] if n in tiles and not tiles[n]]
        first = None if MANDATORY[self.worker] else pass_of(colour)
        if not fresh:
            return first, 0, no_step
        if len(fresh) == 1:
            refs = (fresh[0],)
            return first, 1, lambda i: harvest_steps[colour, refs, default_instead(state, refs)]
        n, use = self.counted_uses(state, p)
        return first, n, use

    def counted_uses(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """Each adjacent unharvested tile, then (B) each pair of them (``_subsets``)."""
        tiles = p.tiles  # p's unharvested tiles next to the worker
        fresh = [n for n in state.board.neighbours[self.space] if n in tiles and not tiles[n]]
        f = len(fresh)
        colour = p.colour

        def use(i: int) -> Step:
            refs = (fresh[i],) if i < f else list(combinations(fresh, 2))[i - f]
            return harvest_steps[colour, refs, default_instead(state, refs)]  # shared
        return f + (f * (f - 1) // 2 if self.worker != "A" else 0), use  # A: one tile


# -- C: two crops from the stock ------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class GainFrame(AbilityFrame):
    """C: any two crops from the stock, as far as the stock holds them (D.3, I.5)."""

    steps = (Gain,)

    def use(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Gain)
        want = crop_counts(step.crops, self.rule)
        due = min(2, sum(state.stock))
        if due == 0:
            raise IllegalStep("I.5", "the stock is empty: there is nothing to gain")
        for i, k in enumerate(want):
            if k > state.stock[i]:
                raise IllegalStep("I.5", f"the stock holds {state.stock[i]} {CROPS[i]}, "
                                  f"not {k}")
        if sum(want) != due:  # two (D.3), or what a short stock holds (I.5)
            raise IllegalStep(self.rule if due == 2 else "I.5", f"{self.name} takes {due} "
                              f"crop(s) from the stock, not {sum(want)} ({show(want)!r})")
        state.touch(state.stock)
        state.touch(p.screen)
        move_crops(state.stock, p.screen, want)

    def uses(self, state: State, p: PlayerState) -> Iterator[Step]:
        n, nth = self.counted_uses(state, p)
        return map(nth, range(n))  # compiled, a generator expression here is a list

    def counted_uses(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        stock = state.stock
        colour = p.colour
        return _gain_count(stock), lambda i: gain_steps[colour, _gains(stock)[i]]


def _gain_count(stock: Sequence[int]) -> int:
    """``len(_gains(stock))``, counted: the pairs of crop types the stock holds, and two
    of a type where it holds two; one crop when only one is left."""
    held = doubles = 0
    for k in stock:
        if k:
            held += 1
            if k >= 2:
                doubles += 1
    if held == 1 and not doubles:  # the one crop left
        return 1
    return held * (held - 1) // 2 + doubles


def _gains(stock: Sequence[int]) -> list[tuple[str, ...]]:
    """The crops the Day Labourer may take from ``stock`` (two, or what is left), in
    canonical order (``combinations_with_replacement`` of the types held, two of a type
    only where the stock holds two). Remembered by the stock's counts, capped at 2 (all
    that matters; a shared list: do not change it)."""
    key = tuple(map(min, stock, _TWOS))
    got = _GAINS.get(key)
    if got is not None:
        return got
    if sum(stock) < 2:  # nothing, or the one crop left
        got = [(c,) for c, k in zip(CROPS, stock) if k]
    else:
        got = []
        n = len(CROPS)
        for a in range(n):
            if stock[a]:
                crop = CROPS[a]
                if stock[a] >= 2:
                    got.append((crop, crop))
                got += [(crop, CROPS[b]) for b in range(a + 1, n) if stock[b]]
    remember(_GAINS, key, got)
    return got


#: the stock's counts capped at 2 -> ``_gains``
_TWOS = (2,) * len(CROPS)
_GAINS: dict[tuple[int, ...], list[tuple[str, ...]]] = table("gains")


# -- D: flip harvested tiles back -----------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class FlipFrame(AbilityFrame):
    """D: flip any number (at least 1) of adjacent harvested tiles back (D.3)."""

    steps = (Flip,)

    def use(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Flip)
        refs = step.tiles
        _check_refs(refs, self.rule, "the flip")
        for r in refs:
            if r not in p.tiles:
                raise IllegalStep(self.rule, f"{r} is not a field tile on {p.colour}'s board")
            if r not in state.board.neighbours[self.space]:
                raise IllegalStep(self.rule, f"{r} is not adjacent to {self.worker} at "
                                  f"{self.space}")
            if not p.tiles[r]:
                raise IllegalStep(self.rule, f"{r} is not harvested: there is nothing to "
                                  "flip back")
        state.touch(p.tiles)
        for r in refs:
            p.tiles[r] = False

    def uses(self, state: State, p: PlayerState) -> Iterator[Step]:
        n, nth = self.counted_uses(state, p)
        return map(nth, range(n))  # compiled, a generator expression here is a list

    def counted_uses(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """Every set of adjacent harvested tiles, by size, then in board order."""
        tiles = p.tiles  # p's harvested tiles next to the worker
        done = [n for n in state.board.neighbours[self.space] if tiles.get(n)]
        colour = p.colour
        return 2 ** len(done) - 1, lambda i: _make_flip(
            colour, (_subsets(done, len(done))[i],), None)


# -- E, G: buy from an opponent's store ------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class OpponentBuyFrame(AbilityFrame):
    """E (price + 1) and G (the price): a tile from an opponent's store, paid in any crops
    to its owner, who also takes the bid back (D.3, D.4, I.13)."""

    steps = (Buy,)

    @property
    def extra(self) -> int:
        return 1 if self.worker == "E" else 0

    def use(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Buy)
        if step.seller == p.colour:
            raise IllegalStep("I.13", f"{self.name} buys only from an opponent's store, "
                              f"not from {p.colour}'s own")
        if not state.has_player(step.seller):
            raise IllegalStep(self.rule, f"{step.seller} is not playing")
        seller = state.player(step.seller)
        item = seller.store_item(step.tile)
        if item is None:
            raise IllegalStep(self.rule, f"{step.tile} is not in {seller.colour}'s store")
        price = sum(item.bid) + self.extra
        terms = f"price {sum(item.bid)} + 1" if self.extra else "its price"
        if not step.pay:
            raise IllegalStep(self.rule, f"{self.name} pays {price} crop(s) of any types "
                              f"({terms}): write them after 'for'")
        pay = check_crops(step.pay, self.rule)
        if sum(pay) != price:
            raise IllegalStep(self.rule, f"{step.tile} costs {price} crop(s) ({terms}), "
                              f"not {sum(pay)} ({' '.join(step.pay)!r})")
        check_can_pay(p, pay, self.rule, step.tile)
        state.touch(p.screen)
        state.touch(seller.screen)
        move_crops(p.screen, seller.screen, pay)
        seller.screen[:] = [a + b for a, b in zip(seller.screen, item.bid)]  # bid back (I.13)
        state.touch(seller.store)
        seller.store.remove(item)
        place_tile(state, p, step.tile)

    def uses(self, state: State, p: PlayerState) -> Iterator[Step]:
        n, nth = self.counted_uses(state, p)
        return map(nth, range(n))  # compiled, a generator expression here is a list

    def counted_uses(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """Each tile of the opponents' stores, in seating order, with each payment of its
        price ``_payments`` lists: counted (``_payment_count``), and only the use asked
        for built (a listing of every payment named and every step made was some 300,000
        instructions)."""
        screen = list(p.screen)
        extra = self.extra
        items: list[tuple[str, str, int, int]] = []  # (tile, seller, price, payments)
        n = 0
        for q in state.players:
            if q is p:
                continue
            for it in q.store:
                price = sum(it.bid) + extra
                k = _payment_count(screen, price)
                if k:
                    items.append((it.tile, q.colour, price, k))
                    n += k
        colour = p.colour

        def use(i: int) -> Step:
            for tile, seller, price, k in items:
                if i < k:
                    return _make_buy(colour, (tile, seller, _payments(screen, price)[i]), None)
                i -= k
            raise IndexError(i)  # pragma: no cover - i below the uses counted

        return n, use


# -- F: a tile to the fallow -------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class StewardFrame(AbilityFrame):
    """F (scroll): one field tile of the player's board goes to the fallow (D.3, I.50)."""

    steps = (Fallow,)

    def settle(self, state: State) -> Pending | None | object:
        if not self.done and not state.player(self.player).tiles:
            self.done = True  # cannot happen after a legal placement; nothing to send
        return super().settle(state)

    def use(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Fallow)
        if step.tile not in p.tiles:
            raise IllegalStep(self.rule, f"{step.tile} is not a field tile on {p.colour}'s "
                              "board")
        state.touch(p.tiles)
        del p.tiles[step.tile]
        state.touch(state.fallow)
        state.fallow.append(step.tile)

    def uses(self, state: State, p: PlayerState) -> Iterator[Step]:
        n, nth = self.counted_uses(state, p)
        return map(nth, range(n))  # compiled, a generator expression here is a list

    def counted_uses(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """Each field tile of the board, in board order."""
        tiles = p.tiles
        refs = [r for r in state.board.references if r in tiles]
        colour = p.colour
        return len(refs), lambda i: fallow_steps[colour, refs[i]]


# -- H: a registry tile into the store --------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class ShopkeeperFrame(AbilityFrame):
    """H: a registry tile into the player's store with a bid of at least 1 crop, then a
    refill (D.4); events drawn are resolved, or set aside inside an event (I.19). This is
    not action d, so action c may buy the tile in the same turn (C.1)."""

    steps = (Offer,)

    def unusable(self, p: PlayerState) -> str | None:
        if len(p.store) >= STORE_SIZE:
            return f"{p.colour}'s store already holds {STORE_SIZE} tiles"
        if not p.crop_total:
            return f"{p.colour} holds no crop to bid"
        return None

    def use(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Offer)
        why = self.unusable(p)
        if why:
            raise IllegalStep(self.rule, f"{self.name} cannot be used: {why}")
        take_to_store(state, p, step, self.rule)
        state.stack.append(RefillFrame(p.colour, 1, set_aside=resolving_event(state)))

    def uses(self, state: State, p: PlayerState) -> Iterator[Step]:
        if self.unusable(p):
            return
        for tile in state.registry:
            for bid in representative_bids(p):
                yield Offer(p.colour, tile, bid)


# -- I: the Judge ---------------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class JudgeFrame(AbilityFrame):
    """I: a lonely tile (D.5) of another player's board to the player's board, paying its
    former owner 3 crops of the payer's choice (D.4, I.14). The tile may land on the Judge
    itself, which is then displaced and may be re-placed and used again (D.4, I.49)."""

    steps = (Claim,)

    def use(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Claim)
        if p.crop_total < JUDGE_FEE:
            raise IllegalStep("I.14", f"{self.name} cannot be used: {p.colour} holds "
                              f"{p.crop_total} crop(s), and the compensation is {JUDGE_FEE}")
        if step.victim == p.colour:
            raise IllegalStep(self.rule, f"{self.name} takes a tile from another player's "
                              f"board, not from {p.colour}'s own")
        if not state.has_player(step.victim):
            raise IllegalStep(self.rule, f"{step.victim} is not playing")
        victim = state.player(step.victim)
        if step.tile not in victim.tiles:
            raise IllegalStep(self.rule, f"{step.tile} is not a field tile on "
                              f"{victim.colour}'s board")
        if not is_lonely(state, victim, step.tile):
            raise IllegalStep("D.5", f"{step.tile} on {victim.colour}'s board is not lonely: "
                              "it has an adjacent field tile")
        pay = check_crops(step.pay, self.rule)
        if sum(pay) != JUDGE_FEE:
            raise IllegalStep("I.14", f"the compensation is exactly {JUDGE_FEE} crops, not "
                              f"{sum(pay)} ({' '.join(step.pay)!r})")
        check_can_pay(p, pay, "I.14", f"{step.tile}")
        state.touch(p.screen)
        state.touch(victim.screen)
        move_crops(p.screen, victim.screen, pay)
        state.touch(victim.tiles)
        del victim.tiles[step.tile]
        place_tile(state, p, step.tile)

    def uses(self, state: State, p: PlayerState) -> Iterator[Step]:
        pays = _payments(p.screen, JUDGE_FEE)
        for q in state.players:
            if q is p:
                continue
            for r in state.board.references:
                if is_lonely(state, q, r):
                    for pay in pays:
                        yield Claim(p.colour, r, q.colour, pay)


# -- J: the Notary --------------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class NotaryFrame(AbilityFrame):
    """J: copy the ability of another worker on the player's board, resolved as if that
    worker had just been placed on its space (D.4, I.15). Copying F makes it mandatory."""

    steps = (Copy,)

    def use(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Copy)
        if step.worker == self.worker:
            raise IllegalStep("I.15", f"the Notary cannot copy itself ({step.worker!r})")
        space = p.worker_space(step.worker)
        if space is None:
            raise IllegalStep("I.15", f"worker {step.worker} is not on {p.colour}'s board")
        factory = ABILITIES.get(step.worker)
        frame = factory(state, p.colour, step.worker, space) if factory else None
        if isinstance(frame, AbilityFrame):
            frame.via = self.worker
        if frame is not None:
            state.stack.append(frame)

    def uses(self, state: State, p: PlayerState) -> Iterator[Step]:
        for letter in sorted(p.workers.values()):
            if letter != self.worker:
                yield Copy(p.colour, letter)


# -- K: the Merchant ------------------------------------------------------------------------
class MerchantPhase(StrEnum):
    """Where the Merchant's use stands (``MerchantFrame.phase``)."""

    OFFER = "offer"  # accept or pass
    DRAW = "draw"  # a HandDrawFrame runs
    REGISTRY = "registry"  # I.35 only: pick a registry tile
    HAND = "hand"  # place or fallow the tile in hand
    EVENTS = "events"  # I.35 only: place the set-aside events


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class MerchantFrame(AbilityFrame):
    """K: draw from the bag under the set-aside rule (E.2); the field tile drawn goes to the
    board or the fallow. When the bag yields no field tile the player may take a registry
    tile instead, or none (``Pass``), with no refill, and then the set-aside events are
    placed (D.4, I.16, I.35). The Merchant may be used whenever the bag holds any tile, or
    the registry a tile to take (I.35).

    Phases: ``offer`` (accept or pass) → ``draw`` (a HandDrawFrame runs) → ``registry``
    (I.35 only, and only if the registry holds a tile: pick one, or pass) → ``hand``
    (place or fallow the tile in hand) → ``events`` (I.35 only: place the set-aside
    events) → done.
    """

    steps = (Accept,)
    fields = saved(phase=one_of(MerchantPhase),
              hand_mark=COUNT, aside_mark=COUNT, aside=EVENTS,
              tile=optional(SPACE))

    def __init__(self, player: str, worker: str, space: str, via: str | None = None) -> None:
        super().__init__(player, worker, space, via)
        self.phase = MerchantPhase.OFFER
        self.hand_mark = 0  # len(state.in_hand) before the draw
        self.aside_mark = 0  # len(state.set_aside) before the draw
        self.aside: list[str] = []  # events this draw left set aside (I.35)
        self.tile: str | None = None  # the tile in hand

    def settle(self, state: State) -> Pending | None | object:
        if self.done:
            return None
        if self.phase == MerchantPhase.DRAW:
            if len(state.in_hand) > self.hand_mark:
                self.tile = state.in_hand[-1]
                self.phase = MerchantPhase.HAND
            else:  # the bag holds no field tile (I.16, I.35)
                self.aside = state.set_aside[self.aside_mark:]
                self.phase = MerchantPhase.REGISTRY if state.registry else MerchantPhase.EVENTS
        if self.phase == MerchantPhase.EVENTS:
            self.done = True
            if self.aside:
                state.stack.append(PlaceEventsFrame(self.aside, self.player))
                self.aside = []
                return CONTINUE
            return None
        if self.phase == MerchantPhase.REGISTRY:
            return PENDING[PendingKind.CHOICE, self.player, "I.35",
                           "to take a registry tile or pass (the bag holds no field tile)",
                           self.worker]
        if self.phase == MerchantPhase.HAND:
            return PENDING[PendingKind.CHOICE, self.player, self.rule,
                           f"to place {self.tile} on the board or send it to the fallow",
                           self.worker]
        return super().settle(state)

    def apply(self, state: State, step: Step) -> None:
        p = state.player(self.player)
        if self.phase == MerchantPhase.OFFER:
            if isinstance(step, Pass):
                self.done = True
                return
            if isinstance(step, Pick):
                where = ("the bag still holds a field tile" if state.bag_has_field_tile()
                         else "accept first: the bag is drawn empty before (I.35)")
                raise IllegalStep("I.35", f"{self.name} takes a registry tile only when the "
                                  f"bag yields no field tile: {where}")
            expect(step, self.steps, self.rule, f"the use of {self.name} or pass")
            self.use(state, p, step)
            return
        if self.phase == MerchantPhase.REGISTRY:
            if type(step) is Pass:  # "may take": none at all (I.35)
                self.phase = MerchantPhase.EVENTS
                return
            self.tile = take_from_registry(state, step, "a registry tile to take, or pass",
                                           "the registry tile is taken without payment")
            state.touch(state.in_hand)
            state.in_hand.append(self.tile)
            self.phase = MerchantPhase.HAND
            return
        expect(step, (Place, Fallow), self.rule, f"placing {self.tile} or sending it to "
               "the fallow")
        assert isinstance(step, (Place, Fallow))
        if step.tile != self.tile:
            raise IllegalStep(self.rule, f"the tile in hand is {self.tile}, not {step.tile}")
        state.touch(state.in_hand)
        state.in_hand.remove(step.tile)
        self.phase = MerchantPhase.EVENTS
        if isinstance(step, Fallow):
            state.touch(state.fallow)
            state.fallow.append(step.tile)
        else:
            place_tile(state, p, step.tile)  # a displaced worker comes first (I.34)

    def use(self, state: State, p: PlayerState, step: Step) -> None:
        if not state.bag_count and not state.registry:
            raise IllegalStep("I.35", f"{self.name} cannot be used: the bag is empty and the "
                              "registry holds no tile")
        self.hand_mark = len(state.in_hand)
        self.aside_mark = len(state.set_aside)
        self.phase = MerchantPhase.DRAW
        state.stack.append(HandDrawFrame(p.colour, "the Merchant's (K) draw"))

    lists_by_sections = False  # its own listing, below

    def legal(self, state: State) -> Iterator[Step]:
        c = self.player
        if self.phase == MerchantPhase.OFFER:
            yield Pass(c)
            if state.bag_count or state.registry:
                yield Accept(c)
        elif self.phase == MerchantPhase.REGISTRY:
            yield Pass(c)
            for tile in state.registry:
                yield Pick(c, tile)
        elif self.phase == MerchantPhase.HAND and self.tile is not None:
            yield Place(c, self.tile)
            yield Fallow(c, self.tile)

    def uses(self, state: State, p: PlayerState) -> Iterator[Step]:  # pragma: no cover
        return iter(())


# -- L: the Benefactor ----------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class BenefactorFrame(AbilityFrame):
    """L: a registry tile onto the board for free, then a refill (D.4); events drawn are
    resolved, or set aside inside an event (I.19). A worker the tile displaces is re-placed
    before the refill (I.34)."""

    steps = (Pick,)

    def use(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Pick)
        if not state.registry:
            raise IllegalStep(self.rule, f"{self.name} cannot be used: the registry is empty")
        if step.pay:
            raise IllegalStep(self.rule, f"{self.name} takes the tile for free: no payment "
                              f"({' '.join(step.pay)!r})")
        if step.tile not in state.registry:
            raise IllegalStep(self.rule, f"{step.tile} is not in the registry")
        state.touch(state.registry)
        state.registry.remove(step.tile)
        state.stack.append(RefillFrame(p.colour, 1, set_aside=resolving_event(state)))
        place_tile(state, p, step.tile)  # its DisplacedFrame goes above the refill (I.34)

    def uses(self, state: State, p: PlayerState) -> Iterator[Step]:
        for tile in state.registry:
            yield Pick(p.colour, tile)


FRAMES: dict[str, type[AbilityFrame]] = {
    "A": SpecialHarvestFrame, "B": SpecialHarvestFrame, "C": GainFrame, "D": FlipFrame,
    "E": OpponentBuyFrame, "F": StewardFrame, "G": OpponentBuyFrame, "H": ShopkeeperFrame,
    "I": JudgeFrame, "J": NotaryFrame, "K": MerchantFrame, "L": BenefactorFrame,
}


def _factory(cls: type[AbilityFrame]) -> Callable[[State, str, str, str], Frame]:
    def make(state: State, colour: str, letter: str, space: str) -> Frame:
        return cls(colour, letter, space)
    return make


for _letter, _cls in FRAMES.items():
    ABILITIES[_letter] = _factory(_cls)
