// Reactions (issue 36): a few emotes a seated player sends to the room, shown at once to everyone in it as a
// short-lived bubble with the sender's name, over every game's board alike. They travel on the room's socket
// ({"type": "react", "emote": name} out, {"type": "reaction", ...} in: chat/reactions.py); room.js hands
// this module the frames, no board sees them. Nothing is stored.

import { h, t } from "./games/kit.js";

// The server's chat/reactions.py EMOTES: names on the wire, these shown.
export const EMOTES = [["thumbs", "👍"], ["clap", "👏"], ["wow", "😮"], ["phew", "😅"], ["fire", "🔥"], ["gg", "GG"]];
const BUBBLE_MS = 3500;

export function mountReactions(roomElement, send) {
  const shown = new Map(EMOTES);
  const bubbles = h("div", { class: "reaction-bubbles", "aria-live": "polite", "data-testid": "reaction-bubbles" });
  const bar = h("div", { class: "reaction-bar", role: "group", "aria-label": t("Reactions"), hidden: true,
    "data-testid": "reaction-bar" });
  for (const [name, emote] of EMOTES) {
    const button = h("button", { type: "button", class: "reaction-button", "data-testid": `react-${name}`,
      title: t("React"), "aria-label": `${t("React")} ${emote}`, text: emote });
    button.addEventListener("click", () => send({ type: "react", emote: name }));
    bar.append(button);
  }
  const note = h("p", { class: "reaction-note", hidden: true, "data-testid": "reaction-note" });
  const head = roomElement.querySelector(".room-head") || roomElement;
  head.after(bar);
  bar.after(note);
  document.body.append(bubbles);

  return {
    room(room) {
      // Only a seated person reacts (chat/reactions.py): the bar is theirs alone.
      bar.hidden = !(room.you && room.you.seat != null);
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
