// Reactions (issue 36): a few emotes a seated player sends to the room, shown at once to everyone in it as a
// short-lived bubble with the sender's name, over every game's board alike. The emotes wait behind one round
// button in the room's header and open over the page when asked for: a row of its own would push a phone's
// board and keyboard off the screen (tests/e2e/test_one_screen.py). They travel on the room's socket
// ({"type": "react", "emote": name} out, {"type": "reaction", ...} in: chat/reactions.py); room.js hands
// this module the frames, no board sees them. Nothing is stored.

import { h, t } from "./games/kit.js";

// The server's chat/reactions.py EMOTES: names on the wire, these shown.
export const EMOTES = [["thumbs", "👍"], ["clap", "👏"], ["wow", "😮"], ["phew", "😅"], ["fire", "🔥"], ["gg", "GG"]];
const BUBBLE_MS = 3500;

export function mountReactions(roomElement, send) {
  const shown = new Map(EMOTES);
  const bubbles = h("div", { class: "reaction-bubbles", "aria-live": "polite", "data-testid": "reaction-bubbles" });
  const toggle = h("button", { type: "button", class: "reaction-toggle", hidden: true, "aria-expanded": "false",
    "aria-controls": "reaction-bar", title: t("Reactions"), "aria-label": t("Reactions"), "data-testid": "react-open",
    text: "😊" });
  const bar = h("div", { class: "reaction-bar", id: "reaction-bar", role: "group", "aria-label": t("Reactions"),
    hidden: true, "data-testid": "reaction-bar" });
  const setOpen = (open) => {
    bar.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => setOpen(bar.hidden));
  for (const [name, emote] of EMOTES) {
    const button = h("button", { type: "button", class: "reaction-button", "data-testid": `react-${name}`,
      title: t("React"), "aria-label": `${t("React")} ${emote}`, text: emote });
    button.addEventListener("click", () => {
      send({ type: "react", emote: name });
      setOpen(false);
    });
    bar.append(button);
  }
  const note = h("p", { class: "reaction-note", role: "status", hidden: true, "data-testid": "reaction-note" });
  const tools = roomElement.querySelector(".room-head-tools");
  const holder = h("span", { class: "reaction-holder" }, [toggle, bar]);
  if (tools) tools.prepend(holder);
  else roomElement.prepend(holder);
  document.body.append(bubbles, note);

  return {
    room(room) {
      // Only a seated person reacts (chat/reactions.py): the bar is theirs alone.
      toggle.hidden = !(room.you && room.you.seat != null);
      if (toggle.hidden) setOpen(false);
    },
    reaction(frame) {
      const emote = shown.get(frame.emote);
      if (!emote) return;
      const bubble = h("div", { class: `reaction-bubble seat-${frame.seat}`, "data-testid": "reaction-bubble" }, [
        h("span", { class: "reaction-emote", text: emote }),
        h("span", { class: "reaction-who", text: String(frame.nickname || "") }),
      ]);
      bubbles.append(bubble);
      setTimeout(() => bubble.remove(), BUBBLE_MS);
    },
    refused(frame) {
      note.textContent = frame.message || "";
      note.hidden = false;
      setTimeout(() => { note.hidden = true; }, BUBBLE_MS);
    },
  };
}
