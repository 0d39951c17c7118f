// Every page of a known player keeps the lobby socket open, and shows whether it is connected.
import { openSocket } from "./socket.js";

const indicator = document.querySelector("[data-presence]");
if (indicator) {
  openSocket("/ws/lobby/", {
    onStatus(status) {
      indicator.dataset.presence = status;
      indicator.title = indicator.dataset[status === "online" ? "labelOnline" : "labelOffline"];
    },
  });
}
