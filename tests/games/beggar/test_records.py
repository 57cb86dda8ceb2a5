"""Published record deals give exactly their published cards and tricks (RULES.md §1 counting)."""

from __future__ import annotations

import pytest

from parlour.games.beggar import kernel
from parlour.games.beggar.records import RECORDS, check_record, hand_codes, reference_play

BY_KEY = {f"{r.name} {r.year}": r for r in RECORDS}


@pytest.mark.parametrize("key", list(BY_KEY))
def test_record_deal_gives_its_published_length(key: str) -> None:
    record = BY_KEY[key]
    check = check_record(record)
    assert check.engine == (record.status, record.cards, record.tricks, record.winner)
    assert check.kernel == check.engine
    assert check.ok


def test_the_table_holds_the_known_milestones() -> None:
    assert BY_KEY["Paulhus 1999"].cards == 4791 and BY_KEY["Paulhus 1999"].tricks == 670
    assert BY_KEY["Nessler 2022"].cards == 8344 and BY_KEY["Nessler 2022"].tricks == 1164
    assert max(r.cards for r in RECORDS if r.status == "finished") == 8344
    every_hand = [hand for record in RECORDS for hand in record.hands]
    assert all(len(hand) == 26 for hand in every_hand)
    for record in RECORDS:
        codes = sorted(hand_codes(record.hands[0]) + hand_codes(record.hands[1]))
        assert codes == sorted([0] * 36 + [1, 2, 3, 4] * 4), record.name


def test_the_non_terminating_deal_is_reported_as_a_loop() -> None:
    casella = BY_KEY["Casella 2024"]
    assert reference_play(casella.hands)[0] == "loop"
    row = kernel.play_deals([[hand_codes(h) for h in casella.hands]]).row(0)
    assert row[0] == kernel.LOOP
    # With the hands swapped it is another deal, which ends: B wins after 156 cards, 21 tricks,
    # in the reference engine and in the kernel.
    swapped = tuple(reversed(casella.hands))
    assert reference_play(swapped) == ("finished", 156, 21, 1)
    row = kernel.play_deals([[hand_codes(h) for h in swapped]]).row(0)
    assert row == (kernel.FINISHED, 156, 21, 1)


def test_a_changed_record_is_no_longer_a_record() -> None:
    paulhus = BY_KEY["Paulhus 1999"]
    a, b = paulhus.hands
    # Swap A's first king with B's first card (a number card).
    changed = (a[:12] + b[0] + a[13:], a[12] + b[1:])
    assert changed != paulhus.hands
    assert reference_play(changed)[1] != paulhus.cards
