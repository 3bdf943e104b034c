"""Writing files safely: the one writer of every command that writes (``fmt --write``,
``render -o``, ``selfplay --out``) and the one appender (``validate --rejects``).

``write_file(path, text)`` replaces a file so that a reader, a crash, a full disk or a
signal never leaves half of one:

- the new text goes to a temporary file made with ``tempfile.mkstemp`` in the target's own
  folder, named ``.keyharvest-PID-XXXXXXXX.tmp``; it is flushed and ``fsync``ed, given the
  old file's mode (and owner and group, where the system permits), renamed over the target
  with ``os.replace`` and the folder is ``fsync``ed, so that the rename itself is on disk;
- a symbolic link is written through: its target is replaced and the link kept
  (``follow_links=False`` replaces the link itself instead);
- a read-only file (no write bit) and a file with other hard links (writing would split
  them: the other names would keep the old text) are refused with a ``WriteRefused`` that
  says so, unless ``force=True`` (``--force``); ``exclusive=True`` refuses any file that
  exists (``selfplay --out`` does not overwrite records unless ``--force``);
- the temporary file is removed on any exception, on Ctrl-C (SIGINT) and on SIGTERM
  (while a write is under way SIGTERM raises ``SystemExit(143)`` in the main thread, so the
  clean-up runs); only SIGKILL can leave one. The first write into a folder removes
  the leftovers of this program there: temporary files of this name pattern, owned by this
  user, whose process is gone (or that are a day old);
- every ``OSError`` (a full disk, no permission) is raised again naming the file:
  ``cannot write games/a.kh: No space left on device``.

``Appender(path)`` appends to a file opened at the first ``add``: never through a symbolic
link (a link planted at the name is refused: give the link's target instead), only to a
regular file with one name (not a FIFO, a device or a hard link), created if missing
with the usual permissions; each piece is written with one ``write`` call, and the file is
``fsync``ed when closed. A file it made whose first write fails (a full disk) is removed:
a failed run leaves no new empty file.

``same_as_input(path, inputs)`` says which of the inputs (files, ``-`` for standard
input) an output is: the same file by its device and inode, whatever the
names, so that a command can refuse to write onto what it reads. ``kind_of(path)`` names
what a path is for a message: "a file", "a folder", "a symbolic link to nowhere" ...
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import signal
import stat
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Self

#: The temporary files of this program: ``.keyharvest-<pid>-<random>.tmp``.
PREFIX = ".keyharvest-"
SUFFIX = ".tmp"
_LEFTOVER = re.compile(r"\.keyharvest-(\d+)-[A-Za-z0-9_]+\.tmp\Z")
#: A leftover older than this is removed even if its process number is in use again.
STALE_SECONDS = 24 * 3600


class WriteRefused(OSError):
    """A file the writer will not replace (read-only, hard-linked, existing with
    ``exclusive``, not a regular file). ``filename`` is the path; the message says why
    and how to go on."""

    def __init__(self, path: str | os.PathLike[str], why: str) -> None:
        super().__init__(errno.EPERM, why, os.fspath(path))


def _named(exc: OSError, path: str, doing: str = "write") -> OSError:
    """``exc`` again, its message naming ``path`` (a full disk, no permission ...)."""
    if isinstance(exc, WriteRefused):
        return exc
    reason = exc.strerror or str(exc)
    return OSError(exc.errno, f"cannot {doing} it: {reason[:1].lower()}{reason[1:]}", path)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def _signals_clean_up() -> Iterator[None]:
    """While a write is under way, SIGTERM raises ``SystemExit`` (exit code 143) instead
    of ending the process at once, so that ``finally`` clauses remove temporary files.
    SIGINT already raises ``KeyboardInterrupt``. Only the main thread can do this."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminated(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    try:
        before = signal.signal(signal.SIGTERM, terminated)
    except (ValueError, OSError):  # pragma: no cover - not the main interpreter
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


#: The signals whose handlers remove a temporary file on the way out (see above).
_CLEANING_SIGNALS = {signal.SIGINT, signal.SIGTERM}


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back (``pthread_sigmask``) for the few steps inside: one
    that arrives meanwhile is delivered as they end."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _CLEANING_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except (OverflowError, OSError):
        return False
    return True


_swept: set[str] = set()


