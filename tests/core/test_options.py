import pytest

from parlour.core.errors import RulesError
from parlour.core.options import describe_options, make_rules, parse_options, rules_diff
from parlour.games.beggar.rules import BeggarRules


def test_parse_options_types_values_from_strings() -> None:
    parsed = parse_options(
        BeggarRules, ["jokers=2", "face_up=yes", "exhausted_payer=next_pays", "max_turns=none"]
    )
    assert parsed == {
        "jokers": 2,
        "face_up": True,
        "exhausted_payer": "next_pays",
        "max_turns": None,
    }
    rules = make_rules(BeggarRules, parsed)
    assert rules_diff(rules) == {"jokers": 2, "face_up": True, "exhausted_payer": "next_pays"}


@pytest.mark.parametrize(
    ("pair", "fragment"),
    [
        ("colour=red", "unknown rules option 'colour'"),
        ("jokers=many", "whole number"),
        ("face_up=perhaps", "true or false"),
        ("jokers", "key=value"),
        ("jokers=1 jokers=2", "'jokers' is given twice"),
        ("face_up=true face-up=false", "'face_up' is given twice"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(pair: str, fragment: str) -> None:
    with pytest.raises(RulesError, match=fragment):
        parse_options(BeggarRules, pair.split(" "))


def test_every_option_is_described_with_its_default() -> None:
    described = {name: default for name, default, _, _ in describe_options(BeggarRules)}
    assert described["exhausted_payer"] == "pile_to_claimant"
    assert described["on_loop"] == "draw"
    assert described["match"] == "single"
