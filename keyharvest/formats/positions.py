"""Positions: the whole table at one moment, as TOML (docs/design.md, "How a
record is read").

``dump_position(state)`` writes everything the engine holds: each player's board (field
tiles in order, which are harvested, workers), supply, store with bids and screen; the
stock, registry, event track, fallow, bag, removed, set-aside and spent events, tiles in
hand, whose turn it is and which actions were used, the end countdown and result, what the
game waits for and the frame stack (mid-effect positions: every frame is its class name
plus its plain-data fields). ``load_position(text)`` reads it back to an equal state that
plays on identically: ``dump_position(load_position(dump_position(s)).state) ==
dump_position(s)``.

A person can also write the final table of a game by hand, a few lines per player::

    result = "finished"

    [red]
    tiles = "B6 B7 C6 C7 D8"
    harvested = "B7"
    workers = { D5 = "A", C4 = "F" }
    crops = "wheat wheat wine"

    [green]
    ...

What a person cannot know (the bag, the removed events, the registry) may be left out; the
stock defaults to what no screen or bid holds. Such a position is *partial*
(``Position.complete`` is False): it can be scored and checked (``invariants.check`` with
``complete=False`` skips the conservation counts of tiles and events), not replayed.

Malformed input raises ``PositionError`` with the key path and its line ("did you mean"
for unknown keys and names); broken invariants (RULES.md J) are collected in
``Position.problems``, not raised.
"""

from __future__ import annotations

import json
import random
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from itertools import filterfalse, pairwise
from pathlib import Path
from typing import Any

from ..errors import BoardError, PositionError, Span, noted, quoted
from ..model.board import Board, sort_key
from ..model.catalogue import (
    COUNTERS_PER_CROP,
    CROPS,
    EVENT_LETTERS,
    FARMHANDS,
    PLAYER_COLOURS,
    TOWNSFOLK,
    WORKERS,
    is_event,
)
from ..model.state import (
    Pending,
    PendingKind,
    PlayerState,
    Result,
    StackFrame,
    State,
    StoreItem,
    Turn,
)
from ..model.steps import Step
from ..rules import engine, stepping
from ..rules.abilities import MerchantFrame, MerchantPhase
from ..rules.actions import start
from ..rules.bag import HandDrawFrame
from ..rules.events.base import DrawingFrame, Phase
from ..rules.invariants import Violation, check
from ..rules.view import Observation
from .boardfile import NAMED_ONLY, STANDARD, BoardAccess, standard_board
from .tomltext import (
    ValueChecker,
    decode_error,
    deepest_value,
    dumps,
    key_hint,
    loads,
    locate_span,
    show,
)

HEADER = "# Key Harvest position (keyharvest); the format is described in docs/notation.md\n"
TOP_KEYS = (
    "board", "players", "result", "max_turns", "steps", "turn", "end_countdown", "end_trigger",
    "stock", "registry", "track", "fallow", "bag", "removed", "hidden_removed", "set_aside",
    "spent", "in_hand", "town", "pending", "stack",
)
PLAYER_KEYS = ("tiles", "harvested", "workers", "supply", "crops", "store")
TURN_KEYS = ("player", "number", "used", "count")
PENDING_KEYS = ("kind", "player", "rule", "purpose", "worker", "event")
PENDING_KINDS = tuple(PendingKind)
#: How many steps ``Reader.played_down`` plays, at most, for the frames above the turn to
#: end (an effect of the rules ends in far fewer).
UNWIND_STEPS = 200
#: Without these a position is partial: the conservation counts cannot be made.
COMPLETE_KEYS = ("bag", "registry")
#: What a partial position may leave unknown: a hand-written final table does not know
#: the bag, the registry, the removed events, the track, the turn or the steps played.
UNKNOWABLE = ("bag", "registry", "removed", "track", "turn", "steps")
RESULTS = tuple(Result)
_TAGS = ("none", "tuple", "set", "map")


