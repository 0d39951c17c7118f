// The room's keyboard shortcuts help: a "⌨" button next to the room's "?" (or, on a page without it, the
// board harness, at the top of the room) and the "?" key open a small dialog that lists the keys of the game
// on the table; Escape or its button closes it and the focus goes back where it was, so the player never
// leaves the game. The button shows only where there is a physical keyboard to speak of: a mouse or a
// trackpad (`(hover: hover) and (pointer: fine)`, room.css); on a touch-only phone it would be clutter.
//
// Each board's module says what its keys do (`shortcuts` in static/js/games/<slug>.js: [keys, what they do],
// each key shown as a <kbd>, keys side by side meaning any of them), beside the code that handles them: a
// board that changes its keys changes its list there.
import { h, t } from "./games/kit.js";

// The keys' names as the page's language prints them on a keyboard (a Spanish one says "Intro", "Retroceso"):
// the boards list them by their English names.
const KEY_NAMES = {
  Enter: () => t("Enter"),
  Backspace: () => t("Backspace"),
  Esc: () => t("Esc"),
  Tab: () => t("Tab"),
};
const keyName = (key) => (KEY_NAMES[key] ? KEY_NAMES[key]() : key);

const isTyping = (target) => Boolean(target && target.closest && target.closest("input, textarea, select, [contenteditable]"));

/** Adds the help to the room `room` (a [data-room] element) if its game's board lists its keys; resolves to the
 * dialog, or null. */
export async function mountShortcuts(room) {
  const slug = room.dataset.game;
  const board = /^[a-z]+$/.test(slug || "") ? await import(`./games/${slug}.js`).catch(() => null) : null;
  const list = board && board.shortcuts;
  if (!list) return null;
  const title = h("h2", { id: "keys-dialog-title", text: t("Keyboard shortcuts") });
  const close = h("button", { type: "submit", class: "button small secondary", "data-testid": "keys-close",
    text: t("Back to the game") });
  const rows = [...list(), [["?"], t("Open this help")], [["Esc"], t("Close this help")]];
  // The box inside fills the dialog, so a click whose target is the dialog itself fell on its backdrop.
  const dialog = h("dialog", { class: "keys-dialog", "aria-labelledby": "keys-dialog-title", "data-testid": "keys-dialog" }, [
    h("div", { class: "keys-dialog-box" }, [
      h("div", { class: "keys-dialog-head" }, [title, h("form", { method: "dialog" }, [close])]),
      h("dl", { class: "keys-list" }, rows.flatMap(([keys, text]) => [
        h("dt", {}, keys.map((key) => h("kbd", { text: keyName(key) }))),
        h("dd", { text }),
      ])),
    ]),
  ]);
  const open = h("button", { type: "button", class: "keys-open", "aria-haspopup": "dialog",
    "aria-label": t("Keyboard shortcuts"), title: t("Keyboard shortcuts"), "data-testid": "keys-open", text: "⌨" });
  const rules = room.querySelector("[data-rules-open]") || document.querySelector("[data-rules-open]");
  if (rules) rules.before(open);
  else room.prepend(open);
  document.body.append(dialog);

  let back = null; // where the focus was: it goes back there on closing
  function show() {
    if (dialog.open || typeof dialog.showModal !== "function") return;
    back = document.activeElement;
    dialog.showModal();
    close.focus();
  }
  open.addEventListener("click", show);
  dialog.addEventListener("close", () => {
    if (back && back.isConnected && typeof back.focus === "function") back.focus();
    back = null;
  });
  // A tap outside the dialog's box (on its backdrop) closes it.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  // Boards listen for keys on the document: while the help is open only the dialog gets them (as the rules
  // dialog does); "?" opens it from anywhere in the room but a text field (a Claves clue may want one).
  window.addEventListener("keydown", (event) => {
    if (dialog.open) {
      event.stopPropagation();
      return;
    }
    if (event.key !== "?" || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    if (document.querySelector("dialog[open]")) return; // the rules are open: one dialog at a time
    event.preventDefault();
    event.stopPropagation();
    show();
  }, true);
  window.addEventListener("keyup", (event) => { if (dialog.open) event.stopPropagation(); }, true);
  return dialog;
}

const room = document.querySelector("[data-room]");
if (room) mountShortcuts(room);
