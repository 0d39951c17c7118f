"""Where a form or a link may send a visitor back to: a path of this site, and nothing else.

`?next=` and `?from=` are chosen by whoever wrote the link. Django's `url_has_allowed_host_and_scheme` accepts
any relative reference, and `redirect("x")` then tried reverse("x") and answered 500 (issue 31: a link to
`/guest/?next=x` gave every player who clicked it a 500). Only an absolute path on this host is taken here."""

from __future__ import annotations

from django.utils.http import url_has_allowed_host_and_scheme


def local_path(request, candidate: str | None) -> str | None:
    """`candidate` if it is a path of this site ("/play/", "/r/ABC/?x=1"), else None (empty, a word, "//host",
    a URL, a backslash or a control character)."""
    if not candidate or not candidate.startswith("/") or candidate.startswith("//"):
        return None
    if "\\" in candidate or any(ord(ch) < 32 for ch in candidate):
        return None
    allowed = url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return candidate if allowed else None
