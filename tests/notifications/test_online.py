import time

from notifications import online


def test_a_player_heard_from_is_online_until_their_heartbeat_is_old(db):
    now = time.time()
    online.seen(7, now=now)
    online.seen(8, now=now - online.ONLINE_SECONDS - 1)
    assert online.online_ids([7, 8, 9], now=now) == {7}
    assert online.online_ids([7], now=now + online.ONLINE_SECONDS + 1) == set()


def test_a_clean_goodbye_is_away_at_once(db):
    online.seen(5)
    online.gone(5)
    assert online.online_ids([5]) == set()
