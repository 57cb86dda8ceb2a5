"""The code base stays formatted and linted with ruff (its configuration is in pyproject.toml)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True
    )


def test_ruff_lint_passes() -> None:
    done = ruff("check", "src", "tests", "benchmarks", "examples")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_passes() -> None:
    done = ruff("format", "--check", "src", "tests", "benchmarks", "examples")
    assert done.returncode == 0, done.stdout + done.stderr
