"""A program at a pseudo-terminal, for the tests that type at one (``keyharvest record``,
bash's completion): pexpect's dialogue (``expect``, ``send``, ``before``, ``after``, EOF)
over a terminal this process opens (``os.openpty``), with the program started on it by
``subprocess``. The fixture ``terminal`` (conftest.py) starts one and closes it after the
test, whatever the test's end.

Not ``pexpect.spawn``: it forks the test process (``pty.forkpty``) and runs Python in the
child before its exec, and pytest-xdist's workers have threads (execnet's), so Python 3.12
on warns that the fork may deadlock (the child gets copies of locks other threads may
hold). ``subprocess`` runs no Python between its fork and the exec, which is safe in a
threaded process. The child starts a session and makes the terminal its controlling one
(``TIOCSCTTY``) before it becomes the program, as ``forkpty`` does, so that the program
has a terminal as at a shell: job control, and a hang-up when the terminal closes.
"""

from __future__ import annotations

import fcntl
import os
import struct
import subprocess
import sys
import termios
from collections.abc import Mapping

from pexpect.fdpexpect import fdspawn

#: The child's first program (``python -S -c``, no site: a few milliseconds): the terminal
#: on its standard input made its controlling one (the session is new: ``start_new_session``),
#: then the program run in its place.
_CONTROLLING = ("import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
                "os.execvp(sys.argv[1], sys.argv[1:])")


class Terminal(fdspawn):
    """``program`` with ``args`` at a new pseudo-terminal of ``dimensions`` (rows, columns);
    pexpect's ``expect`` and ``send`` on the terminal's side, ``process`` the child."""

    def __init__(self, program: str, args: list[str], *, env: Mapping[str, str] | None = None,
                 cwd: str | None = None, timeout: float = 30,
                 dimensions: tuple[int, int] = (24, 80), encoding: str = "utf-8") -> None:
        master, slave = os.openpty()
        try:
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", *dimensions, 0, 0))
            self.process = subprocess.Popen(
                [sys.executable, "-S", "-c", _CONTROLLING, program, *args],
                stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd,
                start_new_session=True)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)  # the child's only: its exit is the terminal's EOF here
        super().__init__(master, timeout=timeout, encoding=encoding)
        self.signalstatus: int | None = None

    def kill(self, sig: int) -> None:
        """Send ``sig`` to the program."""
        self.process.send_signal(sig)

    def close(self, force: bool = True) -> None:
        """Close the terminal (the program gets its hang-up) and wait for the program; one
        still running after that is killed if ``force``. ``exitstatus`` is its exit code, or
        ``signalstatus`` the signal that ended it, as pexpect's."""
        super().close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            if not force:
                raise
            self.process.kill()
            self.process.wait()
        code = self.process.returncode
        self.exitstatus, self.signalstatus = (code, None) if code >= 0 else (None, -code)
