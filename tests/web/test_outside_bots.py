"""The web table seats installed bots only: an import path from a visitor is never imported."""

from __future__ import annotations

import sys

import pytest

from parlour.web.tables import Hall, TableError
from tests.outside_bots import UNDECLARED, OutsidePackage, outside

__all__ = ["outside"]  # the fixture, imported for the tests below


@pytest.mark.parametrize("spec", [f"{UNDECLARED}:LastBot", f"{UNDECLARED}:LastBot:2", "os:system"])
def test_a_table_naming_an_import_path_is_refused_and_nothing_changes(
    hall: Hall, outside: OutsidePackage, spec: str
) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": spec}]
    with pytest.raises(TableError, match="import path; only installed bots play here") as caught:
        hall.create({"game": "flip7", "seats": seats})
    assert caught.value.code == "bad_bot"
    assert hall.tables == {}
    assert UNDECLARED not in sys.modules and not outside.marker.exists()


def test_an_installed_outside_bot_takes_a_seat(hall: Hall, outside: OutsidePackage) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "outsider"}]
    table, _ = hall.create({"game": "flip7", "seats": seats})
    assert table.seats[1].bot == "outsider"
