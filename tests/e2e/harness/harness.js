// What every board harness page runs (tests/e2e/harness/<game>.html): static/js/room.js started on the
// page's [data-room] with a fake socket that records what the board sends (window.sent) and lets the test
// push server frames (window.harness.feed) and connection statuses (window.harness.status, as socket.js
// reports them). Served by tests/e2e/harness/serve.py, never by Django.
import { startRoom } from "/static/js/room.js";

window.sent = [];
let push = null;
let report = null;

function fakeConnect(path, { onFrame, onStatus }) {
  window.socketPath = path;
  push = onFrame;
  report = onStatus;
  onStatus("online");
  return { send(frame) { window.sent.push(frame); }, close() {} };
}

window.harness = {
  async start(strings) {
    const room = startRoom(document.querySelector("[data-room]"), { connect: fakeConnect, strings: strings || {} });
    window.board = await room.ready;
  },
  feed(frame) { push(frame); },
  status(name, detail) { report(name, detail || {}); },
};
