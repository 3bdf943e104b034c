"""Property tests (Hypothesis): random 2–4 player games keep every invariant of RULES.md J
after every step, every step ``legal_steps`` lists applies and reads back from its own text,
an illegal step never changes the state, a written record replays to the same final state
and score, and formatting is idempotent. Across a seeded corpus of random and greedy games,
every worker's ability (A–L) is used and every event (M–Z) is placed and resolved."""

from __future__ import annotations

import random
from collections.abc import Callable

from builders import snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import keyharvest as kh
from keyharvest.errors import IllegalStep
from keyharvest.model.steps import Draw, EndTurn, Step
from keyharvest.rules import advance, apply, representative_steps
from keyharvest.rules.invariants import check

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def chance(state: kh.State, rng: random.Random) -> Draw:
    return Draw(rng.choice(sorted(i for i in state.bag if state.can_draw(i))))


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_J_random_games_keep_every_invariant(players: int, seed: int) -> None:
    rng = random.Random(seed)
    s = kh.random_game(players, rng, max_turns=120)
    assert check(s) == []
    while not s.is_over:
        if s.pending.kind == "chance":
            step = chance(s, rng)
        else:
            options = representative_steps(s)
            assert options, f"no legal step while waiting for {s.pending}"
            others = [x for x in options if not isinstance(x, EndTurn)]
            step = rng.choice(others) if others and rng.random() < 0.85 else rng.choice(options)
        advance(s, step)
        broken = check(s)
        assert broken == [], f"after {step}: {broken}"


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_every_listed_step_applies_and_illegal_steps_change_nothing(players: int,
                                                                   seed: int) -> None:
    rng = random.Random(seed)
    s = kh.random_game(players, rng, max_turns=40)
    while not s.is_over:
        if s.pending.kind == "chance":
            step = chance(s, rng)
        else:
            options = representative_steps(s)
            for option in rng.sample(options, min(6, len(options))):
                apply(s, option)  # raises if a listed step is not legal
            step = rng.choice(options)
            # a step by somebody who is not asked is refused and changes nothing
            if s.pending.player is not None and step.player is not None:
                other = next(c for c in s.colours if c != s.pending.player)
                wrong = type(step)(**{**{f: getattr(step, f) for f in step.__dataclass_fields__
                                         if f != "span"}, "player": other})
                before = snapshot(s)
                try:
                    advance(s, wrong)
                except IllegalStep:
                    pass
                else:  # pragma: no cover - would be a bug
                    raise AssertionError(f"{wrong} accepted while waiting for {s.pending}")
                assert snapshot(s) == before
        advance(s, step)


# -- steps as text, records as text ---------------------------------------------------------
#: What ``parse_step`` read from a text, without and with the game's colours and board: a
#: listed step's text comes back in many positions and games (some 54,000 listed steps of
#: 25 games are 12,000 texts), and reading one is a pure function of its text and those
#: names, so each text is read once and every listed step is held to what its text reads as.
_READ: dict[tuple[str, tuple[str, ...] | None, object], Step] = {}


def _read(text: str, s: kh.State | None = None) -> Step:
    from keyharvest.notation import parse_step

    key = (text, None, None) if s is None else (text, tuple(s.colours), s.board)
    if key not in _READ:
        _READ[key] = (parse_step(text) if s is None
                      else parse_step(text, players=s.colours, board=s.board))
    return _READ[key]


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_every_listed_step_parses_from_its_own_text_and_applies(players: int,
                                                                seed: int) -> None:
    from keyharvest.rules import legal_view

    rng = random.Random(seed)
    s = kh.random_game(players, rng, max_turns=40)
    while not s.is_over:
        if s.pending.kind == "chance":
            step = chance(s, rng)
            assert _read(str(step)) == step
        else:
            options = representative_steps(s)
            assert list(legal_view(s)) == options  # the lazy listing is the same
            for option in options:
                text = str(option)
                assert _read(text) == option, text
                assert _read(text, s) == option, text
            for option in rng.sample(options, min(4, len(options))):
                apply(s, _read(str(option)))  # the step read back is legal too
            step = rng.choice(options)
        advance(s, step)