@dataclass
class Position:
    """A position read from TOML: the state, whether it is complete, and every broken
    invariant of RULES.md J (``problems``; empty for a sound position)."""

    state: State
    complete: bool = True
    problems: list[Violation] = field(default_factory=list)
    source: str = "<stdin>"
    board: str = STANDARD
    #: What a partial position leaves unknown (keys of ``UNKNOWABLE`` it does not give):
    #: pictures show these as unknown, not as empty or zero. Empty for a complete one.
    unknown: frozenset[str] = frozenset()

    @property
    def ok(self) -> bool:
        return not self.problems


# -- writing ------------------------------------------------------------------------------------
def _crop_names(counts: list[int]) -> list[str]:
    return [c for c, k in zip(CROPS, counts) for _ in range(k)]


def _encode(value: Any) -> Any:
    """Plain frame data to TOML: None, tuples, sets and dicts are tagged one-key tables."""
    if value is None:
        return {"none": True}
    if isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, tuple):
        return {"tuple": [_encode(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        return {"set": [_encode(v) for v in sorted(value)]}
    if isinstance(value, dict):
        return {"map": {str(k): _encode(v) for k, v in value.items()}}
    raise TypeError(f"a frame holds {type(value).__name__}, which a position cannot store")


def observation_data(observation: Observation) -> dict[str, Any]:
    """Everything ``observation`` holds, as data (what ``replay --view -f json`` and the
    OpenSpiel observation string write): the public table as ``position_data`` writes it,
    without the crops behind the screens, the bag and the removed events; the screens; the
    unseen crops; the bag's deducible part; with recall, the observer's starting crops and
    the steps recalled."""
    o = observation
    table = position_data(o.public_state())
    for key in ("bag", "removed", "hidden_removed"):
        table.pop(key, None)
    for c in o.players:
        table[c].pop("crops", None)
    return {
        "player": o.player, "players": list(o.players), "recall": o.recall,
        "table": table, "screens": [s.to_data() for s in o.screens],
        "unseen_crops": dict(zip(CROPS, o.unseen_crops)),
        "bag": {"count": o.bag_count, "tiles": list(o.bag_tiles),
                "events": list(o.bag_events), "unseen_events": list(o.unseen_events),
                "removed_unseen": o.removed_count},
        "start": o.start_crops(), "steps": o.steps,
    }


def observation_json(observation: Observation) -> str:
    """``observation_data`` as one JSON object (sorted keys, no spaces)."""
    return json.dumps(observation_data(observation), sort_keys=True, separators=(",", ":"))


def position_data(state: State, board: str | None = None) -> dict[str, Any]:
    """The TOML data of ``state`` (see ``dump_position``)."""
    if board is None:
        board = STANDARD if state.board is standard_board() else state.board.name
    out: dict[str, Any] = {"board": board, "players": list(state.colours)}
    if state.result is not None:
        out["result"] = state.result
    if state.max_turns is not None:
        out["max_turns"] = state.max_turns
    out["steps"] = state.steps
    if state.end_countdown is not None:
        out["end_countdown"] = state.end_countdown
    if state.end_trigger is not None:
        out["end_trigger"] = state.end_trigger
    out["stock"] = {c: k for c, k in zip(CROPS, state.stock)}
    out["registry"] = list(state.registry)
    out["track"] = list(state.track)
    out["fallow"] = list(state.fallow)
    out["bag"] = sorted(filterfalse(is_event, state.bag), key=sort_key) + sorted(
        filter(is_event, state.bag))
    out["removed"] = list(state.removed)
    out["hidden_removed"] = state.hidden_removed
    out["set_aside"] = list(state.set_aside)
    out["spent"] = list(state.spent)
    out["in_hand"] = list(state.in_hand)
    out["town"] = sorted(state.town)
    t = state.turn
    out["turn"] = {"player": state.players[t.player].colour, "number": t.number,
                   "used": t.used, "count": t.count}
    for p in state.players:
        out[p.colour] = {
            "tiles": list(p.tiles),
            "harvested": [r for r, h in p.tiles.items() if h],
            "workers": dict(p.workers),
            "supply": sorted(p.supply),
            "crops": _crop_names(p.screen),
            "store": [{"tile": it.tile, "bid": _crop_names(it.bid)} for it in p.store],
        }
    pend = state.pending
    pending: dict[str, Any] = {"kind": pend.kind}
    if pend.player is not None:
        pending["player"] = pend.player
    pending["rule"] = pend.rule
    pending["purpose"] = pend.purpose
    if pend.worker is not None:
        pending["worker"] = pend.worker
    if pend.event is not None:
        pending["event"] = pend.event
    out["pending"] = pending
    out["stack"] = [{"type": type(f).__name__, **{k: _encode(v) for k, v in f.to_data().items()}}
                    for f in state.stack]
    return out


def dump_position(state: State, board: str | None = None) -> str:
    """``state`` as TOML. ``board`` is the board spec to write ("standard" for the
    standard board, else the state's board name by default: pass the file's path)."""
    data = position_data(state, board)
    return HEADER + dumps(data, inline_tables=("stock", "workers", "store", "turn", "pending"))


# -- reading ------------------------------------------------------------------------------------

def _draws_into_hand(frame: object) -> bool:
    """Whether ``frame`` is one that pushes a ``HandDrawFrame`` and takes the field tile it
    draws from the hand (events M, Q, W and the Merchant, K). On any other frame the tile
    would stay in the hand while that frame goes on, and a later event placed with a tile
    in hand breaks I.52 in the engine: fuzzing found such stacks that the play-down by a
    fixed seed passed (issue 50).
    """
    if isinstance(frame, DrawingFrame):
        return frame.phase == Phase.DRAWN
    return isinstance(frame, MerchantFrame) and frame.phase == MerchantPhase.DRAW

class _Reader(ValueChecker):
    """Reads a position's data, going on after a bad key or value: every problem is kept in
    ``problems`` (in the order of the checks) and ``read`` raises the first, with the
    others in its ``also``. The values are checked by ``tomltext.ValueChecker``.
    ``access`` says which board files it may open."""

    ERROR = PositionError
    problems: list[PositionError]  # type: ignore[assignment]

    def __init__(self, text: str, source: str, access: BoardAccess = NAMED_ONLY) -> None:
        super().__init__(text, source)
        self.access = access

    def error(self, message: str, path: str, hint: str | None = None,
              rule: str | None = None, value: bool = True,
              quoting: object = None) -> PositionError:
        """An error at the key ``path`` (at its value, unless ``value`` is False);
        ``quoting`` is the input the message quotes, for a note on look-alike characters."""
        at = locate_span(self.text, path, value) if path else None
        span = Span(at[0], at[1], at[0], at[2], self.source) if at else Span(
            1, 1, 1, 1, self.source)
        err = PositionError(message, path=path, rule=rule, span=span)
        err.hint = hint  # type: ignore[attr-defined]
        return noted(err, quoting)

    # -- the values of a position (and ValueChecker's) ------------------------------------
    def refs(self, value: Any, path: str, board: Board) -> list[str]:
        """References of ``board``; each one not on it is kept in ``problems`` (and left
        out)."""
        from ..notation.names import ref_hint

        out = []
        for w in self.words(value, path, "board references"):
            ref = w.upper()
            if ref not in board:
                hint = ref_hint(ref, board)
                self.problems.append(self.error(f"no space {ref} on the board", path, hint=hint))
                continue
            out.append(ref)
        return out

    def crops(self, value: Any, path: str) -> list[int]:
        """Counts of each crop: a table of numbers by crop, or a list of crop words."""
        counts = [0] * len(CROPS)
        if isinstance(value, dict):
            for k, v in value.items():
                crop = self.crop(str(k), f"{path}.{k}")
                if crop is not None:
                    counts[CROPS.index(crop)] += self.attempt(self.integer, v, f"{path}.{k}",
                                                              default=0)
            return counts
        for crop in self.crop_words(value, path):
            counts[CROPS.index(crop)] += 1
        return counts

    # -- the position ---------------------------------------------------------------------
    def read(self, data: dict[Any, Any], board_override: Board | None) -> Position:
        """The position; raises the first problem found (the others in its ``also``)."""
        players_given = "players" in data
        colours_in_tables = [k for k in data if k not in TOP_KEYS]
        for k in colours_in_tables:
            if k.lower() not in PLAYER_COLOURS:
                hint = key_hint(k, TOP_KEYS + PLAYER_COLOURS)
                self.problems.append(self.error(f"unknown key {quoted(k)}", k, value=False,
                                               hint=hint or "a player's table is named by "
                                                            "its colour", quoting=k))
        colours_in_tables = [k for k in colours_in_tables if k.lower() in PLAYER_COLOURS]
        if players_given:
            words = self.attempt(self.words, data["players"], "players", "colours", default=[])
            players = [c for c in (self.attempt(self.colour, c, "players")
                                   for c in words) if c is not None]
            for k in colours_in_tables:
                if k.lower() not in players:
                    self.problems.append(self.error(f"{k} is not one of the players "
                                                   f"({', '.join(players)})", k))
        else:
            players = [k.lower() for k in colours_in_tables]
        if not 2 <= len(players) <= 4:
            self.problems.append(self.error(
                f"a position has 2 to 4 players, this one has {len(players)} (one table per "
                "player, like [red])", "players" if players_given else ""))
        elif len(set(players)) != len(players):
            self.problems.append(self.error("a colour is seated twice", "players"))
        board_spec = self.attempt(self.string, data.get("board", STANDARD), "board")
        board = board_override or (self.attempt(self.board, board_spec) if board_spec
                                   else None)
        if board is None and not any(e.path == "board" for e in self.problems):
            # an empty name: no board file, and no error from reading one (a fuzz finding)
            self.problems.append(self.error('expected "standard" or the path of a board file',
                                           "board"))
        if board is None or not 2 <= len(players) <= 4 or len(set(players)) != len(players):
            self.stop()  # without the players and the board nothing else can be read
        assert board is not None and board_spec is not None
        ps: list[PlayerState] = []
        for colour in players:
            key = next((k for k in data if k.lower() == colour), None)
            spec = self.attempt(self.table, data.get(key, {}) if key else {}, colour,
                                PLAYER_KEYS, default={})
            ps.append(self.player(colour, spec, board))
        complete = all(k in data for k in COMPLETE_KEYS)
        stock = self.attempt(self.stock, data, ps, default=[0] * len(CROPS))
        turn = self.attempt(self.turn, data.get("turn", {}), players,
                            default=Turn(0, 1, "", 0))
        on_boards = {w for p in ps for w in p.workers.values() if w in TOWNSFOLK}
        town = set(self.attempt(self.letters, data["town"], "town", TOWNSFOLK, "townsfolk",
                                default=[])) if "town" in data else set(TOWNSFOLK) - on_boards
        def events(k: str) -> list[str]:
            return self.attempt(self.letters, data.get(k, []), k, EVENT_LETTERS, "events",
                                default=[])

        def refs(k: str) -> list[str]:
            return self.attempt(self.refs, data.get(k, []), k, board, default=[])

        def number(k: str, default: int, low: int = 0) -> int:
            return self.attempt(self.integer, data.get(k, default), k, low, default=default)

        bag: set[str] = set()
        if "bag" in data:
            for w in self.attempt(self.words, data["bag"], "bag", "tiles and events",
                                  default=[]):
                item = w.upper()
                if item in EVENT_LETTERS:
                    bag.add(item)
                else:
                    bag.update(self.refs([item], "bag", board))
        result = data.get("result")
        if result is not None:
            result = self.attempt(self.string, result, "result", RESULTS)
            result = None if result is None else Result(result)
        end_trigger = None if "end_trigger" not in data else self.attempt(
            self.colour, data["end_trigger"], "end_trigger", players)
        state = State(
            board=board, players=ps, stock=stock, registry=refs("registry"), bag=bag,
            turn=turn, town=town, track=events("track"), fallow=refs("fallow"),
            removed=events("removed"), hidden_removed=number("hidden_removed", 0),
            set_aside=events("set_aside"), spent=events("spent"), in_hand=refs("in_hand"),
            end_countdown=None if "end_countdown" not in data else number("end_countdown", 0),
            end_trigger=end_trigger,
            max_turns=None if "max_turns" not in data else number("max_turns", 1, 1),
            result=result, steps=number("steps", 0),
        )
        self.stop()  # the frames below are read only from sound data
        if "stack" in data:
            state.stack = self.stack(data["stack"], state)
            if "pending" in data:
                state.pending = self.pending(data["pending"], players)
            else:
                stepping.settle(state)
        else:
            if "pending" in data:
                raise self.error("a pending decision needs the frame stack that waits for it",
                                "pending")
            start(state)
        self.stop()
        self.playable(state, "pending" if "pending" in data else "stack")
        problems = check(state, complete=complete)
        unknown = frozenset() if complete else frozenset(k for k in UNKNOWABLE if k not in data)
        return Position(state, complete, problems, self.source, board_spec, unknown)

    def playable(self, state: State, path: str) -> None:
        """Raise unless the engine can play on from ``state``: the turn frame at the bottom
        of the stack (and only there), the stack settled, ``pending`` what it waits for,
        and its legal steps listed. The frames' fields are each checked as they are read
        (``Frame.from_data``); this checks them together, by asking the engine on a copy,
        so that whatever ``validate`` accepts answers ``moves`` and ``hint``."""
        stack = state.stack
        if not stack or not stack[0].is_turn or any(f.is_turn for f in stack[1:]):
            raise self.error("the frame stack starts with the turn (a TurnFrame) and holds "
                             "it once: the game cannot go on from this one", "stack")
        held = Counter(x for f in stack if isinstance(f, engine.Frame)
                       for name, kind in f.schema.items() if kind is engine.SET_ASIDE
                       for x in getattr(f, name))
        twice = sorted(x for x, n in held.items() if n > state.set_aside.count(x))
        if twice:
            raise self.error(f"the frame stack holds the set-aside event {twice[0]} twice: "
                             "an event is set aside by one frame", "stack")
        for i, (below, frame) in enumerate(pairwise(stack), 1):
            if isinstance(frame, HandDrawFrame) and not _draws_into_hand(below):
                raise self.error(f"the frame stack draws into {frame.player}'s hand over a "
                                 f"{type(below).__name__}: a draw into the hand is made for "
                                 "the frame under it (an event's DrawingFrame or the "
                                 "Merchant's frame), which takes the tile", f"stack[{i}]")
        settled = state.copy()
        try:
            stepping.settle(settled)
            listed = engine.representative_steps(settled)
        except Exception as exc:  # noqa: BLE001 - frames read from untrusted fields that
            # each passed their check: a combination the engine cannot go on from
            raise self.error(f"the frame stack cannot go on from this table "
                             f"({type(exc).__name__}): its frames do not fit the table or "
                             "one another", "stack") from None
        if settled.pending != state.pending:
            raise self.error(f"pending does not agree with the frame stack: the stack waits "
                             f"for {settled.pending.describe()}", path)
        if position_data(settled) != position_data(state):
            raise self.error("the frame stack is not settled: it has work to do before it "
                             "waits for a step (leave out pending, and it is done on "
                             "reading)", path)
        if state.result is None and not listed:
            raise self.error(f"the frame stack waits for {state.pending.describe()}, "
                             "but no step is legal there", path)
        self.played_down(settled, listed)
        if (state.result is None) != (state.pending.kind != PendingKind.OVER):
            raise self.error("pending is over exactly when the game has a result", path)

    def played_down(self, state: State, listed: list[Step]) -> None:
        """Raise unless the frames above the turn of ``state`` (settled; ``listed`` its
        steps) play down to the turn: steps chosen by a fixed seed, each listed first, as
        many as ``UNWIND_STEPS``. Frames that each read well and fit the top of the stack
        may still not fit one another below it (a frame twice, two in an order no effect
        pushes them): the engine finds out only when it comes back to them, and a
        position is valid only if it can (fuzzing found such stacks, issue 50)."""
        if len(state.stack) == 1:
            return  # the turn alone: its steps are listed
        rng = random.Random(0)
        played = state.copy()
        why = None
        try:
            for _ in range(UNWIND_STEPS):
                if played.result is not None or len(played.stack) == 1:
                    # the effects over: no tile left in hand (each effect that draws one
                    # places it or gives it on)
                    if not played.in_hand:
                        return
                    why = f"{played.in_hand[0]} is left in hand at the end of the effects"
                    break
                if not listed:
                    why = f"no step is legal at {played.pending.describe()}"
                    break
                stepping.advance(played, rng.choice(listed))
                listed = engine.representative_steps(played)
            else:
                return  # still under way after so many steps: not a stack that fails
        except Exception as exc:  # noqa: BLE001 - as in playable: frames that do not fit
            why = type(exc).__name__
        raise self.error(f"the frame stack cannot be played down to the turn ({why}): its "
                         "frames do not fit the table or one another", "stack")

    def board(self, spec: str) -> Board:
        try:
            return self.access.board_for(spec, self.source)
        except BoardError as exc:
            raise self.error(f"cannot load the board: {exc.message}", "board",
                             hint=getattr(exc, "hint", None)) from None

    def player(self, colour: str, spec: dict[Any, Any], board: Board) -> PlayerState:
        """A player's table; every problem in it is kept in ``problems``."""
        p = PlayerState(colour)

        def refs(k: str) -> list[str]:
            return self.attempt(self.refs, spec.get(k, []), f"{colour}.{k}", board, default=[])

        tiles = refs("tiles")
        harvested = refs("harvested")
        for ref in tiles:
            if ref in p.tiles:
                self.problems.append(self.error(f"{ref} is listed twice", f"{colour}.tiles"))
            p.tiles[ref] = False
        for ref in harvested:
            p.tiles[ref] = True
        workers = self.attempt(self.table, spec.get("workers", {}), f"{colour}.workers",
                               default={})
        for space, letter in workers.items():
            path = f"{colour}.workers.{space}"
            at = self.refs([space], path, board)
            before = len(self.problems)
            w = self.attempt(self.letters, [letter] if isinstance(letter, str) else letter,
                             path, tuple(WORKERS), "workers", default=[])
            if len(self.problems) > before or not at:
                continue
            if len(w) != 1:
                self.problems.append(self.error("a space holds one worker", path))
                continue
            p.workers[at[0]] = w[0]
        if "supply" in spec:
            p.supply = set(self.attempt(self.letters, spec["supply"], f"{colour}.supply",
                                        FARMHANDS, "farmhands", default=[]))
        else:
            p.supply = set(FARMHANDS) - set(p.workers.values())
        p.screen = self.attempt(self.crops, spec.get("crops", []), f"{colour}.crops",
                                default=[0] * len(CROPS))
        store = spec.get("store", [])
        if not isinstance(store, list):
            self.problems.append(self.error(
                f"expected a list of {{ tile = ..., bid = ... }}, not {show(store)}",
                f"{colour}.store"))
            store = []
        for i, item in enumerate(store):
            path = f"{colour}.store[{i}]"
            item = self.attempt(self.table, item, path, ("tile", "bid"), default={})
            if "tile" not in item:
                self.problems.append(self.error("a store item needs its tile", path))
                continue
            name = self.attempt(self.string, item["tile"], f"{path}.tile")
            tile = self.refs([name], f"{path}.tile", board) if name is not None else []
            bid = self.attempt(self.crops, item.get("bid", []), f"{path}.bid",
                               default=[0] * len(CROPS))
            if tile:
                p.store.append(StoreItem(tile[0], bid))
        return p

    def stock(self, data: dict[Any, Any], ps: list[PlayerState]) -> list[int]:
        if "stock" in data:
            value = data["stock"]
            return self.crops(value, "stock")
        held = [sum(p.screen[i] for p in ps) + sum(it.bid[i] for p in ps for it in p.store)
                for i in range(len(CROPS))]
        return [COUNTERS_PER_CROP - k for k in held]

    def turn(self, value: Any, players: list[str]) -> Turn:
        t = self.table(value, "turn", TURN_KEYS)
        player = self.colour(t.get("player", players[0]), "turn.player", players)
        used = self.string(t.get("used", ""), "turn.used")
        if any(a not in "abcd" for a in used):
            raise self.error(f"actions are letters a to d, not {quoted(used)}", "turn.used")
        return Turn(players.index(player), self.integer(t.get("number", 1), "turn.number", 1),
                    used, self.integer(t.get("count", 0), "turn.count"))

    def pending(self, value: Any, players: list[str]) -> Pending:
        t = self.table(value, "pending", PENDING_KEYS)
        kind = PendingKind(self.string(t.get("kind", "turn"), "pending.kind", PENDING_KINDS))
        player = t.get("player")
        if player is not None:
            player = self.colour(player, "pending.player", players)
        worker = t.get("worker")
        if worker is not None:
            worker = next(iter(self.letters([worker], "pending.worker", tuple(WORKERS),
                                            "workers")), None)
        event = t.get("event")
        if event is not None:
            event = next(iter(self.letters([event], "pending.event", EVENT_LETTERS,
                                           "events")), None)
        return Pending(kind, player, self.string(t.get("rule", "C.1"), "pending.rule"),
                       self.string(t.get("purpose", ""), "pending.purpose"), worker, event)

    def stack(self, value: Any, state: State) -> list[StackFrame]:
        if not isinstance(value, list):
            raise self.error("expected a list of frames ([[stack]] tables)", "stack")
        frames: list[StackFrame] = []
        for i, item in enumerate(value):
            path = f"stack[{i}]"
            item = self.table(item, path)
            name = item.get("type")
            cls = engine.FRAME_TYPES.get(name) if isinstance(name, str) else None
            if cls is None:
                hint = key_hint(str(name), engine.FRAME_TYPES) if isinstance(name, str) else None
                raise self.error(f"unknown frame type {quoted(name)}", f"{path}.type", hint=hint)
            fields = {k: self.decode(v, f"{path}.{k}") for k, v in item.items() if k != "type"}
            try:
                frames.append(cls.from_data(fields, state))
            except engine.FrameDataError as exc:
                hint = key_hint(exc.field, exc.known) if exc.known else None
                raise self.error(exc.message, f"{path}.{exc.field}", hint=hint,
                                value=not exc.known) from None  # an unknown key: at the key
        return frames

    def decode(self, value: Any, path: str) -> Any:
        if isinstance(value, list):
            return [self.decode(v, path) for v in value]
        if isinstance(value, dict):
            if len(value) != 1 or next(iter(value)) not in _TAGS:
                raise self.error("a frame field's table is one of { none = true }, "
                                "{ tuple = [...] }, { set = [...] }, { map = {...} }", path)
            tag, inner = next(iter(value.items()))
            if tag == "none":
                return None
            if tag == "tuple":
                return tuple(self.decode(v, path) for v in self.list_of(inner, path))
            if tag == "set":
                return {self.decode(v, path) for v in self.list_of(inner, path)}
            return {k: self.decode(v, path) for k, v in self.table(inner, path).items()}
        return value


def load_position(text: str, source: str = "<stdin>", board: Board | None = None, *,
                  access: BoardAccess = NAMED_ONLY) -> Position:
    """The position written in ``text`` (TOML). ``board`` overrides the board it names;
    else ``access`` says which board files it may name (by default only files inside its
    own folder, ``boardfile.BoardAccess``).

    Raises ``PositionError`` (with the key path and the line) for bad TOML, unknown keys,
    bad values or an empty text; the broken invariants of a well-formed position are in
    ``Position.problems``.
    """
    if "\x00" in text:
        i = text.index("\x00")
        line = text.count("\n", 0, i) + 1
        raise PositionError("not a text file: it holds a NUL byte",
                            span=Span(line, 1, line, 2, source))
    if not text.strip():
        raise PositionError("empty position: write one table per player, like [red]",
                            span=Span(1, 1, 1, 1, source))
    try:
        data = loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg, row, col = decode_error(exc, text)
        raise PositionError(f"bad TOML: {msg[:1].lower()}{msg[1:]}",
                            span=Span(row, col, row, col + 1, source)) from None
    except RecursionError:  # tomllib recurses once per level of nesting
        row, col = deepest_value(text)
        raise PositionError("bad TOML: values nested too deeply",
                            span=Span(row, col, row, col + 1, source)) from None
    return _Reader(text, source, access).read(data, board)


def read_position(path: str | Path, board: Board | None = None) -> Position:
    """The position in the file at ``path``. Raises ``PositionError``."""
    from ..errors import NotationError
    from .records import read_source

    try:
        text = read_source(path)
    except NotationError as exc:
        raise PositionError(exc.message, span=exc.span) from None
    return load_position(text, str(path), board)


__all__ = ["Position", "dump_position", "load_position", "position_data", "read_position"]
