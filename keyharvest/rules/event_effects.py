"""The effects of events M–Z (RULES.md E.3), as frames registered in ``events.EFFECTS``.

An event placed on the track (``bag.place_event``) is resolved here, player by player: the
drawer first, then clockwise (E.1). Each answer is one step, asked with
``Pending("event", colour, rule="E.3", event=letter)``; an optional event (bell) accepts
``Pass``, a mandatory one (scroll: O, S, W, Z, I.20) only where the player has nothing to
give or draw (I.12, I.21, I.37). New Supply (S) asks nothing: the drawer's duty is automatic.

Tiles that events put on a board go through ``common.place_tile``, so a displaced worker is
re-placed (D.2) before the next player answers (I.34). Events that draw from the bag (M, Q,
S, T, W) do it under the set-aside rule (E.2) with ``bag.HandDrawFrame`` and
``bag.RefillFrame(set_aside=True)``; when the bag holds no field tile, the events a player
set aside are placed and resolved right after that player's draw (I.18, I.35, I.42, I.51).

This module does not decide when an event is drawn or where it lands on the track (that is
``bag``), and it knows nothing of notation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from ..catalogue import CROP_INDEX, CROPS
from ..errors import IllegalStep
from ..state import Pending, PlayerState, State, pending
from ..steps import (
    Fallow,
    Flip,
    Gain,
    Give,
    Grant,
    Harvest,
    Move,
    Pass,
    Pay,
    Pick,
    Place,
    Remove,
    Step,
    Swap,
    pass_of,
)
from .bag import HandDrawFrame, PlaceEventsFrame, RefillFrame
from .common import (
    check_can_pay,
    check_crops,
    check_fresh_tiles,
    counts,
    default_instead,
    harvest_gains,
    has,
    is_lonely,
    legal_spaces,
    move_crops,
    place_tile,
    placement_error,
    put_worker,
    send_back,
    show,
    take_from_registry,
)
from .engine import CONTINUE, Frame, expect, sectioned
from .events import EFFECTS

RULE = "E.3"


def _payments(p: PlayerState, k: int, limit: int = 4) -> list[tuple[str, ...]]:
    """Some payments of ``k`` crops that ``p`` can make (representatives, canonical order)."""
    held = [c for c, n in zip(CROPS, p.screen) for _ in range(min(n, k))]
    out = sorted(set(combinations(held, k)))
    if len(out) <= limit:
        return out
    step = len(out) / limit
    return [out[int(i * step)] for i in range(limit)]


def _mandatory(letter: str, colour: str, why: str) -> IllegalStep:
    return IllegalStep("I.37", f"event {letter} is mandatory (scroll): {colour} cannot pass, "
                       f"{why}")


class EventFrame(Frame):
    """An event being resolved: ``order`` holds the colours in event order (E.1), ``i`` the
    player answering now, ``phase`` where that player's answer stands ("" = not started)."""

    rule = RULE
    is_event = True
    letter = ""

    def __init__(self, drawer: str, order: list[str]) -> None:
        self.drawer = drawer
        self.order = list(order)
        self.i = 0
        self.phase = ""

    @classmethod
    def start(cls, state: State, letter: str, drawer: str) -> EventFrame:
        assert letter == cls.letter
        colours = [p.colour for p in state.players]
        i = colours.index(drawer)  # state.order_from(drawer), as colours
        return cls(drawer, colours[i:] + colours[:i])

    def who(self, state: State) -> PlayerState:
        order = self.order
        return state.player(order[self.i % len(order)])

    def ask(self, state: State, purpose: str = "") -> Pending:
        order = self.order
        colour = order[self.i % len(order)]  # who(state).colour
        return pending("event", colour, self.rule, purpose, None, self.letter)

    def advance(self) -> None:
        self.i += 1
        self.phase = ""

    @property
    def finished(self) -> bool:
        return self.i >= len(self.order)


