// Every page of a known player keeps the lobby socket open, and shows whether it is connected.
import { openSocket } from "./socket.js";

const indicator = document.querySelector("[data-presence]");
if (indicator) {
  openSocket("/ws/lobby/", {
    onFrame(frame) {
      // The lobby queue paired this player while they waited: go to the table.
      if (frame.type === "matched" && typeof frame.url === "string" && frame.url.startsWith("/r/")) {
        window.location.assign(frame.url);
      }
    },
    onStatus(status) {
      indicator.dataset.presence = status;
      indicator.title = indicator.dataset[status === "online" ? "labelOnline" : "labelOffline"];
    },
  });
}
