"""The body of ``keyharvest fmt``: records written in canonical form, to stdout, checked
(``--check``), shown as a diff (``--diff``) or rewritten in place (``--write``). Its
declaration, options and help are in ``commands``, which calls it by keyword. This module
imports nothing heavy at the top."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .inputs import Format, Reading, bad_parameter, prelude
from .support import (
    INVALID,
    OK,
    Failure,
    emit,
    is_json,
    note,
    os_reason,
    out,
    read_input,
    result,
    say,
    summary,
)

if TYPE_CHECKING:  # names for the annotations only
    from ..formats.diagnostics import Diagnostic


def fmt(
    *, paths: Sequence[str], check: bool, write: bool, show_diff: bool, force: bool,
    board: str | None, trust_board_paths: bool, max_bytes: str | None, quiet: bool,
    output: Format,
) -> int:
    """The body of ``keyharvest fmt``."""
    if write and (check or show_diff):
        raise bad_parameter("--write excludes --check and --diff", "'--write'")
    if write and "-" in paths:
        raise bad_parameter("--write rewrites files; stdin is not one: 'keyharvest fmt -' "
                            "writes the canonical form to stdout", "'FILE'")
    reading = prelude(paths, board=board, trust_board_paths=trust_board_paths,
                      max_bytes=max_bytes)
    from ..play.inputs import format_paths

    run = _Run(reading, check=check, write=write, show_diff=show_diff, force=force,
               json_mode=is_json(output))
    from ..play.batch import LinkOut

    for path in format_paths(paths):
        if isinstance(path, LinkOut):  # never read, never written: one line says so
            result("skipped", {"source": str(path), "ok": True}, [path.note()])
            continue
        run.one(path)
    if check and run.changed and not quiet:
        emit([note(_fmt_advice(run.changed, show_diff))])
    summary(not run.bad and not (check and run.changed), files=run.files,
            changed=len(run.changed), bad=run.bad)
    return INVALID if run.bad or (check and run.changed) else OK


class _Run:
    """One run of ``fmt``: what it does with each file, and what it has counted."""

    def __init__(self, reading: Reading, *, check: bool, write: bool, show_diff: bool,
                 force: bool, json_mode: bool) -> None:
        self.reading = reading
        self.check, self.write, self.show_diff, self.force = check, write, show_diff, force
        self.json_mode = json_mode
        self.files = self.bad = 0
        self.changed: list[str] = []
        self.first = True

    def one(self, path: str) -> None:
        """Read, format and check, show or write the file ``path``."""
        import os

        from ..formats.safewrite import sweep_once
        from ..play.inputs import format_text

        if self.write:  # a killed run's temporary files go, even where nothing is rewritten
            sweep_once(os.path.dirname(os.path.abspath(path)))
        self.files += 1
        data: dict[str, Any] = {"source": path, "ok": True, "canonical": None,
                                "written": False}
        try:
            text, source = read_input(path, self.reading.limit)
        except Failure as exc:
            return self._failed(data, exc.diagnostics)
        done = format_text(text, source, None if path == "-" else path,
                           access=self.reading.access)
        if done.diagnostics:
            return self._failed(data, done.diagnostics)
        assert done.canonical is not None  # a text that reads has a canonical form
        data["canonical"] = done.same
        if not done.same:
            self.changed.append(path)
        if self._show(path, data, text, done.canonical, source, done.same):
            result("file", data, [])

    def _show(self, path: str, data: dict[str, Any], text: str, canonical: str, source: str,
              same: bool) -> bool:
        """What the mode asks of one file that reads; False if writing it failed."""
        if self.show_diff:
            data["diff"] = _unified_diff(text, canonical, source) if not same else ""
            if not self.json_mode:
                out(data["diff"], end="")
        elif self.check:
            if not same:
                say(path)
        elif self.write:
            return same or self._rewrite(path, data, canonical)
        elif self.json_mode:
            data["text"] = canonical
        else:
            out(canonical if self.first else "\n" + canonical, end="")
            self.first = False
        return True

    def _rewrite(self, path: str, data: dict[str, Any], canonical: str) -> bool:
        from ..formats.diagnostics import Diagnostic
        from ..formats.safewrite import write_file

        try:
            write_file(path, canonical, force=self.force)
        except OSError as exc:  # refused, or the disk is full: the file is as it was
            self._failed(data, [Diagnostic(os_reason(exc), path, kind="io")])
            return False
        data["written"] = True
        say(path)
        return True

    def _failed(self, data: dict[str, Any], diagnostics: Sequence[Diagnostic]) -> None:
        self.bad += 1
        if self.json_mode:
            result("file", {**data, "ok": False}, diagnostics)
        else:
            emit(diagnostics)


def _unified_diff(text: str, canonical: str, source: str) -> str:
    """What ``fmt --write`` would change, as a unified diff (3 lines of context)."""
    import difflib

    lines = difflib.unified_diff(text.splitlines(keepends=True),
                                 canonical.splitlines(keepends=True),
                                 fromfile=source, tofile=f"{source} (canonical)")
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in lines)


def _fmt_advice(changed: list[str], shown: bool) -> str:
    """The note after ``fmt --check`` found text not in canonical form: what fixes it
    (``--write`` for files; stdin cannot be rewritten, ``fmt -`` prints it) and, unless
    shown already, how to see the changes (``--diff``)."""
    if changed == ["-"]:
        see = "" if shown else ", 'keyharvest fmt --diff -' shows the changes"
        return f"stdin is not in canonical form: 'keyharvest fmt -' writes it{see}"
    see = "" if shown else "; --diff shows the changes"
    files = "1 file is" if len(changed) == 1 else f"{len(changed)} files are"
    them = "it" if len(changed) == 1 else "them"
    return f"{files} not in canonical form: 'keyharvest fmt --write' rewrites {them}{see}"
