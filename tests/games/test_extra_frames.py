"""The room socket's registration point for apps' frames (games.runtime.extra_frames)."""

import pytest

from games.runtime import extra_frames


def test_an_app_cannot_take_over_the_room_sockets_own_frames():
    for kind in ("act", "sync", "ping", "claim", "rematch"):
        with pytest.raises(ValueError):
            extra_frames.register(kind, lambda socket, frame: None)  # type: ignore[arg-type,return-value]
    assert extra_frames.handler_for("react") is not None  # chat's, registered when it loaded
    assert extra_frames.handler_for(["react"]) is None
