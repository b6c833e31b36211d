"""How large the tests' random samples are: one switch for the whole suite.

Two hypothesis profiles (registered in ``conftest.py``, chosen with pytest's
``--hypothesis-profile``): ``dev``, the default and ``make test``'s, runs a small
sample of every property test, so that each of its cases still runs and the suite
stays within minutes; ``ci``, ``make test-all``'s (which CI runs), runs the large
samples the properties were sized for. Every count sized for a long run (a
hypothesis ``max_examples``, the number of random matches a loop plays) is read
through :func:`sample` or :func:`examples`, so the one switch sizes them all.

``TRICKTAKER_SOAK=N`` multiplies every sample by N for a soak run (with the
``ci`` profile, N times CI's sample).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

#: The profile that runs the large samples; any other runs the small ones.
CI = "ci"
DEV = "dev"
PROFILES = (DEV, CI)


def soak() -> int:
    """The soak multiplier from ``TRICKTAKER_SOAK`` (1 when unset or empty)."""
    text = os.environ.get("TRICKTAKER_SOAK", "").strip() or "1"
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"TRICKTAKER_SOAK must be a whole number of at least 1, not {text!r}")
    return int(text)


def large() -> bool:
    """Whether the loaded profile asks for the large samples."""
    return settings.get_current_profile_name() == CI


def sample(ci: int, dev: int = 1) -> int:
    """``ci`` under the ``ci`` profile, ``dev`` under any other, times the soak multiplier.

    ``dev`` is the smallest sample that still runs each case the test means to run
    (one example of a parametrised case; a few where hypothesis draws the options).
    """
    if dev > ci:
        raise ValueError(f"a dev sample ({dev}) larger than the ci one ({ci})")
    return (ci if large() else dev) * soak()


def examples(ci: int, dev: int = 1) -> settings:
    """Hypothesis settings for a property test: :func:`sample` examples and no deadline
    (random matches vary in length), the health checks of slow data left out."""
    return settings(
        max_examples=sample(ci, dev),
        deadline=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.function_scoped_fixture,
        ],
    )
