"""A tournament in which a game fails keeps what it computed: every table's games up to its
first failing game are rated, shown and saved (marked partial), the error names the failing
table and the game's seed, and the run exits 1; the same with one worker or two."""

from __future__ import annotations

import csv
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.sim.schedule import derive_seed
from parlour.sim.simulation import SimulationFailed, simulate
from parlour.sim.tournaments import TournamentFailed, tournament

from .helpers import run_cli

# A bot of an outside module, by its import path, that breaks on its third decision in about one
# game in six: which games is decided by its seeded generator, so by the game's seed, the same on
# any worker. An outside module, not a shipped name added in this process: Ray's workers are
# processes of their own, which import it from the driver's sys.path.
OUTSIDE = "unlucky_bot_for_parlour_tests"
OUTSIDE_SOURCE = """
from parlour.bots import Bot, Decision


class Unlucky(Bot):
    def __init__(self, rng=None) -> None:
        super().__init__(rng)
        self.moves = 0
        self.doomed = None

    def act(self, decision: Decision):
        if self.doomed is None:
            self.doomed = self.rng.random() < 1 / 6
        self.moves += 1
        if self.doomed and self.moves == 3:
            raise RuntimeError("unlucky bot gave up")
        return decision.legal_actions[0]
"""


@pytest.fixture
def field(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The tournament's field (tables: 0 without the unlucky bot, 1 and 2 with it), its module
    on sys.path and on PYTHONPATH."""
    (tmp_path / f"{OUTSIDE}.py").write_text(OUTSIDE_SOURCE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    path = os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])
    monkeypatch.setenv("PYTHONPATH", path.rstrip(os.pathsep))
    monkeypatch.delitem(sys.modules, OUTSIDE, raising=False)
    yield f"threshold:20,random,{OUTSIDE}:Unlucky"
    sys.modules.pop(OUTSIDE, None)


GAMES = 24
SEED = 4


def run_failing(
    capsys: pytest.CaptureFixture[str], field: str, out: Path, workers: str
) -> tuple[int, str, str]:
    return run_cli(
        capsys, "tournament", "flip7", "--bots", field, "--games", str(GAMES), "--seed",
        str(SEED), "--workers", workers, "--out", str(out), "--no-progress", "--json",
    )  # fmt: skip


def test_a_failing_tournament_keeps_every_table_s_finished_games_and_names_the_seed(
    capsys: pytest.CaptureFixture[str], field: str, tmp_path: Path
) -> None:
    saved = []
    for workers in ("1", "2"):
        out = tmp_path / f"standings-{workers}.json"
        code, stdout, err = run_failing(capsys, field, out, workers)
        assert code == 1, err  # a run that failed, not bad input
        assert stdout == ""  # --json never prints half a result
        assert "Traceback" not in err
        data = json.loads(out.read_text())
        first = data["failed"][0]
        lines = err.strip().splitlines()
        # The error is the last line: the failing table by its bots, and the game's seed.
        bots = ", ".join(first["bots"])
        assert "Unlucky" in bots
        assert lines[-1].startswith(f"parlour: table {first['table']} ({bots}): ")
        assert f"game {first['game']} of flip7 failed (seed {first['seed']}," in lines[-1]
        assert "unlucky bot gave up" in lines[-1]
        assert sum(line.startswith("parlour:") for line in lines) == 1
        assert any(line.startswith("PARTIAL standings") for line in lines)
        assert f"saved {out} (partial" in err
        assert data["partial"] is True
        # The table without the unlucky bot played every game; the others stopped at theirs.
        stops = {at["table"]: at["game"] for at in data["failed"]}
        assert sorted(stops) == [1, 2]
        assert [t["games"] for t in data["tables"]] == [GAMES, stops[1], stops[2]]
        saved.append(data)
    assert saved[0] == saved[1]  # the same failure, the same games kept, whatever the workers


def test_a_failing_tournament_saves_its_partial_standings_as_csv(
    capsys: pytest.CaptureFixture[str], field: str, tmp_path: Path
) -> None:
    out = tmp_path / "standings.csv"
    code, _, err = run_failing(capsys, field, out, "1")
    assert code == 1 and "unlucky bot gave up" in err.splitlines()[-1]
    with out.open() as handle:
        rows = list(csv.DictReader(handle))
    assert sorted(row["bot"] for row in rows) == sorted(field.split(","))
    # the unlucky bot played only the games of tables 1 and 2 before their failures
    assert 0 < int(next(r for r in rows if "Unlucky" in r["bot"])["games"]) < 2 * GAMES


def test_the_partial_tournament_holds_the_very_games_of_a_run_stopped_before_the_failure(
    field: str,
) -> None:
    with pytest.raises(TournamentFailed, match=r"unlucky bot gave up") as caught:
        tournament("flip7", field, GAMES, seed=SEED, workers=2)
    failed = caught.value
    assert isinstance(failed, SimulationFailed)  # callers that catch simulate's error catch it
    partial = failed.partial
    assert partial.failed and partial.games < 3 * GAMES
    for table, summary in enumerate(partial.summaries):
        if not summary.games:
            continue
        bots = [field.split(",")[b] for b in partial.tables[table]]
        alone = simulate(
            "flip7", bots, summary.games, seed=derive_seed(SEED, "table", table), workers=1
        )
        assert alone.summary.to_json() == summary.to_json()


def test_ray_keeps_the_same_partial_tournament_as_local_workers(field: str) -> None:
    kept = []
    for backend in ({"workers": 1}, {"ray": "auto"}):
        with pytest.raises(TournamentFailed, match="unlucky bot gave up") as caught:
            tournament("flip7", field, GAMES, seed=SEED, **backend)  # type: ignore[arg-type]
        kept.append((str(caught.value), caught.value.partial.to_json()))
    assert kept[0] == kept[1]
    assert kept[0][1]["partial"] and kept[0][1]["tables"][0]["games"] == GAMES
