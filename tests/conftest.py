"""Shared test settings.

Hypothesis runs 60 random examples per property locally. Under CI (`CI=true`) it runs the `ci`
profile: more examples and a derandomised seed, so a red build is reproducible by rerunning it.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.i18n.helpers import keep_click_state

settings.register_profile("default", max_examples=60, deadline=None)
settings.register_profile(
    "ci",
    max_examples=150,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default")
)


@pytest.fixture(autouse=True)
def _click_speaks_english_after_each_test(monkeypatch: pytest.MonkeyPatch) -> None:
    """`parlour.cli.main` given `--lang fr` (or run on a French system) puts French into
    Click's and Typer's modules for the rest of the process, as a command line should; a test
    that runs it in the test process must not leave a later test reading French."""
    keep_click_state(monkeypatch)
