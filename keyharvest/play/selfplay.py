"""Self-play: dealt games played to the end by bots, as records.

``random_game`` deals a seeded game and returns its starting state; ``play_game`` plays a
whole game from a setup with the given bots and returns its record; ``selfplay_game`` deals
and plays game number N of a seeded run with a bot of ``bots.BOTS``. Randomness comes only
from the ``random.Random`` objects passed in or seeded here, so a seed replays the same
game, byte for byte.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..formats.boardfile import STANDARD
from ..formats.records import Record, record_from_game
from ..model.board import Board
from ..model.catalogue import (
    PLAYER_COLOURS,
)
from ..model.setup import Setup, deal
from ..model.state import PendingKind, State
from ..model.steps import Step
from ..rules import advance
from ..rules.actions import new_game
from ..rules.stepping import settle
from .bots import BOTS, BUDGETED, Bot, GreedyBot, RandomBot, random_draw


def random_game(n_players: int, seed: int | random.Random, board: Board | None = None,
                max_turns: int | None = None) -> State:
    """A new game of ``n_players`` dealt from ``seed`` on ``board`` (the standard by default)."""
    from ..formats.boardfile import standard_board

    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    board = board or standard_board()
    return new_game(deal(PLAYER_COLOURS[:n_players], rng, board, max_turns), board)



#: A game that has not ended after this many steps is a bug (every game has a turn limit
#: or ends by the event track); stop rather than loop for ever.
MAX_STEPS = 1_000_000


def play_game(setup: Setup, board: Board, bots: Sequence[Bot] | Mapping[str, Bot],
              rng: random.Random, metadata: Mapping[str, Any] | None = None,
              board_spec: str = STANDARD, *, checked: bool = False) -> Record:
    """Play a game from ``setup`` to its end and return its record.

    ``bots`` gives each player's bot (a mapping by colour, or a sequence in seating order);
    chance draws are taken with ``rng``. Set ``setup.max_turns`` for games of random bots:
    they can stall (RULES.md I.10). Raises ``RuntimeError`` past ``MAX_STEPS`` steps, and
    ``PositionError`` for a bad setup unless ``checked`` says it is sound
    (``rules.actions.new_game``).
    """
    by_colour = dict(bots) if isinstance(bots, Mapping) else dict(zip(setup.players, bots))
    state = new_game(setup, board, checked=checked)
    steps: list[Step] = []
    if not all(type(bot) in LISTING_BOTS for bot in by_colour.values()):
        for _ in range(MAX_STEPS):
            if state.result is not None:  # state.is_over
                break
            pending = state.pending
            if pending.kind is PendingKind.CHANCE:
                step: Step = random_draw(state, rng)
            else:
                step = by_colour[pending.player].choose(state)  # type: ignore[index]
            advance(state, step)
            steps.append(step)
        else:
            if not state.is_over:
                raise RuntimeError(f"the game did not end within {MAX_STEPS} steps")
        return record_from_game(setup, steps, metadata, board=board_spec)
    # Bots that pick from the listing of what the game waits for (``rules.legal_view``):
    # their step is one the frame on top lists, by the player asked (a draw when a draw is
    # due), so ``push``'s checks of whose step it is would always pass. Apply it as
    # ``push`` does after them (the frame's ``apply`` still checks the step itself).
    stack = state.stack
    append = steps.append
    choosers = {colour: bot.choose for colour, bot in by_colour.items()}
    for _ in range(MAX_STEPS):
        if state.result is not None:  # state.is_over
            break
        pending = state.pending
        if pending.kind is PendingKind.CHANCE:
            step = random_draw(state, rng)
        else:
            step = choosers[pending.player](state)  # type: ignore[index]
        waits = stack[-1].apply(state, step)
        state.steps += 1
        if waits is None:
            settle(state)
        else:  # the frame knows what comes next (see ``rules.engine.Frame.apply``)
            state.pending = waits
        append(step)
    else:
        if not state.is_over:
            raise RuntimeError(f"the game did not end within {MAX_STEPS} steps")
    # the steps a listing gives carry no span (shared ones, made without), and the list is
    # this function's own: the record takes it as it is, not through record_from_game's
    # look at every step's span and copy of the list (some 40 us a game of 360 steps)
    return Record(setup, steps, dict(metadata or {}), board_spec, [])


#: The bots whose every step is one ``rules.legal_view`` (or ``legal_steps``) lists for
#: the state they were given: ``play_game`` applies their steps without ``push``'s checks
#: of whose step it is.
LISTING_BOTS: frozenset[type] = frozenset({RandomBot, GreedyBot})


#: The turn limit self-play sets (RULES.md I.10): random bots can stall a game for ever.
SELFPLAY_MAX_TURNS = 400


def selfplay_game(n_players: int, seed: int, index: int, bot: str = "random",
                  board: Board | None = None, max_turns: int = SELFPLAY_MAX_TURNS, *,
                  budget: int | None = None) -> Record:
    """Game number ``index`` of a self-play run with ``seed``: a dealt setup and a whole
    game by ``bot`` for every seat (a bot of ``bots.BUDGETED`` with ``budget`` simulations
    a step, if given). Each game has its own generator, seeded from ``(seed, index)``, so
    a game is the same whichever process or order plays it."""
    from ..formats.boardfile import standard_board
    from ..model.catalogue import PLAYER_COLOURS
    from ..model.setup import deal

    if bot not in BOTS:
        raise KeyError(bot)
    # a setup dealt on the standard board with a turn limit is sound (B; tests/
    # test_setup.py deals every seating): new_game need not check it again
    checked = board is None and max_turns >= 1
    board = board or standard_board()
    rng = random.Random(f"keyharvest-selfplay:{seed}:{index}")
    setup = deal(PLAYER_COLOURS[:n_players], rng, board, max_turns=max_turns)
    searched = budget is not None and bot in BUDGETED
    bots = [BOTS[bot](random.Random(rng.getrandbits(64)), budget=budget) if searched
            else BOTS[bot](random.Random(rng.getrandbits(64))) for _ in range(n_players)]
    # game N of the run, counted from 1 as its round, its file (selfplay-SEED-000N.kh) and
    # the command's JSON count it
    meta = {"event": "self-play", "round": index + 1,
            "meta": {"bot": bot, "seed": seed, "game": index + 1,
                     **({"budget": budget} if searched else {})}}
    return play_game(setup, board, bots, rng, meta, checked=checked)
