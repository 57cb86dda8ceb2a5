from parlour.core.events import Event, SeatFeed, filter_events, private_pair


def test_private_pair_shows_the_secret_to_its_seat_only() -> None:
    secret, public = private_pair("draw", 1, {"seat": 1, "card": "x"}, {"seat": 1})
    assert secret.visible_to(1) and not secret.visible_to(0) and not secret.visible_to(None)
    assert public.visible_to(0) and not public.visible_to(1)
    # A spectator sees neither half: the redacted twin is hidden from a seat, so not public.
    assert not public.visible_to(None)
    log = [Event("start"), secret, public]
    assert [e.type for e in filter_events(log, None)] == ["start"]
    assert [e.data for e in filter_events(log, 1)] == [{}, {"seat": 1, "card": "x"}]


def test_seat_feed_reads_only_what_is_new() -> None:
    log = [Event("a"), Event("b", audience=frozenset({2}))]
    feed = SeatFeed(0)
    assert [e.type for e in feed.update(log)] == ["a"]
    log.append(Event("c"))
    assert [e.type for e in feed.update(log)] == ["c"]
    assert [e.type for e in feed.events] == ["a", "c"]