def sweep_leftovers(folder: str | os.PathLike[str]) -> list[str]:
    """Remove the temporary files this program left in ``folder`` (killed while writing):
    files named as ``write_file`` names them, owned by this user, regular (not links),
    whose process is gone or that are older than ``STALE_SECONDS``. Returns their names.
    Other files are never touched."""
    removed: list[str] = []
    uid = os.getuid()
    now = time.time()
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        m = _LEFTOVER.match(name)
        if not m:
            continue
        pid = int(m.group(1))
        if pid == os.getpid():
            continue
        path = os.path.join(folder, name)
        try:
            st = os.lstat(path)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode) or st.st_uid != uid:
            continue
        if _alive(pid) and now - st.st_mtime < STALE_SECONDS:
            continue
        try:
            os.unlink(path)
        except OSError:
            continue
        removed.append(name)
    return removed


def sweep_once(folder: str) -> None:
    """``sweep_leftovers(folder)``, once per folder and process."""
    key = os.path.realpath(folder)
    if key not in _swept:
        _swept.add(key)
        sweep_leftovers(folder)


def _fsync_folder(folder: str) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:  # pragma: no cover - a system without folder descriptors
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some file systems cannot sync a folder
        pass
    finally:
        os.close(fd)


def check_replaceable(path: str | os.PathLike[str], *, force: bool = False,
                      exclusive: bool = False, follow_links: bool = True) -> None:
    """Raise ``WriteRefused`` if ``write_file`` with these options would refuse ``path``
    (for a command that checks every file before it writes any)."""
    shown = os.fspath(path)
    try:
        lst = os.lstat(shown)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise _named(exc, shown) from None
    if exclusive and not force:
        raise WriteRefused(shown, "the file exists: not overwritten (--force replaces it)")
    if stat.S_ISLNK(lst.st_mode) and not follow_links:
        return
    try:
        st = os.stat(shown)
    except FileNotFoundError:  # a dangling link: its target will be made
        return
    except OSError as exc:
        raise _named(exc, shown) from None
    if not stat.S_ISREG(st.st_mode):
        raise WriteRefused(shown, "not a regular file: not replaced")
    if force:
        return
    if not st.st_mode & 0o222:
        raise WriteRefused(shown, "a read-only file: not replaced (--force replaces it, "
                                  "keeping its mode)")
    if st.st_nlink > 1:
        raise WriteRefused(shown, f"the file has {st.st_nlink - 1} other hard link"
                                  f"{'s' * (st.st_nlink > 2)}: not replaced, since they "
                                  "would keep the old text (--force replaces this name only)")


def write_file(path: str | os.PathLike[str], text: str | bytes, *, force: bool = False,
               exclusive: bool = False, follow_links: bool = True) -> Path:
    """Replace (or make) the file at ``path`` with ``text`` (str is written as UTF-8,
    line ends as they are), safely: see the module docstring. Returns the path written
    (the link's target when ``path`` is a symbolic link that is followed).

    Raises ``WriteRefused`` (an ``OSError``) for a file it will not replace and
    ``OSError`` naming ``path`` when writing fails; the file is then as it was."""
    shown = os.fspath(path)
    check_replaceable(shown, force=force, exclusive=exclusive, follow_links=follow_links)
    target = os.path.realpath(shown) if follow_links else os.path.abspath(shown)
    folder = os.path.dirname(target)
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    try:
        old: os.stat_result | None = os.lstat(target)
    except OSError:
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):
        old = None  # a link replaced by a file of its own (follow_links=False)
    sweep_once(folder)
    with _signals_clean_up():
        tmp = None
        try:
            with _signals_held():  # else a signal may land once the file is made but
                fd, tmp = tempfile.mkstemp(  # before ``tmp`` names it, and it is left
                    prefix=f"{PREFIX}{os.getpid()}-", suffix=SUFFIX, dir=folder)
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
                if old is not None:
                    os.fchmod(fd, stat.S_IMODE(old.st_mode))
                    _keep_owner(fd, old)
                else:
                    os.fchmod(fd, 0o666 & ~_umask())
                os.fsync(fd)
            finally:
                os.close(fd)
            if exclusive and not force and os.path.lexists(shown):
                raise WriteRefused(shown, "the file exists: not overwritten (--force "
                                          "replaces it)")
            os.replace(tmp, target)
            tmp = None
            _fsync_folder(folder)
        except OSError as exc:
            raise _named(exc, shown) from None
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
    return Path(target)


