"""Golden cases: the public Camicia problem set (Exercism problem-specifications, MIT licence,
`exercises/camicia/canonical-data.json`), two-player deals of any cards in rank notation.

These deals are not a standard deck (five aces in a hand, 40 number cards, 361-card games), so they
check that explicit deals accept any cards and that penalty cards act by rank alone. Each case is
played by the reference engine, the pure-Python fast path and, where it fits in 54 cards, the
kernel.
"""

from __future__ import annotations

import pytest

from parlour.games.beggar import kernel
from parlour.games.beggar.cards import code
from parlour.games.beggar.fast import play_codes
from parlour.games.beggar.game import normalise_deal
from parlour.games.beggar.records import reference_play

# (description, player A, player B, status, cards, tricks), as published.
CASES = [
    ("two cards, one trick", "2", "3", "finished", 2, 1),
    ("three cards, one trick", "24", "3", "finished", 3, 1),
    ("the ace reigns supreme", "2A", "34567", "finished", 7, 1),
    ("the king beats ace", "2A", "3456K", "finished", 7, 1),
    ("the queen seduces the king", "2A78Q", "3456K", "finished", 10, 1),
    ("the jack betrays the queen", "2A78Q", "3456K9J", "finished", 12, 1),
    ("the 10 just wants to put on a show", "2A78Q10", "3456K9J", "finished", 13, 1),
    (
        "the story is starting to get a bit complicated",
        "266J4KQ10KJQ23K56QQAA69KA8K2A9AQ4KKK35K8Q3Q7JKJ9J33KKQAK710AQ710J45J910QJJK610J6QJ5JQQ838"
        "A269K7JKK8KQ610J10JQJ1038KA69K2AA10J6A4JAJJ62J3K259J96KA5QJ2QKA3KJK256QJQQJ2J9Q77AQ7QJKJ"
        "A778Q10J10JJ92A2",
        "7210K82J9A56JQ6K65A4Q7J7102Q822KJA55A4Q6QK108Q210JAQ8QQJJAA910JK4Q1010JK102J7AKKJAJ108KA7"
        "QQJ3Q4A3AQQQ54KJ10AQJ6JA10A583K59Q877J7QQQA789AQAK8AAJ848KJA10Q8J8610QJJAAJ5Q6JKQ8K4QQ6J"
        "K47JJ99AQQKA65K",
        "finished",
        361,
        1,
    ),
    ("two tricks", "J", "3J", "finished", 5, 2),
    ("more tricks", "J24", "3JA", "finished", 12, 4),
    ("simple loop with decks of 3 cards", "J23", "4J5", "loop", 8, 3),
    ("simple loop with decks of 4 cards", "23J6", "K5J7", "loop", 16, 4),
    (
        "easy card combination",
        "487541039731010682854596528109",
        "6947223673AAAAKKKKQQQQJJJJ",
        "finished",
        40,
        4,
    ),
    (
        "mirrored decks",
        "2A3A3K4K2Q2Q10J5J610291073969",
        "6A4A7K4K7Q7Q5J8J45891068385",
        "finished",
        59,
        4,
    ),
    (
        "opposite decks",
        "4A9A4K9K6Q8Q8J10J9846365243",
        "10732927875J7J10Q10Q3K5K6A2A5",
        "finished",
        151,
        21,
    ),
    (
        "random decks #1",
        "K1098J8697AK544J5J435867749",
        "63KAQ10A2Q8210102Q3K97A3Q5J26",
        "finished",
        542,
        76,
    ),
    (
        "Casella 2024, first infinite game found",
        "284K523Q6KQAJ35983AAJ44J75",
        "7786101061072Q6324KQ10J59899KA",
        "loop",
        474,
        66,
    ),
]
IDS = [case[0] for case in CASES]


@pytest.mark.parametrize(("name", "a", "b", "status", "cards", "tricks"), CASES, ids=IDS)
def test_the_reference_engine_gives_the_published_result(name, a, b, status, cards, tricks):
    assert reference_play([a, b])[:3] == (status, cards, tricks)


@pytest.mark.parametrize(("name", "a", "b", "status", "cards", "tricks"), CASES, ids=IDS)
def test_the_fast_path_and_kernel_give_the_published_result(name, a, b, status, cards, tricks):
    hands = [[code(c) for c in hand] for hand in normalise_deal([a, b])["hands"]]
    expected = (0 if status == "finished" else 1, cards, tricks)
    assert play_codes(hands)[:3] == expected
    if sum(len(h) for h in hands) <= 54:
        assert kernel.play_deals([hands]).row(0)[:3] == expected


def test_twenty_six_number_cards_each_are_a_deal() -> None:
    # 52 number cards: nobody ever pays; A runs out first and B takes the pile once.
    assert reference_play(["-" * 26, "-" * 26]) == ("finished", 52, 1, 1)
    assert play_codes([[0] * 26, [0] * 26]) == (0, 52, 1, 1)
