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

// A page's translations without Django: `catalogue` maps an English text (the msgid) to its translation
// (a string, or [singular, plural] for an ngettext text), as the /jsi18n/ catalogue would. Without one
// the boards show their English source.
function installCatalogue(catalogue) {
  const plural = (n) => (n === 1 ? 0 : 1);
  window.django = {
    gettext: (msgid) => (typeof catalogue[msgid] === "string" ? catalogue[msgid] : msgid),
    ngettext(singular, pluralText, n) {
      const found = catalogue[singular];
      if (Array.isArray(found)) return found[plural(n)];
      return n === 1 ? singular : pluralText;
    },
  };
}

window.harness = {
  async start(strings) {
    if (strings && Object.keys(strings).length) installCatalogue(strings);
    const room = startRoom(document.querySelector("[data-room]"), { connect: fakeConnect });
    window.board = await room.ready;
  },
  feed(frame) { push(frame); },
  status(name, detail) { report(name, detail || {}); },
};
