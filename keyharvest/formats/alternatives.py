"""What may be written where a step was refused: the legal alternatives, nearest first, and
what the game waits for, in words.

``alternatives(state, refused)`` lists up to five steps that are legal in ``state`` (the
state the refused step met), in notation that parses with the record's names and applies
there: the same kind of step first, then those sharing the most words with the refused
one (its tile, its worker), then the fewest edits; ``pass`` comes last, as the way out.
``waiting_words(state)`` says what the game waits for ("the Apprentice at D6 waits for
its harvest", "a refill draw is due"), and ``help_line`` puts both in the line a
diagnostic shows::

    help: the Apprentice at D6 waits for its harvest: write 'harvest D5', 'harvest D7'
    or 'pass' after 'play A at D6'

This module reads states and notation; it decides nothing (legality is the engine's:
every alternative is one of ``representative_steps(state)``). ``records.replay`` puts its help on
every rule error of a record (``IllegalStep.hint`` and ``.alternatives``), so every
command shows it; a live recorder can use it at the table.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from ..errors import KeyHarvestError
from ..model.catalogue import EVENTS, WORKERS
from ..model.state import State
from ..model.steps import EndTurn, Pass, Step
from ..notation import format_step, parse_step, step_text
from ..rules import representative_steps

#: At most this many alternatives are named.
LIMIT = 5
#: What each worker's ability waits for (RULES.md D), after "waits for".
ABILITY = {
    "A": "its harvest", "B": "its harvest (up to two tiles)", "C": "its two crops",
    "D": "the tiles it flips", "E": "its purchase", "F": "the tile it sends to the fallow",
    "G": "its purchase", "H": "the registry tile it takes", "I": "the lonely tile it claims",
    "J": "the worker it copies", "K": "its draw", "L": "the registry tile it places",
}
#: What a draw from the bag is for, by the purpose of the frame waiting for it.
DRAWS = {"registry refill": "a refill draw is due"}


def written(step: Step, speaker: str | None) -> str:
    """``step`` as it is written where ``speaker`` speaks: without its colour when it is
    the speaker's own (and for a draw, which is nobody's)."""
    player = getattr(step, "player", None)
    if player is None or player == speaker:
        return step_text(step)
    return format_step(step)


def _refused_step(state: State, refused: Step | str | None, speaker: str | None) -> Step | None:
    if refused is None or isinstance(refused, Step):
        return refused
    try:
        return parse_step(refused, speaker, players=state.colours, board=state.board)
    except KeyHarvestError:
        return None


def _words(text: str) -> set[str]:
    return set(text.lower().replace(",", " ").split()[1:])  # the step's words but its first


def alternatives(state: State, refused: Step | str | None = None, limit: int = LIMIT, *,
                 speaker: str | None = None) -> list[str]:
    """Up to ``limit`` legal steps of ``state`` nearest to ``refused`` (a step, or the
    text typed), as written where ``speaker`` speaks (by default the refused step's
    player, else the player the game waits for, else the turn's player; ``""``: where
    nobody speaks, every step with its colour): the same kind of
    step first, then the most words shared (the same tile or worker), then the fewest
    edits, and no more than two of any other kind; ``pass`` last (and kept, when legal).
    Each one parses with the record's names
    (``parse_step(text, speaker, players=..., board=...)``) and applies in ``state``."""
    if state.is_over:
        return []
    legal = representative_steps(state)
    if speaker is None:
        if isinstance(refused, Step) and getattr(refused, "player", None):
            speaker = refused.player
        else:
            speaker = state.pending.player or state.current.colour
    step = _refused_step(state, refused, speaker)
    typed = (refused if isinstance(refused, str) else written(step, speaker) if step else "")
    typed = typed.strip().lower()
    words = _words(typed)
    kind = type(step) if step is not None else None

    def rank(s: Step) -> tuple[int, int, int, float, str]:
        text = written(s, speaker)
        is_pass = type(s) is Pass and kind is not Pass
        ratio = difflib.SequenceMatcher(None, typed, text.lower()).ratio() if typed else 0.0
        return (int(is_pass), 0 if type(s) is kind else 1, -len(words & _words(text)),
                -ratio, text)

    ranked = sorted(legal, key=rank)
    # the refused kind as often as it comes; of the other kinds two each, so that the
    # choices show what else may be done (the rest only to fill up)
    chosen: list[Step] = []
    spare: list[Step] = []
    per_kind: dict[type, int] = {}
    for s in ranked:
        k = type(s)
        if k is not kind and per_kind.get(k, 0) >= 2:
            spare.append(s)
            continue
        per_kind[k] = per_kind.get(k, 0) + 1
        chosen.append(s)
    chosen = sorted((chosen + spare)[:limit] if len(chosen) < limit else chosen[:limit],
                    key=rank)
    passes: list[Step] = [s for s in ranked if type(s) is Pass]
    if passes and passes[0] not in chosen and limit > 1:
        chosen = chosen[:limit - 1] + passes[:1]
    return [written(s, speaker) for s in chosen]


def waiting_words(state: State) -> str:
    """What the game waits for, in words: ``the Apprentice at D6 waits for its harvest``,
    ``a refill draw is due``, ``red is to take an action or end the turn``."""
    pending = state.pending
    kind = pending.kind
    if state.is_over or kind == "over":
        return f"the game is {state.result or 'over'}: nothing more may be written"
    if kind == "chance":
        return DRAWS.get(pending.purpose, f"a draw from the bag is due ({pending.purpose})"
                         if pending.purpose else "a draw from the bag is due")
    player = pending.player or ""
    if kind in ("ability", "choice") and pending.worker in WORKERS:
        letter = pending.worker
        name = WORKERS[letter].name
        where = next((ref for ref, w in state.player(player).workers.items() if w == letter),
                     None) if player else None
        at = f" at {where}" if where else ""
        what = pending.purpose if kind == "choice" and pending.purpose else ABILITY.get(
            letter, "its ability")
        return f"{player}'s {name}{at} waits for {what}"
    if kind == "replace":
        return f"{player} re-places worker {pending.worker} or passes"
    if kind == "event" and pending.event in EVENTS:
        return f"event {pending.event} ({EVENTS[pending.event].name}) waits for {player}'s answer"
    if kind == "turn":
        return f"{player} is to take an action or end the turn"
    return f"{player} is to decide: {pending.describe()}"


def said(quoted: Sequence[str]) -> str:
    """``'a', 'b' or 'c'``: the texts as one phrase."""
    if len(quoted) == 1:
        return quoted[0]
    return ", ".join(quoted[:-1]) + " or " + quoted[-1]


def advise(error: KeyHarvestError, state: State, *, after: Step | None = None,
           source: str | None = None, point: int | None = None,
           before: str | None = None,
           after_text: tuple[str, str] | None = None) -> KeyHarvestError:
    """``error`` (a step refused in ``state``) with the help of ``help_line`` as its
    ``hint`` (unless it has one) and the alternatives as its ``alternatives``."""
    refused = getattr(error, "step", None)
    text, found = help_line(state, refused, after=after, source=source, point=point,
                            before=before, after_text=after_text)
    if getattr(error, "hint", None) is None:
        error.hint = text  # type: ignore[attr-defined]
    error.alternatives = tuple(found)  # type: ignore[attr-defined]
    return error


#: A colour and its colon at the end of the text before a step (the step's own prefix),
#: after a turn number or not.
_OWN_PREFIX = re.compile(r"(?:^|;)\s*(\d+\s*\.\s*)?([A-Za-z]+)\s*:\s*$")
_PREFIXES = re.compile(r"(?:^|;)\s*(?:\d+\s*\.\s*)?([A-Za-z]+)\s*:")


def speakers(state: State, before: str | None) -> tuple[str | None, str | None, bool]:
    """Who speaks where a refused step was written, from ``before`` (its line up to it):
    the line's speaker there (its last ``colour:``, else the turn's player), the step's
    own prefix (a ``colour:`` right before it, None if none) and whether that prefix is the
    turn header."""
    turn = state.current.colour
    if before is None:
        return None, None, False
    colours = state.colours
    own = _OWN_PREFIX.search(before)
    said = [m.group(1).lower() for m in _PREFIXES.finditer(before)
            if m.group(1).lower() in colours]
    speaker = said[-1] if said else turn
    if own is None or own.group(2).lower() not in colours:
        return speaker, None, False
    header = own.start() == 0 and (own.group(1) is not None or not before[:1].isspace())
    return speaker, own.group(2).lower(), header


def help_line(state: State, refused: Step | str | None = None, *, after: Step | None = None,
              source: str | None = None, point: int | None = None,
              limit: int = LIMIT, before: str | None = None,
              after_text: tuple[str, str] | None = None) -> tuple[str, list[str]]:
    """The help for a step refused in ``state``: the line (without ``help:``) and the
    alternatives it names. ``after`` is the step written before the refused one (the
    line says to write the alternative after it); ``source`` and ``point`` (the steps
    applied) let a due draw point at ``keyharvest moves``. A refused ``end`` is helped
    with what to write after the step before it; any other step with what to write
    instead of it. ``before`` (the refused step's line up to it) says who speaks there, so
    that every text the line names may be put in the record where it says, literally;
    ``after_text`` (``after``'s line up to its end, and its own text) likewise: the line
    says after what to write as it is written there."""
    line_speaker, own, header = speakers(state, before)
    speaker = getattr(refused, "player", None) if isinstance(refused, Step) else None
    # who speaks where the alternatives go ("": nobody, each is written with its colour)
    if isinstance(refused, EndTurn) and after is not None and not isinstance(after, EndTurn):
        speaker = getattr(after, "player", None) or ""  # after 'after', in its player's words
    elif isinstance(refused, Step) and not isinstance(refused, EndTurn) and before is not None:
        # after the step's own 'colour:' (not the header's), that prefix is replaced too
        speaker = line_speaker if own is None or header else ""
    found = alternatives(state, refused, limit, speaker=speaker)
    frame = waiting_words(state)
    if state.is_over:
        return frame, []
    if isinstance(refused, EndTurn) or before is None:
        speaker = getattr(refused, "player", None) if isinstance(refused, Step) else None
    speaker = speaker or None
    if state.pending.kind == "chance":
        where = source if source and not source.startswith("<") else "FILE"
        moves = f"keyharvest moves {where}" + (f" --to {point}" if point is not None else "")
        text = f"{frame}: write 'draw <tile>' ({moves} lists what the bag can give)"
    else:
        text = f"{frame}: write {said([repr(a) for a in found])}" if found else frame
    if state.pending.kind == "chance" or not found:
        return text, found
    if isinstance(refused, EndTurn):  # the turn was ended too soon: write more before it
        if isinstance(after, EndTurn):  # an 'end' written twice
            return f"{frame}: the turn has ended: delete this 'end'", found
        if after is not None:
            anchor = written(after, speaker)
            if after_text is not None and not after_text[0].lower().endswith(anchor.lower()):
                anchor = after_text[1]  # (written in its speaker's words there: 'pass')
            text += f" after {anchor!r}"
        return text, found
    if not isinstance(refused, Step):
        return text, found
    pending = state.pending
    turn = state.current.colour
    player = getattr(refused, "player", None)
    if (player is not None and pending.kind == "turn" and pending.player != player
            and (after is None or isinstance(after, EndTurn)) and (header or before is None)):
        # the step is the first of a turn, spoken by its header: the header is what to fix
        n = state.turn.number
        return (f"{frame}: this is {pending.player}'s turn, not {player}'s: write "
                f"'{n}. {pending.player}:' instead of '{n}. {player}:'"), found
    if before is None:  # (no text: as written by its player, with its colour if not the turn's)
        typed = format_step(refused) if player is not None and player != turn else written(
            refused, speaker)
    elif own is not None and not header:  # the text to replace is 'colour: step'
        typed = f"{own}: {written(refused, own)}"
    else:
        typed = written(refused, speaker)
    first = _makes_legal(state, refused, found, speaker)
    if first is None:
        return text + f" instead of {typed!r}", found
    others = [a for a in found if a != first]
    rest = f" (or {said([repr(a) for a in others])} instead of it)" if others else ""
    if ":" in first and first.split(":")[0] in state.colours:  # another player speaks
        again = format_step(refused) if player is not None else written(refused, None)
        if player is None and speaker is not None:  # a draw: the line's speaker again
            again = f"{speaker}: {again}"
        joined = f"{first}; {again}"  # (then the step's own colour again)
        return f"{frame}: write {joined!r} instead of {typed!r}{rest}", found
    return f"{frame}: write {first!r} before {typed!r}{rest}", found


def _makes_legal(state: State, refused: Step, found: Sequence[str],
                 speaker: str | None) -> str | None:
    """The first of ``found`` (the alternatives, as written where ``speaker`` speaks)
    after which ``refused`` applies: a step left out before it; a pass first (the step
    most often forgotten: an ability declined)."""
    from ..rules import advance, is_legal

    for text in sorted(found, key=lambda t: t.split(":")[-1].strip() != "pass"):
        try:
            step = parse_step(text, speaker, players=state.colours, board=state.board)
            trial = state.copy()
            advance(trial, step)
        except KeyHarvestError:
            continue
        if is_legal(trial, refused):
            return text
    return None


__all__ = ["LIMIT", "advise", "alternatives", "help_line", "said", "waiting_words", "written"]
