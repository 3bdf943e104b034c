"""A game recorded live at the table: a record that grows step by step, each step checked.

``LiveRecord`` holds a record and the state it replays to. ``enter(line)`` reads a line
of liberal notation (several steps separated by ``;``, ``colour:`` prefixes as in a
record), checks each step with the engine and keeps the ones that apply, up to the first
that does not; ``undo()`` takes back the last step; ``completions(text)`` says what may be
typed next, word by word, from the legal steps. After every change the record's canonical
text goes to the ``save`` callback at once, so that nothing typed is lost: the command
line (``keyharvest record``) passes a safe file writer.

A decision whose only legal answer is ``pass`` (a player with nothing to give to an
event, say) is answered at once and written, as a record may write it (I.37). A player who
types that pass all the same (as ``validate`` accepts it written) has it taken as the pass
answered for them, not refused: a typed step that does not apply is first matched against
the passes answered since the last step typed.

This module knows records, the engine and the notation; it knows nothing of terminals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import IllegalStep, KeyHarvestError
from ..formats.alternatives import advise, alternatives, written
from ..formats.diagnostics import Diagnostic, diagnose
from ..formats.records import Record, format_record, replay
from ..model.board import Board
from ..model.state import PendingKind, State
from ..model.steps import Pass, Step
from ..notation import parse_step
from ..rules import advance, advance_steps, representative_steps
from ..rules.actions import new_game

#: At most this many alternatives are offered after a refusal.
ALTERNATIVES = 5
#: A bound on forced passes answered in a row (a table has at most four players, and a
#: chain of effects a few of them each).
MAX_FORCED = 64


@dataclass
class Refusal:
    """An item of a line that could not be taken: why, what may be written instead, and
    the rest of the line from that item on (to edit and enter again)."""

    diagnostic: Diagnostic
    alternatives: list[str]
    rest: str


@dataclass
class Entered:
    """What ``enter`` did: the steps taken (forced passes included, marked) and the first
    refusal, if any."""

    steps: list[tuple[Step, bool]] = field(default_factory=list)  # (step, forced)
    refusal: Refusal | None = None
    #: Steps typed that were the passes already answered for their players (I.37).
    claimed: list[Step] = field(default_factory=list)


class LiveRecord:
    """A record being written at the table. Raises ``KeyHarvestError`` (with a position)
    when the record given does not replay."""

    def __init__(self, record: Record, save: Callable[[str], None],
                 board: Board | None = None) -> None:
        self.record = record
        self.board = board or record.load_board()
        self.save = save
        replayed = replay(record, self.board)
        if replayed.error is not None:
            raise replayed.error
        self.state: State = replayed.state
        for shift, (index, step) in enumerate(replayed.implied):  # passes left out (I.37)
            record.steps.insert(index + shift, step)
        #: Which of the record's steps were answered for the player (forced passes).
        self.forced: list[bool] = [False] * len(record.steps)
        #: The passes answered since the last step typed that no typed step has matched
        #: yet, first first (a player may type them all the same).
        self.answered: list[Step] = []
        self._forced_passes()  # a record may stop where only a pass is legal

    # -- what the game waits for ----------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.is_over

    def waiting(self) -> str:
        """What the game waits for, in words: ``red to take an action or end the turn``."""
        state = self.state
        if state.is_over:
            return f"the game is over ({state.result})"
        return state.pending.describe()

    def speaker(self) -> str | None:
        """Whose decision it is (None for a draw from the bag)."""
        return None if self.state.is_over else self.state.pending.player

    def text(self) -> str:
        """The record's canonical text, as saved."""
        return format_record(self.record)

    def moves(self, state: State | None = None) -> list[str]:
        """The legal next steps, in canonical notation, the speaker's without a prefix."""
        state = state or self.state
        return [self._written(step, state) for step in representative_steps(state)]

    # -- entering steps -------------------------------------------------------------------
    def enter(self, line: str) -> Entered:
        """Take the steps of ``line`` in order, up to the first that does not parse or is
        not legal here; save after each one taken."""
        done = Entered()
        items = line.split(";")
        for i, item in enumerate(items):
            if not item.strip():
                continue
            try:
                step = self._parse(item, self.state)
                advance(self.state, step)  # checks the whole step before changing anything
            except KeyHarvestError as exc:
                answered = self._answered(item)
                if answered is not None:
                    done.claimed.append(answered)
                    continue
                done.refusal = self._refusal(exc, item, ";".join(items[i:]).strip())
                return done
            self.answered = []
            self._keep(step, forced=False)
            done.steps.append((step, False))
            done.steps.extend((s, True) for s in self._forced_passes())
        return done

    def undo(self) -> list[Step]:
        """Take back the last step entered (and the passes answered for players after it);
        return the steps removed, last first. Nothing to undo gives []."""
        steps = self.record.steps
        removed: list[Step] = []
        while steps and self.forced[-1]:
            removed.append(steps.pop())
            self.forced.pop()
        if steps:
            removed.append(steps.pop())
            self.forced.pop()
        if removed:
            self.answered = []
            self.state = new_game(self.record.setup, self.board)
            advance_steps(self.state, list(steps))
            self.save(self.text())
        return removed

    # -- completion -------------------------------------------------------------------------
    def completions(self, before_cursor: str) -> list[str]:
        """What the item being typed at the end of ``before_cursor`` may become, up to the
        end of its next word: ``har`` gives ``harvest``, ``harvest `` gives ``harvest B3``,
        ``harvest B3 B4``... Items before it on the line are taken into account (the state
        after them); an item that does not apply there gives nothing."""
        *done, current = before_cursor.split(";")
        state = self.state
        if done:
            state = state.copy()
            try:
                for item in done:
                    if item.strip():
                        advance(state, self._parse(item, state))
            except KeyHarvestError:
                return []
        typed = current.lstrip()
        low = typed.lower()
        out: list[str] = []
        for text in self.moves(state):
            if not text.lower().startswith(low):
                continue
            end = text.find(" ", len(typed) + 1 if typed.endswith(" ") else len(typed))
            word = text if end < 0 else text[:end]
            if word not in out:
                out.append(word)
        return out

    # -- inside -----------------------------------------------------------------------------
    def _parse(self, item: str, state: State) -> Step:
        player = None if state.is_over else state.pending.player
        return parse_step(item.strip(), player, players=self.record.players, board=self.board,
                          source="input")

    def _keep(self, step: Step, forced: bool) -> None:
        self.record.steps.append(step)
        self.forced.append(forced)
        self.save(self.text())

    def _forced_passes(self) -> list[Step]:
        taken: list[Step] = []
        for _ in range(MAX_FORCED):
            state = self.state
            pend = state.pending
            if (state.is_over or pend.kind in (PendingKind.TURN, PendingKind.CHANCE)
                    or pend.player is None):
                break
            only = Pass(pend.player)
            if representative_steps(state) != [only]:
                break
            advance(state, only)
            self._keep(only, forced=True)
            self.answered.append(only)
            taken.append(only)
        return taken

    def _answered(self, item: str) -> Step | None:
        """The first pass answered since the last step typed, if ``item`` (which does not
        apply) is that pass as its player types it; it is then matched (taken as typed)."""
        if not self.answered:
            return None
        first = self.answered[0]
        try:
            step = parse_step(item.strip(), first.player,
                              players=self.record.players, board=self.board, source="input")
        except KeyHarvestError:
            return None
        if step != first:
            return None
        del self.answered[0]
        return first

    def _refusal(self, exc: KeyHarvestError, item: str, rest: str) -> Refusal:
        """The refusal of ``item``: its diagnostic, whose help is the one every command
        gives for that step refused there (``formats.alternatives.advise``)."""
        refused = exc.step if isinstance(exc, IllegalStep) else None
        if isinstance(exc, IllegalStep):
            steps = self.record.steps
            advise(exc, self.state, after=steps[-1] if steps else None)
            found = list(getattr(exc, "alternatives", ()))
        else:
            found = nearest(self.state, item.strip(), refused, self)
        diagnostic = diagnose(exc, text=item.strip(), source="input")
        return Refusal(diagnostic, found, rest)

    def _written(self, step: Step, state: State) -> str:
        """``step`` as the speaker types it: without a prefix when it is theirs."""
        return written(step, None if state.is_over else state.pending.player)


def nearest(state: State, typed: str, refused: Step | None, live: LiveRecord,
            limit: int = ALTERNATIVES) -> list[str]:
    """The legal steps closest to what was typed, nearest first, as the speaker types them
    (``formats.alternatives.alternatives``: the same kind of step, the same tile or
    worker, then the fewest edits)."""
    speaker = None if state.is_over else state.pending.player
    return alternatives(state, refused if refused is not None else typed, limit,
                        speaker=speaker)


__all__ = ["ALTERNATIVES", "Entered", "LiveRecord", "Refusal", "nearest"]
