"""What every socket of the site does with incoming frames before it looks at their meaning: parse them
strictly, and let nobody send faster than a person types. Shared by the room and the lobby sockets."""

from __future__ import annotations

import json
import time
from typing import Any

# A token bucket per socket: a person types a few frames a second at most.
BUCKET_SIZE, REFILL_PER_SECOND = 20, 5.0
# After being told to slow down this many times, with no pause of FORGIVE_SECONDS between, the socket is closed.
STRIKES_BEFORE_CLOSE = 20
FORGIVE_SECONDS = 1.0


def parse_frame(text_data: str | None, max_bytes: int) -> dict[str, Any] | None:
    """A JSON object with a string `type`, or None. Text that JSON allows but UTF-8 cannot carry (a lone
    surrogate such as "\\ud800") is refused here: echoed back or stored, it would fail deep inside."""
    if not text_data or len(text_data) > max_bytes:
        return None
    try:
        frame = json.loads(text_data)
        json.dumps(frame, ensure_ascii=False).encode("utf-8")
    except (json.JSONDecodeError, UnicodeEncodeError, RecursionError):
        return None
    return frame if isinstance(frame, dict) and isinstance(frame.get("type"), str) else None


class Bucket:
    """`take()` is False when the sender is over its rate; `flooding` once it kept on regardless.

    Frames that queued inside the server while the socket's handler waited (a read behind the process's
    database thread) reach the handler at once, and what is over the burst is refused; but a refusal that
    comes FORGIVE_SECONDS or more after the last one starts the count again, so only a client that keeps on
    sending too fast is closed, not one whose server was slow (the long soak of issue 16: 907 sockets closed
    4429 after they had waited, tests/games/test_flood_guard.py)."""

    def __init__(self, size: int = BUCKET_SIZE, per_second: float = REFILL_PER_SECOND) -> None:
        self.size, self.per_second = size, per_second
        self.tokens, self.refilled_at, self.strikes = float(size), time.monotonic(), 0
        self.struck_at = float("-inf")

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.size, self.tokens + (now - self.refilled_at) * self.per_second)
        self.refilled_at = now
        if self.tokens < 1:
            if now - self.struck_at >= FORGIVE_SECONDS:
                self.strikes = 0
            self.strikes, self.struck_at = self.strikes + 1, now
            return False
        self.tokens -= 1
        return True

    @property
    def flooding(self) -> bool:
        return self.strikes >= STRIKES_BEFORE_CLOSE
