// Sharing a result (issue 33): the button every game's result card carries, under its own result.
//
// The text is the server's (/m/<id>/share.json, games/runtime/share.py): each game's summary for the seat of the
// player asking (a Wordle grid of colours, a score; never a word), in the page's language, ending with the replay's
// link. It is fetched once per match, as soon as the card shows, so that a tap shares at once: Safari lets a page
// share or copy only within the tap itself, not after a round trip.
//
// Where it goes: the Web Share API (the phone's share sheet) where the browser has it; else the clipboard; else
// (no clipboard, or it refused, as iOS may) a text box, selected, for the player to copy by hand.
//
// shareOut(shared, { say, field }) is the daily puzzles' too (static/js/daily/share.js).
//
// A board calls shareBox(matchId, you) in its result card and puts the element it returns there (null for a
// spectator); the same element comes back for the same match, so a card drawn again keeps it.
import { h, t } from "./games/kit.js";

const boxes = new Map(); // match id -> its share box

function selectAll(field) {
  field.hidden = false;
  field.focus();
  field.select();
  field.setSelectionRange(0, field.value.length);
  field.scrollTop = 0; // the game's name first, not the link
}

export async function shareOut(shared, { say, field }) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: shared.title, text: shared.text });
      say(t("Shared."));
      return "share";
    } catch (error) {
      if (error && error.name === "AbortError") return "cancelled"; // the player closed the sheet
    }
  }
  try {
    await navigator.clipboard.writeText(shared.text);
    say(t("Copied: paste it wherever you like."));
    return "clipboard";
  } catch {
    field.value = shared.text;
    selectAll(field);
    say(t("Select the text and copy it."));
    return "text";
  }
}

/** The share button of match `matchId` for the seat `you` (null: a spectator, who gets none). */
export function shareBox(matchId, you) {
  if (matchId === null || matchId === undefined || you === null || you === undefined) return null;
  if (boxes.has(matchId)) return boxes.get(matchId);
  const button = h("button", { type: "button", class: "button secondary share-button", "data-testid": "share",
    disabled: true, text: t("Share the result") });
  const status = h("p", { class: "share-status", role: "status", "data-testid": "share-status" });
  const field = h("textarea", { class: "share-text", readonly: true, rows: 7, hidden: true,
    "aria-label": t("Your result, to copy"), "data-testid": "share-text" });
  const box = h("div", { class: "share-box", "data-testid": "share-box", hidden: true }, [button, status, field]);
  boxes.set(matchId, box);
  let shared = null;
  const say = (text) => { status.textContent = text; };
  button.addEventListener("click", async () => {
    if (!shared) return;
    box.dataset.sharedBy = await shareOut(shared, { say, field });
  });
  fetch(`/m/${matchId}/share.json`, { headers: { Accept: "application/json" }, credentials: "same-origin" })
    .then((response) => (response.ok ? response.json() : null))
    .then((data) => {
      if (!data || !data.text) {
        box.remove();
        return;
      }
      shared = data;
      button.disabled = false;
      box.hidden = false;
    })
    .catch(() => {
      boxes.delete(matchId); // asked again the next time the card is drawn
      box.remove();
    });
  return box;
}
