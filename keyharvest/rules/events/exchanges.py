"""Events that trade between players or with the registry (RULES.md E.3): N Swap, O Gift,
U Registry Swap.
"""

from __future__ import annotations

from collections.abc import Callable

from ...errors import IllegalStep
from ...model.state import Pending, PlayerState, State
from ...model.steps import (
    Fallow,
    Give,
    Pass,
    Place,
    Step,
    Swap,
    maker,
)
from ..engine import SPACE, expect, mypyc_attr, no_step, one_of, optional, saved
from ..fields import is_lonely
from ..memo import give_steps, pass_of
from ..placement import place_tile, register_events
from .base import EventFrame, OneAnswerFrame, Phase, mandatory_error

# The steps the listings build, made by ``steps.maker``
_make_swap = maker(Swap)
_make_place = maker(Place)
_make_fallow = maker(Fallow)


# -- N: Swap --------------------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class SwapFrame(OneAnswerFrame):
    """N (bell): a board tile for another player's lonely tile (E.3, I.11, I.46)."""

    letter = "N"
    answer_types = (Swap,)
    what = "a swap of a board tile for another player's lonely tile, or pass"

    def answer(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Swap)
        if step.owner is None:
            raise IllegalStep(self.rule, "a swap under N names the player whose lonely tile "
                              "is taken ('from <colour>')")
        if not state.has_player(step.owner):
            raise IllegalStep(self.rule, f"{step.owner} is not playing")
        if step.owner == p.colour:
            raise IllegalStep(self.rule, "N swaps with another player, not with oneself")
        q = state.player(step.owner)
        if step.give not in p.tiles:
            raise IllegalStep(self.rule, f"{step.give} is not a field tile on {p.colour}'s "
                              "board")
        if step.take not in q.tiles:
            raise IllegalStep(self.rule, f"{step.take} is not a field tile on {q.colour}'s "
                              "board")
        if not is_lonely(state, q, step.take):
            raise IllegalStep(self.rule, f"{step.take} is not lonely on {q.colour}'s board "
                              "(D.5): only a lonely tile may be taken")
        state.touch(p.tiles)
        del p.tiles[step.give]
        state.touch(q.tiles)
        del q.tiles[step.take]
        # both tiles land before either worker is re-placed; the answering player first
        place_tile(state, q, step.give)
        place_tile(state, p, step.take)

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """Each lonely tile of the other players (D.5, ``is_lonely``), in seating order and
        then sorted, with each tile of the board, sorted: counted (the lonely tiles of each
        player by a map in C), and only the swap drawn is listed (listing every lonely tile
        of every player cost some 70,000 instructions a decision)."""
        at = state.board.neighbours.__getitem__
        lonely: list[tuple[PlayerState, int]] = []  # (a player, its lonely tiles)
        takes = 0
        for q in state.players:
            if q is not p:
                own = q.tiles.keys()
                k = sum(map(own.isdisjoint, map(at, own)))
                if k:
                    lonely.append((q, k))
                    takes += k
        per_take = len(p.tiles)
        colour = p.colour

        def swap(i: int) -> Step:
            j = i // per_take
            for q, k in lonely:
                if j < k:
                    own = q.tiles.keys()
                    take = sorted([r for r in own if own.isdisjoint(at(r))])[j]
                    return _make_swap(colour, (sorted(p.tiles)[i % per_take], take, q.colour),
                                      None)
                j -= k
            raise IndexError(i)  # pragma: no cover - i below the swaps counted

        return takes * per_take, swap


