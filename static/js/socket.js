// One websocket client for every page: connects, reconnects with backoff, and dispatches frames.
// Games build on it: `openSocket(path, {onFrame})` returns {send(frame), close()}.

const MAX_BACKOFF_MS = 10000;

export function openSocket(path, { onFrame = () => {}, onStatus = () => {} } = {}) {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  let socket = null;
  let attempt = 0;
  let closedByUs = false;

  function connect() {
    socket = new WebSocket(`${scheme}://${window.location.host}${path}`);
    socket.addEventListener("open", () => {
      attempt = 0;
      onStatus("online");
    });
    socket.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      onFrame(frame);
    });
    socket.addEventListener("close", (event) => {
      onStatus("offline");
      // 4401: the server does not know this browser as a player; retrying will not change that.
      if (closedByUs || event.code === 4401) return;
      const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt) * (0.5 + Math.random() / 2);
      attempt += 1;
      setTimeout(connect, delay);
    });
  }

  connect();
  return {
    send(frame) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
    },
    close() {
      closedByUs = true;
      if (socket) socket.close();
    },
  };
}
