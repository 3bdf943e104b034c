"""Events M–Z (RULES.md E): how a drawn event is resolved, player by player (E.1).

``placement.EFFECTS`` maps an event letter to a factory that returns the frame resolving
it; each family module registers its frames at import (``placement.register_events``), and
``rules/__init__`` imports them all. An event with no entry is placed on the track (F.2) and
has no effect. (The registry lives in ``placement``, below the bag, which starts an event
through it without importing this package.)

The frames, by family (RULES.md E.3):

- ``base``: what every event frame shares (asking each player in turn, E.1);
- ``draws``: the events that draw from the bag under the set-aside rule (E.2): M Blind
  Swap, Q Lucky Dip, S New Supply, T Sale, W Replacement;
- ``harvests``: the events that give crops or harvest: P Bumper Harvest, R New Growth,
  V Remote Harvest, Z Windfall;
- ``exchanges``: the events that trade between players or with the registry: N Swap,
  O Gift, U Registry Swap;
- ``workers``: the events that move workers: X Relocation, Y Day Off.

This package does not decide when an event is drawn or where it lands on the track (that
is ``rules.bag``), and it knows nothing of notation.
"""

