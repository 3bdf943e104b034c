"""The game's fixed components as data: crops, workers and events (RULES.md A.2, A.4–A.6).

Nothing here knows the rules; the engine looks things up by their canonical id. Crops are
identified by their English name, players by their colour, workers and events by their
letter (I.32: the letters are the canonical ids, the names are working translations).
"""

from __future__ import annotations

from dataclasses import dataclass

#: The five crops in their canonical order (RULES.md A.2). Indexes into crop counts follow it.
CROPS: tuple[str, ...] = ("hops", "vegetables", "apples", "wine", "wheat")
#: The colour of each crop's counters; a player's colour is one of these (A.2).
CROP_COLOURS: tuple[str, ...] = ("brown", "green", "orange", "red", "yellow")
CROP_INDEX: dict[str, int] = {c: i for i, c in enumerate(CROPS)}
#: Other words accepted for a crop on input (colour, short forms).
CROP_ALIASES: dict[str, str] = {
    **{colour: crop for colour, crop in zip(CROP_COLOURS, CROPS)},
    "apple": "apples",
    "cider": "apples",
    "veg": "vegetables",
    "vegetable": "vegetables",
    "hop": "hops",
}
COUNTERS_PER_CROP = 12
TOTAL_COUNTERS = COUNTERS_PER_CROP * len(CROPS)

PLAYER_COLOURS = CROP_COLOURS


@dataclass(frozen=True, slots=True)
class Worker:
    """A worker tile: farmhand (A–F, one set per player) or townsfolk (G–L, shared)."""

    letter: str
    name: str
    number: int
    mandatory: bool  # scroll (True) or bell (False)
    townsfolk: bool


@dataclass(frozen=True, slots=True)
class Event:
    """An event tile M–Z. ``draws`` marks the events under the set-aside rule (E.2)."""

    letter: str
    name: str
    mandatory: bool
    draws: bool


WORKERS: dict[str, Worker] = {
    w.letter: w
    for w in (
        Worker("A", "Apprentice", 1, False, False),
        Worker("B", "Seasonal Worker", 1, False, False),
        Worker("C", "Day Labourer", 2, False, False),
        Worker("D", "Inexperienced Worker", 2, False, False),
        Worker("E", "Experienced Worker", 3, False, False),
        Worker("F", "Steward", 3, True, False),
        Worker("G", "Trader", 4, False, True),
        Worker("H", "Shopkeeper", 4, False, True),
        Worker("I", "Judge", 4, False, True),
        Worker("J", "Notary", 5, False, True),
        Worker("K", "Merchant", 5, False, True),
        Worker("L", "Benefactor", 5, False, True),
    )
}
FARMHANDS: tuple[str, ...] = tuple(w for w in WORKERS if not WORKERS[w].townsfolk)
TOWNSFOLK: tuple[str, ...] = tuple(w for w in WORKERS if WORKERS[w].townsfolk)

EVENTS: dict[str, Event] = {
    e.letter: e
    for e in (
        Event("M", "Blind Swap", False, True),
        Event("N", "Swap", False, False),
        Event("O", "Gift", True, False),
        Event("P", "Bumper Harvest", False, False),
        Event("Q", "Lucky Dip", False, True),
        Event("R", "New Growth", False, False),
        Event("S", "New Supply", True, True),
        Event("T", "Sale", False, True),
        Event("U", "Registry Swap", False, False),
        Event("V", "Remote Harvest", False, False),
        Event("W", "Replacement", True, True),
        Event("X", "Relocation", False, False),
        Event("Y", "Day Off", False, False),
        Event("Z", "Windfall", True, False),
    )
}
EVENT_LETTERS: tuple[str, ...] = tuple(EVENTS)


def is_event(item: str) -> bool:
    """Whether a bag item is an event (a letter, A.6) rather than a field tile (a reference of
    letter and number, A.3): the one test of which a bag item is."""
    return item.isalpha()

REGISTRY_SIZE = 6
TRACK_SIZE = 10
QUESTION_SPACE = 7  # the "?" space (F.3)
QUESTION_THRESHOLD = 7  # fewer than this many tiles + workers sends events back (F.3)
STORE_SIZE = 2
STARTING_CROPS = 3