def _game(players: int, seed: int, bot: str = "random", max_turns: int = 80) -> kh.Record:
    from keyharvest.play.selfplay import selfplay_game

    return selfplay_game(players, seed, 0, bot=bot, max_turns=max_turns)


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1),
       bot=st.sampled_from(["random", "greedy"]))
def test_a_written_record_replays_to_the_same_final_state_and_score(players: int, seed: int,
                                                                    bot: str) -> None:
    from keyharvest.formats.positions import dump_position
    from keyharvest.formats.records import format_record, load_records, replay
    from keyharvest.rules.scoring import score

    record = _game(players, seed, bot)
    played = replay(record)
    assert played.ok and played.state.is_over
    text = format_record(record)
    (again,) = load_records(text, "game.kh")
    assert again == record
    done = replay(again)
    assert done.ok and done.applied == len(record.steps)
    assert dump_position(done.state) == dump_position(played.state)
    assert score(done.state) == score(played.state)


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1),
       cut=st.floats(0.0, 1.0))
def test_format_is_idempotent(players: int, seed: int, cut: float) -> None:
    from keyharvest.formats.records import format_record, format_records, load_records

    record = _game(players, seed, max_turns=30)
    record.steps = record.steps[:int(len(record.steps) * cut)]  # a game in progress too
    once = format_record(record)
    assert format_record(load_records(once)[0]) == once
    two = format_records([record, record])
    assert format_records(load_records(two)) == two


# -- every worker and every event, across a seeded corpus -------------------------------------
class Watch:
    """What happened in a game: workers whose ability was used and finished, events placed
    on the track and resolved to the end."""

    def __init__(self) -> None:
        self.used: set[str] = set()  # workers whose ability took a step other than pass
        self.finished_abilities: set[str] = set()
        self.placed: set[str] = set()
        self.resolved: set[str] = set()

    def play(self, state: kh.State, choose: Callable[[kh.State], Step]) -> None:
        from keyharvest.model.steps import Pass
        from keyharvest.rules.abilities import AbilityFrame
        from keyharvest.rules.events.base import EventFrame

        live: dict[int, object] = {}
        while not state.is_over:
            top = state.stack[-1]
            step = choose(state)
            if isinstance(top, AbilityFrame) and not isinstance(step, Pass):
                self.used.add(top.via or top.worker)
            advance(state, step)
            now = {id(f): f for f in state.stack if isinstance(f, (AbilityFrame, EventFrame))}
            for key, frame in live.items():
                if key not in now:  # popped: done
                    if isinstance(frame, EventFrame):
                        self.resolved.add(frame.letter)
                    else:
                        self.finished_abilities.add(frame.via or frame.worker)
            for frame in now.values():
                if isinstance(frame, EventFrame):
                    self.placed.add(frame.letter)
            live = now


def test_across_a_seeded_corpus_every_worker_and_every_event_occurs_and_resolves() -> None:
    from keyharvest.model.catalogue import EVENT_LETTERS, WORKERS
    from keyharvest.play.bots import GreedyBot, RandomBot, random_draw

    watch = Watch()
    for n in range(24):
        rng = random.Random(f"corpus:{n}")
        s = kh.random_game(2 + n % 3, rng, max_turns=150)
        kind = GreedyBot if n % 2 else RandomBot
        bots = {c: kind(random.Random(rng.getrandbits(32))) for c in s.colours}

        def choose(state: kh.State, rng: random.Random = rng, bots: dict = bots) -> Step:
            if state.pending.kind == "chance":
                return random_draw(state, rng)
            return bots[state.pending.player].choose(state)

        watch.play(s, choose)
    assert watch.used == set(WORKERS), sorted(set(WORKERS) - watch.used)
    assert watch.finished_abilities == set(WORKERS)
    assert watch.placed == set(EVENT_LETTERS), sorted(set(EVENT_LETTERS) - watch.placed)
    assert watch.resolved == set(EVENT_LETTERS)


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), cut=st.floats(0, 1),
       wrong=st.sampled_from(["none", "other player", "draw", "end", "repeat"]))
