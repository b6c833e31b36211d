"""Installing the solved strategies shipped in the package (``solvers/truc/install.py``):
a pack unpacks into the solved folder to the very bytes it was packed from, is
left alone while up to date, installed again when stale (another pack, or the
file changed since), never over someone's own solve, and a damaged pack is a
clear error that leaves nothing half-written. ``tricktaker solve truc --pack``
writes the pack into the package and ``--install`` (as ``warm``) installs it.

On the small game the quick tests solve (a point of the first deal after a refused
call, ace against seven, king led).
"""

from __future__ import annotations

import json
import lzma
import os
from pathlib import Path

import pytest

from tricktaker import cli
from tricktaker.bots.truc.solved import available, load_policy
from tricktaker.solvers.truc import install as install_module
from tricktaker.solvers.truc.install import install, record_path, shipped, state, target
from tricktaker.solvers.truc.model import DEAL, REDEAL, REFUSE, DealRules, Node
from tricktaker.solvers.truc.policy import (
    Policy,
    checkpoint_path,
    export,
    pack,
    packed_header,
    policy_path,
)
from tricktaker.solvers.truc.solve import TrucSolver

RULES = DealRules((0, 0), 0, "once", "leader")
NAME = policy_path(checkpoint_path(RULES)).name  # truc-once-leader-0-0-d0.policy


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """The strategy after 20 iterations, its pack, and the pack after 25 iterations."""
    folder = tmp_path_factory.mktemp("packs")
    start = Node.root(RULES).child(DEAL).child(REDEAL).child(REFUSE).child(5).child(7).child(4)
    solver = TrucSolver(RULES, start)
    solver.run(20)
    policy = folder / NAME
    export(solver, policy)
    packed = folder / (NAME + ".xz")
    pack(policy, packed)
    solver.run(5)
    later = folder / "later" / NAME
    later.parent.mkdir()
    export(solver, later)
    pack(later, later.with_name(NAME + ".xz"))
    return policy, packed, later.with_name(NAME + ".xz")


@pytest.fixture
def solved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "solved"
    monkeypatch.setenv("TRICKTAKER_SOLVED_DIR", str(folder))
    return folder


def test_a_pack_installs_to_the_same_bytes_once(
    files: tuple[Path, Path, Path], solved: Path
) -> None:
    policy, packed, _ = files
    assert packed_header(packed)["digest"]
    assert not available() and state(packed) == "missing"
    done = install(packed)
    assert done.action == "installed" and done.path == solved / NAME == target(packed)
    assert (solved / NAME).read_bytes() == policy.read_bytes()
    assert sorted(p.name for p in solved.iterdir()) == [NAME, NAME + ".installed"]
    assert available() and load_policy(RULES) is not None
    stamp = (solved / NAME).stat().st_mtime_ns
    assert state(packed) == "up to date"
    assert install(packed).action == "up to date"
    assert (solved / NAME).stat().st_mtime_ns == stamp  # not written again


def test_a_stale_file_is_installed_again(files: tuple[Path, Path, Path], solved: Path) -> None:
    policy, packed, later = files
    install(packed)
    # Another pack of the same deal (a longer solve shipped): installed over it.
    assert state(later) == "stale"
    assert install(later).action == "installed"
    assert Policy(solved / NAME).iterations == 25
    # The file changed since it was installed (damaged, touched): installed again.
    install(packed)
    with (solved / NAME).open("r+b") as f:
        f.truncate(100)
    assert state(packed) == "stale"
    assert install(packed).action == "installed"
    assert (solved / NAME).read_bytes() == policy.read_bytes()
    # Gone: installed again whatever its record says.
    (solved / NAME).unlink()
    assert state(packed) == "missing" and install(packed).action == "installed"


def test_someones_own_solve_is_kept(files: tuple[Path, Path, Path], solved: Path) -> None:
    _, packed, later = files
    solved.mkdir()
    own = (solved / NAME).write_bytes(later.read_bytes())
    assert own and state(packed) == "own"
    found = install(packed)
    assert found.action == "kept" and not record_path(solved / NAME).exists()
    assert (solved / NAME).read_bytes() == later.read_bytes()


