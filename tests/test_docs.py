"""Every Markdown file that a docstring, a comment or a document names exists.

Code and documents point readers at the design (``docs/design.md``) and at each
game's rules (``docs/rules/<game>.md``); a reference to a file that moved or was
never written sends a newcomer nowhere. A name is read as a path from the
repository's root, or (in a Markdown file, as its links are) from the file's own
folder; either must exist.
"""

from __future__ import annotations

import functools
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: A Markdown file's name as text names one: a path of plain parts ending in ``.md``.
MD_NAME = re.compile(r"(?<![\w./-])((?:\.{1,2}/)?(?:[\w-]+/)*[\w-]+\.md)(?![\w-])")
#: Files whose text is read for names (what a reader of the code or the docs meets).
READ = (".py", ".md", ".js", ".toml", ".css", ".html")


@functools.cache
def tracked_files() -> tuple[Path, ...]:
    """The repository's files as git knows them (the working tree where git is absent)."""
    try:
        out = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
        names = [ROOT / line for line in out.splitlines()]
    except (OSError, subprocess.CalledProcessError):
        names = [p for p in ROOT.rglob("*") if ".git" not in p.parts]
    return tuple(p for p in names if p.suffix in READ or p.name in ("Makefile",))


def named_markdown(text: str) -> set[str]:
    """The Markdown files ``text`` names (web addresses left out)."""
    text = re.sub(r"https?://\S+", "", text)
    return set(MD_NAME.findall(text))


def missing(path: Path, text: str) -> list[str]:
    """The Markdown names in ``text`` (read from ``path``) that resolve to no file: a path
    from the root or from a Markdown file's folder, or a bare name some file of the
    repository bears (``strength.md``)."""
    bare = {p.name for p in tracked_files() if p.suffix == ".md"}
    out = []
    for name in sorted(named_markdown(text)):
        places = [ROOT / name]
        if path.suffix == ".md":
            places.append(path.parent / name)
        if not any(p.is_file() for p in places) and ("/" in name or name not in bare):
            out.append(name)
    return out


def test_the_design_document_and_every_game_s_rules_exist() -> None:
    assert (ROOT / "docs" / "design.md").is_file()
    for game in ("truc", "truco", "tetka", "preferans"):
        assert (ROOT / "docs" / "rules" / f"{game}.md").is_file()


#: Every file read, but this one (whose names are examples of names that point nowhere).
READ_FILES = [p for p in tracked_files() if p != Path(__file__).resolve()]


@pytest.mark.parametrize("path", READ_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_markdown_file_named_exists(path: Path) -> None:
    gone = missing(path, path.read_text(encoding="utf-8", errors="replace"))
    assert not gone, f"{path.relative_to(ROOT)} names Markdown files that do not exist: {gone}"


def test_the_reader_finds_names_and_misses_nothing_that_is_not_one() -> None:
    text = (
        "see docs/design.md §2, [rules](rules/truc.md), `README.md` and bench/README.md;"
        " not https://example.org/x.md nor an adjective.md-like word-md"
    )
    assert named_markdown(text) == {
        "docs/design.md",
        "rules/truc.md",
        "README.md",
        "bench/README.md",
    }


def test_a_name_that_points_nowhere_is_caught() -> None:
    here = ROOT / "src" / "tricktaker" / "cli.py"
    assert missing(here, "the format is in docs/design.md") == []
    assert missing(here, "the format is in docs/no-such-design.md") == ["docs/no-such-design.md"]
    assert missing(ROOT / "docs" / "design.md", "[truc](rules/truc.md)") == []
    assert missing(here, "[truc](rules/truc.md)") == ["rules/truc.md"]
    assert missing(here, "the ladders in strength.md") == []
    assert missing(here, "the ladders in weakness.md") == ["weakness.md"]
