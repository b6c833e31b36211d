"""Compile the numba kernels once, ahead of the first computer that needs them.

The solvers' kernels (``solvers/_kernels.py``, ``solvers/preferans/_kernel.py``,
``solvers/tetka/_kernel.py``), the Le Truc and Truco ``rules`` bots' chance
estimates (``solvers/truc/chance2.py``, ``solvers/truc/chance4.py``,
``solvers/truco/chance.py``) and the games'
random playouts (``core.playouts``: ``games/truc/fast.py``, ``games/tetka/fast.py``)
are jitted with ``cache=True``: the first process
to call one compiles it (seconds each, some 20 s in all) and writes the machine
code beside the source (``__pycache__`` next to each kernel's module, or under
``NUMBA_CACHE_DIR``); later processes load it in a fraction of a second. On a
fresh install the first strong or expert move would otherwise wait for the
compiler (36 to 120 s were seen) while every later one takes seconds. So
:func:`warm` runs one tiny solve of each kind, with the argument types the
solvers always pass, and every signature they need is then on disk:

* ``make run`` and ``make test`` run it once when they install
  (``tricktaker warm``);
* ``tricktaker serve`` runs it again in a child process at start
  (``server.warmup``), in case the cache was emptied or the sources changed;
* the tests' xdist controller runs it before the workers start
  (``tests/conftest.py``), so the workers do not each compile them all again.

The kernels are imported by their module paths (``tricktaker.solvers`` itself
re-exports nothing the warm-up relies on).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tricktaker.core.protocol import random_playouts
from tricktaker.solvers.cfr import CFRSolver, exploitability
from tricktaker.solvers.preferans.position import Position, Solver
from tricktaker.solvers.tetka.solve import Ending, Table, solve, solve_marks
from tricktaker.solvers.toy import kuhn


def cache_dir() -> str:
    """Where numba keeps the compiled kernels: ``NUMBA_CACHE_DIR`` if set, else the
    ``__pycache__`` folders beside the kernels' sources."""
    from numba.core import config

    found = getattr(config, "CACHE_DIR", "")  # set from the environment at import
    return str(found or "__pycache__ beside the kernels' sources")


def warm_cfr() -> None:
    """The CFR kernels (``solvers/_kernels.py``: the tests, the ladder's tools)."""
    tree = kuhn()
    cfr = CFRSolver(tree)
    cfr.run(2)
    exploitability(tree, cfr.average_strategy())


def warm_preferans() -> None:
    """Preferans' open-hand solver: three places with one card each (engine cards 5, 6,
    7: the sevens to nines)."""
    pref = Solver(tt_bits=8)
    ending = Position(hands=(1 << 5, 1 << 6, 1 << 7), leader=0, counted=1, maximisers=1)
    pref.solve(ending)
    pref.line(ending)


def warm_tetka() -> None:
    """Tetka's open-hand solver: the last trick, one card in each of the four hands."""
    last = Ending(
        hands=(1 << 0, 1 << 1, 1 << 2, 1 << 3),
        trick=(),
        leader=0,
        done=12,
        won=(3, 3, 3, 3),
        latest=(8, 9, 10, 11),
        photo=4,
    )
    table = Table(bits=8)
    solve(last, 0, table)
    solve_marks(last, 0, table)


def warm_truc() -> None:
    """Le Truc's chance estimates, which the ``rules`` bot asks before each card and bet:
    two players (``solvers/truc/chance2.py``), a whole hand and the last card; four
    (``solvers/truc/chance4.py``), a deal with no signal and one with the partner's."""
    import random

    from tricktaker.solvers.truc.chance2 import ev2_fast
    from tricktaker.solvers.truc.chance4 import estimate4_fast

    ev2_fast((0, 3, 7), (((1, 2, 5), 1.0), ((4, 4, 6), 2.0)), (), (), 0, "leader", 0.5)
    ev2_fast((6,), (((), 1.0),), (0, 1), ((1, 5),), 1, "spoil", 0.5)

    pool = [s for s in range(8) for _ in range(4)][3:]
    rng = random.Random(1)
    estimate4_fast((0, 0, 0), pool, (3, 3, 3, 3), (), (), 0, "leader", rng, 2, None)
    estimate4_fast((0, 0), pool, (2, 2, 2, 2), (1,), ((1, 4),), 2, "spoil", rng, 2, (6, True))


def warm_truco() -> None:
    """Truco's chance of the hand (``solvers/truco/chance.py``), which the ``rules`` bot
    asks before its bets and answers: a hand of two and one of four with a partner's
    hand known (a hand of eleven)."""
    import random

    from tricktaker.solvers.truco.chance import estimate_fast

    pool = [s for s in range(10) for _ in range(4)][6:]
    rng = random.Random(1)
    estimate_fast((10, 11, 12), {}, (3, 3), pool, (), (), 0, rng, 2)
    estimate_fast((10, 11), {2: (12, 13)}, (2, 2, 2, 2), pool, (0,), ((1, 4),), 2, rng, 2)


def warm_playouts() -> None:
    """The games' random playouts (``core.playouts``: Le Truc's and Tetka's ``fast.py``),
    a few of each kind: the bench's fast rows and searches' rollouts."""
    from tricktaker.core.registry import get_game

    for name, settings in (
        ("truc", ({"players": 2}, {"players": 4})),
        ("tetka", ({"revoke": "prevented"}, {"revoke": "penalized"})),
    ):
        game = get_game(name)
        for values in settings:
            state = game.new_match(game.options(values), seed=1)
            for policy in ("uniform", "card-play"):
                random_playouts(state, 2, 1, policy, deal=True)
                random_playouts(state, 2, 1, policy)


#: The kernels by group, in the order they are compiled: a group is named by the game
#: whose computers call it (the server's warm-up lets each game's moves go as soon as its
#: own group is ready: the smaller first), ``cfr`` by no game.
GROUPS: dict[str, Callable[[], None]] = {
    "truc": warm_truc,
    "truco": warm_truco,
    "tetka": warm_tetka,
    "preferans": warm_preferans,
    "cfr": warm_cfr,
    "playouts": warm_playouts,
}
#: The groups the computers of a server call.
PLAYED = ("truc", "truco", "tetka", "preferans")


def warm(groups: Iterable[str] = tuple(GROUPS), done: Callable[[str], None] | None = None) -> None:
    """Run each kernel of ``groups`` once on a tiny input, compiling (or loading) it;
    ``done(group)`` after each group."""
    for group in groups:
        GROUPS[group]()
        if done is not None:
            done(group)
