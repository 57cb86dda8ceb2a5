import pytest

from parlour.core.events import Event, SeatFeed, filter_events, private_pair


def test_private_pair_shows_the_secret_to_its_seat_only() -> None:
    secret, public = private_pair("draw", 1, {"seat": 1, "card": "x"}, {"seat": 1})
    assert secret.visible_to(1) and not secret.visible_to(0) and not secret.visible_to(None)
    assert public.visible_to(0) and not public.visible_to(1)
    # A spectator sees the redacted twin (someone drew), never the secret half.
    assert public.visible_to(None) and public.public and not secret.public
    log = [Event("start"), secret, public]
    assert [e.data for e in filter_events(log, None)] == [{}, {"seat": 1}]
    assert [e.data for e in filter_events(log, 1)] == [{}, {"seat": 1, "card": "x"}]


def test_seat_feed_reads_only_what_is_new() -> None:
    log = [Event("a"), Event("b", audience=frozenset({2}))]
    feed = SeatFeed(0)
    assert [e.type for e in feed.update(log)] == ["a"]
    log.append(Event("c"))
    assert [e.type for e in feed.update(log)] == ["c"]
    assert [e.type for e in feed.events] == ["a", "c"]


def test_a_feed_of_an_all_public_game_passes_every_event_through() -> None:
    log = [Event("a"), Event("b", {"x": 1})]
    feed = SeatFeed(1, all_public=True)
    assert feed.update(log) == log
    log.append(Event("c"))
    assert [e.type for e in feed.update(log)] == ["c"]
    assert [e.type for e in feed.events] == ["a", "b", "c"]


def test_an_event_cannot_be_changed_once_made() -> None:
    # Every seat's feed shares the log's events: a bot that could rewrite one would change
    # what the other seats, the narration and the records see.
    event = Event("draw", {"seat": 1}, audience=frozenset({1}))
    with pytest.raises(AttributeError):
        event.type = "bust"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        event.audience = None  # type: ignore[misc]
    with pytest.raises(AttributeError):
        event.extra = 1  # type: ignore[attr-defined]
    assert (event.type, event.audience) == ("draw", frozenset({1}))
    assert Event("x").data == {} and Event("x").hidden_from == frozenset()
