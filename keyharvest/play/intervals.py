"""Confidence intervals of the tools that report shares: z of a two-sided 95% interval
(the search's noise, ``search.Searched.noise``) and Wilson's score interval of a proportion
(the arena's win shares, a collection's seat and first-step shares, ``stats``). Standard
library only, so that what reports a share does not import what plays games."""

from __future__ import annotations

import math

#: z of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``successes`` (a win share may be
    fractional) out of ``n``."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
