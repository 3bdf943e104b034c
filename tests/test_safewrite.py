"""The one safe writer (keyharvest/formats/safewrite.py, issue 13): every command that
writes goes through it. Symbolic links are written through and kept, hard links and
read-only files are refused (or replaced with --force), mode and owner are kept, a failed or
interrupted write leaves the old file and no temporary file, and leftovers of a killed run
are cleaned by the next one."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_util import TWO, kh

from keyharvest.formats import safewrite
from keyharvest.formats.safewrite import Appender, WriteRefused, sweep_leftovers, write_file

CANONICAL = TWO.read_text()
MESSY = CANONICAL.replace("\n1. ", "\n1.   ", 1)
assert MESSY != CANONICAL


def _temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".")
                  and p.name.endswith(".tmp"))


def test_a_new_file_gets_the_usual_mode_and_no_temporary_is_left(tmp_path: Path) -> None:
    path = tmp_path / "a.kh"
    assert write_file(path, "x\n") == path.resolve()
    assert path.read_text() == "x\n"
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask
    assert _temps(tmp_path) == []


def test_fmt_writes_through_a_symbolic_link_and_keeps_it(tmp_path: Path) -> None:
    (tmp_path / "real.kh").write_text(MESSY)
    (tmp_path / "link.kh").symlink_to("real.kh")
    r = kh("fmt", "--write", tmp_path / "link.kh")
    assert r.code == 0, r
    assert (tmp_path / "link.kh").is_symlink()
    assert os.readlink(tmp_path / "link.kh") == "real.kh"
    assert (tmp_path / "real.kh").read_text() == CANONICAL


def test_fmt_keeps_the_mode(tmp_path: Path) -> None:
    path = tmp_path / "a.kh"
    path.write_text(MESSY)
    path.chmod(0o640)
    assert kh("fmt", "--write", path).code == 0
    assert path.read_text() == CANONICAL
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_fmt_refuses_a_read_only_file_unless_forced(tmp_path: Path) -> None:
    path = tmp_path / "a.kh"
    path.write_text(MESSY)
    path.chmod(0o444)
    r = kh("fmt", "--write", path)
    assert r.code == 1
    assert f"{path}: error: a read-only file: not replaced (--force" in r.err
    assert path.read_text() == MESSY
    assert kh("fmt", "--write", "--force", path).code == 0
    assert path.read_text() == CANONICAL
    assert stat.S_IMODE(path.stat().st_mode) == 0o444


def test_fmt_refuses_a_hard_linked_file_unless_forced(tmp_path: Path) -> None:
    path = tmp_path / "a.kh"
    path.write_text(MESSY)
    os.link(path, tmp_path / "b.kh")
    r = kh("fmt", "--write", path)
    assert r.code == 1 and "1 other hard link: not replaced" in r.err
    assert path.read_text() == MESSY and path.stat().st_nlink == 2
    assert kh("fmt", "--write", "--force", path).code == 0
    assert path.read_text() == CANONICAL and (tmp_path / "b.kh").read_text() == MESSY


def test_fmt_goes_on_past_a_refused_file(tmp_path: Path) -> None:
    (tmp_path / "a.kh").write_text(MESSY)
    (tmp_path / "a.kh").chmod(0o444)
    (tmp_path / "b.kh").write_text(MESSY)
    r = kh("fmt", "--write", tmp_path)
    assert r.code == 1 and r.out.strip() == str(tmp_path / "b.kh")
    assert (tmp_path / "b.kh").read_text() == CANONICAL


def test_the_owner_and_group_are_kept_where_permitted(tmp_path: Path) -> None:
    path = tmp_path / "a.kh"
    path.write_text(MESSY)
    if os.geteuid() == 0:
        os.chown(path, 4321, 4322)
        want = (4321, 4322)
    else:  # a user may give a file only a group of their own
        groups = [g for g in os.getgroups() if g != os.getegid()]
        if not groups:
            pytest.skip("no second group to give the file")
        os.chown(path, -1, groups[0])
        want = (os.getuid(), groups[0])
    assert kh("fmt", "--write", path).code == 0
    st = path.stat()
    assert (st.st_uid, st.st_gid) == want and path.read_text() == CANONICAL


def test_a_full_disk_names_the_file_and_leaves_it_as_it_was(tmp_path: Path,
                                                          monkeypatch) -> None:
    path = tmp_path / "a.kh"
    path.write_text(MESSY)
    _full_disk(monkeypatch)
    with pytest.raises(OSError) as caught:
        write_file(path, CANONICAL)
    assert caught.value.filename == str(path) and "no space left on device" in str(caught.value)
    r = kh("fmt", "--write", path)
    assert r.code == 1 and f"{path}: error: cannot write it: no space left on device" in r.err
    assert path.read_text() == MESSY and _temps(tmp_path) == []


def test_any_exception_removes_the_temporary_file(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "a.kh"
    path.write_text(MESSY)

    def boom(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(safewrite.os, "fsync", boom)
    with pytest.raises(KeyboardInterrupt):
        write_file(path, CANONICAL)
    assert path.read_text() == MESSY and _temps(tmp_path) == []


def test_no_permission_names_the_file(tmp_path: Path, monkeypatch) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "a.kh").write_text(MESSY)
    if os.geteuid() != 0:  # a folder this user may not write in
        folder.chmod(0o555)
    else:  # root may write anywhere: the system's refusal is simulated
        def refuse(*args, **kwargs):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

        monkeypatch.setattr(safewrite.tempfile, "mkstemp", refuse)
    try:
        r = kh("fmt", "--write", folder)
    finally:
        folder.chmod(0o755)
    assert r.code == 1, r
    assert f"{folder / 'a.kh'}: error: cannot write it: permission denied" in r.err
    assert (folder / "a.kh").read_text() == MESSY


def test_leftovers_of_this_program_are_swept_and_nothing_else(tmp_path: Path) -> None:
    dead = tmp_path / ".keyharvest-999999999-abc123.tmp"
    alive = tmp_path / f".keyharvest-{os.getppid()}-abc123.tmp"  # a live process: kept
    old = tmp_path / f".keyharvest-{os.getppid()}-old.tmp"  # ... unless a day old
    foreign = tmp_path / ".other-999999999-abc.tmp"
    link = tmp_path / ".keyharvest-999999998-lnk.tmp"
    for p in (dead, alive, old, foreign):
        p.write_text("x")
    os.utime(old, (time.time() - 2 * 86400,) * 2)
    link.symlink_to(foreign)
    assert sorted(sweep_leftovers(tmp_path)) == sorted([dead.name, old.name])
    assert alive.exists() and foreign.exists() and link.is_symlink()


#: A child's first line: SIGINT raises KeyboardInterrupt, as in a terminal, even where
#: this run's SIGINT is ignored (a background job of a shell without job control, whose
#: children Python then leaves ignoring it).
_SIGINT_AS_IN_A_TERMINAL = "signal.signal(signal.SIGINT, signal.default_int_handler)\n"


def _slow_writer(tmp_path: Path) -> Path:
    """A keyharvest whose fsync takes 0.3 s: a signal then lands while a file is written."""
    script = tmp_path / "slow_keyharvest.py"
    script.write_text(
        "import os, signal, sys, time\n"
        f"{_SIGINT_AS_IN_A_TERMINAL}"
        "real = os.fsync\n"
        "def slow(fd):\n"
        "    time.sleep(0.3)\n"
        "    real(fd)\n"
        "os.fsync = slow\n"
        "from keyharvest.cli import main\n"
        "sys.argv[0] = 'keyharvest'\n"
        "main()\n")
    return script


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGINT, signal.SIGTERM])
def test_a_signal_during_fmt_write_loses_nothing_and_leaves_no_temporary(
        tmp_path: Path, signum: int) -> None:
    games = tmp_path / "games"
    games.mkdir()
    for i in range(6):
        (games / f"g{i}.kh").write_text(MESSY)
    proc = subprocess.Popen([sys.executable, str(_slow_writer(tmp_path)), "fmt", "--write",
                             str(games)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not _temps(games):  # wait until a file is being written
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.005)
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode in (-signal.SIGKILL, 130, 143), (proc.returncode, err)
    assert b"Traceback" not in err
    texts = [p.read_text() for p in sorted(games.glob("*.kh"))]
    assert len(texts) == 6 and all(t in (MESSY, CANONICAL) for t in texts)
    if signum != signal.SIGKILL:
        assert _temps(games) == []  # cleaned on the way out
    r = subprocess.run([sys.executable, "-m", "keyharvest", "fmt", "--write", str(games)],
                       check=False, capture_output=True, timeout=120)
    assert r.returncode == 0, r
    assert _temps(games) == []  # a killed run's leftovers are cleaned by the next one
    assert all(p.read_text() == CANONICAL for p in games.glob("*.kh"))


def test_render_uses_the_writer(tmp_path: Path) -> None:
    out = tmp_path / "a.svg"
    out.write_text("old")
    out.chmod(0o444)
    r = kh("render", TWO, "-o", out)
    assert r.code == 1 and f"{out}: error: a read-only file: not replaced" in r.err
    assert out.read_text() == "old"
    assert kh("render", TWO, "-o", out, "--force").code == 0
    assert out.read_text().startswith("<svg") or "<svg" in out.read_text()[:200]
    (tmp_path / "real.svg").write_text("")
    (tmp_path / "link.svg").symlink_to("real.svg")
    assert kh("render", TWO, "-o", tmp_path / "link.svg").code == 0
    assert (tmp_path / "link.svg").is_symlink() and "<svg" in (tmp_path / "real.svg").read_text()
    assert _temps(tmp_path) == []


def test_selfplay_does_not_overwrite_records_unless_forced(tmp_path: Path) -> None:
    out = tmp_path / "runs"
    r = kh("selfplay", "--players", "2", "--seed", "5", "--games", "2", "--out", out)
    assert r.code == 0
    first = out / "selfplay-5-0001.kh"
    text = first.read_text()
    first.write_text("mine")
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (out / "selfplay-5-0002.kh").unlink()
    (out / "selfplay-5-0002.kh").symlink_to(victim)  # planted
    r = kh("selfplay", "--players", "2", "--seed", "5", "--games", "2", "--out", out)
    assert r.code == 1 and "selfplay-5-0001.kh: error: the file exists: not overwritten" in r.err
    assert first.read_text() == "mine" and victim.read_text() == "precious"
    r = kh("selfplay", "--players", "2", "--seed", "5", "--games", "2", "--out", out, "--force")
    assert r.code == 0
    assert first.read_text() == text
    assert victim.read_text() == "precious"  # the link itself was replaced, not its target
    assert not (out / "selfplay-5-0002.kh").is_symlink()
    assert _temps(out) == []


def _bad_record() -> str:
    head, sep, moves = CANONICAL.rpartition("+++\n")
    return head + sep + moves.replace("harvest", "harvist", 1)


def test_rejects_append_to_a_regular_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.kh"
    bad.write_text(_bad_record())
    rejects = tmp_path / "rejects.kh"
    assert kh("validate", bad, "--rejects", rejects).code == 1
    assert kh("validate", bad, "--rejects", rejects).code == 1
    # appended: each time the line that says where it came from, then the record
    text = rejects.read_text()
    froms = [line for line in text.split("\n") if line.startswith("# from ")]
    assert len(froms) == 2 and all(f.startswith(f"# from {bad} (game 1): ") for f in froms)
    assert text == (froms[0] + "\n" + _bad_record()) * 2


@pytest.mark.parametrize("kind", ["symlink", "fifo", "hardlink"])
def test_rejects_never_go_through_a_planted_link_or_into_a_fifo(tmp_path: Path,
                                                                kind: str) -> None:
    bad = tmp_path / "bad.kh"
    bad.write_text(_bad_record())
    rejects = tmp_path / "rejects.kh"
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    if kind == "symlink":
        rejects.symlink_to(victim)
    elif kind == "fifo":
        os.mkfifo(rejects)
    else:
        os.link(victim, rejects)
    r = kh("validate", bad, "--rejects", rejects)  # a FIFO with no reader does not block
    assert r.code == 1
    assert f"{rejects}: error: " in r.err
    assert victim.read_text() == "precious"
    with pytest.raises(WriteRefused):
        Appender(rejects).add(b"x")


def test_fmt_write_sweeps_leftovers_where_nothing_needs_rewriting(tmp_path: Path) -> None:
    (tmp_path / "a.kh").write_text(CANONICAL)
    leftover = tmp_path / ".keyharvest-999999999-killed.tmp"
    leftover.write_text(MESSY[:100])
    r = kh("fmt", "--write", tmp_path / "a.kh")
    assert r.code == 0 and r.out == ""  # nothing rewritten ...
    assert not leftover.exists()  # ... and the killed run's temporary file is gone


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_just_as_the_temporary_is_made_leaves_none(tmp_path: Path,
                                                             signum: int) -> None:
    """The signal lands once ``mkstemp`` has made the file and before the writer knows its
    name (the window a loaded machine hit): it is held until the name is known, so the
    file is still removed on the way out."""
    games = tmp_path / "games"
    games.mkdir()
    (games / "g.kh").write_text(MESSY)
    script = tmp_path / "signal_in_mkstemp.py"
    script.write_text(
        "import os, signal, sys, tempfile\n"
        f"{_SIGINT_AS_IN_A_TERMINAL}"
        "real = tempfile.mkstemp\n"
        "def made(*args, **kwargs):\n"
        "    got = real(*args, **kwargs)\n"
        f"    os.kill(os.getpid(), {int(signum)})\n"
        "    return got\n"
        "tempfile.mkstemp = made\n"
        "from keyharvest.cli import main\n"
        "sys.argv[0] = 'keyharvest'\n"
        "main()\n")
    done = subprocess.run([sys.executable, str(script), "fmt", "--write", str(games)],
                          capture_output=True, timeout=120, check=False)
    assert done.returncode in (130, 143), done
    assert b"Traceback" not in done.stderr
    assert (games / "g.kh").read_text() == MESSY
    assert _temps(games) == []


# -- writes never touch the input, nor leave debris (issue 50) ---------------------------------
def _full_disk(monkeypatch) -> None:
    real = os.write

    def full(fd: int, data) -> int:
        if fd > 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    monkeypatch.setattr(safewrite.os, "write", full)


def test_a_failed_first_append_leaves_no_new_file(tmp_path: Path, monkeypatch) -> None:
    new, old = tmp_path / "rejects.kh", tmp_path / "old.kh"
    old.write_text("# kept\n")
    _full_disk(monkeypatch)
    for path in (new, old):
        with pytest.raises(OSError, match="no space left on device"), Appender(path) as out:
            out.add(b"+++\n")
    assert not new.exists()  # made by the appender, nothing in it: removed
    assert old.read_text() == "# kept\n"  # there before: left as it was


def test_an_output_that_is_an_input_is_found_by_device_and_inode(tmp_path: Path) -> None:
    from keyharvest.formats.safewrite import same_as_input

    record = tmp_path / "same.kh"
    record.write_text("")
    (tmp_path / "hard.kh").hardlink_to(record)
    (tmp_path / "soft.kh").symlink_to(record)
    for name in ("same.kh", "hard.kh", "soft.kh", "./same.kh"):
        assert same_as_input(tmp_path / name, [str(TWO), str(record)]) == str(record)
    assert same_as_input(tmp_path / "other.kh", [str(record)]) is None  # not made yet
    assert same_as_input(TWO, [str(record)]) is None


def test_a_dangling_link_is_called_one(tmp_path: Path) -> None:
    from keyharvest.formats.safewrite import kind_of

    (tmp_path / "dl").symlink_to(tmp_path / "nowhere" / "x")
    (tmp_path / "f").write_text("")
    assert kind_of(tmp_path / "dl") == "a symbolic link to nowhere (its target does not exist)"
    assert [kind_of(tmp_path / n) for n in ("f", ".", "missing")] == [
        "a file", "a folder", "nothing"]
    assert kind_of("/dev/null") == "a device"


def test_an_output_onto_an_input_is_a_usage_error_and_nothing_is_touched(
        tmp_path: Path) -> None:
    bad = tmp_path / "same.kh"
    bad.write_text(_bad_record())
    (tmp_path / "alias.kh").symlink_to(bad)
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder" / "in.kh").hardlink_to(bad)
    for args in (["validate", bad, "--rejects", bad],
                 ["validate", bad, "--rejects", tmp_path / "alias.kh"],
                 ["validate", tmp_path / "folder", "--rejects", bad],
                 ["render", tmp_path / "alias.kh", "-o", tmp_path / "pic.svg"]):
        if args[0] == "render":
            (tmp_path / "pic.svg").symlink_to(bad)
        r = kh(*args)
        assert r.code == 2 and "an output never overwrites what is read" in r.err, r.err
    assert bad.read_text() == _bad_record()
    r = kh("validate", bad, "--rejects", tmp_path / "other.kh")  # another file: appended
    assert r.code == 1 and (tmp_path / "other.kh").read_text().endswith(_bad_record())


def test_rejects_onto_a_full_disk_leave_no_empty_file(tmp_path: Path, monkeypatch) -> None:
    bad = tmp_path / "bad.kh"
    bad.write_text(_bad_record())
    _full_disk(monkeypatch)
    r = kh("validate", bad, "--rejects", tmp_path / "rejects.kh")
    assert r.code == 1 and "cannot append to it: no space left on device" in r.err, r.err
    assert not (tmp_path / "rejects.kh").exists()


def test_an_out_folder_that_is_a_dangling_link_is_called_one(tmp_path: Path) -> None:
    (tmp_path / "dl").symlink_to(tmp_path / "nowhere")
    for command in (["arena", "random", "random", "-n", 2], ["selfplay", "-n", 1]):
        r = kh(*command, "-s", 1, "--out", tmp_path / "dl")
        assert r.code == 2 and "is a symbolic link to nowhere" in r.err, r.err
    assert not (tmp_path / "nowhere").exists()
