"""Hypothesis strategies for every step class of keyharvest.model.steps, with names that exist
(colours, standard-board references, worker and event letters) and crops in canonical
order, as the engine and the notation expect them."""

from __future__ import annotations

from hypothesis import strategies as st

from keyharvest.formats.boardfile import standard_board
from keyharvest.model import steps as S
from keyharvest.model.catalogue import CROPS, EVENT_LETTERS, PLAYER_COLOURS, WORKERS

REFS = standard_board().references
colours = st.sampled_from(PLAYER_COLOURS)
refs = st.sampled_from(REFS)
workers = st.sampled_from(sorted(WORKERS))
events = st.sampled_from(EVENT_LETTERS)
crop = st.sampled_from(CROPS)


def crops(min_size: int = 0, max_size: int = 4) -> st.SearchStrategy[tuple[str, ...]]:
    return st.lists(crop, min_size=min_size, max_size=max_size).map(S.norm_crops)


def ref_lists(min_size: int = 0, max_size: int = 4) -> st.SearchStrategy[tuple[str, ...]]:
    return st.lists(refs, min_size=min_size, max_size=max_size, unique=True).map(tuple)


#: One strategy per step class (keyed by the class, so a new class without a strategy is
#: noticed by test_every_step_class_has_a_strategy).
STRATEGIES: dict[type, st.SearchStrategy] = {
    S.Draw: st.one_of(refs, events).map(S.Draw),
    S.Harvest: st.builds(S.Harvest, colours, ref_lists(), crops(0, 2)),
    S.Play: st.builds(S.Play, colours, workers, refs),
    S.Remove: st.builds(S.Remove, colours, workers),
    S.Buy: st.builds(S.Buy, colours, refs, colours, crops(0, 4)),
    S.Offer: st.builds(S.Offer, colours, refs, crops(0, 4)),
    S.EndTurn: st.builds(S.EndTurn, colours),
    S.Replace: st.builds(S.Replace, colours, workers, refs),
    S.Pass: st.builds(S.Pass, colours),
    S.Gain: st.builds(S.Gain, colours, crops(0, 2)),
    S.Flip: st.builds(S.Flip, colours, ref_lists()),
    S.Fallow: st.builds(S.Fallow, colours, refs),
    S.Claim: st.builds(S.Claim, colours, refs, colours, crops(0, 3)),
    S.Copy: st.builds(S.Copy, colours, workers),
    S.Accept: st.builds(S.Accept, colours),
    S.Place: st.builds(S.Place, colours, refs),
    S.Pick: st.builds(S.Pick, colours, refs, crops(0, 3)),
    S.Swap: st.builds(S.Swap, colours, refs, refs, st.none() | colours),
    S.Give: st.builds(S.Give, colours, refs),
    S.Pay: st.builds(S.Pay, colours, crops(0, 3)),
    S.Move: st.builds(S.Move, colours, workers, refs),
    S.Grant: st.builds(S.Grant, colours,
                       st.lists(st.tuples(colours, crop), max_size=4).map(tuple)),
}

any_step = st.one_of(*STRATEGIES.values())


def steps_of(players: tuple[str, ...]) -> st.SearchStrategy[S.Step]:
    """Any step, by one of ``players``, the end of a turn being frequent."""
    def recolour(step: S.Step, who: str, whom: str) -> S.Step:
        import dataclasses

        changes: dict = {}
        if getattr(step, "player", None) is not None:  # a draw is nobody's
            changes["player"] = who
        for f in ("seller", "victim"):
            if hasattr(step, f):
                changes[f] = whom
        if isinstance(step, S.Swap) and step.owner is not None:
            changes["owner"] = whom
        if isinstance(step, S.Grant):
            changes["gifts"] = tuple((players[i % len(players)], c)
                                     for i, (_, c) in enumerate(step.gifts))
        return dataclasses.replace(step, **changes)

    who = st.sampled_from(players)
    return st.one_of(
        st.builds(recolour, any_step, who, who),
        st.builds(S.EndTurn, who),
    )


def comments_for(n_steps: int, steps: list[S.Step]) -> st.SearchStrategy[list]:
    """Comments in the normal form the reader produces: sorted by position, at most one
    inline comment per position and first there, inline only after a step that is not the
    end of a turn."""
    from keyharvest.notation import Comment

    text = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
                   max_size=12).map(str.strip)

    def normal(raw: list[tuple[int, str, bool]]) -> list[Comment]:
        out: list[Comment] = []
        inline_at: set[int] = set()
        for at, t, inline in sorted(raw, key=lambda c: c[0]):
            ok = inline and at > 0 and not isinstance(steps[at - 1], S.EndTurn) \
                and at not in inline_at and not any(c.at == at for c in out)
            if ok:
                inline_at.add(at)
            out.append(Comment(at, t, ok))
        return out

    return st.lists(st.tuples(st.integers(0, n_steps), text, st.booleans()),
                    max_size=6).map(normal)
