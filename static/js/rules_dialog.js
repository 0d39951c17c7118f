// The room's "?" (templates/games/rules_dialog.html): a link to the game's rules page, opened here as a
// modal <dialog> that holds the same text, so the player reads the rules without leaving the game. The
// dialog closes with its button (a method="dialog" form), Escape, or a tap on the backdrop. While it is
// open, keys go no further than it: a letter, Enter or Escape typed then never reaches the board behind (the
// keys' own default actions still happen: Tab moves the focus, Enter presses the button, Escape closes).
const link = document.querySelector("[data-rules-open]");
const dialog = link && document.getElementById(link.dataset.rulesOpen);

if (link && dialog && typeof dialog.showModal === "function") {
  link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!dialog.open) dialog.showModal();
    dialog.querySelector(".rules-dialog-body")?.scrollTo(0, 0);
  });
  // A tap outside the dialog's box (on its backdrop) closes it.
  dialog.addEventListener("click", (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
  // Boards listen for keys on the document: while the rules are open, only the dialog gets them.
  const keep = (event) => {
    if (dialog.open) event.stopPropagation();
  };
  window.addEventListener("keydown", keep, true);
  window.addEventListener("keyup", keep, true);
  dialog.addEventListener("close", () => link.focus());
}
