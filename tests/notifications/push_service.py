"""A push service stand-in on loopback for the tests (issue 36: "a tiny local receiver that decrypts and checks the
payload"). It speaks the server's side of the Web Push protocol as a browser maker's service does: it takes a POST
to a subscription's endpoint (RFC 8030), checks the VAPID authorization (RFC 8292: a JWT signed with ES256 by the
key in `k=`, for this service's origin, with a subject), and decrypts the aes128gcm body (RFC 8291) with the
device's private key, which it made as a browser makes one when it subscribes (`device()`). It answers 201, or
what the test asked for a device (410: the subscription is gone).

Kept here, not in notifications/: it is the other side of the wire, which the site never runs.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Device:
    """One browser's subscription: what it gives the site (endpoint, p256dh, auth) and keeps (its private key)."""

    token: str
    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth_secret: bytes
    answer: int = 201
    received: list[dict[str, Any]] = field(default_factory=list)

    @property
    def p256dh(self) -> str:
        public = self.private_key.public_key()
        return b64(public.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    @property
    def auth(self) -> str:
        return b64(self.auth_secret)

    def subscription(self) -> dict[str, Any]:
        """As PushSubscription.toJSON() gives it in a browser."""
        return {"endpoint": self.endpoint, "expirationTime": None, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def vapid_problems(header: str, audience: str, public_key: str) -> list[str]:
    """What is wrong with a request's `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292), in words."""
    if not header.startswith("vapid "):
        return [f"not a vapid authorization: {header[:20]!r}"]
    params = dict(part.strip().split("=", 1) for part in header[len("vapid ") :].split(","))
    token, key = params.get("t", ""), params.get("k", "")
    problems = [] if key == public_key else ["k= is not the site's VAPID public key"]
    head, claims, signature = token.split(".")
    point = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        point.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except Exception:  # noqa: BLE001 - any failure is the finding
        problems.append("the JWT's signature does not verify")
    body = json.loads(unb64(claims))
    if json.loads(unb64(head)).get("alg") != "ES256":
        problems.append("alg is not ES256")
    if body.get("aud") != audience:
        problems.append(f"aud {body.get('aud')!r} is not {audience!r}")
    if not str(body.get("sub", "")).startswith(("mailto:", "https:")):
        problems.append("no sub")
    if not time.time() < body.get("exp", 0) <= time.time() + 24 * 3600:
        problems.append("exp not within 24 hours")
    return problems


class PushService:
    """`with PushService(vapid_public_key) as service:`; `service.device()` subscribes a browser."""

    def __init__(self, vapid_public_key: str) -> None:
        self.vapid_public_key = vapid_public_key
        self.devices: dict[str, Device] = {}
        self.problems: list[str] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                service.received(self)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> PushService:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()

    def device(self, answer: int = 201) -> Device:
        token = b64(os.urandom(12))
        device = Device(token, f"{self.origin}/push/{token}", ec.generate_private_key(ec.SECP256R1()), os.urandom(16))
        device.answer = answer
        self.devices[token] = device
        return device

    def received(self, request: BaseHTTPRequestHandler) -> None:
        body = request.rfile.read(int(request.headers.get("Content-Length", 0)))
        device = self.devices.get(request.path.removeprefix("/push/"))
        if device is None:
            request.send_response(404)
            request.end_headers()
            return
        problems = vapid_problems(request.headers.get("Authorization", ""), self.origin, self.vapid_public_key)
        if request.headers.get("Content-Encoding") != "aes128gcm":
            problems.append(f"Content-Encoding is {request.headers.get('Content-Encoding')!r}")
        if not request.headers.get("TTL"):
            problems.append("no TTL")
        try:
            plain = http_ece.decrypt(
                body, private_key=device.private_key, auth_secret=device.auth_secret, version="aes128gcm"
            )
            message = json.loads(plain)
        except Exception as error:  # noqa: BLE001 - any failure is the finding
            problems.append(f"the body does not decrypt: {error!r}")
            message = None
        self.problems += problems
        device.received.append({"message": message, "problems": problems, "body": body})
        request.send_response(device.answer)
        request.send_header("Content-Length", "0")
        request.end_headers()
