"""The suite's two sizes (hypothesis profiles), the numba kernels compiled once, and an
empty solved folder (no Le Truc strategy unless a test makes one).

``make test`` runs ``pytest -m "not slow" --hypothesis-profile=dev`` (minutes);
``make test-all``, which CI runs, the whole suite with ``--hypothesis-profile=ci``.
See ``scale.py`` for how the profile sizes every sample.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import warnings

import pytest
from hypothesis import settings

import scale

# An empty solved folder of the run's own, set before any test imports the bots: Le
# Truc's ``solved`` level is offered only where a strategy file exists
# (``bots/truc/solved.available``), and the checkout's var/solved may hold one (its
# own solve, or the shipped one that ``tricktaker warm`` installs). Tests that want
# a strategy set their own folder (monkeypatch.setenv).
_SOLVED = tempfile.mkdtemp(prefix="tricktaker-tests-solved-")
os.environ["TRICKTAKER_SOLVED_DIR"] = _SOLVED
atexit.register(shutil.rmtree, _SOLVED, True)

# The profile's own sample applies only to a property test without scale.examples().
settings.register_profile(scale.DEV, max_examples=10, deadline=None)
# Random in each run (not derandomized), with the blob that replays a failure.
settings.register_profile(scale.CI, max_examples=200, deadline=None, database=None, print_blob=True)
settings.load_profile(scale.DEV)


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """A bad ``TRICKTAKER_SOAK`` or profile name is one line, not a traceback. In the
    xdist controller, before its workers start: compile the numba kernels once."""
    profile = config.getoption("hypothesis_profile", None)
    if profile is not None and profile not in scale.PROFILES:
        raise pytest.UsageError(
            f"no hypothesis profile {profile!r}: choose {' or '.join(scale.PROFILES)}"
        )
    try:
        scale.soak()
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None
    workers = getattr(config.option, "numprocesses", None)
    if not workers or hasattr(config, "workerinput") or config.option.collectonly:
        return
    from tricktaker.solvers.warm import warm

    try:
        warm()
    except Exception as exc:  # the solver tests themselves will report what is wrong
        warnings.warn(f"the numba kernels could not be compiled ahead: {exc}", stacklevel=1)