class OneAnswerFrame(EventFrame):
    """An optional event where each player gives one answer of ``answer_types`` or passes."""

    answer_types: tuple[type[Step], ...] = ()
    what = ""

    def settle(self, state: State) -> Pending | None | object:
        return None if self.i >= len(self.order) else self.ask(state, self.what)

    def apply(self, state: State, step: Step) -> None:
        if type(step) is not Pass:
            if not isinstance(step, self.answer_types):
                expect(step, (Pass, *self.answer_types), self.rule,
                       f"{self.what} (event {self.letter})")
            self.answer(state, self.who(state), step)  # checks first, then changes
        self.i += 1  # advance(), inlined
        self.phase = ""

    legal = sectioned

    def sections(self, state: State) -> list[tuple[int, Callable[[int], Step]]]:
        """Pass, then the answers (see ``rules.legal_view``)."""
        p = self.who(state)
        return [(1, lambda i: pass_of(p.colour)), self.counted_answers(state, p)]

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """How many answers ``answers`` lists, and a function giving the i-th; frames with
        long listings count them without building them."""
        steps = list(self.answers(state, p))
        return len(steps), steps.__getitem__

    def answer(self, state: State, p: PlayerState, step: Step) -> None:
        raise NotImplementedError

    def answers(self, state: State, p: PlayerState) -> Iterator[Step]:
        n, nth = self.counted_answers(state, p)
        return (nth(i) for i in range(n))


class DrawingFrame(EventFrame):
    """Shared by M, Q and W: a player draws one field tile into the hand (E.2)."""

    def __init__(self, drawer: str, order: list[str]) -> None:
        super().__init__(drawer, order)
        self.hand = 0  # len(state.in_hand) before the draw
        self.aside = 0  # len(state.set_aside) before the draw

    def draw(self, state: State, p: PlayerState) -> None:
        self.hand = len(state.in_hand)
        self.aside = len(state.set_aside)
        self.phase = "drawn"
        state.stack.append(HandDrawFrame(p.colour, f"{p.colour} draws for event {self.letter}"))

    def drawn(self, state: State) -> str | None:
        """The field tile the draw put in the hand, if any (it stays in the hand)."""
        return state.in_hand[self.hand] if len(state.in_hand) > self.hand else None

    def place_set_aside(self, state: State, p: PlayerState) -> None:
        """The bag held no field tile: this player's set-aside events are placed and resolved,
        in the order drawn (I.18, I.51)."""
        letters = state.set_aside[self.aside:]
        if letters:
            state.stack.append(PlaceEventsFrame(letters, p.colour))


# -- M: Blind Swap ------------------------------------------------------------------------
class BlindSwapFrame(DrawingFrame):
    """M (bell): fallow a board tile and draw one, which must be placed (E.3, I.21)."""

    letter = "M"
    what = "a tile to the fallow, or pass"

    def settle(self, state: State) -> Pending | None | object:
        if self.phase == "drawn":
            p = self.who(state)
            tile = self.drawn(state)
            self.advance()
            if tile is not None:
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
        del p.tiles[step.tile]
        state.fallow.append(step.tile)
        self.draw(state, p)

    def legal(self, state: State) -> Iterator[Step]:
        p = self.who(state)
        yield Pass(p.colour)
        for ref in sorted(p.tiles):
            yield Fallow(p.colour, ref)


