// Every page of a known player keeps the lobby socket open, and shows whether it is connected.
// Pages that show live lobby parts (static/js/live.js) hear every frame as a "lobby-frame" event on
// document, and its status changes as "lobby-status" events (the notification bell, bell.js); a page with
// [data-live-watch="topic"] asks for that topic's frames on every (re)connect.
import { openSocket } from "./socket.js";

const indicator = document.querySelector("[data-presence]");
if (indicator) {
  const topic = document.querySelector("[data-live-watch]")?.dataset.liveWatch;
  const socket = openSocket("/ws/lobby/", {
    onFrame(frame) {
      // The lobby paired this player while they waited (a queue, a group's start): go to the table.
      if (frame.type === "matched" && typeof frame.url === "string" && frame.url.startsWith("/r/")) {
        // Already at that table (a quick match launching in the room one waits in): the room socket shows it.
        if (frame.url !== window.location.pathname) window.location.assign(frame.url);
        return;
      }
      document.dispatchEvent(new CustomEvent("lobby-frame", { detail: frame }));
    },
    onStatus(status) {
      document.dispatchEvent(new CustomEvent("lobby-status", { detail: status }));
      indicator.dataset.presence = status;
      indicator.title = indicator.dataset[status === "online" ? "labelOnline" : "labelOffline"];
      if (status === "online" && topic) socket.send({ type: "watch", topic });
    },
  });
}
