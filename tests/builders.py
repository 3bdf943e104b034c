"""Building test positions by hand, in a few lines per player.

    s = table({"red": dict(tiles="B6 B7 C6", harvested="B7", workers={"D5": "A"},
                           crops="wheat wheat", store={"C3": "hops"}),
               "green": dict(tiles="A2 E6")},
              registry="A1 A3 A4 A5 A6 A7")

Everything not given is derived so that the invariants of RULES.md J hold: the stock is
what no screen or bid holds, the bag holds every tile and event that is nowhere else.
"""

from __future__ import annotations

import random

import pytest

from keyharvest.errors import IllegalStep
from keyharvest.formats.boardfile import standard_board
from keyharvest.model.catalogue import CROP_INDEX, CROPS, EVENT_LETTERS, FARMHANDS, TOWNSFOLK
from keyharvest.model.state import PlayerState, State, StoreItem, Turn
from keyharvest.model.steps import Draw, EndTurn, Step
from keyharvest.rules import advance, representative_steps
from keyharvest.rules.actions import start


def _words(x: str | list[str] | tuple[str, ...] | None) -> list[str]:
    if x is None:
        return []
    return x.split() if isinstance(x, str) else list(x)


def _counts(crops: str | list[str] | None) -> list[int]:
    out = [0] * len(CROPS)
    for c in _words(crops):
        out[CROP_INDEX[c]] += 1
    return out


def table(players: dict[str, dict], *, registry: str | None = None, track: str = "",
          fallow: str = "", bag: str | None = None, removed: str = "", turn: str | None = None,
          used: str = "", count: int = 0, board=None, max_turns: int | None = None) -> State:
    board = board or standard_board()
    ps: list[PlayerState] = []
    taken_townsfolk: set[str] = set()
    placed: set[str] = set()
    for colour, spec in players.items():
        p = PlayerState(colour)
        harvested = set(_words(spec.get("harvested")))
        for ref in _words(spec.get("tiles")):
            p.tiles[ref] = ref in harvested
            placed.add(ref)
        for ref in harvested:
            p.tiles[ref] = True
            placed.add(ref)
        for space, letter in spec.get("workers", {}).items():
            p.workers[space] = letter
            if letter in TOWNSFOLK:
                taken_townsfolk.add(letter)
        p.supply = set(spec.get("supply", set(FARMHANDS) - set(p.workers.values())))
        p.screen = _counts(spec.get("crops"))
        for tile, bid in spec.get("store", {}).items():
            p.store.append(StoreItem(tile, _counts(bid)))
            placed.add(tile)
        ps.append(p)
    stock = [12 - sum(p.screen[i] for p in ps) - sum(it.bid[i] for p in ps for it in p.store)
             for i in range(len(CROPS))]
    reg = _words(registry)
    fal = _words(fallow)
    trk = _words(track)
    rem = _words(removed)
    placed |= set(reg) | set(fal)
    if bag is None:
        bag_items = {r for r in board.references if r not in placed}
        bag_items |= {e for e in EVENT_LETTERS if e not in trk and e not in rem}
    else:
        bag_items = set(_words(bag))
    colours = list(players)
    state = State(board=board, players=ps, stock=stock, registry=reg, bag=bag_items,
                  turn=Turn(colours.index(turn) if turn else 0, used=used, count=count),
                  town=set(TOWNSFOLK) - taken_townsfolk, track=trk, fallow=fal, removed=rem,
                  max_turns=max_turns)
    start(state)
    return state


def snapshot(state: State) -> tuple:
    """Everything observable in a state, for 'an illegal step changes nothing' checks."""
    return (
        [(p.colour, sorted(p.tiles.items()), sorted(p.workers.items()), sorted(p.supply),
          [(it.tile, tuple(it.bid)) for it in p.store], tuple(p.screen)) for p in state.players],
        tuple(state.stock), tuple(state.registry), tuple(sorted(state.bag)),
        tuple(sorted(state.town)), tuple(state.track), tuple(state.fallow),
        tuple(state.set_aside), tuple(state.spent), tuple(state.in_hand),
        (state.turn.player, state.turn.number, state.turn.used, state.turn.count),
        state.end_countdown, state.result, state.pending,
        # a frame's fields are its schema's (test_frame_data), and to_data() reads them in
        # the compiled build too, whose native frame classes have no __dict__ for vars()
        [(type(f).__name__, sorted(f.to_data().items())) for f in state.stack],
    )


def rejected(s: State, step: Step, rule: str) -> IllegalStep:
    """``step`` is refused with ``rule`` and leaves ``s`` exactly as it was."""
    before = snapshot(s)
    with pytest.raises(IllegalStep) as info:
        advance(s, step)
    assert info.value.rule == rule, str(info.value)
    assert snapshot(s) == before
    return info.value


def random_step(s: State, rng: random.Random, moving_on: float = 0.8) -> Step:
    """A step of a random game at ``s``: a draw the bag allows where chance is to move,
    else a listed step, one that does not end the turn with odds ``moving_on`` (so that
    turns hold actions and games move on)."""
    if s.pending.kind == "chance":
        return Draw(rng.choice(sorted(i for i in s.bag if s.can_draw(i))))
    listed = representative_steps(s)
    others = [x for x in listed if not isinstance(x, EndTurn)]
    return rng.choice(others) if others and rng.random() < moving_on else rng.choice(listed)
