"""docs/design.md's layers, checked on the sources: who may import whom, and no import cycles.

Every import counts, including those inside functions and under TYPE_CHECKING
(a cycle hidden in a function is still a cycle for the reader), and relative
imports, read as the absolute modules they name.

Each layer's rule is a function from a module and what it imports to the faults
found (``*_faults``): the tests run it on every module, and on planted imports,
so that each rule is shown able to fail.

What a bot may import of its game (docs/design.md §1: "bots know views and the
Game protocol only"): the modules in :data:`BOT_VISIBLE`, that is its views, its
actions and their notation, its cards and deck, and the pure rule tables that
the engine shares with the bots (who wins a deal from its tricks, what a hand
and a game are worth, the marks of a deal). Never the engine: the state
machine (``rules``), the protocol's state (``state``), the sampler, the
telling of events, the words, the options, or the game package itself (which
wires all of them in). A sampled world reaches a bot as a protocol ``State``;
what a solve needs of the engine is the solver layer's (``solvers/<game>/``).
The shared tables in turn import nothing of their game but one another, so a
bot cannot reach the engine through them.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

import tricktaker

ROOT = Path(tricktaker.__file__).parent

#: The modules of a game (``tricktaker.games.<game>.<name>``) a bot may import.
BOT_VISIBLE = frozenset({"views", "actions", "cards", "deck", "outcomes", "scoring"})
#: Of those, the rule tables shared with the engine: pure, they import no engine module.
SHARED_TABLES = BOT_VISIBLE - {"views"}
FRONT_ENDS = ("arena", "terminal", "server", "cli")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _absolute(node: ast.ImportFrom, module: str, package: bool) -> str:
    """The module a ``from ... import`` names, a relative one resolved as Python does:
    against ``module``'s package (``module`` itself where it is a package's ``__init__``)."""
    if node.level == 0:
        return node.module or ""
    here = module.split(".") if package else module.split(".")[:-1]
    up = node.level - 1
    if up >= len(here):
        raise ValueError(f"{module}: a relative import goes above the top package")
    parts = here[: len(here) - up]
    if node.module:
        parts.append(node.module)
    return ".".join(parts)


def imports_of(source: str, module: str, package: bool = False) -> set[str]:
    """The tricktaker modules a source imports (``from a import b`` counts a.b if it is a
    module), relative imports read as absolute ones; ``module`` is the source's module name
    and ``package`` whether the source is that package's ``__init__``."""
    tree = ast.parse(source)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, module, package)
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names}
    return {m for m in found if m == "tricktaker" or m.startswith("tricktaker.")}


MODULES = {module_name(p): p for p in ROOT.rglob("*.py")}


def _edges(name: str, imported: Iterable[str]) -> set[str]:
    return {m for m in imported if m in MODULES and m != name}


def _read(name: str) -> set[str]:
    path = MODULES[name]
    source = path.read_text(encoding="utf-8")
    return _edges(name, imports_of(source, name, path.name == "__init__.py"))


GRAPH = {name: _read(name) for name in MODULES}


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _bot_packages() -> set[str]:
    """``tricktaker.bots.<name>`` packages (a game's bots live in one named after it)."""
    return {
        m
        for m in GRAPH
        if _in(m, "tricktaker.bots") and m.count(".") == 2 and MODULES[m].name == "__init__.py"
    }


def _game_packages() -> set[str]:
    return {m.split(".")[2] for m in GRAPH if _in(m, "tricktaker.games") and m.count(".") >= 2}


# ------------------------------------------------------------------ the rules

Rule = Callable[[str, Iterable[str]], list[str]]


def core_faults(module: str, imported: Iterable[str]) -> list[str]:
    """``core`` knows no game and no front end: only itself and ``cards``."""
    return [
        f"{module} imports {m}"
        for m in imported
        if not (_in(m, "tricktaker.core") or m == "tricktaker.cards")
    ]


