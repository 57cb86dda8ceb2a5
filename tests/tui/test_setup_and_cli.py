"""The setup screen, the flags that skip it, and clean errors from `parlour play`."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input, Select, Switch

from parlour.cli import main
from parlour.core.errors import ParlourError
from parlour.core.registry import get_game
from parlour.tui.app import ParlourApp
from parlour.tui.config import plan_seats
from parlour.tui.screens import HUMAN, TableScreen
from tests.tui.helpers import on_screen, run, screen_text, settle, table_ready


def test_flags_seat_one_person_and_the_named_bots() -> None:
    seats = plan_seats(get_game("beggar"), "en", players=4, bots="first,first,random")
    assert [s.bot for s in seats] == [None, "first", "first", "random"]
    assert seats[0].name == "Player 1" and len({s.name for s in seats}) == 4


def test_flags_seat_several_named_people_for_hot_seat() -> None:
    seats = plan_seats(get_game("beggar"), "fr", players=3, humans="Léa,Tom")
    assert [s.name for s in seats[:2]] == ["Léa", "Tom"]
    assert seats[0].human and seats[1].human and seats[2].bot is not None


def test_flags_can_leave_only_bots_at_the_table() -> None:
    seats = plan_seats(get_game("beggar"), "en", humans="0", bots="first,first")
    assert all(not s.human for s in seats) and len(seats) == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "beggar", "--players", "9"], "2 to 6 players"),
        (["play", "beggar", "--bots", "nosuchbot"], "unknown bot"),
        (["play", "beggar", "--rules", "nonsense=1"], "unknown rules option"),
        (["play", "beggar", "--players", "2", "--humans", "3"], "3 human seats"),
        (["play", "nosuchgame"], "unknown game"),
        (["play", "--players", "3"], "name the game"),
        (["play", "beggar", "--lang", "de"], "unknown language"),
    ],
)
def test_bad_flags_are_one_clear_line(argv: list[str], message: str, capsys: Any) -> None:
    with pytest.raises(SystemExit, match=r"^2$") as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_the_setup_screen_builds_the_table_it_shows() -> None:
    app = ParlourApp(game="beggar", lang="en")

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "SetupScreen"))
        screen = app.screen
        assert "Jokers" in screen_text(app) and "A payer runs out" in screen_text(app)
        screen.query_one("#players", Select).value = 3
        await pilot.pause()
        assert screen.query_one("#seat-2").display and not screen.query_one("#seat-3").display
        screen.query_one("#kind-1", Select).value = "first"
        screen.query_one("#kind-2", Select).value = HUMAN
        screen.query_one("#name-2", Input).value = "Tom"
        screen.query_one("#opt-jokers", Select).value = 1
        screen.query_one("#opt-face_up", Switch).value = True
        screen.query_one("#seed", Input).value = "7"
        screen.query_one("#lang", Select).value = "fr"
        await pilot.pause()
        screen.action_start()
        await settle(pilot, lambda: not on_screen(app, "SetupScreen"))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        session = table.session
        assert session.humans == [0, 2] and session.bots[1].name == "first"
        assert session.names[2] == "Tom" and session.lang == "fr"
        assert session.state.rules.jokers == 1 and session.state.rules.face_up
        assert session.state.seed == 7
        # Two people and a face-up stack each: the device must be passed first.
        await settle(pilot, lambda: on_screen(app, "HandoffScreen"))
        assert "Passez l'appareil à Player 1." in screen_text(app)

    run(app, scenario)


def test_the_setup_screen_refuses_a_bad_table_with_a_message() -> None:
    app = ParlourApp(game="beggar", lang="en")

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "SetupScreen"))
        screen = app.screen
        screen.query_one("#name-1", Input).value = screen.query_one("#name-0", Input).value
        screen.query_one("#opt-pace_ms", Input).value = "3"
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        assert on_screen(app, "SetupScreen")
        assert "two seats have the same name" in screen_text(app)
        screen.query_one("#name-1", Input).value = "Zoé"
        screen.action_start()
        await pilot.pause()
        assert "pace_ms must be at least 50" in screen_text(app)

    run(app, scenario)


def test_the_game_chooser_leads_to_the_setup_of_the_chosen_game() -> None:
    app = ParlourApp(lang="en")

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "GameChooser"))
        await pilot.press("enter")  # the first game of the list
        await settle(pilot, lambda: on_screen(app, "SetupScreen"))
        assert "New game" in screen_text(app)

    run(app, scenario)


def test_check_names_refuses_empty_names() -> None:
    from parlour.tui.config import SeatPlan, check_names

    with pytest.raises(ParlourError, match="needs a name"):
        check_names([SeatPlan(" "), SeatPlan("Tom")])


def test_a_bot_level_in_the_setup_becomes_part_of_its_spec() -> None:
    app = ParlourApp(game="flip7", lang="en")

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "SetupScreen"))
        screen = app.screen
        screen.query_one("#kind-1", Select).value = "threshold"
        screen.query_one("#level-1", Input).value = "not-a-number"
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        assert "bad parameters for bot 'threshold:not-a-number'" in screen_text(app)
        screen.query_one("#level-1", Input).value = "23"
        screen.action_start()
        await settle(pilot, lambda: table_ready(app))
        assert app.screen.session.bots[1].name == "threshold:23"

    run(app, scenario)


def test_ages_from_the_setup_let_the_youngest_start_and_survive_a_save(tmp_path: Any) -> None:
    from parlour.core.records import load_record
    from parlour.tui.session import PlaySession

    app = ParlourApp(game="familles", lang="en")

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "SetupScreen"))
        screen = app.screen
        screen.query_one("#age-0", Input).value = "41"
        screen.query_one("#age-1", Input).value = "7"
        screen.query_one("#age-2", Input).value = "9"
        await pilot.pause()
        screen.action_start()
        await settle(pilot, lambda: table_ready(app))
        session = app.screen.session
        assert [seat.age for seat in session.state.seats] == [41, 7, 9]
        first = next(e for e in session.state.log if e.type == "deal").data["first"]
        assert first == 1  # the youngest, seven years old
        session.save(tmp_path / "game.json")

    run(app, scenario)
    resumed = PlaySession.resume(load_record(tmp_path / "game.json"))
    assert [plan.age for plan in resumed.config.seats] == [41, 7, 9]


def play(argv: list[str]) -> None:
    """`parlour ...` as typed: a clean exit (status 0)."""
    with pytest.raises(SystemExit, match=r"^0$") as exit_info:
        main(argv)
    assert exit_info.value.code == 0


@pytest.fixture
def launched(monkeypatch: Any) -> list[ParlourApp]:
    """The apps `parlour play` would run, captured instead of taking the terminal.

    Click's own words stay as they are: `--lang fr` would make them French for the rest of the
    test process (the command line installs them for its one process).
    """
    import parlour.cli.french

    apps: list[ParlourApp] = []
    monkeypatch.setattr(ParlourApp, "run", lambda self, *a, **kw: apps.append(self))
    monkeypatch.setattr(parlour.cli.french, "install_french_click", lambda: None)
    monkeypatch.setattr(parlour.cli.french, "french_rich_texts", lambda _module: None)
    return apps


def test_the_issue_command_line_goes_straight_to_the_table(launched: list[ParlourApp]) -> None:
    play(["play", "flip7", "--players", "4", "--bots", "strong,strong,counter", "--lang", "fr"])
    session = launched[0].first_session
    assert session is not None and session.lang == "fr"
    assert [session.bots[s].name for s in (1, 2, 3)] == ["strong", "strong", "counter"]
    assert session.names[0] == "Joueur 1" and session.humans == [0]


def test_a_game_name_alone_opens_the_setup_screen(launched: list[ParlourApp]) -> None:
    play(["play", "familles", "--lang", "en", "--pace", "300", "--hints"])
    app = launched[0]
    assert app.first_session is None and app.first_game == "familles"
    assert app.base is not None and app.base.pace_ms == 300 and app.base.hints


def test_resume_from_the_command_line(launched: list[ParlourApp], tmp_path: Any) -> None:
    from parlour.core.records import save_record
    from parlour.tui.config import PlayConfig, SeatPlan
    from parlour.tui.session import PlaySession

    seats = [SeatPlan("Léa"), SeatPlan("Bruno", "strong")]
    session = PlaySession(PlayConfig("flip7", seats, seed=9))
    while session.human_to_move() and session.state.turns < 1:
        session.play(session.state.legal_actions()[0])
    save_record(session.state, tmp_path / "saved.json")
    play(["play", "--resume", str(tmp_path / "saved.json"), "--lang", "fr", "--instant"])
    resumed = launched[0].first_session
    assert resumed is not None and resumed.lang == "fr" and resumed.config.instant
    assert resumed.state.actions == session.state.actions
    assert resumed.bots[1].name == "strong" and resumed.humans == [0]


def test_resume_refuses_a_record_of_another_game(tmp_path: Any, capsys: Any) -> None:
    from parlour.core.records import save_record
    from parlour.core.registry import get_game as game_named

    save_record(game_named("beggar").new_state(2, seed=1), tmp_path / "beggar.json")
    with pytest.raises(SystemExit, match=r"^2$"):
        main(["play", "flip7", "--resume", str(tmp_path / "beggar.json")])
    assert "is a game of beggar, not flip7" in capsys.readouterr().err


def test_resumed_default_names_follow_the_language(
    launched: list[ParlourApp], tmp_path: Any
) -> None:
    from parlour.core.records import save_record
    from parlour.tui.config import PlayConfig, SeatPlan, human_name
    from parlour.tui.session import PlaySession

    seats = [SeatPlan(human_name(0, "en")), SeatPlan("Bruno", "strong")]
    session = PlaySession(PlayConfig("flip7", seats, seed=9, lang="en"))
    assert session.names[0] == "Player 1"
    save_record(session.state, tmp_path / "saved.json")
    play(["play", "--resume", str(tmp_path / "saved.json"), "--lang", "fr", "--instant"])
    resumed = launched[0].first_session
    assert resumed is not None
    assert resumed.names == [human_name(0, "fr"), "Bruno"]  # a chosen name stays as it is
    assert resumed.names[0] != "Player 1"


@pytest.mark.parametrize(
    "flags",
    [
        ["--players", "4"],
        ["--bots", "random"],
        ["--humans", "2"],
        ["--seed", "3"],
        ["--rules", "target=100"],
    ],
)
def test_resume_refuses_the_flags_the_record_fixes(
    flags: list[str], tmp_path: Any, capsys: Any
) -> None:
    from parlour.core.records import save_record
    from parlour.core.registry import get_game as game_named

    save_record(game_named("flip7").new_state(2, seed=1), tmp_path / "saved.json")
    with pytest.raises(SystemExit, match=r"^2$"):
        main(["play", "--resume", str(tmp_path / "saved.json"), *flags])
    err = capsys.readouterr().err
    assert f"{flags[0]} cannot change it" in err and len(err.strip().splitlines()) == 1


def test_two_humans_of_one_name_are_refused_on_the_command_line() -> None:
    # The setup screen refused them; --humans A,A opened a table with two seats called A.
    flip7 = get_game("flip7")
    with pytest.raises(ParlourError, match="two seats have the same name"):
        plan_seats(flip7, "en", humans="Léa,Tom,Léa")
    assert [s.name for s in plan_seats(flip7, "en", humans="Léa,Tom")][:2] == ["Léa", "Tom"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_setup_deals_the_tables_language_deck_unless_another_is_chosen(lang: str) -> None:
    """Enter at once on an English setup plays the English 7 familles deck, as the flags do;
    switching the language switches a language's deck, never a deck file typed in."""
    app = ParlourApp(game="familles", lang=lang)
    other = "fr" if lang == "en" else "en"

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "SetupScreen"))
        screen = app.screen
        deck = screen.query_one("#opt-deck", Input)
        assert deck.value == lang
        screen.query_one("#lang", Select).value = other
        await pilot.pause()
        assert deck.value == other
        deck.value = "my-deck.toml"
        screen.query_one("#lang", Select).value = lang
        await pilot.pause()
        assert deck.value == "my-deck.toml"
        deck.value = other  # chosen on purpose: kept at the table
        await pilot.pause()
        screen.action_start()
        await settle(pilot, lambda: table_ready(app))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.session.lang == lang and table.session.state.rules.deck == other

    run(app, scenario)


def test_enter_at_once_on_an_english_setup_plays_the_english_deck() -> None:
    app = ParlourApp(game="familles", lang="en")

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "SetupScreen"))
        app.screen.action_start()
        await settle(pilot, lambda: table_ready(app))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.session.state.rules.deck == "en"
        from parlour.games.familles.decks import get_deck

        shown = screen_text(app)
        assert any(f.name in shown for f in get_deck("en").families)
        assert not any(f.name in shown for f in get_deck("fr").families)

    run(app, scenario)


@pytest.mark.parametrize(("game", "asked"), [("flip7", False), ("panoplies", True)])
def test_ages_are_asked_only_where_the_youngest_starts(game: str, asked: bool) -> None:
    app = ParlourApp(game=game, lang="en")

    async def scenario(pilot: Any) -> None:
        await settle(pilot, lambda: on_screen(app, "SetupScreen"))
        assert app.screen.query_one("#age-0", Input).display is asked

    run(app, scenario)