# -- O: Gift --------------------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class GiftFrame(EventFrame):
    """O (scroll): each player gives a tile to the left neighbour; a received tile that is
    not passed on is placed or fallowed before the next player gives (E.3, I.12, I.40).

    ``received`` is the tile the answering player got from the right (in ``state.in_hand``);
    ``kept`` is a received tile the player keeps and must place or fallow. ``i`` runs one
    past the last player: the drawer, receiving last, only places or fallows.
    """

    letter = "O"
    fields = saved(phase=one_of(Phase, Phase.NEW, Phase.KEEP), received=optional(SPACE),
                   kept=optional(SPACE))

    def __init__(self, drawer: str, order: list[str]) -> None:
        super().__init__(drawer, order)
        self.received: str | None = None
        self.kept: str | None = None

    def settle(self, state: State) -> Pending | None | object:
        if self.phase == Phase.KEEP:
            return self.ask(state, f"to place or fallow the received tile {self.kept}")
        if self.i < len(self.order):
            return self.ask(state, "to give a tile to the left neighbour")
        if self.i == len(self.order) and self.received is not None:
            self.kept, self.received = self.received, None
            self.phase = Phase.KEEP
            return self.ask(state, f"to place or fallow the received tile {self.kept}")
        return None

    def apply(self, state: State, step: Step) -> None:
        p = self.who(state)
        if self.phase == Phase.KEEP:
            self._keep(state, p, step)
        else:
            self._give(state, p, step)

    def _give(self, state: State, p: PlayerState, step: Step) -> None:
        expect(step, (Give, Pass), self.rule, "a tile to give to the left neighbour (event O)")
        if isinstance(step, Pass):
            if p.tiles or self.received is not None:
                raise mandatory_error("O", p.colour, "it has a tile to give")
            self.advance()  # I.12: nothing to give; the next player receives nothing
            return
        assert isinstance(step, Give)
        tile = step.tile
        if tile == self.received:
            self.advance()  # passed on: the next player receives it
            return
        if tile not in p.tiles:
            where = (" (tiles in a store cannot be given)" if p.store_item(tile) else "")
            got = f" or the received {self.received}" if self.received else ""
            raise IllegalStep(self.rule, f"{p.colour} can give a tile of its board{got}; "
                              f"{tile} is neither{where}")
        state.touch(p.tiles)
        del p.tiles[tile]
        state.touch(state.in_hand)
        state.in_hand.append(tile)
        kept, self.received = self.received, tile
        if kept is None:
            self.advance()
        else:
            self.kept = kept
            self.phase = Phase.KEEP

    def _keep(self, state: State, p: PlayerState, step: Step) -> None:
        expect(step, (Place, Fallow), "I.40",
               f"placing or fallowing the received tile {self.kept} (event O)")
        assert isinstance(step, (Place, Fallow)) and self.kept is not None
        if step.tile != self.kept:
            raise IllegalStep("I.40", f"{p.colour} kept {self.kept}, not {step.tile}")
        tile = self.kept
        state.touch(state.in_hand)
        state.in_hand.remove(tile)
        self.kept = None
        self.advance()
        if isinstance(step, Fallow):
            state.touch(state.fallow)
            state.fallow.append(tile)
        else:
            place_tile(state, p, tile)

    lists_by_sections = True
    lists_counted = True

    def counted(self, state: State) -> tuple[Step | None, int, Callable[[int], Step]]:
        """Placing or fallowing the tile kept; else the tile received and each board tile
        to give, or pass when there is none (see ``Frame.lists_counted``,
        ``rules.legal_view``)."""
        p = self.who(state)
        c = p.colour
        kept = self.kept
        if self.phase == Phase.KEEP:
            assert kept is not None
            return _make_place(c, (kept,), None), 1, lambda i: _make_fallow(c, (kept,), None)
        gifts = sorted(p.tiles)
        if self.received is not None:
            gifts.insert(0, self.received)
        if not gifts:
            return pass_of(c), 0, no_step
        return None, len(gifts), lambda i: give_steps[c, gifts[i]]


# -- U: Registry Swap -----------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class RegistrySwapFrame(OneAnswerFrame):
    """U (bell): a board tile for a registry tile (E.3, I.11, I.48)."""

    letter = "U"
    answer_types = (Swap,)
    what = "a swap of a board tile for a registry tile, or pass"

    def answer(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Swap)
        if step.owner is not None:
            raise IllegalStep(self.rule, f"U swaps with the registry, not with {step.owner}")
        if step.give not in p.tiles:
            raise IllegalStep(self.rule, f"{step.give} is not a field tile on {p.colour}'s "
                              "board")
        if step.take not in state.registry:
            raise IllegalStep(self.rule, f"{step.take} is not in the registry")
        state.touch(state.registry)
        state.registry[state.registry.index(step.take)] = step.give
        state.touch(p.tiles)
        del p.tiles[step.give]
        place_tile(state, p, step.take)

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """Each registry tile with each tile of the board, sorted: counted, and only the
        swap drawn is listed."""
        per_take = len(p.tiles)
        colour = p.colour
        registry = state.registry
        return len(registry) * per_take, lambda i: _make_swap(
            colour, (sorted(p.tiles)[i % per_take], registry[i // per_take], None), None)


register_events(SwapFrame, GiftFrame, RegistrySwapFrame)
