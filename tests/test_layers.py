"""DESIGN.md's layers, checked on the sources: who may import whom, and no import cycles.

Every import counts, including those inside functions and under TYPE_CHECKING:
a cycle hidden in a function is still a cycle for the reader.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tricktaker

ROOT = Path(tricktaker.__file__).parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """The tricktaker modules a file imports (``from a import b`` counts a.b if it is a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
    return {m for m in found if m.startswith("tricktaker")}


MODULES = {module_name(p): p for p in ROOT.rglob("*.py")}
GRAPH = {
    name: {m for m in imports_of(path) if m in MODULES and m != name}
    for name, path in MODULES.items()
}


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_the_graph_is_read() -> None:
    assert "tricktaker.core.protocol" in GRAPH
    assert "tricktaker.games.truc.rules" in GRAPH["tricktaker.games.truc.state"]


def test_no_import_cycles() -> None:
    # A package's __init__ re-exporting its own modules is not a cycle of design;
    # every other edge is followed.
    def edges(name: str) -> set[str]:
        return {m for m in GRAPH[name] if not (name.startswith(m + ".") and m in MODULES)}

    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges(node)):
            if state.get(nxt) == 1:
                cycle = [*stack[stack.index(nxt) :], nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(GRAPH):
        if node not in state:
            visit(node)


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if _in(m, "tricktaker.core")))
def test_core_imports_no_game_and_no_front_end(module: str) -> None:
    for imported in GRAPH[module]:
        assert _in(imported, "tricktaker.core") or imported == "tricktaker.cards", (
            f"{module} imports {imported}"
        )


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if _in(m, "tricktaker.games")))
def test_a_game_knows_core_cards_and_itself_only(module: str) -> None:
    parts = module.split(".")
    own = ".".join(parts[:3]) if len(parts) > 2 else module
    for imported in GRAPH[module]:
        assert (
            _in(imported, "tricktaker.core") or imported == "tricktaker.cards" or _in(imported, own)
        ), f"{module} imports {imported}"


@pytest.mark.parametrize(
    "module",
    sorted(
        m
        for m in GRAPH
        if any(_in(m, f"tricktaker.{p}") for p in ("arena", "terminal", "server", "cli"))
    ),
)
def test_front_ends_and_arena_reach_games_through_the_registry_only(module: str) -> None:
    game_bots = {m for m in _bot_packages() if m.split(".")[2] in _game_packages()}
    for imported in GRAPH[module]:
        assert not _in(imported, "tricktaker.games"), f"{module} imports {imported}"
        assert not any(_in(imported, b) for b in game_bots), (
            f"{module} imports a game's bot module {imported}"
        )


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if _in(m, "tricktaker.bots")))
def test_bots_live_by_game_and_see_only_their_game(module: str) -> None:
    parts = module.split(".")
    game = parts[2] if len(parts) > 3 or (len(parts) == 3 and module in _bot_packages()) else None
    for imported in GRAPH[module]:
        if _in(imported, "tricktaker.games"):
            assert game is not None, f"{module} is not a game's bot but imports {imported}"
            assert _in(imported, f"tricktaker.games.{game}"), f"{module} imports {imported}"
        assert not any(
            _in(imported, f"tricktaker.{p}") for p in ("arena", "terminal", "server", "cli")
        ), f"{module} imports {imported}"


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if _in(m, "tricktaker.solvers")))
def test_solvers_know_core_cards_and_games_only(module: str) -> None:
    # A solver models a game's rules (and is checked against its engine); bots and
    # front ends may use solvers, never the other way round.
    allowed = ("tricktaker.core", "tricktaker.games", "tricktaker.solvers")
    for imported in GRAPH[module]:
        assert imported == "tricktaker.cards" or any(_in(imported, p) for p in allowed), (
            f"{module} imports {imported}"
        )


def _bot_packages() -> set[str]:
    """``tricktaker.bots.<name>`` packages (a game's bots live in one named after it)."""
    return {
        m
        for m in GRAPH
        if _in(m, "tricktaker.bots") and m.count(".") == 2 and MODULES[m].name == "__init__.py"
    }


def _game_packages() -> set[str]:
    return {m.split(".")[2] for m in GRAPH if _in(m, "tricktaker.games") and m.count(".") >= 2}


def test_the_bot_and_game_packages_are_found() -> None:
    assert "tricktaker.bots.truc" in _bot_packages()
    assert "truc" in _game_packages()