# -- N: Swap --------------------------------------------------------------------------------
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
        del p.tiles[step.give]
        del q.tiles[step.take]
        # both tiles land before either worker is re-placed; the answering player first
        place_tile(state, q, step.give)
        place_tile(state, p, step.take)

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        gives = sorted(p.tiles)
        takes = [(take, q.colour) for q in state.players if q is not p
                 for take in sorted(r for r in q.tiles if is_lonely(state, q, r))]
        per_take = len(gives)
        return len(takes) * per_take, lambda i: Swap(
            p.colour, gives[i % per_take], *takes[i // per_take])


# -- O: Gift --------------------------------------------------------------------------------
class GiftFrame(EventFrame):
    """O (scroll): each player gives a tile to the left neighbour; a received tile that is
    not passed on is placed or fallowed before the next player gives (E.3, I.12, I.40).

    ``received`` is the tile the answering player got from the right (in ``state.in_hand``);
    ``kept`` is a received tile the player keeps and must place or fallow. ``i`` runs one
    past the last player: the drawer, receiving last, only places or fallows.
    """

    letter = "O"

    def __init__(self, drawer: str, order: list[str]) -> None:
        super().__init__(drawer, order)
        self.received: str | None = None
        self.kept: str | None = None

    def settle(self, state: State) -> Pending | None | object:
        if self.phase == "keep":
            return self.ask(state, f"to place or fallow the received tile {self.kept}")
        if self.i < len(self.order):
            return self.ask(state, "to give a tile to the left neighbour")
        if self.i == len(self.order) and self.received is not None:
            self.kept, self.received = self.received, None
            self.phase = "keep"
            return self.ask(state, f"to place or fallow the received tile {self.kept}")
        return None

    def apply(self, state: State, step: Step) -> None:
        p = self.who(state)
        if self.phase == "keep":
            self._keep(state, p, step)
        else:
            self._give(state, p, step)

    def _give(self, state: State, p: PlayerState, step: Step) -> None:
        expect(step, (Give, Pass), self.rule, "a tile to give to the left neighbour (event O)")
        if isinstance(step, Pass):
            if p.tiles or self.received is not None:
                raise _mandatory("O", p.colour, "it has a tile to give")
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
        del p.tiles[tile]
        state.in_hand.append(tile)
        kept, self.received = self.received, tile
        if kept is None:
            self.advance()
        else:
            self.kept = kept
            self.phase = "keep"

    def _keep(self, state: State, p: PlayerState, step: Step) -> None:
        expect(step, (Place, Fallow), "I.40",
               f"placing or fallowing the received tile {self.kept} (event O)")
        assert isinstance(step, (Place, Fallow)) and self.kept is not None
        if step.tile != self.kept:
            raise IllegalStep("I.40", f"{p.colour} kept {self.kept}, not {step.tile}")
        tile = self.kept
        state.in_hand.remove(tile)
        self.kept = None
        self.advance()
        if isinstance(step, Fallow):
            state.fallow.append(tile)
        else:
            place_tile(state, p, tile)

    def legal(self, state: State) -> Iterator[Step]:
        p = self.who(state)
        if self.phase == "keep":
            assert self.kept is not None
            yield Place(p.colour, self.kept)
            yield Fallow(p.colour, self.kept)
            return
        if self.received is not None:
            yield Give(p.colour, self.received)
        for ref in sorted(p.tiles):
            yield Give(p.colour, ref)
        if not p.tiles and self.received is None:
            yield Pass(p.colour)


# -- P: Bumper Harvest ----------------------------------------------------------------------
def _most_common(state: State, p: PlayerState) -> list[str]:
    """The crop types of which ``p`` has the most unharvested tiles (none if it has none)."""
    have = counts(state.board.crops[r] for r, harvested in p.tiles.items() if not harvested)
    top = max(have)
    return [c for c, k in zip(CROPS, have) if k == top] if top else []


def _most_common_in_stock(state: State, p: PlayerState) -> list[str]:
    return [c for c in _most_common(state, p) if state.stock[CROP_INDEX[c]]]


def bumper_crops(state: State, p: PlayerState) -> list[str]:
    """The crops ``p`` may take under P: a most-common type among its unharvested tiles
    still in the stock, or, when none of those is, any type in the stock (E.3, I.45)."""
    if not _most_common(state, p):
        return []
    return _most_common_in_stock(state, p) or [c for c, k in zip(CROPS, state.stock) if k]


class BumperHarvestFrame(OneAnswerFrame):
    """P (bell): one crop of the type of most unharvested tiles (E.3, I.5, I.45)."""

    letter = "P"
    answer_types = (Gain,)
    what = "one crop of the most common unharvested type, or pass"

    def answer(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Gain)
        gain = check_crops(step.crops, self.rule)
        if sum(gain) != 1:
            raise IllegalStep(self.rule, f"P gives one crop, not {len(step.crops)}")
        crop = step.crops[0]
        allowed = bumper_crops(state, p)
        if crop not in allowed:
            if not allowed:
                raise IllegalStep(self.rule, f"{p.colour} has no unharvested tile (or the "
                                  "stock is empty): P gives nothing")
            # I.45 when the stock decides (a shortage), E.3 when the tiles do
            short = not state.stock[CROP_INDEX[crop]] or not _most_common_in_stock(state, p)
            raise IllegalStep("I.45" if short else RULE, f"{p.colour} may take "
                              f"{' or '.join(allowed)} under P, not {crop}")
        move_crops(state.stock, p.screen, gain)

    def answers(self, state: State, p: PlayerState) -> Iterator[Step]:
        for crop in bumper_crops(state, p):
            yield Gain(p.colour, (crop,))


# -- Q: Lucky Dip ---------------------------------------------------------------------------
class LuckyDipFrame(DrawingFrame):
    """Q (bell): pay 2 crops, draw a field tile and place it; with no field tile in the
    bag, take a registry tile instead, then place the set-aside events (E.3, I.16, I.35,
    I.48)."""

    letter = "Q"
    what = "2 crops to pay for a draw, or pass"

    def settle(self, state: State) -> Pending | None | object:
        p = self.who(state) if not self.finished else None
        if self.phase == "drawn":
            assert p is not None
            tile = self.drawn(state)
            if tile is not None:
                state.in_hand.remove(tile)
                self.advance()
                place_tile(state, p, tile)
                return CONTINUE
            self.phase = "pick" if state.registry else "events"
        if self.phase == "pick":
            return self.ask(state, "to take a registry tile (I.35)")
        if self.phase == "events":
            assert p is not None
            self.advance()
            self.place_set_aside(state, p)
            return CONTINUE
        return None if self.finished else self.ask(state, self.what)

    def apply(self, state: State, step: Step) -> None:
        p = self.who(state)
        if self.phase == "pick":
            tile = take_from_registry(state, step, "a registry tile to take (event Q)",
                                      "the registry tile of Q is already paid for")
            self.phase = "events"
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
        move_crops(p.screen, state.stock, pay)
        self.draw(state, p)

    def legal(self, state: State) -> Iterator[Step]:
        p = self.who(state)
        if self.phase == "pick":
            for ref in state.registry:
                yield Pick(p.colour, ref)
            return
        yield Pass(p.colour)
        if state.bag_has_field_tile() or state.registry:
            for pay in _payments(p, 2):
                yield Pay(p.colour, pay)


# -- R: New Growth --------------------------------------------------------------------------
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
        for r in tiles:
            p.tiles[r] = False

    def answers(self, state: State, p: PlayerState) -> Iterator[Step]:
        done = sorted(r for r, harvested in p.tiles.items() if harvested)
        for r in done:
            yield Flip(p.colour, (r,))
        for pair in combinations(done, 2):
            yield Flip(p.colour, pair)


# -- S: New Supply --------------------------------------------------------------------------
class NewSupplyFrame(EventFrame):
    """S (scroll, drawer only): the registry goes back to the bag and the drawer draws as
    many field tiles under the set-aside rule; no answer is asked (E.3, I.17)."""

    letter = "S"

    def settle(self, state: State) -> Pending | None | object:
        if self.phase:
            return None
        self.phase = "refill"
        k = len(state.registry)
        state.bag.update(state.registry)
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
class SaleFrame(OneAnswerFrame):
    """T (bell): pay 3 crops for a registry tile placed on the board; one refill of the
    tiles taken after everyone answered, under the set-aside rule (E.3, I.17, I.48)."""

    letter = "T"
    answer_types = (Pick,)
    what = "a registry tile for 3 crops, or pass"

    def __init__(self, drawer: str, order: list[str]) -> None:
        super().__init__(drawer, order)
        self.taken = 0

    def settle(self, state: State) -> Pending | None | object:
        if not self.finished:
            return self.ask(state, self.what)
        if self.phase == "refill":
            return None
        self.phase = "refill"
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
        move_crops(p.screen, state.stock, pay)
        state.registry.remove(step.tile)
        self.taken += 1
        place_tile(state, p, step.tile)

    def answers(self, state: State, p: PlayerState) -> Iterator[Step]:
        pays = _payments(p, 3, limit=2)
        for ref in state.registry:
            for pay in pays:
                yield Pick(p.colour, ref, pay)


# -- U: Registry Swap -----------------------------------------------------------------------
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
        state.registry[state.registry.index(step.take)] = step.give
        del p.tiles[step.give]
        place_tile(state, p, step.take)

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        gives = sorted(p.tiles)
        takes = list(state.registry)
        per_take = len(gives)
        return len(takes) * per_take, lambda i: Swap(
            p.colour, gives[i % per_take], takes[i // per_take])


# -- V: Remote Harvest ----------------------------------------------------------------------
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
        for r in tiles:
            p.tiles[r] = True
        move_crops(state.stock, p.screen, gained)

    def answers(self, state: State, p: PlayerState) -> Iterator[Step]:
        fresh = sorted(r for r, h in p.tiles.items() if not h and is_lonely(state, p, r))
        if not fresh:
            return
        choices = [tuple(fresh)] + ([(r,) for r in fresh] if len(fresh) > 1 else [])
        for tiles in choices:
            yield Harvest(p.colour, tiles, default_instead(state, tiles))


# -- W: Replacement -------------------------------------------------------------------------
class ReplacementFrame(DrawingFrame):
    """W (scroll): draw a field tile, then fallow it, or fallow another board tile and
    place it (E.3, I.21, I.44). With no field tile in the bag nothing is drawn: pass."""

    letter = "W"

    def __init__(self, drawer: str, order: list[str]) -> None:
        super().__init__(drawer, order)
        self.tile: str | None = None

    def settle(self, state: State) -> Pending | None | object:
        if self.finished:
            return None
        p = self.who(state)
        if self.phase == "":
            if state.bag_has_field_tile():
                self.draw(state, p)
                return CONTINUE
            return self.ask(state, "nothing to draw: pass (I.21)")
        if self.phase == "drawn":
            self.tile = self.drawn(state)
            if self.tile is None:  # pragma: no cover - a field tile was in the bag
                self.advance()
                self.place_set_aside(state, p)
                return CONTINUE
            self.phase = "keep"
        return self.ask(state, f"to fallow {self.tile}, or another tile to place {self.tile}")

    def apply(self, state: State, step: Step) -> None:
        p = self.who(state)
        if self.phase == "":
            expect(step, (Pass,), "I.21", "pass: the bag holds no field tile (event W)")
            self.advance()
            return
        if isinstance(step, Pass):
            raise _mandatory("W", p.colour, f"it must fallow {self.tile} or another tile")
        expect(step, (Fallow,), "I.44", f"a tile to the fallow (event W, drawn {self.tile})")
        assert isinstance(step, Fallow) and self.tile is not None
        drawn = self.tile
        if step.tile != drawn and step.tile not in p.tiles:
            raise IllegalStep("I.44", f"{step.tile} is neither the drawn tile {drawn} nor a "
                              f"field tile on {p.colour}'s board")
        state.in_hand.remove(drawn)
        self.tile = None
        self.advance()
        if step.tile == drawn:
            state.fallow.append(drawn)
            return
        del p.tiles[step.tile]
        state.fallow.append(step.tile)
        place_tile(state, p, drawn)  # a displaced worker is re-placed last (I.44)

    def legal(self, state: State) -> Iterator[Step]:
        p = self.who(state)
        if self.phase == "":
            yield Pass(p.colour)
            return
        assert self.tile is not None
        yield Fallow(p.colour, self.tile)
        for ref in sorted(p.tiles):
            yield Fallow(p.colour, ref)


# -- X: Relocation --------------------------------------------------------------------------
class RelocationFrame(OneAnswerFrame):
    """X (bell): move one worker under D.1, without its ability (E.3)."""

    letter = "X"
    answer_types = (Move,)
    what = "a worker to move, or pass"

    def answer(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Move)
        old = p.worker_space(step.worker)
        if old is None:
            raise IllegalStep(self.rule, f"worker {step.worker} is not on {p.colour}'s board")
        if step.space == old:
            raise IllegalStep(self.rule, f"{step.worker} is already at {old}: X moves it to a "
                              "new space")
        why = placement_error(state, p, step.worker, step.space, moving_from=old)
        if why:
            raise IllegalStep("D.1", f"cannot move {step.worker} to {step.space}: {why}")
        del p.workers[old]
        put_worker(state, p, step.worker, step.space)  # no ability (E.3)

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        moves = [(letter, [s for s in legal_spaces(state, p, letter, moving_from=old)
                           if s != old]) for old, letter in sorted(p.workers.items())]
        n = sum(len(spaces) for _, spaces in moves)

        def move(i: int) -> Step:
            for letter, spaces in moves:
                if i < len(spaces):
                    return Move(p.colour, letter, spaces[i])
                i -= len(spaces)
            raise IndexError(i)  # pragma: no cover - i < n

        return n, move


# -- Y: Day Off -----------------------------------------------------------------------------
class DayOffFrame(OneAnswerFrame):
    """Y (bell): remove one worker from the board (E.3, I.28)."""

    letter = "Y"
    answer_types = (Remove,)
    what = "a worker to remove, or pass"

    def answer(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Remove)
        space = p.worker_space(step.worker)
        if space is None:
            raise IllegalStep(self.rule, f"worker {step.worker} is not on {p.colour}'s board")
        del p.workers[space]
        send_back(state, p, step.worker)

    def answers(self, state: State, p: PlayerState) -> Iterator[Step]:
        for letter in sorted(p.workers.values()):
            yield Remove(p.colour, letter)


# -- Z: Windfall ----------------------------------------------------------------------------
class WindfallFrame(EventFrame):
    """Z (scroll, drawer acts): the drawer gives every player one crop from the stock, in
    event order while the stock lasts (E.3, I.22, I.47)."""

    letter = "Z"

    def settle(self, state: State) -> Pending | None | object:
        if self.phase:
            return None
        return self.ask(state, "to give every player one crop from the stock")

    def apply(self, state: State, step: Step) -> None:
        expect(step, (Grant, Pass), self.rule, "one crop for every player (event Z)")
        p = self.who(state)
        if isinstance(step, Pass):
            if any(state.stock):
                raise _mandatory("Z", p.colour, "the stock holds crops to give")
            self.phase = "done"
            return
        assert isinstance(step, Grant)
        gifts = self._check(state, step.gifts)
        for colour, crop in gifts:
            move_crops(state.stock, state.player(colour).screen, counts([crop]))
        self.phase = "done"

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

    def legal(self, state: State) -> Iterator[Step]:
        p = self.who(state)
        if not any(state.stock):
            yield Pass(p.colour)
            return
        seen = set()
        for first in CROPS:
            avail = list(state.stock)
            gifts = []
            for colour in self.order:
                if not any(avail):
                    break
                i = CROP_INDEX[first] if avail[CROP_INDEX[first]] else \
                    next(j for j, k in enumerate(avail) if k)
                avail[i] -= 1
                gifts.append((colour, CROPS[i]))
            if tuple(gifts) not in seen:
                seen.add(tuple(gifts))
                yield Grant(p.colour, tuple(gifts))


FRAMES: dict[str, type[EventFrame]] = {
    f.letter: f for f in (
        BlindSwapFrame, SwapFrame, GiftFrame, BumperHarvestFrame, LuckyDipFrame,
        NewGrowthFrame, NewSupplyFrame, SaleFrame, RegistrySwapFrame, RemoteHarvestFrame,
        ReplacementFrame, RelocationFrame, DayOffFrame, WindfallFrame,
    )
}

for _letter, _frame in FRAMES.items():
    EFFECTS[_letter] = _frame.start
