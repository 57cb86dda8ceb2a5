"""Published record deals of two-player Beggar-My-Neighbour, checked live by the engines.

Each deal is given as the two hands of RULES.md §1 notation, top card first, hand A leading.
`cards` and `tricks` are the published figures; they use the counting of RULES.md §1 (cards laid,
collections of the pile including the last), which the engines reproduce exactly. The winner is
the one our reference engine gives (the sources do not all state it). Sources: Richard P. Mann's
table of Beggar-My-Neighbour records, the paper "A Non-Terminating Game of Beggar-My-Neighbor"
(Casella, Anderson, Kleber, Mann, Nessler, Rucklidge, Williams, Wu; arXiv:2403.13855, 2024), which
recounts the history of the longest games, and public simulators that embed these deals as tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parlour.games.beggar.cards import CODE


@dataclass(frozen=True)
class Record:
    name: str
    year: int
    hands: tuple[str, str]
    status: str  # "finished" or "loop"
    cards: int
    tricks: int
    winner: int | None  # 0 = hand A (who leads), 1 = hand B, None for a loop
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "year": self.year,
            "hands": list(self.hands),
            "status": self.status,
            "cards": self.cards,
            "tricks": self.tricks,
            "winner": self.winner,
            "note": self.note,
        }


RECORDS: tuple[Record, ...] = (
    Record(
        "Paulhus",
        1999,
        ("------------KAQ----J------", "-JQQK---K----JK--QA-A-JA--"),
        "finished",
        4791,
        670,
        0,
        "Marc Paulhus, American Mathematical Monthly 106 (1999)",
    ),
    Record(
        "Kleber",
        1999,
        ("---JQ---K-A----A-J-K---QK-", "-J-----------AJQA----K---Q"),
        "finished",
        5790,
        805,
        0,
        "Michael Kleber",
    ),
    Record(
        "Collins",
        2006,
        ("A-QK------Q----KA-----J---", "-JAK----A--Q----J---QJ--K-"),
        "finished",
        6913,
        960,
        0,
        "Truman Collins",
    ),
    Record(
        "Mann and Wu",
        2007,
        ("K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--"),
        "finished",
        7157,
        1007,
        1,
        "Richard P. Mann and Nicolas Wu",
    ),
    Record(
        "Nessler",
        2012,
        ("----Q------A--K--A-A--QJK-", "-Q--J--J---QK---K----JA---"),
        "finished",
        7207,
        1015,
        1,
        "Reed Nessler",
    ),
    Record(
        "Nessler (May)",
        2012,
        ("-J-------Q------A--A--QKK-", "-A-Q--J--J---Q--AJ-K---K--"),
        "finished",
        7224,
        1016,
        1,
        "Reed Nessler",
    ),
    Record(
        "Anderson",
        2013,
        ("--A-Q--J--J---Q--AJ-K---K-", "-J-------Q------A--A--QKK-"),
        "finished",
        7225,
        1016,
        0,
        "Philip M. Anderson",
    ),
    Record(
        "Rucklidge",
        2014,
        ("-J------Q------AAA-----QQ-", "K----JA-----------KQ-K-JJK"),
        "finished",
        7959,
        1122,
        1,
        "William Rucklidge",
    ),
    Record(
        "Nessler",
        2021,
        ("----K---A--Q-A--JJA------J", "-----KK---------A-JK-Q-Q-Q"),
        "finished",
        7972,
        1106,
        0,
        "Reed Nessler",
    ),
    Record(
        "Nessler",
        2022,
        ("---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---"),
        "finished",
        8344,
        1164,
        1,
        "Reed Nessler: the longest known finite game",
    ),
    Record(
        "Casella",
        2024,
        ("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA"),
        "loop",
        474,
        66,
        None,
        "Brayden Casella: the first non-terminating deal (arXiv:2403.13855); cards and tricks "
        "at the first repeated trick-boundary state, then a 62-trick cycle forever",
    ),
)


def hand_codes(hand: str) -> list[int]:
    """Codes of a record hand in `AKQJ-` notation."""
    return [CODE.get(ch, 0) for ch in hand]


def reference_play(hands: Sequence[str], rules: Any = None) -> tuple[str, int, int, int | None]:
    """Play a deal with the reference engine (`BeggarState`): (status, cards, tricks, winner)."""
    from parlour.games.beggar.game import GAME

    state = GAME.new_state(len(hands), deal={"hands": list(hands)}, rules=rules)
    while not state.results and not state.is_over:
        state.apply(state.legal_actions()[0])
    if not state.results:  # the turn cap ended it
        return "capped", state.cards, state.tricks, None
    first = state.results[0]
    return first.status, first.cards, first.tricks, first.winner


@dataclass
class RecordCheck:
    record: Record
    engine: tuple[str, int, int, int | None]
    kernel: tuple[str, int, int, int | None]

    @property
    def published(self) -> tuple[str, int, int, int | None]:
        r = self.record
        return r.status, r.cards, r.tricks, r.winner

    @property
    def ok(self) -> bool:
        return self.engine == self.published and self.kernel == self.published

    def __str__(self) -> str:
        return f"published {self.published}, engine {self.engine}, kernel {self.kernel}"


def check_record(record: Record) -> RecordCheck:
    """Play a record deal with the reference engine and with the kernel."""
    from parlour.games.beggar import kernel

    engine = reference_play(record.hands)
    row = kernel.play_deals([[hand_codes(h) for h in record.hands]]).row(0)
    status = kernel.STATUS_NAMES[row[0]]
    kernel_result = (status, row[1], row[2], None if row[3] < 0 else row[3])
    return RecordCheck(record, engine, kernel_result)
