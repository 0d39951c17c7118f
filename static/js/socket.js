// One websocket client for every page: connects, watches the connection with a heartbeat, reconnects
// with back-off, and dispatches frames.
//
//   const socket = openSocket(path, {onFrame(frame), onStatus(status, detail)});
//   socket.send(frame); socket.close(); socket.status();
//
// Statuses: "connecting" (the first attempt), "online", "reconnecting" (lost: retrying by itself), and
// "closed" (the server closed it for a reason that will not change: detail.code says which; no retry).
//
// A socket can be half-open (the server or the network died without closing it): nothing arrives and
// nothing says so. While open, a ping goes out every PING_MS (the servers answer pong, and they refresh
// presence with it); if nothing at all arrives within PONG_MS after a ping, the page says so at once
// ("reconnecting": at most PING_MS + PONG_MS after the last frame heard) but keeps the socket for a
// while: a busy server answers late, and closing on every late pong turned a loaded server into a storm
// of reconnects (the soak, docs/performance.md). A frame that arrives in time resumes the socket
// (status "online" with detail.resumed: nothing was missed on the wire, but the page asks for a fresh
// snapshot); SILENT_MS without any frame gives it up and reconnects.

export const PING_MS = 2000;
export const PONG_MS = 900;
export const SILENT_MS = 10000;
// A handshake that takes longer than this is given up and retried (a stopped server accepts TCP).
export const CONNECT_MS = 4000;
const MAX_BACKOFF_MS = 8000;
// Closed by the server for a reason that retrying will not change: 4401 no player, 4404 no such room,
// 4408 too many sockets for this player, 4429 flooding.
export const FINAL_CODES = new Set([4401, 4404, 4408, 4429]);
// "Going away: reconnect now": the server's node is drained for a deploy (manage.py drain_sockets) and the load
// balancer sends the new socket to another node. Retried at once, without the back-off: nothing is wrong.
export const DRAINED = 4001;

export function openSocket(path, { onFrame = () => {}, onStatus = () => {}, pingMs = PING_MS, pongMs = PONG_MS,
  connectMs = CONNECT_MS, silentMs = SILENT_MS } = {}) {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${window.location.host}${path}`;
  let socket = null; // the one live attempt; events of any older one are ignored
  let status = null;
  let attempt = 0;
  let stopped = false;
  let heardAt = 0;
  let connectTimer = null;
  let pingTimer = null;
  let pongTimer = null;
  let silentTimer = null;
  let stalled = false; // the open socket missed a pong: shown as reconnecting, kept until SILENT_MS
  let retryTimer = null;

  function setStatus(next, detail = {}) {
    if (next === status) return;
    status = next;
    onStatus(next, detail);
  }

  function clearTimers() {
    clearTimeout(connectTimer);
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    clearTimeout(silentTimer);
    stalled = false;
  }

  function connect() {
    clearTimeout(retryTimer);
    retryTimer = null;
    if (stopped) return;
    if (status === null) setStatus("connecting");
    const ws = new WebSocket(url);
    socket = ws;
    connectTimer = setTimeout(() => lose(ws), connectMs);
    ws.addEventListener("open", () => {
      if (socket !== ws) return;
      clearTimers();
      attempt = 0;
      heardAt = performance.now();
      setStatus("online");
      pingTimer = setInterval(() => ping(ws), pingMs);
    });
    ws.addEventListener("message", (event) => {
      if (socket !== ws) return;
      heardAt = performance.now();
      if (stalled) {
        stalled = false;
        clearTimeout(silentTimer);
        setStatus("online", { resumed: true });
      }
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (frame && frame.type !== "pong") onFrame(frame);
    });
    ws.addEventListener("close", (event) => {
      if (socket !== ws) return;
      if (FINAL_CODES.has(event.code)) finish(event.code);
      else lose(ws, { now: event.code === DRAINED });
    });
  }

  function ping(ws) {
    if (socket !== ws || ws.readyState !== WebSocket.OPEN) return;
    const sentAt = performance.now();
    ws.send(JSON.stringify({ type: "ping" }));
    clearTimeout(pongTimer);
    pongTimer = setTimeout(() => {
      if (heardAt < sentAt) stall(ws); // not even the pong: half-open, or a server far behind
    }, pongMs);
  }

  function stall(ws) {
    if (socket !== ws || stalled) return;
    stalled = true;
    setStatus("reconnecting");
    silentTimer = setTimeout(() => lose(ws), Math.max(0, silentMs - (performance.now() - heardAt)));
  }

  // The attempt `ws` is over (closed, silent, or never opened): show it and try again after a while (at once
  // when its node was drained). A half-open socket's close handshake may never finish, so nothing waits for its
  // close event.
  function lose(ws, { now = false } = {}) {
    if (socket !== ws || stopped) return;
    socket = null;
    clearTimers();
    try {
      ws.close();
    } catch {
      // already closing
    }
    setStatus("reconnecting", { reconnect: true });
    if (now) attempt = 0;
    const delay = now ? 0 : Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    retryTimer = setTimeout(connect, delay);
  }

  function finish(code) {
    stopped = true;
    socket = null;
    clearTimers();
    clearTimeout(retryTimer);
    setStatus("closed", { code });
  }

  // The browser knows better than the heartbeat at times: the network went away, or came back, or the
  // page was in the background (timers slowed down) and is looked at again.
  window.addEventListener("offline", () => { if (socket) lose(socket); });
  const soon = () => {
    if (!stopped && retryTimer !== null) {
      attempt = 0;
      connect();
    }
  };
  window.addEventListener("online", soon);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") soon(); });

  connect();
  return {
    send(frame) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
    },
    close() {
      stopped = true;
      clearTimers();
      clearTimeout(retryTimer);
      if (socket) socket.close();
      socket = null;
    },
    status: () => status,
  };
}
