"""The balancer's configuration as HAProxy reads it (`haproxy -c`), and what it promises: a health check on
/healthz per daphne, WebSocket-long tunnels, leastconn, the runtime API at level admin."""

from __future__ import annotations

from pathlib import Path

import pytest

from cluster import haproxy
from cluster.topology import Layout


def test_the_generated_configuration_is_valid_for_haproxy(tmp_path: Path) -> None:
    layout = Layout(nodes=3, daphnes=2)
    path = tmp_path / "haproxy.cfg"
    path.write_text(haproxy.config(layout, tmp_path / "haproxy.sock"))
    haproxy.check(path)  # raises with HAProxy's complaint
    text = path.read_text()
    servers = [line.split()[1:3] for line in text.splitlines() if line.strip().startswith("server ")]
    assert servers == [[f"node{n}-{port}", f"10.77.0.{10 + n}:{port}"] for n in (1, 2, 3) for port in (8001, 8002)]
    assert "balance leastconn" in text and "timeout tunnel 1h" in text
    assert "http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host 10.77.0.2" in text
    assert f"stats socket {tmp_path / 'haproxy.sock'} mode 600 level admin" in text


def test_a_broken_configuration_is_refused_with_haproxys_words(tmp_path: Path) -> None:
    path = tmp_path / "haproxy.cfg"
    path.write_text(haproxy.config(Layout(), tmp_path / "s.sock").replace("balance leastconn", "balance sideways"))
    with pytest.raises(RuntimeError, match="balance only supports"):
        haproxy.check(path)


def test_a_layout_names_its_hosts_within_its_subnet() -> None:
    layout = Layout(nodes=2, prefix="dgt", subnet="10.78.0")
    assert [host.address for host in layout.hosts()] == [
        "10.78.0.2",
        "10.78.0.3",
        "10.78.0.4",
        "10.78.0.5",
        "10.78.0.6",
        "10.78.0.7",
        "10.78.0.8",
        "10.78.0.11",
        "10.78.0.12",
    ]
    assert max(len(host.namespace) for host in Layout(prefix="abcde").hosts()) <= 15  # an interface's name
    with pytest.raises(ValueError):
        Layout(nodes=4)
    with pytest.raises(ValueError):
        Layout(subnet="10.77")
