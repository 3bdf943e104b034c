"""The rules specification that errors cite, shipped with the program (``data/RULES.md``,
the project's own ``RULES.md``), read into its sections by id: what ``keyharvest rules``
prints, and what every rule id the code cites must resolve to.

The ids, as the errors and help texts cite them:

- a part, ``## C. Turn structure and actions``: ``C`` (its whole text, subsections too);
- a subsection, ``### C.4 Action c: ...``: ``C.4``;
- in a part without subsections (B, G, I), a numbered item at the start of a line,
  ``55. **Scoring a game that has not ended** ...``: ``I.55`` (up to the next item, or the
  next line of the part that is not indented).

This module reads a text document; it knows nothing of the engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

_PART = re.compile(r"## ([0-9A-Z])\. (.+)")
_SUB = re.compile(r"### ([0-9A-Z]\.[0-9]+) (.+)")
_ITEM = re.compile(r"([0-9]+)\. (.*)")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
#: A rule id as the code writes one: a part letter, and a number within it.
RULE_ID = re.compile(r"\b([A-J])(?:\.([0-9]{1,2}))?\b")


@dataclass(frozen=True)
class Section:
    """One section of the rules: its id (``C.4``), title and text (its heading first)."""

    id: str
    title: str
    text: str

    @property
    def part(self) -> str:
        return self.id.split(".")[0]


def parse_rules(text: str) -> dict[str, Section]:
    """The sections of a rules document (see the module docstring), by id, in order."""
    lines = text.split("\n")
    found: dict[str, Section] = {}
    parts: list[tuple[str, str, int]] = []  # id, title, first line
    for i, line in enumerate(lines):
        m = _PART.fullmatch(line.rstrip())
        if m:
            parts.append((m.group(1), m.group(2).strip(), i))
    for n, (part, title, first) in enumerate(parts):
        end = parts[n + 1][2] if n + 1 < len(parts) else len(lines)
        found[part] = Section(part, title, _text(lines[first:end]))
        subs = [(m.group(1), m.group(2).strip(), i) for i in range(first + 1, end)
                if (m := _SUB.fullmatch(lines[i].rstrip()))]
        for k, (sid, stitle, at) in enumerate(subs):
            stop = subs[k + 1][2] if k + 1 < len(subs) else end
            found[sid] = Section(sid, stitle.replace("**", ""), _text(lines[at:stop]))
        if not subs:
            for iid, ititle, body in _items(lines[first + 1:end]):
                found[f"{part}.{iid}"] = Section(f"{part}.{iid}", ititle.replace("**", ""),
                                                 body)
    return found


def _items(lines: list[str]) -> list[tuple[str, str, str]]:
    """The numbered items (1, 2, 3 ... in turn) of a part: number, title and text."""
    out: list[tuple[str, str, str]] = []
    current: list[str] | None = None
    for line in [*lines, "end"]:
        m = _ITEM.fullmatch(line)
        if m and int(m.group(1)) == len(out) + (current is not None) + 1:
            _close(out, current)
            current = [line]
        elif current is not None and line and not line[:1].isspace():
            _close(out, current)
            current = None
        elif current is not None:
            current.append(line)
    return out


def _close(out: list[tuple[str, str, str]], item: list[str] | None) -> None:
    if item is None:
        return
    m = _ITEM.fullmatch(item[0])
    assert m is not None
    bold = _BOLD.match(m.group(2))
    title = bold.group(1) if bold else re.split(r"[.:;] ", m.group(2), maxsplit=1)[0]
    out.append((m.group(1), title.rstrip(" .:"), _text(item)))


def _text(lines: list[str]) -> str:
    return "\n".join(lines).strip("\n").removesuffix("---").rstrip()


@lru_cache(maxsize=1)
def rules_text() -> str:
    """The shipped rules specification (package data), as ``boardfile.standard_board``
    reads its board: beside the package's modules, else through ``importlib.resources``."""
    beside = Path(__file__).parent.parent / "data" / "RULES.md"
    try:
        return beside.read_text("utf-8")
    except OSError:
        from importlib import resources

        return resources.files("keyharvest").joinpath("data", "RULES.md").read_text("utf-8")


@lru_cache(maxsize=1)
def sections() -> dict[str, Section]:
    """The sections of the shipped rules, by id."""
    return parse_rules(rules_text())


def normal_id(word: str) -> str:
    """A rule id as a user may type it (``c.4``, ``RULES.md C.4``, ``[C.4]``) written as
    the sections name it (``C.4``)."""
    word = word.strip().removeprefix("RULES.md").strip().strip("[]()").strip()
    return word.upper() if len(word) < 8 else word


def section(rule: str) -> Section:
    """The section of ``rule``. Raises ``KeyError`` (its argument: a message with a
    "did you mean", for the user) for an id the rules do not have."""
    found = sections()
    key = normal_id(rule)
    if key in found:
        return found[key]
    raise KeyError(unknown_message(rule))


def unknown_message(rule: str) -> str:
    """What to say of ``rule``, not an id of the rules: the nearest one, by preference in
    the same part (``C.9``: ``C.1``)."""
    import difflib

    from ..errors import quoted

    found = sections()
    key = normal_id(rule)
    part = key.split(".")[0]
    near = [k for k in found if k.split(".")[0] == part] or list(found)  # its part's first
    close = difflib.get_close_matches(key, near, n=1, cutoff=0.5) or (
        [part] if part in found else [])
    message = f"no section {quoted(rule)}"
    if close:
        message += f": did you mean {close[0]!r} ({found[close[0]].title})?"
    return message


__all__ = ["RULE_ID", "Section", "normal_id", "parse_rules", "rules_text", "section",
           "sections", "unknown_message"]
