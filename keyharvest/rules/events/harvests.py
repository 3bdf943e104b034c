"""Events that give crops or harvest (RULES.md E.3): P Bumper Harvest, R New Growth,
V Remote Harvest, Z Windfall.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from ...errors import IllegalStep
from ...model.catalogue import CROP_INDEX, CROPS
from ...model.state import Pending, PlayerState, State
from ...model.steps import (
    Flip,
    Gain,
    Grant,
    Harvest,
    Pass,
    Step,
    maker,
)
from ..crops import check_crops, counts, move_crops, show
from ..engine import expect, mypyc_attr, no_step, one_of, saved
from ..fields import check_fresh_tiles, default_instead, harvest_gains, is_lonely
from ..memo import pass_of
from ..placement import register_events
from .base import RULE, EventFrame, OneAnswerFrame, Phase, mandatory_error

# The steps the listings build, made by ``steps.maker``
_make_gain = maker(Gain)
_make_flip = maker(Flip)
_make_harvest = maker(Harvest)
_make_grant = maker(Grant)


# -- P: Bumper Harvest ----------------------------------------------------------------------
def _most_common(state: State, p: PlayerState) -> list[str]:
    """The crop types of which ``p`` has the most unharvested tiles (none if it has none)."""
    have = counts(state.board.crops[r] for r, harvested in p.tiles.items() if not harvested)
    top = max(have)
    return [c for c, k in zip(CROPS, have) if k == top] if top else []


def _in_stock(state: State, crops: list[str]) -> list[str]:
    """Those of ``crops`` that the stock still holds."""
    stock = state.stock
    return [c for c in crops if stock[CROP_INDEX[c]]]


def bumper_crops(state: State, p: PlayerState, most: list[str] | None = None) -> list[str]:
    """The crops ``p`` may take under P: a most-common type among its unharvested tiles
    still in the stock, or, when none of those is, any type in the stock (E.3, I.45).
    ``most`` is ``_most_common(state, p)`` when the caller has it."""
    if most is None:
        most = _most_common(state, p)
    if not most:
        return []
    return _in_stock(state, most) or [c for c, k in zip(CROPS, state.stock) if k]


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class BumperHarvestFrame(OneAnswerFrame):
    """P (bell): one crop of the type of most unharvested tiles (E.3, I.5, I.45)."""

    letter = "P"
    answer_types = (Gain,)
    what = "one crop of the most common unharvested type, or pass"

    def answer(self, state: State, p: PlayerState, step: Step) -> None:
        """The event's own conditions first (E.3), then the stock (I.5), then the shortage
        ruling (I.45): the order of I.54's crop table."""
        assert isinstance(step, Gain)
        gain = check_crops(step.crops, self.rule)
        most = _most_common(state, p)
        if not most:
            raise IllegalStep(RULE, f"{p.colour} has no unharvested tile: P gives nothing")
        if sum(gain) != 1:
            raise IllegalStep(self.rule, f"P gives one crop, not {len(step.crops)}")
        crop = step.crops[0]
        if not state.stock[CROP_INDEX[crop]]:
            empty = "" if any(state.stock) else ": the stock is empty"
            raise IllegalStep("I.5", f"the stock has no {crop} left{empty}")
        allowed = bumper_crops(state, p, most)
        if crop not in allowed:
            # I.45 when the stock lacks a most common type, E.3 when the tiles decide alone
            short = len(_in_stock(state, most)) < len(most)
            raise IllegalStep("I.45" if short else RULE, f"{p.colour} may take "
                              f"{' or '.join(allowed)} under P, not {crop}")
        state.touch(state.stock)
        state.touch(p.screen)
        move_crops(state.stock, p.screen, gain)

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """One crop of each type ``bumper_crops`` allows, in crop order."""
        crops = bumper_crops(state, p)
        colour = p.colour
        return len(crops), lambda i: _make_gain(colour, ((crops[i],),), None)


# -- R: New Growth --------------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class NewGrowthFrame(OneAnswerFrame):
    """R (bell): flip up to two harvested tiles back (E.3)."""

    letter = "R"
    answer_types = (Flip,)
    what = "up to 2 harvested tiles to flip back, or pass"

    def answer(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Flip)
        tiles = step.tiles
        if not tiles or len(tiles) > 2:
            raise IllegalStep(self.rule, f"R flips 1 or 2 tiles, not {len(tiles)}")
        if len(set(tiles)) != len(tiles):
            raise IllegalStep(self.rule, "a tile is named twice")
        for r in tiles:
            if r not in p.tiles:
                raise IllegalStep(self.rule, f"{r} is not a field tile on {p.colour}'s board")
            if not p.tiles[r]:
                raise IllegalStep(self.rule, f"{r} is not harvested")
        state.touch(p.tiles)
        for r in tiles:
            p.tiles[r] = False

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """Each harvested tile, then each pair of them (``itertools.combinations``'s
        order), the tiles sorted."""
        done = sorted(r for r, harvested in p.tiles.items() if harvested)
        colour = p.colour
        k = len(done)

        def flip(i: int) -> Step:
            tiles = (done[i],) if i < k else list(combinations(done, 2))[i - k]
            return _make_flip(colour, (tiles,), None)
        return k + k * (k - 1) // 2, flip


