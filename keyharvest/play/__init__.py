"""Tools over games: replay and points, compare, bots, self-play, batch checking, the
process pool."""
