"""The engine invariants (RULES.md J): ``check`` reports each broken one, and play keeps
them all after every step."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from builders import random_step, table

import keyharvest as kh
from keyharvest.model.catalogue import (
    EVENT_LETTERS,
    FARMHANDS,
    REGISTRY_SIZE,
    STORE_SIZE,
    TOTAL_COUNTERS,
    TOWNSFOLK,
    TRACK_SIZE,
    WORKERS,
    is_event,
)
from keyharvest.model.state import State, StoreItem
from keyharvest.model.steps import Draw
from keyharvest.rules import advance, representative_steps
from keyharvest.rules.invariants import Violation, check, limbo_workers

REGISTRY = "A1 A3 A4 A5 A6 A7"


def fresh() -> State:
    s = table({"red": dict(tiles="B6 B7 C6", crops="wheat hops", workers={"D8": "A"},
                           store={"E8": "wine"}),
               "green": dict(tiles="G1 G2", crops="apples", workers={"E2": "G"})},
              registry=REGISTRY, track="M N")
    assert check(s) == []
    return s


def red(s: State):
    return s.player("red")


def bag_tile(s: State) -> str:
    return min(s.bag_tiles())


BROKEN: list[tuple[str, str, Callable[[State], None]]] = [
    ("J", "crop conservation: stock, screens and bids hold 61 counters, not 60",
     lambda s: s.stock.__setitem__(0, s.stock[0] + 1)),
    ("J", "red's screen holds a negative number of counters",
     lambda s: (red(s).screen.__setitem__(1, -1), s.stock.__setitem__(1, s.stock[1] + 1))),
    ("J", "stock holds a negative number of counters",
     lambda s: (s.stock.__setitem__(2, -1), red(s).screen.__setitem__(2, s.stock[2] + 12))),
    ("A.3", "Z9 is not a tile of the board", lambda s: s.fallow.append("Z9")),
    ("J", "field tile B6 is in 2 places at once", lambda s: s.registry.append("B6")),
    ("J", "field-tile conservation: 55 tiles accounted for, not 56",
     lambda s: s.bag.discard(bag_tile(s))),
    ("J", "event M is in 2 places at once", lambda s: s.spent.append("M")),
    ("A.6", "A is not an event", lambda s: s.set_aside.append("A")),
    ("J", "event conservation: 13 events accounted for, not 14", lambda s: s.bag.discard("Z")),
    ("J", "red's farmhand A is in 2 places, not 1", lambda s: red(s).supply.add("A")),
    ("J", "red's farmhand B is in 0 places, not 1", lambda s: red(s).supply.discard("B")),
    ("J", "red's supply holds G, which is not a farmhand", lambda s: red(s).supply.add("G")),
    ("J", "townsfolk G is in 2 places, not 1", lambda s: s.town.add("G")),
    ("J", "townsfolk H is in 0 places, not 1", lambda s: s.town.discard("H")),
    ("C.5", "red's store holds 3 tiles, more than 2",
     lambda s: red(s).store.extend([StoreItem(t, [1, 0, 0, 0, 0]) for t in ("F8", "F9")])),
    ("C.5", "red's bid on E8 holds no crop",
     lambda s: (s.stock.__setitem__(3, s.stock[3] + 1),
                red(s).store[0].bid.__setitem__(3, 0))),
    ("J", "red's bid on E8 holds a negative number of counters",  # sums to 1, but -1 hops
     lambda s: (red(s).store[0].bid.__setitem__(0, -1), red(s).store[0].bid.__setitem__(1, 1),
                s.stock.__setitem__(0, s.stock[0] + 1), s.stock.__setitem__(1, s.stock[1] - 1))),
    ("D.1", "red's worker A is on H1, not a space of the board",
     lambda s: red(s).workers.update({"H1": red(s).workers.pop("D8")})),
    ("A.4", "Q is not a worker", lambda s: red(s).workers.update({"A1": "Q"})),
    ("J", "red's B6 holds both worker A and a field tile",
     lambda s: red(s).workers.update({"B6": red(s).workers.pop("D8")})),
    ("D.1", "red's workers A at D8 and B at D9 are adjacent",
     lambda s: (red(s).workers.update({"D9": "B"}), red(s).supply.discard("B"))),
    ("J", "the registry holds 7 tiles, more than 6",
     lambda s: (s.registry.append(bag_tile(s)), s.bag.discard(s.registry[-1]))),
    ("F.1", "the registry holds 5 tiles while the bag still holds field tiles",
     lambda s: s.bag.add(s.registry.pop())),
    ("J", "the event track holds 11 events, more than 10",
     lambda s: (s.track.extend("OPQRSTUVW"), s.bag.difference_update("OPQRSTUVW"))),
    ("C.1", "the turn's actions 'dc' break C.1", lambda s: setattr(s.turn, "used", "dc")),
    ("C.1", "the turn's actions 'aa' break C.1", lambda s: setattr(s.turn, "used", "aa")),
    ("C.1", "the turn's actions 'abc' break C.1", lambda s: setattr(s.turn, "used", "abc")),
]


@pytest.mark.parametrize("rule,message,breaks", BROKEN, ids=[m[:40] for _, m, _ in BROKEN])
def test_J_check_reports_each_broken_invariant(rule, message, breaks):
    s = fresh()
    breaks(s)
    assert Violation(rule, message) in check(s)


def test_J_check_reports_every_violation_at_once():
    s = fresh()
    s.stock[0] += 1
    s.turn.used = "dc"
    s.town.discard("H")
    assert len(check(s)) == 3


def test_J_a_partial_position_skips_the_conservation_counts():
    s = fresh()
    s.bag.clear()
    s.registry.clear()
    assert {v.message.split(":")[0] for v in check(s)} >= {"field-tile conservation",
                                                          "event conservation"}
    assert check(s, complete=False) == []


def test_J_violation_prints_its_rule():
    assert str(Violation("C.5", "x")) == "[C.5] x"


# -- play keeps them ----------------------------------------------------------------------------
def play_checked(n: int, seed: int, max_turns: int) -> State:
    rng = random.Random(seed)
    s = kh.random_game(n, rng, max_turns=max_turns)
    assert check(s) == []
    while not s.is_over:
        step = random_step(s, rng)
        advance(s, step)
        broken = check(s)
        assert broken == [], f"after step {s.steps} ({step}): {broken}"
    return s


@pytest.mark.parametrize("n,seed", [(2, 101), (3, 202), (4, 303)])
def test_J_a_random_game_keeps_every_invariant_after_every_step(n, seed):
    s = play_checked(n, seed, max_turns=300)
    assert s.result in ("finished", "unfinished")
    assert len(s.track) <= 10


# -- the check's answers equal the item-by-item count's -----------------------------------------
# ``check`` decides each part by set operations and sums before it counts item by item; this is
# the count it replaced (every part counted), kept as the oracle: for broken tables of every
# kind, alone and together, both give the same violations in the same order.
def reference_check(state: State, *, complete: bool = True) -> list[Violation]:
    """The check as it was before it decided each part by set operations first."""
    out: list[Violation] = []

    def add(rule: str, message: str) -> None:
        out.append(Violation(rule, message))

    board = state.board

    crops = sum(state.stock) + sum(sum(p.screen) for p in state.players) + sum(
        sum(it.bid) for p in state.players for it in p.store)
    if crops != TOTAL_COUNTERS:
        add("J", f"crop conservation: stock, screens and bids hold {crops} counters, "
            f"not {TOTAL_COUNTERS}")
    for name, counts in [("stock", state.stock)] + [
            (f"{p.colour}'s screen", p.screen) for p in state.players] + [
            (f"{p.colour}'s bid on {it.tile}", it.bid) for p in state.players for it in p.store]:
        if any(k < 0 for k in counts):
            add("J", f"{name} holds a negative number of counters")

    places: Counter[str] = Counter()
    places.update(state.registry)
    places.update(state.fallow)
    places.update(state.in_hand)
    for p in state.players:
        places.update(list(p.tiles))
        places.update(it.tile for it in p.store)
    bag_tiles = [t for t in state.bag if not is_event(t)]
    places.update(bag_tiles)
    for ref, k in places.items():
        if ref not in board:
            add("A.3", f"{ref} is not a tile of the board")
        elif k > 1:
            add("J", f"field tile {ref} is in {k} places at once")
    if complete and sum(places.values()) != len(board.references):
        add("J", f"field-tile conservation: {sum(places.values())} tiles accounted for, "
            f"not {len(board.references)}")

    events: Counter[str] = Counter()
    for group in (state.track, state.removed, state.set_aside, state.spent):
        events.update(group)
    events.update(filter(is_event, state.bag))
    for e, k in events.items():
        if e not in EVENT_LETTERS:
            add("A.6", f"{e} is not an event")
        elif k > 1:
            add("J", f"event {e} is in {k} places at once")
    if complete and sum(events.values()) != len(EVENT_LETTERS):
        add("J", f"event conservation: {sum(events.values())} events accounted for, "
            f"not {len(EVENT_LETTERS)}")

    limbo = limbo_workers(state)
    on_boards: Counter[str] = Counter()
    for p in state.players:
        own = [w for w in p.workers.values() if w in FARMHANDS]
        held = [w for (c, w) in limbo if c == p.colour and w in FARMHANDS]
        mine = Counter(own) + Counter(held) + Counter(p.supply)
        for w in FARMHANDS:
            if mine[w] != 1:
                add("J", f"{p.colour}'s farmhand {w} is in {mine[w]} places, not 1")
        for w in p.supply:
            if w not in FARMHANDS:
                add("J", f"{p.colour}'s supply holds {w}, which is not a farmhand")
        on_boards.update(w for w in p.workers.values() if w in TOWNSFOLK)
    on_boards.update(w for (_, w) in limbo if w in TOWNSFOLK)
    on_boards.update(state.town)
    for w in TOWNSFOLK:
        if on_boards[w] != 1:
            add("J", f"townsfolk {w} is in {on_boards[w]} places, not 1")

    for p in state.players:
        if len(p.store) > STORE_SIZE:
            add("C.5", f"{p.colour}'s store holds {len(p.store)} tiles, more than {STORE_SIZE}")
        for it in p.store:
            if sum(it.bid) < 1:
                add("C.5", f"{p.colour}'s bid on {it.tile} holds no crop")
        for space, w in p.workers.items():
            if space not in board:
                add("D.1", f"{p.colour}'s worker {w} is on {space}, not a space of the board")
                continue
            if w not in WORKERS:
                add("A.4", f"{w} is not a worker")
            if space in p.tiles:
                add("J", f"{p.colour}'s {space} holds both worker {w} and a field tile")
            for n in board.neighbours[space]:
                if n in p.workers and n > space:
                    add("D.1", f"{p.colour}'s workers {w} at {space} and {p.workers[n]} at {n} "
                        "are adjacent")
    if len(state.registry) > REGISTRY_SIZE:
        add("J", f"the registry holds {len(state.registry)} tiles, more than {REGISTRY_SIZE}")
    if complete and len(state.registry) < REGISTRY_SIZE and len(state.stack) <= 1 \
            and state.bag_has_field_tile():
        add("F.1", f"the registry holds {len(state.registry)} tiles while the bag still holds "
            "field tiles")
    if len(state.track) > TRACK_SIZE:
        add("J", f"the event track holds {len(state.track)} events, more than {TRACK_SIZE}")
    used = state.turn.used
    if len(used) > 2 or len(set(used)) != len(used) or "dc" in used:
        add("C.1", f"the turn's actions {used!r} break C.1")
    return out


def _mutations(rng: random.Random, s: State) -> list[Callable[[], None]]:
    p = rng.choice(s.players)
    refs = list(s.board.references)
    letters = list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    junk_tiles = ["Z9", "H1", *rng.sample(refs, 2)]
    spaces = refs + ["H1", "Q12"]
    places = [s.registry, s.fallow, s.in_hand]
    events = [s.track, s.removed, s.set_aside, s.spent]
    return [
        lambda: s.stock.__setitem__(rng.randrange(5), rng.choice((-1, 1, 13))),
        lambda: p.screen.__setitem__(rng.randrange(5), rng.choice((-1, -2, 3))),
        lambda: p.store and p.store[0].bid.__setitem__(rng.randrange(5), rng.choice((-1, 0, 2))),
        lambda: p.store.append(StoreItem(rng.choice(junk_tiles), [rng.choice((0, 1)), 0, 0, 0, 0])),
        lambda: rng.choice(places).append(rng.choice(junk_tiles)),
        lambda: s.bag.add(rng.choice(junk_tiles + letters + ["AB", "M"])),
        lambda: s.bag.discard(rng.choice(sorted(s.bag) or ["A1"])),
        lambda: rng.choice(events).append(rng.choice(letters + ["AB"])),
        lambda: p.supply.add(rng.choice(letters[:12])),
        lambda: p.supply.discard(rng.choice(letters[:12])),
        lambda: s.town.add(rng.choice(letters[:12])),
        lambda: s.town.discard(rng.choice(letters[:12])),
        lambda: p.workers.__setitem__(rng.choice(spaces), rng.choice(letters[:12] + ["Q"])),
        lambda: p.workers and p.workers.pop(rng.choice(sorted(p.workers))),
        lambda: p.tiles.__setitem__(rng.choice(refs), False),
        lambda: s.registry.append(rng.choice(refs)),
        lambda: s.registry and s.bag.add(s.registry.pop()),
        lambda: setattr(s.turn, "used", rng.choice(["", "a", "ab", "dc", "aa", "abc", "cd"])),
    ]


def _tables(seed: int) -> list[State]:
    """Tables met in a random game, then each broken in up to four random ways."""
    rng = random.Random(seed)
    s = kh.random_game(rng.choice((2, 3, 4)), rng, max_turns=120)
    out = [fresh()]
    while not s.is_over:
        if s.pending.kind == "chance":
            step: object = Draw(rng.choice(sorted(i for i in s.bag if s.can_draw(i))))
        else:
            step = rng.choice(representative_steps(s))
        advance(s, step)  # type: ignore[arg-type]
        if rng.random() < 0.2:
            out.append(s.copy())
    for t in list(out):
        for _ in range(6):
            broken = t.copy()
            for _ in range(rng.randrange(1, 5)):
                rng.choice(_mutations(rng, broken))()
            out.append(broken)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_J_check_gives_what_counting_every_item_gives(seed):
    tables = _tables(seed)
    broken = 0
    for s in tables:
        for complete in (True, False):
            assert check(s, complete=complete) == reference_check(s, complete=complete)
        broken += bool(reference_check(s))
    assert broken > len(tables) // 2  # most of them are broken, in every part


@pytest.mark.parametrize("rule,message,breaks", BROKEN, ids=[m[:40] for _, m, _ in BROKEN])
def test_J_each_broken_invariant_gives_what_counting_gives(rule, message, breaks):
    s = fresh()
    breaks(s)
    assert check(s) == reference_check(s)


def test_J_a_word_in_the_bag_is_an_event_even_where_the_board_names_a_space_so():
    import dataclasses

    s = fresh()
    board = s.board
    s.board = dataclasses.replace(board, crops={**board.crops, "AB": "wheat"},
                                  neighbours={**board.neighbours, "AB": ()},
                                  order=(*board.order, "AB"))
    s.bag.add("AB")
    assert check(s) == reference_check(s)
    assert Violation("A.6", "AB is not an event") in check(s)
