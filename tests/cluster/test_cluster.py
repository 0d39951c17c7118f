"""The cluster on one machine (cluster/), for real: namespaces, HAProxy, Redis with Sentinel, PostgreSQL, two
nodes of the site. A page and a socket reach both nodes through the balancer; a node killed is marked down by
HAProxy and the other answers; down leaves nothing behind. Its own prefix and subnet, so that a `make cluster`
running beside it is not touched. About 90 s."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import httpx
import websockets

from cluster import haproxy, network, processes
from cluster.core import Cluster, wait_for


def guest_session(base: str) -> str:
    """A guest made as a newcomer makes one: the nickname form, through the balancer."""
    with httpx.Client(base_url=base, timeout=20) as client:
        page = client.get("/guest/")
        assert page.status_code == 200
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
        csrf = re.search(r"csrftoken=([^;]+)", page.headers["set-cookie"]).group(1)
        # The cookies are Secure (production settings) and the rehearsal speaks plain HTTP: sent by hand.
        answer = client.post(
            "/guest/",
            data={"nickname": "Clusterina", "csrfmiddlewaretoken": token},
            headers={"Cookie": f"csrftoken={csrf}"},
        )
        assert answer.status_code == 302, answer.text[:500]
        return re.search(r"sessionid=([^;]+)", answer.headers["set-cookie"]).group(1)


async def lobby_socket(base: str, session: str):
    socket = await websockets.connect(
        base.replace("http://", "ws://") + "/ws/lobby/",
        origin=base,
        additional_headers={"Cookie": f"sessionid={session}"},
        open_timeout=20,
    )
    hello = json.loads(await asyncio.wait_for(socket.recv(), 20))
    assert hello["type"] == "hello"
    return socket


def started_at(pid: int) -> str | None:
    """A live process's start time (/proc/<pid>/stat, field 22): with its pid, who it is (pids are reused). None
    for a zombie: it is dead and holds nothing, only its exit status, which waits for its parent; a killed node's
    processes are orphans whose new parent is the machine's pid 1, and CI's pid 1 may never read it."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] in ("Z", "X") else fields[19]


def open_by_server(cluster: Cluster) -> dict[str, int]:
    return {server.name: server.sessions for server in cluster.servers()}


def test_two_nodes_behind_haproxy_one_killed_and_nothing_left_after(tmp_path: Path) -> None:
    cluster = Cluster(tmp_path / "cluster", nodes=2, pool="django", prefix="dgt", subnet="10.78.0", say=print)
    base = cluster.balancer_url
    pids: dict[int, str | None] = {}
    try:
        cluster.up()
        haproxy.check(cluster.run_dir / "haproxy.cfg")
        assert [s.status for s in cluster.servers()] == ["UP", "UP"]
        assert httpx.get(f"{base}/healthz", timeout=10).json() == {"ok": True}
        home = httpx.get(f"{base}/", timeout=20)
        assert home.status_code == 200 and "<html" in home.text.lower()

        async def play() -> None:
            session = guest_session(base)
            # Node 2 drained through HAProxy's runtime API (kept running): new sockets all go to node 1.
            drained = cluster.drain_node(2, stop=False, timeout=2)
            assert drained["servers"] == ["node2-8001"] and drained["left"] == 0
            assert [s.status for s in cluster.node_servers(2)] == ["DRAIN"]
            on_one = [await lobby_socket(base, session) for _ in range(2)]
            assert open_by_server(cluster) == {"node1-8001": 2, "node2-8001": 0}
            for socket in on_one:
                await socket.close()
            cluster.start_node(2)  # back in rotation
            wait_for(lambda: open_by_server(cluster) == {"node1-8001": 0, "node2-8001": 0}, 10, "sockets closed")

            # Two sockets held open: leastconn gives the second to the node without one.
            first = await lobby_socket(base, session)
            second = await lobby_socket(base, session)
            assert open_by_server(cluster) == {"node1-8001": 1, "node2-8001": 1}

            served_before = {s.name: s.total for s in cluster.servers()}
            pids.update(
                {pid: started_at(pid) for host in cluster.layout.hosts() for pid in network.pids(host.namespace)}
            )
            cluster.kill_node(1)
            assert processes.running(cluster.layout.node(1)) == []
            # The socket that was on node 1 is cut; the one on node 2 still answers.
            closed = []
            for socket in (first, second):
                try:
                    await socket.send(json.dumps({"type": "ping"}))
                    answer = json.loads(await asyncio.wait_for(socket.recv(), 10))
                    assert answer["type"] in ("pong", "lobby_changed", "hello")
                except websockets.ConnectionClosed:
                    closed.append(socket)
            assert len(closed) == 1
            # Requests keep being answered while HAProxy finds out (retries go to node 2), and after it.
            answers = [httpx.get(f"{base}/healthz", timeout=10).status_code for _ in range(5)]
            cluster.wait_node(1, up=False, timeout=15)
            answers += [httpx.get(f"{base}/healthz", timeout=10).status_code for _ in range(10)]
            assert answers == [200] * 15
            served = {s.name: s.total for s in cluster.servers()}
            assert served["node2-8001"] - served_before["node2-8001"] >= 15
            # A socket opened now (a player reconnecting) lands on node 2.
            again = await lobby_socket(base, session)
            assert open_by_server(cluster)["node2-8001"] == 2
            for socket in (second, again):
                await socket.close()

        asyncio.run(play())
        status = cluster.status()
        assert status["haproxy"]["node1-8001"]["status"] == "DOWN"
        assert status["primary"] == cluster.layout.redis[0].address
    finally:
        postgres = cluster.postgres_folder
        pids.update({pid: started_at(pid) for host in cluster.layout.hosts() for pid in network.pids(host.namespace)})
        cluster.down()
    assert network.leftovers("dgt") == []
    alive = [pid for pid, started in pids.items() if started is not None and started_at(pid) == started]
    assert alive == [], f"processes left: {[processes.label(pid) or processes.command_name(pid) for pid in alive]}"
    assert postgres is not None and not postgres.exists()
    assert (cluster.logs / "node2" / "daphne-8001.log").exists()