# -- V: Remote Harvest ----------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class RemoteHarvestFrame(OneAnswerFrame):
    """V (bell): harvest any lonely unharvested tiles, flipped (E.3, I.33, I.36)."""

    letter = "V"
    answer_types = (Harvest,)
    what = "lonely tiles to harvest, or pass"

    def answer(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Harvest)
        tiles = step.tiles
        check_fresh_tiles(p, tiles, "I.36", "the harvest names no tile (pass instead)")
        for r in tiles:
            if not is_lonely(state, p, r):
                raise IllegalStep("I.36", f"{r} is not lonely (D.5)")
        gained = harvest_gains(state, tiles, step.instead, self.rule)
        state.touch(p.tiles)
        for r in tiles:
            p.tiles[r] = True
        state.touch(state.stock)
        state.touch(p.screen)
        move_crops(state.stock, p.screen, gained)

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """All the lonely unharvested tiles together, then (if more than one) each alone,
        the tiles sorted."""
        # its lonely tiles (D.5, ``is_lonely``), as a set operation each
        own = p.tiles
        neighbours = state.board.neighbours
        fresh = sorted([r for r, h in own.items() if not h and own.keys().isdisjoint(
            neighbours[r])])
        choices: list[tuple[str, ...]] = []
        if fresh:
            choices.append(tuple(fresh))
            if len(fresh) > 1:
                choices += [(r,) for r in fresh]
        colour = p.colour

        def harvest(i: int) -> Step:
            tiles = choices[i]
            return _make_harvest(colour, (tiles, default_instead(state, tiles)), None)
        return len(choices), harvest


# -- Z: Windfall ----------------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class WindfallFrame(EventFrame):
    """Z (scroll, drawer acts): the drawer gives every player one crop from the stock, in
    event order while the stock lasts (E.3, I.22, I.47)."""

    letter = "Z"
    fields = saved(phase=one_of(Phase, Phase.NEW, Phase.DONE))

    def settle(self, state: State) -> Pending | None | object:
        if self.phase:
            return None
        return self.ask(state, "to give every player one crop from the stock")

    def apply(self, state: State, step: Step) -> None:
        expect(step, (Grant, Pass), self.rule, "one crop for every player (event Z)")
        p = self.who(state)
        if isinstance(step, Pass):
            if any(state.stock):
                raise mandatory_error("Z", p.colour, "the stock holds crops to give")
            self.phase = Phase.DONE
            return
        assert isinstance(step, Grant)
        gifts = self._check(state, step.gifts)
        stock = state.stock
        state.touch(stock)
        for colour, crop in gifts:  # crops known and in the stock: checked by _check
            i = CROP_INDEX[crop]
            stock[i] -= 1
            screen = state.player(colour).screen
            state.touch(screen)
            screen[i] += 1
        self.phase = Phase.DONE

    def _check(self, state: State, gifts: tuple[tuple[str, str], ...]
               ) -> tuple[tuple[str, str], ...]:
        avail = list(state.stock)
        k = 0
        for colour in self.order:
            if not any(avail):
                break
            if k >= len(gifts):
                raise IllegalStep("I.47", f"{colour} gets no crop, but the stock still holds "
                                  f"{show(avail)}")
            who, crop = gifts[k]
            if who != colour:
                raise IllegalStep("I.47", f"the gifts go in event order: {colour} is next, "
                                  f"not {who}")
            i = CROP_INDEX.get(crop)
            if i is None:
                raise IllegalStep(self.rule, f"unknown crop {crop!r}")
            if not avail[i]:
                raise IllegalStep("I.22", f"the stock has no {crop} left for {colour}")
            avail[i] -= 1
            k += 1
        if k < len(gifts):
            who = gifts[k][0]
            raise IllegalStep("I.47", f"one crop for each player while the stock lasts: "
                              f"nothing is left for {who}")
        return gifts

    lists_by_sections = True
    lists_counted = True

    def counted(self, state: State) -> tuple[Step | None, int, Callable[[int], Step]]:
        """A pass when the stock is empty (I.37); else each different share-out: the
        players in event order, each given the first crop of ``CROPS`` still in the stock
        counted from one of the five (see ``Frame.lists_counted``, ``rules.legal_view``)."""
        colour = self.whose()
        stock = state.stock
        if not any(stock):
            return pass_of(colour), 0, no_step
        seen: dict[tuple[tuple[str, str], ...], None] = {}
        for first in range(len(CROPS)):
            avail = list(stock)
            gifts = []
            for who in self.order:
                if not any(avail):
                    break
                i = first if avail[first] else next(j for j, k in enumerate(avail) if k)
                avail[i] -= 1
                gifts.append((who, CROPS[i]))
            seen[tuple(gifts)] = None
        grants = list(seen)
        return None, len(grants), lambda i: _make_grant(colour, (grants[i],), None)


register_events(BumperHarvestFrame, NewGrowthFrame, RemoteHarvestFrame, WindfallFrame)
