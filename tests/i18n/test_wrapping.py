"""French no-break spaces hold when Rich (the command line) and Textual (the terminal) wrap:
no line starts with « : ; ! ? » and no count splits between its thousands."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys

import pytest

NB = "\u00a0"
# A line (or a table cell's line) that starts with a mark French keeps on its word's line.
STRANDED_MARK = re.compile(r"(^|│ )[:;!?»]")


@pytest.mark.parametrize("game", ["flip7", "panoplies", "gofish"])
def test_french_rules_tables_keep_each_mark_on_its_words_line(game: str) -> None:
    for columns in (60, 72, 80):
        env = {**os.environ, "COLUMNS": str(columns)}
        shown = subprocess.run(
            [sys.executable, "-m", "parlour.cli", "rules", game, "--lang", "fr"],
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )
        assert shown.returncode == 0, shown.stderr
        stranded = [line for line in shown.stdout.splitlines() if STRANDED_MARK.search(line)]
        assert not stranded, (columns, stranded)


def test_the_terminal_wraps_french_text_at_plain_spaces_only() -> None:
    from textual._wrap import compute_wrap_offsets

    import parlour.tui.app  # noqa: F401  (the terminal's start sets the wrapping)

    text = (
        f"Manche 3{NB}: Anne a retourné 8\u202f344{NB}cartes{NB}; le pli revient à Émile{NB}! "
        f"Est-ce la fin{NB}? « Oui{NB}» dit-il, « la pile est vide{NB}»."
    )
    # From the longest unbreakable run up: a narrower line must fold a word anyhow.
    for width in range(max(len(word) for word in text.split(" ")) + 1, len(text)):
        cuts = [0, *compute_wrap_offsets(text, width, 4), len(text)]
        lines = [text[a:b] for a, b in itertools.pairwise(cuts)]
        assert all(not STRANDED_MARK.search(line) for line in lines), (width, lines)
        assert all("8\u202f344" in line for line in lines if "344" in line), (width, lines)
