"""Shared test settings.

Hypothesis runs 60 random examples per property locally. Under CI (`CI=true`) it runs the `ci`
profile: more examples and a derandomised seed, so a red build is reproducible by rerunning it.
"""

import os

from hypothesis import HealthCheck, settings

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
