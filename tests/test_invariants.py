"""The engine invariants (RULES.md J): ``check`` reports each broken one, and play keeps
them all after every step."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from builders import table

import keyharvest as kh
from keyharvest.model.state import State, StoreItem
from keyharvest.model.steps import Draw, EndTurn
from keyharvest.rules import legal_steps, push
from keyharvest.rules.invariants import Violation, check

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
        if s.pending.kind == "chance":
            step = Draw(rng.choice(sorted(i for i in s.bag if s.can_draw(i))))
        else:
            options = legal_steps(s)
            others = [x for x in options if not isinstance(x, EndTurn)]
            step = rng.choice(others) if others and rng.random() < 0.8 else rng.choice(options)
        push(s, step)
        broken = check(s)
        assert broken == [], f"after step {s.steps} ({step}): {broken}"
    return s


@pytest.mark.parametrize("n,seed", [(2, 101), (3, 202), (4, 303)])
def test_J_a_random_game_keeps_every_invariant_after_every_step(n, seed):
    s = play_checked(n, seed, max_turns=300)
    assert s.result in ("finished", "unfinished")
    assert len(s.track) <= 10
