"""The `turn` a recorded match frame carries (docs/protocol.md): what the viewer's next act frame must
name. The server's tokens are its own business; the harness only needs one that changes with every
version, and none for a spectator, so a test can tell that a board echoed the latest one."""

from __future__ import annotations


def turn_token(match_id: int, version: int, viewer: int | None) -> str | None:
    return None if viewer is None else f"{match_id}:{version}"
