"""The site's VAPID keys (RFC 8292): the push services know a message comes from this site by its signature.

`python -m notifications.vapid` prints a new pair as the environment takes it (docs/deployment.md).
"""

from __future__ import annotations

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid
from py_vapid.utils import b64urlencode


def new_key_pair() -> tuple[str, str]:
    """(public, private), base64url: the public key's uncompressed point and the private key's raw 32 bytes."""
    vapid = Vapid()
    vapid.generate_keys()
    private = vapid.private_key.private_numbers().private_value.to_bytes(32, "big")
    public = vapid.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return b64urlencode(public), b64urlencode(private)


if __name__ == "__main__":
    public, private = new_key_pair()
    print(f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}")
