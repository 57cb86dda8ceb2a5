"""`parlour simulate` and `parlour tournament` from the command line."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from parlour.sim.stats import wilson_interval

from .helpers import add_crash_bot, add_late_crash_bot, run_cli


def test_simulate_json_is_exactly_the_design_object(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        capsys, "simulate", "beggar", "--games", "60", "--bots", "first,random", "--seed", "4",
        "--json", "--workers", "1",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["game", "games", "bots", "draws", "mean_turns"]
    assert data["game"] == "beggar" and data["games"] == 60
    assert [list(b) for b in data["bots"]] == [
        ["bot", "wins", "win_share", "ci95", "mean_score"]
    ] * 2
    wins = [b["wins"] for b in data["bots"]]
    assert sum(wins) + data["draws"] == 60
    for bot in data["bots"]:
        assert bot["ci95"] == pytest.approx(list(wilson_interval(bot["wins"], 60)))
    again = run_cli(capsys, "simulate", "beggar", "--games", "60", "--bots", "first,random",
                    "--seed", "4", "--json", "--workers", "2")  # fmt: skip
    assert json.loads(again[1]) == data


def test_simulate_table_rows_and_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows_csv, rows_pq, plot = tmp_path / "g.csv", tmp_path / "g.parquet", tmp_path / "p.png"
    code, out, _ = run_cli(
        capsys, "simulate", "beggar", "--games", "40", "--bots", "random,first", "--seed", "1",
        "--out", str(rows_csv), "--plot", str(plot), "--rules", "match=best_of_three",
    )  # fmt: skip
    assert code == 0
    assert "win share" in out and "95% interval" in out and "seed 1" in out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with rows_csv.open() as handle:
        table = list(csv.DictReader(handle))
    assert len(table) == 40
    assert {row["seat0_bot"] for row in table} == {"random", "first"}
    code, _, _ = run_cli(
        capsys, "simulate", "beggar", "--games", "40", "--bots", "random,first", "--seed", "1",
        "--out", str(rows_pq), "--rules", "match=best_of_three", "--json",
    )  # fmt: skip
    frame = pq.read_table(rows_pq).to_pydict()
    assert frame["turns"] == [int(row["turns"]) for row in table]
    assert frame["seat1_win"] == [float(row["seat1_win"]) for row in table]
    # best of three: a match winner has won two rounds
    assert max(frame["seat0_score"] + frame["seat1_score"]) == 2


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["simulate", "chess", "--bots", "random,random"], "unknown game"),
        (["simulate", "beggar", "--bots", "first,wizard"], "unknown bot"),
        (["simulate", "beggar", "--bots", "threshold:23,first"], "unknown bot"),
        (["simulate", "beggar", "--bots", "first"], "2 to 6 players"),
        (["simulate", "beggar", "--bots", ",".join(["first"] * 7)], "2 to 6 players"),
        (
            ["simulate", "beggar", "--bots", "first,random", "--rules", "colour=red"],
            "unknown rules",
        ),
        (["simulate", "beggar", "--bots", "first,random", "--rules", "jokers=9"], "jokers"),
        (["simulate", "beggar", "--bots", "first,random", "--games", "0"], "at least 1"),
        (["simulate", "beggar", "--bots", "first,,random"], "--bots"),
        (["simulate", "beggar", "--bots", "first,random", "--out", "x.xlsx"], ".csv or .parquet"),
        (["simulate", "beggar", "--bots", "first,random", "--plot", "x.jpg"], ".png or .svg"),
        (["simulate", "beggar", "--bots", "a,b", "--workers", "2", "--ray", "auto"], "unknown bot"),
        (
            ["simulate", "beggar", "--bots", "first,random", "--workers", "2", "--ray", "auto"],
            "not both",
        ),
        (["simulate", "beggar", "--bots", "first,random", "--ray", "127.0.0.1:1"], "cannot reach"),
        (["simulate", "beggar", "--bots", "first,random", "--ray", "nowhere"], "HOST:PORT"),
        (["tournament", "beggar", "--bots", "first,random", "--table-size", "3"], "table-size"),
        (["tournament", "beggar", "--bots", "first"], "at least two"),
        (["tournament", "beggar", "--bots", "first,random", "--games", "0"], "at least 1"),
        (["tournament", "beggar", "--bots", "first,random", "--table-size", "0"], "at least 2"),
        # Rules that cannot seat this many players: refused before the first game.
        (["simulate", "panoplies", "--bots", ",".join(["random"] * 7)], "1 optional family ("),
        (["simulate", "gofish", "--bots", "random,random", "--rules", "ranks=1"], "need more"),
        (
            ["tournament", "panoplies", "--bots", ",".join(["random"] * 7), "--table-size", "7"],
            "1 optional family (",
        ),
        # A file that could not be written at the end: refused before the first game.
        (["simulate", "beggar", "--bots", "first,random", "--out", "/nowhere/g.csv"], "not exist"),
        (["simulate", "beggar", "--bots", "first,random", "--plot", "/nowhere/p.png"], "not exist"),
        (
            ["tournament", "beggar", "--bots", "first,random", "--out", "/nowhere/t.json"],
            "not exist",
        ),
        (["simulate", "beggar", "--bots", "first,random", "--workers", "-1"], "positive"),
        (["tournament", "beggar", "--bots", "first,random", "--workers", "-1"], "positive"),
        # 0 once meant every core quietly; leaving --workers out is the way to ask for that.
        (["simulate", "beggar", "--bots", "first,random", "--workers", "0"], "not 0"),
        (["tournament", "beggar", "--bots", "first,random", "--workers", "0"], "not 0"),
    ],
)
def test_bad_input_is_one_clear_line(
    capsys: pytest.CaptureFixture[str], args: list[str], says: str
) -> None:
    code, out, err = run_cli(capsys, *args)
    assert code != 0
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert err.startswith("parlour: ") and says in lines[0]  # nothing before it, not a blank
    assert "Traceback" not in err and out == ""


def test_a_bad_plot_path_leaves_no_rows_file_behind(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = tmp_path / "rows.csv"
    code, _, err = run_cli(
        capsys, "simulate", "beggar", "--bots", "first,random", "--games", "5",
        "--out", str(rows), "--plot", str(tmp_path / "missing" / "p.png"),
    )  # fmt: skip
    assert code == 2 and "does not exist" in err
    assert not rows.exists()


def test_a_failing_game_exits_non_zero_with_its_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    add_crash_bot(monkeypatch)
    code, _, err = run_cli(
        capsys, "simulate", "beggar", "--bots", "first,crash", "--games", "10", "--seed", "3",
        "--records", str(tmp_path), "--workers", "1",
    )  # fmt: skip
    assert code == 1  # a run that fails, not a usage error
    assert "seed" in err and "crash bot gave up" in err and str(tmp_path) in err
    saved = next(tmp_path.glob("parlour-failed-beggar-*.json"))
    assert run_cli(capsys, "replay", str(saved), "--json")[0] == 0


def test_a_failing_run_shows_and_saves_the_games_before_the_failure(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    add_late_crash_bot(monkeypatch)
    rows = tmp_path / "rows.csv"
    code, _, err = run_cli(
        capsys, "simulate", "beggar", "--bots", "first,late-crash", "--games", "60", "--seed",
        "4", "--workers", "1", "--out", str(rows), "--records", str(tmp_path / "games"),
    )  # fmt: skip
    assert code != 0 and "late crash bot gave up" in err
    failed_at = int(err.split("game ")[-1].split(" of beggar failed")[0])
    assert f"{failed_at} games played before the failure" in err
    assert "Traceback" not in err
    # The summary of the games kept comes first; the error is one line, the last one.
    lines = err.strip().splitlines()
    assert lines[-1].startswith("parlour: game ") and "late crash bot gave up" in lines[-1]
    assert sum(line.startswith("parlour:") for line in lines) == 1
    saved = rows.read_text().splitlines()
    assert len(saved) == 1 + failed_at  # a header, then one row per game kept


def test_tournament_plays_every_pairing_and_saves_the_standings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "t.json"
    code, out, _ = run_cli(
        capsys, "tournament", "beggar", "--bots", "first,random,random", "--games", "20",
        "--seed", "8", "--out", str(saved),
    )  # fmt: skip
    assert code == 0, out
    assert "mu-3sigma" in out and "mu (95% interval)" in out
    data = json.loads(saved.read_text())
    assert data["table_size"] == 2 and len(data["tables"]) == 3
    assert sorted(s["bot"] for s in data["standings"]) == ["first", "random", "random (2)"]
    assert all(s["games"] == 40 for s in data["standings"])
    ordinals = [s["ordinal"] for s in data["standings"]]
    assert ordinals == sorted(ordinals, reverse=True)
    for s in data["standings"]:
        assert s["interval"][0] < s["mu"] < s["interval"][1]
    csv_path = tmp_path / "t.csv"
    code, _, _ = run_cli(
        capsys, "tournament", "beggar", "--bots", "first,random,random", "--games", "20",
        "--seed", "8", "--out", str(csv_path), "--table-size", "3", "--json",
    )  # fmt: skip
    assert code == 0
    with csv_path.open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 3 and all(int(r["games"]) == 20 for r in rows)


def test_simulate_flip7_threshold_bots_kernel_gives_the_engine_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["simulate", "flip7", "--games", "2000", "--bots", "threshold:23,threshold:20"]
    args += ["--seed", "13", "--workers", "1", "--json"]
    code, fast, _ = run_cli(capsys, *args)
    assert code == 0
    # --records makes every game go through the reference engine (a record per game).
    code, slow, _ = run_cli(capsys, *args, "--records", str(tmp_path / "records"))
    assert code == 0
    assert json.loads(fast) == json.loads(slow)
    assert len(list((tmp_path / "records").iterdir())) == 2000


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_bot_on_a_time_budget_is_named_as_one_a_seed_does_not_fix(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    # `search` thinks 0.2 s a move by default: its games follow the machine's speed. A count
    # (`search:2`) is reproducible, and gets no note.
    extra = ["--out", str(tmp_path / "t.json")] if command == "tournament" else []
    for bots, timed in (("search,memory", True), ("search:2,memory", False)):
        code, out, err = run_cli(
            capsys, command, "familles", "--games", "1", "--bots", bots, "--seed", "3",
            "--json", "--workers", "1", *extra,
        )  # fmt: skip
        assert code == 0, err
        json.loads(out)  # the note is on stderr: stdout stays JSON
        assert ("search: a bot that thinks for a time" in err) is timed, err


def test_more_games_than_a_run_can_hold_are_refused_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 10^26 games ate memory until a MemoryError traceback; now one line, exit 2, no file.
    huge = "9" * 26
    code, out, err = run_cli(capsys, "simulate", "flip7", "--bots", "random,random",
                             "--games", huge)  # fmt: skip
    assert (code, out) == (
        2,
        "",
    ) and err == f"parlour: --games must be at most 100000000, not {huge}\n"
    target = tmp_path / "t.json"
    code, out, err = run_cli(capsys, "tournament", "flip7", "--bots", "random,random,threshold",
                             "--games", "50000000", "--out", str(target))  # fmt: skip
    assert code == 2 and "150000000 games, more than one run holds" in err
    assert not target.exists()


def test_a_records_folder_that_cannot_be_one_is_refused_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `--records ''` wrote the records into the current folder and said "saved /".
    monkeypatch.chdir(tmp_path)
    a_file = tmp_path / "afile"
    a_file.write_text("mine\n")
    for folder, why in (("", "needs a folder name"), (str(a_file), "a file, not a folder")):
        code, out, err = run_cli(capsys, "simulate", "flip7", "--bots", "random,random",
                                 "--games", "2", "--records", folder)  # fmt: skip
        assert code == 2 and out == "" and why in err and err.count("\n") == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]
    assert a_file.read_text() == "mine\n"