def _keep_owner(fd: int, old: os.stat_result) -> None:
    """Give the new file the old one's owner and group, or its group alone, or neither:
    whatever the system permits this user."""
    if (old.st_uid, old.st_gid) == (os.geteuid(), os.getegid()):
        return
    for uid, gid in ((old.st_uid, old.st_gid), (-1, old.st_gid)):
        try:
            os.fchown(fd, uid, gid)
            return
        except OSError:
            continue


class Appender:
    """Appends pieces of bytes to a file opened at the first ``add`` (see the module
    docstring). Use as a context manager. Raises ``WriteRefused`` for a symbolic link,
    a file that is not regular or has other hard links, and ``OSError`` naming the file
    when writing fails."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self.fd: int | None = None
        self.made = False  # this appender made the file (and nothing is in it yet)

    def _open(self) -> int:
        flags = (os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)
                 | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        try:
            try:  # made here, or there already: a failed first write removes only the former
                fd = os.open(self.path, flags | os.O_CREAT | os.O_EXCL, 0o666)
                self.made = True
            except FileExistsError:
                fd = os.open(self.path, flags)
        except OSError as exc:
            if exc.errno == errno.ELOOP or os.path.islink(self.path):
                raise WriteRefused(self.path, "a symbolic link: rejects are appended only "
                                              "to a regular file (name the link's target)"
                                   ) from None
            if exc.errno == errno.ENXIO:  # a FIFO nobody reads
                raise WriteRefused(self.path, "not a regular file") from None
            raise _named(exc, self.path, "append to") from None
        st = os.fstat(fd)
        why = None
        if not stat.S_ISREG(st.st_mode):
            why = "not a regular file"
        elif st.st_nlink > 1:
            why = "the file has other hard links: rejects are appended only to a file with " \
                  "one name"
        if why is not None:
            os.close(fd)
            raise WriteRefused(self.path, why)
        os.set_blocking(fd, True)
        return fd

    def add(self, data: bytes) -> None:
        """Append ``data`` in one piece."""
        if self.fd is None:
            self.fd = self._open()
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(self.fd, view):]
        except OSError as exc:
            self._unmake()
            raise _named(exc, self.path, "append to") from None
        self.made = False  # it holds something now: it stays

    def _unmake(self) -> None:
        """Close and remove the file this appender made, while nothing is in it: only if
        the name still holds that file (same device and inode)."""
        if not self.made or self.fd is None:
            return
        fd, self.fd = self.fd, None
        self.made = False
        try:
            st = os.fstat(fd)
            now = os.lstat(self.path)
            if (st.st_dev, st.st_ino) == (now.st_dev, now.st_ino) and st.st_size == 0:
                os.unlink(self.path)
        except OSError:
            pass
        finally:
            os.close(fd)

    def close(self) -> None:
        if self.fd is None:
            return
        fd, self.fd = self.fd, None
        try:
            os.fsync(fd)
        except OSError as exc:
            raise _named(exc, self.path, "append to") from None
        finally:
            os.close(fd)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_dev, st.st_ino


def same_as_input(path: str | os.PathLike[str], inputs: Iterable[str]) -> str | None:
    """The input among ``inputs`` (the paths of files read, ``-`` for standard input: a
    folder's files as ``play.batch.expand`` lists them) that ``path`` is the same file as
    (device and inode, links followed), or None (as when ``path`` does not exist yet)."""
    out = _identity(os.fspath(path))
    if out is None:
        return None
    for name in inputs:
        if name == "-":
            try:
                st = os.fstat(0)
            except OSError:
                continue
            if (st.st_dev, st.st_ino) == out:
                return "standard input"
        elif _identity(name) == out:
            return name
    return None


def kind_of(path: str | os.PathLike[str]) -> str:
    """What ``path`` is, for a message: "a file", "a folder", "a symbolic link to nowhere"
    (a dangling link), "a FIFO", "a device", "a socket", or "nothing" (missing)."""
    shown = os.fspath(path)
    try:
        lst = os.lstat(shown)
    except OSError:
        return "nothing"
    if stat.S_ISLNK(lst.st_mode):
        try:
            st = os.stat(shown)
        except OSError:
            return "a symbolic link to nowhere (its target does not exist)"
    else:
        st = lst
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISREG, "a file"),
                       (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket")):
        if test(st.st_mode):
            return name
    return "a device"


__all__ = ["PREFIX", "Appender", "WriteRefused", "check_replaceable", "kind_of",
           "same_as_input", "sweep_leftovers", "sweep_once", "write_file"]