@pytest.mark.parametrize("damage", ["cut", "flipped", "not xz", "wrong digest"])
def test_a_damaged_pack_is_refused_and_leaves_nothing(
    files: tuple[Path, Path, Path], solved: Path, tmp_path: Path, damage: str
) -> None:
    policy, packed, later = files
    data = packed.read_bytes()
    bad = tmp_path / packed.name
    if damage == "cut":
        bad.write_bytes(data[: len(data) // 2])
    elif damage == "flipped":
        at = len(data) // 2
        bad.write_bytes(data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1 :])
    elif damage == "not xz":
        bad.write_bytes(policy.read_bytes()[:1000])
    else:  # a well-formed pack whose digest is not its file's
        raw = lzma.decompress(data)
        digest = packed_header(packed)["digest"].encode()
        bad.write_bytes(lzma.compress(raw.replace(digest, b"0" * len(digest))))
    match = "does not unpack" if damage == "wrong digest" else "damaged|cut short"
    with pytest.raises(ValueError, match=match):
        install(bad)
    assert not solved.exists() or not list(solved.iterdir())
    # Over an installed older file: that file and its record are left as they were.
    install(later)
    before = {p.name: p.read_bytes() for p in solved.iterdir()}
    with pytest.raises(ValueError, match=match):
        install(bad)
    assert {p.name: p.read_bytes() for p in solved.iterdir()} == before


def test_the_commands_pack_and_install(
    files: tuple[Path, Path, Path],
    solved: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    policy, _, _ = files
    package = tmp_path / "shipped"
    package.mkdir()
    monkeypatch.setattr(install_module, "SHIPPED_DIR", package)
    assert shipped() == []
    checkpoint = tmp_path / NAME.replace(".policy", ".npz")
    (tmp_path / NAME).write_bytes(policy.read_bytes())
    argv = ["solve", "truc", "--option", "redeal=once", "--score", "0:0", "--out", str(checkpoint)]
    assert cli.main([*argv, "--pack", "--no-progress"]) == 0
    assert shipped() == [package / (NAME + ".xz")]
    assert "unpacks to the same bytes" in capsys.readouterr().out
    assert cli.main(["solve", "truc", "--install", "--no-progress"]) == 0
    assert "installed from the package" in capsys.readouterr().out
    assert (solved / NAME).read_bytes() == policy.read_bytes()
    assert cli.main(["solve", "truc", "--install", "--no-progress"]) == 0
    assert "up to date" in capsys.readouterr().out
    assert cli.main([*argv, "--repack"]) == 2  # no older .policy.npz beside it
    assert cli.main(["solve", "truco", "--install"]) == 2
    assert cli.main([*argv, "--pack", "--install"]) == 2
    err = capsys.readouterr().err
    assert "no older strategy file" in err and "only Le Truc" in err and "one at a time" in err
    (package / (NAME + ".xz")).write_bytes(b"\xfd7zXZ\x00 not really")
    os.utime(solved / NAME, ns=(0, 0))
    assert cli.main(["solve", "truc", "--install", "--no-progress"]) == 2
    assert "cannot install the shipped strategy" in capsys.readouterr().err


def test_a_pack_without_a_digest_is_known_by_its_own(
    files: tuple[Path, Path, Path], solved: Path, tmp_path: Path
) -> None:
    """A pack written before ``pack`` kept the file's digest: trusted to xz's check, and
    up to date while the pack itself is the same."""
    policy, packed, _ = files
    raw = lzma.decompress(packed.read_bytes())
    length = int.from_bytes(raw[:8], "little")
    header = json.loads(raw[8 : 8 + length])
    del header["digest"]
    text = json.dumps(header).encode()
    older = tmp_path / packed.name
    older.write_bytes(lzma.compress(len(text).to_bytes(8, "little") + text + raw[8 + length :]))
    assert install(older).action == "installed"
    assert (solved / NAME).read_bytes() == policy.read_bytes()
    assert install(older).action == "up to date"
    assert state(packed) == "stale"  # the same file, but another pack: installed again


def test_a_full_disk_skips_a_strategy_and_the_install_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """make run and make test install every shipped strategy: a disk that fills up
    must leave the level without those strategies (it plays search there), not fail the
    whole install; any other error still stops it with one line."""
    import errno

    from tricktaker.solvers.truc import run as run_module

    package = tmp_path / "shipped"
    package.mkdir()
    packs = [package / f"truc-once-leader-{a}-{a}-d0.policy.xz" for a in (10, 11)]
    for pack_file in packs:
        pack_file.write_bytes(b"")
    monkeypatch.setattr(install_module, "SHIPPED_DIR", package)
    tried: list[str] = []

    def full(packed: Path, *_: object, **__: object) -> object:
        tried.append(packed.name)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(install_module, "install", full)
    said: list[str] = []
    assert run_module.run_install(say=said.append, progress=False) == 0
    assert tried == [p.name for p in packs]
    assert len(said) == 2 and all("skipped, the disk is full" in s for s in said)

    def denied(packed: Path, *_: object, **__: object) -> object:
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(install_module, "install", denied)
    assert cli.main(["solve", "truc", "--install", "--no-progress"]) == 2
    assert "cannot install the shipped strategy" in capsys.readouterr().err