def game_faults(module: str, imported: Iterable[str]) -> list[str]:
    """A game knows ``core``, ``cards`` and itself only."""
    parts = module.split(".")
    own = ".".join(parts[:3]) if len(parts) > 2 else module
    return [
        f"{module} imports {m}"
        for m in imported
        if not (_in(m, "tricktaker.core") or m == "tricktaker.cards" or _in(m, own))
    ]


def shared_table_faults(module: str, imported: Iterable[str]) -> list[str]:
    """A game's shared table (:data:`SHARED_TABLES`) imports of its game only other tables."""
    game = ".".join(module.split(".")[:3])
    return [
        f"{module} is a table the bots share, but imports {m}"
        for m in imported
        if _in(m, game) and not (m.count(".") == 3 and m.split(".")[3] in SHARED_TABLES)
    ]


def front_end_faults(module: str, imported: Iterable[str]) -> list[str]:
    """Front ends and the arena reach games and their bots through the registries only."""
    game_bots = {m for m in _bot_packages() if m.split(".")[2] in _game_packages()}
    faults = [f"{module} imports {m}" for m in imported if _in(m, "tricktaker.games")]
    faults += [
        f"{module} imports a game's bot module {m}"
        for m in imported
        if any(_in(m, b) for b in game_bots)
    ]
    return faults


def bot_faults(module: str, imported: Iterable[str]) -> list[str]:
    """Bots live by game, see of their own game only :data:`BOT_VISIBLE`, and no front end."""
    parts = module.split(".")
    game = parts[2] if len(parts) > 3 or (len(parts) == 3 and module in _bot_packages()) else None
    faults = []
    for m in imported:
        if _in(m, "tricktaker.games"):
            if game is None:
                faults.append(f"{module} is not a game's bot but imports {m}")
            elif not _in(m, f"tricktaker.games.{game}"):
                faults.append(f"{module} imports another game's {m}")
            elif not (m.count(".") == 3 and m.split(".")[3] in BOT_VISIBLE):
                faults.append(
                    f"{module} imports {m}: a bot sees of its game only "
                    f"{', '.join(sorted(BOT_VISIBLE))} (the engine goes through the protocol "
                    "or solvers/)"
                )
        if any(_in(m, f"tricktaker.{p}") for p in FRONT_ENDS):
            faults.append(f"{module} imports {m}")
    return faults


def solver_faults(module: str, imported: Iterable[str]) -> list[str]:
    """A solver models a game's rules (and is checked against its engine); bots and front
    ends may use solvers, never the other way round."""
    allowed = ("tricktaker.core", "tricktaker.games", "tricktaker.solvers")
    return [
        f"{module} imports {m}"
        for m in imported
        if not (m == "tricktaker.cards" or any(_in(m, p) for p in allowed))
    ]


# ------------------------------------------------------------------ the reader


def test_the_graph_is_read() -> None:
    assert "tricktaker.core.protocol" in GRAPH
    assert "tricktaker.games.truc.rules" in GRAPH["tricktaker.games.truc.state"]
    assert "tricktaker.solvers.tetka.world" in GRAPH["tricktaker.bots.tetka.open_hand"]


def test_relative_imports_are_read_as_the_modules_they_name() -> None:
    source = (
        "from . import model\n"
        "from .model import Table\n"
        "from .. import search\n"
        "def f():\n"
        "    from ...games.truco.rules import OUTCOME\n"
    )
    assert imports_of(source, "tricktaker.bots.truco.rules") == {
        "tricktaker.bots.truco",
        "tricktaker.bots.truco.model",
        "tricktaker.bots.truco.model.Table",
        "tricktaker.bots",
        "tricktaker.bots.search",
        "tricktaker.games.truco.rules",
        "tricktaker.games.truco.rules.OUTCOME",
    }
    # In a package's __init__, "." is the package itself.
    assert imports_of("from .rules import TrucoRules\n", "tricktaker.games.truco", True) == {
        "tricktaker.games.truco.rules",
        "tricktaker.games.truco.rules.TrucoRules",
    }
    assert imports_of("from .rules import TrucoRules\n", "tricktaker.games.truco.state") == {
        "tricktaker.games.truco.rules",
        "tricktaker.games.truco.rules.TrucoRules",
    }


