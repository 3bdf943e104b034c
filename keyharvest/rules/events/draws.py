"""Events that draw from the bag under the set-aside rule (RULES.md E.2, E.3): M Blind Swap,
Q Lucky Dip, S New Supply, T Sale, W Replacement.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ...errors import IllegalStep
from ...model.state import Pending, PlayerState, State
from ...model.steps import (
    Fallow,
    Pass,
    Pay,
    Pick,
    Step,
    maker,
)
from ..bag import RefillFrame
from ..crops import check_can_pay, check_crops, has, move_crops
from ..engine import (
    CONTINUE,
    COUNT,
    SPACE,
    expect,
    mypyc_attr,
    no_step,
    one_of,
    optional,
    saved,
)
from ..memo import fallow_steps, pass_of, pay_steps
from ..placement import (
    place_tile,
    register_events,
    take_from_registry,
)
from .base import (
    DrawingFrame,
    EventFrame,
    OneAnswerFrame,
    Phase,
    mandatory_error,
    payment_choices,
)

# The steps the listings build, made by ``steps.maker``
_make_pick = maker(Pick)


# -- M: Blind Swap ------------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class BlindSwapFrame(DrawingFrame):
    """M (bell): fallow a board tile and draw one, which must be placed (E.3, I.21)."""

    letter = "M"
    what = "a tile to the fallow, or pass"

    def settle(self, state: State) -> Pending | None | object:
        if self.phase == Phase.DRAWN:
            p = self.who(state)
            tile = self.drawn(state)
            self.advance()
            if tile is not None:
                state.touch(state.in_hand)
                state.in_hand.remove(tile)
                place_tile(state, p, tile)
            else:  # I.21: the discarded tile stays on the fallow, nothing is received
                self.place_set_aside(state, p)
            return CONTINUE
        return None if self.finished else self.ask(state, self.what)

    def apply(self, state: State, step: Step) -> None:
        if not isinstance(step, (Fallow, Pass)):
            expect(step, (Fallow, Pass), self.rule, f"{self.what} (event M)")
        if isinstance(step, Pass):
            self.advance()
            return
        assert isinstance(step, Fallow)
        p = self.who(state)
        if step.tile not in p.tiles:
            raise IllegalStep(self.rule, f"{step.tile} is not a field tile on {p.colour}'s "
                              "board")
        state.touch(p.tiles)
        del p.tiles[step.tile]
        state.touch(state.fallow)
        state.fallow.append(step.tile)
        self.draw(state, p)

    lists_by_sections = True
    lists_counted = True

    def counted(self, state: State) -> tuple[Step, int, Callable[[int], Step]]:
        """Pass, then each board tile to the fallow (see ``Frame.lists_counted``,
        ``rules.legal_view``)."""
        p = self.who(state)
        c = p.colour
        tiles = sorted(p.tiles)
        return pass_of(c), len(tiles), lambda i: fallow_steps[c, tiles[i]]


# -- Q: Lucky Dip ---------------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class LuckyDipFrame(DrawingFrame):
    """Q (bell): pay 2 crops, draw a field tile and place it; with no field tile in the
    bag, take a registry tile instead, then place the set-aside events (E.3, I.16, I.35,
    I.48)."""

    letter = "Q"
    fields = saved(phase=one_of(Phase, Phase.NEW, Phase.DRAWN, Phase.PICK, Phase.EVENTS))
    what = "2 crops to pay for a draw, or pass"

    def settle(self, state: State) -> Pending | None | object:
        p = self.who(state) if not self.finished else None
        if self.phase == Phase.DRAWN:
            assert p is not None
            tile = self.drawn(state)
            if tile is not None:
                state.touch(state.in_hand)
                state.in_hand.remove(tile)
                self.advance()
                place_tile(state, p, tile)
                return CONTINUE
            self.phase = Phase.PICK if state.registry else Phase.EVENTS
        if self.phase == Phase.PICK:
            return self.ask(state, "to take a registry tile (I.35)")
        if self.phase == Phase.EVENTS:
            assert p is not None
            self.advance()
            self.place_set_aside(state, p)
            return CONTINUE
        return None if self.finished else self.ask(state, self.what)

    def apply(self, state: State, step: Step) -> None:
        p = self.who(state)
        if self.phase == Phase.PICK:
            tile = take_from_registry(state, step, "a registry tile to take (event Q)",
                                      "the registry tile of Q is already paid for")
            self.phase = Phase.EVENTS
            place_tile(state, p, tile)  # a displaced worker comes first (I.34)
            return
        if not isinstance(step, (Pay, Pass)):
            expect(step, (Pay, Pass), self.rule, f"{self.what} (event Q)")
        if isinstance(step, Pass):
            self.advance()
            return
        assert isinstance(step, Pay)
        pay = check_crops(step.crops, self.rule)
        if sum(pay) != 2:
            raise IllegalStep(self.rule, f"Q costs 2 crops, not {len(step.crops)}")
        check_can_pay(p, pay, self.rule, "a draw under Q")
        if not state.bag_has_field_tile() and not state.registry:
            raise IllegalStep("I.48", "no field tile can be had: the bag holds none and the "
                              "registry is empty")
        state.touch(p.screen)
        state.touch(state.stock)
        move_crops(p.screen, state.stock, pay)
        self.draw(state, p)

    lists_by_sections = True
    lists_counted = True

    def counted(self, state: State) -> tuple[Step | None, int, Callable[[int], Step]]:
        """Each registry tile to take (I.35); else pass, then each payment of
        ``payment_choices`` while a field tile can be had (see ``Frame.lists_counted``)."""
        p = self.who(state)
        c = p.colour
        if self.phase == Phase.PICK:
            registry = list(state.registry)
            return None, len(registry), lambda i: _make_pick(c, (registry[i], ()), None)
        if not (state.registry or state.bag_has_field_tile()):
            return pass_of(c), 0, no_step  # no answer but the pass
        pays = payment_choices(p, 2)
        return pass_of(c), len(pays), lambda i: pay_steps[c, pays[i]]


# -- S: New Supply --------------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class NewSupplyFrame(EventFrame):
    """S (scroll, drawer only): the registry goes back to the bag and the drawer draws as
    many field tiles under the set-aside rule; no answer is asked (E.3, I.17)."""

    letter = "S"
    fields = saved(phase=one_of(Phase, Phase.NEW, Phase.REFILL))

    def settle(self, state: State) -> Pending | None | object:
        if self.phase:
            return None
        self.phase = Phase.REFILL
        k = len(state.registry)
        state.touch(state.bag)
        state.bag.update(state.registry)
        state.touch(state.registry)
        state.registry.clear()
        if k:
            state.stack.append(RefillFrame(self.drawer, k, set_aside=True,
                                           purpose="new supply (event S)"))
        return CONTINUE

    def apply(self, state: State, step: Step) -> None:  # pragma: no cover - never pending
        raise IllegalStep(self.rule, "event S asks nothing")

    def legal(self, state: State) -> Iterator[Step]:  # pragma: no cover - never pending
        return iter(())


# -- T: Sale --------------------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class SaleFrame(OneAnswerFrame):
    """T (bell): pay 3 crops for a registry tile placed on the board; one refill of the
    tiles taken after everyone answered, under the set-aside rule (E.3, I.17, I.48)."""

    letter = "T"
    answer_types = (Pick,)
    what = "a registry tile for 3 crops, or pass"
    fields = saved(phase=one_of(Phase, Phase.NEW, Phase.REFILL), taken=COUNT)

    def __init__(self, drawer: str, order: list[str]) -> None:
        super().__init__(drawer, order)
        self.taken = 0

    def settle(self, state: State) -> Pending | None | object:
        if not self.finished:
            return self.ask(state, self.what)
        if self.phase == Phase.REFILL:
            return None
        self.phase = Phase.REFILL
        if self.taken:
            state.stack.append(RefillFrame(self.drawer, self.taken, set_aside=True,
                                           purpose="sale refill (event T)"))
        return CONTINUE

    def answer(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Pick)
        pay = check_crops(step.pay, self.rule)
        if sum(pay) != 3:
            raise IllegalStep(self.rule, f"T costs 3 crops, not {len(step.pay)}")
        if step.tile not in state.registry:
            raise IllegalStep("I.48", f"{step.tile} is not in the registry")
        if not has(p.screen, pay):  # the message only when it is needed
            check_can_pay(p, pay, self.rule, f"{step.tile} under T")
        state.touch(p.screen)
        state.touch(state.stock)
        move_crops(p.screen, state.stock, pay)
        state.touch(state.registry)
        state.registry.remove(step.tile)
        self.taken += 1
        place_tile(state, p, step.tile)

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """Each registry tile with each payment of ``payment_choices`` (two at most)."""
        pays = payment_choices(p, 3, limit=2)
        tiles = list(state.registry)
        colour = p.colour
        m = len(pays)
        return len(tiles) * m, lambda i: _make_pick(colour, (tiles[i // m], pays[i % m]), None)


# -- W: Replacement -------------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class ReplacementFrame(DrawingFrame):
    """W (scroll): draw a field tile, then fallow it, or fallow another board tile and
    place it (E.3, I.21, I.44). The draw is compulsory while the bag holds any tile: when
    it finds no field tile, the player draws the bag empty, setting the events aside, and
    they are placed and resolved, that player their drawer, before the next player answers
    (I.21, I.51). Only a player who finds the bag empty passes (I.21, I.37)."""

    letter = "W"
    fields = saved(phase=one_of(Phase, Phase.NEW, Phase.DRAWN, Phase.KEEP),
                   tile=optional(SPACE))

    def __init__(self, drawer: str, order: list[str]) -> None:
        super().__init__(drawer, order)
        self.tile: str | None = None

    def settle(self, state: State) -> Pending | None | object:
        if self.finished:
            return None
        p = self.who(state)
        if self.phase == Phase.NEW:
            if state.bag_count:  # a draw even from a bag of events only (I.21)
                self.draw(state, p)
                return CONTINUE
            return self.ask(state, "the bag is empty: pass (I.21)")
        if self.phase == Phase.DRAWN:
            self.tile = self.drawn(state)
            if self.tile is None:  # no field tile came: nothing to place (I.21)
                self.advance()
                self.place_set_aside(state, p)
                return CONTINUE
            self.phase = Phase.KEEP
        return self.ask(state, f"to fallow {self.tile}, or another tile to place {self.tile}")

    def apply(self, state: State, step: Step) -> None:
        p = self.who(state)
        if self.phase == Phase.NEW:
            expect(step, (Pass,), "I.21", "pass: the bag is empty (event W)")
            self.advance()
            return
        if isinstance(step, Pass):
            raise mandatory_error("W", p.colour, f"it must fallow {self.tile} or another tile")
        expect(step, (Fallow,), "I.44", f"a tile to the fallow (event W, drawn {self.tile})")
        assert isinstance(step, Fallow) and self.tile is not None
        drawn = self.tile
        if step.tile != drawn and step.tile not in p.tiles:
            raise IllegalStep("I.44", f"{step.tile} is neither the drawn tile {drawn} nor a "
                              f"field tile on {p.colour}'s board")
        state.touch(state.in_hand)
        state.in_hand.remove(drawn)
        self.tile = None
        self.advance()
        if step.tile == drawn:
            state.touch(state.fallow)
            state.fallow.append(drawn)
            return
        state.touch(p.tiles)
        del p.tiles[step.tile]
        state.touch(state.fallow)
        state.fallow.append(step.tile)
        place_tile(state, p, drawn)  # a displaced worker is re-placed last (I.44)

    lists_by_sections = True
    lists_counted = True

    def counted(self, state: State) -> tuple[Step, int, Callable[[int], Step]]:
        """Pass when the bag is empty; else fallowing the drawn tile, then each board tile
        (see ``Frame.lists_counted``, ``rules.legal_view``)."""
        p = self.who(state)
        c = p.colour
        if self.phase == Phase.NEW:
            return pass_of(c), 0, no_step  # no step but the pass
        assert self.tile is not None
        tiles = sorted(p.tiles)
        return (fallow_steps[c, self.tile], len(tiles),
                lambda i: fallow_steps[c, tiles[i]])


register_events(BlindSwapFrame, LuckyDipFrame, NewSupplyFrame, SaleFrame, ReplacementFrame)
