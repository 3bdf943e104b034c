"""Crops as counts (RULES.md A, C.4, C.5): crop lists counted per kind, checks that a player
can pay, and moving crops between screens and the stock."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import IllegalStep
from ..model.catalogue import CROP_INDEX, CROPS
from ..model.state import PlayerState
from .memo import remember, table


# -- crops ------------------------------------------------------------------------------
def counts(crops: Iterable[str]) -> list[int]:
    """Crop names to counts per crop (canonical order)."""
    out = [0] * len(CROPS)
    for c in crops:
        out[CROP_INDEX[c]] += 1
    return out


def names(count: Sequence[int]) -> tuple[str, ...]:
    """Counts per crop to crop names (canonical order)."""
    return tuple(c for c, k in zip(CROPS, count) for _ in range(k))


def show(count: Sequence[int]) -> str:
    return " ".join(names(count)) or "nothing"


def has(screen: Sequence[int], need: Sequence[int]) -> bool:
    """Whether ``screen`` holds at least ``need`` of every crop (counts per crop): whether a
    player can pay a bid or a payment (C.4, C.5). The one test of it; unrolled over the five
    crops (``all`` over a ``map`` cost several times as much, and the listing of action c
    asks it of every tile of every store)."""
    s0, s1, s2, s3, s4 = screen
    b0, b1, b2, b3, b4 = need
    return s0 >= b0 and s1 >= b1 and s2 >= b2 and s3 >= b3 and s4 >= b4


def check_crops(crops: Iterable[str], rule: str) -> list[int]:
    """Counts for a crop list written in a step; unknown names are illegal."""
    try:
        return counts(crops)
    except KeyError as exc:
        raise IllegalStep(rule, f"unknown crop {exc.args[0]!r}") from None


def check_can_pay(p: PlayerState, need: Sequence[int], rule: str, what: str) -> None:
    if not has(p.screen, need):
        raise IllegalStep(rule, f"{p.colour} cannot pay {show(need)} for {what}: "
                          f"holds {show(p.screen)}")


def move_crops(src: list[int], dst: list[int], amount: Sequence[int]) -> None:
    """Move ``amount`` (counts per crop) from ``src`` to ``dst``; unrolled over the five
    crops (a loop cost twice as much: a harvest's gains, most abilities and answers)."""
    a0, a1, a2, a3, a4 = amount
    if a0:
        src[0] -= a0
        dst[0] += a0
    if a1:
        src[1] -= a1
        dst[1] += a1
    if a2:
        src[2] -= a2
        dst[2] += a2
    if a3:
        src[3] -= a3
        dst[3] += a3
    if a4:
        src[4] -= a4
        dst[4] += a4


if len(CROPS) != 5:  # pragma: no cover - has and move_crops unroll the five crops
    raise ImportError("has and move_crops count five crops")


def add_crops(dst: list[int], amount: Sequence[int]) -> None:
    for i, k in enumerate(amount):
        if k:
            dst[i] += k


#: crops written in a step -> counts per crop (shared: copy a value before changing it)
CROP_COUNTS = table("crop counts")


def crop_counts(crops: tuple[str, ...], rule: str) -> list[int]:
    """``check_crops(crops, rule)`` for a crop list written in a step, remembered for each
    list written (a new list each time, so the caller may keep it)."""
    got = CROP_COUNTS.get(crops)
    if got is None:
        got = check_crops(crops, rule)  # raises for an unknown crop: not remembered
        remember(CROP_COUNTS, crops, got)
    return list(got)