def test_push_steps_is_push_one_at_a_time(players: int, seed: int, cut: float,
                                          wrong: str) -> None:
    """The replay loop (``push_steps``, with ``push`` inlined) applies the same steps,
    reaches the same state and raises the same error as ``push`` step by step."""
    from keyharvest.formats.records import start_state
    from keyharvest.play.selfplay import selfplay_game
    from keyharvest.rules import advance_steps

    record = selfplay_game(players, seed, 0, max_turns=40)
    steps = list(record.steps)
    at = int(cut * len(steps))
    if wrong == "other player" and at < len(steps) and steps[at].player is not None:
        other = next(c for c in record.setup.players if c != steps[at].player)
        steps.insert(at, EndTurn(other))
    elif wrong == "draw":
        steps.insert(at, Draw("A1"))
    elif wrong == "end" and at < len(steps) and steps[at].player is not None:
        steps.insert(at, EndTurn(steps[at].player))
    elif wrong == "repeat" and at > 0:
        steps.insert(at, steps[at - 1])

    def run(many: bool) -> tuple[dict, int, str | None]:
        s = start_state(record)
        error = None
        try:
            if many:
                advance_steps(s, steps)
            else:
                for step in steps:
                    advance(s, step)
        except IllegalStep as exc:
            error = f"{exc.rule} {exc} {exc.step} {exc.player}"
        return snapshot(s), s.steps, error

    assert run(True) == run(False)


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6),
       bot=st.sampled_from(["random", "greedy"]))
def test_skipped_settles_wait_as_settling(players: int, seed: int, bot: str) -> None:
    """Where a frame's ``apply`` says what comes next (the turn frame), ``push`` and the
    fenced loop ``push_steps`` do not settle: step by step, each leaves the state, and what
    the game waits for, exactly as applying the step and then settling does."""
    from keyharvest.formats.records import start_state
    from keyharvest.play.selfplay import selfplay_game
    from keyharvest.rules import advance_steps
    from keyharvest.rules.stepping import settle

    record = selfplay_game(players, seed, 0, max_turns=30, bot=bot)
    fast, loop, plain = (start_state(record) for _ in range(3))
    for step in record.steps:
        advance(fast, step)
        advance_steps(loop, [step])
        plain.stack[-1].apply(plain, step)  # the plain path: apply, then settle
        plain.steps += 1
        settle(plain)
        assert fast.pending == loop.pending == plain.pending, step
        assert snapshot(fast) == snapshot(loop) == snapshot(plain), step
    assert fast.steps == loop.steps == plain.steps == len(record.steps)


def test_frames_that_say_what_comes_next_settle_as_their_base() -> None:
    """An ability (``AbilityFrame.apply``) pops itself when done, and an event answered
    player by player (``OneAnswerFrame.apply``) asks the next player, only where the class
    settles as its base does (``settles_done``, ``settles_plainly``): a class that settles
    its own way (the Steward, the Sale) must settle."""
    from keyharvest.rules.abilities import FRAMES, AbilityFrame, StewardFrame
    from keyharvest.rules.events.base import OneAnswerFrame
    from keyharvest.rules.placement import EFFECTS

    for cls in set(FRAMES.values()):
        assert cls.settles_done == (cls.settle is AbilityFrame.settle), cls
    assert not StewardFrame.settles_done
    answered = [f.__self__ for f in EFFECTS.values()
                if issubclass(f.__self__, OneAnswerFrame)]  # type: ignore[attr-defined]
    assert len(answered) >= 6
    for cls in answered:
        assert cls.settles_plainly == (cls.settle is OneAnswerFrame.settle), cls
    assert not all(cls.settles_plainly for cls in answered)