def test_a_relative_import_above_the_top_package_is_an_error() -> None:
    with pytest.raises(ValueError, match="above the top package"):
        imports_of("from .... import x\n", "tricktaker.bots.truco")


@pytest.mark.parametrize(
    ("module", "planted", "faults"),
    [
        # a bot reaching the engine: a relative import, and one inside a function
        ("tricktaker.bots.truco.model", "from ...games.truco.rules import OUTCOME", bot_faults),
        (
            "tricktaker.bots.tetka.rules",
            "def f():\n    from ...games.tetka import state",
            bot_faults,
        ),
        ("tricktaker.bots.truc", "from ...games.truc.sampling import sample_state", bot_faults),
        ("tricktaker.bots.truc.rules", "from ...games.truco.views import TrucoView", bot_faults),
        ("tricktaker.bots.search", "from ..games.truc import views", bot_faults),
        ("tricktaker.bots.truc.rules", "from ...server import app", bot_faults),
        ("tricktaker.games.truco.outcomes", "from .rules import TrucoRules", shared_table_faults),
        ("tricktaker.games.truco.rules", "from ...bots.truco import rules", game_faults),
        ("tricktaker.core.records", "from ..games.truc import rules", core_faults),
        ("tricktaker.solvers.truc.model", "from ...bots import search", solver_faults),
        ("tricktaker.arena.duplicate", "from ..games.tetka import rules", front_end_faults),
    ],
)
def test_a_planted_relative_import_breaking_a_layer_is_caught(
    module: str, planted: str, faults: Rule
) -> None:
    path = MODULES[module]
    source = path.read_text(encoding="utf-8")
    package = path.name == "__init__.py"
    assert not faults(module, _edges(module, imports_of(source, module, package)))
    found = faults(
        module, _edges(module, imports_of(source + "\n" + planted + "\n", module, package))
    )
    assert found, f"{planted!r} in {module} went unnoticed"


# ------------------------------------------------------------------ the layers


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
    assert not core_faults(module, GRAPH[module])


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if _in(m, "tricktaker.games")))
def test_a_game_knows_core_cards_and_itself_only(module: str) -> None:
    assert not game_faults(module, GRAPH[module])


@pytest.mark.parametrize(
    "module",
    sorted(
        m
        for m in GRAPH
        if _in(m, "tricktaker.games") and m.count(".") == 3 and m.split(".")[3] in SHARED_TABLES
    ),
)
def test_the_tables_bots_share_know_no_engine(module: str) -> None:
    assert not shared_table_faults(module, GRAPH[module])


@pytest.mark.parametrize(
    "module", sorted(m for m in GRAPH if any(_in(m, f"tricktaker.{p}") for p in FRONT_ENDS))
)
def test_front_ends_and_arena_reach_games_through_the_registry_only(module: str) -> None:
    assert not front_end_faults(module, GRAPH[module])


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if _in(m, "tricktaker.bots")))
def test_bots_see_views_notation_and_shared_tables_of_their_own_game_only(module: str) -> None:
    assert not bot_faults(module, GRAPH[module])


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if _in(m, "tricktaker.solvers")))
def test_solvers_know_core_cards_and_games_only(module: str) -> None:
    assert not solver_faults(module, GRAPH[module])


@pytest.mark.parametrize(
    "module",
    sorted(m for m in GRAPH if _in(m, "tricktaker.solvers") and MODULES[m].name == "__init__.py"),
)
def test_a_solvers_package_imports_nothing(module: str) -> None:
    # Importing one solver loads that solver only (numba, its tables), never the others:
    # a package's __init__ is its docstring alone.
    body = ast.parse(MODULES[module].read_text(encoding="utf-8")).body
    assert len(body) == 1, f"{module}: a solvers package's __init__ is a docstring only"
    assert isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
    assert isinstance(body[0].value.value, str)


def test_the_bot_and_game_packages_are_found() -> None:
    assert "tricktaker.bots.truc" in _bot_packages()
    assert "truc" in _game_packages()
    assert "tricktaker.games.truco.outcomes" in GRAPH
